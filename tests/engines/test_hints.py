"""Glen More's and Isle of Skye's search hints: evaluations and move priors."""

from __future__ import annotations

import json
import math

import pytest

from clanboard.core import SearchHints, get_game
from clanboard.games.glen_more.hints import GlenMoreHints
from clanboard.games.glen_more.moves import ACT, SELL, TAKE, GMove
from clanboard.games.glen_more.state import P_TAKE, GlenMoreState
from clanboard.games.isle_of_skye import model
from clanboard.games.isle_of_skye.agents import remaining_weights, territory_value
from clanboard.games.isle_of_skye.hints import SkyeHints
from clanboard.games.isle_of_skye.moves import Buy, Pass, Place, Return
from clanboard.games.isle_of_skye.state import SkyeState
from tests.ai.helpers import positions

GAMES = ["glen-more", "isle-of-skye"]


def _hints(game_id: str) -> SearchHints:
    """The game's hints with the evaluation and priors on (as the games ship them)."""
    return GlenMoreHints(enabled=True) if game_id == "glen-more" else SkyeHints(enabled=True)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_levels_search_with_the_evaluation_and_priors(game_id: str) -> None:
    game = get_game(game_id)
    state = game.new_state(2, 1)
    seat = state.players_to_move()[0]
    assert game.search_hints().evaluate(state) is not None
    off = GlenMoreHints(enabled=False) if game_id == "glen-more" else SkyeHints(enabled=False)
    assert off.evaluate(state) is None
    assert off.move_priors(state, seat, state.legal_moves(seat)) is None
    if game_id == "glen-more":  # Skye ranks no opening discards (its priors start later)
        assert game.search_hints().move_priors(state, seat, state.legal_moves(seat))


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_evaluation_is_a_win_chance_per_seat(game_id: str, players: int) -> None:
    game = get_game(game_id)
    hints = _hints(game_id)
    for state in positions(game, 25, seed=players, players=players):
        before = json.dumps(state.to_json(), sort_keys=True)
        values = hints.evaluate(state)
        assert values is not None and len(values) == players
        assert all(0.0 <= v <= 1.0 for v in values)
        if state.players_to_move():
            assert sum(values) == pytest.approx(1.0)
        else:
            assert values == state.returns()
        assert json.dumps(state.to_json(), sort_keys=True) == before  # judged on a copy


@pytest.mark.parametrize("game_id", GAMES)
def test_more_points_mean_a_better_chance(game_id: str) -> None:
    game = get_game(game_id)
    hints = _hints(game_id)
    for state in positions(game, 10, seed=4, players=3):
        if not state.players_to_move():
            continue
        base = hints.evaluate(state)
        ahead = state.clone()
        ahead.vp[1] += 8  # type: ignore[attr-defined]
        better = hints.evaluate(ahead)
        assert base is not None and better is not None
        assert better[1] > base[1]
        assert better[0] < base[0] and better[2] < base[2]


def test_glen_more_more_coins_and_whisky_mean_a_better_chance() -> None:
    hints = GlenMoreHints(enabled=True)
    state = get_game("glen-more").new_state(3, 7)
    assert isinstance(state, GlenMoreState)
    base = hints.evaluate(state)
    richer = state.clone()
    richer.coins[2] += 4
    richer.whisky[2] += 2
    better = hints.evaluate(richer)
    assert base is not None and better is not None
    assert better[2] > base[2]


def test_glen_more_priors_rank_activations_over_sales_and_score_every_move() -> None:
    game = get_game("glen-more")
    hints = GlenMoreHints(enabled=True)
    seen_take = seen_act_and_sell = False
    for state in positions(game, 150, seed=2, players=3):
        seats = state.players_to_move()
        if not seats:
            continue
        moves = state.legal_moves(seats[0])
        priors = hints.move_priors(state, seats[0], moves)
        assert priors is not None and len(priors) == len(moves)
        assert isinstance(state, GlenMoreState)
        ops = [m.op for m in moves if isinstance(m, GMove)]
        if state.phase == P_TAKE and ops.count(TAKE) > 1:
            seen_take = True
            assert len({p for m, p in zip(moves, priors, strict=True)
                        if isinstance(m, GMove) and m.op == TAKE}) > 1  # tiles are told apart
        if ACT in ops and SELL in ops:
            seen_act_and_sell = True
            best_sell = max(p for m, p in zip(moves, priors, strict=True)
                            if isinstance(m, GMove) and m.op == SELL)
            worst_act = min(p for m, p in zip(moves, priors, strict=True)
                            if isinstance(m, GMove) and m.op == ACT)
            assert worst_act > best_sell
    assert seen_take and seen_act_and_sell


def test_skye_more_gold_means_a_better_chance() -> None:
    hints = SkyeHints(enabled=True)
    for state in positions(get_game("isle-of-skye"), 10, seed=5, players=2):
        assert isinstance(state, SkyeState)
        if not state.players_to_move():
            continue
        base = hints.evaluate(state)
        richer = state.clone()
        richer.gold[0] += 10
        better = hints.evaluate(richer)
        assert base is not None and better is not None
        assert better[0] > base[0]


def test_skye_priors_rank_placements_by_value_buys_by_surplus_and_returns_last() -> None:
    hints = SkyeHints(enabled=True)
    seen = set()
    for state in positions(get_game("isle-of-skye"), 200, seed=6, players=2):
        assert isinstance(state, SkyeState)
        seats = state.players_to_move()
        if not seats:
            continue
        moves = state.legal_moves(seats[0])
        priors = hints.move_priors(state, seats[0], moves)
        if state.phase not in ("build", "buy"):
            assert priors is None
            continue
        seen.add(state.phase)
        assert priors is not None and len(priors) == len(moves)
        weights = remaining_weights(state)
        for m, p in zip(moves, priors, strict=True):
            if isinstance(m, Place):
                terr = state.territories[seats[0]].copy()
                terr.place(state.tiles[m.tile], (m.x, m.y), m.rot)
                assert p == pytest.approx(territory_value(state, terr, weights), abs=0.05)
            elif isinstance(m, Buy):
                owner = next(q for q in range(2) if m.tile in state.prices[q])
                gain = model.gain(state, seats[0], m.tile)
                assert p == pytest.approx(2 * gain - state.prices[owner][m.tile])
            else:
                assert isinstance(m, (Return, Pass))
                assert p == (0.0 if isinstance(m, Pass) else -math.inf)
    assert seen == {"build", "buy"}
