"""Games the AI tests run on: the test games here, the toy duel, and every registered game."""

from __future__ import annotations

import pytest

import clanboard
from clanboard.core import Game, register
from tests.ai.games import BIDS_GAME, RACE_GAME
from tests.support.toygame import TOY

for _game in (TOY, BIDS_GAME, RACE_GAME):
    register(_game)

TEST_GAMES = {TOY.id, BIDS_GAME.id, RACE_GAME.id}


def all_games() -> list[Game]:
    """The test games first, then every real game found in ``clanboard.games``."""
    return [TOY, BIDS_GAME, RACE_GAME] + [g for g in clanboard.games() if g.id not in TEST_GAMES]


@pytest.fixture(params=[g.id for g in all_games()])
def game(request: pytest.FixtureRequest) -> Game:
    return clanboard.get_game(request.param)
