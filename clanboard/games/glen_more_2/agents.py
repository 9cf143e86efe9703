"""A simple heuristic Glen More II player: a one-step look-ahead on a rough value."""

from __future__ import annotations

import math

from clanboard.core import Move, Rng, SearchHints, State
from clanboard.games.glen_more_2.moves import ACT, END, MOVE, PASS, PLAN, SELL, TAKE, GMove
from clanboard.games.glen_more_2.state import P_ACT, P_TAKE, GlenMore2State


def value(s: GlenMore2State, p: int) -> float:
    """What ``p`` has, in rough VP."""
    terr = s.terr[p]
    late = len(s.scorings)
    smallest = min(len(t) for t in s.terr)
    return (s.vp[p] + s.coins[p] + 1.4 * sum(terr.have()) + (3.0 - 0.5 * late) * s.whisky[p]
            + (3.0 - 0.5 * late) * (s.castle_scotsmen(p) + len(s.cards[p])
                                    + len(s.personalities[p]))
            + 1.0 * terr.scotsmen() + 0.6 * s.mp
            - s.comp.settings.territory_penalty * 0.5 * (len(terr) - smallest)
            + blueprints(s, p) + highland_games(s, p))


def highland_games(s: GlenMore2State, p: int) -> float:
    """Chronicle 10: ranks lead to rewards and fame; fame is a scoring category."""
    if 10 not in s.ch:
        return 0.0
    late = len(s.scorings)
    return 0.8 * sum(s.rank[p]) + (3.0 - 0.5 * late) * s.fame[p]


def blueprints(s: GlenMore2State, p: int) -> float:
    """Chronicle 11: a card is worth its coming penalty, made good as it is paid; a built
    place a little more."""
    penalty = s.comp.settings.unbuilt_historic_penalty
    out = 1.0 * s.historic_count(p) if s.blueprints[p] or 11 in s.ch else 0.0
    for c in s.blueprints[p]:
        total = s.comp.blueprint_need[c["tile"]].resources()
        out += -penalty + (penalty + 1.0) * (sum(c["paid"]) + c["free"]) / total
    return out


class HeuristicAgent:
    """Tries each legal move on a copy and keeps the best by :func:`value`; a take also
    weighs how far ahead the tile lies (the further, the longer the wait) and what the
    tile's activation could bring. Uses only public information."""

    name = "heuristic"

    def __init__(self, seed: int = 0, **_: object) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, player: int) -> Move:
        assert isinstance(state, GlenMore2State)
        s = state
        moves = s.legal_moves(player)
        if len(moves) == 1:
            return moves[0]
        base = value(s, player)
        best, best_v = moves[0], float("-inf")
        for m in moves:
            assert isinstance(m, GMove)
            v = self._score(s, player, m, base) + 0.01 * self.rng.random()
            if v > best_v:
                best, best_v = m, v
        return best

    def _score(self, s: GlenMore2State, p: int, m: GMove, base: float) -> float:
        if m.op == END:
            return 0.0
        if m.op == SELL and s.phase != P_TAKE:
            return -0.5
        c = s.clone()
        c.auto_chance = False
        c.apply_trusted(m, p)
        v = value(c, p) - base
        if m.op in (TAKE, PASS):
            tile = s.comp.index[m.name]
            on_rondel = [t for t in s.track if t >= 0]
            ahead = on_rondel.index(tile) if tile in on_rondel else 0  # Munro: the discard
            row = s.comp.tiles[tile]
            v += 2.0 + 1.0 * len(row.activation.options) - 1.0 * ahead
            v += 3.0 if row.landmark else 0.0
            v += 2.5 if row.kind == "personality" else 0.0
            v -= 50.0 if m.op == PASS else 0.0
            if s.comp.is_historic_card(tile) and s.build_spots(p, tile):
                v += s.comp.settings.unbuilt_historic_penalty  # made good when built
        if m.op == PLAN:
            v += 0.5
        if m.op == ACT or (m.op == MOVE and s.phase == P_ACT):
            v += 0.3
        return v


class GlenMore2Hints(SearchHints):
    """Playouts are cut at once and scored by :func:`value` (a soft share of the win by
    how far each seat is ahead); candidates list selling last."""

    def evaluate(self, state: State) -> list[float] | None:
        if not isinstance(state, GlenMore2State):
            return None
        vals = [value(state, p) for p in range(state.num_players)]
        top = max(vals)
        weights = [math.exp((v - top) / 6.0) for v in vals]
        total = sum(weights)
        return [w / total for w in weights]

    def candidate_moves(self, state: State, player: int) -> list[Move]:
        moves = state.legal_moves(player)
        first = [m for m in moves if not (isinstance(m, GMove) and m.op == SELL)]
        return first + [m for m in moves if isinstance(m, GMove) and m.op == SELL]
