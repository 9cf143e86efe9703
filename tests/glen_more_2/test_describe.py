"""Glen More II in words: every move of a game with chronicles 9, 10 and 11 described in the
four languages without a leak (a secret bid reads the same to everyone but its maker), the end
screen's score sheets, and the terminal picture in another language."""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import pytest

from clanboard import i18n
from clanboard.core import get_game

OPTS = {"provisional": True, "chronicles": "9,10,11"}
SCRIPT = {"ru": "[А-Яа-яЁё]", "uk": "[А-Яа-яІіЇїЄєҐґ]", "ja": "[\u3040-\u30ff\u4e00-\u9fff]"}


@cache
def game_steps(seed: int = 3) -> tuple[Any, list[tuple[Any, Any, int]]]:
    state = get_game("glen-more-2").new_state(3, seed, OPTS)
    rng = random.Random(seed)
    steps = []
    while not state.is_terminal():
        p = state.players_to_move()[0]
        move = rng.choice(state.legal_moves(p))
        steps.append((state.clone(), move, p))
        state.apply(move, p)
    return state, steps


def test_every_kind_of_move_is_put_in_words() -> None:
    _, steps = game_steps()
    ops = set()
    for before, move, p in steps:
        text = before.describe_move(move, p, p, ["Ann", "Bob", "Cy"])
        ops.add(str(move).split()[0])
        assert "{" not in text and text, (move, text)
        # the words are not the notation in disguise
        assert not text.endswith(f": {move}"), text
    # the chronicles' own moves occurred and were described
    assert {"bid", "plan", "rep", "central", "take", "place", "end"} <= ops, ops


@pytest.mark.parametrize("lang", ["ru", "uk", "ja"])
def test_moves_and_end_screen_in_each_language(lang: str) -> None:
    state, steps = game_steps()
    english = set(i18n.sources())
    texts = []
    for before, move, p in steps[::7]:
        en = before.describe_move(move, p, p, None)
        text = before.describe_move(move, p, p, None, lang)
        assert text != en, (move, en)
        texts.append(text)
    why = state.result_explanation(0, None, lang)
    texts += [why["summary"], *why["lines"]]
    for table in why["tables"]:
        texts += [table["title"], *(r["label"] for r in table["rows"])]
    for text in texts:
        assert "{" not in text and text not in english, text
    assert sum(bool(re.search(SCRIPT[lang], t)) for t in texts) > 0.9 * len(texts)


def test_a_secret_bid_reads_the_same_to_everyone_but_its_maker() -> None:
    _, steps = game_steps()
    bids = [(b, m, p) for b, m, p in steps if str(m).startswith("bid")]
    assert bids
    for before, move, p in bids:
        for lang in i18n.LANGUAGES:
            mine = before.describe_move(move, p, p, None, lang)
            for viewer in (None, *(q for q in range(3) if q != p)):
                other = before.describe_move(move, p, viewer, None, lang)
                for alt in before.legal_moves(p):
                    assert before.describe_move(alt, p, viewer, None, lang) == other
            if str(move) != "bid none":
                assert mine != other
                assert all(x in mine for x in str(move)[4:].split(","))


def test_end_screen_tables_follow_the_score_sheets() -> None:
    state, _ = game_steps()
    why = state.result_explanation(None, ["Ann", "Bob", "Cy"])
    assert why is not None
    titles = [t["title"] for t in why["tables"]]
    assert titles == [f"Scoring {sc['round']}: points (count compared)"
                      for sc in state.scorings] + ["Final scoring"]
    final = why["tables"][-1]
    assert final["columns"] == ["Ann", "Bob", "Cy"]
    rows = {r["label"]: r["values"] for r in final["rows"]}
    assert rows["total"] == state.final["total"] == state.vp
    assert rows["historic places taken, not built"] == state.final["unbuilt_historic"]
    fame = [r for t in why["tables"][:-1] for r in t["rows"] if r["label"] == "fame"]
    assert len(fame) == len(state.scorings)  # chronicle 10's fifth category
    winners = [["Ann", "Bob", "Cy"][w] for w in state.winners()]
    assert all(w in why["summary"] for w in winners)
    assert "headline" not in why  # the table page's own winner line stands
    assert any("provisional" in line for line in why["lines"])
    fresh = get_game("glen-more-2").new_state(3, 1, OPTS)
    assert fresh.result_explanation(None) is None


def test_terminal_picture_in_russian() -> None:
    state, steps = game_steps()
    before = steps[len(steps) // 2][0]
    en, ru = before.render(0), before.render(0, lang="ru")
    assert "Rondel" in en and "Рондель" in ru and "Rondel" not in ru
    assert "ВРЕМЕННЫЕ КОМПОНЕНТЫ" in ru and "Игры горцев" in ru
    end_ru = state.render(0, lang="ru")
    assert "в этой партии использовано временных значений" in end_ru
