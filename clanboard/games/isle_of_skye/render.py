"""Text pictures of the position (rich markup): each territory as a small grid.

A tile is drawn in 4 rows of 9 characters: the N edge's terrain (with ``|`` for a road
end) on top, the W and E edges either side of its middle (``=`` for a road end; the castle's
word there, an empty middle for a landscape tile: never its id, which players do not see),
the line of what it shows (its icons), and the S edge. A tile is told apart from another by
what it shows, as the words of the moves name it. The rows and columns are labelled by how
far they lie from the castle ("2 left", "1 up"), as the moves say where a tile goes, never
by coordinates.
Terrain: P pasture (green), M mountain, W water (blue).
Icons: w whisky, s sheep, c cattle, f farm, b broch, l lighthouse, h ship, * scroll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len, set_cell_size

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


def _from_castle(n: int, less: str, more: str, lang: str) -> str:
    """A column's or row's label: how far it lies from the castle's ("2 left", "1 up"),
    nothing for the castle's own."""
    return "" if n == 0 else words(WORDS, lang)[less if n < 0 else more].format(n=abs(n))


def render_territory(terr: Territory, lang: str = "en") -> str:
    """The territory as a grid, its columns and rows labelled by how far they lie from the
    castle (which stands on ``0,0``; y grows down the screen), in words of ``lang``."""
    xs = [x for x, _ in terr.cells]
    ys = [y for _, y in terr.cells]
    side = {y: _from_castle(y, "row_up", "row_down", lang) for y in range(min(ys), max(ys) + 1)}
    pad = max(5, *(cell_len(label) + 1 for label in side.values()))
    head = (" " * pad + "".join(
        set_cell_size(f"{_from_castle(x, 'col_left', 'col_right', lang):^{W}}", W)
        for x in range(min(xs), max(xs) + 1))).rstrip()
    lines = [head] if head else []
    for y in range(min(ys), max(ys) + 1):
        rows = [set_cell_size(side[y], pad) if i == 1 else " " * pad for i in range(4)]
        for x in range(min(xs), max(xs) + 1):
            cell = terr.cells.get((x, y))
            blank = " " * W
            pic = (tile_lines(*cell, lang=lang) if cell
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
    "bought_by": " bought by player {n}",
    "priced": Plural("{tile} at {gold} gold", "{tile} at {gold} gold", "gold"),
    "committed": " — committed",
    "choosing": " — choosing",
    "tiles": "  tiles: {tiles}",
    "to_build": "  to build: {tiles}",
    "final": "Final: scrolls {scrolls}, gold VP {gold}; winner(s): {who}",
    "legend": "Terrain: {terrain}. Icons: {icons}",
    "legend_squares": "Each tile shows the terrain at its four edges, | or = where a road "
                      "leaves it, and its icons below; the labels of the rows and columns say "
                      "how many squares they lie from the castle, as the moves say where a "
                      "tile goes",
    "col_left": "{n} left", "col_right": "{n} right", "row_up": "{n} up", "row_down": "{n} down",
    "hint_discard": Plural("you have {gold} gold: discard one of your three tiles, then price "
                           "the other two — type a move's number from the list",
                           "you have {gold} gold: discard one of your three tiles, then price "
                           "the other two — type a move's number from the list", "gold"),
    "hint_next_price": "price your next tile — type a move's number from the list",
    "hint_to_buy": "buy another player's tile or buy nothing — type a move's number from the "
                   "list",
    "hint_place": "place your tile: the list says where, counted from the castle — type a "
                  "move's number from the list; only a tile that fits nowhere goes back in the "
                  "bag",
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
    return w["legend"].format(terrain=terrain, icons=icon_text) + "\n" + w["legend_squares"]


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
                    sold = w["bought_by"].format(n=o["buyer"] + 1) \
                        if o and o["buyer"] is not None else ""
                    parts.append(w["priced"].format(tile=shown(t), gold=o["price"]) + sold if o
                                 else w["pricing"].format(tile=shown(t)))
                else:
                    parts.append(shown(t))
            status = ""
            if state.phase == "price":
                status = w["committed"] if pl["committed"] else w["choosing"]
            out.append(w["tiles"].format(tiles=", ".join(parts)) + status)
        if pl["pending"]:
            out.append(w["to_build"].format(tiles=", ".join(map(shown, pl["pending"]))))
        out.append(render_territory(state.territories[p], lang))
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
    """What the viewer owes now, in words, pointing to the numbered list of moves (for
    people at a terminal; the notation stays typable but is not taught here)."""
    if player is None or player not in state.players_to_move():
        return ""
    w = words(WORDS, lang)
    if state.phase == "price":
        if state.discard[player] is None:
            return w["hint_discard"].format(gold=state.gold[player])
        return w["hint_next_price"]
    if state.phase == "buy":
        return w["hint_to_buy"]
    if state.phase == "build":
        return w["hint_place"]
    return ""
