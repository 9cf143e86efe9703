"""The market's arithmetic: a row with ``f`` coins on its spaces buys the next resource for
``prices[f]`` (the cheapest empty space) and sells one for ``prices[f - 1]`` (the most
expensive filled space); spec 10.2-10.3 [GM1]. Can a debt still be paid in full?"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, combinations_with_replacement
from typing import Any, Final

from clanboard.games.glen_more_2.effects import RESOURCES

_RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}


class Need:
    """A debt in resources: fixed counts per resource, ``any`` of any kinds, ``distinct``
    of pairwise different kinds, plus coins, whisky barrels and fame; ``total`` is the
    number of resources.

    Written out (not a frozen dataclass in the uncompiled components, where it was): the
    compiled rules read its fields in every cost test, and a compiled class's fields are
    read natively. It keeps a frozen dataclass's equality (``total`` aside), hash and repr.
    """

    __slots__ = ("fixed", "any", "distinct", "coins", "whisky", "fame", "total")

    def __init__(self, fixed: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0), any: int = 0,
                 distinct: int = 0, coins: int = 0, whisky: int = 0, fame: int = 0) -> None:
        self.fixed: Final = fixed
        self.any: Final = any
        self.distinct: Final = distinct
        self.coins: Final = coins
        self.whisky: Final = whisky
        self.fame: Final = fame
        self.total: Final = fixed[0] + fixed[1] + fixed[2] + fixed[3] + fixed[4] + any + distinct

    def _key(self) -> tuple[Any, ...]:
        return (self.fixed, self.any, self.distinct, self.coins, self.whisky, self.fame)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Need):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Need(fixed={self.fixed!r}, any={self.any!r}, distinct={self.distinct!r}, "
                f"coins={self.coins!r}, whisky={self.whisky!r}, fame={self.fame!r})")

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles, also when compiled
        return (Need, self._key())

    @staticmethod
    def of(items: Iterable[Any]) -> Need:
        """The debt of an effect's input or a cost alternative (items with ``token`` and
        ``count``)."""
        fixed = [0, 0, 0, 0, 0]
        n_any = n_distinct = coins = whisky = fame = 0
        for it in items:
            token: str = it.token
            n: int = it.count
            if token in _RES_INDEX:
                fixed[_RES_INDEX[token]] += n
            elif token == "any":
                n_any += n
            elif token == "distinct":
                n_distinct += n
            elif token == "coin":
                coins += n
            elif token == "whisky":
                whisky += n
            elif token == "fame":
                fame += n
        return Need((fixed[0], fixed[1], fixed[2], fixed[3], fixed[4]), n_any, n_distinct,
                    coins, whisky, fame)

    def resources(self) -> int:
        return self.total


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
        if coins >= 0 and have[0] >= fixed[0] and have[1] >= fixed[1] and \
                have[2] >= fixed[2] and have[3] >= fixed[3] and have[4] >= fixed[4]:
            return True  # held already: nothing to buy (what _fixed_ok would find)
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
