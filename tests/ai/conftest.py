"""Games the AI tests run on: the test games here, the toy duel, and every registered game.

The test games are registered only while the tests in this folder run (other suites
that list ``clanboard.games()`` must not see them)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from clanboard.core import Game, games, get_game, register, registry
from tests.ai.games import BIDS_GAME, LOOP_GAME, RACE_GAME
from tests.support.toygame import TOY

TEST_GAMES = (TOY, BIDS_GAME, RACE_GAME, LOOP_GAME)
_TEST_IDS = {g.id for g in TEST_GAMES}


def game_ids() -> list[str]:
    """The test games first (not the loop game: it is for the cut-off tests), then every
    real game found in ``clanboard.games``."""
    real = [g.id for g in games() if g.id not in _TEST_IDS]
    return [TOY.id, BIDS_GAME.id, RACE_GAME.id, *real]


@pytest.fixture(scope="package", autouse=True)
def _register_test_games() -> Iterator[None]:
    saved = dict(registry._GAMES)
    for g in TEST_GAMES:
        register(g)
    yield
    registry._GAMES.clear()
    registry._GAMES.update(saved)


@pytest.fixture(params=game_ids())
def game(request: pytest.FixtureRequest) -> Game:
    return get_game(request.param)
