"""Activation: the new tile and its 8 neighbours, each once, in any order; every tile kind;
movement and chieftains."""

import pytest

from clanboard.core import IllegalMove
from clanboard.games.glen_more.state import P_ACT, P_MOVE
from tests.glen_more.helpers import clan_at, legal, new, on_track, put, res_at


def around(*tiles, market=None, **store):
    """Player 0: start village at 0,0, a forest (river) at 0,1 with a clansman and the
    resources ``store``; ``tiles`` = (id, x, y) put as given. Then the free plain quarry T23
    is taken and placed on 1,1, so 0,0 0,1 1,0 2,0 0,2 1,2 2,1 2,2 are its neighbours."""
    s = new(4)
    if market:
        s.market = list(market)
    put(s, 0, "T02", 0, 1, clan=1, **store)
    for tid, x, y in tiles:
        put(s, 0, tid, x, y)
    on_track(s, "T23")
    s.apply("take T23")
    s.apply("place 1,1")
    assert s.phase == P_ACT
    return s


def acts(s):
    return sorted(m for m in legal(s) if m.startswith("act"))


def test_activation_is_the_new_tile_and_its_8_neighbours_each_once():
    s = around(("T24", 2, 2), ("T03", 3, 3), ("T07", 0, 2))
    # 3,3 is two squares away; the start village (0,0) is diagonal to 1,1
    assert acts(s) == ["act 0,0", "act 0,1", "act 0,2", "act 1,1", "act 2,2"]
    s.apply("act 2,2")
    assert res_at(s, 0, 2, 2)[0] == 1  # forest: 1 wood on the tile
    with pytest.raises(IllegalMove, match="already activated"):
        s.apply("act 2,2")
    with pytest.raises(IllegalMove, match="not the new tile or next to it"):
        s.apply("act 3,3")
    s.apply("act 1,1")  # the new quarry
    assert res_at(s, 0, 1, 1)[1] == 1
    s.apply("act 0,0")  # start village: 1 movement point
    assert s.mp == 1
    s.apply("end")
    assert s.phase == P_MOVE


def test_a_tile_never_holds_more_than_3_resources():
    s = around(wood=3)
    assert "act 0,1" not in acts(s)  # full forest: nothing to gain
    s = around(wood=2)
    s.apply("act 0,1")
    assert res_at(s, 0, 0, 1)[0] == 3


def test_distillery_turns_grain_into_whisky_and_may_buy_the_grain():
    s = around(("T11", 2, 2), ("T05", 1, 2))  # distillery, grain field
    s.whisky[0] = 0
    assert "act 2,2" in acts(s)  # grain can be bought (grain row has an open space)
    s.apply("act 1,2")  # grain field: 1 grain
    s.apply("act 2,2")
    assert legal(s) == ["pay grain 1,2", "buy grain"]  # 4 players: nothing to sell into
    s.apply("pay grain 1,2")
    assert s.whisky[0] == 1 and res_at(s, 0, 1, 2)[4] == 0


def test_distillery_bonus_whisky_on_placement():
    s = new(4)
    put(s, 0, "T02", 0, 1, clan=1, stone=1)
    on_track(s, "T11")
    s.apply("take T11")
    s.apply("place 1,1")
    s.apply("pay stone 0,1")
    assert s.whisky[0] == 1


def test_butchers_fairs_grocer_bridge_and_tavern():
    s = around(("T10", 2, 2), ("T34", 1, 2), ("T13", 2, 1), ("T56", 0, 2), ("T66", 2, 0),
               ("T33", 1, 0), sheep=3)
    put(s, 0, "T39", 5, 5, cattle=2, grain=1)  # a pasture elsewhere with goods
    put(s, 0, "T24", 6, 5, wood=1, stone=1)
    s.cur = 0
    assert {"act 2,2:1", "act 2,2:2"} <= set(acts(s))  # butcher: 1 or 2 sheep
    s.apply("act 2,2:2")
    s.apply("pay sheep 0,1")
    s.apply("pay sheep 0,1")
    assert s.vp[0] == 4
    s.apply("act 1,2")  # butcher sheep+cattle
    s.apply("pay sheep 0,1")
    assert "pay sheep 0,1" not in legal(s)  # exactly one sheep and one cattle
    s.apply("pay cattle 5,5")
    assert s.vp[0] == 9
    s.apply("act 1,0")  # tavern: free VP
    assert s.vp[0] == 12
    s.apply("act 2,0")  # bridge: exactly 1 wood + 1 stone
    s.apply("pay wood 6,5")
    s.apply("pay stone 6,5")
    assert s.vp[0] == 19
    s.apply("act 2,1:2")  # small fair: 2 different resources -> 3 VP
    s.apply("pay cattle 5,5")
    assert "pay cattle 5,5" not in legal(s) and "buy cattle" not in legal(s)  # different!
    s.apply("pay grain 5,5")
    assert s.vp[0] == 22
    s.coins[0] = 0
    assert "act 0,2" not in acts(s)  # grocer: 3 resources needed, none left, no coins
    s.coins[0] = 20
    s.market = [0, 0, 0, 0, 0]
    s.apply("act 0,2")
    s.apply("buy wood")
    s.apply("buy wood")
    s.apply("buy wood")
    assert s.vp[0] == 30 and s.market[0] == 3 and s.coins[0] == 14


def test_tavern_needs_a_whisky_to_be_placed():
    s = new(4)
    put(s, 0, "T02", 0, 1, clan=1)
    on_track(s, "T33")
    assert "take T33" not in legal(s)
    s.whisky[0] = 1
    s.apply("take T33")
    s.apply("place 1,1")
    assert s.whisky[0] == 0
    s.apply("act 1,1")
    assert s.vp[0] == 3


def test_iona_abbey_gives_a_resource_of_choice():
    s = around(("T48", 2, 2))
    assert {"act 2,2:wood", "act 2,2:grain"} <= set(acts(s))
    s.apply("act 2,2:cattle")
    assert res_at(s, 0, 2, 2) == [0, 0, 0, 1, 0]


def test_villages_castles_movement_and_chieftains():
    s = around(("T16", 2, 2), ("T26", 1, 2))  # village, Castle Moil
    s.apply("act 2,2")
    s.apply("act 1,2")
    s.apply("act 0,0")
    assert s.mp == 3
    s.apply("end")
    assert s.phase == P_MOVE
    moves = legal(s)
    assert "move 0,1>1,2" in moves  # diagonal steps are fine
    assert "move 0,1>2,2" not in moves  # two squares away
    s.apply("move 0,1>1,2")
    s.apply("move 1,2>2,2")
    assert clan_at(s, 0, 2, 2) == 1 and clan_at(s, 0, 0, 1) == 0
    s.apply("retire 2,2")
    assert s.chiefs[0] == 1 and s.mp == 0
    assert not any(m.startswith(("move", "retire")) for m in legal(s))
    s.apply("end")
    assert s.current_player() == 1


def test_the_last_clansman_cannot_retire():
    s = around(("T16", 2, 2))
    s.terr[0].clan = [0] * len(s.terr[0].clan)
    s.terr[0].clan[1] = 1  # only the forest's clansman
    s.apply("act 2,2")
    s.apply("end")
    assert "retire 0,1" not in legal(s)
    with pytest.raises(IllegalMove, match="at least one clansman must stay"):
        s.apply("retire 0,1")


def test_village_bonus_clansman_on_the_new_tile():
    s = new(4)
    put(s, 0, "T02", 0, 1, clan=1, stone=1)
    on_track(s, "T16")
    s.apply("take T16")
    s.apply("place 1,1")
    s.apply("pay stone 0,1")
    assert clan_at(s, 0, 1, 1) == 1
