"""Isle of Skye's hints for the generic search: the candidates and playout policy of
:class:`~clanboard.games.isle_of_skye.agents.SkyeHints`, plus a position evaluation and
move priors (see docs/ai.md).

The search evaluates determinizations, where the other seats' secret prices are
re-dealt, so the evaluation may read every seat's gold and prices as they stand there.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from clanboard.core import Move, State
from clanboard.games.isle_of_skye import scoring
from clanboard.games.isle_of_skye.agents import SkyeHints as PlayoutHints
from clanboard.games.isle_of_skye.agents import remaining_weights
from clanboard.games.isle_of_skye.moves import PASS, Place
from clanboard.games.isle_of_skye.state import CASTLE_INCOME, SkyeState
from clanboard.games.isle_of_skye.tiles import STEP

#: gold per VP while tiles can still be bought with it (at the end 5 gold make 1 VP)
GOLD_PER_VP = 3.0
#: spread of the final scores around the projection, in VP: at the end and per round
#: still to play (win chances come from the projected margins over this)
SPREAD_END = 2.0
SPREAD_PER_ROUND = 3.0
MAJORITY = {"S07", "S08", "S10"}


def rounds_left(s: SkyeState) -> int:
    """Rounds still to be scored, the current one included."""
    if s.phase == "over":
        return 0
    return s.rounds - max(s.round, 1) + 1


def whisky_income(s: SkyeState, seat: int) -> int:
    """Gold the seat's whisky on roads to the castle pays each round (R-4)."""
    terr = s.territories[seat]
    return sum(1 for c in terr.road_connected()
               if terr.cells[c][0].count("whisky") and not terr.cells[c][0].castle)


def projected_scores(s: SkyeState) -> list[float]:
    """Each seat's final VP if its territory stayed as it is: every active scoring tile
    scored as it stands for each time it still scores, the scrolls, and gold (with the
    income to come) at what it buys."""
    n = s.num_players
    out = [float(v) for v in s.vp]
    if s.phase == "over":
        return out
    rules = s.rules
    terrs = s.territories
    gold = [s.total_gold(p) for p in range(n)]
    for sid, times in remaining_weights(s).items():
        if sid in MAJORITY:
            vps = scoring.score_tile(sid, terrs, gold, rules)
            for p in range(n):
                out[p] += times * vps[p]
        else:
            f = scoring.SOLO[sid]
            for p in range(n):
                out[p] += times * f(terrs[p], rules)
    later = rounds_left(s) - 1  # incomes still to come
    for p in range(n):
        out[p] += scoring.scroll_points(terrs[p], rules)
        income = later * (CASTLE_INCOME + whisky_income(s, p))
        out[p] += (gold[p] + income) / (GOLD_PER_VP if later > 0 else 5.0)
    return out


def contact(cells: Mapping[tuple[int, int], object], x: int, y: int) -> int:
    """Tiles a tile placed on ``x,y`` would touch edge to edge."""
    return sum((x + dx, y + dy) in cells for dx, dy in STEP)


def finish_round(s: SkyeState) -> None:
    """Play the buy and build phases in progress to their end, in place: nobody buys
    any more, and each tile goes where it touches the most tiles (returned when it fits
    nowhere). The round is then scored and the next one dealt up to its pricing."""
    for _ in range(64):
        if s.phase == "buy":
            s.apply_trusted(PASS, s.current_player())
        elif s.phase == "build":
            seat = s.builder()
            cells = s.territories[seat].cells
            moves = s.legal_moves(seat)
            s.apply_trusted(max(moves, key=lambda m: _contact_of(cells, m)), seat)
        else:
            return


def _contact_of(cells: Mapping[tuple[int, int], object], move: Any) -> int:
    """A placement's contact; -1 for a return (only when the tile fits nowhere)."""
    return contact(cells, move.x, move.y) if isinstance(move, Place) else -1


def win_chances(scores: list[float], spread: float) -> list[float]:
    """Each seat's chance to finish first when the final scores scatter around
    ``scores`` by about ``spread`` (a softmax of the margins)."""
    top = max(scores)
    weights = [math.exp((v - top) / spread) for v in scores]
    total = sum(weights)
    return [w / total for w in weights]


class SkyeHints(PlayoutHints):
    """Candidates and playouts as the base hints; a position is worth each seat's chance
    to win from the projected final scores; placements are ranked by how many tiles
    they touch (squares, closed areas and short roads come from compact territories).

    Off unless ``enabled``: at 300 iterations against two heuristic players the search
    did worse with them than with playouts to the end (docs/ai.md), so the game's
    levels keep the playouts."""

    def __init__(self, enabled: bool = False) -> None:
        self.enabled = enabled

    def evaluate(self, state: State) -> list[float] | None:
        if not self.enabled or not isinstance(state, SkyeState):
            return None
        if state.phase == "over":
            return state.returns()
        if state.phase in ("buy", "build"):  # judge whole rounds: tiles count once built
            state = state.clone()
            state.auto_chance = True
            finish_round(state)
            if state.phase == "over":
                return state.returns()
        spread = SPREAD_END + SPREAD_PER_ROUND * rounds_left(state)
        return win_chances(projected_scores(state), spread)

    def move_priors(self, state: State, player: int, moves: list[Move]) -> list[float] | None:
        if not self.enabled or not isinstance(state, SkyeState) or state.phase != "build":
            return None
        cells = state.territories[player].cells
        return [float(_contact_of(cells, m)) for m in moves]


__all__ = ["SkyeHints", "projected_scores", "win_chances"]
