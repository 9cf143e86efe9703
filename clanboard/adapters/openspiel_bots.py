"""OpenSpiel's Python search bots in OpenSpiel's own game loop.

``open_spiel.python.algorithms.evaluate_bots`` calls ``restart_at`` and ``inform_action`` on
every bot; OpenSpiel's Python ``ISMCTSBot`` and ``MCTSBot`` implement neither (the call raises
``RestartAt(state) not implemented``, on OpenSpiel's own games too), though both search
afresh from the state they are given at every step. :class:`FreshSearch` gives them the two
calls, so they run in ``evaluate_bots`` on every clanboard game::

    bots = [FreshSearch(ismcts.ISMCTSBot(game, evaluator, 2.0, 20)), ...]
    evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))
"""

from __future__ import annotations

from typing import Any

import pyspiel


class FreshSearch(pyspiel.Bot):  # type: ignore[misc]
    """A bot that searches from each state it is asked about and keeps nothing between
    steps: ``restart_at`` only clears the search's own memory, moves it is told of are
    ignored (the next search starts from the state that follows them)."""

    def __init__(self, bot: Any) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bot

    def step(self, state: pyspiel.State) -> int:
        return int(self.bot.step(state))

    def restart_at(self, state: pyspiel.State) -> None:
        reset = getattr(self.bot, "reset", None)
        if callable(reset):
            reset()

    def inform_action(self, state: pyspiel.State, player_id: int, action: int) -> None:
        pass

    def inform_actions(self, state: pyspiel.State, actions: list[int]) -> None:
        pass
