"""A text picture of a Glen More position (rich markup): track, market, territories."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.cells import set_cell_size

from clanboard.core import Plural, Text, words
from clanboard.games.glen_more.constants import (
    DIE,
    GAP,
    PHASES,
)
from clanboard.games.glen_more.data import RESOURCES, TILES
from clanboard.games.glen_more.describe import rule_words
from clanboard.games.glen_more.moves import pos, xy
from clanboard.games.glen_more.view import _owed

if TYPE_CHECKING:
    from clanboard.games.glen_more.state import GlenMoreState

_ABBR = {
    "quarry": "Quarry", "forest": "Forest", "meadow": "Meadow", "pasture": "Pastur",
    "field": "Grain", "distillery": "Distil", "abbey": "Iona", "village": "Villag",
    "castle": "Castle", "loch": "Loch", "butcher": "Butchr", "fair": "Fair",
    "grocer": "Grocer", "bridge": "Bridge", "tavern": "Tavern", "start_village": "Start",
}
_COLOUR = {"yellow": "yellow", "green": "green", "brown": "dark_orange", "grey": "white",
           "blue": "cyan"}
_RES_CH = ("w", "s", "h", "c", "g")  # wood stone sHeep cattle grain
CELL = 9


_SPECIAL = {
    "Loch Lochy": "Lochy", "Loch Morar": "Morar", "Loch Ness": "Ness", "Loch Shiel": "Shiel",
    "Loch Oich": "Oich", "Castle Stalker": "Stalkr", "Castle Moil": "Moil",
    "Armadale Castle": "Armadl", "Duart Castle": "Duart", "Donan Castle": "Donan",
    "Castle of Mey": "Mey", "Cawdor Castle": "Cawdor", "Iona Abbey": "Iona",
}


WORDS = {
    "head": "[bold]Glen More[/] · {n} players · phase {phase}",
    "to_move": " · player {n} to move",
    "track_ahead": "Track, from the back of the chain (moves next) to the front; the number "
                   "says how many spaces ahead of the back each one lies:",
    "die": "the die",
    "player": "player {n}",
    "stacks": "Stacks 0/1/2/3: {sizes} · scorings done: {n}",
    "market": "Market (filled of 3; buy at filled+1, sell at filled): {rows}",
    "legend": "Grid: ~ river, = road; {resources}; ♟ clansman",
    "scoring": "Scoring {n}: whisky {whisky}, chieftains+hats {chiefs}, cards {cards} → VP {vp}",
    "final": "[bold]Final scoring[/] (player: before + cards + coins + tile penalty = total)",
    "final_row": "({tiles} tiles, {resources} resources)",
    "winners": "Winner(s): {who}",
    "turn": "[bold]Turn of player {n}[/]: {phase}",
    "in_hand": "tile in hand {tile}",
    "owed": "to pay {owed}",
    "activated": "activated {n}",
    "mp": "movement points {n}",
    "oich": "Loch Oich: every tile may be activated",
    "ness": "Loch Ness used",
    "head_player": "Player {n}",
    "you": " (you)",
    "stats": "{vp} VP · {coins} coins · {whisky} whisky · {chiefs} chieftains (+{hats} hats) · "
             "cards: {cards}",
    "cost": "cost {cost}",
    "when_activated": "when activated: {rule}",
    "either": "{a} or {b}",
    "owe_distinct": Plural("{n} different resource", "{n} different resources"),
    "owe_already": "already paid: {res}",
    "owe_any": Plural("{n} resource of any kind", "{n} resources of any kind"),
    "owe_clan": "a clansman or a chieftain",
    "river": "river",
    "road": "road",
}
"""The picture's words (English message ids, translated through the catalogues)."""
DATA_WORDS = {w: w for w in ("clansman", "chieftain")}
"""Words of the tiles' costs besides the resources and the rules' words (see _rule)."""
_RES_LETTERS = {"ru": "дкорз", "uk": "дкврз", "ja": "木石羊牛麦"}
"""One mark per resource in the grid (w s h c g in English)."""


def _rule(text: str, lang: str, cost: bool = False) -> str:
    """A tile's cost or activation text of the data (``wood+stone``, ``clansman | chieftain``,
    ``1 distinct -> 1 vp | 2 distinct -> 3 vp``) in words of ``lang``, through the log's
    describer (:func:`~clanboard.games.glen_more.describe.rule_words`): "wood and stone",
    "2 different resources → 3 victory points", alternatives joined by "or"."""
    w = words(WORDS, lang)
    said = [words(DATA_WORDS, lang)[alt] if alt in DATA_WORDS
            else rule_words("->" + alt if cost else alt, lang)
            for alt in (a.strip() for a in text.split("|"))]
    out = said[-1]
    for first in reversed(said[:-1]):
        out = w["either"].format(a=first, b=out)
    return out


def tile_label(tile: int, lang: str = "en") -> str:
    """A 6-column name for the grid."""
    t = TILES[tile]
    if lang != "en":
        return set_cell_size(Text(t.name).render(lang), 6)
    return _SPECIAL.get(t.name) or _ABBR[t.kind]


def _describe(tile: int, lang: str = "en") -> str:
    w = words(WORDS, lang)
    t = TILES[tile]
    parts = [Text(t.name).render(lang)]
    if t.cost_text:
        parts.append(w["cost"].format(cost=_rule(t.cost_text, lang, cost=True)))
    if t.activation_text:
        parts.append(w["when_activated"].format(rule=_rule(t.activation_text, lang)))
    if t.river:
        parts.append(w["river"])
    if t.road:
        parts.append(w["road"])
    parts[0] = f"[{_COLOUR[t.frame]}]{parts[0]}[/]"  # the frame's colour, never the tile's id
    return ", ".join(parts)


def _res_marks(lang: str) -> str:
    return _RES_LETTERS.get(lang, "".join(_RES_CH))


def render(s: GlenMoreState, player: int | None = None, lang: str = "en") -> str:
    w = words(WORDS, lang)
    res = [Text(r).render(lang) for r in RESOURCES]
    lines: list[str] = []
    lines.append(w["head"].format(n=s.num_players, phase=Text(PHASES[s.phase]).render(lang))
                 + (w["to_move"].format(n=s.cur + 1) if s.cur >= 0 else ""))
    lines.append(w["track_ahead"])
    back = next((i for i, v in enumerate(s.track) if v != GAP), 0)
    for space, v in enumerate(s.track[back:]):  # spaces ahead of the back, as moves count
        if v >= 0:
            lines.append(f"  {space:>2}  {_describe(v, lang)}")
        elif v == DIE:
            lines.append(f"  {space:>2}  [magenta]{w['die']}[/]")
        elif v == GAP:
            lines.append(f"  {space:>2}  ·")
        else:
            lines.append(f"  {space:>2}  [bold magenta]{w['player'].format(n=-v)}[/]")
    sizes = "/".join(str(len(st)) for st in s.stacks)
    lines.append(w["stacks"].format(sizes=sizes, n=len(s.scorings)))
    lines.append(w["market"].format(rows="  ".join(
        f"{res[k]} {'●' * s.market[k]}{'○' * (3 - s.market[k])}" for k in range(5))))
    marks = _res_marks(lang)
    lines.append(w["legend"].format(resources=", ".join(
        f"{marks[k]} {res[k]}" for k in range(5))))
    for p in range(s.num_players):
        lines.append("")
        lines.extend(_player(s, p, p == player, lang))
    if s.cur >= 0:
        lines.append("")
        lines.append(_turn(s, lang))
    for sc in s.scorings:
        lines.append(w["scoring"].format(n=sc["round"], whisky=_per_seat(sc["whisky"]),
                                         chiefs=_per_seat(sc["chieftains"]),
                                         cards=_per_seat(sc["cards"]), vp=_per_seat(sc["vp"])))
    if s.final:
        f = s.final
        lines.append("")
        lines.append(w["final"])
        for p in range(s.num_players):
            pen = f["penalty"][p]
            lines.append(f"  {w['player'].format(n=p + 1)}: {f['before'][p]} + {f['cards'][p]} + "
                         f"{f['coins'][p]} {'-' if pen < 0 else '+'} {abs(pen)} = "
                         f"[bold]{f['total'][p]}[/] "
                         + w["final_row"].format(tiles=f["tiles"][p],
                                                 resources=f["resources"][p]))
        lines.append(w["winners"].format(
            who=", ".join(w["player"].format(n=p + 1) for p in s.winners())))
    return "\n".join(lines)


def _turn(s: GlenMoreState, lang: str = "en") -> str:
    w = words(WORDS, lang)
    bits = [w["turn"].format(n=s.cur + 1, phase=Text(PHASES[s.phase]).render(lang))]
    if s.tile >= 0:
        bits.append(w["in_hand"].format(tile=_describe(s.tile, lang)))
    owed = _owed(s)
    if owed:
        bits.append(w["owed"].format(owed=_owed_text(owed, lang)))
    if s.activated:
        bits.append(w["activated"].format(n=len(s.activated)))
    if s.mp:
        bits.append(w["mp"].format(n=s.mp))
    if s.oich:
        bits.append(w["oich"])
    if s.ness_used:
        bits.append(w["ness"])
    return " · ".join(bits)


def _owed_text(owed: dict[str, Any], lang: str) -> str:
    w = words(WORDS, lang)
    if "resources" in owed:
        return ", ".join(f"{Text(r).render(lang)} {n}" for r, n in owed["resources"].items())
    if "distinct" in owed:
        text = w["owe_distinct"].format(n=owed["distinct"])
        if owed["already"]:
            text += " (" + w["owe_already"].format(
                res=", ".join(Text(r).render(lang) for r in owed["already"])) + ")"
        return text
    if "any" in owed:
        return w["owe_any"].format(n=owed["any"])
    return w["owe_clan"]


def _per_seat(values: list[int]) -> str:
    """One number per player, in seat order (Player 1's first): ``0 / 4``."""
    return " / ".join(map(str, values))


def _player(s: GlenMoreState, p: int, me: bool, lang: str = "en") -> list[str]:
    w = words(WORDS, lang)
    marks = _res_marks(lang)
    terr = s.terr[p]
    cards = [Text(TILES[t].name).render(lang) for t in terr.tiles if TILES[t].card >= 0]
    head = (f"[bold]{'▶ ' if s.cur == p else ''}{w['head_player'].format(n=p + 1)}"
            f"{w['you'] if me else ''}[/]: "
            + w["stats"].format(vp=s.vp[p], coins=s.coins[p], whisky=s.whisky[p],
                                chiefs=s.chiefs[p], hats=s.hats(p),
                                cards=", ".join(cards) or "-"))
    out = [head]
    xs = [xy(q)[0] for q in terr.pos]
    ys = [xy(q)[1] for q in terr.pos]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    for y in range(y0, y1 + 1):
        top, bottom = [], []
        for x in range(x0, x1 + 1):
            slot = terr.cells.get(pos(x, y))
            if slot is None:
                top.append(" " * CELL)
                bottom.append(" " * CELL)
                continue
            t = TILES[terr.tiles[slot]]
            mark = ("~" if t.river else " ") + ("=" if t.road else " ")
            label = set_cell_size(tile_label(t.index, lang), 6) + mark
            top.append(f"[{_COLOUR[t.frame]}]{set_cell_size(label, CELL - 1)}[/] ")
            res = "".join(marks[k] * terr.res[slot * 5 + k] for k in range(5))
            clan = "♟" * terr.clan[slot]
            bottom.append(set_cell_size((res + " " + clan).strip(), CELL - 1) + " ")
        out.append("      " + "".join(top))
        out.append("      " + "".join(bottom))
    return out
