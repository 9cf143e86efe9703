"""Saving and loading Glen More positions (the full state, stacks included) and checks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from clanboard.core import InvalidState
from clanboard.games.glen_more.constants import (
    DIE,
    GAP,
    P_OVER,
    SPACES,
)
from clanboard.games.glen_more.data import (
    CARDS,
    FIXED,
    NUM_STACK_TILES,
    RESOURCES,
    TILES,
)
from clanboard.games.glen_more.moves import NOPOS, pos, xy

if TYPE_CHECKING:
    from clanboard.games.glen_more.state import GlenMoreState

SCALARS = ("head", "phase", "cur", "tile", "tpos", "mode", "left", "used", "then_slot",
            "then_rule", "mp", "ness_used", "oich", "gain_left", "gain_slot")
LISTS = ("market", "coins", "vp", "whisky", "chiefs", "cards", "owed", "near", "activated")


def _tid(t: int) -> str:
    return TILES[t].id


def to_json(s: GlenMoreState) -> dict[str, Any]:
    def track_item(v: int) -> Any:
        if v >= 0:
            return _tid(v)
        if v == DIE:
            return "die"
        if v == GAP:
            return "gap"
        return -v - 1

    out: dict[str, Any] = {k: getattr(s, k) for k in SCALARS}
    out.update({k: list(getattr(s, k)) for k in LISTS})
    out["tpos"] = list(xy(s.tpos)) if s.tpos != NOPOS else None
    out["tile"] = _tid(s.tile) if s.tile >= 0 else None
    out["track"] = [track_item(v) for v in s.track]
    out["stacks"] = [[_tid(t) for t in st] for st in s.stacks]
    out["discarded"] = [_tid(t) for t in s.discarded]
    out["territories"] = [
        [{"tile": _tid(t.tiles[i]), "x": xy(t.pos[i])[0], "y": xy(t.pos[i])[1],
          "res": t.res[i * 5: i * 5 + 5], "clan": t.clan[i]} for i in range(len(t))]
        for t in s.terr
    ]
    out["scorings"] = [dict(x) for x in s.scorings]
    out["final"] = dict(s.final) if s.final else None
    return out


def check(s: GlenMoreState) -> None:
    """Raise InvalidState if the position breaks an invariant of the game."""
    n = s.num_players
    lists = {"coins": s.coins, "vp": s.vp, "whisky": s.whisky, "chieftains": s.chiefs,
             "cards": s.cards}
    for name, values in lists.items():
        if len(values) != n:
            raise InvalidState(f"{name} must have one entry per player ({n})")
    if len(s.terr) != n:
        raise InvalidState(f"there must be {n} territories")
    if any(v < 0 for v in s.coins + s.whisky + s.chiefs):
        raise InvalidState("coins, whisky and chieftains cannot be negative")
    if len(s.market) != 5 or any(not 0 <= f <= 3 for f in s.market):
        raise InvalidState("each market row holds 0-3 filled spaces")
    if not 0 <= s.head < SPACES or not 0 <= s.phase <= P_OVER:
        raise InvalidState("head must be a space 0-13 and phase a known phase")
    seen: list[int] = []
    markers = [v for v in s.track if v < 0 and v not in (GAP, DIE)]
    if sorted(-v - 1 for v in markers) != list(range(n)):
        raise InvalidState("the track must hold each player's figure exactly once")
    if (DIE in s.track) != (n <= 3) or s.track.count(DIE) > 1:
        raise InvalidState("the die is on the track in 2-3 player games only, once")
    if len(s.track) > SPACES - 1:
        raise InvalidState("at most 13 of the 14 track spaces are occupied")
    seen += [v for v in s.track if v >= 0]
    for st_no, st in enumerate(s.stacks):
        for t in st:
            if TILES[t].stack != st_no:
                raise InvalidState(f"tile {TILES[t].id} is not a stack-{st_no} tile")
        seen += st
    seen += s.discarded
    if s.tile >= 0:
        seen.append(s.tile)
    for p, terr in enumerate(s.terr):
        if not terr.tiles or terr.tiles[0] != NUM_STACK_TILES + p or terr.pos[0] != pos(0, 0):
            raise InvalidState(f"player {p}'s territory must start with start village S{p + 1}"
                               " at 0,0")
        seen += terr.tiles[1:]
        if len(set(terr.pos)) != len(terr.pos):
            raise InvalidState(f"player {p} has two tiles on one square")
        for slot in range(len(terr)):
            row = terr.res[slot * 5: slot * 5 + 5]
            if any(v < 0 for v in row) or sum(row) > 3:
                raise InvalidState(
                    f"player {p}'s tile {TILES[terr.tiles[slot]].id} holds {row} "
                    f"({'/'.join(RESOURCES)}); a tile holds 0-3 resources")
            if terr.clan[slot] < 0:
                raise InvalidState("clansmen on a tile cannot be negative")
        if s.phase != P_OVER and terr.clansmen() < 1 and s.tile < 0:
            raise InvalidState(f"player {p} has no clansman in the territory")
        for c in CARDS:
            if (s.cards[p] >> c.index & 1) != (c.tile in terr.tiles):
                raise InvalidState(f"player {p} must hold {c.name} exactly when owning its tile")
    if sorted(seen) != list(range(NUM_STACK_TILES)) or len(seen) != NUM_STACK_TILES:
        dup = sorted({TILES[t].id for t in seen if seen.count(t) > 1})
        raise InvalidState(f"every stack tile must be in exactly one place; duplicated: {dup}")
    if s.phase == 2 and (s.track[0] != -(s.cur + 1) or s.tile >= 0):
        raise InvalidState("at the take step the player to move must be at the back of the chain")
    if s.mode != FIXED and s.phase not in (4, 7):
        raise InvalidState("a payment mode is set outside a payment phase")
