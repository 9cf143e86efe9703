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
    """A maximal connected region of one terrain across tiles (R-2.6). (A plain class, not
    a dataclass: compiled by setup.py, its constructor is then native too.)"""

    __slots__ = ("terrain", "cells", "completed", "icons")

    def __init__(self, terrain: str, cells: frozenset[Cell], completed: bool,
                 icons: dict[str, int]) -> None:
        self.terrain = terrain
        self.cells = cells
        self.completed = completed
        #: icon kind -> count of icons printed in this area (lighthouses: next to it)
        self.icons = icons

    @property
    def size(self) -> int:
        """Number of distinct tiles holding part of the area (R-2.8)."""
        return len(self.cells)

    def __repr__(self) -> str:
        return (f"Area(terrain={self.terrain!r}, cells={set(self.cells)!r}, "
                f"completed={self.completed}, icons={self.icons!r})")


class Territory:
    """Placed tiles by cell: ``cells[(x, y)] = (tile, rotation)``."""

    __slots__ = ("cells", "_analysis", "_connected", "_squares", "_demands")

    def __init__(self, castle: Tile | None = None) -> None:
        self.cells: dict[Cell, tuple[Tile, int]] = {}
        self._analysis: _Analysis | None = None
        self._connected: set[Cell] | None = None
        self._squares: list[int] | None = None  # the frontier (see slots())
        self._demands: list[int] = []
        if castle is not None:
            self.cells[(0, 0)] = (castle, 0)

    def copy(self) -> Territory:
        t = Territory()
        t.cells = dict(self.cells)
        t._analysis = self._analysis
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
        self._connected = None
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
            self._connected = _road_connected(self.cells)
        return self._connected

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


class _Analysis:
    """Areas (union-find over tile regions, numbered ints) and where each region lies."""

    __slots__ = ("areas", "_first", "_area")

    def __init__(self, terr: Territory) -> None:
        cells = terr.cells
        first: dict[Cell, int] = {}  # cell -> number of its region 0
        owner: list[Cell] = []  # region number -> its cell
        local: list[int] = []  # region number -> its region on the tile
        placed: list[tuple[int, int, Tile, int]] = []  # (square number, region 0, tile, rot)
        at: dict[int, tuple[int, Tile, int]] = {}  # square number -> (region 0, tile, rot)
        for cell, (tile, rot) in cells.items():
            base = len(owner)
            first[cell] = base
            q = square(cell)
            at[q] = (base, tile, rot)
            placed.append((q, base, tile, rot))
            k = len(tile.region_terrain)
            owner.extend([cell] * k)
            local.extend(range(k))
        parent = list(range(len(owner)))
        open_regions: list[int] = []
        for q, base, tile, rot in placed:
            regions = tile.edge_region
            for d in range(4):
                n = q + _STEP_SQUARE[d]
                mine = base + regions[(d - rot) % 4]
                other = at.get(n)
                if other is None:
                    open_regions.append(mine)
                elif d < 2:  # each shared edge once
                    o_base, o_tile, o_rot = other
                    ra = _find(parent, mine)
                    rb = _find(parent, o_base + o_tile.edge_region[(d + 2 - o_rot) % 4])
                    if ra != rb:
                        parent[ra] = rb
        roots = [_find(parent, i) for i in range(len(owner))]
        groups: dict[int, list[int]] = {}
        for i, r in enumerate(roots):
            groups.setdefault(r, []).append(i)
        open_roots = {roots[i] for i in open_regions}
        self.areas: list[Area] = []
        by_root: dict[int, Area] = {}
        for root, members in groups.items():
            area = Area(
                terrain=cells[owner[root]][0].region_terrain[local[root]],
                cells=frozenset([owner[m] for m in members]),
                completed=root not in open_roots,
                icons={},
            )
            self.areas.append(area)
            by_root[root] = area
        self._first = first
        self._area = [by_root[r] for r in roots]
        for _, base, tile, _ in placed:
            for kind, count, region in tile.icons:
                icons = self._area[base + region].icons
                icons[kind] = icons.get(kind, 0) + count

    def area_of(self, cell: Cell, region: int) -> Area:
        return self._area[self._first[cell] + region]


def _find(parent: list[int], a: int) -> int:
    """The root of ``a`` in the union-find ``parent`` (halving the path on the way). A
    function of its own, not a closure: compiled, a closure's variables live in an object."""
    while parent[a] != a:
        parent[a] = a = parent[parent[a]]
    return a


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
