"""A player's territory: tiles on a grid (cells ``(x, y)``), resources and Scotsmen on them,
and the tiles covered by rebuild tiles."""

from __future__ import annotations

from typing import Any

ORTHO = ((0, -1), (0, 1), (-1, 0), (1, 0))
ALL8 = (*ORTHO, (-1, -1), (1, -1), (-1, 1), (1, 1))
Cell = tuple[int, int]

ERRORS = {
    "split": "the tile on {at} cannot be removed: your territory would fall apart "
             "(it must stay in one piece)",
    "home": "the tile on {at} is your starting tile and is never removed",
    "no_tile": "you have no tile on {at}",
}
"""Why a removal is refused (MacMillan, Loch Morar), in words the catalogues list."""


def dirs(adjacency: int) -> tuple[Cell, ...]:
    return ALL8 if adjacency == 8 else ORTHO


class Territory:
    """Slots in the order placed; ``cells`` maps a square to its slot.

    The placement zone (the squares of the tiles with Scotsmen and those around them, base
    specification 6.2) is kept up to date as Scotsmen come and go and tiles are added and
    removed, once it has been asked for (:meth:`zone`): ``near`` counts for each square of
    the zone the Scotsmen's tiles it is next to (or on), ``free`` holds its squares without
    a tile. Scotsmen change through :meth:`add_scots` and :meth:`set_scots`, which keep the
    zone; one written into ``scots`` directly (a loaded territory, a test's position) makes
    it counted again at the next :meth:`zone` (``zoned``, the Scotsmen it was kept for, no
    longer equals ``scots``). A clone shares the zone's containers with its original until
    either changes them (``shared``: copy before writing), as a search clones positions
    far more often than it changes a zone."""

    __slots__ = ("cells", "tiles", "pos", "res", "scots", "under", "adjacency", "near", "free",
                 "zoned", "shared")

    def __init__(self) -> None:
        self.cells: dict[Cell, int] = {}
        self.tiles: list[int] = []
        self.pos: list[Cell] = []
        self.res: list[list[int]] = []
        self.scots: list[int] = []
        self.under: list[list[int]] = []
        self.adjacency = 0  # of the zone; 0: not counted yet
        self.near: dict[Cell, int] = {}
        self.free: set[Cell] = set()
        self.zoned: list[int] = []
        self.shared = False

    def clone(self) -> Territory:
        t = Territory.__new__(Territory)
        t.cells = dict(self.cells)
        t.tiles = list(self.tiles)
        t.pos = list(self.pos)
        t.res = [list(r) for r in self.res]
        t.scots = list(self.scots)
        t.under = [list(u) for u in self.under]
        t.adjacency = self.adjacency
        t.near, t.free, t.zoned = self.near, self.free, self.zoned
        t.shared = self.shared = True
        return t

    def _own(self) -> None:
        """Copy the zone's containers shared with a clone before changing them."""
        if self.shared:
            self.near = dict(self.near)
            self.free = set(self.free)
            self.zoned = list(self.zoned)
            self.shared = False

    def add(self, tile: int, cell: Cell) -> int:
        slot = len(self.tiles)
        self.cells[cell] = slot
        self.tiles.append(tile)
        self.pos.append(cell)
        self.res.append([0, 0, 0, 0, 0])
        self.scots.append(0)
        self.under.append([])
        if self.adjacency:
            self._own()
            self.zoned.append(0)
            self.free.discard(cell)
        return slot

    def remove(self, slot: int) -> None:
        """Take the tile in ``slot`` (and what is under it) out; later slots shift down."""
        self.set_scots(slot, 0)
        cell = self.pos[slot]
        self.tiles.pop(slot)
        self.pos.pop(slot)
        self.res.pop(slot)
        self.scots.pop(slot)
        self.under.pop(slot)
        if self.adjacency:
            self._own()
            self.zoned.pop(slot)
        self.cells = {c: i for i, c in enumerate(self.pos)}
        if cell in self.near:
            self.free.add(cell)

    # -- the placement zone ----------------------------------------------------------------

    def add_scots(self, slot: int, n: int) -> None:
        """``n`` Scotsmen more (fewer when negative) on the tile in ``slot``."""
        self.set_scots(slot, self.scots[slot] + n)

    def set_scots(self, slot: int, n: int) -> None:
        self.scots[slot] = n
        if self.adjacency:
            self._own()
            before = self.zoned[slot]  # what the zone counts (scots may have been written)
            self.zoned[slot] = n
            if (before == 0) != (n == 0):
                self._cover(self.pos[slot], 1 if n else -1)

    def _cover(self, cell: Cell, step: int) -> None:
        """A tile with Scotsmen on ``cell`` comes (``step`` 1) or goes (-1)."""
        x, y = cell
        self._count(cell, step)
        for dx, dy in dirs(self.adjacency):
            self._count((x + dx, y + dy), step)

    def _count(self, c: Cell, step: int) -> None:
        k = self.near.get(c, 0) + step
        if k:
            self.near[c] = k
            if c not in self.cells:
                self.free.add(c)
        else:
            del self.near[c]
            self.free.discard(c)

    def zone(self, adjacency: int) -> dict[Cell, int]:
        """The placement zone (its squares are the keys, see the class), neighbours by
        ``adjacency`` (8: diagonals count); counted at the first call, then kept."""
        if self.adjacency != adjacency or self.zoned != self.scots:
            self.near, self.free = zone_of(self, adjacency)
            self.adjacency = adjacency
            self.zoned = list(self.scots)
            self.shared = False
        return self.near

    def connected_without(self, slots: set[int], adjacency: int = 8) -> bool:
        """Whether the tiles left when ``slots`` are taken out still form one piece (base
        specification 6.3), neighbours by ``adjacency`` (8: diagonals count)."""
        left = [c for i, c in enumerate(self.pos) if i not in slots]
        if not left:
            return True
        rest = set(left)
        todo = [left[0]]
        rest.discard(left[0])
        steps = dirs(adjacency)
        while todo:
            x, y = todo.pop()
            for dx, dy in steps:
                c = (x + dx, y + dy)
                if c in rest:
                    rest.discard(c)
                    todo.append(c)
        return not rest

    def zone_free(self, adjacency: int) -> set[Cell]:
        """The squares of :meth:`zone` without a tile."""
        self.zone(adjacency)
        return self.free

    def cut_slots(self, adjacency: int = 8) -> set[int] | None:
        """The slots whose tile alone cannot be taken out without the rest falling apart
        (the articulation points of the tiles' graph, neighbours by ``adjacency``; one
        depth-first search, Hopcroft and Tarjan), or None when the territory is not in one
        piece already (then ask :meth:`connected_without`)."""
        n = len(self.pos)
        if n == 0:
            return set()
        cells = self.cells
        steps = dirs(adjacency)
        nbrs: list[list[int]] = []
        for x, y in self.pos:
            row: list[int] = []
            for dx, dy in steps:
                q = cells.get((x + dx, y + dy))
                if q is not None:
                    row.append(q)
            nbrs.append(row)
        order = [-1] * n  # when each slot was reached
        low = [0] * n  # the earliest slot reached from its subtree by one back edge
        order[0] = 0
        reached = 1
        cut: set[int] = set()
        root_children = 0
        stack = [(0, -1, 0)]  # slot, its parent, the next neighbour to look at
        while stack:
            v, parent, i = stack[-1]
            if i < len(nbrs[v]):
                stack[-1] = (v, parent, i + 1)
                w = nbrs[v][i]
                if order[w] < 0:
                    order[w] = low[w] = reached
                    reached += 1
                    stack.append((w, v, 0))
                elif w != parent:
                    low[v] = min(low[v], order[w])
                continue
            stack.pop()
            if parent < 0:
                continue
            low[parent] = min(low[parent], low[v])
            if parent == 0:
                root_children += 1
            elif low[v] >= order[parent]:
                cut.add(parent)
        if reached < n:
            return None
        if root_children > 1:
            cut.add(0)
        return cut

    def __len__(self) -> int:
        return len(self.tiles)

    def have(self) -> list[int]:
        """Each resource's total over the tiles."""
        a = b = c = d = e = 0
        for r in self.res:  # written out: the compiled build runs it fastest
            a += r[0]
            b += r[1]
            c += r[2]
            d += r[3]
            e += r[4]
        return [a, b, c, d, e]

    def scotsmen(self) -> int:
        return sum(self.scots)

    def around(self, cell: Cell, adjacency: int = 8) -> list[int]:
        """Slots of the tiles next to ``cell``."""
        x, y = cell
        cells = self.cells
        out = []
        for dx, dy in dirs(adjacency):
            slot = cells.get((x + dx, y + dy))
            if slot is not None:
                out.append(slot)
        return out

    def to_json(self, tile_id: Any) -> list[dict[str, Any]]:
        return [{"tile": tile_id(self.tiles[i]), "x": self.pos[i][0], "y": self.pos[i][1],
                 "res": list(self.res[i]), "scotsmen": self.scots[i],
                 "under": [tile_id(u) for u in self.under[i]]} for i in range(len(self))]


def zone_of(terr: Territory, adjacency: int) -> tuple[dict[Cell, int], set[Cell]]:
    """:meth:`Territory.zone` and :meth:`Territory.zone_free` counted from scratch (the
    reference the kept ones are tested against)."""
    near: dict[Cell, int] = {}
    for i, n in enumerate(terr.scots):
        if n:
            x, y = terr.pos[i]
            for c in ((x, y), *[(x + dx, y + dy) for dx, dy in dirs(adjacency)]):
                near[c] = near.get(c, 0) + 1
    return near, {c for c in near if c not in terr.cells}
