"""Glen More II in words, never codes: the terminal board, the page's words (the table view's
``words``), the log and the end screen of played-out games (3 players with chronicles 9-11,
and solo against Allenarly) carry no raw code and, in ru/uk/ja, no untranslated English; every
effect of the pack reads as a sentence; the end screen's tables add up to the result and its
winner line agrees with it."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import pytest
from rich.text import Text

from clanboard.core import Rng, get_game
from clanboard.games.glen_more_2 import words as W
from clanboard.games.glen_more_2.allenarly import ALLEN
from clanboard.games.glen_more_2.components import components
from clanboard.games.glen_more_2.state import GlenMore2State

LANGS = ("en", "ru", "uk", "ja")
GAMES = {"multi": (3, {"provisional": True, "chronicles": "9,10,11"}),
         "solo": (1, {"provisional": True, "chronicles": "9,10,11", "solo": True,
                      "level": "reglar"})}
#: what a player must never read: identifiers with "_" or ":" (take_discard, tile:HUME,
#: rule:bids5), the effect language's arrows and comparisons, JSON brackets
RAW = re.compile(r"[A-Za-z]\w*_\w+|[A-Za-z]+:[A-Za-z0-9]|->|>=|[\[\]{}]")
#: English left in another language: a Latin word of 3+ letters with a lower-case letter
#: (tile ids such as T01, FORT-2R or HUME are upper case and may stay)
ENGLISH = re.compile(r"\b[A-Za-z]*[a-z][A-Za-z]*\b")
#: the command that lists a pack's provisional values is typed as it is
NAMES_KEPT = ("clanboard pack provisional",)


@cache
def played(kind: str, seed: int = 5) -> tuple[GlenMore2State, GlenMore2State,
                                              list[tuple[Any, Any, int]]]:
    """A game played out by random moves: its middle, its end and its steps."""
    n, opts = GAMES[kind]
    s = get_game("glen-more-2").new_state(n, seed=seed, options=opts)
    assert isinstance(s, GlenMore2State)
    rng = Rng(seed)
    steps = []
    while not s.is_terminal():
        p = s.players_to_move()[0]
        move = rng.choice(s.legal_moves(p))
        steps.append((s.clone(), move, p))
        s.apply(move, p)
    middle = steps[len(steps) // 2][0]
    return middle, s, steps


def leaves(value: Any) -> list[str]:
    """Every string in a JSON value (keys are data, not shown)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [x for v in value.values() for x in leaves(v)]
    if isinstance(value, list):
        return [x for v in value for x in leaves(v)]
    return []


def problems(texts: list[str], lang: str) -> list[str]:
    out = []
    for text in texts:
        plain = text
        for kept in NAMES_KEPT:
            plain = plain.replace(kept, "")
        if RAW.search(plain):
            out.append(f"raw code {RAW.search(plain).group()!r} in {text!r}")  # type: ignore[union-attr]
        elif lang != "en" and ENGLISH.search(plain):
            out.append(f"English {ENGLISH.search(plain).group()!r} in {text!r}")  # type: ignore[union-attr]
    return out


def shown(s: GlenMore2State, lang: str, steps: list[tuple[Any, Any, int]]) -> list[str]:
    """What a player of ``s`` reads: the terminal board (without its markup), the page's
    words, the log of the moves that led here, and the end screen once the game is over."""
    texts = Text.from_markup(s.render(0, lang=lang)).plain.splitlines()
    texts += leaves(s.view_words(0, lang))
    texts += [before.describe_move(move, p, p, None, lang) for before, move, p in steps]
    why = s.result_explanation(0, None, lang)
    if why is not None:
        texts += [why["summary"], *why["lines"]]
        for table in why["tables"]:
            texts += [table["title"], *table["columns"], *(r["label"] for r in table["rows"])]
            texts += [str(v) for r in table["rows"] for v in r["values"]]
    return texts


@pytest.mark.parametrize("kind", sorted(GAMES))
@pytest.mark.parametrize("lang", LANGS)
def test_the_board_log_and_end_screen_carry_no_code_and_no_english(kind: str, lang: str) -> None:
    middle, end, steps = played(kind)
    half = len(steps) // 2
    assert problems(shown(middle, lang, steps[:half][::5]), lang) == []
    assert problems(shown(end, lang, steps[half:][::5]), lang) == []


def test_the_checks_catch_what_the_issue_saw() -> None:
    """The same checks on the words the board showed before: they fail."""
    seen = ["tile:HUME", "take_discard", "any -> rule:feast_ignore", "rule:bids5",
            "historic >= 4 ? 8 vp | historic >= 3 ? 5 vp", "[18,102]", "allenarly_stones"]
    assert all(problems([x], "en") for x in seen)
    assert problems(["Игрок 1 берёт Quarry (T01)"], "ru")
    assert problems(["2 train stone"], "ja")
    assert problems(["жетон «Каменный карьер» (T01)"], "ru") == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_effect_of_the_pack_reads_as_a_sentence(lang: str) -> None:
    """Every cost and effect cell of every component, through the one describer."""
    comp = components("provisional")
    texts = []
    for i in range(len(comp.tiles)):
        texts += [W.tile_name(comp, i, lang), *W.tile_lines(comp, i, lang)]
    texts += [W.effect(sp.effect, comp, lang) for sp in comp.spaces]
    texts += [W.clan_name(comp, sp.id, lang) for sp in comp.spaces]
    texts += [W.effect(f.effect, comp, lang) + W.cost(f.cost, lang) for f in comp.feasts]
    texts += [W.landmark_text(comp, c, lang) for c in comp.cards]
    texts += [W.step_text(comp, t, r, lang) for t, r in comp.tracks]
    texts += W.provisional_names(comp, comp.pack.provisional(), lang)
    assert problems(texts, lang) == []
    assert all(t.strip() for t in texts)


def test_effects_in_words_say_what_the_data_says() -> None:
    """A few cells against the rulebook lines they encode."""
    comp = components("provisional")
    space = {sp.id: sp for sp in comp.spaces}
    # HG-RU 500: "5 VP if at least 3, or 8 VP if at least 4" historic places (clan Ogilvy)
    assert W.effect(space["S11-Ogilvy"].effect, comp, "en") == (
        "if you have at least 4 historic places: gain 8 VP; or "
        "if you have at least 3 historic places: gain 5 VP")
    # HG-RU 394-396: "raise your stone putter by 2 ranks; gain 1 whisky" (clan Ruthven)
    assert W.effect(space["S10-Ruthven"].effect, comp, "en") == (
        "stone putter: +2 rank and gain 1 whisky barrel")
    assert W.effect(space["S10-Ruthven"].effect, comp, "ru") == (
        "толкатель камней: +2 к рангу и получите: 1 бочка виски")
    # HG-RU 380-382: MacKay gives David Hume
    assert W.effect(space["MacKay"].effect, comp, "ja") == (
        "誰も持っていなければ人物「デイヴィッド・ヒューム」を得る")
    # counted by the language's plural forms (CLDR): 1 овца, 2 овцы, 5 овец
    assert [W.item("sheep", n, "ru") for n in (1, 2, 5, 21)] == [
        "1 овца", "2 овцы", "5 овец", "21 овца"]
    assert [W.item("coin", n, "uk") for n in (1, 3, 11)] == ["1 монета", "3 монети", "11 монет"]
    # a provisional value stays marked as one
    assert W.m_("uk")["provisional_mark"].format(text="x") == "x (тимчасове значення)"
    assert W.step_text(comp, "caber", 1, "en") == "at once: gain 1 wood (provisional)"
    # the page marks them itself ("*", explained by its badge)
    assert W._static_glossary(comp, "en")["feasts"]["F2"]["provisional"] is True


@pytest.mark.parametrize("lang", LANGS)
def test_names_come_from_the_rulebook_and_the_catalogues(lang: str) -> None:
    comp = components("provisional")
    hume = comp.index["HUME"]
    expected = {"en": "David Hume", "ru": "Дэвид Юм", "uk": "Девід Юм",
                "ja": "デイヴィッド・ヒューム"}
    assert W.tile_name(comp, hume, lang) == expected[lang]
    # the pack's Russian column is the Russian catalogue's name (HG-RU names them); the
    # tournament and spectator tiles are named by the singular ("жетоны турниров" read as
    # "вариант 3 жетона жетоны турниров" in the log)
    for row in comp.tiles:
        if lang == "ru" and row.name_ru and row.name in W.NAMES and "(" not in row.name \
                and row.use == "territory":
            assert W.name(row.name, row.name_ru, "ru") == row.name_ru, row.name


def cells(values: list[Any]) -> list[int]:
    """A table's cells as points: "5 (3)" is 5 points (3 counted), "—" none."""
    return [int(str(v).split()[0]) if str(v)[:1].isdigit() or str(v)[:1] == "-" and
            str(v)[1:2].isdigit() else 0 for v in values]


@pytest.mark.parametrize("kind", sorted(GAMES))
@pytest.mark.parametrize("seed", [5, 11, 23])
def test_end_screen_rows_add_up_and_the_winner_line_agrees(kind: str, seed: int) -> None:
    _, s, _ = played(kind, seed)
    why = s.result_explanation(0, None, "en")
    assert why is not None
    n = s.num_players + (1 if s.solo else 0)
    rounds, final = why["tables"][:-1], why["tables"][-1]
    assert len(rounds) == len(s.scorings) == 4
    for table, sheet in zip(rounds, s.scorings, strict=True):
        assert len(table["columns"]) == n
        *items, total = table["rows"]
        sums = [sum(col) for col in zip(*(cells(r["values"]) for r in items), strict=True)]
        assert cells(total["values"]) == sums
        assert sums[:s.num_players] == sheet["vp"][:s.num_players]  # the round's own points
        assert len(items) >= 4 and all(len(r["values"]) == n for r in items)
    *items, total = final["rows"]
    assert total["label"] == "total" and total["values"] == s.vp[:n]
    assert [sum(col) for col in zip(*(cells(r["values"]) for r in items), strict=True)] \
        == s.vp[:n]
    if s.solo:
        assert final["columns"] == ["Player 1", "Allenarly"]
        mine, hers = s.vp[0], s.vp[ALLEN]
        assert why["headline"] == why["summary"]
        assert ("Allenarly wins" in why["summary"]) == (hers > mine)  # a tie is yours
        assert s.winners() == ([0] if mine >= hers else [])
    else:
        best = max(s.vp)
        assert "headline" not in why
        assert all(f"Player {p + 1}" in why["summary"] for p in s.winners())
        assert all(s.vp[p] == best for p in s.winners())


def test_the_page_words_are_bounded_and_public() -> None:
    middle, end, _ = played("multi")
    for s in (middle, end):
        data = json.dumps(s.view_words(0, "ru"), ensure_ascii=False).encode()
        assert len(data) < (150_000 if s.final else 60_000)  # at the end: every tile
        # every seat and a spectator read the same words: nothing in them is hidden
        assert s.view_words(0, "ru") == s.view_words(None, "ru") == s.view_words(1, "ru")
