"""Taking moves back (State.can_take_back / take_back_refusal / without_last): for every
move kind of every game, and the property that a move allowed to be taken back revealed
nothing to anyone."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clanboard.core import Rng, State, get_game
from clanboard.i18n import LANGUAGES
from tests.support.options import start_options

#: per game (and variant), per move kind: the refusal codes it may get. ``None``: it may be
#: taken back. A kind not listed here fails the test, so a new move kind must be judged.
KINDS: dict[tuple[str, str | None], dict[str, set[str | None]]] = {
    # a card is played, stones may be claimed, then a card is drawn (rulebook: "draw a
    # card"); the draw ends the turn, so only a play or claim before it can be taken back
    ("schotten-totten", "base"): {
        "Play": {None, "drawn"}, "Claim": {None, "drawn"}, "Word": {None, "drawn"}},
    ("schotten-totten", "tactics"): {
        "Play": {None, "drawn"}, "Claim": {None, "drawn"}, "Word": {None, "drawn"},
        "Draw": {"drawn"}, "Ruse": {None, "drawn"}, "Return": {None, "drawn"}},
    # taking, placing and activating reveal nothing; ending the turn refills the display
    # from the stack or rolls the die
    ("glen-more", None): {
        "take": {None}, "place": {None}, "act": {None}, "move": {None}, "buy": {None},
        "sell": {None}, "pay": {None}, "retire": {None}, "end": {None, "drawn"},
        "pass": {None, "drawn"}, "skip": {None}},
    ("glen-more-2", "provisional"): {
        "take": {None}, "place": {None}, "act": {None}, "move": {None}, "buy": {None},
        "sell": {None}, "pay": {None}, "gain": {None}, "end": {None, "drawn"},
        "retire": {None}, "bid": {None, "revealed"}, "pass": {None, "drawn"},
        "clan": {None, "drawn"}, "remove": {None},
        "skip": {None}},
    # a discard and the prices are secret until the last seat commits (then revealed); the
    # last placement of a round draws the next tiles
    ("isle-of-skye", "standard"): {
        "Discard": {None}, "Price": {None, "revealed"}, "Buy": {None}, "Pass": {None},
        "Place": {None, "drawn"}, "Return": {None, "drawn"}},
}


def kind(move: Any) -> str:
    name = type(move).__name__
    return str(move).split()[0] if name == "GMove" else name


def start(game_id: str, variant: str | None, seed: int, players: int | None = None) -> State:
    game = get_game(game_id)
    options = game.variant_options(variant) if variant else start_options(game)
    return game.new_state(players, seed, options)


def step(state: State, rng: Rng) -> tuple[State, Any, int]:
    seat = state.players_to_move()[0]
    move = rng.choice(state.legal_moves(seat))
    before = state.clone()
    state.apply_trusted(move, seat)
    return before, move, seat


@pytest.mark.parametrize("key", list(KINDS), ids=lambda k: f"{k[0]}-{k[1]}")
def test_every_move_kind_gets_its_answer(key: tuple[str, str | None]) -> None:
    expected = KINDS[key]
    seen: dict[str, set[str | None]] = defaultdict(set)
    for seed in range(4):
        state = start(*key, seed)
        rng = Rng(seed)
        while not state.is_terminal():
            before, move, seat = step(state, rng)
            code = None if state.is_terminal() else state.take_back_code(1)
            if state.is_terminal():
                assert state.take_back_code(1) == "over"
                continue
            seen[kind(move)].add(code)
            assert state.can_take_back(1) == (code is None)
            if code is None:  # taking it back gives exactly the earlier position
                back = state.without_last(1)
                assert json.dumps(back.to_json()) == json.dumps(before.to_json())
            else:
                assert state.take_back_refusal(1)
    unknown = set(seen) - set(expected)
    assert not unknown, f"move kinds not judged in KINDS: {unknown}"
    for k, codes in seen.items():
        assert codes <= expected[k], f"{k}: got {codes}, expected within {expected[k]}"
    # every kind that may be taken back was seen taken back (the table is not vacuous)
    seen_back = {k for k, codes in seen.items() if None in codes}
    assert seen_back, "no move could be taken back at all"


def test_nothing_to_take_back_and_too_many() -> None:
    state = start("schotten-totten", "base", 1)
    assert state.take_back_code(1) == "none"
    assert not state.can_take_back(0)
    seat = state.players_to_move()[0]
    state.apply(state.legal_moves(seat)[0], seat)
    assert state.take_back_code(5) == "none"


def test_refusals_are_words_in_every_language() -> None:
    state = start("schotten-totten", "base", 2)
    seat = state.players_to_move()[0]
    state.apply(state.legal_moves(seat)[0], seat)
    while state.players_to_move() == [seat]:  # play until the card is drawn
        state.apply(state.legal_moves(seat)[-1], seat)
    texts = {lang: state.take_back_refusal(1, lang) for lang in LANGUAGES}
    assert texts["en"] == "a card was drawn after it, and a drawn card cannot be un-seen"
    assert len(set(texts.values())) == len(LANGUAGES)


def test_skye_last_price_reveals_the_prices() -> None:
    state = start("isle-of-skye", "standard", 5, 2)
    first = state.players_to_move()
    assert len(first) == 2
    state.apply(state.legal_moves(first[0])[0], first[0])
    while first[0] in state.players_to_move():
        state.apply(state.legal_moves(first[0])[0], first[0])
    assert state.can_take_back(1)  # the other seat has not committed: nothing shown yet
    other = first[1]
    while other in state.players_to_move():
        state.apply(state.legal_moves(other)[0], other)
    assert state.take_back_code(1) == "revealed"
    assert "prices" in (state.take_back_refusal(1) or "")


def test_chance_in_the_history_refuses() -> None:
    game = get_game("schotten-totten")
    state = game.new_state(2, 4, {}, auto_chance=False)
    state.resolve_chance()
    seat = state.players_to_move()[0]
    while state.players_to_move() == [seat]:
        state.apply(state.legal_moves(seat)[-1], seat)
    assert state.is_chance()
    state.apply(state.sample_chance(state.rng), None)
    assert state.take_back_code(1) == "drawn"


def reveals_nothing(before: State, moves: list[tuple[int, Any]], after: State,
                    worlds: int = 3) -> None:
    """Every seat sees after the moves what it would see whatever was hidden from it
    (re-dealt by ``determinize``, future chance re-seeded): the moves showed it nothing
    beyond themselves."""
    for q in range(before.num_players):
        seen = after.observation(q)
        for w in range(worlds):
            world = before.determinize(q, Rng(1000 + w))
            try:
                for p, m in moves:
                    world.apply(str(m), p)
            except Exception:  # the mover's hidden hand differs in this world
                continue
            assert world.observation(q) == seen, (q, [str(m) for _, m in moves])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(list(KINDS)), seed=st.integers(0, 10_000),
       length=st.integers(1, 60), n=st.integers(1, 2))
def test_a_move_that_may_be_taken_back_revealed_nothing(
        key: tuple[str, str | None], seed: int, length: int, n: int) -> None:
    state = start(*key, seed)
    rng = Rng(seed)
    for _ in range(length):
        if state.is_terminal():
            return
        step(state, rng)
    if not state.can_take_back(n):
        return
    before = state.without_last(n)
    moves = state.history[len(before.history):]
    assert len(moves) == n
    for q in range(state.num_players):
        replayed = before.clone()
        for p, m in moves:
            replayed.apply(str(m), p)
        assert replayed.observation(q) == state.observation(q)
    reveals_nothing(before, moves, state)
