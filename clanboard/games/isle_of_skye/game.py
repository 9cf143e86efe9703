"""The Isle of Skye game: options (the spec's [interp] switches), setup, encodings."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from clanboard.core import Game, InvalidState, Option, SearchHints, State
from clanboard.games.isle_of_skye.tiles import scoring_tiles


class IsleOfSkye(Game):
    id = "isle-of-skye"
    name = "Isle of Skye: From Chieftain to King"
    min_players = 2
    max_players = 5
    options = (
        Option("scoring_tiles", "", "four scoring tiles for A,B,C,D, e.g. 'S03/S07/S12/S15' "
               "(',' also works outside OpenSpiel); empty: dealt at random from the seed (R-3.2)"),
        Option("random_start_player", False, "R-3.6: draw the start player from the seed "
               "(default: seat 0)"),
        Option("hidden_gold", True, "R-5.3: others' gold is hidden all game (default); "
               "false: hidden only while pricing"),
        Option("return_only_when_stuck", True, "R-8.5: a tile returns to the bag only when no "
               "pending tile can be placed (default); false: any unplaceable tile may return"),
        Option("s09_animals_once", True, "S09: an animal near several farms counts once "
               "(default); false: once per farm"),
        Option("s13_runs", "each", "S13: count each run of >= 3 in a column (default) or at "
               "most one per column", ("each", "column")),
        Option("s14_castle_counts", True, "S14: the castle counts as a road-connected tile"),
        Option("castle_is_whisky", False, "R-10.6: the castle counts as a whisky tile for S07 "
               "and the whisky scroll (default: it does not)"),
        Option("tiebreak", "leftover", "R-10.5: tie-break by leftover gold (gold mod 5, "
               "default) or total gold", ("leftover", "total")),
        Option("tile_reading", "cn", "disputed tiles (data README): CN's reading (primary) or "
               "HQ's", ("cn", "hq")),
    )
    variants = {
        "standard": {},
        # a fixed set for repeatable games (the rulebook's first-game set is unknown, §14)
        "fixed-tiles": {"scoring_tiles": "S03/S07/S14/S16"},
    }
    imperfect_information = True
    simultaneous_moves = True

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        from clanboard.games.isle_of_skye.state import SkyeState

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
        from clanboard.games.isle_of_skye.state import SkyeState

        parse_scoring(options["scoring_tiles"])
        return SkyeState.from_json(self, num_players, seed, options, body)

    def agents(self) -> Mapping[str, Any]:
        from clanboard.games.isle_of_skye.agents import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def search_hints(self) -> SearchHints:
        from clanboard.games.isle_of_skye.hints import SkyeHints

        return SkyeHints()

    def num_distinct_actions(self, num_players: int, options: Mapping[str, Any]) -> int:
        from clanboard.games.isle_of_skye import encoding

        return encoding.NUM_ACTIONS

    def max_chance_outcomes(self, num_players: int, options: Mapping[str, Any]) -> int:
        from clanboard.games.isle_of_skye import encoding

        return encoding.MAX_CHANCE

    def observation_tensor_size(self, num_players: int, options: Mapping[str, Any]) -> int:
        from clanboard.games.isle_of_skye import encoding

        return encoding.tensor_size(num_players)

    def max_game_length(self, num_players: int, options: Mapping[str, Any]) -> int:
        from clanboard.games.isle_of_skye.tiles import round_track

        # 4 deals, then per round 3n draws, 3n pricing sub-moves, n buy turns, 2n builds
        return 4 + len(round_track(num_players)) * 9 * num_players


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
