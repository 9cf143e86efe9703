"""A player's territory (display): tiles on a grid, resources and clansmen on them."""

from __future__ import annotations

from clanboard.games.glen_more.data import TILES
from clanboard.games.glen_more.moves import ALL_DIRS, E, N, S, W


class Territory:
    """Tiles by slot (the order placed). ``cells`` maps a square to its slot; ``res`` is
    flat, five counts per slot (wood, stone, sheep, cattle, grain)."""

    __slots__ = ("cells", "tiles", "pos", "res", "clan")

    def __init__(self) -> None:
        self.cells: dict[int, int] = {}
        self.tiles: list[int] = []
        self.pos: list[int] = []
        self.res: list[int] = []
        self.clan: list[int] = []

    def clone(self) -> Territory:
        t = Territory.__new__(Territory)
        t.cells = dict(self.cells)
        t.tiles = list(self.tiles)
        t.pos = list(self.pos)
        t.res = list(self.res)
        t.clan = list(self.clan)
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
        out = [0, 0, 0, 0, 0]
        r = self.res
        for i in range(0, len(r), 5):
            out[0] += r[i]
            out[1] += r[i + 1]
            out[2] += r[i + 2]
            out[3] += r[i + 3]
            out[4] += r[i + 4]
        return out

    def clansmen(self) -> int:
        return sum(self.clan)

    def neighbours(self, p: int) -> list[int]:
        """Slots of the (up to 8) tiles around square ``p``, diagonals included."""
        cells = self.cells
        return [cells[p + d] for d in ALL_DIRS if p + d in cells]

    def clan_near(self, p: int) -> int:
        cells, clan = self.cells, self.clan
        return sum(clan[cells[p + d]] for d in ALL_DIRS if p + d in cells)

    def spots(self) -> dict[tuple[bool, bool], list[int]]:
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

    def placements(self, river: bool, road: bool) -> list[int]:
        """Squares where a tile with these river/road flags may be placed: beside a tile
        (edge), a clansman around (diagonals count), rivers N-S and roads W-E continuing,
        never begun anew, and plain edges touching plain edges only."""
        return self.spots().get((river, road), [])

    def placement_error(self, q: int, river: bool, road: bool) -> str | None:
        """Why a tile with these flags cannot go on square ``q`` (None if it can)."""
        cells, tiles = self.cells, self.tiles
        if q in cells:
            return "that square already holds a tile"
        ns = [cells[q + d] for d in (N, S) if q + d in cells]
        we = [cells[q + d] for d in (W, E) if q + d in cells]
        if not ns and not we:
            return "a tile must touch an edge of another tile (corners are not enough)"
        if not self.clan_near(q):
            return "no clansman stands on a tile around that square (diagonals count)"
        for s in ns:
            if TILES[tiles[s]].river != river:
                return ("the river must continue north-south: a river edge must meet a river "
                        "edge and a plain edge a plain edge")
        for s in we:
            if TILES[tiles[s]].road != road:
                return ("the road must continue west-east: a road edge must meet a road edge "
                        "and a plain edge a plain edge")
        if river and not ns:
            return "a river tile must continue the river from the tile north or south of it"
        if road and not we:
            return "a road tile must continue the road from the tile west or east of it"
        return None
