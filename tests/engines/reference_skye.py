"""Isle of Skye territories as they were before the engine's speed-up, kept as the reference
the faster code is checked against (tests/engines/test_differential.py). Copied unchanged."""

# ruff: noqa
# mypy: ignore-errors

from __future__ import annotations

from dataclasses import dataclass

from clanboard.games.isle_of_skye.tiles import STEP, Tile

Cell = tuple[int, int]


@dataclass
class Area:
    """A maximal connected region of one terrain across tiles (R-2.6)."""

    terrain: str
    cells: frozenset[Cell]
    completed: bool
    #: icon kind -> count of icons printed in this area (lighthouses: next to it)
    icons: dict[str, int]

    @property
    def size(self) -> int:
        """Number of distinct tiles holding part of the area (R-2.8)."""
        return len(self.cells)


class Territory:
    """Placed tiles by cell: ``cells[(x, y)] = (tile, rotation)``."""

    __slots__ = ("cells", "_analysis", "_connected", "_slots")

    def __init__(self, castle: Tile | None = None) -> None:
        self.cells: dict[Cell, tuple[Tile, int]] = {}
        self._analysis: _Analysis | None = None
        self._connected: set[Cell] | None = None
        self._slots: list[tuple[Cell, tuple[tuple[int, str], ...]]] | None = None
        if castle is not None:
            self.cells[(0, 0)] = (castle, 0)

    def copy(self) -> Territory:
        t = Territory()
        t.cells = dict(self.cells)
        t._analysis = self._analysis
        t._connected = self._connected
        t._slots = self._slots
        return t

    def __len__(self) -> int:
        return len(self.cells)

    # -- placement (R-8.2) -------------------------------------------------------------

    def frontier(self) -> list[Cell]:
        """Empty cells sharing an edge with a placed tile, sorted."""
        out = set()
        for (x, y) in self.cells:
            for dx, dy in STEP:
                c = (x + dx, y + dy)
                if c not in self.cells:
                    out.add(c)
        return sorted(out)

    def mismatch(self, tile: Tile, cell: Cell, rot: int) -> str | None:
        """Why ``tile`` cannot go at ``cell`` turned ``rot``; ``None`` when it can."""
        if cell in self.cells:
            return f"cell {cell[0]},{cell[1]} is already occupied by {self.cells[cell][0].id}"
        x, y = cell
        touching = False
        for d, (dx, dy) in enumerate(STEP):
            other = self.cells.get((x + dx, y + dy))
            if other is None:
                continue
            touching = True
            mine, theirs = tile.edge(d, rot), other[0].edge((d + 2) % 4, other[1])
            if mine != theirs:
                return (
                    f"its {'NESW'[d]} edge would be {_name(mine)} but {other[0].id} at "
                    f"{x + dx},{y + dy} shows {_name(theirs)} there"
                )
        if not touching:
            return f"cell {x},{y} shares no edge with a tile of the territory"
        return None

    def fits(self, tile: Tile, cell: Cell, rot: int) -> bool:
        x, y = cell
        touching = False
        cells = self.cells
        for d in range(4):
            dx, dy = STEP[d]
            other = cells.get((x + dx, y + dy))
            if other is None:
                continue
            touching = True
            o, orot = other
            if tile.edges[(d - rot) % 4] != o.edges[(d + 2 - orot) % 4]:
                return False
        return touching

    def slots(self) -> list[tuple[Cell, tuple[tuple[int, str], ...]]]:
        """The frontier with, per cell, the ``(direction, terrain)`` each neighbour demands."""
        if self._slots is None:
            out = []
            cells = self.cells
            for (x, y) in self.frontier():
                req = []
                for d, (dx, dy) in enumerate(STEP):
                    o = cells.get((x + dx, y + dy))
                    if o is not None:
                        req.append((d, o[0].edges[(d + 2 - o[1]) % 4]))
                out.append(((x, y), tuple(req)))
            self._slots = out
        return self._slots

    def placements(self, tile: Tile) -> list[tuple[Cell, int]]:
        """Every legal ``(cell, rotation)`` for ``tile``, sorted."""
        out = []
        turned = tile.turned
        for cell, req in self.slots():
            for r in range(4):
                e = turned[r]
                for d, t in req:
                    if e[d] != t:
                        break
                else:
                    out.append((cell, r))
        return out

    def can_place(self, tile: Tile) -> bool:
        turned = tile.turned
        for _, req in self.slots():
            for r in range(4):
                e = turned[r]
                for d, t in req:
                    if e[d] != t:
                        break
                else:
                    return True
        return False

    def place(self, tile: Tile, cell: Cell, rot: int) -> None:
        self.cells[cell] = (tile, rot)
        self._analysis = None
        self._connected = None
        self._slots = None

    # -- analysis ------------------------------------------------------------------------

    @property
    def analysis(self) -> _Analysis:
        if self._analysis is None:
            self._analysis = _Analysis(self)
        return self._analysis

    def areas(self) -> list[Area]:
        return self.analysis.areas

    def road_connected(self) -> set[Cell]:
        """Cells connected to the castle via roads (R-2.5), the castle included."""
        if self._connected is None:
            self._connected = _road_connected(self.cells)
        return self._connected

    def count(self, kind: str) -> int:
        """Icons of ``kind`` in the territory (for ``whisky``: tiles with whisky)."""
        return sum(t.count(kind) for t, _ in self.cells.values())


def _name(code: str) -> str:
    return {"P": "pasture", "M": "mountain", "W": "water"}[code]


class _Analysis:
    """Areas (union-find over tile regions) and the castle's road network."""

    __slots__ = ("areas", "region_area")

    def __init__(self, terr: Territory) -> None:
        cells = terr.cells
        parent: dict[tuple[Cell, int], tuple[Cell, int]] = {}

        def find(a: tuple[Cell, int]) -> tuple[Cell, int]:
            root = a
            while parent[root] != root:
                root = parent[root]
            while parent[a] != root:
                parent[a], a = root, parent[a]
            return root

        for cell, (tile, _) in cells.items():
            for r in range(len(tile.region_terrain)):
                parent[(cell, r)] = (cell, r)
        open_regions: set[tuple[Cell, int]] = set()
        for (x, y), (tile, rot) in cells.items():
            for d in range(4):
                dx, dy = STEP[d]
                n = (x + dx, y + dy)
                mine = ((x, y), tile.edge_region[(d - rot) % 4])
                other = cells.get(n)
                if other is None:
                    open_regions.add(mine)
                elif d < 2:  # each shared edge once
                    theirs = (n, other[0].edge_region[(d + 2 - other[1]) % 4])
                    ra, rb = find(mine), find(theirs)
                    if ra != rb:
                        parent[ra] = rb
        groups: dict[tuple[Cell, int], list[tuple[Cell, int]]] = {}
        for key in parent:
            groups.setdefault(find(key), []).append(key)
        self.areas: list[Area] = []
        self.region_area: dict[tuple[Cell, int], Area] = {}
        open_roots = {find(k) for k in open_regions}
        for root, members in sorted(groups.items()):
            tile0 = cells[root[0]][0]
            area = Area(
                terrain=tile0.region_terrain[root[1]],
                cells=frozenset(c for c, _ in members),
                completed=root not in open_roots,
                icons={},
            )
            self.areas.append(area)
            for m in members:
                self.region_area[m] = area
        for cell, (tile, _) in cells.items():
            for kind, count, region in tile.icons:
                icons = self.region_area[(cell, region)].icons
                icons[kind] = icons.get(kind, 0) + count

    def area_of(self, cell: Cell, region: int) -> Area:
        return self.region_area[(cell, region)]


def _road_connected(cells: dict[Cell, tuple[Tile, int]]) -> set[Cell]:
    start = next((c for c, (t, _) in cells.items() if t.castle), None)
    if start is None:
        return set()
    castle = cells[start][0]
    seen_nets = {(start, n) for n in castle.roads if n >= 0}
    todo = list(seen_nets)
    while todo:
        cell, net = todo.pop()
        tile, rot = cells[cell]
        x, y = cell
        for d in range(4):
            if tile.roads[(d - rot) % 4] != net:
                continue
            dx, dy = STEP[d]
            n = (x + dx, y + dy)
            other = cells.get(n)
            if other is None:
                continue
            onet = other[0].roads[(d + 2 - other[1]) % 4]
            if onet >= 0 and (n, onet) not in seen_nets:
                seen_nets.add((n, onet))
                todo.append((n, onet))
    return {c for c, _ in seen_nets} | {start}
