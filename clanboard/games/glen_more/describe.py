"""Glen More moves and the final result in words (:meth:`State.describe_move`,
:meth:`State.result_explanation`). Everything a player does is public, so every viewer
reads the same words."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from clanboard.core import CHANCE, Move, Plural, seat_name, winners_text, words
from clanboard.core.squares import Landmark, square_words
from clanboard.games.glen_more.constants import P_ACT
from clanboard.games.glen_more.data import RESOURCES, TILES
from clanboard.games.glen_more.moves import (
    ACT,
    BUY,
    DRAW,
    END,
    GAIN,
    MOVE,
    PASS,
    PAY,
    PAYCHIEF,
    PAYCLAN,
    PLACE,
    RETIRE,
    ROLL,
    SELL,
    TAKE,
    GMove,
    xy,
)

if TYPE_CHECKING:
    from clanboard.games.glen_more.state import GlenMoreState

MESSAGES = {
    "take_back_drawn": "a tile was drawn or the die rolled after it, which cannot be un-seen",
    "take": Plural("{who} moves {steps} space on the rondel and takes {tile}",
                   "{who} moves {steps} spaces on the rondel and takes {tile}", "steps"),
    "pass": "{who} cannot take a tile: moves onto {tile}, which leaves the game",
    # "{at}", "{square}" and "{where}" keep the three games' ids apart in the catalogues
    "place": "{who} places {tile} {at}",
    "pay": "{who} pays 1 {res} from {tile}",
    "buy": Plural("{who} buys 1 {res} for {price} coin", "{who} buys 1 {res} for {price} coins",
                  "price"),
    "sell": Plural("{who} sells 1 {res} from {tile} for {price} coin",
                   "{who} sells 1 {res} from {tile} for {price} coins", "price"),
    "payclan": "{who} pays a clansman from {tile}",
    "paychief": "{who} pays a chieftain",
    "gain": "{who} takes 1 {res}",
    "act": "{who} activates {tile}",
    "act_rule": "{who} activates {tile}: {rule}",
    "act_abbey": "{who} activates {tile} for 1 {res}",
    "move": "{who} moves a clansman from {src} to {dst}",
    "retire": "{who} retires a clansman from {tile} as a chieftain",
    "end_act": "{who} ends activations",
    "end": "{who} ends the turn",
    "draw": "{tile} is drawn for the rondel",
    "roll": "the die shows {n}",
    "tile_at": "{name} ({where})",
    "tile_of": "the {name} tile",
    "round": "Scoring {n}",
    "whisky": "whisky barrels", "chieftains": "chieftains (strength)", "cards": "special cards",
    "points": "points",
    "scoring_vp": "Scoring {n}: points",
    "final": "Final scoring",
    "before": "points before the final scoring",
    "final_cards": "special cards (end of game)",
    "final_coins": "coins (1 point each)",
    "final_tiles": "tiles in the territory",
    "final_penalty": "penalty (3 per tile above the smallest territory)",
    "final_total": "total",
    "tiebreak": "tied on points: most resources left wins ({counts})",
}
"""User-facing words (one place, for catalogues)."""


# game terms shown in words, catalogued like the messages
TILE_NAMES = {t.name: t.name for t in TILES}
RESOURCE_NAMES = {r: r for r in RESOURCES}
RULE_WORDS = {
    "trade": "{give} → {get}",
    "and": "{a} and {b}",
    "res": "{n} × {res}",
    "distinct": Plural("{n} different resource", "{n} different resources"),
    "any": Plural("{n} resource of any kind", "{n} resources of any kind"),
    "vp": Plural("{n} victory point", "{n} victory points"),
    "whisky": Plural("{n} whisky barrel", "{n} whisky barrels"),
    "move": Plural("{n} movement point", "{n} movement points"),
}
"""Words of a tile's activation rule ("2 distinct -> 3 vp": "2 different resources → 3
victory points")."""
_RULE_PART = re.compile(r"^(\d+)?\s*([a-z+]+)$")


def rule_words(text: str, lang: str = "en") -> str:
    """An activation rule of the tile data (``2 distinct -> 3 vp``, ``sheep+cattle -> 5 vp``)
    in words of ``lang``."""
    w = words(RULE_WORDS, lang)
    res = words(RESOURCE_NAMES, lang)

    def part(chunk: str) -> str:
        m = _RULE_PART.match(chunk.strip())
        if m is None:
            return chunk.strip()
        n, what = int(m.group(1) or 1), m.group(2)
        if "+" in what:
            a, b = (part(x) for x in what.split("+", 1))
            return w["and"].format(a=a, b=b)
        if what in res:
            return w["res"].format(n=n, res=res[what]) if n > 1 else res[what]
        return w[what].format(n=n) if what in w else chunk.strip()

    give, _, get = text.partition("->")
    return w["trade"].format(give=part(give), get=part(get)) if give.strip() else part(get)


def tile_name(tile: int, lang: str = "en") -> str:
    """A tile as a player reads it: its name (the tile's id is notation, not words)."""
    return words(TILE_NAMES, lang)[TILES[tile].name]


def landmarks(state: GlenMoreState, player: int, lang: str = "en") -> dict[tuple[int, int],
                                                                          Landmark]:
    """The player's placed tiles as a player names them in words of a square ("right of
    the Village tile"): the start tile first, then a castle, then a name the territory holds
    once (the earliest placed on a tie); a name held twice last."""
    terr = state.terr[player]
    m = words(MESSAGES, lang)
    names = [TILES[t].name for t in terr.tiles]
    out: dict[tuple[int, int], Landmark] = {}
    for slot, (tile, p) in enumerate(zip(terr.tiles, terr.pos, strict=True)):
        once = names.count(names[slot]) == 1
        rank = 4 if slot == 0 else 3 if once and TILES[tile].kind == "castle" else 2 if once \
            else 0
        out[xy(p)] = Landmark(m["tile_of"].format(name=tile_name(tile, lang)), rank)
    return out


def where(state: GlenMoreState, player: int, p: int, lang: str = "en",
          apart: Sequence[int] = ()) -> str:
    """Square ``p`` of ``player``'s territory in words, by its neighbour ("right of the
    Village tile"; the board's y grows down the screen), never by its coordinates; words
    that fit none of the squares ``apart`` when some neighbour allows it."""
    return square_words(xy(p), landmarks(state, player, lang), lang,
                        others=[xy(q) for q in apart])


def _nested(text: str) -> str:
    """Quotes inside quotes: the Russian and Ukrainian messages put a tile's name in «»,
    so a name quoted within it takes „“."""
    return text.replace("«", "„").replace("»", "“")


def _at(state: GlenMoreState, player: int, p: int, lang: str = "en") -> str:
    """The tile on square ``p`` by its name; by its place beside another tile too when the
    territory holds two of that name ("Quarry (right of the Village tile)")."""
    terr = state.terr[player]
    slot = terr.cells.get(p)
    if slot is None:  # not a move's square (they all hold a tile): its place in words
        return where(state, player, p, lang)
    name = TILES[terr.tiles[slot]].name
    shown = words(TILE_NAMES, lang)[name]
    twins = [q for t, q in zip(terr.tiles, terr.pos, strict=True)
             if TILES[t].name == name and q != p]
    if not twins:
        return shown
    return words(MESSAGES, lang)["tile_at"].format(
        name=shown, where=_nested(where(state, player, p, lang, twins)))


def describe_move(state: GlenMoreState, move: Move, player: int, viewer: int | None,
                  names: Sequence[str] | None = None, lang: str = "en") -> str:
    """``move`` by ``player``, from the position before it (the same for every viewer)."""
    assert isinstance(move, GMove)
    m = words(MESSAGES, lang)
    res_names = words(RESOURCE_NAMES, lang)
    resources = [res_names[r] for r in RESOURCE_NAMES]
    op = move.op
    if player == CHANCE or op in (DRAW, ROLL):
        return m["draw"].format(tile=tile_name(move.arg, lang)) if op == DRAW \
            else m["roll"].format(n=move.arg)
    who = seat_name(names, player, lang)
    if op == TAKE:
        steps = state.track.index(move.arg)
        return m["take"].format(who=who, tile=tile_name(move.arg, lang), steps=steps)
    if op == PASS:
        return m["pass"].format(who=who, tile=tile_name(move.arg, lang))
    if op == PLACE:
        return m["place"].format(who=who, tile=tile_name(state.tile, lang),
                                 at=where(state, player, move.p, lang))
    if op in (PAY, SELL):
        res = resources[move.arg]
        if op == PAY:
            return m["pay"].format(who=who, res=res, tile=_at(state, player, move.p, lang))
        price = state.market[move.arg]
        return m["sell"].format(who=who, res=res, tile=_at(state, player, move.p, lang),
                                price=price)
    if op == BUY:
        price = state.market[move.arg] + 1
        return m["buy"].format(who=who, res=resources[move.arg], price=price)
    if op == PAYCLAN:
        return m["payclan"].format(who=who, tile=_at(state, player, move.p, lang))
    if op == PAYCHIEF:
        return m["paychief"].format(who=who)
    if op == GAIN:
        return m["gain"].format(who=who, res=resources[move.arg])
    if op == ACT:
        tile = _at(state, player, move.p, lang)
        if move.q == 1:
            return m["act_abbey"].format(who=who, tile=tile, res=resources[move.arg - 1])
        slot = state.terr[player].cells.get(move.p)
        rules = TILES[state.terr[player].tiles[slot]].rules if slot is not None else ()
        rule = max(move.arg - 1, 0)
        if len(rules) > 1 and rule < len(rules) and rules[rule].text:
            return m["act_rule"].format(who=who, tile=tile,
                                        rule=rule_words(rules[rule].text, lang))
        return m["act"].format(who=who, tile=tile)
    if op == MOVE:
        return m["move"].format(who=who, src=_at(state, player, move.p, lang),
                                dst=_at(state, player, move.q, lang))
    if op == RETIRE:
        return m["retire"].format(who=who, tile=_at(state, player, move.p, lang))
    if op == END:
        return m["end_act" if state.phase == P_ACT and state.mp > 0 else "end"].format(who=who)
    return f"{who}: {move}"


def result_explanation(state: GlenMoreState, viewer: int | None,
                       names: Sequence[str] | None = None, lang: str = "en") -> dict[str, Any]:
    """The three scorings (whisky, chieftains, special cards: the values and the points
    they gave) and the final scoring, per player."""
    n = state.num_players
    seats = [seat_name(names, p, lang) for p in range(n)]
    m = words(MESSAGES, lang)
    tables: list[dict[str, Any]] = []
    for sc in state.scorings:
        rows = [{"label": m[key], "values": list(sc[key])}
                for key in ("whisky", "chieftains", "cards")]
        rows.append({"label": m["points"], "values": list(sc["vp"])})
        tables.append({"title": m["round"].format(n=sc["round"]), "columns": seats,
                       "rows": rows})
    final = state.final
    if final:
        tables.append({"title": m["final"], "columns": seats, "rows": [
            {"label": m["before"], "values": list(final["before"])},
            {"label": m["final_cards"], "values": list(final["cards"])},
            {"label": m["final_coins"], "values": list(final["coins"])},
            {"label": m["final_penalty"], "values": list(final["penalty"])},
            {"label": m["final_total"], "values": list(final["total"])},
        ]})
    lines = []
    if final:  # a count, not points: said beside the table, whose rows add up to the total
        lines.append(f"{m['final_tiles']}: " + ", ".join(
            f"{seats[p]} {final['tiles'][p]}" for p in range(n)))
    best = max(state.vp)
    tied = [p for p in range(n) if state.vp[p] == best]
    if len(tied) > 1 and final:
        counts = ", ".join(f"{seats[p]} {final['resources'][p]}" for p in tied)
        lines.append(m["tiebreak"].format(counts=counts))
    return {"summary": winners_text(state.winners(), seats, lang), "lines": lines, "tables": tables}
