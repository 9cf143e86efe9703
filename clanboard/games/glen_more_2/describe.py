"""Glen More II moves and the final result in words (:meth:`State.describe_move`,
:meth:`State.result_explanation`). Every move is public but a secret feast bid (chronicle 9),
which only its maker reads in words; the stacks' order is never stored, so a draw names only
the tile that everyone sees come onto the rondel."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from clanboard.core import CHANCE, Move, seat_name, winners_text, words
from clanboard.games.glen_more_2.effects import RESOURCES
from clanboard.games.glen_more_2.market import buy_price, sell_price
from clanboard.games.glen_more_2.moves import (
    ACT,
    BID,
    BUILD,
    BUY,
    CENTRAL,
    CHOOSE,
    CLAN,
    DRAW,
    END,
    GAIN,
    MOVE,
    PASS,
    PAY,
    PLACE,
    PLAN,
    REMOVE,
    REP,
    RES_INDEX,
    ROLL,
    SCOT,
    SELL,
    TAKE,
    TRAIN,
    GMove,
    Sq,
    bid_list,
)

if TYPE_CHECKING:
    from clanboard.games.glen_more_2.state import GlenMore2State

MESSAGES = {
    "take": "{who} moves on the rondel and takes {tile}",
    "take_alt": "{who} moves on the rondel and takes {tile}, paying {cost}",
    "take_discard": "{who} takes {tile} from the discard",
    "pass": "{who} cannot take a tile: moves onto {tile}, which leaves the game",
    "place": "{who} places {tile} at {at}",
    "pay": "{who} pays 1 {res} from {tile}",
    "buy": "{who} buys 1 {res} for {price} {coins}",
    "sell": "{who} sells 1 {res} from {tile} for {price} {coins}",
    "gain": "{who} takes 1 {res}",
    "act": "{who} activates {tile}",
    "act_option": "{who} activates {tile}: {option}",
    "move": "{who} moves a Scotsman from {src} to {dst}",
    "clan": "{who} puts a clan marker on {space}",
    "clan_none": "{who} puts no clan marker (no space open)",
    "end": "{who} ends the turn",
    "end_remove": "{who} removes no more tiles",
    "end_plan": "{who} puts no more resources on blueprints and ends the turn",
    "remove": "{who} removes {tile} from the territory",
    "bid": "{who} bids on feasts {feasts} (top of the stack first)",
    "bid_none": "{who} bids on no feast",
    "bid_hidden": "{who} places a secret bid",
    "plan": "{who} puts 1 {res} on the blueprint of {place}",
    "build": "{who} builds {place} over {tile}",
    "build_side": "{who} builds {place} (side {side}) with its left half over {tile}",
    "rep_new": "{who} puts a clan representative on the new tile",
    "rep_move": "{who} moves the clan representative from {tile} onto the new tile",
    "rep_none": "{who} puts no clan representative on the new tile",
    "train": "{who} trains the clan representative on {tile}",
    "central": "{who} takes the central track's reward of step {n}: {reward}",
    "central_none": "{who} declines the central track's reward",
    "choose": "{who} chooses option {n} of {tile}: {option}",
    "scot": "{who} puts the new Scotsman on {tile}",
    "draw": "{tile} comes onto the rondel",
    "roll": "the die shows {n}",
    "tile_at": "{name} ({at})",
    "coin": "coin", "coins": "coins",
    "round": "Scoring {n}",
    "final": "Final scoring",
    "castle": "Scotsmen in the home castle",
    "landmarks": "landmarks",
    "whisky": "whisky barrels",
    "personalities": "personalities",
    "fame": "fame",
    "fame_won": "fame won (caber, stone)",
    "vp": "points",
    "before": "points before the final scoring",
    "cards": "landmark cards (end of game)",
    "final_coins": "coins (1 point each)",
    "tiles": "tiles in the territory",
    "penalty": "territory penalty",
    "unbuilt_historic": "historic places taken, not built",
    "total": "total",
    "tiebreak": "tied on points: most resources left wins ({counts})",
    "provisional_used": "provisional component values this game used: {n}",
}
"""User-facing words (one place, for catalogues)."""

RESOURCE_NAMES = {r: r for r in RESOURCES}
"""The resources' names, catalogued like the messages."""

#: the score sheets' rows, in order (a key absent from a sheet is left out)
ROUND_ROWS = ("castle", "landmarks", "whisky", "personalities", "fame", "fame_won", "vp")
FINAL_ROWS = ("before", "cards", "coins", "tiles", "penalty", "unbuilt_historic", "total")


def tile_name(s: GlenMore2State, tile: int, lang: str = "en") -> str:
    """A tile by its name in the pack (the Russian one where the pack has it) and its id."""
    row = s.comp.tiles[tile]
    name = row.name_ru if lang == "ru" and row.name_ru else row.name
    return f"{name} ({row.id})"


def _at(s: GlenMore2State, p: int, sq: Sq, lang: str) -> str:
    terr = s.terr[p]
    slot = terr.cells.get((sq.x, sq.y))
    if slot is None:
        return str(sq)
    return words(MESSAGES, lang)["tile_at"].format(name=tile_name(s, terr.tiles[slot], lang),
                                                   at=str(sq))


def _coins(m: Any, n: int) -> str:
    return m["coin"] if n == 1 else m["coins"]


def describe_move(s: GlenMore2State, move: Move, player: int, viewer: int | None,
                  names: Sequence[str] | None = None, lang: str = "en") -> str:
    """``move`` by ``player`` from the position before it. A secret bid reads the same for
    every viewer but its maker; all else is public."""
    from clanboard.games.glen_more_2.state import P_DISCARD, P_PLAN, P_REMOVE

    assert isinstance(move, GMove)
    m = words(MESSAGES, lang)
    res = words(RESOURCE_NAMES, lang)
    comp = s.comp
    op = move.op
    if player == CHANCE or op in (DRAW, ROLL):
        if op == DRAW:
            return m["draw"].format(tile=tile_name(s, comp.index[move.name], lang))
        return m["roll"].format(n=move.n)
    who = seat_name(names, player, lang)
    if op == BID:
        if viewer != player:
            return m["bid_hidden"].format(who=who)
        stack = bid_list(move)
        if not stack:
            return m["bid_none"].format(who=who)
        return m["bid"].format(who=who, feasts=", ".join(map(str, stack)))
    if op in (TAKE, PASS):
        tile = tile_name(s, comp.index[move.name], lang)
        if op == PASS:
            return m["pass"].format(who=who, tile=tile)
        if s.phase == P_DISCARD:
            return m["take_discard"].format(who=who, tile=tile)
        alts = str(comp.tiles[comp.index[move.name]].cost).split(" | ")
        if move.n and move.n <= len(alts):
            return m["take_alt"].format(who=who, tile=tile, cost=alts[move.n - 1])
        return m["take"].format(who=who, tile=tile)
    if op == PLACE:
        return m["place"].format(who=who, tile=tile_name(s, s.tile, lang), at=str(move.a))
    if op == PAY:
        return m["pay"].format(who=who, res=res[move.name], tile=_at(s, player, move.a, lang))
    if op in (BUY, SELL):
        k = RES_INDEX[move.name]
        if op == BUY:
            price = buy_price(s.comp_prices[k], s.market[k]) or 0
            return m["buy"].format(who=who, res=res[move.name], price=price,
                                   coins=_coins(m, price))
        price = sell_price(s.comp_prices[k], s.market[k]) or 0
        return m["sell"].format(who=who, res=res[move.name], tile=_at(s, player, move.a, lang),
                                price=price, coins=_coins(m, price))
    if op == GAIN:
        return m["gain"].format(who=who, res=res[move.name])
    if op == ACT:
        tile = _at(s, player, move.a, lang)
        slot = s.terr[player].cells.get((move.a.x, move.a.y))
        options = str(comp.tiles[s.terr[player].tiles[slot]].activation).split(" | ") \
            if slot is not None else []
        if move.n and move.n <= len(options):
            return m["act_option"].format(who=who, tile=tile, option=options[move.n - 1])
        return m["act"].format(who=who, tile=tile)
    if op == MOVE:
        return m["move"].format(who=who, src=_at(s, player, move.a, lang),
                                dst=_at(s, player, move.b, lang))
    if op == CLAN:
        if move.name == "none":
            return m["clan_none"].format(who=who)
        return m["clan"].format(who=who, space=move.name)
    if op == REMOVE:
        return m["remove"].format(who=who, tile=_at(s, player, move.a, lang))
    if op == PLAN:
        place = tile_name(s, comp.index[move.name], lang)
        return m["plan"].format(who=who, res=res[RESOURCES[move.n - 1]], place=place)
    if op == BUILD:
        card = s.blueprints[player][s.building] if s.building >= 0 else None
        place = tile_name(s, card["tile"], lang) if card else "?"
        key = "build_side" if move.n else "build"
        return m[key].format(who=who, place=place, side=move.n, tile=_at(s, player, move.a, lang))
    if op == REP:
        if move.name == "new":
            return m["rep_new"].format(who=who)
        if move.name == "none":
            return m["rep_none"].format(who=who)
        return m["rep_move"].format(who=who, tile=_at(s, player, move.a, lang))
    if op == TRAIN:
        return m["train"].format(who=who, tile=_at(s, player, move.a, lang))
    if op == CENTRAL:
        if not move.n:
            return m["central_none"].format(who=who)
        row = comp.tracks.get(("central", move.n))
        return m["central"].format(who=who, n=move.n, reward=str(row.reward) if row else "?")
    if op == CHOOSE:
        chosen = s.choose_tile if s.choose_tile >= 0 else s.tile
        options = str(comp.tiles[chosen].bonus).split(" | ") if chosen >= 0 else []
        option = options[move.n - 1] if move.n <= len(options) else str(move.n)
        return m["choose"].format(who=who, n=move.n, option=option,
                                  tile=tile_name(s, chosen, lang) if chosen >= 0 else "?")
    if op == SCOT:
        return m["scot"].format(who=who, tile=_at(s, player, move.a, lang))
    if op == END:
        key = {P_REMOVE: "end_remove", P_PLAN: "end_plan"}.get(s.phase, "end")
        return m[key].format(who=who)
    return f"{who}: {move}"


def _rows(sheet: dict[str, Any], keys: Sequence[str], n: int, m: Any) -> list[dict[str, Any]]:
    rows = []
    for key in keys:
        values = sheet.get(key)
        if isinstance(values, list) and len(values) == n and \
                all(isinstance(v, int) for v in values):
            label = m["final_coins"] if key == "coins" else m[key]
            rows.append({"label": label, "values": list(values)})
    return rows


def result_explanation(s: GlenMore2State, viewer: int | None,
                       names: Sequence[str] | None = None,
                       lang: str = "en") -> dict[str, Any]:
    """Each scoring round (the categories compared and the points they gave) and the final
    scoring, per player; the tie-break; how many provisional values the game used."""
    from clanboard.games.glen_more_2.provenance import used_provisional

    n = s.num_players
    seats = [seat_name(names, p, lang) for p in range(n)]
    m = words(MESSAGES, lang)
    tables: list[dict[str, Any]] = []
    for sc in s.scorings:
        tables.append({"title": m["round"].format(n=sc["round"]), "columns": seats,
                       "rows": _rows(sc, ROUND_ROWS, n, m)})
    if s.final:
        tables.append({"title": m["final"], "columns": seats,
                       "rows": _rows(s.final, FINAL_ROWS, n, m)})
    lines = []
    best = max(s.vp)
    tied = [p for p in range(n) if s.vp[p] == best]
    if len(tied) > 1 and s.final and "resources" in s.final:
        counts = ", ".join(f"{seats[p]} {s.final['resources'][p]}" for p in tied)
        lines.append(m["tiebreak"].format(counts=counts))
    used = used_provisional(s)
    if used:
        lines.append(m["provisional_used"].format(n=len(used)))
    return {"summary": winners_text(s.winners(), seats, lang), "lines": lines, "tables": tables}
