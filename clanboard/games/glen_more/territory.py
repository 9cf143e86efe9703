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

    def placements(self, river: bool, road: bool) -> list[int]:
        """Squares where a tile with these river/road flags may be placed: beside a tile
        (edge), a clansman around (diagonals count), rivers N-S and roads W-E continuing,
        never begun anew, and plain edges touching plain edges only."""
        cells = self.cells
        seen: set[int] = set()
        out: list[int] = []
        for p in self.pos:
            for d in (N, S, W, E):
                q = p + d
                if q in cells or q in seen:
                    continue
                seen.add(q)
                if self.placement_error(q, river, road) is None:
                    out.append(q)
        return out

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
