"""A game that names who may read a move must not name a viewer who could not have seen it."""

from __future__ import annotations

import pytest

from clanboard.core import RandomAgent, Rng, games
from tests.support.options import start_options

GAMES = [g for g in games() if g.id != "toy-duel"]


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_public_moves_are_told_apart_by_the_viewers_observation(game) -> None:
    checked = 0
    for seed in range(3):
        state = game.new_state(game.max_players if game.max_players < 4 else 3, seed=seed,
                               options=start_options(game))
        agent, rng = RandomAgent(seed), Rng(seed)
        for _ in range(60):
            seats = state.players_to_move()
            if not seats:
                break
            seat = seats[0]
            legal = state.legal_moves(seat)
            move = legal[rng.randrange(len(legal))]
            viewers = state.public_viewers(move, seat)
            if viewers is not None and len(legal) <= 60:
                after = state.clone()
                after.apply_trusted(move, seat)
                for other in legal:
                    if str(other) == str(move):
                        continue
                    alt = state.clone()
                    alt.apply_trusted(other, seat)
                    for v in viewers:
                        if v != seat:
                            seen = None if v < 0 else v
                            assert after.observation(seen) != alt.observation(seen), (
                                f"{game.id}: viewer {v} is said to read {move} but cannot tell "
                                f"it from {other}")
                            checked += 1
            state.apply_trusted(agent.choose(state, seat) if rng.random() < 0.5 else move, seat)
    assert checked > 0
