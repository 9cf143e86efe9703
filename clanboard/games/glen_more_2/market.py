"""The market's arithmetic: a row with ``f`` coins on its spaces buys the next resource for
``prices[f]`` (the cheapest empty space) and sells one for ``prices[f - 1]`` (the most
expensive filled space); spec 10.2-10.3 [GM1]. Can a debt still be paid in full?"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Any


def buy_price(prices: tuple[int, ...], filled: int) -> int | None:
    return prices[filled] if filled < len(prices) else None


def sell_price(prices: tuple[int, ...], filled: int) -> int | None:
    return prices[filled - 1] if filled > 0 else None


def _fixed_ok(have: list[int], need: list[int], market: list[int],
              prices: list[tuple[int, ...]], coins: int) -> bool:
    cost = revenue = 0
    for k in range(5):
        h, n, f, pr = have[k], need[k], market[k], prices[k]
        if h >= n:
            for i in range(min(h - n, f)):
                revenue += pr[f - 1 - i]
        else:
            d = n - h
            if f + d > len(pr):
                return False
            cost += sum(pr[f:f + d])
    return cost <= coins + revenue


def payable(have: list[int], market: list[int], prices: list[tuple[int, ...]], coins: int,
            fixed: list[int] | tuple[int, ...], n_any: int, n_distinct: int,
            used: int = 0) -> bool:
    """Whether ``fixed`` + ``n_any`` + ``n_distinct`` (kinds not in ``used``, pairwise
    different) can be paid from ``have``, buying at the market with ``coins`` and what
    selling the surplus brings."""
    if not n_any and not n_distinct:  # the common debt: no choice of kinds to try
        return _fixed_ok(have, list(fixed), market, prices, coins)
    free = [k for k in range(5) if not used >> k & 1]
    distinct_sets: Any = combinations(free, n_distinct) if n_distinct else [()]
    for dset in distinct_sets:
        for aset in combinations_with_replacement(range(5), n_any) if n_any else [()]:
            need = list(fixed)
            for k in dset:
                need[k] += 1
            for k in aset:
                need[k] += 1
            if _fixed_ok(have, need, market, prices, coins):
                return True
    return False
