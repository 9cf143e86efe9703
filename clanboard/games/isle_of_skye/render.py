"""Text pictures of the position (rich markup): each territory as a small grid.

A tile is drawn in 4 rows of 9 characters: the N edge's terrain (with ``|`` for a road
end) on top, the W and E edges either side of its number in the order built (``=`` for a
road end; never its id, which players do not see), an icon line, and the S edge.
Terrain: P pasture (green), M mountain, W water (blue).
Icons: w whisky, s sheep, c cattle, f farm, b broch, l lighthouse, h ship, * scroll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import set_cell_size

from clanboard.core import Plural, Text, words
from clanboard.games.isle_of_skye.constants import COLOURS
from clanboard.games.isle_of_skye.describe import tile_words
from clanboard.games.isle_of_skye.territory import (
    TERRAINS,
    Territory,
)
from clanboard.games.isle_of_skye.tiles import LETTERS, Tile, scoring_tiles

if TYPE_CHECKING:
    from clanboard.games.isle_of_skye.state import SkyeState

STYLE = {"P": "green", "M": "grey58", "W": "blue"}
ICON_CHARS = (
    ("whisky", "w"), ("sheep", "s"), ("cattle", "c"), ("farm", "f"),
    ("broch", "b"), ("lighthouse", "l"), ("ship", "h"),
)
W = 9


def _t(code: str, lang: str = "en") -> str:
    return f"[{STYLE[code]}]{TERRAIN_LETTERS.get(lang, {}).get(code, code)}[/]"


def tile_lines(tile: Tile, rot: int, label: str | None = None, lang: str = "en") -> list[str]:
    """Four lines of exactly ``W`` visible characters (cells) picturing a placed tile."""
    e = [tile.edge(d, rot) for d in range(4)]
    letters = ICON_LETTERS.get(lang, {})
    road = [tile.road(d, rot) >= 0 for d in range(4)]
    name = (label or (CASTLE.get(lang, "CAS") if tile.castle else ""))[:3]
    icons = "".join(
        (str(n) if n > 1 else "") + letters.get(ch, ch) for kind, ch in ICON_CHARS
        if (n := tile.count(kind))
    )
    if tile.scroll:
        icons += "*"
    icons = icons[:7]
    top = " " * 3 + _t(e[0], lang) + ("|" if road[0] else " ") + " " * 4
    mid = " " + _t(e[3], lang) + ("=" if road[3] else " ") + set_cell_size(f"{name:^3}", 3) + \
        ("=" if road[1] else " ") + _t(e[1], lang) + " "
    ico = " " + f"{icons:<7}" + " "
    bot = " " * 3 + _t(e[2], lang) + ("|" if road[2] else " ") + " " * 4
    return [top, mid, ico, bot]


def render_territory(terr: Territory, lang: str = "en",
                     numbers: dict[str, str] | None = None) -> str:
    """The territory as a grid; ``numbers`` labels its tiles (by id) in the middle."""
    numbers = numbers or {}
    xs = [x for x, _ in terr.cells]
    ys = [y for _, y in terr.cells]
    lines = ["     " + "".join(f"{'x=' + str(x):^{W}}" for x in range(min(xs), max(xs) + 1))]
    for y in range(min(ys), max(ys) + 1):
        rows = [f"y={y:<3}" if i == 1 else "     " for i in range(4)]
        for x in range(min(xs), max(xs) + 1):
            cell = terr.cells.get((x, y))
            blank = " " * W
            pic = (tile_lines(*cell, label=numbers.get(cell[0].id), lang=lang) if cell
                   else [blank, f"{'.':^{W}}", blank, blank])
            for i in range(4):
                rows[i] += pic[i]
        lines.extend(r.rstrip() for r in rows)
    return "\n".join(lines)


WORDS = {
    "head": "[bold]Isle of Skye[/] — round {round}/{rounds}, phase {phase}, start player "
            "{start}; bag {bag} tiles",
    "last": " last scoring (round {n}): {parts}",
    "income": " income this round: {income} (catch-up {catchup} per player ahead)",
    "player": "Player {n}",
    "you": " (you)",
    "stats": "{vp} VP, gold {gold}",
    "discard": "{tile} (discard)",
    "pricing": "{tile} (pricing)",
    "bought": " bought by {n}",
    "committed": " — committed",
    "choosing": " — choosing",
    "tiles": "  tiles: {tiles}",
    "to_build": "  to build: {tiles}",
    "final": "Final: scrolls {scrolls}, gold VP {gold}; winner(s): {who}",
    "legend": "Terrain: {terrain}. Icons: {icons}",
    "legend_grid": "Each tile shows the terrain at its four edges, | or = where a road "
                   "leaves it, its number in the middle and its icons below; x counts east, "
                   "y south",
    "hint_offer": Plural("you have {gold} gold: discard one tile and price the other two, "
                         "e.g. {example} (or {first} first)",
                         "you have {gold} gold: discard one tile and price the other two, "
                         "e.g. {example} (or {first} first)", "gold"),
    "hint_price": "price the next tile: {example}",
    "hint_buy": "buy another player's tile ({example}) or {pass_}",
    "hint_build": "place a tile: {example} (x east, y south, N quarter turns clockwise); "
                  "{ret} only for a tile that fits nowhere",
}
"""The picture's words (English message ids, translated through the catalogues)."""
SCORING_RULES = {t.rule: t.rule for t in scoring_tiles().values()}
COLOUR_WORDS = {c: c.capitalize() for c in ("blue", "yellow", "red", "white", "green")}
"""The seats' colours as the picture names them (capitalised: the lower-case words are
the cards' colours of Schotten Totten, whose translations are declined otherwise)."""
TERRAIN_LETTERS = {"ru": {"P": "Л", "M": "Г", "W": "В"}, "uk": {"P": "Л", "M": "Г", "W": "В"}}
"""The terrain letters of the grid (P M W in English): the first letter of the word (luh,
hory, voda); Japanese keeps the Latin letters (a kanji takes two cells), which the legend
explains."""
ICON_LETTERS = {"ru": dict(zip("wscfblh*", "вокфбмс*", strict=True)),
                "uk": dict(zip("wscfblh*", "вокфбмс*", strict=True))}
"""Icon letters of the grid per language (w s c f b l h * in English; ship is "s" for
sudno); Japanese keeps the Latin letters, which the legend explains."""
CASTLE = {"en": "CAS", "ru": "ЗАМ", "uk": "ЗАМ", "ja": "城"}
"""The castle tile's label in the grid (three cells)."""


def _legend(lang: str) -> str:
    letters = TERRAIN_LETTERS.get(lang, {})
    icons = ICON_LETTERS.get(lang, {})
    terrain = ", ".join(f"{letters.get(c, c)} {Text(word).render(lang)}"
                        for c, word in TERRAINS.items())
    shown = [*ICON_CHARS, ("scroll", "*")]
    icon_text = ", ".join(f"{icons.get(ch, ch)} {Text(kind).render(lang)}"
                          for kind, ch in shown)
    w = words(WORDS, lang)
    return w["legend"].format(terrain=terrain, icons=icon_text) + "\n" + w["legend_grid"]


def render(state: SkyeState, player: int | None, lang: str = "en") -> str:
    w = words(WORDS, lang)

    def shown(tile: str) -> str:  # "tile with a broch and a road": what a drawn tile holds
        return tile_words(state, tile, lang, name=True)

    obs = state.observation(player)
    out = [
        w["head"].format(round=state.round, rounds=state.rounds,
                         phase=Text(state.phase).render(lang), start=state.start + 1,
                         bag=len(state.bag)),
    ]
    tiles = scoring_tiles()
    active = set(state.letters_now())
    for i, sid in enumerate(state.scoring):
        mark = "[bold yellow]*[/]" if LETTERS[i] in active else " "
        name, rule = Text(tiles[sid].name).render(lang), Text(tiles[sid].rule).render(lang)
        out.append(f" {mark}{LETTERS[i]}: {name} — {rule}")
    if state.round_points:
        last = state.round_points[-1]
        parts = [f"{LETTERS[state.scoring.index(sid)] if sid in state.scoring else '?'} "
                 f"{_per_seat(vps)}" for sid, vps in last.items()]
        out.append(w["last"].format(n=len(state.round_points), parts="; ".join(parts)))
    if state.round:
        out.append(w["income"].format(income=_per_seat(state.income),
                                      catchup=state.track[state.round - 1].catchup))
    for p, pl in enumerate(obs["players"]):
        gold = "?" if pl["gold"] is None else pl["gold"]
        who = w["you"] if p == player else ""
        out.append("")
        colour = COLOURS[p] if lang == "en" else Text(COLOUR_WORDS[COLOURS[p]]).render(lang)
        out.append(f"[bold]{w['player'].format(n=p + 1)}{who}[/] {colour}: "
                   + w["stats"].format(vp=pl["vp"], gold=gold))
        if pl["drawn"] and state.phase in ("price", "buy"):
            parts = []
            for t in pl["drawn"]:
                if pl["discard"] == t:
                    parts.append(w["discard"].format(tile=shown(t)))
                elif pl["offers"] is not None:
                    o = next((o for o in pl["offers"] if o["tile"] == t), None)
                    sold = w["bought"].format(n=o["buyer"] + 1) \
                        if o and o["buyer"] is not None else ""
                    parts.append(f"{shown(t)} @{o['price']}{sold}" if o
                                 else w["pricing"].format(tile=shown(t)))
                else:
                    parts.append(shown(t))
            status = ""
            if state.phase == "price":
                status = w["committed"] if pl["committed"] else w["choosing"]
            out.append(w["tiles"].format(tiles=", ".join(parts)) + status)
        if pl["pending"]:
            out.append(w["to_build"].format(tiles=", ".join(map(shown, pl["pending"]))))
        built = {t: str(i + 1) for i, (t, *_) in enumerate(state.placed[p])}
        out.append(render_territory(state.territories[p], lang, built))
    legend = _legend(lang)
    if legend:
        out.append(f"[dim]{legend}[/]")
    hint = _hint(state, player, lang)
    if hint:
        out.append("")
        out.append(f"[dim]{hint}[/]")
    if state.final:
        out.append("")
        out.append(w["final"].format(scrolls=_per_seat(state.final["scrolls"]),
                                     gold=_per_seat(state.final["gold"]),
                                     who=", ".join(w["player"].format(n=p + 1)
                                                 for p in state.winners())))
    return "\n".join(out)


def _per_seat(values: list[int]) -> str:
    """One number per player, in seat order (Player 1's first): ``13 / 5 / 9``."""
    return " / ".join(map(str, values))


def _hint(state: SkyeState, player: int | None, lang: str = "en") -> str:
    """How to write the move the viewer owes now (for people at a terminal)."""
    if player is None or player not in state.players_to_move():
        return ""
    w = words(WORDS, lang)
    if state.phase == "price":
        if state.discard[player] is None:
            d = state.drawn[player]
            return w["hint_offer"].format(gold=state.gold[player],
                                          example=f"'offer {d[0]} {d[1]}=2 {d[2]}=1'",
                                          first=f"'discard {d[0]}'")
        return w["hint_price"].format(example="'price Lxx N'")
    if state.phase == "buy":
        return w["hint_buy"].format(example="'buy Lxx'", pass_="'pass'")
    if state.phase == "build":
        return w["hint_build"].format(example="'place Lxx x,y rN'", ret="'return Lxx'")
    return ""
