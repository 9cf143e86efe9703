"""The Glen More game object: set-up, loading, agents and encodings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import clanboard.games.glen_more.encoding as encoding
from clanboard.core import Game, InvalidState, Move, SearchHints, State
from clanboard.games.glen_more.constants import DIE, GAP
from clanboard.games.glen_more.data import TILE_BY_ID
from clanboard.games.glen_more.moves import NOPOS, pos
from clanboard.games.glen_more.serial import LISTS, SCALARS
from clanboard.games.glen_more.state import GlenMoreState
from clanboard.games.glen_more.territory import Territory


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
        return from_json(self, num_players, seed, options, body)

    def agents(self) -> Mapping[str, Any]:
        # not at the top: the AI's modules load only when asked for
        from clanboard.games.glen_more.agents import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def search_hints(self) -> SearchHints:
        # not at the top: the AI's modules load only when asked for
        from clanboard.games.glen_more.hints import GlenMoreHints

        return GlenMoreHints()

    def num_distinct_actions(self, num_players: int, options: Mapping[str, Any]) -> int:
        return encoding.NUM_ACTIONS

    def max_chance_outcomes(self, num_players: int, options: Mapping[str, Any]) -> int:
        return encoding.NUM_CHANCE

    def observation_tensor_size(self, num_players: int, options: Mapping[str, Any]) -> int:
        return encoding.tensor_size(num_players)

    def observation_tensor_bounds(self, num_players: int, options: Mapping[str, Any]
                                  ) -> tuple[list[float], list[float]]:
        """Each tensor item's declared bounds (see the encoding; the RL adapters' Box)."""
        return encoding.observation_tensor_bounds(num_players)

    def max_game_length(self, num_players: int, options: Mapping[str, Any]) -> int:
        return encoding.MAX_GAME_LENGTH

    # the RL adapters' fast paths: the same results as the Game defaults, computed faster

    def legal_actions(self, state: State, player: int) -> dict[int, Move]:
        return encoding.legal_actions(state, player)  # type: ignore[arg-type,return-value]

    def chance_actions(self, state: State) -> list[tuple[int, Move, float]]:
        return encoding.chance_actions(state)  # type: ignore[arg-type,return-value]

    def chance_action_probs(self, state: State) -> list[tuple[int, float]]:
        return encoding.chance_action_probs(state)  # type: ignore[arg-type]

    def chance_action_move(self, state: State, action: int) -> Move:
        return encoding.chance_action_move(state, action)  # type: ignore[arg-type]

    def write_observation_tensor(self, state: State, player: int, out: Any) -> None:
        encoding.write_observation_tensor(state, player, out)  # type: ignore[arg-type]

    def update_observation_tensor(self, state: State, player: int, out: Any,
                                  memo: dict[Any, Any]) -> None:
        encoding.update_observation_tensor(state, player, out, memo)  # type: ignore[arg-type]


def from_json(game: Game, n: int, seed: int, options: dict[str, Any],
              body: Mapping[str, Any]) -> GlenMoreState:
    """The state written by :func:`.serial.to_json` (each field checked)."""
    def tile(v: Any) -> int:
        if v not in TILE_BY_ID:
            raise InvalidState(f"unknown tile {v!r}; tiles are T01-T67 and S1-S5")
        return TILE_BY_ID[v]

    s = GlenMoreState(game, n, seed, options)
    for k in SCALARS:  # each is read with its type below (a compiled state checks types)
        if k not in body:
            raise InvalidState(f"glen-more state lacks {k!r}")
    for k in ("head", "phase", "cur", "mode", "left", "used", "then_slot", "then_rule", "mp",
              "gain_left", "gain_slot"):
        setattr(s, k, int(body[k]))
    s.ness_used, s.oich = bool(body["ness_used"]), bool(body["oich"])
    for k in LISTS:
        setattr(s, k, [int(v) for v in body[k]])
    s.tile = tile(body["tile"]) if body["tile"] is not None else -1
    s.tpos = pos(*map(int, body["tpos"])) if body["tpos"] is not None else NOPOS
    track = []
    for v in body["track"]:
        if v == "die":
            track.append(DIE)
        elif v == "gap":
            track.append(GAP)
        elif isinstance(v, int):
            track.append(-v - 1)
        else:
            track.append(tile(v))
    s.track = track
    s.stacks = [[tile(v) for v in st] for st in body["stacks"]]
    s.discarded = [tile(v) for v in body["discarded"]]
    s.terr = []
    for rows in body["territories"]:
        terr = Territory()
        for r in rows:
            slot = terr.add(tile(r["tile"]), pos(int(r["x"]), int(r["y"])))
            terr.res[slot * 5: slot * 5 + 5] = [int(v) for v in r["res"]]
            terr.clan[slot] = int(r["clan"])
        s.terr.append(terr)
    s.scorings = [dict(x) for x in body["scorings"]]
    s.final = dict(body["final"]) if body["final"] else None
    return s
