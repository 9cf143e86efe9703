"""Glen More's hints for the generic search: the playout policy and candidates of
:class:`~clanboard.games.glen_more.agents.GlenMoreHints`, plus a position evaluation and
move priors (see docs/ai.md). Everything in Glen More is public, so both read the
position as it is."""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from clanboard.core import Move, State
from clanboard.core.weights import ShippedWeights, WeightedHints
from clanboard.games.glen_more.agents import GlenMoreHints as PlayoutHints
from clanboard.games.glen_more.agents import HeuristicAgent, pay_choice
from clanboard.games.glen_more.data import CARDS, TILES, final_vp_per_tile, table_vp
from clanboard.games.glen_more.moves import ACT, END, END_MOVE, GAIN, PLACE, SELL, TAKE, GMove
from clanboard.games.glen_more.state import (
    P_ACT,
    P_ACTPAY,
    P_GAIN,
    P_OVER,
    P_PAY,
    P_PLACE,
    P_TAKE,
    GlenMoreState,
    is_counted,
    marker,
)

STACK_TILES = sum(1 for t in TILES if t.stack >= 0)
#: steps of a turn in progress played out (greedily) before a position is judged
FINISH_STEPS = 40

WEIGHTS_FILE = Path(__file__).with_name("data") / "weights.json"
"""The evaluation's weights (read once), in VP of a seat's projected final score: the
scoring rounds still to come on today's standings (``scoring``), the final-scoring cards
on today's tiles (``final_cards``), the share of today's tile-count penalty expected to
stand (``penalty_share``); per resource held (``resource``: it buys tiles and feeds
activations), per tile with an activation (``activation``: its future outputs) and per
place a figure stands ahead of the hindmost one on the track (``tempo``, a loss: the
seats behind it move first), each scaled by the share of stack tiles still to come, and
their ``*_late`` twins scaled by the share already drawn; per clansman beyond the first
(``clansman``, plus ``clansman_early`` scaled by the share to come); and the scatter of
the final scores around the projection (``spread_end`` at the end, plus
``spread_per_tile`` per stack tile still to come), which turns projected margins into
win chances; ``lookahead``, the moves played on as heuristic players would before the
projection (:func:`play_ahead`; 0: none). ``clanboard tune glen-more`` fits them by
self-play."""


SHIPPED = ShippedWeights(WEIGHTS_FILE, "glen-more")


class Weights:
    """The evaluation's weights, unpacked for speed (see :data:`WEIGHTS_FILE`)."""

    __slots__ = ("values", "scoring", "final_cards", "penalty_share", "resource",
                 "resource_late", "activation", "activation_late", "clansman",
                 "clansman_early", "tempo", "tempo_late", "spread_end", "spread_per_tile",
                 "lookahead")

    def __init__(self, values: Mapping[str, float]) -> None:
        self.values = dict(values)
        self.scoring = values["scoring"]
        self.final_cards = values["final_cards"]
        self.penalty_share = values["penalty_share"]
        self.resource = values["resource"]
        self.resource_late = values["resource_late"]
        self.activation = values["activation"]
        self.activation_late = values["activation_late"]
        self.clansman = values["clansman"]
        self.clansman_early = values["clansman_early"]
        self.tempo = values["tempo"]
        self.tempo_late = values["tempo_late"]
        self.spread_end = values["spread_end"]
        self.spread_per_tile = values["spread_per_tile"]
        self.lookahead = round(values["lookahead"])


@cache
def _default_weights() -> Weights:
    return Weights(SHIPPED.values())


def progress_left(s: GlenMoreState) -> float:
    """The share of the stack tiles still to be drawn (1 at the start, 0 at the end)."""
    return sum(len(st) for st in s.stacks) / STACK_TILES


def scorings_left(s: GlenMoreState) -> int:
    """Scoring rounds still to come: one when each of stacks 1-3 runs out."""
    return sum(1 for k in (1, 2, 3) if s.stacks[k])


def projected_scores(s: GlenMoreState, w: Weights | None = None) -> list[float]:
    """Each seat's final VP if today's standings held: the scoring rounds to come on
    today's whisky, chieftains (+ hats) and cards, the final cards, coins and tile-count
    penalty, plus what resources, activations and clansmen may still bring."""
    w = w or _default_weights()
    n = s.num_players
    out = [float(v) for v in s.vp]
    if s.phase == P_OVER:
        return out
    rounds = scorings_left(s)
    left = progress_left(s)
    done = 1.0 - left
    if rounds:
        for values in ([*s.whisky], [s.chieftain_strength(p) for p in range(n)],
                       [s.cards[p].bit_count() for p in range(n)]):
            low = min(values)
            for p in range(n):
                out[p] += w.scoring * rounds * table_vp(values[p] - low)
    resource = w.resource * left + w.resource_late * done
    activation = w.activation * left + w.activation_late * done
    tempo = w.tempo * left + w.tempo_late * done
    clansman = w.clansman + w.clansman_early * left
    sizes = [len(t) for t in s.terr]
    smallest = min(sizes)
    for p in range(n):
        terr = s.terr[p]
        out[p] += s.coins[p] + w.final_cards * _final_cards(s, p)
        out[p] -= 3 * w.penalty_share * (sizes[p] - smallest)
        out[p] += resource * sum(terr.have())
        active = sum(1 for tl in terr.tiles if TILES[tl].rules)
        out[p] += activation * active
        out[p] += clansman * (terr.clansmen() - 1)
        out[p] -= tempo * s.track.index(marker(p))
    return out


def finish_turn(s: GlenMoreState) -> None:
    """Play the turn in progress to its end, in place, the way a careful player would
    without looking ahead (:func:`turn_step`)."""
    for _ in range(FINISH_STEPS):
        if s.phase in (P_TAKE, P_OVER) or s.current_player() < 0:
            return
        p = s.cur
        s.apply_trusted(turn_step(s, p), p)


def play_ahead(s: GlenMoreState, moves: int) -> None:
    """Play on, in place, for ``moves`` moves as heuristic players would (the heuristic's
    tile or sale, then :func:`turn_step`), then to the end of the turn in progress: what
    a territory's engine yields in the coming turns, which the projection only guesses."""
    for _ in range(moves):
        if s.phase == P_OVER or s.current_player() < 0:
            return
        p = s.cur
        move = _JUDGE.take(s, p, s.legal_moves(p)) if s.phase == P_TAKE else turn_step(s, p)
        s.apply_trusted(move, p)
    finish_turn(s)


def turn_step(s: GlenMoreState, p: int) -> Move:
    """The next step of ``p``'s turn in progress without looking ahead: the best square
    by the heuristic, payment from one's own goods, the dearest good gained, every
    activation in list order, then end (clansmen stay where they are)."""
    ph = s.phase
    if ph == P_PLACE:
        return max(s.legal_moves(p), key=lambda m: _JUDGE.spot_value(s, p, m))  # type: ignore[arg-type]
    if ph in (P_PAY, P_ACTPAY):
        return pay_choice(s, p, s._pay_moves(p, sells=False) or s._pay_moves(p))
    if ph == P_GAIN:
        return max(s.legal_moves(p), key=lambda m: s.market[m.arg])  # type: ignore[attr-defined]
    if ph == P_ACT:
        acts = s._act_moves(p)
        return acts[0] if acts else END_MOVE
    return END_MOVE


def _final_cards(s: GlenMoreState, p: int) -> int:
    vp = 0
    for c in CARDS:
        if c.timing == "final" and s.cards[p] >> c.index & 1:
            per, what = final_vp_per_tile(c)
            vp += per * sum(1 for tl in s.terr[p].tiles if is_counted(TILES[tl], what))
    return vp


def win_chances(scores: list[float], spread: float) -> list[float]:
    """Each seat's chance to finish first when the final scores scatter around
    ``scores`` by about ``spread`` (a softmax of the margins)."""
    top = max(scores)
    weights = [math.exp((v - top) / spread) for v in scores]
    total = sum(weights)
    return [w / total for w in weights]


class GlenMoreHints(WeightedHints, PlayoutHints):
    """Playouts and candidates as the base hints; a position is worth each seat's chance
    to win from the projected final scores; moves are ranked like the heuristic player
    ranks tiles and squares, activations before ending and selling.

    On in the levels: at equal time the evaluation buys ~26x the iterations of playouts
    to the end, and the searches won more points and games with it (docs/ai.md);
    ``enabled=False`` drops the evaluation and priors (playouts to the end)."""

    shipped = SHIPPED

    def __init__(self, enabled: bool = True, weights: Mapping[str, float] | None = None) -> None:
        self.enabled = enabled
        if weights:
            self._weights = Weights(SHIPPED.values(weights))
        else:
            self._weights = _default_weights()

    def with_weights(self, weights: Mapping[str, float]) -> GlenMoreHints:
        return GlenMoreHints(self.enabled, {**self._weights.values, **weights})

    def evaluate(self, state: State) -> list[float] | None:
        if not self.enabled or not isinstance(state, GlenMoreState):
            return None
        if state.phase == P_OVER:
            return state.returns()
        w = self._weights
        if state.phase != P_TAKE or w.lookahead:  # judge whole turns: gains come at the end
            state = state.clone()
            state.auto_chance = True
            finish_turn(state)
            if w.lookahead:
                play_ahead(state, w.lookahead)
            if state.phase == P_OVER:
                return state.returns()
        spread = w.spread_end + w.spread_per_tile * STACK_TILES * progress_left(state)
        return win_chances(projected_scores(state, w), spread)

    def move_priors(self, state: State, player: int, moves: list[Move]) -> list[float] | None:
        if not self.enabled or not isinstance(state, GlenMoreState):
            return None
        judge = _JUDGE
        out: list[float] = []
        for m in moves:
            if not isinstance(m, GMove):
                out.append(0.0)
                continue
            op = m.op
            if op == TAKE:
                out.append(judge.tile_value(state, player, m))
            elif op == PLACE:
                out.append(judge.spot_value(state, player, m))
            elif op == ACT:
                out.append(1.0)
            elif op == GAIN:
                out.append(float(state.market[m.arg]))
            elif op == END:
                out.append(0.5)
            elif op == SELL:
                out.append(-1.0 + 0.3 * state.market[m.arg])
            else:
                out.append(0.0)
        return out


class _Judge(HeuristicAgent):
    """The heuristic player's tile and square scores without its random tie-breaks."""

    def __init__(self) -> None:
        super().__init__(seed=0)

    def tile_value(self, s: GlenMoreState, p: int, move: GMove) -> float:
        self.rng.state = 0
        return self._tile_score(s, p, move)

    def spot_value(self, s: GlenMoreState, p: int, move: GMove) -> float:
        self.rng.state = 0
        return self._spot(s, p, move)

    def take(self, s: GlenMoreState, p: int, moves: list[Move]) -> Move:
        self.rng.state = 0
        return self._take(s, p, moves)


_JUDGE = _Judge()


__all__ = ["GlenMoreHints", "projected_scores", "win_chances"]
