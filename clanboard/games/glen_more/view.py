"""The observation: what a seat may see, as JSON-ready data (format in docs/glen-more.md).

Everything in Glen More is public except the order of the tile stacks; the state keeps
no order at all (every draw is a chance event), so the observation is the same for
every seat and lists each stack's remaining tiles sorted by id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from clanboard.games.glen_more.constants import (
    DIE,
    GAP,
    P_ACTPAY,
    P_PAY,
    PHASES,
    SPACES,
)
from clanboard.games.glen_more.data import (
    ANY,
    CARDS,
    CLAN,
    DISTINCT,
    FIXED,
    RESOURCES,
    TILES,
    Tile,
)
from clanboard.games.glen_more.moves import NOPOS, xy

if TYPE_CHECKING:
    from clanboard.games.glen_more.state import GlenMoreState


def tile_info(t: Tile) -> dict[str, Any]:
    """A tile as the data prints it, for front ends that draw it (the kit parses ``cost``,
    ``activation`` and ``bonus``); its special card by name and id, with its hats and effect."""
    return {
        "id": t.id, "name": t.name, "name_ru": t.name_ru, "kind": t.kind, "frame": t.frame,
        "stack": t.stack, "cost": t.cost_text, "activation": t.activation_text,
        "bonus": _bonus(t), "river": t.river, "road": t.road,
        "card": CARDS[t.card].name if t.card >= 0 else None,
        "card_id": CARDS[t.card].id if t.card >= 0 else None,
        "hats": CARDS[t.card].hats if t.card >= 0 else 0,
        "card_effect": CARDS[t.card].effect if t.card >= 0 else None,
    }


def _bonus(t: Tile) -> str:
    parts = []
    if t.bonus_clansman:
        parts.append("clansman")
    if t.bonus_whisky:
        parts.append("whisky")
    if t.card >= 0:
        parts.append("card")
    return "+".join(parts)


def _counts(row: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {RESOURCES[k]: row[k] for k in range(5) if row[k]}


def observation(s: GlenMoreState, player: int | None) -> dict[str, Any]:
    track: list[dict[str, Any]] = [{"space": i} for i in range(SPACES)]
    for i, v in enumerate(s.track):
        cell = track[(s.head + i) % SPACES]
        if v >= 0:
            cell["tile"] = TILES[v].id
        elif v == DIE:
            cell["die"] = True
        elif v != GAP:
            cell["player"] = -v - 1
    players = []
    for p in range(s.num_players):
        terr = s.terr[p]
        tiles = []
        for slot, q in enumerate(terr.pos):
            x, y = xy(q)
            tl = terr.tiles[slot]
            tiles.append({"x": x, "y": y, "tile": TILES[tl].id,
                          "resources": _counts(terr.res[slot * 5: slot * 5 + 5]),
                          "clansmen": terr.clan[slot]})
        have = terr.have()
        players.append({
            "seat": p, "coins": s.coins[p], "vp": s.vp[p], "whisky": s.whisky[p],
            "chieftains": s.chiefs[p], "clansmen": terr.clansmen(), "hats": s.hats(p),
            "chieftain_strength": s.chieftain_strength(p),
            "cards": [c.name for c in CARDS if s.cards[p] >> c.index & 1],
            "resources": _counts(have), "resource_total": sum(have),
            "tile_count": len(terr), "territory": tiles,
        })
    turn: dict[str, Any] | None = None
    if s.cur >= 0:
        terr = s.terr[s.cur]
        turn = {
            "player": s.cur,
            "tile": TILES[s.tile].id if s.tile >= 0 else None,
            "position": list(xy(s.tpos)) if s.tpos != NOPOS else None,
            "owed": _owed(s),
            "activatable": [list(xy(terr.pos[i])) for i in
                            (range(len(terr)) if s.oich else s.near) if i not in s.activated],
            "activated": [list(xy(terr.pos[i])) for i in s.activated],
            "movement_points": s.mp,
            "loch_ness_used": s.ness_used,
            "loch_oich": s.oich,
            "gains_left": s.gain_left,
        }
    cur = s.current_player()
    return {
        "game": "glen-more",
        "viewer": player,
        "num_players": s.num_players,
        "to_move": cur,
        "phase": PHASES[s.phase],
        "track": track,
        "head": s.head,
        "market": {RESOURCES[k]: s.market[k] for k in range(5)},
        "stacks": {
            "current": s.current_stack(),
            "sizes": [len(st) for st in s.stacks],
            "remaining": [sorted(TILES[t].id for t in st) for st in s.stacks],
        },
        "discarded": sorted(TILES[t].id for t in s.discarded),
        "players": players,
        "turn": turn,
        "scorings": [dict(x) for x in s.scorings],
        "final": dict(s.final) if s.final else None,
        "winners": s.winners(),
        "tiles": {tid: dict(info) for tid, info in _INFO.items()},
    }


def _owed(s: GlenMoreState) -> dict[str, Any] | None:
    if s.phase not in (P_PAY, P_ACTPAY):
        return None
    if s.mode == FIXED:
        return {"resources": _counts(s.owed)}
    if s.mode == DISTINCT:
        return {"distinct": s.left,
                "already": [RESOURCES[k] for k in range(5) if s.used >> k & 1]}
    if s.mode == ANY:
        return {"any": s.left}
    if s.mode == CLAN:
        return {"clansman_or_chieftain": 1}
    return None


_INFO = {t.id: tile_info(t) for t in TILES}
