"""A player's territory: a grid of placed tiles, placement legality, areas and roads.

Cells are ``(x, y)`` with x growing east and y growing south; the castle sits at
``(0, 0)`` in its printed orientation (R-3.4).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any, Final

from clanboard.core import Text, say
from clanboard.games.isle_of_skye.tiles import STEP, Tile

Cell = tuple[int, int]


class Area:
    """A maximal connected region of one terrain across tiles (R-2.6). Its cells and icons
    are gathered, for every area of the territory at once, when first asked for. (A plain
    class, not a dataclass: compiled by setup.py, its constructor is then native too.)"""

    __slots__ = ("terrain", "completed", "_regions", "_index")

    def __init__(self, terrain: str, completed: bool, regions: _Regions, index: int) -> None:
        self.terrain = terrain
        self.completed = completed
        self._regions = regions
        self._index = index

    @property
    def cells(self) -> frozenset[Cell]:
        return self._regions.cells()[self._index]

    @property
    def icons(self) -> dict[str, int]:
        """Icon kind -> count of icons printed in this area (lighthouses: next to it)."""
        return self._regions.icons()[self._index]

    @property
    def size(self) -> int:
        """Number of distinct tiles holding part of the area (R-2.8)."""
        return len(self.cells)

    def __repr__(self) -> str:
        return (f"Area(terrain={self.terrain!r}, cells={set(self.cells)!r}, "
                f"completed={self.completed}, icons={self.icons!r})")


class Territory:
    """Placed tiles by cell: ``cells[(x, y)] = (tile, rotation)``."""

    __slots__ = ("cells", "_analysis", "_reached", "_connected", "_squares", "_demands")

    def __init__(self, castle: Tile | None = None) -> None:
        self.cells: dict[Cell, tuple[Tile, int]] = {}
        self._analysis: _Analysis | None = None
        self._reached: set[int] | None = None  # see _road_networks()
        self._connected: set[Cell] | None = None
        self._squares: list[int] | None = None  # the frontier (see slots())
        self._demands: list[int] = []
        if castle is not None:
            self.cells[(0, 0)] = (castle, 0)

    def copy(self) -> Territory:
        t = Territory()
        t.cells = dict(self.cells)
        t._analysis = self._analysis
        t._reached = self._reached
        t._connected = self._connected
        t._squares = self._squares
        t._demands = self._demands
        return t

    def __len__(self) -> int:
        return len(self.cells)

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles keep the tiles; what is derived from them is found again."""
        return (_with_cells, (self.cells,))

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
            return say(MISFITS, "occupied", at=f"{cell[0]},{cell[1]}",
                       tile=self.cells[cell][0].id)
        x, y = cell
        touching = False
        for d, (dx, dy) in enumerate(STEP):
            other = self.cells.get((x + dx, y + dy))
            if other is None:
                continue
            touching = True
            mine, theirs = tile.edge(d, rot), other[0].edge((d + 2) % 4, other[1])
            if mine != theirs:
                return say(MISFITS, "edge", side=Text(SIDES[d]), mine=Text(_name(mine)),
                           tile=other[0].id, at=f"{x + dx},{y + dy}",
                           theirs=Text(_name(theirs)))
        if not touching:
            return say(MISFITS, "alone", at=f"{x},{y}")
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

    def slots(self) -> tuple[list[int], list[int]]:
        """The frontier as squares (:func:`square`, in the order of its sorted cells) and,
        per square, what its neighbours demand (:func:`demand_bits`). Kept up to date by
        :meth:`place` (shared between copies: never changed in place)."""
        if self._squares is None:
            cells = self.cells
            squares = [square(c) for c in self.frontier()]
            demands = []
            for sq in squares:
                x, y = cell_of(sq)
                need = 0
                for d in range(4):
                    dx, dy = STEP[d]
                    o = cells.get((x + dx, y + dy))
                    if o is not None:
                        need |= demand_bits(o[0].edges[(d + 2 - o[1]) % 4], d)
                demands.append(need)
            self._squares, self._demands = squares, demands
        return self._squares, self._demands

    def placements(self, tile: Tile) -> list[tuple[Cell, int]]:
        """Every legal ``(cell, rotation)`` for ``tile``, sorted."""
        code = edge_code(tile.edges)
        squares, demands = self.slots()
        return [(cell_of(sq), r) for sq, need in zip(squares, demands, strict=True)
                for r in fitting(code, need)]

    def can_place(self, tile: Tile) -> bool:
        code = edge_code(tile.edges)
        return any(fitting(code, need) for need in self.slots()[1])

    def place(self, tile: Tile, cell: Cell, rot: int) -> None:
        cells = self.cells
        cells[cell] = (tile, rot)
        self._analysis = None
        if self._reached is not None:
            self._join_roads(tile, cell, rot)
        if self._squares is None:
            return
        # only the new tile's side of the frontier changes: its square leaves, each empty
        # neighbour gains the demand of the edge the tile turns to it (or joins)
        squares, demands = list(self._squares), list(self._demands)
        sq = square(cell)
        i = bisect_left(squares, sq)
        if i < len(squares) and squares[i] == sq:
            del squares[i]
            del demands[i]
        x, y = cell
        edges = tile.edges
        for d in range(4):
            dx, dy = STEP[d]
            if (x + dx, y + dy) in cells:
                continue
            n = sq + _STEP_SQUARE[d]
            back = (d + 2) % 4
            need = demand_bits(edges[(d - rot) % 4], back)
            i = bisect_left(squares, n)
            if i < len(squares) and squares[i] == n:
                demands[i] |= need
            else:
                squares.insert(i, n)
                demands.insert(i, need)
        self._squares, self._demands = squares, demands

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
            if self._reached is None:
                self._reached = _road_networks(self.cells)
            self._connected = {cell_of(code >> 3) for code in self._reached}
        return self._connected

    def _join_roads(self, tile: Tile, cell: Cell, rot: int) -> None:
        """Grow the networks joined to the castle by the tile just placed (a placement
        never cuts a road: they only grow)."""
        if tile.castle:
            self._reached = self._connected = None
            return
        reached = self._reached
        assert reached is not None
        cells = self.cells
        x, y = cell
        sq = square(cell)
        joined: list[int] = []
        for d in range(4):
            net = tile.roads[(d - rot) % 4]
            if net < 0 or sq * 8 + net in joined:
                continue
            dx, dy = STEP[d]
            other = cells.get((x + dx, y + dy))
            if other is None:
                continue
            onet = other[0].roads[(d + 2 - other[1]) % 4]
            if onet >= 0 and (sq + _STEP_SQUARE[d]) * 8 + onet in reached:
                joined.append(sq * 8 + net)
        if joined:  # a new set: the old one may be shared with copies
            self._reached = _spread(cells, set(reached), joined)
            self._connected = None

    def count(self, kind: str) -> int:
        """Icons of ``kind`` in the territory (for ``whisky``: tiles with whisky)."""
        return sum(t.counts.get(kind, 0) for t, _ in self.cells.values())  # not a call each


def _with_cells(cells: dict[Cell, tuple[Tile, int]]) -> Territory:
    t = Territory()
    t.cells = cells
    return t


_SIDE: Final = 1 << 10  # squares as ints: x and y within ±511
_MID: Final = 1 << 9
#: the square one step in each direction (N, E, S, W) away
_STEP_SQUARE: Final = tuple(dx * _SIDE + dy for dx, dy in STEP)
_TERRAIN_BITS: Final = {"P": 1, "M": 2, "W": 3}


def square(cell: Cell) -> int:
    """``cell`` as an int; squares sort as their cells do (x first, then y)."""
    return (cell[0] + _MID) * _SIDE + cell[1] + _MID


def cell_of(sq: int) -> Cell:
    return (sq // _SIDE - _MID, sq % _SIDE - _MID)


def demand_bits(terrain: str, direction: int) -> int:
    """A demand for ``terrain`` on the side ``direction``: two bits per direction."""
    return _TERRAIN_BITS[terrain] << (2 * direction)


def edge_code(edges: str) -> int:
    """Printed ``edges`` (N, E, S, W) in the demands' bits (a tile shows them at rotation 0)."""
    code = _EDGE_CODES.get(edges)
    if code is None:
        code = _EDGE_CODES[edges] = sum(demand_bits(edges[d], d) for d in range(4))
    return code


_EDGE_CODES: Final[dict[str, int]] = {}
#: per edge code * 256 + demand: the fitting rotations (filled as met: few are)
_FITS: Final[list[tuple[int, ...] | None]] = [None] * (1 << 16)


def fitting(code: int, demand: int) -> tuple[int, ...]:
    """The rotations in which a tile with edge code ``code`` meets ``demand``."""
    rots = _FITS[code << 8 | demand]
    if rots is None:
        mask = 0
        for d in range(4):
            if demand >> (2 * d) & 3:
                mask |= 3 << (2 * d)
        # turned r quarter turns, local edge i shows on direction i + r
        rots = _FITS[code << 8 | demand] = tuple(
            r for r in range(4)
            if ((code << (2 * r) | code >> (8 - 2 * r)) & mask) == demand
        )
    return rots


TERRAINS = {"P": "pasture", "M": "mountain", "W": "water"}
SIDES = ("N", "E", "S", "W")
MISFITS = {
    "occupied": "cell {at} is already occupied by {tile}",
    "edge": "its {side} edge would be {mine} but {tile} at {at} shows {theirs} there",
    "alone": "cell {at} shares no edge with a tile of the territory",
}
"""Why a tile cannot go somewhere (English message ids; see :class:`clanboard.core.Text`)."""


def _name(code: str) -> str:
    return TERRAINS[code]


class _Regions:
    """The tiles' regions, numbered ints, each with the number of its area."""

    __slots__ = ("square", "area", "placed", "count", "_cells", "_icons")

    def __init__(self, square: list[int], area: list[int],
                 placed: list[tuple[int, Tile, int]], count: int) -> None:
        self.square = square  # region -> its square
        self.area = area  # region -> its area's number
        self.placed = placed  # (region 0, tile, rotation) per tile
        self.count = count  # number of areas
        self._cells: list[frozenset[Cell]] | None = None
        self._icons: list[dict[str, int]] | None = None

    def cells(self) -> list[frozenset[Cell]]:
        """Per area: its cells."""
        if self._cells is None:
            squares: list[set[int]] = [set() for _ in range(self.count)]
            for i, a in enumerate(self.area):
                squares[a].add(self.square[i])
            self._cells = [frozenset([cell_of(q) for q in qs]) for qs in squares]
        return self._cells

    def icons(self) -> list[dict[str, int]]:
        """Per area: icon kind -> count."""
        if self._icons is None:
            icons: list[dict[str, int]] = [{} for _ in range(self.count)]
            for base, tile, _ in self.placed:
                for kind, n, region in tile.icons:
                    got = icons[self.area[base + region]]
                    got[kind] = got.get(kind, 0) + n
            self._icons = icons
        return self._icons


class _Analysis:
    """Areas (union-find over tile regions) and where each region lies."""

    __slots__ = ("areas", "_first", "_area")

    def __init__(self, terr: Territory) -> None:
        at: dict[int, int] = {}  # square -> its index in placed
        first: dict[int, int] = {}  # square -> number of its region 0
        placed: list[tuple[int, Tile, int]] = []  # (region 0, tile, rotation)
        squares: list[int] = []  # region -> its square
        terrain: list[str] = []  # region -> its terrain
        for cell, (tile, rot) in terr.cells.items():
            q = square(cell)
            base = len(squares)
            at[q] = len(placed)
            first[q] = base
            placed.append((base, tile, rot))
            kinds = tile.region_terrain
            squares.extend([q] * len(kinds))
            terrain.extend(kinds)
        n = len(squares)
        parent = list(range(n))
        is_open = [False] * n
        for q, k in at.items():
            base, tile, rot = placed[k]
            regions = tile.edge_region
            for d in range(4):
                mine = base + regions[(d - rot) % 4]
                j = at.get(q + _STEP_SQUARE[d])
                if j is None:
                    is_open[mine] = True
                elif d < 2:  # each shared edge once
                    o_base, o_tile, o_rot = placed[j]
                    ra = _find(parent, mine)
                    rb = _find(parent, o_base + o_tile.edge_region[(d + 2 - o_rot) % 4])
                    if ra != rb:
                        parent[ra] = rb
        number = [-1] * n  # root -> its area's number, in order of the areas' first regions
        firsts: list[int] = []  # area number -> its root
        area = [0] * n
        for i in range(n):
            root = _find(parent, i)
            if number[root] < 0:
                number[root] = len(firsts)
                firsts.append(root)
            area[i] = number[root]
            if is_open[i]:
                is_open[root] = True
        table = _Regions(squares, area, placed, len(firsts))
        self.areas: list[Area] = [Area(terrain[root], not is_open[root], table, k)
                                  for k, root in enumerate(firsts)]
        self._first = first
        self._area = area

    def area_of(self, cell: Cell, region: int) -> Area:
        return self.areas[self._area[self._first[square(cell)] + region]]


def _find(parent: list[int], a: int) -> int:
    """The root of ``a`` in the union-find ``parent`` (halving the path on the way). A
    function of its own, not a closure: compiled, a closure's variables live in an object."""
    while parent[a] != a:
        parent[a] = a = parent[parent[a]]
    return a


def _road_networks(cells: dict[Cell, tuple[Tile, int]]) -> set[int]:
    """The road networks joined to the castle's, as ``square * 8 + network`` codes, and the
    castle's own square as ``square * 8 + 7``."""
    start = next((c for c, (t, _) in cells.items() if t.castle), None)
    if start is None:
        return set()
    sq = square(start)
    nets = [sq * 8 + n for n in cells[start][0].roads if n >= 0]
    return _spread(cells, {sq * 8 + 7}, nets)


def _spread(cells: dict[Cell, tuple[Tile, int]], reached: set[int], todo: list[int]) -> set[int]:
    """``reached`` grown (in place) by the networks ``todo`` and all they lead to."""
    reached.update(todo)
    while todo:
        code = todo.pop()
        sq, net = code >> 3, code & 7
        x, y = cell_of(sq)
        tile, rot = cells[(x, y)]
        for d in range(4):
            if tile.roads[(d - rot) % 4] != net:
                continue
            dx, dy = STEP[d]
            other = cells.get((x + dx, y + dy))
            if other is None:
                continue
            onet = other[0].roads[(d + 2 - other[1]) % 4]
            n = (sq + _STEP_SQUARE[d]) * 8 + onet
            if onet >= 0 and n not in reached:
                reached.add(n)
                todo.append(n)
    return reached
