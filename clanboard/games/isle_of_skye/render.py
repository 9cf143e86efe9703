"""Text pictures of the position (rich markup): each territory as a small grid.

A tile is drawn in 4 rows of 9 characters: the N edge's terrain (with ``|`` for a road
end) on top, the W and E edges either side of the tile id (``=`` for a road end), an
icon line, and the S edge. Terrain: P pasture (green), M mountain, W water (blue).
Icons: w whisky, s sheep, c cattle, f farm, b broch, l lighthouse, h ship, * scroll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from clanboard.games.isle_of_skye.territory import Territory
from clanboard.games.isle_of_skye.tiles import LETTERS, Tile, scoring_tiles

if TYPE_CHECKING:
    from clanboard.games.isle_of_skye.state import SkyeState

STYLE = {"P": "green", "M": "grey58", "W": "blue"}
ICON_CHARS = (
    ("whisky", "w"), ("sheep", "s"), ("cattle", "c"), ("farm", "f"),
    ("broch", "b"), ("lighthouse", "l"), ("ship", "h"),
)
W = 9


def _t(code: str) -> str:
    return f"[{STYLE[code]}]{code}[/]"


def tile_lines(tile: Tile, rot: int, label: str | None = None) -> list[str]:
    """Four lines of exactly ``W`` visible characters picturing a placed tile."""
    e = [tile.edge(d, rot) for d in range(4)]
    road = [tile.road(d, rot) >= 0 for d in range(4)]
    name = (label or ("CAS" if tile.castle else tile.id))[:3]
    icons = "".join(
        (str(n) if n > 1 else "") + ch for kind, ch in ICON_CHARS if (n := tile.count(kind))
    )
    if tile.scroll:
        icons += "*"
    icons = icons[:7]
    top = " " * 3 + _t(e[0]) + ("|" if road[0] else " ") + " " * 4
    mid = " " + _t(e[3]) + ("=" if road[3] else " ") + f"{name:^3}" + \
        ("=" if road[1] else " ") + _t(e[1]) + " "
    ico = " " + f"{icons:<7}" + " "
    bot = " " * 3 + _t(e[2]) + ("|" if road[2] else " ") + " " * 4
    return [top, mid, ico, bot]


def render_territory(terr: Territory) -> str:
    xs = [x for x, _ in terr.cells]
    ys = [y for _, y in terr.cells]
    lines = ["     " + "".join(f"{'x=' + str(x):^{W}}" for x in range(min(xs), max(xs) + 1))]
    for y in range(min(ys), max(ys) + 1):
        rows = [f"y={y:<3}" if i == 1 else "     " for i in range(4)]
        for x in range(min(xs), max(xs) + 1):
            cell = terr.cells.get((x, y))
            blank = " " * W
            pic = tile_lines(*cell) if cell else [blank, f"{'.':^{W}}", blank, blank]
            for i in range(4):
                rows[i] += pic[i]
        lines.extend(r.rstrip() for r in rows)
    return "\n".join(lines)


def render(state: SkyeState, player: int | None) -> str:
    from clanboard.games.isle_of_skye.state import COLOURS

    obs = state.observation(player)
    out = [
        f"[bold]Isle of Skye[/] — round {state.round}/{state.rounds}, phase {state.phase}, "
        f"start player {state.start}; bag {len(state.bag)} tiles",
    ]
    tiles = scoring_tiles()
    active = set(state.letters_now())
    for i, sid in enumerate(state.scoring):
        mark = "[bold yellow]*[/]" if LETTERS[i] in active else " "
        out.append(f" {mark}{LETTERS[i]}: {sid} {tiles[sid].name} — {tiles[sid].rule}")
    if state.round_points:
        last = state.round_points[-1]
        parts = [f"{sid} {vps}" for sid, vps in last.items()]
        out.append(f" last scoring (round {len(state.round_points)}): " + "; ".join(parts))
    if state.round:
        out.append(f" income this round: {state.income} (catch-up "
                   f"{state.track[state.round - 1].catchup} per player ahead)")
    for p, pl in enumerate(obs["players"]):
        gold = "?" if pl["gold"] is None else pl["gold"]
        who = " (you)" if p == player else ""
        out.append("")
        out.append(f"[bold]Player {p}{who}[/] {COLOURS[p]}: {pl['vp']} VP, gold {gold}")
        if pl["drawn"] and state.phase in ("price", "buy"):
            parts = []
            for t in pl["drawn"]:
                if pl["discard"] == t:
                    parts.append(f"{t} (discard)")
                elif pl["offers"] is not None:
                    o = next((o for o in pl["offers"] if o["tile"] == t), None)
                    sold = f" bought by {o['buyer']}" if o and o["buyer"] is not None else ""
                    parts.append(f"{t} @{o['price']}{sold}" if o else f"{t} (pricing)")
                else:
                    parts.append(t)
            status = ""
            if state.phase == "price":
                status = " — committed" if pl["committed"] else " — choosing"
            out.append("  tiles: " + ", ".join(parts) + status)
        if pl["pending"]:
            out.append("  to build: " + ", ".join(pl["pending"]))
        out.append(render_territory(state.territories[p]))
    hint = _hint(state, player)
    if hint:
        out.append("")
        out.append(f"[dim]{hint}[/]")
    if state.final:
        out.append("")
        out.append(f"Final: scrolls {state.final['scrolls']}, gold VP {state.final['gold']}; "
                   f"winner(s): {state.winners()}")
    return "\n".join(out)




def _hint(state: SkyeState, player: int | None) -> str:
    """How to write the move the viewer owes now (for people at a terminal)."""
    if player is None or player not in state.players_to_move():
        return ""
    if state.phase == "price":
        if state.discard[player] is None:
            d = state.drawn[player]
            return (f"you have {state.gold[player]} gold: discard one tile and price the other "
                    f"two, e.g. 'offer {d[0]} {d[1]}=2 {d[2]}=1' (or 'discard {d[0]}' first)")
        return "price the next tile: 'price Lxx N'"
    if state.phase == "buy":
        return "buy another player's tile ('buy Lxx') or 'pass'"
    if state.phase == "build":
        return ("place a tile: 'place Lxx x,y rN' (x east, y south, N quarter turns clockwise); "
                "'return Lxx' only for a tile that fits nowhere")
    return ""
