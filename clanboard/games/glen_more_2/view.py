"""The observation: what a seat may see, as JSON-ready data (docs/glen-more-2.md).

Everything is public except the order of the stacks, which the state never keeps (each
draw is a chance event): a seat sees how many tiles each stack has left, not which. The
observation also names the pack and every provisional value a game may use."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from clanboard.games.glen_more_2.allenarly import ALLEN, level_row, rules
from clanboard.games.glen_more_2.constants import DIE, GAP, PHASES, TOP_RANK
from clanboard.games.glen_more_2.effects import RESOURCES
from clanboard.games.glen_more_2.provenance import used_provisional

if TYPE_CHECKING:
    from clanboard.games.glen_more_2.state import GlenMore2State


def tile_info(s: GlenMore2State, t: int) -> dict[str, Any]:
    row = s.comp.tiles[t]
    return {"id": row.id, "name": row.name, "name_ru": row.name_ru, "kind": row.kind,
            "stack": row.stack,
            "cost": str(row.cost), "bonus": str(row.bonus), "activation": str(row.activation),
            "river": row.river, "rebuild": row.rebuild, "landmark": row.landmark or None,
            "provisional": row.provisional,
            "historic": s.comp.historic[t].id if t in s.comp.historic else None,
            "chronicle": row.chronicle, "use": row.use}


def historic_info(s: GlenMore2State, t: int) -> dict[str, Any]:
    """A historic place (chronicle 11) as its blueprint card shows it: format, stack, the
    cells of each side (own kind, kind to build over, river), cost, one-time effect,
    activation, whether Scotsmen on it count as in the home castle."""
    h = s.comp.historic[t]
    return {"id": h.id, "name": h.name, "name_ru": h.name_ru, "format": h.format, "stack": h.stack,
            "sides": [[{"kind": c.kind, "over": c.over, "river": c.river} for c in side]
                      for side in h.sides()],
            "cost": str(h.cost) or "2 any", "bonus": str(h.bonus),
            "activation": str(h.activation), "castle": h.castle, "provisional": h.provisional}


def _chronicle11(s: GlenMore2State, player: int | None) -> dict[str, Any]:
    """Public: every blueprint card and its resources, the doubles still beside the
    rondel, and, while one is being built, where it may go (cell = left half, side)."""
    comp = s.comp
    tid = comp.tile_id
    taken = {c["tile"] for cs in s.blueprints for c in cs} | set(s.removed)
    cards = [[{"tile": tid(c["tile"]), "place": comp.historic[c["tile"]].id,
               "paid": {RESOURCES[k]: v for k, v in enumerate(c["paid"]) if v},
               "free": c["free"], "fed_this_turn": c["fed"]} for c in cs]
             for cs in s.blueprints]
    doubles = [comp.historic[t].id for t in comp.halves if t not in taken]
    build = []
    if s.building >= 0 and s.cur >= 0:
        card = s.blueprints[s.cur][s.building]
        build = [{"cell": list(cell), "side": side}
                 for cell, side in s.build_spots(s.cur, card["tile"])]
    places = {tid(t): historic_info(s, t) for t in comp.historic
              if comp.tiles[t].stack != "historic"}
    return {"blueprints": cards, "doubles_beside_rondel": doubles, "build_spots": build,
            "historic_places": places,
            "historic_count": [s.historic_count(p) for p in range(s.num_players)]}


def _chronicle10(s: GlenMore2State) -> dict[str, Any]:
    """Public: the Highland Games board (each track's steps and rewards, every seat's ranks,
    the central track's taken rewards), representatives' cells, modifiers won."""

    steps = {f"{t} {r}": {"type": row.type, "reward": str(row.reward),
                          "provisional": row.provisional}
             for (t, r), row in sorted(s.comp.tracks.items())}
    return {
        "board": steps, "top_rank": TOP_RANK,
        "above_top_vp": s.comp.settings.rank_above_top_vp,
        "ranks": [{"caber": r[0], "stone": r[1]} for r in s.rank],
        "representatives": [[list(c) for c in cs] for cs in s.reps],
        "central_taken": {str(k): v for k, v in sorted(s.central.items())},
        "central_offer": s.central_offers[0] if s.central_offers else None,
        "modifiers": [[f"{m[1]} extra {m[0]}" for m in ms] for ms in s.modifiers],
        "trained_this_turn": [list(c) for c in s.trained],
        "castle_moves": s.castle_move,
    }


def shown_tiles(s: GlenMore2State) -> set[int]:
    """Every tile in sight: on the rondel, the one taken and being placed, in a territory (and
    under a rebuild), set aside, on Allenarly's board."""
    shown = {v for v in s.track if v >= 0}
    if s.tile >= 0:  # off the rondel, not placed yet: the board names it ("tile: Forest")
        shown.add(s.tile)
    for p in range(s.seats):
        shown.update(s.terr[p].tiles, s.personalities[p], *s.terr[p].under)
    if s.allen is not None:
        shown.update(s.allen.trade, s.allen.pile, s.allen.gone, [s.allen.start])
    return shown


def observation(s: GlenMore2State, player: int | None) -> dict[str, Any]:

    tid = s.comp.tile_id
    rondel: list[dict[str, Any]] = []
    for v in s.track:
        if v >= 0:
            rondel.append({"tile": tid(v)})
        elif v == DIE:
            rondel.append({"die": True})
        elif v == GAP:
            rondel.append({"empty": True})
        else:
            rondel.append({"player": -v - 1})
    players = []
    for p in range(s.num_players):
        terr = s.terr[p]
        players.append({
            "coins": s.coins[p], "vp": s.vp[p], "whisky": s.whisky[p], "fame": s.fame[p],
            "territory": terr.to_json(tid),
            "personalities": [tid(t) for t in s.personalities[p]],
            "landmarks": list(s.cards[p]), "clan_markers_left": s.markers[p],
            "scotsmen_in_supply": s.scotsmen_supply(p),
            "castle_scotsmen": s.castle_scotsmen(p),
        })
    shown = shown_tiles(s)
    spaces = {sp.id: sp for sp in s.comp.spaces}
    return {
        "viewer": player,
        "pack": s.comp.name,
        "provisional": [f"{e.file} {e.key}" for e in s.comp.pack.provisional()],
        "phase": PHASES[s.phase],
        "to_move": s.cur if s.cur >= 0 else None,
        "rondel": rondel,
        "stacks_left": {k: len(v) for k, v in s.stacks.items()},
        "worlds_end_drawn": s.we_drawn,
        "market": {RESOURCES[k]: s.market[k] for k in range(5)},
        "clan_board": {k: list(v) for k, v in s.clan.items()},
        "players": players,
        "tiles": {tid(t): tile_info(s, t) for t in sorted(shown)},
        "market_prices": {RESOURCES[k]: list(s.comp.prices(k)) for k in range(5)},
        "clan_spaces": {k: {"clan": spaces[k].clan, "road_cost": spaces[k].road_cost,
                            "effect": str(spaces[k].effect), "provisional": spaces[k].provisional}
                        for k in s.clan},
        "landmarks": {c: {"name": s.comp.cards[c].name, "name_ru": s.comp.cards[c].name_ru,
                          "timing": s.comp.cards[c].timing,
                          "effect": str(s.comp.cards[c].effect),
                          "provisional": s.comp.cards[c].provisional}
                      for p in range(s.seats) for c in s.cards[p]},
        "turn": {
            "tile": tid(s.tile) if s.tile >= 0 else None,
            "cell": list(s.cell) if s.cell else None,
            "owed": {RESOURCES[k]: s.owed[k] for k in range(5) if s.owed[k]},
            "owed_any": s.owed_any, "owed_distinct": s.owed_distinct,
            "movement_points": s.mp, "gain_left": s.gain_left,
            "activated": [list(s.terr[s.cur].pos[i]) for i in s.activated] if s.cur >= 0
            else [],
            # the tournament/spectator tile whose one-time options are being chosen
            "choosing": tid(s.choose_tile) if s.choose_tile >= 0 else None,
        },
        "chronicles": sorted(s.ch),
        "feasts": [{"position": i + 1, "id": s.comp.feasts[f].id,
                    "name": s.comp.feasts[f].name,
                    "name_ru": s.comp.feasts[f].name_ru, "cost": str(s.comp.feasts[f].cost),
                    "effect": str(s.comp.feasts[f].effect),
                    "markers": s.feast_markers.get(i + 1, [])}
                   for i, f in enumerate(s.feast_row)],
        "feasts_in_deck": len(s.feast_deck) + len(s.feast_discard),
        # secret bids: a seat sees its own stack; of the others only that they have bid
        "bids": [b if (player == p and b is not None) else (b is not None)
                 for p, b in enumerate(s.bids)] if s.phase == PHASES.index("bid") else [],
        "last_reveal": [dict(x) for x in s.reveal],
        "shield_rules": [list(r) for r in s.rules],
        "feast_ignored": [[RESOURCES[k] for k in r] for r in s.ignored],
        "scorings": [dict(x) for x in s.scorings],
        "final": dict(s.final) if s.final else None,
        "used_provisional": [f"{e.file} {e.key}" for e in used_provisional(s)] if s.final
        else None,
        "discarded": len(s.discarded),
        "chronicle11": _chronicle11(s, player) if 11 in s.ch else None,
        "chronicle10": _chronicle10(s) if 10 in s.ch else None,
        "allenarly": allenarly_view(s) if s.allen is not None else None,
    }


def allenarly_view(s: GlenMore2State) -> dict[str, Any]:
    """Allenarly's board, all public (chronicle 12): her items, stones, trade row, tiles,
    priority tokens (with their symbols), clan-board tokens, the face-up cards of this
    deck cycle and how many draws are left before a shuffle (never the deck's order), her
    last decision and what each scoring round gave her."""

    a = s.allen
    assert a is not None
    tid = s.comp.tile_id
    lv = level_row(s)
    symbol = rules(s.comp).symbol
    return {
        "level": a.level, "level_name": lv.name, "level_name_ru": lv.name_ru,
        "vp": s.vp[ALLEN], "coins": s.coins[ALLEN], "whisky": s.whisky[ALLEN],
        "fame": s.fame[ALLEN], "stones": a.stones, "scotsmen": a.scots,
        "landmarks": list(s.cards[ALLEN]),
        "personalities": [tid(t) for t in s.personalities[ALLEN]],
        "clan_markers_left": s.markers[ALLEN],
        "trade_row": [tid(t) for t in [a.start, *a.trade]],
        "pile": [tid(t) for t in a.pile], "left_the_game": [tid(t) for t in a.gone],
        "priority": [{"category": c, "symbol": symbol[c]} for c in a.priority],
        "tokens": dict(a.tokens), "cards_face_up": list(a.discard),
        "draws_before_shuffle": a.left, "last": dict(a.last),
        "since_your_move": [dict(r) for r in a.recent],
        "bid_tokens": list(a.bid_order), "feast_budget": a.budget,
        "preferred_track": ("caber", "stone")[a.track] if 10 in s.ch else None,
        "rounds": [dict(r) for r in a.rounds], "territory_size": s.territory_size(ALLEN),
        "item_vp_rounds": list(lv.item_vp_rounds),
    }
