"""Glen More's hints for the generic search: the playout policy and candidates of
:class:`~clanboard.games.glen_more.agents.GlenMoreHints`, plus a position evaluation and
move priors (see docs/ai.md). Everything in Glen More is public, so both read the
position as it is."""

from __future__ import annotations

import math

from clanboard.core import Move, State
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
#: VP a resource held is worth while the game has far to go (about its selling price:
#: it buys tiles and feeds activations), falling to nothing at the end
RESOURCE_VP = 1.2
#: VP per tile with an activation (its future outputs), scaled by the game left
ACTIVATION_VP = 1.5
#: VP per clansman (a future chieftain or a tile further out) and per movement point
CLANSMAN_VP = 1.0
#: share of today's tile-count gap expected to stand at the end (the penalty, R-final)
PENALTY_SHARE = 0.7
#: VP a seat loses per place it stands further along the track than the hindmost figure
#: (the seats behind it get turns first), scaled by the game left
TEMPO_VP = 0.6
#: steps of a turn in progress played out (greedily) before a position is judged
FINISH_STEPS = 40
#: spread of the final scores around the projection, in VP: at the end and per
#: stack tile still to come (win chances come from the projected margins over this)
SPREAD_END = 2.0
SPREAD_PER_TILE = 0.12


def progress_left(s: GlenMoreState) -> float:
    """The share of the stack tiles still to be drawn (1 at the start, 0 at the end)."""
    return sum(len(st) for st in s.stacks) / STACK_TILES


def scorings_left(s: GlenMoreState) -> int:
    """Scoring rounds still to come: one when each of stacks 1-3 runs out."""
    return sum(1 for k in (1, 2, 3) if s.stacks[k])


def projected_scores(s: GlenMoreState) -> list[float]:
    """Each seat's final VP if today's standings held: the scoring rounds to come on
    today's whisky, chieftains (+ hats) and cards, the final cards, coins and tile-count
    penalty, plus what resources, activations and clansmen may still bring."""
    n = s.num_players
    out = [float(v) for v in s.vp]
    if s.phase == P_OVER:
        return out
    rounds = scorings_left(s)
    left = progress_left(s)
    if rounds:
        for values in ([*s.whisky], [s.chieftain_strength(p) for p in range(n)],
                       [s.cards[p].bit_count() for p in range(n)]):
            low = min(values)
            for p in range(n):
                out[p] += rounds * table_vp(values[p] - low)
    sizes = [len(t) for t in s.terr]
    smallest = min(sizes)
    for p in range(n):
        terr = s.terr[p]
        out[p] += s.coins[p] + _final_cards(s, p)
        out[p] -= 3 * PENALTY_SHARE * (sizes[p] - smallest)
        out[p] += RESOURCE_VP * left * sum(terr.have())
        active = sum(1 for tl in terr.tiles if TILES[tl].rules)
        out[p] += ACTIVATION_VP * left * active
        out[p] += CLANSMAN_VP * (terr.clansmen() - 1)
        out[p] -= TEMPO_VP * left * s.track.index(marker(p))
    return out


def finish_turn(s: GlenMoreState) -> None:
    """Play the turn in progress to its end, in place, the way a careful player would
    without looking ahead: the best square by the heuristic, payment from one's own
    goods, every activation in list order, then end."""
    for _ in range(FINISH_STEPS):
        ph = s.phase
        if ph in (P_TAKE, P_OVER) or s.current_player() < 0:
            return
        p = s.cur
        if ph == P_PLACE:
            moves = s.legal_moves(p)
            move = max(moves, key=lambda m: _JUDGE.spot_value(s, p, m))  # type: ignore[arg-type]
        elif ph in (P_PAY, P_ACTPAY):
            move = pay_choice(s, p, s._pay_moves(p, sells=False) or s._pay_moves(p))
        elif ph == P_GAIN:
            move = max(s.legal_moves(p), key=lambda m: s.market[m.arg])  # type: ignore[attr-defined]
        elif ph == P_ACT:
            acts = s._act_moves(p)
            move = acts[0] if acts else END_MOVE
        else:
            move = END_MOVE
        s.apply_trusted(move, p)


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


class GlenMoreHints(PlayoutHints):
    """Playouts and candidates as the base hints; a position is worth each seat's chance
    to win from the projected final scores; moves are ranked like the heuristic player
    ranks tiles and squares, activations before ending and selling.

    On in the levels: at equal time the evaluation buys ~26x the iterations of playouts
    to the end, and the searches won more points and games with it (docs/ai.md);
    ``enabled=False`` drops the evaluation and priors (playouts to the end)."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled

    def evaluate(self, state: State) -> list[float] | None:
        if not self.enabled or not isinstance(state, GlenMoreState):
            return None
        if state.phase == P_OVER:
            return state.returns()
        if state.phase != P_TAKE:  # judge whole turns: a turn's gains come at its end
            state = state.clone()
            state.auto_chance = True
            finish_turn(state)
            if state.phase == P_OVER:
                return state.returns()
        spread = SPREAD_END + SPREAD_PER_TILE * STACK_TILES * progress_left(state)
        return win_chances(projected_scores(state), spread)

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


_JUDGE = _Judge()


__all__ = ["GlenMoreHints", "projected_scores", "win_chances"]
