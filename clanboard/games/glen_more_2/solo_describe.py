"""Allenarly's decisions in words (chronicle 12), so a player can check her against the
rulebook: which card, its range, which choice row and symbol chose the tile, what she
gained. Everything she does is public; every viewer reads the same words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import clanboard.games.glen_more_2.words as W
from clanboard.core import seat_name, words
from clanboard.games.glen_more_2.allenarly import ALLEN, level_row, rules
from clanboard.games.glen_more_2.effects import RESOURCES
from clanboard.games.glen_more_2.moves import ALLENARLY, GMove

if TYPE_CHECKING:
    from clanboard.games.glen_more_2.state import GlenMore2State

MESSAGES = {
    "allenarly": "Allenarly",
    "takes": "Allenarly takes {tile}: card {card}, range {range}, {why}",
    "row": "row {row} “{symbol}”",
    "first_row": "first row “{symbol}”",
    "priority_row": "row {row} of the priority tokens, “{symbol}”",
    "chronicle_row": "chronicle {chronicle} rule “{symbol}”",
    "number_row": "no row matched: the framed number {number}",
    "extended": "range extended beyond World's End",
    "filled": "1 coin on the empty 1-coin space of {resources}",
    "token": "{token} to {space}",
    "token_gone": "{token} off the clan board",
    "gains": "she gains {items}",
    "nothing": "she gains nothing",
    "stones": "trade stones: {n}",
    "scotsman": "a Scotsman",
    "landmark_card": "the landmark card {card}",
    "markers": "clan markers on {spaces}",
    "rank": "rank {rank} on the {track}",
    "left_out": "the tile leaves the game",
    "bid_moves": "Allenarly draws card {card} for feast {feast}: chronicle number {number}, "
                 "not below the cost {cost}, its bid token goes far left",
    "bid_stays": "Allenarly draws card {card} for feast {feast}: chronicle number {number}, "
                 "cost {cost}, its bid token stays",
    "bid_no_number": "Allenarly draws card {card} for feast {feast}: it shows no chronicle "
                     "number, her bid token stays",
    "bid_stack": "Allenarly bids on feasts {bids} (budget {budget} VP)",
    "blue": "blue token", "purple": "purple token", "caber": "caber track",
    "stone": "stone track",
    "village": "village", "castle": "castle", "material": "material", "animal": "animal",
    "trade": "trade", "whisky": "whisky", "personality": "personality", "loch": "loch",
    "ch10": "chronicle 10 tile", "ch11": "historic place",
    "result_you": "{who} wins against Allenarly ({mine} to {hers} VP)",
    "result_tie": "{who} wins the tie against Allenarly ({mine} VP each)",
    "result_her": "Allenarly wins ({hers} to {mine} VP)",
    "her_score": "Allenarly ({level})",
    "card_text": "card {card}: {moves}; search range {range}; choice rows: {rows}; "
                 "framed number {last}{number}",
    "card_moves": "moves the {tokens}",
    "card_no_moves": "moves no clan-board token",
    "card_row": "{n}. {symbols}",
    "card_priority": "the priority tokens in order",
    "card_then": ", then ",
    "card_number": "; chronicle number {n}",
    "round_items": "Allenarly's items and trade tiles",
    "priority_item": "{category} (symbol: {symbol})",
    "token_at": "{token}: {space}",
    "off_board": "off the clan board",
}


def _tile_name(s: GlenMore2State, tid: str, lang: str) -> str:
    return W.tile_named(s.comp, s.comp.index[tid], lang)


def describe_allenarly(s: GlenMore2State, move: GMove, lang: str = "en") -> str:
    """Her card draw ``move`` in words, worked out on a copy of the position."""
    after = s.clone()
    after._apply(move, -1)
    return explain_last(after, lang)


def after_move(s: GlenMore2State, move: GMove, player: int, lang: str = "en") -> str:
    """Her decisions that follow a seat's ``move`` at once (her turn, her bid draws: the
    chance draws are resolved from the seeded generator, as the game will), in words,
    each after "; " — "" when she does nothing. Called on the state before the move."""
    if s.allen is None or not s.auto_chance:
        return ""
    texts = []
    step = s.clone()  # the chance chain step by step, from the same seeded generator
    step.auto_chance = False
    step.apply_trusted(move, player)
    while step.is_chance():
        outcome = step.sample_chance(step.rng)
        step.apply_trusted(outcome)
        if isinstance(outcome, GMove) and outcome.op == ALLENARLY:
            texts.append(explain_last(step, lang))
    return "".join(f" — {t}" for t in texts)


def before_first(s: GlenMore2State, lang: str = "en") -> str:
    """Her turn(s) before the first seat move (when the die let her start), in words, each
    followed by " — ": the log shows them with that first move."""
    if s.allen is None or any(p >= 0 for p, _ in s.history):
        return ""
    return "".join(f"{explain(s, d, lang)} — " for d in s.allen.recent)


def explain_last(s: GlenMore2State, lang: str = "en") -> str:
    """Her last decision (card draw) in words; "" before her first."""
    assert s.allen is not None
    return explain(s, s.allen.last, lang)


def explain(s: GlenMore2State, last: dict[str, Any], lang: str = "en") -> str:
    """One decision of hers (``Allenarly.last``) in words."""
    m = words(MESSAGES, lang)
    if not last:
        return ""
    if "bid_card" in last:
        key = "bid_moves" if last["moved"] else "bid_stays" if last["number"] else "bid_no_number"
        text = m[key].format(card=last["bid_card"], feast=last["feast"],
                             number=last["number"] or "-", cost=last["cost"])
        if "bids" in last:
            text += "; " + m["bid_stack"].format(bids=", ".join(map(str, last["bids"])),
                                                 budget=last["budget"])
        return text
    row = last["row"]
    symbol = m.get(str(last.get("symbol")), str(last.get("symbol")))
    if row == "number":
        why = m["number_row"].format(number=last["number"])
    elif isinstance(row, str):
        why = m["chronicle_row"].format(chronicle=row.split()[-1], symbol=symbol)
    elif last.get("priority"):
        why = m["priority_row"].format(row=row, symbol=symbol)
    elif row == 1:
        why = m["first_row"].format(symbol=symbol)
    else:
        why = m["row"].format(row=row, symbol=symbol)
    parts = [m["takes"].format(tile=_tile_name(s, last["tile"], lang), card=last["card"],
                               range=last["range"], why=why)]
    if last.get("extended"):
        parts.append(m["extended"])
    if last.get("filled"):
        parts.append(m["filled"].format(
            resources=W.m_(lang)["list"].join(W.resource(RESOURCES[k], lang)
                                              for k in last["filled"])))
    for tok, space in last.get("tokens", {}).items():
        parts.append(m["token"].format(token=m[tok], space=_clan(s, space, lang)) if space
                     else m["token_gone"].format(token=m[tok]))
    gains = dict(last.get("gains", {}))
    gains["clan"] = [_clan(s, sid, lang) for sid in gains.get("clan", [])]
    parts.append(_gains(gains, m, s, lang))
    return "; ".join(parts)


def _clan(s: GlenMore2State, sid: str, lang: str) -> str:
    """A clan-board space by its clan's name."""
    return W.clan_name(s.comp, sid, lang)


def _gains(g: dict[str, Any], m: Any, s: GlenMore2State, lang: str) -> str:
    items = []
    if g.get("vp"):
        items.append(W.item("vp", g["vp"], lang))
    if g.get("stones"):
        items.append(m["stones"].format(n=g["stones"]))
    if g.get("whisky"):
        items.append(W.item("whisky", g["whisky"], lang))
    if g.get("scotsman"):
        items.append(m["scotsman"])
    if g.get("landmark"):
        card = s.comp.cards.get(g["landmark"])
        items.append(m["landmark_card"].format(
            card=W.name(card.name, card.name_ru, lang) if card else g["landmark"]))
    if g.get("clan"):
        items.append(m["markers"].format(spaces=W.m_(lang)["list"].join(g["clan"])))
    if g.get("rank"):
        items.append(m["rank"].format(track=m[g["rank"][0]], rank=g["rank"][1]))
    if g.get("left_out"):
        items.append(m["left_out"])
    return m["gains"].format(items=W.m_(lang)["list"].join(items)) if items else m["nothing"]


def allenarly_words(s: GlenMore2State, lang: str = "en") -> dict[str, Any]:
    """Her board's words for the web page: her level, priority tokens, clan-board tokens and
    her decisions since the player's last move (all public)."""

    a = s.allen
    assert a is not None
    m = words(MESSAGES, lang)
    w = W.m_(lang)
    symbol = rules(s.comp).symbol
    lv = level_row(s)
    tokens = [m["token_at"].format(token=m[tok], space=_clan(s, sp, lang) if sp
                                   else m["off_board"]) for tok, sp in a.tokens.items()]
    return {
        "level": W.name(lv.name, lv.name_ru, lang),
        "priority": [m["priority_item"].format(category=w.get(f"cat.{c}", c),
                                               symbol=m.get(symbol[c], symbol[c]))
                     for c in a.priority],
        "tokens": tokens,
        "last": [t for t in (explain(s, d, lang) for d in (a.recent or [a.last])) if t],
        "cards": {str(c): action_card(s, c, lang) for c in a.discard},
        # what "last" describes, so that a replay's earlier position can tell it is not its own
        "since": [dict(r) for r in a.recent],
    }


def action_card(s: GlenMore2State, card_id: int, lang: str = "en") -> str:
    """One of her action cards (HG-RU 676-684) in words: the clan-board tokens it moves, its
    search range, its choice rows top to bottom, the framed number, the chronicle number."""

    card = rules(s.comp).cards.get(card_id)
    if card is None:
        return str(card_id)
    m = words(MESSAGES, lang)
    w = W.m_(lang)
    moves = m["card_moves"].format(tokens=w["and"].join(m[tok] for tok in card.clan_moves)) \
        if card.clan_moves else m["card_no_moves"]
    rows = "; ".join(m["card_row"].format(
        n=i, symbols=m["card_priority"] if row == ("priority",) else
        m["card_then"].join(m.get(sym, sym) for sym in row))
        for i, row in enumerate(card.choices, 1))
    return m["card_text"].format(card=card.id, moves=moves, range=card.search_range, rows=rows,
                                 last=card.last, number=m["card_number"].format(
                                     n=card.chronicle) if card.chronicle else "")


def her_name(lang: str = "en") -> str:
    return words(MESSAGES, lang)["allenarly"]


def result_summary(s: GlenMore2State, names: Sequence[str] | None, lang: str) -> str:
    """Who won the solo game (a tie goes to the human, HG-RU 850)."""

    m = words(MESSAGES, lang)
    who = seat_name(names, 0, lang)
    mine, hers = s.vp[0], s.vp[ALLEN]
    if mine > hers:
        return m["result_you"].format(who=who, mine=mine, hers=hers)
    if mine == hers:
        return m["result_tie"].format(who=who, mine=mine)
    return m["result_her"].format(mine=mine, hers=hers)
