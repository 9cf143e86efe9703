"""Isle of Skye's hints for the generic search: the playout policy of
:class:`~clanboard.games.isle_of_skye.agents.SkyeHints`, plus a position evaluation,
price candidates and move priors built on the round model (``model.py``; docs/ai.md).

The search evaluates determinizations, where the other seats' secret prices are
re-dealt, so the evaluation may read every seat's gold and prices as they stand there.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache
from pathlib import Path

import clanboard.games.isle_of_skye.model as model
import clanboard.games.isle_of_skye.scoring as scoring
from clanboard.core import Move, State
from clanboard.core.weights import ShippedWeights, WeightedHints
from clanboard.games.isle_of_skye.agents import GOLD_PER_VP as GOLD_PER_VP_BUY
from clanboard.games.isle_of_skye.agents import SkyeHints as PlayoutHints
from clanboard.games.isle_of_skye.agents import remaining_weights, territory_value
from clanboard.games.isle_of_skye.constants import CASTLE_INCOME
from clanboard.games.isle_of_skye.moves import Buy, Place, Price
from clanboard.games.isle_of_skye.state import SkyeState
from clanboard.games.isle_of_skye.tiles import STEP

MAJORITY = {"S07", "S08", "S10"}

WEIGHTS_FILE = Path(__file__).with_name("data") / "weights.json"
"""The evaluation's and the placement prior's weights (read once): gold per VP while
tiles can still be bought with it (``gold_per_vp``; after the last income 5 gold make
1 VP, by the rules); the scatter of the final scores around the projection, in VP, at
the end (``spread_end``) plus per round still to play (``spread_per_round``), which
turns projected margins into win chances; and the placement prior's bonus per tile a
placement touches (``contact``). ``clanboard tune isle-of-skye`` fits them by self-play."""


SHIPPED = ShippedWeights(WEIGHTS_FILE, "isle-of-skye")


class Weights:
    """The weights, unpacked for speed (see :data:`WEIGHTS_FILE`)."""

    __slots__ = ("values", "gold_per_vp", "spread_end", "spread_per_round", "contact")

    def __init__(self, values: Mapping[str, float]) -> None:
        self.values = dict(values)
        self.gold_per_vp = values["gold_per_vp"]
        self.spread_end = values["spread_end"]
        self.spread_per_round = values["spread_per_round"]
        self.contact = values["contact"]


@cache
def _default_weights() -> Weights:
    return Weights(SHIPPED.values())


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


def projected_scores(s: SkyeState, w: Weights | None = None) -> list[float]:
    """Each seat's final VP if its territory stayed as it is: every active scoring tile
    scored as it stands for each time it still scores, the scrolls, and gold (with the
    income to come) at what it buys."""
    w = w or _default_weights()
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
        out[p] += (gold[p] + income) / (w.gold_per_vp if later > 0 else 5.0)
    return out


def contact(cells: Mapping[tuple[int, int], object], x: int, y: int) -> int:
    """Tiles a tile placed on ``x,y`` would touch edge to edge."""
    return sum((x + dx, y + dy) in cells for dx, dy in STEP)


def win_chances(scores: list[float], spread: float) -> list[float]:
    """Each seat's chance to finish first when the final scores scatter around
    ``scores`` by about ``spread`` (a softmax of the margins)."""
    top = max(scores)
    weights = [math.exp((v - top) / spread) for v in scores]
    total = sum(weights)
    return [w / total for w in weights]


class SkyeHints(WeightedHints, PlayoutHints):
    """A position is worth each seat's chance to win from the projected final scores,
    once the round in progress is played out as heuristic players would play it
    (:mod:`~clanboard.games.isle_of_skye.model`). Prices are searched among a few
    candidates per tile drawn from what the tile is worth to each seat; buys rank by
    surplus, placements by the heuristic's territory value.

    ``enabled=False`` drops the evaluation, priors and priced candidates (the playout
    hints alone); ``weights`` replaces some of the shipped weights."""

    shipped = SHIPPED

    def __init__(self, enabled: bool = True, weights: Mapping[str, float] | None = None) -> None:
        self.enabled = enabled
        if weights:
            self._weights = Weights(SHIPPED.values(weights))
        else:
            self._weights = _default_weights()

    def with_weights(self, weights: Mapping[str, float]) -> SkyeHints:
        return SkyeHints(self.enabled, {**self._weights.values, **weights})

    def candidate_moves(self, state: State, player: int) -> list[Move]:
        if not self.enabled or not isinstance(state, SkyeState) or state.phase != "price":
            return super().candidate_moves(state, player)
        moves = state.legal_moves(player)
        if not moves or not isinstance(moves[0], Price):
            return moves
        tile = moves[0].tile
        top = max(m.amount for m in moves)
        return [Price(tile, a) for a in model.price_options(state, player, tile, top)]

    def evaluate(self, state: State) -> list[float] | None:
        if not self.enabled or not isinstance(state, SkyeState):
            return None
        if state.phase == "over":
            return state.returns()
        if state.phase != "price" or any(state.discard):  # a round under way: play it out
            state = state.clone()
            state.auto_chance = True
            model.finish_round(state)
            if state.phase == "over":
                return state.returns()
        w = self._weights
        spread = w.spread_end + w.spread_per_round * rounds_left(state)
        return win_chances(projected_scores(state, w), spread)

    def move_priors(self, state: State, player: int, moves: list[Move]) -> list[float] | None:
        if not self.enabled or not isinstance(state, SkyeState):
            return None
        if state.phase == "build":
            contact_vp = self._weights.contact
            return [_placement_value(state, player, m, contact_vp) for m in moves]
        if state.phase == "buy":
            return [_surplus(state, player, m) for m in moves]
        return None


def _placement_value(state: SkyeState, seat: int, move: Move, contact_vp: float) -> float:
    """The heuristic's territory value after the placement, plus ``contact_vp`` per
    tile it touches (a return: below any)."""
    if not isinstance(move, Place):
        return -math.inf
    terr = state.territories[seat].copy()
    terr.place(state.tiles[move.tile], (move.x, move.y), move.rot)
    return territory_value(state, terr, remaining_weights(state)) + contact_vp * contact(
        state.territories[seat].cells, move.x, move.y)


def _surplus(state: SkyeState, seat: int, move: Move) -> float:
    """What a buy is worth to the seat over its price, in gold (a pass: 0)."""
    if not isinstance(move, Buy):
        return 0.0
    owner = next(q for q in range(state.num_players) if move.tile in state.prices[q])
    return GOLD_PER_VP_BUY * model.gain(state, seat, move.tile) - state.prices[owner][move.tile]


__all__ = ["SkyeHints", "projected_scores", "win_chances"]
