"""Helpers: hand-built territories, states at a chosen phase."""

from __future__ import annotations

from typing import Any

import clanboard
from clanboard.games.isle_of_skye.state import SkyeState
from clanboard.games.isle_of_skye.territory import Territory
from clanboard.games.isle_of_skye.tiles import Tile, castles, landscape_tiles, make_tile

GAME = clanboard.get_game("isle-of-skye")
TILES = landscape_tiles()
BLUE = castles()["blue"]


def tile(edges: str, name: str = "T", **kw: Any) -> Tile:
    """A made-up tile: ``tile("MPMM", counts={"broch": 1}, icon_areas="brochx1@edge-N")``."""
    return make_tile(name, edges, **kw)


def terr(cells: dict[tuple[int, int], Tile | tuple[Tile, int]], castle: bool = False) -> Territory:
    """A territory from cells (terrain matching is checked on every shared edge)."""
    t = Territory(BLUE if castle else None)
    for cell, v in cells.items():
        tl, rot = v if isinstance(v, tuple) else (v, 0)
        t.cells[cell] = (tl, rot)
    for (x, y), (tl, rot) in t.cells.items():
        for d, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
            o = t.cells.get((x + dx, y + dy))
            if o:
                assert tl.edge(d, rot) == o[0].edge((d + 2) % 4, o[1]), f"mismatch at {x},{y}"
    return t


def state(n: int = 2, seed: int = 1, **options: Any) -> SkyeState:
    opts = {"scoring_tiles": "S01,S02,S03,S04", **options}
    s = GAME.new_state(n, seed=seed, options=opts)
    assert isinstance(s, SkyeState)
    return s


def new_state(n: int, seed: int = 0, options: dict[str, Any] | None = None,
              auto_chance: bool = True) -> SkyeState:
    s = GAME.new_state(n, seed=seed, options=options, auto_chance=auto_chance)
    assert isinstance(s, SkyeState)
    return s


def put(s: SkyeState, seat: int, tile_id: str, x: int, y: int, rot: int) -> None:
    """Place a landscape tile in a seat's territory (legally) outside the build phase."""
    t = s.tiles[tile_id]
    assert s.territories[seat].fits(t, (x, y), rot), f"{tile_id} does not fit at {x},{y} r{rot}"
    s.bag.remove(tile_id)
    s.territories[seat].place(t, (x, y), rot)
    s.placed[seat].append((tile_id, x, y, rot))


def commit(s: SkyeState, seat: int, discard_slot: int, prices: tuple[int, int]) -> None:
    d = s.drawn[seat]
    kept = [t for i, t in enumerate(d) if i != discard_slot]
    s.apply(f"offer {d[discard_slot]} {kept[0]}={prices[0]} {kept[1]}={prices[1]}", seat)


def play_random(s: SkyeState, seed: int, until: Any = None) -> SkyeState:
    """Play uniformly random legal moves (until ``until(s)`` is true or the end)."""
    from clanboard.core import Rng

    rng = Rng(seed)
    while not s.is_terminal() and not (until and until(s)):
        seat = s.players_to_move()[0]
        s.apply_trusted(rng.choice(s.legal_moves(seat)), seat)
    return s
