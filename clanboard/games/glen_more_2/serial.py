"""Saving Glen More II positions (the full state) and the invariant checks (loading is
:mod:`.load`, above the state)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from clanboard.core import InvalidState
from clanboard.games.glen_more_2.components import STACK_ORDER
from clanboard.games.glen_more_2.constants import DIE, GAP, P_BUILD, PHASES

if TYPE_CHECKING:
    from clanboard.games.glen_more_2.state import GlenMore2State

_INTS = ("d_size", "d_drawn", "phase", "cur", "alt", "owed_any", "owed_distinct", "used",
         "debt_slot", "debt_option", "mp", "gain_left", "gain_slot", "after_gain", "last_paid",
         "remove_left", "building", "clan_return", "central_return", "castle_move", "rep_slot",
         "new_slot", "choose_tile", "scots_to_place", "scot_return")
_BOOLS = ("we_drawn", "extra_one", "from_discard", "planned", "clan_pending", "clan_free",
          "new_rebuild")
_LISTS = ("market", "coins", "vp", "whisky", "fame", "markers", "owed", "near", "activated",
          "feast_row", "feast_deck", "feast_discard", "pending", "central_offers")


def to_json(s: GlenMore2State) -> dict[str, Any]:

    tid = s.comp.tile_id

    def track_item(v: int) -> Any:
        if v >= 0:
            return tid(v)
        return "die" if v == DIE else "gap" if v == GAP else -v - 1

    out: dict[str, Any] = {k: getattr(s, k) for k in _INTS + _BOOLS}
    out.update({k: list(getattr(s, k)) for k in _LISTS})
    out["tile"] = tid(s.tile) if s.tile >= 0 else None
    out["cell"] = list(s.cell) if s.cell is not None else None
    out["track"] = [track_item(v) for v in s.track]
    out["stacks"] = {k: sorted(tid(t) for t in v) for k, v in s.stacks.items()}
    out["discarded"] = [tid(t) for t in s.discarded]
    out["removed"] = [tid(t) for t in s.removed]
    out["territories"] = [t.to_json(tid) for t in s.terr]
    out["personalities"] = [[tid(t) for t in ps] for ps in s.personalities]
    out["cards"] = [list(c) for c in s.cards]
    out["clan"] = {k: list(v) for k, v in s.clan.items()}
    out["scorings"] = [dict(x) for x in s.scorings]
    out["final"] = dict(s.final) if s.final else None
    out["bids"] = [None if b is None else list(b) for b in s.bids]
    out["feast_markers"] = {str(k): list(v) for k, v in s.feast_markers.items()}
    out["reveal"] = [dict(x) for x in s.reveal]
    out["rules"] = [list(r) for r in s.rules]
    out["ignored"] = [list(r) for r in s.ignored]
    out["rank"] = [list(r) for r in s.rank]
    out["reps"] = [[list(c) for c in cs] for cs in s.reps]
    out["modifiers"] = [[list(m) for m in ms] for ms in s.modifiers]
    out["central"] = {str(k): v for k, v in sorted(s.central.items())}
    out["trained"] = [list(c) for c in s.trained]
    out["reached"] = list(s.reached)
    out["blueprints"] = [[{"tile": tid(c["tile"]), "paid": list(c["paid"]), "free": c["free"],
                           "fed": c["fed"]} for c in cs] for cs in s.blueprints]
    if s.allen is not None:
        out["allenarly"] = s.allen.to_json(tid)
    return out


def check(s: GlenMore2State) -> None:
    """Raise InvalidState if the position breaks an invariant of the game."""

    comp, n = s.comp, s.seats
    for name in ("coins", "vp", "whisky", "fame", "markers"):
        if len(getattr(s, name)) != n:
            raise InvalidState(f"{name} must have one entry per player ({n})")
    if len(s.terr) != n or len(s.personalities) != n or len(s.cards) != n or \
            len(s.blueprints) != n:
        raise InvalidState(f"there must be {n} territories, personality, card and blueprint "
                           "lists")
    if any(v < 0 for v in s.coins + s.whisky + s.markers + s.fame):
        raise InvalidState("coins, whisky, fame and clan markers cannot be negative")
    if any(not 0 <= v <= 5 for r in s.rank for v in r) or len(s.rank) != n:
        raise InvalidState("each player has a caber and a stone rank, 0-5")
    for p, cells in enumerate(s.reps):
        if len(cells) > 2 or any(tuple(c) not in s.terr[p].cells for c in cells):
            raise InvalidState(f"player {p}'s clan representatives must lie on their tiles "
                               "(2 at most)")
    for k in range(5):
        if not 0 <= s.market[k] <= len(comp.prices(k)):
            raise InvalidState("a market row holds 0 up to its number of spaces")
    if not 0 <= s.phase < len(PHASES):
        raise InvalidState("unknown phase")
    markers = sorted(-v - 1 for v in s.track if v < 0 and v not in (GAP, DIE))
    if markers != list(range(n)):
        raise InvalidState("the rondel must hold each player's Scotsman exactly once")
    if s.track.count(DIE) != (1 if s.use_die else 0):
        raise InvalidState("the die stands on the rondel exactly in die games")
    if len(s.track) > comp.settings.rondel_spaces:
        raise InvalidState("more pieces than rondel spaces")
    seen = [v for v in s.track if v >= 0] + s.discarded
    own = ("home", "clan", "historic")  # not in the stacks: the home tile, clan tiles,
    # the halves of double historic places (beside the rondel)
    seen += [t for t in s.removed if comp.tiles[t].stack not in own]
    for cards in s.blueprints:
        for c in cards:
            seen.append(c["tile"])
            if any(v < 0 for v in c["paid"]) or (s.card_complete(c) and s.phase != P_BUILD):
                raise InvalidState("a blueprint card holds a bad number of resources")
    for letter, st in s.stacks.items():
        if any(comp.tiles[t].stack != letter for t in st):
            raise InvalidState(f"stack {letter} holds a tile of another stack")
        seen += st
    if s.tile >= 0:
        seen.append(s.tile)
    if s.allen is not None:  # her tiles (her start tile is a component of its own)
        seen += s.allen.trade + s.allen.pile + s.allen.gone
    cap = comp.settings.tile_capacity
    for p, terr in enumerate(s.terr):
        if terr.tiles[:2] and (terr.pos[0], terr.pos[1]) != ((0, 0), (1, 0)):
            raise InvalidState(f"player {p}'s home tile must lie at 0,0 and 1,0")
        seen += [t for t in terr.tiles + [u for us in terr.under for u in us]
                 if comp.tiles[t].stack not in own]
        for slot, r in enumerate(terr.res):
            if any(v < 0 for v in r) or sum(r) > cap:
                raise InvalidState(f"player {p}'s tile {comp.tile_id(terr.tiles[slot])} holds "
                                   f"{r}; a tile holds 0-{cap} resources")
        if any(c < 0 for c in terr.scots) or s.scotsmen_supply(p) < 0:
            raise InvalidState(f"player {p} has a bad number of Scotsmen")
        seen += [t for t in s.personalities[p] if comp.tiles[t].stack != "clan"]
    if 9 in s.ch:
        feasts = sorted(s.feast_row + s.feast_deck + s.feast_discard)
        if feasts != list(range(len(comp.feasts))) or len(s.feast_row) != 5:
            raise InvalidState("every feast must be face up (5), in the deck or discarded, once")
    stacks = comp.stacks_for(s.ch, n)
    stack_tiles = sorted(t for k in STACK_ORDER for t in stacks[k])
    drawn_from_s = sorted(stacks["S"])
    every = sorted(stack_tiles + drawn_from_s)
    if sorted(seen) != every:
        extra = sorted({comp.tile_id(t) for t in seen if seen.count(t) > 1})
        raise InvalidState(f"every tile must be in exactly one place; duplicated: {extra}")
