"""Allenarly, the solo opponent (chronicle 12): the rulebook's examples, one test per
confirmed row of allenarly_rules.csv (named by its line), her set-up and levels."""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from clanboard.core import InvalidState
from clanboard.games.glen_more_2 import allenarly, allenarly_score
from clanboard.games.glen_more_2.allenarly import ALLEN
from clanboard.games.glen_more_2.effects import Item
from clanboard.games.glen_more_2.game import CHRONICLE_CHOICES
from clanboard.games.glen_more_2.moves import ALLENARLY, BUY, GMove
from clanboard.games.glen_more_2.solo_schema import AllenarlyCardRow
from clanboard.games.glen_more_2.state import GAP, P_ALLEN, PHASES, GlenMore2State, marker
from tests.glen_more_2.helpers import GAME, OPTS

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "glen-more-2"
RULES = DATA / "allenarly_rules.csv"


def solo(seed: int = 1, level: str = "reglar", chronicles: str = "",
         auto: bool = True) -> GlenMore2State:
    s = GAME.new_state(1, seed=seed, options={**OPTS, "solo": True, "level": level,
                                              "chronicles": chronicles}, auto_chance=auto)
    assert isinstance(s, GlenMore2State) and s.allen is not None
    return s


def idx(s: GlenMore2State, tid: str) -> int:
    return s.comp.index[tid]


def card(rows: str, rng: int = 3, last: int = 1, number: int = 0,
         moves: str = "") -> AllenarlyCardRow:
    return AllenarlyCardRow.model_validate(
        {"id": 1, "clan_moves": moves, "search_range": rng, "choices": rows, "last": last,
         "chronicle": number, "status": "unknown"})


def her_rondel(s: GlenMore2State, tiles: list[str], before_her: list[int] | None = None) -> None:
    """Her Scotsman at the back, then ``tiles`` (ids or 'WE'), then the human's."""
    out = [marker(ALLEN)]
    for t in tiles:
        out.append(s.comp.worlds_end if t == "WE" else idx(s, t))
    s.track = out + [marker(0)]


def play_random(s: GlenMore2State, seed: int) -> GlenMore2State:
    from clanboard.core import Rng

    s.random_playout(Rng(seed))
    return s


# -- the rulebook's examples ---------------------------------------------------------------

def test_example_glengorm_gives_5_vp_and_1_stone_right_of_her_trade_tiles() -> None:
    """HG-RU 785: «Алленарли берёт жетон Гленгорма и помещает его над своим планшетом справа
    от взятых до этого жетонов торговли. Затем она получает 5 ПО ... и 1 камень.»"""
    s = solo()
    a = s.allen
    assert a is not None
    a.trade = [idx(s, "N2")]
    vp, stones = s.vp[ALLEN], a.stones
    got = allenarly.gain(s, idx(s, "N1"))
    assert a.trade == [idx(s, "N2"), idx(s, "N1")]
    assert s.vp[ALLEN] - vp == 5 and a.stones - stones == 1 and got == {"vp": 5, "stones": 1}


def test_example_exchange_of_4_stones_gives_22_vp() -> None:
    """HG-RU 821-823: Highland Market 7, Glengorm 8 then 5, Tomintoul Fair nothing (needs 3,
    1 stone left), Tap O'Noth 2: «Всего она получила 22 ПО.»"""
    s = solo(level="reglar")
    a = s.allen
    assert a is not None and s.comp.tile_id(a.start) == "N4"  # Tap O'Noth
    a.trade = [idx(s, "N3"), idx(s, "N1"), idx(s, "N2")]  # Tomintoul, Glengorm, Highland
    a.stones = 4
    before = s.vp[ALLEN]
    made = allenarly_score.exchange(s)
    assert made == [["N2", 7], ["N1", 8], ["N1", 5], ["N4", 2]]
    assert s.vp[ALLEN] - before == 22 and a.stones == 0


# -- one test per confirmed row of allenarly_rules.csv ------------------------------------

def _rows() -> list[Any]:
    if not RULES.exists():  # like the other data tests: the research folder may be absent
        return [pytest.param(None, marks=pytest.mark.skip(
            reason=f"research data folder not present ({RULES.name})"))]
    with RULES.open(encoding="utf-8", newline="") as f:
        return [(i, r) for i, r in enumerate(csv.DictReader(f), start=2)
                if r["status"] == "confirmed"]


def _row_id(item: tuple[int, dict[str, str]] | None) -> str:
    if item is None:
        return "no-data"
    line, r = item
    return f"line{line}-ch{r['chronicle']}-{r['topic'].replace(' ', '_')}"


def r02_two_player_game_her_board() -> None:
    s = solo()
    assert s.seats == 2 and s.num_players == 1 and s.use_die
    assert len(s.terr[ALLEN]) == 0 and len(s.terr[0]) == 2  # her board, your territory


def r03_die_decides_first_player() -> None:
    firsts = {}
    for seed in range(40):
        s = solo(seed=seed, auto=False)
        back = next(v for v in s.track if v in (marker(0), marker(ALLEN)))
        faces = s.comp.settings.die_faces
        from clanboard.core import Rng

        rng = Rng(seed)
        order = [0, 1]
        rng.shuffle(list(s.start_tiles))
        rng.shuffle(order)
        roll = faces[rng.randrange(6)]
        firsts[seed] = (roll == 1, back == marker(ALLEN))
    assert all(expected == got for expected, got in firsts.values())
    assert {v[0] for v in firsts.values()} == {True, False}


def r04_no_starting_coins() -> None:
    s = solo()
    assert s.coins[ALLEN] == 0 and s.coins[0] >= s.comp.settings.start_coins_first


def r05_start_tile_scotsman_priority_tokens() -> None:
    for level, tile in (("ablach", "N5"), ("dus", "N5"), ("reglar", "N4"), ("skelp", "N4"),
                        ("bodach", "N4")):
        s = solo(level=level)
        a = s.allen
        assert a is not None and s.comp.tile_id(a.start) == tile and a.scots == 1
        assert sorted(a.priority) == sorted(allenarly.CATEGORIES)
    orders = {tuple(solo(seed=k).allen.priority) for k in range(12)}  # type: ignore[union-attr]
    assert len(orders) > 1  # shuffled


def r06_ten_cards_two_aside() -> None:
    s = solo()
    a = s.allen
    assert a is not None and len(a.deck) + len(a.discard) == 10
    assert a.left + len(a.discard) == 8  # 2 set aside face down: never drawn this cycle


def r07_tokens_start_on_macdonell_and_sinclair() -> None:
    s = solo(auto=False)
    a = s.allen
    assert a is not None and a.tokens == {"blue": "MacDonell", "purple": "Sinclair"}
    s9 = solo(chronicles="9", auto=False)
    assert s9.allen is not None and s9.allen.tokens["blue"] == "S9-MacDonell"  # its shield


def r08_chronicle_rules_in_ascending_order() -> None:
    s = solo(chronicles="10,11", auto=False)
    ch10 = next(t for t in range(len(s.comp.tiles)) if s.comp.tiles[t].chronicle == 10
                and s.comp.tiles[t].use == "tournament")
    ch11 = next(t for t in s.comp.historic if s.comp.is_historic_card(t))
    s.track = [marker(ALLEN), ch11, ch10, marker(0)]
    tile, why = allenarly.choose(s, card("village", number=1))
    assert tile == ch10 and why["row"] == "chronicle 10"


def r09_reshuffle_when_empty() -> None:
    s = solo(auto=False)
    a = s.allen
    assert a is not None
    seen = []
    for _ in range(8):
        c = allenarly.drawable(s)[0]
        allenarly.draw(s, c)
        seen.append(c)
    assert a.left == 0 and len(set(seen)) == 8
    assert allenarly.drawable(s) == sorted(allenarly.rules(s.comp).cards)  # all 10 again
    allenarly.draw(s, seen[0])  # a card of the last cycle may come again
    assert a.left == 7 and a.discard == [seen[0]]


def r10_market_one_coin_refill() -> None:
    s = solo(auto=False)
    her_rondel(s, ["T02", "T03"])
    s.market = [0, 2, 0, 3, 1]
    allenarly.take_turn(s, 1)
    assert s.market == [1, 2, 1, 3, 1]


def r11_clan_tokens_move_to_next_empty_space() -> None:
    s = solo(auto=False)
    a = s.allen
    assert a is not None
    path = allenarly.path(s, "blue")
    assert path[0] == "MacDonell" and len(path) >= 2
    s.clan[path[1]] = [0]  # occupied: skipped
    expect = path[2] if len(path) > 2 else path[0]
    assert allenarly.move_token(s, "blue") == expect
    for sid in path:
        if sid != a.tokens["blue"]:
            s.clan[sid] = [0]
    here = a.tokens["blue"]
    assert allenarly.move_token(s, "blue") == here  # the last empty space: no move


def r12_available_tiles_are_the_range() -> None:
    s = solo(auto=False)
    her_rondel(s, ["T02", "T03", "T04", "T11"])
    tile, why = allenarly.choose(s, card("whisky", rng=3, last=2))
    assert tile == idx(s, "T03") and why == {"row": "number", "number": 2, "extended": False}
    tile, _ = allenarly.choose(s, card("whisky", rng=4))
    assert tile == idx(s, "T11")


def r13_symbol_row_left_to_right_nearest_first() -> None:
    s = solo(auto=False)
    her_rondel(s, ["T02", "T03", "T11", "T15"])  # material, animal, whisky, whisky
    tile, why = allenarly.choose(s, card("loch whisky animal | material", rng=4))
    assert tile == idx(s, "T11") and why["row"] == 1 and why["symbol"] == "whisky"
    tile, why = allenarly.choose(s, card("loch | material", rng=4))
    assert tile == idx(s, "T02") and why["row"] == 2


def r14_priority_row_uses_token_symbols() -> None:
    s = solo(auto=False)
    a = s.allen
    assert a is not None
    sym = allenarly.rules(s.comp).symbol
    a.priority = ["whisky", "castle", "landmarks", "personalities"]
    her_rondel(s, ["T02", "T26", "T11"])  # material, castle, whisky
    tile, why = allenarly.choose(s, card("priority", rng=3))
    assert sym["whisky"] == "whisky" and tile == idx(s, "T11") and why["priority"]
    a.priority = ["castle", "whisky", "landmarks", "personalities"]
    tile, _ = allenarly.choose(s, card("priority", rng=3))
    assert tile == idx(s, "T26")


def r15_framed_number_nearest() -> None:
    s = solo(auto=False)
    her_rondel(s, ["T02", "T03", "T04"])
    for k, tid in ((1, "T02"), (2, "T03"), (3, "T04")):
        assert allenarly.choose(s, card("loch", rng=3, last=k))[0] == idx(s, tid)


def r16_chronicle_rows_first() -> None:
    s = solo(chronicles="11", auto=False)
    ch11 = next(t for t in s.comp.historic if s.comp.is_historic_card(t))
    s.track = [marker(ALLEN), idx(s, "T11"), ch11, marker(0)]
    tile, why = allenarly.choose(s, card("whisky", number=1))
    assert tile == ch11 and why["row"] == "chronicle 11"
    tile, why = allenarly.choose(s, card("whisky", number=9))  # number too high: normal rows
    assert tile == idx(s, "T11")
    plain = solo(auto=False)  # without the chronicle its symbol is ignored
    her_rondel(plain, ["T02", "T11"])
    assert allenarly.choose(plain, card("ch11 whisky", rng=2))[0] == idx(plain, "T11")


def r17_worlds_end_cuts_then_extends() -> None:
    s = solo(auto=False)
    her_rondel(s, ["T02", "T03", "WE", "T11"])
    tile, why = allenarly.choose(s, card("loch", rng=3, last=2))
    assert tile == idx(s, "T03") and not why["extended"]  # the 2nd lies before World's End
    # HG-RU 745: «Если она не выбирает ни один жетон из доступных, она начинает процесс
    # поиска с самого начала, но теперь её дальность поиска расширяется до первой пустой
    # клетки за жетоном конца света» — cut before the framed 3rd tile, she takes none of
    # the 2 before World's End and searches again beyond it
    tile, why = allenarly.choose(s, card("loch", rng=3, last=3))
    assert tile == idx(s, "T11") and why["extended"]
    her_rondel(s, ["T02", "WE", "T11"])
    tile, why = allenarly.choose(s, card("whisky", rng=3, last=3))
    assert tile == idx(s, "T11") and why["extended"] and why["row"] == 1
    her_rondel(s, ["WE", "T11", "T15"])
    s.track.insert(4, GAP)  # an empty space after T15... and T15 is still before it
    tile, why = allenarly.choose(s, card("loch", rng=1, last=2))
    assert tile == idx(s, "T15") and why["extended"]


def r18_never_pays_builds_or_trades() -> None:
    s = solo()
    play_random(s, 3)
    assert len(s.terr[ALLEN]) == 0 and s.allen is not None
    moves = [m for p, m in s.history if p == ALLEN]
    assert moves == []  # she never makes a move of a seat: only chance draws
    assert all(str(m).startswith(("allenarly", "draw", "roll")) for p, m in s.history if p < 0)


def r20_scoring_order_and_r21_reorder(number: int = 1) -> None:
    s = solo(auto=False)
    a = s.allen
    assert a is not None
    a.priority = ["castle", "landmarks", "whisky", "personalities"]
    plain = {"castle": [0, 0], "landmarks": [1, 0], "whisky": [0, 5], "personalities": [3, 1]}
    assert allenarly_score.reorder(s, number, plain) == ["personalities", "whisky", "landmarks",
                                                   "castle"]
    a.priority = ["castle", "landmarks", "whisky", "personalities"]
    assert allenarly_score.reorder(s, 4, plain) == ["castle", "landmarks", "whisky",
                                                    "personalities"]


def r22_exchange_after_every_round() -> None:
    s = solo()
    play_random(s, 5)
    a = s.allen
    assert a is not None and [r["round"] for r in a.rounds] == [1, 2, 3, 4]


def r24_size_counts_trade_not_personalities() -> None:
    s = solo(auto=False)
    a = s.allen
    assert a is not None
    a.trade, a.pile = [idx(s, "N1")], [idx(s, "T02"), idx(s, "T03")]
    s.personalities[ALLEN] = [idx(s, "P1")]
    assert s.territory_size(ALLEN) == 4  # start tile + 1 trade + 2 others


def r25_stones_at_start_rate_and_coins() -> None:
    for level, stones, vp in (("reglar", 3, 6), ("ablach", 3, 1), ("dus", 4, 2)):
        s = solo(level=level, auto=False)
        assert s.allen is not None
        s.allen.stones = stones
        assert allenarly_score.stone_vp(s) == vp
    s = solo()
    play_random(s, 2)
    assert s.final is not None and s.final["coins"][ALLEN] == s.coins[ALLEN]


def r26_tie_goes_to_you() -> None:
    s = solo()
    play_random(s, 4)
    s.vp[0] = s.vp[ALLEN]
    assert s.winners() == [0]
    s.vp[0] = s.vp[ALLEN] - 1
    assert s.winners() == [] and s.returns() == [0.0]


def not_built(chronicle: str) -> Callable[[], None]:
    """Rows for the base box's chronicles (and A) are kept as data: the engine offers no
    such chronicle, solo or not."""
    def check() -> None:
        assert not any(chronicle in c.split(",") for c in CHRONICLE_CHOICES)
        with pytest.raises(InvalidState):
            GAME.new_state(1, options={**OPTS, "solo": True, "chronicles": chronicle})
    return check


def r39_feast_bid_tokens_ascending() -> None:
    s = solo(chronicles="9", auto=False)
    allenarly_score.start_bids(s)
    assert s.allen is not None and s.allen.bid_order == [1, 2, 3, 4, 5]


def r40_bidding_right_to_left() -> None:
    s = solo(chronicles="9", auto=False)
    a = s.allen
    assert a is not None
    s.pending = [3, 0]
    allenarly_score.start_bids(s)
    numbers = {c.id: c.chronicle for c in s.comp.pack.solo_cards}
    draws = sorted(numbers)[:5]
    for cid in draws:
        spot, before = a.bid_left, list(a.bid_order)
        cost = allenarly_score.feast_cost(s, s.feast_row[spot - 1])
        done = allenarly_score.bid_draw(s, cid)
        if numbers[cid] and numbers[cid] >= cost:
            assert a.bid_order == [spot, *(x for x in before if x != spot)]
        else:
            assert a.bid_order == before
    assert done and s.bids[ALLEN] == a.bid_order[:3] and a.budget == 5


def r41_pays_vp_within_budget() -> None:
    s = solo(chronicles="9", auto=False)
    a = s.allen
    assert a is not None
    feast = s.feast_row[0]
    cost = allenarly_score.feast_cost(s, feast)
    s.vp[ALLEN], a.budget = 10, cost
    assert allenarly_score.pay_feast(s, feast) and s.vp[ALLEN] == 10 - cost and a.budget == 0
    if cost:
        assert not allenarly_score.pay_feast(s, feast)  # budget spent
        a.budget, s.vp[ALLEN] = 9, cost - 1
        assert not allenarly_score.pay_feast(s, feast)  # never more than she has


def r42_feast_bonus_only_for_categories() -> None:
    s = solo(chronicles="9", auto=False)
    a = s.allen
    assert a is not None
    s.feast_markers = {1: [ALLEN]}
    s.feast_row[0] = next(i for i, f in enumerate(s.comp.feasts) if "extra" in str(f.effect))
    a.priority = list(allenarly.CATEGORIES)
    s.pending = [1, 0]
    before = list(a.priority)
    s._scoring(1)
    record = s.scorings[-1]
    bonus = s.feast_bonus(ALLEN)
    cat = next(iter(bonus))
    assert record[cat][ALLEN] == allenarly_score.board_count(s)[cat] + bonus[cat]
    assert a.rounds[-1]["order"] == before  # reordered on plain VP (checked in r21)
    assert a.rounds[-1]["item_vp"] == sum(allenarly_score.board_count(s).values())


def r43_ch10_die_picks_preferred_track() -> None:
    tracks = {solo(seed=k, chronicles="10").allen.track for k in range(16)}  # type: ignore[union-attr]
    assert tracks == {0, 1}


def r44_solo_columns_and_central_from_rank_3() -> None:
    """HG-RU 1146-1148: «Вместо обычных Алленарли получает награды, изображённые в крайнем
    левом и крайнем правом столбцах поля игр горцев. Кроме того, она не может получить
    первые 2 награды центральной шкалы. Не считая этих изменений, она получает награды по
    обычным правилам.»"""
    s = solo(chronicles="10", auto=False)
    col = {r: s.comp.tracks[("solo_caber", r)] for r in range(1, 6)}
    vp, markers = s.vp[ALLEN], s.markers[ALLEN]
    allenarly.raise_rank(s, 0, 2)
    # ranks 1-2: the leftmost column's rewards (placeholders: 1 VP each), no central one
    first = col[1].reward.options[0].gains[0]
    assert isinstance(first, Item) and first.token == "vp"
    assert s.vp[ALLEN] == vp + 2 and s.central == {} and s.markers[ALLEN] == markers
    allenarly.raise_rank(s, 0, 1)
    # rank 3: the column's modifier, and the central track's 3rd reward (whisky)
    assert s.modifiers[ALLEN] == [["castle", 1]]
    assert s.central == {3: ALLEN} and s.markers[ALLEN] == markers - 1
    assert s.whisky[ALLEN] == 1
    allenarly.raise_rank(s, 0, 2)
    assert s.rank[ALLEN][0] == 5 and s.central == {3: ALLEN}  # one central reward a round
    assert not s.central_offers
    other = solo(chronicles="10", auto=False)
    other.central[3] = 0  # taken by the human this round: she goes on to the next one
    allenarly.raise_rank(other, 1, 4)
    assert other.central == {3: 0, 4: ALLEN} and other.modifiers[ALLEN] == [
        ["personalities", 1], ["landmarks", 1]]


def r46_modifiers_and_fame_leave_priority_alone() -> None:
    s = solo(chronicles="10", auto=False)
    a = s.allen
    assert a is not None
    s.modifiers[ALLEN] = [["whisky", 5]]
    a.priority = list(allenarly.CATEGORIES)
    s._scoring(1)
    new = a.rounds[-1]["new_order"]
    assert "fame" not in new
    assert s.scorings[-1]["whisky"][ALLEN] == s.whisky[ALLEN] + 5
    s.fame[ALLEN] = 3
    count = sum(allenarly_score.board_count(s).values()) + 3
    before = s.vp[ALLEN]
    allenarly_score.after_scoring(s, 2, {c: [0, 0] for c in allenarly.CATEGORIES})
    assert s.vp[ALLEN] - before >= count  # fame counts for item VP


CHECKS: dict[int, Callable[[], None]] = {
    2: r02_two_player_game_her_board, 3: r03_die_decides_first_player,
    4: r04_no_starting_coins, 5: r05_start_tile_scotsman_priority_tokens,
    6: r06_ten_cards_two_aside, 7: r07_tokens_start_on_macdonell_and_sinclair,
    8: r08_chronicle_rules_in_ascending_order, 9: r09_reshuffle_when_empty,
    10: r10_market_one_coin_refill, 11: r11_clan_tokens_move_to_next_empty_space,
    12: r12_available_tiles_are_the_range, 13: r13_symbol_row_left_to_right_nearest_first,
    14: r14_priority_row_uses_token_symbols, 15: r15_framed_number_nearest,
    16: r16_chronicle_rows_first, 17: r17_worlds_end_cuts_then_extends,
    18: r18_never_pays_builds_or_trades, 20: r20_scoring_order_and_r21_reorder,
    21: lambda: r20_scoring_order_and_r21_reorder(3), 22: r22_exchange_after_every_round,
    24: r24_size_counts_trade_not_personalities, 25: r25_stones_at_start_rate_and_coins,
    26: r26_tie_goes_to_you, 29: not_built("1"), 33: not_built("4"), 36: not_built("7"),
    37: not_built("8"), 38: not_built("8"), 39: r39_feast_bid_tokens_ascending,
    40: r40_bidding_right_to_left, 41: r41_pays_vp_within_budget,
    42: r42_feast_bonus_only_for_categories, 43: r43_ch10_die_picks_preferred_track,
    44: r44_solo_columns_and_central_from_rank_3, 46: r46_modifiers_and_fame_leave_priority_alone,
    48: not_built("A"),
}


@pytest.mark.parametrize("item", _rows(), ids=_row_id)
def test_confirmed_rule(item: tuple[int, dict[str, Any]]) -> None:
    line, row = item
    assert line in CHECKS, f"allenarly_rules.csv line {line} ({row['rule'][:60]}) has no test"
    CHECKS[line]()


# -- levels, market, options ---------------------------------------------------------------

@pytest.mark.parametrize(("level", "stones", "vp"), [
    ("ablach", (2, 0), (0, 1)), ("dus", (2, 0), (2, 1)), ("reglar", (2, 1), (2, 1)),
    ("skelp", (2, 1), (2, 1)), ("bodach", (3, 1), (2, 1))])
def test_levels_change_her_gains(level: str, stones: tuple[int, int],
                                 vp: tuple[int, int]) -> None:
    """HG-RU 622-655: a material tile's stones (3 at Bodach), a trade tile's stone (none at
    Ablach and Dus), a personality's 2 VP (none at Ablach)."""
    s = solo(level=level, auto=False)
    a = s.allen
    assert a is not None
    allenarly.gain(s, idx(s, "T02"))
    assert a.stones == stones[0]
    allenarly.gain(s, idx(s, "T10"))
    assert a.stones == stones[0] + stones[1]
    before = s.vp[ALLEN]
    allenarly.gain(s, idx(s, "P1"))
    assert s.vp[ALLEN] - before == vp[0]
    assert idx(s, "P1") in s.personalities[ALLEN] and s.markers[ALLEN] < 10


def test_buying_from_a_full_row_pays_her() -> None:
    """HG-RU 669: from a full row you pay the supply and Allenarly (3 + 1, provisional)."""
    s = solo(seed=2)
    while not (s.current_player() == 0 and PHASES[s.phase] == "take"):
        s.apply(s.legal_moves(0)[0], 0)
    t = next(i for i, v in enumerate(s.track) if v >= 0 and v != s.comp.worlds_end)
    s.track[t] = idx(s, "T13")  # a fair costing 1 wood
    s.market[0] = len(s.comp.prices(0))
    s.coins[0], s.coins[ALLEN] = 10, 0
    s.apply("take T13", 0)
    s.apply(s.legal_moves(0)[0], 0)  # place it
    assert PHASES[s.phase] == "pay" and GMove(BUY, "wood") in s.legal_moves(0)
    s.apply(GMove(BUY, "wood"), 0)
    assert s.coins[0] == 6 and s.coins[ALLEN] == 1 and s.market[0] == 3


def test_her_scotsmen_come_from_her_supply_of_seven() -> None:
    s = solo(auto=False)
    a = s.allen
    assert a is not None
    for _ in range(10):
        allenarly.gain(s, idx(s, "T04"))  # a village with a Scotsman symbol
    assert a.scots == s.comp.settings.scotsmen_per_player - 1 and s.scotsmen_supply(ALLEN) == 0


def test_solo_options_are_checked() -> None:
    with pytest.raises(InvalidState, match="solo=true"):
        GAME.new_state(1, options=OPTS)
    with pytest.raises(InvalidState, match="1 player against Allenarly"):
        GAME.new_state(2, options={**OPTS, "solo": True})
    with pytest.raises(InvalidState, match="level"):
        GAME.new_state(1, options={**OPTS, "solo": True, "level": "hard"})
    assert GAME.new_state(options=OPTS).num_players == 2  # the default stays 2 players


def test_her_turn_is_one_chance_event_and_described() -> None:
    s = solo(seed=7, auto=False)
    while s.phase != P_ALLEN:
        if s.is_chance():
            s.apply_trusted(s.sample_chance(s.rng))
        else:
            s.apply_trusted(s.legal_moves(0)[0], 0)
    outcomes = s.chance_outcomes()
    assert all(isinstance(m, GMove) and m.op == ALLENARLY for m, _ in outcomes)
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    move = outcomes[0][0]
    text = s.describe_move(move, -1, 0)
    ru = s.describe_move(move, -1, 0, lang="ru")
    assert text.startswith("Allenarly takes ") and ", range " in text and "card " in text
    assert ru.startswith("Алленарли берёт ") and "дальность" in ru
    s.apply(move)
    assert s.allen is not None and s.allen.last["card"] == int(str(move).split()[1])


def test_her_turn_before_your_first_move_is_told_with_it() -> None:
    from clanboard.games.glen_more_2.describe import describe_move as describe_player_move

    seed = next(k for k in range(60) if solo(seed=k).allen.decisions)  # type: ignore[union-attr]
    s = solo(seed=seed)
    move = s.legal_moves(0)[0]
    text = s.describe_move(move, 0, 0)
    own = describe_player_move(s, move, 0, 0, None, "en")
    assert text.startswith("Allenarly takes ") and own.startswith("Player 1 ") and own in text
    s.apply(move, 0)
    assert not s.describe_move(s.legal_moves(0)[0], 0, 0).startswith("Allenarly")


def test_a_double_historic_place_gives_both_halves_bonuses_and_leaves() -> None:
    """HG-RU 1180-1184: both halves' kind bonuses, the extra reward, then out of the game."""
    s = solo(chronicles="11", auto=False)
    a = s.allen
    assert a is not None
    size, vp = s.territory_size(ALLEN), s.vp[ALLEN]
    got = allenarly.gain(s, idx(s, "BRIDGE"))  # material | material halves
    assert a.stones == 4 and got["stones"] == 4 and s.vp[ALLEN] == vp + 1
    assert a.gone == [idx(s, "BRIDGE")] and s.territory_size(ALLEN) == size
    allenarly.gain(s, idx(s, "H2"))  # a trade place stays: into her row
    assert a.trade == [idx(s, "H2")] and s.territory_size(ALLEN) == size + 1


def test_a_bad_allenarly_file_names_file_row_and_field(tmp_path: Path) -> None:
    import shutil

    from clanboard.games.glen_more_2.pack import PROVISIONAL_PACK, PackError, load_pack
    from tests.glen_more_2.helpers import edit_rows

    d = tmp_path / "pack"
    shutil.copytree(PROVISIONAL_PACK, d)
    edit_rows(d / "allenarly_cards.csv", "3", {"choices": "whisky | castle priority"})
    edit_rows(d / "allenarly_cards.csv", "4", {"search_range": "0"})
    edit_rows(d / "allenarly_levels.csv", "skelp", {"start_tile": "NOPE"})
    with pytest.raises(PackError) as err:
        load_pack(d)
    text = str(err.value)
    assert "allenarly_cards.csv, row 4, field 'choices': 'priority'" in text
    assert "allenarly_cards.csv, row 5, field 'search_range'" in text
    assert "allenarly_levels.csv" not in text  # checked once the rows are valid
    edit_rows(d / "allenarly_cards.csv", "3", {"choices": "whisky | priority"})
    edit_rows(d / "allenarly_cards.csv", "4", {"search_range": "2"})
    with pytest.raises(PackError, match=r"allenarly_levels.csv, row 5, field 'start_tile': "
                                        r"no tile 'NOPE'"):
        load_pack(d)
    edit_rows(d / "allenarly_levels.csv", "skelp", {"start_tile": "N4"})
    (d / "allenarly_paths.csv").unlink()
    with pytest.raises(PackError, match="allenarly_paths.csv: Allenarly .* needs all of"):
        load_pack(d)


def test_the_result_names_her_in_each_language() -> None:
    s = solo(seed=3)
    play_random(s, 3)
    for lang, name in (("en", "Allenarly"), ("ru", "Алленарли"), ("uk", "Алленарлі"),
                       ("ja", "アレナーリ")):
        why = s.result_explanation(0, None, lang)
        # every table sets her column beside yours; the final one ends with both totals
        assert why is not None and all(t["columns"][-1] == name for t in why["tables"])
        assert name in why["summary"] and why["headline"] == why["summary"]
        assert why["tables"][-1]["rows"][-1]["values"] == [s.vp[0], s.vp[ALLEN]]
