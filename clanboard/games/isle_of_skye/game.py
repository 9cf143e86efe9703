"""The Isle of Skye game: options (the spec's [interp] switches), setup, encodings."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import clanboard.games.isle_of_skye.encoding as encoding
from clanboard.core import Game, InvalidState, Move, Option, SearchHints, State
from clanboard.games.isle_of_skye.state import SkyeState
from clanboard.games.isle_of_skye.tiles import round_track, scoring_tiles


class IsleOfSkye(Game):
    id = "isle-of-skye"
    name = "Isle of Skye: From Chieftain to King"
    min_players = 2
    max_players = 5
    options = (
        Option("scoring_tiles", "", "the four scoring tiles for the letters A, B, C, D, e.g. "
               "S03/S07/S12/S15; leave empty to deal them at random"),
        Option("random_start_player", False, "pick the start player at random (otherwise "
               "the first seat starts)"),
        Option("hidden_gold", True, "keep every player's gold secret all game; when off, gold "
               "is secret only while prices are being set"),
        Option("return_only_when_stuck", True, "a tile goes back to the bag only when none of "
               "your tiles can be placed; when off, any tile that fits nowhere may go back"),
        Option("s09_animals_once", True, "Animals at farms: an animal next to several farms "
               "counts once; when off, once per farm"),
        Option("s13_runs", "each", "Vertical lines: count every line of 3 or more tiles in a "
               "column (each), or at most one per column (column)", ("each", "column")),
        Option("s14_castle_counts", True, "Tiles on the road network: the castle counts as one "
               "of the tiles"),
        Option("castle_is_whisky", False, "the castle counts as a whisky tile for Most whisky "
               "and the whisky scroll (its barrel icon is only income by default)"),
        Option("tiebreak", "leftover", "ties are broken by the gold left over after the "
               "1 VP per 5 gold (leftover) or by all gold (total)", ("leftover", "total")),
        Option("tile_reading", "cn", "14 tiles are printed differently in the two sources of "
               "tile data: which reading to use", ("cn", "hq")),
    )
    variants = {
        "standard": {},
        # a fixed set for repeatable games (the rulebook's first-game set is unknown, §14)
        "fixed-tiles": {"scoring_tiles": "S03/S07/S14/S16"},
    }
    imperfect_information = True
    simultaneous_moves = True

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        state = SkyeState(self, num_players, seed, options)
        if options["random_start_player"]:
            state.start = state.rng.randrange(num_players)
        fixed = parse_scoring(options["scoring_tiles"])
        if fixed:
            state.scoring = fixed
            state._begin_round()
        return state

    def _state_from_json(
        self, num_players: int, seed: int, options: dict[str, Any], body: Any
    ) -> State:
        parse_scoring(options["scoring_tiles"])
        return SkyeState.from_json(self, num_players, seed, options, body)

    def agents(self) -> Mapping[str, Any]:
        # not at the top: the AI's modules load only when asked for
        from clanboard.games.isle_of_skye.agents import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def search_hints(self) -> SearchHints:
        # not at the top: the AI's modules load only when asked for
        from clanboard.games.isle_of_skye.hints import SkyeHints

        return SkyeHints()

    def num_distinct_actions(self, num_players: int, options: Mapping[str, Any]) -> int:
        return encoding.NUM_ACTIONS

    def max_chance_outcomes(self, num_players: int, options: Mapping[str, Any]) -> int:
        return encoding.MAX_CHANCE

    def observation_tensor_size(self, num_players: int, options: Mapping[str, Any]) -> int:
        return encoding.tensor_size(num_players)

    def observation_tensor_bounds(self, num_players: int, options: Mapping[str, Any]
                                  ) -> tuple[list[float], list[float]]:
        """Each tensor item's declared bounds (see the encoding; the RL adapters' Box)."""
        return encoding.observation_tensor_bounds(num_players)

    def max_game_length(self, num_players: int, options: Mapping[str, Any]) -> int:
        # 4 deals, then per round 3n draws, 3n pricing sub-moves, n buy turns, 2n builds
        return 4 + len(round_track(num_players)) * 9 * num_players

    # the RL adapters' fast paths: the same results as the Game defaults, computed faster

    def legal_actions(self, state: State, player: int) -> dict[int, Move]:
        return encoding.legal_actions(state, player)  # type: ignore[arg-type]

    def legal_action_ids(self, state: State, player: int) -> list[int]:
        return encoding.legal_action_ids(state, player)  # type: ignore[arg-type,no-any-return]

    def legal_action_move(self, state: State, player: int, action: int) -> Move:
        return encoding.legal_action_move(state, player, action)  # type: ignore[arg-type,no-any-return]

    def chance_actions(self, state: State) -> list[tuple[int, Move, float]]:
        return encoding.chance_actions(state)  # type: ignore[arg-type,return-value]

    def chance_action_probs(self, state: State) -> list[tuple[int, float]]:
        return encoding.chance_action_probs(state)  # type: ignore[arg-type]

    def chance_action_move(self, state: State, action: int) -> Move:
        return encoding.chance_action_move(state, action)  # type: ignore[arg-type,no-any-return]

    def write_observation_tensor(self, state: State, player: int, out: Any) -> None:
        encoding.write_observation_tensor(state, player, out)  # type: ignore[arg-type]

    def update_observation_tensor(self, state: State, player: int, out: Any,
                                  memo: dict[Any, Any]) -> None:
        encoding.update_observation_tensor(state, player, out, memo)  # type: ignore[arg-type]


def parse_scoring(text: str) -> list[str]:
    """The ``scoring_tiles`` option as a list (empty: deal at random)."""
    if not text.strip():
        return []
    ids = [s.upper() for s in re.split(r"[\s,/+]+", text.strip())]
    known = scoring_tiles()
    bad = [s for s in ids if s not in known]
    if len(ids) != 4 or bad or len(set(ids)) != 4:
        raise InvalidState(
            f"option scoring_tiles needs 4 distinct ids of S01-S16 for A,B,C,D "
            f"(e.g. S03/S07/S12/S15), got {text!r}"
        )
    return ids
