"""Allenarly's scoring (chronicle 12, HG-RU 787-850) and her chronicle 9 bids
(HG-RU 1093-1137): priority tokens, the trade-stone exchange, item VP, her end scoring."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from clanboard.games.glen_more_2.allenarly import (
    ALLEN,
    draw,
    level_row,
    needs,
    rules,
    vp_of,
)

if TYPE_CHECKING:
    from clanboard.games.glen_more_2.state import GlenMore2State


# -- chronicle 9: her bids -----------------------------------------------------------------

def start_bids(s: GlenMore2State) -> None:
    a = s.allen
    assert a is not None
    a.bid_order = list(range(1, len(s.feast_row) + 1))  # HG-RU 1095
    a.bid_left = len(s.feast_row)


def bid_draw(s: GlenMore2State, card_id: int) -> bool:
    """HG-RU 1099-1109: one card for the feast at ``bid_left`` (right to left); a numbered
    symbol at least the feast's resource cost moves its bid token to the far left. True
    when her stack is complete."""
    a = s.allen
    assert a is not None
    card = draw(s, card_id)
    spot = a.bid_left
    cost = feast_cost(s, s.feast_row[spot - 1])
    moved = bool(card.chronicle) and card.chronicle >= cost
    if moved:
        a.bid_order.remove(spot)
        a.bid_order.insert(0, spot)
    a.last = {"bid_card": card.id, "feast": spot, "number": card.chronicle, "cost": cost,
              "moved": moved}
    a.bid_left -= 1
    if a.bid_left:
        a.recent.append(a.last)
        return False
    number = s.pending[0]
    ch9 = rules(s.comp).chronicles[9]
    size = ch9.stack_sizes[min(number, 4) - 1]
    s.bids[ALLEN] = a.bid_order[:size]
    a.budget = ch9.budgets[min(number, 4) - 1]
    a.last = {**a.last, "bids": list(a.bid_order[:size]), "budget": a.budget}
    a.recent.append(a.last)
    return True


def feast_cost(s: GlenMore2State, feast: int) -> int:
    alts = s.comp.costs_of_feast(feast)
    return alts[0].resources() if alts else 0


def pay_feast(s: GlenMore2State, feast: int) -> bool:
    """HG-RU 1111: 1 VP per resource of the cost, within the round's budget and her VP."""
    a = s.allen
    assert a is not None
    cost = feast_cost(s, feast)
    if cost > a.budget or cost > s.vp[ALLEN]:
        return False
    a.budget -= cost
    s.vp[ALLEN] -= cost
    return True


# -- scoring -------------------------------------------------------------------------------

def board_count(s: GlenMore2State) -> dict[str, int]:
    """Her items per category (HG-RU 596): Scotsmen area, landmark cards, barrels,
    personality tiles (spectators included, HG-RU 1168)."""
    a = s.allen
    assert a is not None
    return {"castle": a.scots, "landmarks": len(s.cards[ALLEN]), "whisky": s.whisky[ALLEN],
            "personalities": len(s.personalities[ALLEN])}


def reorder(s: GlenMore2State, number: int, plain_vp: dict[str, list[int]]) -> list[str]:
    """HG-RU 797-805: in rounds 1-3, after each category (in token order) a token whose
    category gave either side 3 VP or more goes far left, one that gave nobody VP far
    right, else it stays; ``plain_vp`` leaves out feast and modifier bonuses
    (HG-RU 1131-1137, 1162-1166)."""
    a = s.allen
    assert a is not None
    order = list(a.priority)
    if number > 3:
        return order
    new = list(order)
    for cat in order:
        vp = plain_vp[cat]
        if any(v >= 3 for v in vp):
            new.remove(cat)
            new.insert(0, cat)
        elif not any(vp):
            new.remove(cat)
            new.append(cat)
    a.priority = new
    return new


def exchange(s: GlenMore2State) -> list[list[Any]]:
    """HG-RU 809-823: her trade tiles right to left, each tile's exchanges from the most
    valuable; one that asks for no more resources than her stones costs exactly 1 stone
    (Town Square Sculpture none, HG-RU 1170). Returns [tile, VP] per exchange made."""
    a = s.allen
    assert a is not None
    ch10 = rules(s.comp).chronicles.get(10)
    free = ch10.free_tile if ch10 is not None and 10 in s.ch else ""
    made: list[list[Any]] = []
    for tile in reversed([a.start, *a.trade]):
        options = sorted(s.comp.tiles[tile].activation.options, key=vp_of, reverse=True)
        for o in options:
            tid = s.facts.ids[tile]
            if tid == free:
                s.vp[ALLEN] += vp_of(o)
                made.append([tid, vp_of(o)])
            elif a.stones >= needs(o) and a.stones > 0:
                a.stones -= 1
                s.vp[ALLEN] += vp_of(o)
                made.append([tid, vp_of(o)])
    return made


def after_scoring(s: GlenMore2State, number: int, plain_vp: dict[str, list[int]]) -> None:
    """After a scoring round: priority tokens, the exchange, VP for her items in the
    level's rounds (HG-RU 795-831)."""
    a, lv = s.allen, level_row(s)
    assert a is not None
    before = list(a.priority)
    order = reorder(s, number, plain_vp)
    made = exchange(s)
    items = 0
    if number in lv.item_vp_rounds:
        c = board_count(s)
        count = sum(c.values()) + (s.fame[ALLEN] if 10 in s.ch else 0)
        items = lv.item_vp * count
        s.vp[ALLEN] += items
    a.rounds.append({"round": number, "order": before, "new_order": order,
                     "exchange": made, "item_vp": items})


def size(s: GlenMore2State) -> int:
    """HG-RU 835-842: every tile she got, trade tiles included, personalities not; her
    starting trade tile counts (a reading)."""
    a = s.allen
    assert a is not None
    return 1 + len(a.trade) + len(a.pile)


def stone_vp(s: GlenMore2State) -> int:
    """HG-RU 844-846: remaining stones at her start tile's rate."""
    a, lv = s.allen, level_row(s)
    assert a is not None
    return 2 * a.stones if lv.stone_rate == "2 per stone" else a.stones // 2


def market_overflow(s: GlenMore2State) -> int:
    """HG-RU 669: what a resource costs from a row whose 3-coin space is full."""
    lv = level_row(s)
    return lv.buy_supply + lv.buy_allenarly


def solo_prices(s: GlenMore2State) -> list[tuple[int, ...]]:
    """The market's buying prices in a solo game: past the 3-coin space a resource costs
    :func:`market_overflow` (bought from a full row, paying her)."""
    return [pr + (market_overflow(s),) * 30 for pr in s.comp_prices]
