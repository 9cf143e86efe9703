"""A player's territory (display): tiles on a grid, resources and clansmen on them."""

from __future__ import annotations

from typing import Final

from clanboard.core import say
from clanboard.games.glen_more.data import TILES
from clanboard.games.glen_more.moves import ALL_DIRS, E, N, S, W

Spots = dict[tuple[bool, bool], list[int]]
RIVER: Final = tuple(t.river for t in TILES)
ROAD: Final = tuple(t.road for t in TILES)

PLACEMENT = {
    "taken": "that square already holds a tile",
    "alone": "a tile must touch an edge of another tile (corners are not enough)",
    "no_clansman": "no clansman stands on a tile around that square (diagonals count)",
    "river": "the river must continue north-south: a river edge must meet a river edge and a "
             "plain edge a plain edge",
    "road": "the road must continue west-east: a road edge must meet a road edge and a plain "
            "edge a plain edge",
    "river_from": "a river tile must continue the river from the tile north or south of it",
    "road_from": "a road tile must continue the road from the tile west or east of it",
}
"""Why a tile cannot go on a square (English message ids; see :class:`clanboard.core.Text`)."""



class Territory:
    """Tiles by slot (the order placed). ``cells`` maps a square to its slot; ``res`` is
    flat, five counts per slot (wood, stone, sheep, cattle, grain).

    :meth:`spots` is remembered until a tile is added or a clansman moves (the lists
    may be written to directly, so the memo is keyed by what it depends on)."""

    __slots__ = ("cells", "tiles", "pos", "res", "clan", "_spots_key", "_spots")

    def __init__(self) -> None:
        self.cells: dict[int, int] = {}
        self.tiles: list[int] = []
        self.pos: list[int] = []
        self.res: list[int] = []
        self.clan: list[int] = []
        self._spots_key: tuple[int, ...] | None = None
        self._spots: Spots = {}

    def clone(self) -> Territory:
        t = Territory()
        t.cells = self.cells.copy()
        t.tiles = self.tiles.copy()
        t.pos = self.pos.copy()
        t.res = self.res.copy()
        t.clan = self.clan.copy()
        t._spots_key = self._spots_key  # the memo is never changed in place: share it
        t._spots = self._spots
        return t

    def add(self, tile: int, p: int) -> int:
        slot = len(self.tiles)
        self.cells[p] = slot
        self.tiles.append(tile)
        self.pos.append(p)
        self.res.extend((0, 0, 0, 0, 0))
        self.clan.append(0)
        return slot

    def __len__(self) -> int:
        return len(self.tiles)

    def on_tile(self, slot: int) -> int:
        b = slot * 5
        r = self.res
        return r[b] + r[b + 1] + r[b + 2] + r[b + 3] + r[b + 4]

    def have(self) -> list[int]:
        """Resources held in all, by kind."""
        r = self.res
        return [sum(r[0::5]), sum(r[1::5]), sum(r[2::5]), sum(r[3::5]), sum(r[4::5])]

    def clansmen(self) -> int:
        return sum(self.clan)

    def neighbours(self, p: int) -> list[int]:
        """Slots of the (up to 8) tiles around square ``p``, diagonals included."""
        cells = self.cells
        return [cells[p + d] for d in ALL_DIRS if p + d in cells]

    def clan_near(self, p: int) -> int:
        cells, clan = self.cells, self.clan
        return sum(clan[cells[p + d]] for d in ALL_DIRS if p + d in cells)

    def spots(self) -> Spots:
        """Every legal square by the (river, road) flags of the tile that may go there
        (each square fits exactly one kind: its edges decide). See :meth:`placement_error`.
        The answer is shared: do not change it."""
        key = (len(self.tiles), *self.clan)
        if key != self._spots_key:
            self._spots = self._find_spots()
            self._spots_key = key
        return self._spots

    def _find_spots(self) -> Spots:
        cells, tiles, pos = self.cells, self.tiles, self.pos
        zone: set[int] = set()
        for slot, c in enumerate(self.clan):
            if c:
                p = pos[slot]
                zone.update([p + d for d in ALL_DIRS])
        out: Spots = {}
        seen: set[int] = set()
        get = cells.get
        for p in pos:
            for q in (p + N, p + S, p + W, p + E):
                if q in seen or q in cells or q not in zone:
                    continue
                seen.add(q)
                # a river runs N-S and a road W-E: the neighbours there decide the flags,
                # and two neighbours that disagree leave no tile to fit
                a, b = get(q + N), get(q + S)
                river = False
                if a is not None:
                    river = RIVER[tiles[a]]
                    if b is not None and RIVER[tiles[b]] != river:
                        continue
                elif b is not None:
                    river = RIVER[tiles[b]]
                a, b = get(q + W), get(q + E)
                road = False
                if a is not None:
                    road = ROAD[tiles[a]]
                    if b is not None and ROAD[tiles[b]] != road:
                        continue
                elif b is not None:
                    road = ROAD[tiles[b]]
                if river and road:
                    continue
                kind = (river, road)
                squares = out.get(kind)
                if squares is None:
                    out[kind] = [q]
                else:
                    squares.append(q)
        return out

    def placements(self, river: bool, road: bool) -> list[int]:
        """Squares where a tile with these river/road flags may be placed: beside a tile
        (edge), a clansman around (diagonals count), rivers N-S and roads W-E continuing,
        never begun anew, and plain edges touching plain edges only."""
        return self.spots().get((river, road), [])

    def placement_error(self, q: int, river: bool, road: bool) -> str | None:
        """Why a tile with these flags cannot go on square ``q`` (None if it can)."""
        cells, tiles = self.cells, self.tiles
        if q in cells:
            return say(PLACEMENT, "taken")
        ns = [cells[q + d] for d in (N, S) if q + d in cells]
        we = [cells[q + d] for d in (W, E) if q + d in cells]
        if not ns and not we:
            return say(PLACEMENT, "alone")
        if not self.clan_near(q):
            return say(PLACEMENT, "no_clansman")
        for s in ns:
            if TILES[tiles[s]].river != river:
                return say(PLACEMENT, "river")
        for s in we:
            if TILES[tiles[s]].road != road:
                return say(PLACEMENT, "road")
        if river and not ns:
            return say(PLACEMENT, "river_from")
        if road and not we:
            return say(PLACEMENT, "road_from")
        return None
