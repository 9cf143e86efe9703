"""Languages: the catalogues are complete and consistent, the code uses only keys they
have, move descriptions and end screens come out in each language, the language is
negotiated from Accept-Language, and the rules help exists per game and language."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from clanboard import i18n
from clanboard.core import get_game

ROOT = Path(i18n.__file__).parent
WEB_I18N = ROOT / "web" / "i18n"
OTHERS = [lang for lang in i18n.LANGUAGES if lang != "en"]
GAMES = ["schotten-totten", "glen-more", "isle-of-skye", "glen-more-2"]
#: a message id or browser key that leaks untranslated into other-language text
PLACEHOLDER = re.compile(r"\{\w*\}")


def po(lang: str) -> dict[str, str]:
    """A catalogue's entries by id; a plural entry by its singular id, its forms joined by
    a line break (each form must be filled, so an empty one leaves an empty line)."""
    with i18n.po_path(lang).open("rb") as f:
        out = {}
        for m in read_po(f, locale=lang):
            if isinstance(m.id, tuple):
                out[str(m.id[0])] = "\n".join(str(s) if s else "" for s in m.string or ())
            elif m.id:
                out[str(m.id)] = str(m.string)
        return out


def web(lang: str) -> dict[str, str]:
    """A web catalogue; a counted key's forms (an object) joined by a line break."""
    data = json.loads((WEB_I18N / f"{lang}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return {k: "\n".join(v.values()) if isinstance(v, dict) else v for k, v in data.items()}


# -- catalogues -------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", OTHERS)
def test_po_catalogue_has_exactly_the_source_ids_all_translated(lang: str) -> None:
    cat = po(lang)
    ids = i18n.sources()
    assert set(cat) == set(ids), (sorted(set(ids) - set(cat))[:10],
                                  sorted(set(cat) - set(ids))[:10])
    assert [i for i in ids if not cat[i].strip()] == []
    assert [i for i in ids if "\n" in cat[i] and "" in cat[i].split("\n")] == []


@pytest.mark.parametrize("lang", OTHERS)
def test_po_placeholders_match(lang: str) -> None:
    bad = {k: v for k, v in po(lang).items() if i18n.placeholders(k) != i18n.placeholders(v)}
    assert bad == {}


@pytest.mark.parametrize("lang", OTHERS)
def test_web_catalogue_has_every_english_key_and_no_other(lang: str) -> None:
    en, other = web("en"), web(lang)
    assert set(other) == set(en), (sorted(set(en) - set(other))[:10],
                                   sorted(set(other) - set(en))[:10])
    assert [k for k, v in other.items() if not v.strip()] == []
    bad = {k: v for k, v in other.items() if i18n.placeholders(en[k]) != i18n.placeholders(v)}
    assert bad == {}


def _web_sources() -> dict[str, str]:
    files = [*ROOT.glob("web/*.js"), *ROOT.glob("web/*.html"),
             *ROOT.glob("games/*/web/render.js")]
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in files}


def test_every_key_the_web_code_uses_is_in_the_catalogue() -> None:
    en = web("en")
    used: set[str] = set()
    prefixes: set[str] = set()
    for text in _web_sources().values():
        used |= set(re.findall(r"\b(?:t|tr)\(\"([\w.-]+)\"[,)]", text))
        used |= set(re.findall(r"data-i18n(?:-title|-aria)?=\"([\w.-]+)\"", text))
        prefixes |= set(re.findall(r"\b(?:t|tr)(?:\.has)?\(\"([\w.-]+\.)\" \+", text))
    assert len(used) > 150
    assert sorted(used - set(en)) == []
    # keys built at run time: each family has entries
    assert {"st.", "st.phase.", "st.tactic.", "gm.phase.", "sk.phase.", "sk.icon."} <= prefixes
    assert all(any(k.startswith(p) for k in en) for p in prefixes)


def test_every_dynamic_key_family_is_complete() -> None:
    """The phases, tactic cards, options and variants the pages look up by name."""
    en = web("en")
    from clanboard.games.glen_more.state import PHASES as GM_PHASES
    from clanboard.games.isle_of_skye.tiles import ICON_KINDS, SCROLLS, scoring_tiles
    from clanboard.games.schotten_totten.cards import COLOUR_NAMES

    need = [f"gm.phase.{p}" for p in GM_PHASES]
    need += [f"st.colour.{c}" for c in COLOUR_NAMES]
    need += [f"st.{w}" for w in ("ask", "askFor", "claimStone", "explain", "holds", "fails")]
    for tactic in ("joker", "spy", "shield", "blind", "mud", "recruiter", "strategist",
                   "banshee", "traitor"):
        need += [f"st.tactic.{tactic}", f"st.tactic_help.{tactic}"]
    need += [f"sk.icon.{k}" for k in ICON_KINDS]
    need += ["sk.icon." + re.sub(r"_per_\d+$", "", k) for k in SCROLLS]
    need += [f"sk.scoring.{sid}.{part}" for sid in scoring_tiles() for part in ("name", "rule")]
    for game_id in [*GAMES, "glen-more-2"]:
        try:
            game = get_game(game_id)
        except KeyError:
            continue
        need += [f"game.{game_id}.option.{o.name}" for o in game.options]
        need += [f"game.{game_id}.option.{o.name}.help" for o in game.options]
        need += [f"game.{game_id}.variant.{v}" for v in game.variants]
        need.append(f"game.{game_id}.name")
    assert sorted(k for k in need if k not in en) == []


def test_every_underscore_call_of_the_cli_is_catalogued() -> None:
    ids = set(i18n.sources())
    calls = i18n.called_ids()
    assert len(calls) >= 15 and set(calls) <= ids
    # and Babel's extractor sees every _("...") the sources hold (none hidden in f-strings)
    for path in (ROOT / "cli").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for literal in re.findall(r"\b_\(\s*\"((?:[^\"\\]|\\.)*)\"\s*\)", text):
            assert literal in ids, (path.name, literal)


# -- descriptions in each language --------------------------------------------------------------

def _random_game(game_id: str, seed: int, variant: str | None = None):  # type: ignore[no-untyped-def]
    game = get_game(game_id)
    opts = dict(game.variant_options(variant)) if variant else {}
    players = 3 if game_id == "isle-of-skye" else game.min_players
    state = game.new_state(players, seed, opts)
    rng = random.Random(seed)
    steps = []
    while not state.is_terminal():
        p = state.players_to_move()[0]
        move = rng.choice(state.legal_moves(p))
        steps.append((state.clone(), move, p))
        state.apply(move, p)
    return state, steps


@pytest.mark.parametrize("game_id,variant", [("schotten-totten", "tactics"),
                                             ("glen-more", None), ("isle-of-skye", None),
                                             ("glen-more-2", "provisional")])
@pytest.mark.parametrize("lang", OTHERS)
def test_descriptions_and_end_screen_are_translated(game_id: str, variant: str | None,
                                                    lang: str) -> None:
    english = set(i18n.sources())
    state, steps = _random_game(game_id, 7, variant)
    texts = []
    for before, move, p in steps[::3]:
        for viewer in (p, None, (p + 1) % before.num_players):
            en = before.describe_move(move, p, viewer, None)
            words = before.describe_move(move, p, viewer, None, lang)
            assert words != en or str(move) in en, (en, words)
            texts.append(words)
    why = state.result_explanation(0, None, lang)
    texts += [why["summary"], *why["lines"]]
    for table in why["tables"]:
        texts += [table["title"], *table["columns"], *(r["label"] for r in table["rows"])]
    for text in texts:
        assert not PLACEHOLDER.search(text), text
        # no English message id or term left whole in the other language's words
        assert text not in english or text.isdigit(), text
    if lang in ("ru", "uk"):
        assert sum(bool(re.search("[А-Яа-яІіЇїЄє]", t)) for t in texts) > len(texts) * 0.9
    else:
        assert sum(bool(re.search("[\u3040-\u30ff\u4e00-\u9fff]", t)) for t in texts) \
            > len(texts) * 0.9


def test_hidden_words_stay_hidden_in_every_language() -> None:
    """A Recruiter's returned card is named only to its owner, in every language: returns
    the opponent cannot tell apart (same deck) read the same to them."""
    _, steps = _random_game("schotten-totten", 3, "tactics")
    returns = 0
    for lang in i18n.LANGUAGES:
        for before, move, p in steps:
            if str(move).startswith("return"):
                returns += 1
                other = before.describe_move(move, p, 1 - p, None, lang)
                mine = before.describe_move(move, p, p, None, lang)
                assert mine != other  # only the owner reads which card
                english = before.describe_move(move, p, 1 - p, None)
                for alt in before.legal_moves(p):
                    if before.describe_move(alt, p, 1 - p, None) == english:
                        assert before.describe_move(alt, p, 1 - p, None, lang) == other
    assert returns > 0


def test_claim_explanation_in_russian() -> None:
    state, _ = _random_game("schotten-totten", 5, "base")
    ans = state.explain("claim", None, {"player": 0, "stone": 1}, None, "ru")
    en = state.explain("claim", None, {"player": 0, "stone": 1}, None)
    assert ans["holds"] == en["holds"] and ans["reason"] != en["reason"]
    assert re.search("[А-Яа-я]", ans["reason"])


# -- language choice ------------------------------------------------------------------------------

@pytest.mark.parametrize("header,explicit,expected", [
    ("ru-RU,ru;q=0.9,en;q=0.8", None, "ru"),
    ("en-US,en;q=0.9", None, "en"),
    ("de-DE,uk;q=0.7,ru;q=0.5", None, "uk"),
    ("fr, ja;q=0.2, ru;q=0.1", None, "ja"),
    ("ru;q=0, ja", None, "ja"),
    ("", None, "en"),
    (None, None, "en"),
    ("de,fr", None, "en"),
    ("ru", "ja", "ja"),
    ("ru", "uk-UA", "uk"),
    ("ru", "xx", "ru"),
    ("ru;q=abc, uk;q=0.5", None, "uk"),
])
def test_negotiate(header: str | None, explicit: str | None, expected: str) -> None:
    assert i18n.negotiate(header, explicit) == expected


# -- rules help --------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_rules_help_per_game_and_language(game_id: str, lang: str) -> None:
    found = i18n.rules_markdown(get_game(game_id), lang)
    assert found is not None and found[0] == lang
    text = found[1]
    assert not re.search(r"\bR-\d", text), "rule ids belong to the spec, not the help"
    for option in get_game(game_id).options:
        label = web(lang).get(f"game.{game_id}.option.{option.name}")
        assert label and label.lower() in text.lower(), (option.name, label)


def test_rules_html_escapes_raw_html() -> None:
    html = i18n.rules_html("# Hi\n\n<script>alert(1)</script> [x](javascript:alert(1))")
    assert "<h1>Hi</h1>" in html
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert 'href="javascript:' not in html
