"""A text picture of a Glen More II position for the terminal (rich markup)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

import clanboard.games.glen_more_2.words as W
from clanboard.core import words
from clanboard.games.glen_more_2.allenarly import ALLEN
from clanboard.games.glen_more_2.constants import DIE, GAP, PHASES
from clanboard.games.glen_more_2.describe import _at, result_explanation, where
from clanboard.games.glen_more_2.effects import RESOURCES
from clanboard.games.glen_more_2.moves import Sq
from clanboard.games.glen_more_2.provenance import used_provisional
from clanboard.games.glen_more_2.solo_describe import allenarly_words, her_name

if TYPE_CHECKING:
    from clanboard.games.glen_more_2.state import GlenMore2State

MESSAGES = {
    "badge": "PROVISIONAL COMPONENTS",
    "badge_line": "pack “{pack}”: {n} provisional values (* marks provisional tiles; "
                  "the command “clanboard pack provisional” lists them)",
    "rondel": "Rondel", "stacks": "tiles left in the stacks: {stacks}",
    "rondel_ahead": "(back to front; the number says how many spaces ahead of the back each one "
                    "lies)",
    "worlds_end": "World's End is out", "die": "die", "scotsman": "Scotsman of Player {p}",
    "market": "Market", "filled": "(filled spaces)", "clan_board": "Clan board",
    "feasts": "Feasts", "last_reveal": "last reveal",
    "reveal": "Player {p} stage {stage} feast {f}",
    "placed": "placed", "no_marker": "no marker",
    "bidding": "Bidding",
    "seat": "Player {p}",
    "stats": "{vp} VP, coins: {coins}, whisky barrels: {whisky}, landmark cards: {landmarks}, "
             "personalities: {personalities}, Scotsmen in the home castle: {castle}",
    "scotsmen": "Scotsmen: {n}",
    "resources": "resources: {list}",
    "highland": "Highland Games", "ranks": "ranks (caber/stone)",
    "rank_line": "Player {p}: {caber}/{stone}, representatives {reps}, fame {fame}",
    "central_taken": "central track, ranks taken: {taken}",
    "blueprints": "Blueprint cards",
    "blueprint_line": "{place}: {have} of {need} resources",
    "step": "step: {phase}", "movement": "movement points {n}",
    "used": "this game used {n} provisional values:",
    "none": "none",
    "feast_line": "{n}. {name} — cost: {cost}; {effect}",
    "allen_head": "{vp} VP, coins: {coins}, trade stones: {stones}, Scotsmen: {scots}, "
                  "landmark cards: {landmarks}, whisky barrels: {whisky}, personalities: "
                  "{personalities}",
    "allen_row": "trade tiles: {trade}; other tiles: {pile}; priority: {priority}; tokens: "
                 "{tokens}; action cards face up: {cards} (draws before a shuffle: {left})",
    "phase.draw": "tiles come onto the rondel", "phase.roll": "the die is rolled",
    "phase.take": "move on the rondel and take a tile", "phase.place": "place the tile",
    "phase.pay": "pay for the tile", "phase.gain": "choose resources",
    "phase.clan": "put a clan marker on the clan board", "phase.activate": "activate tiles",
    "phase.discard": "take a tile from the discard", "phase.remove": "remove tiles",
    "phase.bid": "secret bids on the feasts", "phase.plan": "put resources on blueprints",
    "phase.build": "build a historic place", "phase.rep": "clan representative",
    "phase.central": "the central track's reward", "phase.choose": "choose an option",
    "phase.scot": "place the new Scotsman", "phase.over": "the game is over",
    "phase.allenarly": "Allenarly's turn", "phase.allenarly_bid": "Allenarly's bids",
    "clan_entry": "{clan} (road cost {road}): {effect}",
    "clan_markers": "clan markers: {holders}",
    "bid_secret": "(secret) your bid, top of the stack first: the feasts at positions {stack}",
    "bid_nothing": "(secret) your bid: no feast",
    "bid_owed": "(secret): choose the feasts to bid on, the top of your stack first — type a "
                "move's number from the list",
    "bid_waiting": "(secret): the players choose their bids",
}
"""The terminal's words (catalogued in the gettext catalogues like the moves')."""

_ABBR = {"wood": "W", "stone": "S", "grain": "G", "sheep": "Sh", "cattle": "C"}


def _tile(s: GlenMore2State, t: int, lang: str = "en") -> str:
    """A tile: its name (``*`` when provisional), kind, and what it does (cost, placement,
    activation), in words; never its id."""
    comp = s.comp
    row = comp.tiles[t]
    mark = "*" if row.provisional else ""
    parts = [W.kind(row.kind, lang)]
    if row.kind != "worlds_end":
        if row.cost.alternatives:
            parts.append(W.m_(lang)["cost"].format(cost=W.cost(row.cost, lang)))
        if row.bonus:
            parts.append(W.m_(lang)["on_place"].format(effect=W.effect(row.bonus, comp, lang)))
        if row.activation:
            parts.append(W.m_(lang)["on_activate"].format(
                effect=W.effect(row.activation, comp, lang)))
    return escape(f"{W.tile_name(comp, t, lang)}{mark} — " + "; ".join(parts))


def _rep(s: GlenMore2State, p: int, cell: list[int], lang: str) -> str:
    """A clan representative by the tile it stands on (by its place too when the territory
    holds two of that name), as the log names it; never the square's coordinates."""
    return _at(s, p, Sq(cell[0], cell[1]), lang)


def _names(s: GlenMore2State, seats: list[int], lang: str) -> str:
    """Seats as the rest of the board names them ("Player 1" for seat 0; Allenarly by her name)."""

    m = words(MESSAGES, lang)
    return ", ".join(her_name(lang) if s.solo and p == ALLEN else m["seat"].format(p=p + 1)
                     for p in seats) or m["none"]


def _bid(s: GlenMore2State, player: int | None, lang: str) -> str:
    """The viewer's secret feast bid in words (the feasts by their place in the row, as the
    log says them), or what to do when it is still owed."""
    m = words(MESSAGES, lang)
    mine = s.bids[player] if player is not None else None
    if mine is None:
        return m["bid_owed"] if player is not None and player in s.players_to_move() \
            else m["bid_waiting"]
    if not mine:
        return m["bid_nothing"]
    return m["bid_secret"].format(stack=W.m_(lang)["list"].join(map(str, mine)))


def render(s: GlenMore2State, player: int | None = None, *, lang: str = "en") -> str:
    """The position as ``player`` sees it, in ``lang``: names and effects through the one
    describer (:mod:`.words`), the scoring as the end screen's tables."""

    m = words(MESSAGES, lang)
    comp = s.comp
    out = []
    prov = comp.pack.provisional()
    if prov:
        out.append(f"[black on yellow] {m['badge']} [/] "
                   + escape(m["badge_line"].format(pack=W.pack_name(comp.name, lang), n=len(prov))))
    letters = W.STACK_LETTERS.get(lang, {})
    stacks = "  ".join(f"{letters.get(k, k)} {len(v)}" for k, v in s.stacks.items())
    out.append(f"[bold]{m['rondel']}[/] {m['rondel_ahead']}")
    back = next((i for i, v in enumerate(s.track) if v != GAP), 0)
    for ahead, v in enumerate(s.track[back:]):  # as a move counts the spaces it goes ahead
        if v >= 0:
            out.append(f"  {ahead:>2}  {_tile(s, v, lang)}")
        elif v == DIE:
            out.append(f"  {ahead:>2}  [magenta]{m['die']}[/]")
        elif v != GAP:
            text = her_name(lang) if s.solo and v == -2 else m["scotsman"].format(p=-v)
            out.append(f"  {ahead:>2}  [cyan]{text}[/]")
    out.append("  " + m["stacks"].format(stacks=stacks) + (f"  {m['worlds_end']}" if s.we_drawn
                                                           else ""))
    market = "  ".join(f"{W.resource(r, lang)} {s.market[k]}" for k, r in enumerate(RESOURCES))
    out.append(f"[bold]{m['market']}[/] {m['filled']} {market}")
    out.append(f"[bold]{m['clan_board']}[/]")
    for sid, holders in s.clan.items():
        sp = comp.spaces[comp.space_index[sid]]
        effect = W.provisional(W.effect(sp.effect, comp, lang), sp.provisional, lang)
        line = m["clan_entry"].format(clan=W.clan_name(comp, sid, lang), road=sp.road_cost,
                                      effect=effect)
        if holders:
            line += "; " + m["clan_markers"].format(holders=_names(s, list(holders), lang))
        out.append("  " + escape(line))
    if s.feast_row:
        out.append(f"[bold]{m['feasts']}[/]")
        for i, f in enumerate(s.feast_row):
            row = comp.feasts[f]
            out.append("  " + escape(m["feast_line"].format(
                n=i + 1, name=W.name(row.name, row.name_ru, lang), cost=W.cost(row.cost, lang),
                effect=W.provisional(W.effect(row.effect, comp, lang), row.provisional,
                                     lang))))
        if s.reveal:
            out.append(f"{m['last_reveal']}: " + ", ".join(
                m["reveal"].format(p=r["seat"] + 1, stage=r["stage"], f=r["feast"])
                + " " + (m["placed"] if r["paid"] else m["no_marker"]) for r in s.reveal))
        if s.phase == PHASES.index("bid"):
            out.append(f"[bold]{m['bidding']}[/] " + escape(_bid(s, player, lang)))
    for p in range(s.num_players):
        terr = s.terr[p]
        head = "[bold]" + ("> " if p == s.cur else "  ") + m["seat"].format(p=p + 1) + "[/]"
        out.append(f"{head}: " + m["stats"].format(
            vp=s.vp[p], coins=s.coins[p], whisky=s.whisky[p], landmarks=len(s.cards[p]),
            personalities=len(s.personalities[p]), castle=s.castle_scotsmen(p)))
        for slot, (x, y) in enumerate(terr.pos):
            res = ", ".join(W.item(r, terr.res[slot][k], lang) for k, r in enumerate(RESOURCES)
                            if terr.res[slot][k])
            scot = "; " + m["scotsmen"].format(n=terr.scots[slot]) if terr.scots[slot] else ""
            res = "; " + escape(m["resources"].format(list=res)) if res else ""
            at = escape(where(s, p, Sq(x, y), lang))
            out.append(f"     {_tile(s, terr.tiles[slot], lang)}{scot}{res} [dim]— {at}[/]")
    if 10 in s.ch:
        taken = ", ".join(f"{k} ({_names(s, [v], lang)})" for k, v in sorted(s.central.items()))
        out.append(f"[bold]{m['highland']}[/] {m['ranks']}: " + "  ".join(
            m["rank_line"].format(p=p + 1, caber=r[0], stone=r[1], fame=s.fame[p],
                                  reps=escape(", ".join(_rep(s, p, c, lang) for c in s.reps[p]))
                                  or m["none"])
            for p, r in enumerate(s.rank))
            + "  " + escape(m["central_taken"].format(taken=taken or m["none"])))
    if 11 in s.ch:
        out.append(f"[bold]{m['blueprints']}[/]")
        for p, cs in enumerate(s.blueprints):
            cards = "; ".join(m["blueprint_line"].format(
                place=W.tile_name(comp, c["tile"], lang), have=sum(c["paid"]) + c["free"],
                need=comp.blueprint_need[c["tile"]].resources()) for c in cs) or m["none"]
            out.append("  " + m["seat"].format(p=p + 1) + ": " + escape(cards))
    if s.allen is not None:
        out.extend(render_allenarly(s, lang))
    phase = PHASES[s.phase]
    out.append(m["step"].format(phase=m.get(f"phase.{phase}", phase))
               + (", " + m["movement"].format(n=s.mp) if s.mp else ""))
    if s.final:

        out.extend(escape(line) for line in scoring_lines(s, lang))
        used = used_provisional(s)
        if used:
            out.append(f"[yellow]{m['used'].format(n=len(used))}[/] "
                       + escape("; ".join(W.provisional_names(comp, used, lang))))
    return "\n".join(out)


def scoring_lines(s: GlenMore2State, lang: str) -> list[str]:
    """The end screen's winner line, notes and score tables as text lines."""

    why = result_explanation(s, None, None, lang)
    out = [why["summary"], *why["lines"]]
    for table in why["tables"]:
        out.append(f"{table['title']}: " + " | ".join(table["columns"]))
        out.extend(f"  {row['label']}: " + " | ".join(map(str, row["values"]))
                   for row in table["rows"])
    return out


def render_allenarly(s: GlenMore2State, lang: str = "en") -> list[str]:
    """Her board and her last decisions, in words (chronicle 12)."""

    a = s.allen
    assert a is not None
    m = words(MESSAGES, lang)
    hw = allenarly_words(s, lang)
    comp = s.comp
    trade = ", ".join(W.tile_name(comp, t, lang) for t in [a.start, *a.trade])
    lines = [
        f"[bold]{her_name(lang)}[/] ({hw['level']}): " + escape(m["allen_head"].format(
            vp=s.vp[ALLEN], coins=s.coins[ALLEN], stones=a.stones, scots=a.scots,
            landmarks=len(s.cards[ALLEN]), whisky=s.whisky[ALLEN],
            personalities=len(s.personalities[ALLEN]))),
        "     " + escape(m["allen_row"].format(
            trade=trade, pile=len(a.pile), priority="; ".join(hw["priority"]),
            tokens="; ".join(hw["tokens"]), cards=", ".join(map(str, a.discard)) or m["none"],
            left=a.left)),
    ]
    lines.extend(f"     [cyan]{escape(text)}[/]" for text in hw["last"])
    return lines
