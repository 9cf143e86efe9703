"""OpenSpiel's own Python search bots play every clanboard game through the adapter in
OpenSpiel's own loop, ``evaluate_bots`` (with :class:`FreshSearch` giving them the calls
that loop makes)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is in the optional extra clanboard[rl]")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402

from clanboard.adapters import openspiel  # noqa: E402
from clanboard.adapters.openspiel_bots import FreshSearch  # noqa: E402
from clanboard.core import Game  # noqa: E402
from tests.adapters.setups import require_encoding, setups  # noqa: E402


def test_the_bare_python_ismcts_bot_fails_in_evaluate_bots() -> None:
    """Why the wrapper exists: OpenSpiel's loop asks every bot to restart."""
    game = openspiel.load("schotten-totten")
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 2, random_state=rng)
    with pytest.raises(pyspiel.SpielError, match="RestartAt"):
        evaluate_bots.evaluate_bots(game.new_initial_state(), [bot, bot], rng)


def first_setup_of_each_game() -> list[Any]:
    firsts: dict[str, Any] = {}
    for p in setups():
        firsts.setdefault(p.values[0].id, p)
    return list(firsts.values())


@pytest.mark.parametrize(("game", "variant"), first_setup_of_each_game())
def test_openspiel_search_bots_play_a_whole_game(game: Game, variant: str | None) -> None:
    require_encoding(game, variant)
    spiel = openspiel.load(game.id, variant)
    imperfect = (spiel.get_type().information
                 == pyspiel.GameType.Information.IMPERFECT_INFORMATION)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots: list[Any] = []
    for seat in range(spiel.num_players()):
        if seat == 0 and imperfect:  # OpenSpiel's ISMCTS is for imperfect information only
            bot = ismcts.ISMCTSBot(spiel, evaluator, 2.0, 2, random_state=rng)
        else:
            bot = mcts.MCTSBot(spiel, 2.0, 2, evaluator, random_state=rng)
        bots.append(FreshSearch(bot))
    state = spiel.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    assert state.is_terminal()
    assert len(returns) == spiel.num_players()
    assert returns == state.returns()
