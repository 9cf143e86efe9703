"""Building Glen More positions for tests: tiles put straight into territories or onto
the track (taken from wherever they are, so every tile stays in exactly one place)."""

from __future__ import annotations

from typing import Any

import clanboard
from clanboard.games.glen_more.data import RES_INDEX, TILE_BY_ID, TILES
from clanboard.games.glen_more.moves import pos
from clanboard.games.glen_more.state import CHAIN, P_DRAW, GlenMoreState

GAME = clanboard.get_game("glen-more")


def new(n: int = 4, seed: int = 0) -> GlenMoreState:
    s = GAME.new_state(n, seed=seed)
    assert isinstance(s, GlenMoreState)
    return s


def _detach(s: GlenMoreState, tile: int) -> None:
    for st in s.stacks:
        if tile in st:
            st.remove(tile)
            return
    if tile in s.discarded:
        s.discarded.remove(tile)
        return
    if tile in s.track:
        # replace it on the track by another tile of the current stack
        i = s.track.index(tile)
        for st in s.stacks:
            for other in st:
                if other != tile:
                    st.remove(other)
                    s.track[i] = other
                    return
        raise AssertionError("no tile left to replace it on the track")
    raise AssertionError(f"tile {TILES[tile].id} is not free")


def put(s: GlenMoreState, p: int, tid: str, x: int, y: int, clan: int = 0,
        **res: int) -> int:
    """Put tile ``tid`` into player ``p``'s territory at x,y (no placement check)."""
    tile = TILE_BY_ID[tid]
    _detach(s, tile)
    terr = s.terr[p]
    slot = terr.add(tile, pos(x, y))
    terr.clan[slot] = clan
    for name, n in res.items():
        terr.res[slot * 5 + RES_INDEX[name]] = n
    if TILES[tile].card >= 0:
        s.cards[p] |= 1 << TILES[tile].card
    return slot


def on_track(s: GlenMoreState, tid: str) -> None:
    """Make sure tile ``tid`` lies on the track (replacing the front tile)."""
    tile = TILE_BY_ID[tid]
    if tile in s.track:
        return
    _detach(s, tile)
    for i in range(len(s.track) - 1, -1, -1):
        if s.track[i] >= 0:
            s.discarded.append(s.track[i])
            s.track[i] = tile
            return
    raise AssertionError("no tile on the track")


def set_res(s: GlenMoreState, p: int, x: int, y: int, **res: int) -> None:
    terr = s.terr[p]
    slot = terr.cells[pos(x, y)]
    for k in range(5):
        terr.res[slot * 5 + k] = 0
    for name, n in res.items():
        terr.res[slot * 5 + RES_INDEX[name]] = n


def clan_at(s: GlenMoreState, p: int, x: int, y: int) -> int:
    terr = s.terr[p]
    return terr.clan[terr.cells[pos(x, y)]]


def res_at(s: GlenMoreState, p: int, x: int, y: int) -> list[int]:
    terr = s.terr[p]
    slot = terr.cells[pos(x, y)]
    return terr.res[slot * 5: slot * 5 + 5]


def final(s: GlenMoreState) -> dict[str, Any]:
    assert s.final is not None, "the game is not over"
    return s.final


def legal(s: GlenMoreState) -> list[str]:
    return [str(m) for m in s.legal_moves()]


def play(s: GlenMoreState, *moves: str) -> None:
    for m in moves:
        s.apply(m)


def last_draw_of(s: GlenMoreState, stack: int) -> None:
    """Leave one tile in ``stack`` (the rest of it and all earlier stacks discarded) and a
    gap at the end of the track, so that the next chance event draws that last tile."""
    for st in range(stack):
        s.discarded.extend(s.stacks[st])
        s.stacks[st] = []
    s.discarded.extend(s.stacks[stack][1:])
    s.stacks[stack] = s.stacks[stack][:1]
    while len(s.track) >= CHAIN:
        s.discarded.append(s.track.pop())
    s.phase = P_DRAW
    s.cur = -1
