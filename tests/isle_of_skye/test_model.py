"""The search's model of Isle of Skye players: it plays as the heuristic player does."""

from __future__ import annotations

import json

from clanboard.core import Rng
from clanboard.games.isle_of_skye import model
from clanboard.games.isle_of_skye.agents import HeuristicAgent
from clanboard.games.isle_of_skye.moves import Discard, Price
from clanboard.games.isle_of_skye.state import SkyeState
from tests.isle_of_skye.helpers import GAME


def _heuristic_positions(players: int, seed: int, count: int) -> list[SkyeState]:
    """Positions of games between heuristic players, one per decision with a choice."""
    found: list[SkyeState] = []
    rng = Rng(seed)
    while len(found) < count:
        state = GAME.new_state(players, rng.next_u64() >> 1)
        assert isinstance(state, SkyeState)
        agents = [HeuristicAgent(seed=i) for i in range(players)]
        while state.players_to_move() and len(found) < count:
            seat = state.players_to_move()[0]
            if len(state.legal_moves(seat)) > 1:
                found.append(state.clone())
            state.apply(agents[seat].choose(state, seat), seat)
    return found


def test_the_model_chooses_as_the_heuristic_player() -> None:
    seen = set()
    for state in _heuristic_positions(3, 1, 60):
        seat = state.players_to_move()[0]
        expected = HeuristicAgent().choose(state, seat)
        if state.phase == "buy":
            assert model.buy_choice(state, seat) == expected
        elif state.phase == "build":
            assert model.build_choice(state, seat) == expected
        elif isinstance(expected, Discard):
            assert model.heuristic_discard(state, seat) == expected.tile
        else:
            assert isinstance(expected, Price)
            prices = model.heuristic_prices(state, seat, state.kept(seat))
            top = max(m.amount for m in state.legal_moves(seat))
            assert min(prices[expected.tile], top) == expected.amount
        seen.add(state.phase)
    assert seen == {"price", "buy", "build"}


def test_price_options_are_few_legal_and_include_a_sale_and_a_keep() -> None:
    checked = 0
    for state in _heuristic_positions(2, 3, 80):
        seat = state.players_to_move()[0]
        moves = state.legal_moves(seat)
        if state.phase != "price" or not isinstance(moves[0], Price):
            continue
        tile = moves[0].tile
        top = max(m.amount for m in moves)
        options = model.price_options(state, seat, tile, top)
        assert len(options) == len(set(options)) <= 5
        assert all(1 <= p <= top for p in options)
        (wants,) = model.willingness(state, seat, tile)
        if 2 <= wants < top:  # the other seat would pay: one price sells, one keeps
            assert any(p < wants for p in options) and any(p >= wants for p in options)
            checked += 1
    assert checked


def test_finish_round_plays_to_the_next_pricing_or_the_end() -> None:
    for state in _heuristic_positions(3, 5, 30):
        before = json.dumps(state.to_json(), sort_keys=True)
        done = state.clone()
        done.auto_chance = True
        model.finish_round(done)
        assert json.dumps(state.to_json(), sort_keys=True) == before
        assert done.phase == "over" or (done.phase == "price" and done.round == state.round + 1)
        if done.phase == "price":
            assert not any(done.committed(p) for p in range(3))
