"""Move descriptions never tell a viewer what its observation hides.

For every move of random games and every viewer: any other legal move of the mover that
leaves the viewer's observation the same must be described to that viewer in the same
words, and so must the same move in a copy where everything hidden from the viewer is
re-dealt (``determinize``)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clanboard.core import CHANCE, Rng, State, games, seat_name, winners_text
from tests.support.options import start_options

GAMES = [g for g in games() if g.id != "toy-duel"]
NAMES = ["Ann", "Bob", "Cat"]


def _players(game: Any) -> int:
    return min(game.max_players, 3)


def _check_move(state: State, move: Any, seat: int, rng: Rng) -> int:
    legal = state.legal_moves(seat)
    viewers: list[int | None] = [None, *range(state.num_players)]
    checked = 0
    after = state.clone()
    after.apply_trusted(move, seat)
    others = []
    if len(legal) <= 40:
        for other in legal:
            if other != move:
                alt = state.clone()
                alt.apply_trusted(other, seat)
                others.append((other, alt))
    for v in viewers:
        if v == seat:
            continue
        words = state.describe_move(move, seat, v, NAMES)
        assert isinstance(words, str) and words
        public = state.public_viewers(move, seat)
        if public is not None and (-1 if v is None else v) in public:
            # a viewer who may read the notation reads the mover's own words (the server
            # shows those to it), so they must add nothing the viewer does not see
            assert words == state.describe_move(move, seat, seat, NAMES)
        seen = after.observation(v)
        for other, alt in others:
            if alt.observation(v) == seen:
                assert state.describe_move(other, seat, v, NAMES) == words, (
                    f"{state.game.id}: viewer {v} cannot tell {move} from {other}, yet "
                    f"reads {words!r} and {state.describe_move(other, seat, v, NAMES)!r}")
                checked += 1
        if v is not None and state.game.imperfect_information:
            redealt = state.determinize(v, rng)
            if seat in redealt.players_to_move() and move in redealt.legal_moves(seat):
                assert redealt.describe_move(move, seat, v, NAMES) == words, (
                    f"{state.game.id}: viewer {v}'s words for {move} depend on hidden cards")
                checked += 1
    return checked


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31), length=st.integers(10, 90))
def test_descriptions_hide_what_the_viewer_cannot_see(game: Any, seed: int, length: int) -> None:
    options = {"tactics": True} if game.id == "schotten-totten" else start_options(game)
    state = game.new_state(_players(game), seed=seed, options=options)
    rng = Rng(seed)
    for _ in range(length):
        seats = state.players_to_move()
        if not seats:
            break
        seat = seats[0]
        move = rng.choice(state.legal_moves(seat))
        _check_move(state, move, seat, rng)
        state.apply_trusted(move, seat)


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_whole_game_is_described_and_explained(game: Any) -> None:
    """Every move of a random game has words naming its mover; the end has an
    explanation naming the winners, with a score table per player."""
    options = {"tactics": True} if game.id == "schotten-totten" else start_options(game)
    state = game.new_state(_players(game), seed=5, options=options)
    rng = Rng(5)
    hidden_checked = 0
    assert state.result_explanation(None, NAMES) is None
    while not state.is_terminal():
        seat = state.players_to_move()[0]
        move = rng.choice(state.legal_moves(seat))
        words = state.describe_move(move, seat, seat, NAMES)
        assert words.startswith(NAMES[seat]), words
        if hidden_checked < 50:
            hidden_checked += _check_move(state, move, seat, rng)
        state.apply_trusted(move, seat)
    why = state.result_explanation(None, NAMES)
    assert why is not None
    seats = NAMES[:state.num_players]
    assert why["summary"].startswith(winners_text(state.winners(), seats))
    assert why["tables"] and all(t["columns"] == seats for t in why["tables"])
    for table in why["tables"]:
        assert all(len(row["values"]) == state.num_players for row in table["rows"])


def test_the_core_default_gives_the_notation_only_to_who_may_read_it() -> None:
    from tests.support.toygame import ToyGame

    state = ToyGame().new_state(2, seed=3)
    move = state.legal_moves()[0]
    assert state.describe_move(move, 0, 0, NAMES) == f"Ann: {move}"
    # the toy game does not say who may read a move: others learn only who moved
    assert state.describe_move(move, 0, 1, NAMES) == "Ann moves"
    assert state.describe_move(move, 0, None) == "Player 1 moves"
    assert seat_name(["", "Bob"], 0) == "Player 1" and seat_name(None, CHANCE + 3) == "Player 3"
