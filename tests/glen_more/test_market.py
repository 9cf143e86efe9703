"""The market: the rulebook's Anya example (Iona Abbey), buying only to pay, selling."""

import pytest

from clanboard.core import IllegalMove
from clanboard.games.glen_more.data import IONA
from tests.glen_more.helpers import legal, new, on_track, put, res_at


def anya():
    """Anya (seat 0) has 2 wood, 1 cattle and 3 coins; the market rows hold
    wood 0, stone 1, sheep 2, cattle 2, grain 0 filled spaces."""
    s = new(4)
    s.coins[0] = 3
    s.market = [0, 1, 2, 2, 0]
    put(s, 0, "T49", 1, 0, clan=1)  # medium fair (road)
    put(s, 0, "T23", 1, 1)  # quarry
    put(s, 0, "T12", 2, 1)  # meadow
    put(s, 0, "T02", 0, 1, wood=2)  # forest (river), not next to 2,0
    put(s, 0, "T39", -1, 0, cattle=1)  # pasture (road)
    on_track(s, "T48")  # Iona Abbey
    return s


def test_anya_buys_and_sells_for_iona_abbey():
    s = anya()
    s.apply("sell cattle -1,0")  # 2 coins
    assert s.coins[0] == 5 and s.market[3] == 1
    s.apply("take T48")
    s.apply("place 2,0")
    assert "buy stone" in legal(s) and "buy sheep" in legal(s)
    s.apply("buy stone")  # 2 coins on the stone row
    s.apply("buy sheep")  # 3 coins on the sheep row
    assert s.coins[0] == 0
    s.apply("pay wood 0,1")
    assert s.cards[0] >> IONA & 1
    s.apply("act 2,0:sheep")  # the Abbey's resource of choice
    s.apply("act 1,1")  # quarry: 1 stone
    s.apply("act 2,1")  # meadow: 1 sheep
    s.apply("sell sheep 2,0")  # the Abbey's sheep for 3 coins
    assert s.coins[0] == 3
    s.apply("act 1,0:4")  # medium fair: 4 different resources
    s.apply("pay wood 0,1")
    s.apply("pay stone 1,1")
    s.apply("pay sheep 2,1")
    s.apply("buy grain")  # 1 coin
    assert s.vp[0] == 8
    assert s.coins[0] == 2
    assert s.market == [0, 2, 2, 1, 1]
    assert sum(s.terr[0].have()) == 0
    s.apply("end")
    assert s.current_player() != 0 or s.phase != 6


def test_buying_only_while_paying():
    s = anya()
    assert not any(m.startswith("buy") for m in legal(s))
    with pytest.raises(IllegalMove, match="only allowed to pay a cost"):
        s.apply("buy wood")


def test_buy_price_is_cheapest_open_space_and_full_row_blocks():
    s = anya()
    s.coins[0] = 20
    s.market = [0, 2, 0, 2, 0]
    s.terr[0].res = [0] * len(s.terr[0].res)
    s.apply("take T48")
    s.apply("place 2,0")
    s.apply("buy stone")  # the open space "3"
    assert s.coins[0] == 17 and s.market[1] == 3
    s.apply("buy wood")  # the open space "1"
    assert s.coins[0] == 16 and s.market[0] == 1
    assert legal(s) == ["buy sheep"]  # no sheep owned; stone and wood are paid
    s.apply("buy sheep")
    assert s.market == [1, 3, 1, 2, 0] and s.coins[0] == 15


def test_tile_not_takeable_when_cost_cannot_be_met():
    s = anya()
    s.coins[0] = 0
    s.market = [0, 3, 2, 2, 0]  # no stone to buy, none owned
    assert "take T48" not in legal(s)
    with pytest.raises(IllegalMove, match="cannot pay T48"):
        s.apply("take T48")


def test_sell_takes_dearest_coins_and_empty_row_blocks():
    s = anya()
    s.market = [0, 1, 2, 0, 0]
    assert "sell cattle -1,0" not in legal(s)
    with pytest.raises(IllegalMove, match="no coins"):
        s.apply("sell cattle -1,0")
    s.market = [0, 1, 2, 3, 0]
    s.apply("sell cattle -1,0")
    assert s.coins[0] == 6 and s.market[3] == 2 and res_at(s, 0, -1, 0)[3] == 0


def test_selling_that_would_break_a_payment_is_refused():
    s = anya()
    s.apply("take T48")
    s.apply("place 2,0")
    # 3 coins + 2 wood + 1 cattle: after the stone (2 coins) there is 1 coin; the sheep costs
    # 3, so the cattle (2 coins) must be sold; selling it is allowed, and needed
    s.apply("buy stone")
    assert "buy sheep" not in legal(s)
    s.apply("sell cattle -1,0")
    s.apply("buy sheep")
    s.apply("pay wood 0,1")
    assert s.phase == 6  # activation


def test_starting_market_by_player_count():
    assert new(2).market == [1] * 5
    assert new(3).market == [1] * 5
    assert new(4).market == [0] * 5
    assert new(5).market == [0] * 5
