"""The Glen More game object: set-up, loading, agents and encodings."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import ModuleType
from typing import Any

from clanboard.core import Game, Move, SearchHints, State
from clanboard.games.glen_more.state import GlenMoreState


class GlenMore(Game):
    id = "glen-more"
    name = "Glen More"
    min_players = 2
    max_players = 5
    #: only the stacks' order is hidden, and it is drawn by chance when needed
    imperfect_information = False
    zero_sum = False

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        state = GlenMoreState(self, num_players, seed, options)
        state.setup()
        return state

    def _state_from_json(
        self, num_players: int, seed: int, options: dict[str, Any], body: Any
    ) -> State:
        from clanboard.games.glen_more.serial import from_json

        return from_json(self, num_players, seed, options, body)

    def agents(self) -> Mapping[str, Any]:
        from clanboard.games.glen_more.agents import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def search_hints(self) -> SearchHints:
        from clanboard.games.glen_more.hints import GlenMoreHints

        return GlenMoreHints()

    def num_distinct_actions(self, num_players: int, options: Mapping[str, Any]) -> int:
        from clanboard.games.glen_more.encoding import NUM_ACTIONS

        return NUM_ACTIONS

    def max_chance_outcomes(self, num_players: int, options: Mapping[str, Any]) -> int:
        from clanboard.games.glen_more.encoding import NUM_CHANCE

        return NUM_CHANCE

    def observation_tensor_size(self, num_players: int, options: Mapping[str, Any]) -> int:
        from clanboard.games.glen_more.encoding import tensor_size

        return tensor_size(num_players)

    def max_game_length(self, num_players: int, options: Mapping[str, Any]) -> int:
        from clanboard.games.glen_more.encoding import MAX_GAME_LENGTH

        return MAX_GAME_LENGTH

    # the RL adapters' fast paths: the same results as the Game defaults, computed faster

    def legal_actions(self, state: State, player: int) -> dict[int, Move]:
        return _encoding().legal_actions(state, player)  # type: ignore[arg-type,return-value]

    def chance_actions(self, state: State) -> list[tuple[int, Move, float]]:
        return _encoding().chance_actions(state)  # type: ignore[arg-type,return-value]

    def chance_action_probs(self, state: State) -> list[tuple[int, float]]:
        return _encoding().chance_action_probs(state)  # type: ignore[arg-type]

    def chance_action_move(self, state: State, action: int) -> Move:
        return _encoding().chance_action_move(state, action)  # type: ignore[arg-type]

    def write_observation_tensor(self, state: State, player: int, out: Any) -> None:
        _encoding().write_observation_tensor(state, player, out)  # type: ignore[arg-type]

    def update_observation_tensor(self, state: State, player: int, out: Any,
                                  memo: dict[Any, Any]) -> None:
        _encoding().update_observation_tensor(state, player, out, memo)  # type: ignore[arg-type]


@cache
def _encoding() -> ModuleType:
    """The encoding module, imported on first use (it builds tables) and then kept: the
    fast paths run at every step of an RL loop."""
    from clanboard.games.glen_more import encoding

    return encoding
