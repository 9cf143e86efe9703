"""A text picture of a Glen More position (rich markup): track, market, territories."""

from __future__ import annotations

from typing import TYPE_CHECKING

from clanboard.games.glen_more.data import RESOURCES, TILES
from clanboard.games.glen_more.moves import pos, xy

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


def tile_label(tile: int) -> str:
    """A 6-character name for the grid."""
    t = TILES[tile]
    return _SPECIAL.get(t.name) or _ABBR[t.kind]


def _describe(tile: int) -> str:
    t = TILES[tile]
    parts = [t.name]
    if t.cost_text:
        parts.append(f"cost {t.cost_text}")
    if t.activation_text:
        parts.append(t.activation_text.replace(" ", ""))
    if t.river:
        parts.append("river")
    if t.road:
        parts.append("road")
    return f"[{_COLOUR[t.frame]}]{t.id}[/] " + ", ".join(parts)


def render(s: GlenMoreState, player: int | None = None) -> str:
    from clanboard.games.glen_more.state import DIE, GAP, PHASES

    lines: list[str] = []
    lines.append(f"[bold]Glen More[/] · {s.num_players} players · phase {PHASES[s.phase]}"
                 + (f" · player {s.cur} to move" if s.cur >= 0 else ""))
    lines.append("Track, from the back of the chain (moves next) to the front:")
    for i, v in enumerate(s.track):
        space = (s.head + i) % 14
        if v >= 0:
            lines.append(f"  {space:>2}  {_describe(v)}")
        elif v == DIE:
            lines.append(f"  {space:>2}  [magenta]the die[/]")
        elif v == GAP:
            lines.append(f"  {space:>2}  ·")
        else:
            lines.append(f"  {space:>2}  [bold magenta]player {-v - 1}[/]")
    sizes = "/".join(str(len(st)) for st in s.stacks)
    lines.append(f"Stacks 0/1/2/3: {sizes} · scorings done: {len(s.scorings)}")
    lines.append("Market (filled of 3; buy at filled+1, sell at filled): " + "  ".join(
        f"{RESOURCES[k]} {'●' * s.market[k]}{'○' * (3 - s.market[k])}" for k in range(5)))
    lines.append("Grid: ~ river, = road; w wood, s stone, h sheep, c cattle, g grain; "
                 "♟ clansman")
    for p in range(s.num_players):
        lines.append("")
        lines.extend(_player(s, p, p == player))
    if s.cur >= 0:
        lines.append("")
        lines.append(_turn(s))
    for sc in s.scorings:
        lines.append(f"Scoring {sc['round']}: whisky {sc['whisky']}, chieftains+hats "
                     f"{sc['chieftains']}, cards {sc['cards']} → VP {sc['vp']}")
    if s.final:
        f = s.final
        lines.append("")
        lines.append("[bold]Final scoring[/] (seat: before + cards + coins + tile penalty = total)")
        for p in range(s.num_players):
            pen = f["penalty"][p]
            lines.append(f"  player {p}: {f['before'][p]} + {f['cards'][p]} + {f['coins'][p]} "
                         f"{'-' if pen < 0 else '+'} {abs(pen)} = [bold]{f['total'][p]}[/] "
                         f"({f['tiles'][p]} tiles, {f['resources'][p]} resources)")
        lines.append(f"Winner(s): {', '.join(f'player {w}' for w in s.winners())}")
    return "\n".join(lines)


def _turn(s: GlenMoreState) -> str:
    from clanboard.games.glen_more.state import PHASES
    from clanboard.games.glen_more.view import _owed

    bits = [f"[bold]Turn of player {s.cur}[/]: {PHASES[s.phase]}"]
    if s.tile >= 0:
        bits.append(f"tile in hand {_describe(s.tile)}")
    owed = _owed(s)
    if owed:
        bits.append(f"to pay {owed}")
    if s.activated:
        bits.append(f"activated {len(s.activated)}")
    if s.mp:
        bits.append(f"movement points {s.mp}")
    if s.oich:
        bits.append("Loch Oich: every tile may be activated")
    if s.ness_used:
        bits.append("Loch Ness used")
    return " · ".join(bits)


def _player(s: GlenMoreState, p: int, me: bool) -> list[str]:
    terr = s.terr[p]
    cards = [TILES[t].name for t in terr.tiles if TILES[t].card >= 0]
    head = (f"[bold]{'▶ ' if s.cur == p else ''}Player {p}{' (you)' if me else ''}[/]: "
            f"{s.vp[p]} VP · {s.coins[p]} coins · {s.whisky[p]} whisky · "
            f"{s.chiefs[p]} chieftains (+{s.hats(p)} hats) · cards: {', '.join(cards) or '-'}")
    out = [head]
    xs = [xy(q)[0] for q in terr.pos]
    ys = [xy(q)[1] for q in terr.pos]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    out.append("      " + "".join(f"{x:^{CELL}}" for x in range(x0, x1 + 1)))
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
            label = f"{tile_label(t.index):<6}{mark}"
            top.append(f"[{_COLOUR[t.frame]}]{label:<{CELL - 1}}[/] ")
            res = "".join(_RES_CH[k] * terr.res[slot * 5 + k] for k in range(5))
            clan = "♟" * terr.clan[slot]
            bottom.append(f"{(res + ' ' + clan).strip():<{CELL - 1}} ")
        out.append(f"{y:>4}  " + "".join(top))
        out.append("      " + "".join(bottom))
    return out
