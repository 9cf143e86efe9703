"""A text picture of a Glen More II position for the terminal (rich markup)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

from clanboard.games.glen_more_2.effects import RESOURCES

if TYPE_CHECKING:
    from clanboard.games.glen_more_2.state import GlenMore2State

_ABBR = {"wood": "W", "stone": "S", "grain": "G", "sheep": "Sh", "cattle": "C"}


def _tile(s: GlenMore2State, t: int) -> str:
    row = s.comp.tiles[t]
    mark = "*" if row.provisional else ""
    cost = f" ({row.cost})" if row.cost.alternatives else ""
    act = f" [{row.activation}]" if row.activation else ""
    return escape(f"{row.id}{mark} {row.name} <{row.kind}>{cost}{act}")


def render(s: GlenMore2State, player: int | None = None) -> str:
    from clanboard.games.glen_more_2.state import DIE, GAP, PHASES

    comp = s.comp
    out = []
    prov = comp.pack.provisional()
    if prov:
        out.append(f"[black on yellow] PROVISIONAL COMPONENTS [/] pack {comp.name!r}: "
                   f"{len(prov)} provisional values (* marks provisional tiles; "
                   f"'clanboard pack provisional' lists them)")
    stacks = " ".join(f"{k}:{len(v)}" for k, v in s.stacks.items())
    out.append(f"[bold]Rondel[/] (back to front)  stacks {stacks}"
               + ("  World's End is out" if s.we_drawn else ""))
    for v in s.track:
        if v >= 0:
            out.append(f"  {_tile(s, v)}")
        elif v == DIE:
            out.append("  [magenta]die[/]")
        elif v != GAP:
            who = "Allenarly" if s.solo and v == -2 else f"seat {-v - 1}"
            out.append(f"  [cyan]Scotsman of {who}[/]")
    market = "  ".join(f"{r}:{s.market[k]}" for k, r in enumerate(RESOURCES))
    out.append(f"[bold]Market[/] (filled spaces) {market}")
    clan = "  ".join(f"{k}:{','.join(map(str, v)) or '-'}" for k, v in s.clan.items())
    out.append(f"[bold]Clan board[/] {clan}")
    if s.feast_row:
        feasts = "  ".join(escape(f"{i + 1}:{comp.feasts[f].name} ({comp.feasts[f].cost} -> "
                                  f"{comp.feasts[f].effect})") for i, f in enumerate(s.feast_row))
        out.append(f"[bold]Feasts[/] {feasts}")
        if s.reveal:
            out.append("last reveal: " + ", ".join(
                f"seat {r['seat']} stage {r['stage']} feast {r['feast']}"
                + (" placed" if r["paid"] else " no marker") for r in s.reveal))
        if s.phase == PHASES.index("bid"):
            mine = s.bids[player] if player is not None else None
            out.append(f"[bold]Bidding[/] (secret): your stack {escape(str(mine or '-'))}; "
                       "type e.g. 'bid 4,1,5' (top first) or 'bid none'")
    for p in range(s.num_players):
        terr = s.terr[p]
        head = "[bold]" + ("> " if p == s.cur else "  ") + f"seat {p}[/]"
        out.append(f"{head}: {s.vp[p]} VP, {s.coins[p]} coins, {s.whisky[p]} whisky, "
                   f"{len(s.cards[p])} landmarks, {len(s.personalities[p])} personalities, "
                   f"{s.castle_scotsmen(p)} in castle")
        for slot, (x, y) in enumerate(terr.pos):
            res = " ".join(f"{terr.res[slot][k]}{_ABBR[r]}" for k, r in enumerate(RESOURCES)
                           if terr.res[slot][k])
            scot = f" {terr.scots[slot]} Scotsmen" if terr.scots[slot] else ""
            out.append(f"     {x},{y}: {_tile(s, terr.tiles[slot])}{scot} {res}")
    if 10 in s.ch:
        out.append("[bold]Highland Games[/] ranks (caber/stone): " + "  ".join(
            f"seat {p}: {r[0]}/{r[1]} reps {','.join(f'{c[0]},{c[1]}' for c in s.reps[p]) or '-'}"
            f" fame {s.fame[p]}" for p, r in enumerate(s.rank))
            + f"  central taken: {dict(sorted(s.central.items())) or '-'}")
    if 11 in s.ch:
        cards = "  ".join(f"seat {p}: " + (", ".join(
            f"{comp.tile_id(c['tile'])} {sum(c['paid']) + c['free']}/"
            f"{comp.blueprint_need[c['tile']].resources()}" for c in cs) or "-")
            for p, cs in enumerate(s.blueprints))
        out.append(f"[bold]Blueprint cards[/] {escape(cards)}")
    if s.allen is not None:
        out.extend(render_allenarly(s))
    out.append(f"step: {PHASES[s.phase]}" + (f", movement points {s.mp}" if s.mp else ""))
    if s.final:
        from clanboard.games.glen_more_2.provenance import used_provisional

        out.append(escape(f"final: {s.final}"))
        used = used_provisional(s)
        if used:
            out.append(f"[yellow]this game used {len(used)} provisional values:[/] "
                       + escape(", ".join(f"{e.file} {e.key}" for e in used)))
    return "\n".join(out)


def render_allenarly(s: GlenMore2State) -> list[str]:
    """Her board and her last decision, in words (chronicle 12)."""
    from clanboard.games.glen_more_2.allenarly import ALLEN, level_row, rules
    from clanboard.games.glen_more_2.solo_describe import explain

    a = s.allen
    assert a is not None
    tid = s.comp.tile_id
    symbol = rules(s.comp).symbol
    prio = " ".join(f"{c}({symbol[c]})" for c in a.priority)
    tokens = " ".join(f"{k}:{v or '-'}" for k, v in a.tokens.items())
    lines = [
        f"[bold]Allenarly[/] ({level_row(s).name}): {s.vp[ALLEN]} VP, {s.coins[ALLEN]} coins, "
        f"{a.stones} stones, {a.scots} Scotsmen, {len(s.cards[ALLEN])} landmarks, "
        f"{s.whisky[ALLEN]} whisky, {len(s.personalities[ALLEN])} personalities",
        escape(f"     trade row: {' '.join(tid(t) for t in [a.start, *a.trade])}; pile: "
               f"{len(a.pile)} tiles; priority: {prio}; tokens: {tokens}; cards face up: "
               f"{a.discard or '-'} ({a.left} draws before a shuffle)"),
    ]
    for decision in a.recent or [a.last]:  # since your last move
        text = explain(s, decision)
        if text:
            lines.append(f"     [cyan]{escape(text)}[/]")
    return lines
