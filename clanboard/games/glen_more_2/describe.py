"""Glen More II moves and the final result in words (:meth:`State.describe_move`,
:meth:`State.result_explanation`). Every move is public but a secret feast bid (chronicle 9),
which only its maker reads in words; the stacks' order is never stored, so a draw names only
the tile that everyone sees come onto the rondel."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import clanboard.games.glen_more_2.words as W
from clanboard.core import CHANCE, Move, Plural, seat_name, winners_text, words
from clanboard.core.squares import Landmark, square_words
from clanboard.games.glen_more_2.constants import P_DISCARD, P_PLAN, P_REMOVE
from clanboard.games.glen_more_2.effects import CATEGORIES, RESOURCES, Effect
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
from clanboard.games.glen_more_2.provenance import used_provisional
from clanboard.games.glen_more_2.solo_describe import MESSAGES as SOLO
from clanboard.games.glen_more_2.solo_describe import her_name, result_summary

if TYPE_CHECKING:
    from clanboard.games.glen_more_2.state import GlenMore2State

MESSAGES = {
    "take": Plural("{who} moves {steps} space ahead on the rondel and takes {tile}",
                   "{who} moves {steps} spaces ahead on the rondel and takes {tile}", "steps"),
    "take_alt": Plural("{who} moves {steps} space ahead on the rondel and takes {tile}, "
                       "paying {cost}",
                       "{who} moves {steps} spaces ahead on the rondel and takes {tile}, "
                       "paying {cost}", "steps"),
    "take_discard": "{who} takes {tile} from the discard",
    "pass": "{who} cannot take a tile and moves onto {tile}, which leaves the game",
    "place": "{who} places {tile} {square}",  # not Glen More's "{at}": its own id
    "pay": "{who} pays {res} {tile}",
    "buy": "{who} buys at the market: {res}, price {price}",
    "sell": "{who} sells {res} {tile} at the market, price {price}",
    "gain": "{who} takes a resource of their choice: {res}",
    "act": "{who} activates the tile {tile}",
    "act_option": "{who} activates {tile}: {option}",
    "move": "{who} moves a Scotsman {src} to {dst}",
    "clan": "{who} puts a clan marker on the space of {space}",
    "clan_none": "{who} puts no clan marker (no space open)",
    "end": "{who} ends the turn",
    "end_remove": "{who} removes no more tiles",
    "end_plan": "{who} puts no more resources on blueprints and ends the turn",
    "remove": "{who} removes {tile} from the territory",
    "bid": "{who} bids on the feasts at positions {feasts} (top of the stack first)",
    "bid_none": "{who} bids on no feast",
    "bid_hidden": "{who} places a secret bid",
    "plan": "{who} puts a resource on the blueprint of {place}: {res}",
    "build": "{who} builds {place} {tile}",
    "build_side": "{who} builds {place} (side {side}) with its left half {tile}",
    "rep_new": "{who} puts a clan representative on the new tile",
    "rep_move": "{who} moves the clan representative {tile} onto the new tile",
    "rep_none": "{who} puts no clan representative on the new tile",
    "train": "{who} trains the clan representative {tile}",
    "central": "{who} takes the central track's reward of rank {n}: {reward}",
    "central_none": "{who} declines the central track's reward",
    "choose": "{who} chooses {tile}: {option}",
    "scot": "{who} puts the new Scotsman on {tile}",
    "draw": "{tile} comes onto the rondel",
    "roll": "the die shows {n}",
    "tile_at": "{name} {where}",
    "tile_of": "the {name}",
    "final": "Final scoring",
    "round_title": "Scoring {n}: points (count compared)",
    "cell": "{vp} ({count})",
    "round_total": "points this scoring",
    "fame_won": "Scoring {n}: fame won at the Highland Games: {list}",
    "before": "points before the final scoring",
    "cards": "landmark cards (end of game)",
    "final_coins": "coins (1 point each)",
    "penalty": "territory penalty",
    "unbuilt_historic": "historic places taken, not built",
    "her_stones": "Allenarly's stones",
    "total": "total",
    "tiles_line": "Tiles in the territory: {list}",
    "item": "{who} {n}",
    "tiebreak": "tied on points: most resources left wins ({counts})",
    "provisional_used": "provisional component values this game used: {n}",
}
"""User-facing words (one place, for catalogues)."""

#: the final score sheet's rows that add up to its total (a key absent from a sheet is left
#: out); Allenarly's stones follow in a solo game
FINAL_ROWS = ("before", "cards", "coins", "penalty", "unbuilt_historic")


def tile_name(s: GlenMore2State, tile: int, lang: str = "en", case: str = "") -> str:
    """A tile by its name in ``lang``, carried by a noun in ``case``, and its id."""
    return W.tile_named(s.comp, tile, lang, case)


def landmarks(s: GlenMore2State, p: int, lang: str = "en") -> dict[tuple[int, int], Landmark]:
    """The seat's placed tiles as a player names them in words of a square ("right of the
    tile Home castle"): the home castle first, then the starting village, then a name the
    territory holds once (the earliest placed on a tie); a name held twice last."""
    terr = s.terr[p]
    m = words(MESSAGES, lang)
    names = [W.tile_name(s.comp, t, lang) for t in terr.tiles]
    out: dict[tuple[int, int], Landmark] = {}
    for slot, (tile, sq) in enumerate(zip(terr.tiles, terr.pos, strict=True)):
        rank = 4 if tile == s.comp.home_castle else 3 if tile == s.comp.home_village \
            else 2 if names.count(names[slot]) == 1 else 0
        out[(sq[0], sq[1])] = Landmark(m["tile_of"].format(name=names[slot]), rank)
    return out


def where(s: GlenMore2State, p: int, sq: Sq, lang: str = "en",
          apart: Sequence[tuple[int, int]] = ()) -> str:
    """Square ``sq`` of seat ``p``'s territory in words, by its neighbour ("right of the
    tile Home castle"; the board's y grows down the screen), never by its coordinates; words
    that fit none of the squares ``apart`` when some neighbour allows it."""
    return square_words((sq.x, sq.y), landmarks(s, p, lang), lang, others=apart)


def _at(s: GlenMore2State, p: int, sq: Sq, lang: str, case: str = "") -> str:
    """The tile on ``sq`` by its name (carried in ``case``); by its place beside another
    tile too when the territory holds two of that name."""
    terr = s.terr[p]
    slot = terr.cells.get((sq.x, sq.y))
    if slot is None:  # not a move's square (they all hold a tile): its place in words
        return where(s, p, sq, lang)
    tile = terr.tiles[slot]
    named = tile_name(s, tile, lang, case)
    plain = W.tile_name(s.comp, tile, lang)
    twins = [(c[0], c[1]) for t, c in zip(terr.tiles, terr.pos, strict=True)
             if W.tile_name(s.comp, t, lang) == plain and (c[0], c[1]) != (sq.x, sq.y)]
    if not twins:
        return named
    return words(MESSAGES, lang)["tile_at"].format(name=named,
                                                   where=where(s, p, sq, lang, twins))


def _option(s: GlenMore2State, effect: Effect, n: int, lang: str) -> str:
    """Option ``n`` (1-based) of ``effect`` in words ("" when there is no such option)."""
    opts = effect.options
    return W.option(opts[n - 1], s.comp, lang) if 0 < n <= len(opts) else ""


def describe_move(s: GlenMore2State, move: Move, player: int, viewer: int | None,
                  names: Sequence[str] | None = None, lang: str = "en") -> str:
    """``move`` by ``player`` from the position before it. A secret bid reads the same for
    every viewer but its maker; all else is public."""

    assert isinstance(move, GMove)
    m = words(MESSAGES, lang)
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
        return m["bid"].format(who=who, feasts=W.m_(lang)["list"].join(map(str, stack)))
    if op in (TAKE, PASS):
        tile = tile_name(s, comp.index[move.name], lang)
        if op == PASS:
            return m["pass"].format(who=who, tile=tile)
        if s.phase == P_DISCARD:
            return m["take_discard"].format(who=who, tile=tile)
        at = comp.index[move.name]
        # how far ahead: two tiles of one name differ there (as Glen More says it)
        steps = s.track.index(at) if at in s.track else 0
        alts = comp.tiles[at].cost.alternatives
        if move.n and move.n <= len(alts):
            return m["take_alt"].format(who=who, tile=tile, steps=steps,
                                        cost=W.items(alts[move.n - 1], lang))
        return m["take"].format(who=who, tile=tile, steps=steps)
    if op == PLACE:
        return m["place"].format(who=who, tile=tile_name(s, s.tile, lang),
                                 square=where(s, player, move.a, lang))
    if op == PAY:
        return m["pay"].format(who=who, res=W.item(move.name, 1, lang),
                               tile=_at(s, player, move.a, lang, "from"))
    if op in (BUY, SELL):
        k = RES_INDEX[move.name]
        if op == BUY:
            price = buy_price(s.comp_prices[k], s.market[k]) or 0
            return m["buy"].format(who=who, res=W.item(move.name, 1, lang),
                                   price=W.item("coin", price, lang))
        price = sell_price(s.comp_prices[k], s.market[k]) or 0
        return m["sell"].format(who=who, res=W.item(move.name, 1, lang),
                                tile=_at(s, player, move.a, lang, "from"),
                                price=W.item("coin", price, lang))
    if op == GAIN:
        return m["gain"].format(who=who, res=W.item(move.name, 1, lang))
    if op == ACT:
        tile = _at(s, player, move.a, lang)
        slot = s.terr[player].cells.get((move.a.x, move.a.y))
        option = _option(s, comp.tiles[s.terr[player].tiles[slot]].activation, move.n, lang) \
            if slot is not None and move.n else ""
        if option:
            return m["act_option"].format(who=who, tile=tile, option=option)
        return m["act"].format(who=who, tile=tile)
    if op == MOVE:
        return m["move"].format(who=who, src=_at(s, player, move.a, lang, "from"),
                                dst=_at(s, player, move.b, lang))
    if op == CLAN:
        if move.name == "none":
            return m["clan_none"].format(who=who)
        return m["clan"].format(who=who, space=W.clan_name(comp, move.name, lang))
    if op == REMOVE:
        return m["remove"].format(who=who, tile=_at(s, player, move.a, lang))
    if op == PLAN:
        place = W.tile_name(comp, comp.index[move.name], lang)
        return m["plan"].format(who=who, res=W.item(RESOURCES[move.n - 1], 1, lang),
                                place=place)
    if op == BUILD:
        card = s.blueprints[player][s.building] if s.building >= 0 else None
        place = W.tile_name(comp, card["tile"], lang) if card else "?"
        key = "build_side" if move.n else "build"
        return m[key].format(who=who, place=place, side=move.n,
                             tile=_at(s, player, move.a, lang, "over"))
    if op == REP:
        if move.name == "new":
            return m["rep_new"].format(who=who)
        if move.name == "none":
            return m["rep_none"].format(who=who)
        return m["rep_move"].format(who=who, tile=_at(s, player, move.a, lang, "from"))
    if op == TRAIN:
        return m["train"].format(who=who, tile=_at(s, player, move.a, lang, "on"))
    if op == CENTRAL:
        if not move.n:
            return m["central_none"].format(who=who)
        row = comp.tracks.get(("central", move.n))
        return m["central"].format(who=who, n=move.n,
                                   reward=W.effect(row.reward, comp, lang) if row else "?")
    if op == CHOOSE:
        chosen = s.choose_tile if s.choose_tile >= 0 else s.tile
        option = _option(s, comp.tiles[chosen].bonus, move.n, lang) if chosen >= 0 else ""
        return m["choose"].format(who=who, n=move.n, option=option or str(move.n),
                                  tile=tile_name(s, chosen, lang, "on") if chosen >= 0 else "?")
    if op == SCOT:
        return m["scot"].format(who=who, tile=_at(s, player, move.a, lang))
    if op == END:
        key = {P_REMOVE: "end_remove", P_PLAN: "end_plan"}.get(s.phase, "end")
        return m[key].format(who=who)
    return f"{who}: {move}"


def columns(s: GlenMore2State, names: Sequence[str] | None, lang: str) -> list[str]:
    """The score tables' columns: every seat, and Allenarly beside the player in solo."""
    seats = [seat_name(names, p, lang) for p in range(s.num_players)]
    if s.solo:

        seats.append(her_name(lang))
    return seats


def _round_table(s: GlenMore2State, sc: dict[str, Any], seats: list[str],
                 lang: str) -> dict[str, Any]:
    """One scoring round: per category the points each side got (from the counts compared,
    after feasts and modifiers, by the pack's table) with the count in brackets; in solo
    Allenarly's item and trade-tile points after it; the round's total."""
    m = words(MESSAGES, lang)
    w = W.m_(lang)
    n = len(seats)
    alt = 9 in s.ch
    rows: list[dict[str, Any]] = []
    totals = [0] * n
    for cat in CATEGORIES:
        counts = sc.get(cat)
        if not (isinstance(counts, list) and len(counts) == n):
            continue
        low = min(counts)
        vps = [s.comp.pack.scoring_vp(c - low, alternative=alt) for c in counts]
        totals = [a + b for a, b in zip(totals, vps, strict=True)]
        rows.append({"label": w[f"cat.{cat}"],
                     "values": [m["cell"].format(vp=v, count=c)
                                for v, c in zip(vps, counts, strict=True)]})
    if s.solo and s.allen is not None:
        extra = next((r for r in s.allen.rounds if r["round"] == sc["round"]), None)
        if extra is not None:
            her = extra["item_vp"] + sum(vp for _, vp in extra["exchange"])

            rows.append({"label": words(SOLO, lang)["round_items"],
                         "values": ["—", her]})
            totals[-1] += her
    rows.append({"label": m["round_total"], "values": totals})
    return {"title": m["round_title"].format(n=sc["round"]), "columns": seats, "rows": rows}


def _final_table(s: GlenMore2State, final: dict[str, Any], seats: list[str],
                 lang: str) -> dict[str, Any]:
    m = words(MESSAGES, lang)
    n = len(seats)
    rows: list[dict[str, Any]] = []
    for key in FINAL_ROWS:
        values = final.get(key)
        if isinstance(values, list) and len(values) == n:
            rows.append({"label": m["final_coins"] if key == "coins" else m[key],
                         "values": list(values)})
    if s.solo and isinstance(final.get("allenarly_stones"), int):
        rows.append({"label": m["her_stones"], "values": ["—", final["allenarly_stones"]]})
    rows.append({"label": m["total"], "values": list(final["total"])})
    return {"title": m["final"], "columns": seats, "rows": rows}


def score_tables(s: GlenMore2State, names: Sequence[str] | None,
                 lang: str) -> list[dict[str, Any]]:
    """The scoring rounds so far and the final scoring (once made), as tables."""
    seats = columns(s, names, lang)
    tables = [_round_table(s, sc, seats, lang) for sc in s.scorings]
    if s.final:
        tables.append(_final_table(s, s.final, seats, lang))
    return tables


def result_explanation(s: GlenMore2State, viewer: int | None,
                       names: Sequence[str] | None = None,
                       lang: str = "en") -> dict[str, Any]:
    """The winner line; each scoring round (points per category, the counts compared) and
    the final scoring, one column per seat (and Allenarly in solo), rows adding up to the
    totals; the tie-break; how many provisional values the game used."""

    seats = columns(s, names, lang)
    m = words(MESSAGES, lang)
    w = W.m_(lang)
    tables = score_tables(s, names, lang)
    lines = []
    for sc in s.scorings:
        won = sc.get("fame_won")
        if isinstance(won, list) and any(won):
            lines.append(m["fame_won"].format(n=sc["round"], list=w["list"].join(
                m["item"].format(who=seats[p], n=v) for p, v in enumerate(won) if v)))
    if s.final:
        sizes = s.final.get("tiles")
        if isinstance(sizes, list) and len(sizes) == len(seats):
            lines.append(m["tiles_line"].format(list=w["list"].join(
                m["item"].format(who=seats[p], n=v) for p, v in enumerate(sizes))))
    n = s.num_players
    best = max(s.vp[:n])
    tied = [p for p in range(n) if s.vp[p] == best]
    if not s.solo and len(tied) > 1 and s.final and "resources" in s.final:
        counts = w["list"].join(m["item"].format(who=seats[p], n=s.final["resources"][p])
                                for p in tied)
        lines.append(m["tiebreak"].format(counts=counts))
    used = used_provisional(s)
    if used:
        lines.append(m["provisional_used"].format(n=len(used)))
    out: dict[str, Any] = {"lines": lines, "tables": tables}
    if s.solo:  # her score is no seat's: the winner line comes from here (HG-RU 850)

        out["summary"] = out["headline"] = result_summary(s, names, lang)
    else:
        out["summary"] = winners_text(s.winners(), seats[:n], lang)
    return out
