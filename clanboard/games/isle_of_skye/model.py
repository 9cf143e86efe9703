"""How Isle of Skye players value, price, buy and build, for the search: the heuristic
player's valuation (:mod:`~clanboard.games.isle_of_skye.agents`) with its results cached
across determinizations and searches. Everything here reads public data only:
territories, drawn and offered tiles, revealed prices and gold totals.
"""

from __future__ import annotations

import math
from typing import Any

from clanboard.games.isle_of_skye.agents import (
    GOLD_PER_VP,
    best_placement,
    remaining_weights,
    territory_value,
)
from clanboard.games.isle_of_skye.moves import PASS, Buy, Discard, Place, Price, Return
from clanboard.games.isle_of_skye.state import SkyeState

Placement = tuple[float, tuple[int, int], int] | None

_CACHE_LIMIT = 100_000
_bases: dict[tuple[Any, ...], float] = {}
_best: dict[tuple[Any, ...], Placement] = {}


def _key(state: SkyeState, seat: int) -> tuple[Any, ...]:
    """What a seat's valuation depends on: the rules, the scoring, the round and the
    seat's territory (its placements)."""
    return (state.rules, state.options["tile_reading"], tuple(state.scoring), state.round,
            state.rounds, seat, tuple(state.placed[seat]))


def _remember(cache: dict[tuple[Any, ...], Any], key: tuple[Any, ...], value: Any) -> None:
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = value


def base_value(state: SkyeState, seat: int) -> float:
    """The heuristic's value of the seat's territory as it stands."""
    key = _key(state, seat)
    value = _bases.get(key)
    if value is None:
        value = territory_value(state, state.territories[seat], remaining_weights(state))
        _remember(_bases, key, value)
    return value


def best_place(state: SkyeState, seat: int, tile: str) -> Placement:
    """The heuristic's best placement of ``tile`` for the seat (None: it fits nowhere)."""
    key = (*_key(state, seat), tile)
    if key in _best:
        return _best[key]
    found = best_placement(state, state.territories[seat], state.tiles[tile],
                           remaining_weights(state))
    _remember(_best, key, found)
    return found


def gain(state: SkyeState, seat: int, tile: str) -> float:
    """What ``tile`` adds to the seat's territory value, in VP (0 if it fits nowhere)."""
    found = best_place(state, seat, tile)
    return 0.0 if found is None else max(0.0, found[0] - base_value(state, seat))


def willingness(state: SkyeState, seat: int, tile: str) -> list[float]:
    """Per other seat, the price below which the heuristic valuation buys ``tile``."""
    return [GOLD_PER_VP * gain(state, q, tile)
            for q in range(state.num_players) if q != seat]


def heuristic_prices(state: SkyeState, seat: int, kept: list[str]) -> dict[str, int]:
    """The heuristic player's prices for the kept tiles: just above what the others
    would pay for a tile worth more to the seat, a little below it otherwise, within
    the seat's gold less a reserve to buy with."""
    gold = state.gold[seat] + sum(state.prices[seat].values())
    prices = {}
    for t in kept:
        mine = gain(state, seat, t)
        theirs = max(willingness(state, seat, t), default=0.0)
        price = theirs + 1 if GOLD_PER_VP * mine >= theirs else 0.8 * theirs
        prices[t] = max(1, round(price))
    budget = max(2, gold - 2)
    while sum(prices.values()) > budget and any(v > 1 for v in prices.values()):
        t = max(prices, key=lambda k: prices[k])
        prices[t] -= 1
    return prices


def heuristic_discard(state: SkyeState, seat: int) -> str:
    """The drawn tile the heuristic player discards: the one worth least to anyone."""
    def worth(t: str) -> tuple[float, str]:
        return max(gain(state, seat, t), *[w / GOLD_PER_VP for w in willingness(state, seat, t)]), t
    return min(state.drawn[seat], key=worth)


def price_options(state: SkyeState, seat: int, tile: str, top: int) -> list[int]:
    """A few prices worth considering for ``tile``, within ``1..top``: the heuristic's,
    the highest each other seat would still pay (a sale), the lowest none would pay
    (keeping it), and 1 (keeping it cheaply when nobody wants it)."""
    kept = state.kept(seat) if state.discard[seat] is not None else [tile]
    options = [heuristic_prices(state, seat, kept).get(tile, 1), 1]
    wants = [w for w in willingness(state, seat, tile) if w > 0]
    for w in wants:
        options.append(math.ceil(w) - 1)
    if wants:
        options.append(math.ceil(max(wants)))
    out: list[int] = []
    for p in options:
        p = min(max(p, 1), top)
        if p not in out:
            out.append(p)
    return out


def buy_choice(state: SkyeState, seat: int) -> Any:
    """The heuristic buyer's move: the affordable offer with the largest surplus of
    value over price, or pass."""
    best: tuple[float, Any] = (0.0, PASS)
    gold = state.gold[seat]
    for q in range(state.num_players):
        if q == seat:
            continue
        for t, price in state.prices[q].items():
            if t in state.bought_by or price > gold:
                continue
            surplus = GOLD_PER_VP * gain(state, seat, t) - price
            if surplus > best[0]:
                best = (surplus, Buy(t))
    return best[1]


def build_choice(state: SkyeState, seat: int) -> Any:
    """The heuristic builder's move: the pending tile and placement of highest value;
    a return only when no pending tile fits."""
    best: tuple[float, Any] | None = None
    for t in sorted(state.pending[seat]):
        found = best_place(state, seat, t)
        if found is not None and (best is None or found[0] > best[0]):
            (x, y), r = found[1], found[2]
            best = (found[0], Place(t, x, y, r))
    if best is not None:
        return best[1]
    return Return(sorted(state.pending[seat])[0])


def commit(state: SkyeState, seat: int) -> None:
    """Finish the seat's pricing as the heuristic player would, in place."""
    if state.discard[seat] is None:
        state.apply_trusted(Discard(heuristic_discard(state, seat)), seat)
    kept = state.kept(seat)
    prices = heuristic_prices(state, seat, kept)
    while not state.committed(seat):
        todo = [t for t in kept if t not in state.prices[seat]]
        top = state.gold[seat] - (len(todo) - 1)
        state.apply_trusted(Price(todo[0], min(max(prices[todo[0]], 1), top)), seat)


def finish_round(state: SkyeState) -> None:
    """Play the round in progress to its end as heuristic players would, in place: the
    pricing still owed, the buys, the builds. The next round is then dealt up to its
    pricing (or the game ends)."""
    start = state.round
    for _ in range(256):
        if state.round != start:
            return
        phase = state.phase
        if phase == "price":
            for seat in state.players_to_move():
                commit(state, seat)
        elif phase == "buy":
            seat = state.current_player()
            state.apply_trusted(buy_choice(state, seat), seat)
        elif phase == "build":
            seat = state.builder()
            state.apply_trusted(build_choice(state, seat), seat)
        else:
            return
