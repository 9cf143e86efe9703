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
    """Slots in the order placed; ``cells`` maps a square to its slot."""

    __slots__ = ("cells", "tiles", "pos", "res", "scots", "under")

    def __init__(self) -> None:
        self.cells: dict[Cell, int] = {}
        self.tiles: list[int] = []
        self.pos: list[Cell] = []
        self.res: list[list[int]] = []
        self.scots: list[int] = []
        self.under: list[list[int]] = []

    def clone(self) -> Territory:
        t = Territory.__new__(Territory)
        t.cells = dict(self.cells)
        t.tiles = list(self.tiles)
        t.pos = list(self.pos)
        t.res = [list(r) for r in self.res]
        t.scots = list(self.scots)
        t.under = [list(u) for u in self.under]
        return t

    def add(self, tile: int, cell: Cell) -> int:
        slot = len(self.tiles)
        self.cells[cell] = slot
        self.tiles.append(tile)
        self.pos.append(cell)
        self.res.append([0, 0, 0, 0, 0])
        self.scots.append(0)
        self.under.append([])
        return slot

    def remove(self, slot: int) -> None:
        """Take the tile in ``slot`` (and what is under it) out; later slots shift down."""
        for name in ("tiles", "pos", "res", "scots", "under"):
            getattr(self, name).pop(slot)
        self.cells = {c: i for i, c in enumerate(self.pos)}

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

    def __len__(self) -> int:
        return len(self.tiles)

    def have(self) -> list[int]:
        """Each resource's total over the tiles."""
        out = [0, 0, 0, 0, 0]
        for r in self.res:  # a plain loop: the compiled build runs it fastest
            for k in range(5):
                out[k] += r[k]
        return out

    def scotsmen(self) -> int:
        return sum(self.scots)

    def around(self, cell: Cell, adjacency: int = 8) -> list[int]:
        """Slots of the tiles next to ``cell``."""
        x, y = cell
        cells = self.cells
        return [cells[(x + dx, y + dy)] for dx, dy in dirs(adjacency)
                if (x + dx, y + dy) in cells]

    def to_json(self, tile_id: Any) -> list[dict[str, Any]]:
        return [{"tile": tile_id(self.tiles[i]), "x": self.pos[i][0], "y": self.pos[i][1],
                 "res": list(self.res[i]), "scotsmen": self.scots[i],
                 "under": [tile_id(u) for u in self.under[i]]} for i in range(len(self))]
