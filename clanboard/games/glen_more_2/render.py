"""A text picture of a Glen More II position for the terminal (rich markup)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

from clanboard.core import words
from clanboard.games.glen_more_2.effects import RESOURCES

if TYPE_CHECKING:
    from clanboard.games.glen_more_2.state import GlenMore2State

MESSAGES = {
    "badge": "PROVISIONAL COMPONENTS",
    "badge_line": "pack {pack}: {n} provisional values (* marks provisional tiles; "
                  "'clanboard pack provisional' lists them)",
    "rondel": "Rondel", "back_to_front": "(back to front)", "stacks": "stacks {stacks}",
    "worlds_end": "World's End is out", "die": "die", "scotsman": "Scotsman of seat {p}",
    "market": "Market", "filled": "(filled spaces)", "clan_board": "Clan board",
    "feasts": "Feasts", "last_reveal": "last reveal", "reveal": "seat {p} stage {stage} feast {f}",
    "placed": "placed", "no_marker": "no marker",
    "bidding": "Bidding", "bid_help": "(secret): your stack {stack}; "
               "type e.g. 'bid 4,1,5' (top first) or 'bid none'",
    "seat": "seat {p}",
    "stats": "{vp} VP, {coins} coins, {whisky} whisky, {landmarks} landmarks, "
             "{personalities} personalities, {castle} in castle",
    "scotsmen": "{n} Scotsmen",
    "highland": "Highland Games", "ranks": "ranks (caber/stone)",
    "rank_line": "seat {p}: {caber}/{stone} reps {reps} fame {fame}",
    "central_taken": "central taken: {taken}",
    "blueprints": "Blueprint cards",
    "step": "step: {phase}", "movement": "movement points {n}",
    "final": "final: {final}",
    "used": "this game used {n} provisional values:",
}
"""The terminal's words (catalogued in the gettext catalogues like the moves')."""

_ABBR = {"wood": "W", "stone": "S", "grain": "G", "sheep": "Sh", "cattle": "C"}


def _tile(s: GlenMore2State, t: int) -> str:
    row = s.comp.tiles[t]
    mark = "*" if row.provisional else ""
    cost = f" ({row.cost})" if row.cost.alternatives else ""
    act = f" [{row.activation}]" if row.activation else ""
    return escape(f"{row.id}{mark} {row.name} <{row.kind}>{cost}{act}")


def render(s: GlenMore2State, player: int | None = None, *, lang: str = "en") -> str:
    """The position as ``player`` sees it, in ``lang`` (the pack's own data, tile names and
    effects, stay as the pack writes them)."""
    from clanboard.games.glen_more_2.describe import RESOURCE_NAMES
    from clanboard.games.glen_more_2.state import DIE, GAP, PHASES

    m = words(MESSAGES, lang)
    rn = words(RESOURCE_NAMES, lang)
    comp = s.comp
    out = []
    prov = comp.pack.provisional()
    if prov:
        out.append(f"[black on yellow] {m['badge']} [/] "
                   + escape(m["badge_line"].format(pack=repr(comp.name), n=len(prov))))
    stacks = " ".join(f"{k}:{len(v)}" for k, v in s.stacks.items())
    out.append(f"[bold]{m['rondel']}[/] {m['back_to_front']}  {m['stacks'].format(stacks=stacks)}"
               + (f"  {m['worlds_end']}" if s.we_drawn else ""))
    for v in s.track:
        if v >= 0:
            out.append(f"  {_tile(s, v)}")
        elif v == DIE:
            out.append(f"  [magenta]{m['die']}[/]")
        elif v != GAP:
            who = "Allenarly" if s.solo and v == -2 else str(-v - 1)
            out.append(f"  [cyan]{m['scotsman'].format(p=who)}[/]")
    market = "  ".join(f"{rn[r]}:{s.market[k]}" for k, r in enumerate(RESOURCES))
    out.append(f"[bold]{m['market']}[/] {m['filled']} {market}")
    clan = "  ".join(f"{k}:{','.join(map(str, v)) or '-'}" for k, v in s.clan.items())
    out.append(f"[bold]{m['clan_board']}[/] {clan}")
    if s.feast_row:
        feasts = "  ".join(escape(f"{i + 1}:{comp.feasts[f].name} ({comp.feasts[f].cost} -> "
                                  f"{comp.feasts[f].effect})") for i, f in enumerate(s.feast_row))
        out.append(f"[bold]{m['feasts']}[/] {feasts}")
        if s.reveal:
            out.append(f"{m['last_reveal']}: " + ", ".join(
                m["reveal"].format(p=r["seat"], stage=r["stage"], f=r["feast"])
                + " " + (m["placed"] if r["paid"] else m["no_marker"]) for r in s.reveal))
        if s.phase == PHASES.index("bid"):
            mine = s.bids[player] if player is not None else None
            out.append(f"[bold]{m['bidding']}[/] "
                       + escape(m["bid_help"].format(stack=str(mine or "-"))))
    for p in range(s.num_players):
        terr = s.terr[p]
        head = "[bold]" + ("> " if p == s.cur else "  ") + m["seat"].format(p=p) + "[/]"
        out.append(f"{head}: " + m["stats"].format(
            vp=s.vp[p], coins=s.coins[p], whisky=s.whisky[p], landmarks=len(s.cards[p]),
            personalities=len(s.personalities[p]), castle=s.castle_scotsmen(p)))
        for slot, (x, y) in enumerate(terr.pos):
            res = " ".join(f"{terr.res[slot][k]}{_ABBR[r]}" for k, r in enumerate(RESOURCES)
                           if terr.res[slot][k])
            scot = " " + m["scotsmen"].format(n=terr.scots[slot]) if terr.scots[slot] else ""
            out.append(f"     {x},{y}: {_tile(s, terr.tiles[slot])}{scot} {res}")
    if 10 in s.ch:
        out.append(f"[bold]{m['highland']}[/] {m['ranks']}: " + "  ".join(
            m["rank_line"].format(p=p, caber=r[0], stone=r[1], fame=s.fame[p],
                                  reps=",".join(f"{c[0]},{c[1]}" for c in s.reps[p]) or "-")
            for p, r in enumerate(s.rank))
            + "  " + escape(m["central_taken"].format(
                taken=dict(sorted(s.central.items())) or "-")))
    if 11 in s.ch:
        cards = "  ".join(f"seat {p}: " + (", ".join(
            f"{comp.tile_id(c['tile'])} {sum(c['paid']) + c['free']}/"
            f"{comp.blueprint_need[c['tile']].resources()}" for c in cs) or "-")
            for p, cs in enumerate(s.blueprints))
        out.append(f"[bold]{m['blueprints']}[/] {escape(cards)}")
    if s.allen is not None:
        out.extend(render_allenarly(s))
    out.append(m["step"].format(phase=PHASES[s.phase])
               + (", " + m["movement"].format(n=s.mp) if s.mp else ""))
    if s.final:
        from clanboard.games.glen_more_2.provenance import used_provisional

        out.append(escape(m["final"].format(final=s.final)))
        used = used_provisional(s)
        if used:
            out.append(f"[yellow]{m['used'].format(n=len(used))}[/] "
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
