"""The Glen More move generation as it was before the engine's speed-up, kept as the
reference the faster code is checked against (tests/engines/test_differential.py).
Copied unchanged but for the names of the helpers it calls."""

# ruff: noqa
# mypy: ignore-errors

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from clanboard.core import CHANCE, Move
from clanboard.games.glen_more.data import CLAN, DISTINCT, FIXED, NESS, TILES, WHISKY, Need
from clanboard.games.glen_more.moves import (
    ALL_DIRS, BUY, E, END_MOVE, GAIN, MOVE, N, PASS, PAY, PAYCHIEF, PAYCLAN, PLACE, RETIRE,
    S, SELL, TAKE, W, GMove, act,
)
from clanboard.games.glen_more.state import (
    P_ACT, P_ACTPAY, P_GAIN, P_OVER, P_PAY, P_PLACE, P_ROLL, P_TAKE, GlenMoreState,
)
from clanboard.games.glen_more.territory import Territory


def ref_spots(self: Territory) -> dict[tuple[bool, bool], list[int]]:
    """Every legal square by the (river, road) flags of the tile that may go there
    (each square fits exactly one kind: its edges decide). See :meth:`placement_error`."""
    cells, tiles, clan = self.cells, self.tiles, self.clan
    zone: set[int] = set()
    for slot, c in enumerate(clan):
        if c:
            p = self.pos[slot]
            zone.update(p + d for d in ALL_DIRS)
    out: dict[tuple[bool, bool], list[int]] = {}
    seen: set[int] = set()
    for p in self.pos:
        for d in (N, S, W, E):
            q = p + d
            if q in cells or q in seen or q not in zone:
                continue
            seen.add(q)
            river = road = False
            ok = True
            n_, s_ = cells.get(q + N), cells.get(q + S)
            if n_ is not None or s_ is not None:
                flags = {TILES[tiles[x]].river for x in (n_, s_) if x is not None}
                ok = len(flags) == 1
                river = flags.pop()
            w_, e_ = cells.get(q + W), cells.get(q + E)
            if ok and (w_ is not None or e_ is not None):
                flags = {TILES[tiles[x]].road for x in (w_, e_) if x is not None}
                ok = len(flags) == 1
                road = flags.pop()
            if ok and not (river and road):
                out.setdefault((river, road), []).append(q)
    return out


def ref_have(self: Territory) -> list[int]:
    out = [0, 0, 0, 0, 0]
    r = self.res
    for i in range(0, len(r), 5):
        out[0] += r[i]
        out[1] += r[i + 1]
        out[2] += r[i + 2]
        out[3] += r[i + 3]
        out[4] += r[i + 4]
    return out


def _fixed_ok(have: list[int], need: list[int] | tuple[int, ...], market: list[int],
              coins: int) -> bool:
    """Can ``need`` be paid from ``have`` plus buying at the market with ``coins`` and the
    proceeds of selling what is not needed? (Buying from one's own surplus row is never
    better than using the resource, so this is exact.)"""
    cost = revenue = 0
    for k in range(5):
        h, n, f = have[k], need[k], market[k]
        if h >= n:
            m = min(h - n, f)
            revenue += m * f - m * (m - 1) // 2
        else:
            d = n - h
            if f + d > 3:
                return False
            cost += d * f + d * (d + 1) // 2
    return cost <= coins + revenue


def ref_payable(have: list[int], market: list[int], coins: int, mode: int, owed: list[int],
            left: int, used: int) -> bool:
    """Whether a resource debt (FIXED ``owed``; ``left`` DISTINCT kinds not in the
    ``used`` mask; ``left`` of ANY kinds) can still be paid in full."""
    if mode == FIXED:
        return _fixed_ok(have, owed, market, coins)
    if left == 0:
        return True
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


def _around(p: int) -> set[int]:
    return {p + d for d in ALL_DIRS}


class ReferenceGlenMore(GlenMoreState):
    """A Glen More state whose legal moves come from the original code."""

    def legal_moves(self, player: int | None = None) -> list[Move]:
        ph = self.phase
        if ph <= P_ROLL:
            if player not in (None, CHANCE):
                return []
            return [m for m, _ in self.chance_outcomes()]
        if ph == P_OVER or (player is not None and player != self.cur):
            return []
        p = self.cur
        if ph == P_TAKE:
            return self._take_moves(p) + self._sell_moves(p)
        if ph == P_PLACE:
            return [GMove(PLACE, q) for q in self._places(p, self.tile)]
        if ph in (P_PAY, P_ACTPAY):
            return self._pay_moves(p)
        if ph == P_GAIN:
            return [GMove(GAIN, arg=k) for k in range(5)]
        if ph == P_ACT:
            return self._act_moves(p) + self._sell_moves(p) + [END_MOVE]
        return self._clan_moves(p) + self._sell_moves(p) + [END_MOVE]

    def _places(self, p: int, tile: int) -> list[int]:
        t = TILES[tile]
        terr = self.terr[p]
        squares = ref_spots(terr).get((t.river, t.road), [])
        if t.cost is not None and t.cost.mode == CLAN and not self.chiefs[p] \
                and terr.clansmen() < 2:
            return []  # Loch Ness paid with a clansman: another one must stay beside it
        return squares

    def _cost_ok(self, p: int, need: Need) -> bool:
        if need.mode == WHISKY:
            return self.whisky[p] >= need.n
        if need.mode == CLAN:
            return self.chiefs[p] > 0 or self.terr[p].clansmen() >= 2
        return ref_payable(ref_have(self.terr[p]), self.market, self.coins[p], need.mode,
                       list(need.counts), need.n, 0)

    def takeable(self, p: int, tile: int) -> bool:
        t = TILES[tile]
        if t.cost is not None and not self._cost_ok(p, t.cost):
            return False
        return bool(self._places(p, tile))

    def _take_moves(self, p: int) -> list[Move]:
        spots = ref_spots(self.terr[p])
        out: list[Move] = []
        tiles = [t for t in self.track if t >= 0]
        for tile in tiles:
            t = TILES[tile]
            if (t.river, t.road) in spots and (t.cost is None or self._cost_ok(p, t.cost)):
                out.append(GMove(TAKE, arg=tile))
        if not out:  # no tile can be placed: the figure moves on and the tile is lost
            out = [GMove(PASS, arg=tile) for tile in tiles]
        return out

    def _sell_moves(self, p: int) -> list[Move]:
        terr = self.terr[p]
        market = self.market
        res = terr.res
        out: list[Move] = []
        guard = self.phase in (P_PAY, P_ACTPAY)
        for slot, q in enumerate(terr.pos):
            b = slot * 5
            for k in range(5):
                if res[b + k] and market[k]:
                    if guard and not self._still_payable_after(p, sell=k):
                        continue
                    out.append(GMove(SELL, q, k))
        return out

    def _still_payable_after(self, p: int, sell: int = -1, buy: int = -1,
                             own: int = -1) -> bool:
        if self.mode == CLAN:
            return True  # paid with a clansman or chieftain: resources do not matter
        have = ref_have(self.terr[p])
        market = list(self.market)
        coins = self.coins[p]
        owed = list(self.owed)
        left, used = self.left, self.used
        if sell >= 0:
            have[sell] -= 1
            coins += market[sell]
            market[sell] -= 1
        k = buy if buy >= 0 else own
        if k >= 0:
            if buy >= 0:
                market[k] += 1
                coins -= market[k]
            else:
                have[k] -= 1
            if self.mode == FIXED:
                owed[k] -= 1
            else:
                left -= 1
                used |= 1 << k
        return ref_payable(have, market, coins, self.mode, owed, left, used)

    def _pay_moves(self, p: int, sells: bool = True) -> list[Move]:
        terr = self.terr[p]
        out: list[Move] = []
        if self.mode == CLAN:
            if self.chiefs[p]:
                out.append(GMove(PAYCHIEF))
            if terr.clansmen() >= 2:
                for slot, q in enumerate(terr.pos):
                    if terr.clan[slot] and terr.clan_near(self.tpos) - (
                            1 if q in _around(self.tpos) else 0) >= 1:
                        out.append(GMove(PAYCLAN, q))
            return out
        if self.mode == FIXED:
            kinds = [k for k in range(5) if self.owed[k]]
        elif self.mode == DISTINCT:
            kinds = [k for k in range(5) if not self.used >> k & 1]
        else:
            kinds = list(range(5))
        fixed = self.mode == FIXED
        res = terr.res
        for k in kinds:
            if fixed or self._still_payable_after(p, own=k):
                for slot, q in enumerate(terr.pos):
                    if res[slot * 5 + k]:
                        out.append(GMove(PAY, q, k))
            f = self.market[k]
            if f < 3 and self.coins[p] > f and self._still_payable_after(p, buy=k):
                out.append(GMove(BUY, arg=k))
        return out + self._sell_moves(p) if sells else out

    def _act_options(self, p: int, slot: int, have: list[int]) -> list[Move]:
        terr = self.terr[p]
        t = TILES[terr.tiles[slot]]
        q = terr.pos[slot]
        rules = t.rules
        if not rules:
            return []
        r0 = rules[0]
        if r0.produce != -1:
            if terr.on_tile(slot) >= 3:
                return []
            if r0.produce == -2:
                return [act(q, k + 1, abbey=True) for k in range(5)]
            return [act(q)]
        out: list[Move] = []
        for i, r in enumerate(rules):
            variant = i + 1 if len(rules) > 1 else 0
            need = r.need
            if need is None:
                out.append(act(q, variant))
                continue
            if ref_payable(have, self.market, self.coins[p], need.mode, list(need.counts), need.n,
                       0):
                out.append(act(q, variant))
        return out

    def _act_moves(self, p: int) -> list[Move]:
        done = self.activated
        out: list[Move] = []
        terr = self.terr[p]
        if self.oich:
            cand = range(len(terr))
        else:
            cand = self.near  # type: ignore[assignment]
            if self.cards[p] >> NESS & 1 and not self.ness_used:
                cand = range(len(terr))
        have = ref_have(terr)
        for slot in cand:
            if slot not in done:
                out.extend(self._act_options(p, slot, have))
        return out

    def _clan_moves(self, p: int) -> list[Move]:
        if self.mp <= 0:
            return []
        terr = self.terr[p]
        out: list[Move] = []
        cells = terr.cells
        many = terr.clansmen() >= 2
        for slot, q in enumerate(terr.pos):
            if terr.clan[slot]:
                for d in ALL_DIRS:
                    if q + d in cells:
                        out.append(GMove(MOVE, q, q=q + d))
                if many:
                    out.append(GMove(RETIRE, q))
        return out

