"""The catalogues follow each game's glossary (``docs/glossary/<game>.md``, from the printed
rulebooks): no word the glossary rules out stands in that game's words of that language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.i18n.catalogues import Entry, of_game

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "glossary"
#: a game's words: .po modules, web key prefixes, rules help folder
SCOPES = {
    "schotten-totten": (("clanboard.games.schotten_totten",), ("st.", "game.schotten-totten."),
                        "games/schotten_totten/"),
    "glen-more": (("clanboard.games.glen_more.",), ("gm.", "game.glen-more."),
                  "games/glen_more/"),
    "isle-of-skye": (("clanboard.games.isle_of_skye",), ("sk.", "game.isle-of-skye."),
                     "games/isle_of_skye/"),
    "glen-more-2": (("clanboard.games.glen_more_2",), ("gm2", "game.glen-more-2."),
                    "games/glen_more_2/"),
}


def glossary(game: str) -> dict[str, list[dict[str, str]]]:
    """The rows of a glossary by language: ``English``, ``term``, ``rulebook``, ``not``."""
    out: dict[str, list[dict[str, str]]] = {}
    lang = None
    header: list[str] = []
    for line in (GLOSSARY / f"{game}.md").read_text(encoding="utf-8").splitlines():
        if m := re.match(r"^## (\w+)\s*$", line):
            lang, header = m.group(1), []
            out[lang] = []
        elif lang and line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not header:
                header = cells
            elif not set(line) <= set("|- "):
                out[lang].append(dict(zip(header, cells, strict=True)))
    return out


def _forbidden(row: dict[str, str]) -> list[str]:
    return [w.strip() for w in row["not"].split(",") if w.strip()]


def _hits(word: str, entries: list[Entry]) -> list[str]:
    pattern = re.compile(r"(?<!\w)" + re.escape(word) + r"(?!\w)", re.IGNORECASE)
    return [f"{e.source} {e.owner}: {e.text}" for e in entries if pattern.search(e.text)]


@pytest.mark.parametrize("game", sorted(SCOPES))
def test_glossary_has_every_language_and_rulebook_rows(game: str) -> None:
    rows = glossary(game)
    assert set(rows) == {"ru", "uk", "ja"}
    assert all(rows[lang] for lang in rows)
    assert all({"English", "term", "rulebook", "not"} <= set(r) for lang in rows
               for r in rows[lang])


@pytest.mark.parametrize("game", sorted(SCOPES))
@pytest.mark.parametrize("lang", ["ru", "uk", "ja"])
def test_catalogues_use_the_glossary_terms(game: str, lang: str) -> None:
    modules, keys, rules = SCOPES[game]
    entries = list(of_game(lang, modules, keys, rules))
    assert len(entries) > 20  # the scope finds the game's words
    bad = {word: _hits(word, entries)[:3] for row in glossary(game)[lang]
           for word in _forbidden(row) if _hits(word, entries)}
    assert bad == {}


def test_the_check_finds_a_forbidden_word() -> None:
    entry = Entry("web", "gm.res.wood", "gm.res.wood", "древесина")
    assert _hits("древесина", [entry]) and not _hits("древесин", [entry])
