"""A heuristic Isle of Skye player and search hints for the generic ISMCTS.

The heuristic values a territory by what the scoring tiles still to come would give it
(each tile weighted by how many more times its letter scores), plus scrolls and
road-connected whisky income; a tile is worth the best gain it brings when placed.
Pricing, buying and building all follow from that value. It reads only public data
and its own gold.
"""

from __future__ import annotations

from typing import Any

import clanboard.games.isle_of_skye.scoring as scoring
from clanboard.core import Move, Rng, SearchHints, State
from clanboard.games.isle_of_skye.moves import PASS, Buy, Discard, Place, Price, Return
from clanboard.games.isle_of_skye.state import SkyeState
from clanboard.games.isle_of_skye.territory import Territory
from clanboard.games.isle_of_skye.tiles import LETTERS, Tile

GOLD_PER_VP = 2.0
MAJORITY_WEIGHT = 1.5  # VP per counted icon assumed for a majority tile


def remaining_weights(state: SkyeState) -> dict[str, int]:
    """Scoring id -> how many more times it scores (this round included)."""
    weights: dict[str, int] = {}
    for r in range(state.round, state.rounds + 1):
        for letter in state.track[r - 1].letters:
            sid = state.scoring[LETTERS.index(letter)]
            weights[sid] = weights.get(sid, 0) + 1
    return weights


def territory_value(state: SkyeState, terr: Territory, weights: dict[str, int]) -> float:
    rules = state.rules
    value = 0.0
    for sid, w in weights.items():
        if sid in scoring.SOLO:
            value += w * scoring.SOLO[sid](terr, rules)
        elif sid == "S07":
            value += w * MAJORITY_WEIGHT * scoring.whisky_tiles(terr, rules)
        elif sid == "S08":
            value += w * MAJORITY_WEIGHT * terr.count("ship")
    value += scoring.scroll_points(terr, rules)
    rounds_left = state.rounds - state.round
    whisky = sum(1 for c in terr.road_connected() if terr.cells[c][0].count("whisky"))
    value += rounds_left * whisky / GOLD_PER_VP
    return value


def best_placement(
    state: SkyeState, terr: Territory, tile: Tile, weights: dict[str, int]
) -> tuple[float, tuple[int, int], int] | None:
    """The placement of ``tile`` with the highest territory value (None: unplaceable)."""
    best: tuple[float, tuple[int, int], int] | None = None
    for cell, rot in terr.placements(tile):
        trial = terr.copy()
        trial.place(tile, cell, rot)
        x, y = cell
        compact = sum((x + dx, y + dy) in terr.cells for dx in (-1, 0, 1) for dy in (-1, 0, 1))
        v = territory_value(state, trial, weights) + 0.01 * compact
        if best is None or v > best[0]:
            best = (v, cell, rot)
    return best


def tile_gain(state: SkyeState, seat: int, tile: Tile, weights: dict[str, int]) -> float:
    terr = state.territories[seat]
    best = best_placement(state, terr, tile, weights)
    if best is None:
        return 0.0
    return max(0.0, best[0] - territory_value(state, terr, weights))


class HeuristicAgent:
    """Prices from a tile's value to itself and to the others, buys a tile when it is
    worth more than its price, builds where the active scoring tiles gain most."""

    name = "heuristic"

    def __init__(self, seed: int = 0, **_: object) -> None:
        self.rng = Rng(seed)
        self._plans: dict[tuple[Any, ...], tuple[str, dict[str, int]]] = {}

    def choose(self, state: State, player: int) -> Move:
        assert isinstance(state, SkyeState)
        moves = state.legal_moves(player)
        if len(moves) == 1:
            return moves[0]
        if state.phase == "price":
            return self._price(state, player, moves)
        if state.phase == "buy":
            return self._buy(state, player, moves)
        if state.phase == "build":
            return self._build(state, player, moves)
        return self.rng.choice(moves)

    def _plan(self, state: SkyeState, p: int) -> tuple[str, dict[str, int]]:
        key = (state.seed, state.round, p, tuple(state.drawn[p]))
        if key in self._plans:
            return self._plans[key]
        weights = remaining_weights(state)
        gold = state.gold[p] + sum(state.prices[p].values())
        mine, theirs = {}, {}
        for t in state.drawn[p]:
            tile = state.tiles[t]
            mine[t] = tile_gain(state, p, tile, weights)
            theirs[t] = max(
                (tile_gain(state, q, tile, weights) for q in range(state.num_players) if q != p),
                default=0.0,
            )
        discard = min(state.drawn[p], key=lambda t: (max(mine[t], theirs[t]), t))
        kept = [t for t in state.drawn[p] if t != discard]
        budget = max(2, gold - 2)  # keep a little to buy with
        prices = {}
        for t in kept:
            if mine[t] >= theirs[t]:
                price = theirs[t] * GOLD_PER_VP + 1  # just above what others would pay
            else:
                price = 0.8 * theirs[t] * GOLD_PER_VP  # happy to sell
            prices[t] = max(1, round(price))
        while sum(prices.values()) > budget and any(v > 1 for v in prices.values()):
            t = max(prices, key=lambda k: prices[k])
            prices[t] -= 1
        plan = (discard, prices)
        if len(self._plans) > 64:  # plans of past rounds are never asked for again
            self._plans.clear()
        self._plans[key] = plan
        return plan

    def _price(self, state: SkyeState, p: int, moves: list[Any]) -> Move:
        discard, prices = self._plan(state, p)
        if isinstance(moves[0], Discard):
            return Discard(discard)
        tile = moves[0].tile
        top = max(m.amount for m in moves)
        return Price(tile, min(prices.get(tile, 1), top))

    def _buy(self, state: SkyeState, p: int, moves: list[Any]) -> Move:
        weights = remaining_weights(state)
        best: tuple[float, Move] = (0.0, PASS)
        for m in moves:
            if not isinstance(m, Buy):
                continue
            owner = next(q for q in range(state.num_players) if m.tile in state.prices[q])
            price = state.prices[owner][m.tile]
            surplus = tile_gain(state, p, state.tiles[m.tile], weights) * GOLD_PER_VP - price
            if surplus > best[0]:
                best = (surplus, m)
        return best[1]

    def _build(self, state: SkyeState, p: int, moves: list[Any]) -> Move:
        weights = remaining_weights(state)
        terr = state.territories[p]
        best: tuple[float, Move] | None = None
        for t in sorted({m.tile for m in moves if isinstance(m, Place)}):
            found = best_placement(state, terr, state.tiles[t], weights)
            if found is not None:
                v, (x, y), r = found
                if best is None or v > best[0]:
                    best = (v, Place(t, x, y, r))
        if best is not None:
            return best[1]
        return next(m for m in moves if isinstance(m, Return))


class SkyeHints(SearchHints):
    """Keeps ISMCTS's pricing branching small: a few price levels instead of every amount."""

    LEVELS = (1, 2, 3, 4, 6, 8, 12)

    def candidate_moves(self, state: State, player: int) -> list[Move]:
        moves = state.legal_moves(player)
        if moves and isinstance(moves[0], Price):
            few: list[Move] = [
                m for m in moves if isinstance(m, Price) and m.amount in self.LEVELS
            ]
            return few or moves[:1]
        return moves

    def rollout_move(self, state: State, player: int, rng: Rng) -> Move:
        moves = self.candidate_moves(state, player)
        if moves and isinstance(moves[0], Price):
            moves = moves[:4]
        if moves and isinstance(moves[-1], Return) and any(isinstance(m, Place) for m in moves):
            moves = [m for m in moves if isinstance(m, Place)]
        return rng.choice(moves)
