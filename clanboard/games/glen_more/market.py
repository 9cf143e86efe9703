"""The market's arithmetic: can a debt still be paid from goods, coins, buying and selling?

A row with ``f`` filled spaces sells a resource for ``f`` coins and buys one for ``f + 1``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from typing import Final

from clanboard.games.glen_more.data import DISTINCT, FIXED


def _fixed_ok(have: Sequence[int], need: Sequence[int], market: Sequence[int],
              coins: int) -> bool:
    """Can ``need`` be paid from ``have`` plus buying at the market with ``coins`` and the
    proceeds of selling what is not needed? (Buying from one's own surplus row is never
    better than using the resource, so this is exact.)"""
    cost = revenue = 0
    for h, n, f in zip(have, need, market, strict=True):
        if h >= n:
            m = h - n
            if m > f:
                m = f
            revenue += m * f - m * (m - 1) // 2
        else:
            d = n - h
            if f + d > 3:
                return False
            cost += d * f + d * (d + 1) // 2
    return cost <= coins + revenue


_MEMO: Final[dict[tuple[int, ...], bool]] = {}
_MEMO_SIZE: Final = 1 << 16  # answers kept for DISTINCT and ANY debts (they try combinations)


def payable(have: Sequence[int], market: Sequence[int], coins: int, mode: int,
            owed: Sequence[int], left: int, used: int) -> bool:
    """Whether a resource debt (FIXED ``owed``; ``left`` DISTINCT kinds not in the
    ``used`` mask; ``left`` of ANY kinds) can still be paid in full."""
    if mode == FIXED:
        return _fixed_ok(have, owed, market, coins)
    if left == 0:
        return True
    key = (*have, *market, coins, mode, left, used)
    known = _MEMO.get(key)
    if known is None:
        if len(_MEMO) >= _MEMO_SIZE:
            _MEMO.clear()
        known = _MEMO[key] = _combination_ok(have, market, coins, mode, left, used)
    return known


def _combination_ok(have: Sequence[int], market: Sequence[int], coins: int, mode: int,
                    left: int, used: int) -> bool:
    if mode == DISTINCT:
        free = [k for k in range(5) if not used >> k & 1]
        for kinds in combinations(free, left):
            need = [0] * 5
            for k in kinds:
                need[k] = 1
            if _fixed_ok(have, need, market, coins):
                return True
        return False
    for kinds in combinations_with_replacement(range(5), left):
        need = [0] * 5
        for k in kinds:
            need[k] += 1
        if _fixed_ok(have, need, market, coins):
            return True
    return False
