"""Glen More II's own random_playout (the benchmarks' and the search's loop) plays the very
games of the generic :meth:`State.random_playout`: the same moves from the same generators,
the same history and final position, with every chronicle and in the solo mode; and the
cached bid stacks of chronicle 9 are the permutations in their order, never shared."""

from __future__ import annotations

import json
from itertools import permutations
from typing import Any

import pytest

from clanboard.core import SIMULTANEOUS, Rng, State, get_game
from clanboard.games.glen_more_2.moves import bid_move
from clanboard.games.glen_more_2.state import GlenMore2State, bid_moves
from tests.engines.records_gm2 import SETTINGS

#: two seeds of every recorded setting (chronicles, both chronicle-9 readings, solo)
CASES = [(n, opts, seed) for n, opts in SETTINGS for seed in (1, 2)]


def _new(players: int, options: dict[str, Any], seed: int) -> State:
    return get_game("glen-more-2").new_state(players, seed, {"provisional": True, **options})


def _run(state: State, playout: Any, seed: int) -> tuple[int, list[str], str]:
    moves = playout(state, Rng(seed * 31 + 7))
    history = [f"{p}:{m}" for p, m in state.history]
    return moves, history, json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize("players,options,seed", CASES, ids=lambda v: str(v))
def test_own_playout_makes_the_generic_games(players: int, options: dict[str, Any],
                                             seed: int) -> None:
    own = _run(_new(players, options, seed), GlenMore2State.random_playout, seed)
    generic = _run(_new(players, options, seed), State.random_playout, seed)
    assert own[0] > 0 and own[1]
    assert own == generic


def test_own_playout_from_mid_game_and_without_auto_chance() -> None:
    for auto in (True, False):
        states = []
        for _ in range(2):
            s = _new(3, {"chronicles": "9,10,11"}, 4)
            s.auto_chance = auto
            walk = Rng(9)
            for _ in range(40):  # into the game, chance resolved as the flag says
                if s.is_chance():
                    s.apply_trusted(s.sample_chance(s.rng))
                    continue
                seat = s.players_to_move()[0]
                s.apply_trusted(walk.choice(s.legal_moves(seat)), seat)
            states.append(s)
        assert _run(states[0], GlenMore2State.random_playout, 4) == \
            _run(states[1], State.random_playout, 4)


def test_bid_stacks_are_the_permutations_in_order_and_a_fresh_list() -> None:
    for feasts, limit in ((5, 3), (5, 5), (4, 3), (2, 3), (0, 3)):
        want = [bid_move([])] + [bid_move(list(seq)) for k in range(1, min(limit, feasts) + 1)
                                 for seq in permutations(range(1, feasts + 1), k)]
        assert bid_moves(feasts, limit) == want
    assert len(bid_moves(5, 3)) == 1 + 5 + 20 + 60
    s = _new(2, {"chronicles": "9"}, 1)
    while s.players_to_move() and s.current_player() != SIMULTANEOUS:
        seat = s.players_to_move()[0]
        s.apply_trusted(s.legal_moves(seat)[-1], seat)
    assert s.players_to_move(), "a chronicle-9 game reaches its first bid"
    first = s.legal_moves(0)
    first.clear()  # a caller's list is its own
    assert len(s.legal_moves(0)) == 86
