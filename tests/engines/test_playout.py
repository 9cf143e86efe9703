"""Glen More's and Isle of Skye's own random playouts play exactly the generic loop's
games: the same moves from the same generators, from the start and from mid-game."""

from __future__ import annotations

import pytest

from clanboard.core import Rng, State, get_game


def _advance(state: State, steps: int, rng: Rng) -> None:
    for _ in range(steps):
        seats = state.players_to_move()
        if not seats:
            return
        state.apply(rng.choice(state.legal_moves(seats[0])), seats[0])


@pytest.mark.parametrize("game", ["glen-more", "isle-of-skye"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_playout_plays_the_generic_loops_games(game: str, players: int) -> None:
    for seed in range(5):
        own = get_game(game).new_state(players, seed)
        _advance(own, seed * 23, Rng(seed))  # into pricing, buying, building, mid-turn
        generic = own.clone()
        ra, rb = Rng(100 + seed), Rng(100 + seed)
        assert own.random_playout(ra) == State.random_playout(generic, rb)
        assert own.is_terminal()
        assert [(p, str(m)) for p, m in own.history] == [(p, str(m)) for p, m in generic.history]
        assert own.to_json() == generic.to_json() and ra.state == rb.state
