"""Every special location card (the 13 special tiles)."""


import pytest

from clanboard.core import IllegalMove
from clanboard.games.glen_more.agents import finish_payment
from clanboard.games.glen_more.data import CARD_BY_NAME, CARDS
from clanboard.games.glen_more.state import P_ACT, P_GAIN
from tests.glen_more.helpers import clan_at, final, last_draw_of, legal, new, on_track, put, res_at


def base(**forest):
    """Player 0 of 4: start village 0,0 (1 clansman), forest (river) at 0,1 with a clansman
    and ``forest`` resources; 20 coins; an empty market."""
    s = new(4)
    s.coins[0] = 20
    put(s, 0, "T02", 0, 1, clan=1, **forest)
    return s


def take(s, tid, at):
    on_track(s, tid)
    s.apply(f"take {tid}")
    s.apply(f"place {at}")
    finish_payment(s, 0)


def has(s, name):
    return bool(s.cards[0] >> CARD_BY_NAME[name] & 1)


def test_thirteen_cards_with_eight_hats():
    assert len(CARDS) == 13
    assert sum(c.hats for c in CARDS) == 8


def test_loch_lochy_two_resources_of_choice_on_its_tile():
    s = base()
    take(s, "T09", "0,-1")
    assert has(s, "Loch Lochy") and s.phase == P_GAIN
    assert legal(s) == ["gain wood", "gain stone", "gain sheep", "gain cattle", "gain grain"]
    s.apply("gain cattle")
    s.apply("gain grain")
    assert res_at(s, 0, 0, -1) == [0, 0, 0, 1, 1]
    assert s.phase == P_ACT


def test_castle_stalker_extra_clansman_on_the_tile():
    s = base()
    take(s, "T27", "0,-1")  # river castle: wood + stone, bought
    assert has(s, "Castle Stalker")
    assert clan_at(s, 0, 0, -1) == 2
    assert s.hats(0) == 1


def test_castle_moil_whisky_armadale_coins_donan_two_whisky():
    s = base()
    take(s, "T26", "1,1")  # Moil: wood + stone + grain, bought for 3 coins
    assert s.whisky[0] == 1 and has(s, "Castle Moil") and s.coins[0] == 17
    s = base()
    take(s, "T30", "1,1")  # Armadale: wood + stone (2 coins), then +3 coins
    assert s.coins[0] == 20 - 2 + 3
    s = base()
    take(s, "T64", "1,0")  # Donan (road): wood + stone + grain
    assert s.whisky[0] == 2 and s.hats(0) == 1


def test_loch_shiel_fills_empty_production_tiles_and_an_empty_iona():
    s = base(wood=1)
    put(s, 0, "T23", 1, 1)  # empty quarry
    put(s, 0, "T12", 2, 1)  # empty meadow
    put(s, 0, "T16", 1, 2)  # village: not a production tile
    put(s, 0, "T48", 2, 2)  # empty Iona Abbey
    put(s, 0, "T05", 3, 2, grain=2)  # grain field, not empty
    take(s, "T52", "0,-1")
    assert res_at(s, 0, 1, 1) == [0, 1, 0, 0, 0]
    assert res_at(s, 0, 2, 1) == [0, 0, 1, 0, 0]
    assert res_at(s, 0, 0, 1) == [1, 0, 0, 0, 0]  # the forest held a wood: unchanged
    assert res_at(s, 0, 3, 2) == [0, 0, 0, 0, 2]
    assert res_at(s, 0, 1, 2) == [0] * 5
    assert s.phase == P_GAIN
    s.apply("gain sheep")  # the Abbey's resource of choice
    assert res_at(s, 0, 2, 2) == [0, 0, 1, 0, 0]
    assert s.phase == P_ACT


def test_loch_ness_cost_clansman_or_chieftain():
    s = base()
    on_track(s, "T37")
    s.apply("take T37")
    s.apply("place 0,-1")
    # the start village's clansman is the only one next to 0,-1: it must stay
    assert legal(s) == ["pay clansman 0,1"]
    s2 = base()
    s2.chiefs[0] = 1
    on_track(s2, "T37")
    s2.apply("take T37")
    s2.apply("place 0,-1")
    assert legal(s2) == ["pay chieftain", "pay clansman 0,1"]
    s2.apply("pay chieftain")
    assert s2.chiefs[0] == 0 and has(s2, "Loch Ness")
    s.apply("pay clansman 0,1")
    assert s.terr[0].clansmen() == 1


def test_loch_ness_not_takeable_with_one_clansman_and_no_chieftain():
    s = new(4)
    on_track(s, "T37")
    assert "take T37" not in legal(s)


def test_loch_ness_activates_one_far_tile_once_per_turn():
    s = base()
    put(s, 0, "T37", 0, -1)  # owns Loch Ness
    put(s, 0, "T24", 5, 5)  # far forest
    put(s, 0, "T53", 6, 5)  # another far forest
    take(s, "T23", "1,1")
    assert {"act 5,5", "act 6,5"} <= set(legal(s))
    s.apply("act 5,5")
    assert res_at(s, 0, 5, 5)[0] == 1
    assert "act 6,5" not in legal(s)
    with pytest.raises(IllegalMove, match="Loch Ness"):
        s.apply("act 6,5")
    s.apply("act 1,1")  # the normal activation goes on
    assert "act 5,5" not in legal(s)  # never twice in a phase


def test_loch_oich_cost_two_different_and_activates_everything_without_loch_ness():
    s = base(wood=2, stone=1)
    put(s, 0, "T37", 5, 4)  # owns Loch Ness (its tile far away)
    put(s, 0, "T24", 5, 5)
    put(s, 0, "T53", 6, 5)
    put(s, 0, "T16", 7, 5)  # a far village
    on_track(s, "T60")
    s.apply("take T60")
    s.apply("place 0,-1")
    s.apply("pay wood 0,1")
    assert "pay wood 0,1" not in legal(s) and "buy wood" not in legal(s)
    s.apply("pay stone 0,1")
    assert has(s, "Loch Oich") and s.oich
    acts = {m for m in legal(s) if m.startswith("act")}
    assert {"act 0,0", "act 0,1", "act 5,5", "act 6,5", "act 7,5"} <= acts
    for m in ("act 5,5", "act 6,5", "act 7,5", "act 0,1"):
        s.apply(m)
    assert not s.ness_used
    assert "act 5,5" not in legal(s)
    assert res_at(s, 0, 5, 5)[0] == 1 and res_at(s, 0, 6, 5)[0] == 1
    assert s.mp == 1  # the far village's movement point


def test_final_cards_iona_morar_duart():
    s = new(2)
    s.coins = [0, 0]
    put(s, 0, "T48", 1, 0)  # Iona Abbey (yellow)
    put(s, 0, "T23", 1, 1)  # quarry (yellow)
    put(s, 0, "T11", 2, 1)  # distillery (yellow)
    put(s, 0, "T12", 2, 2)  # meadow (green)
    put(s, 1, "T35", 0, 1)  # Loch Morar
    put(s, 1, "T50", 1, 1)  # meadow (green)
    put(s, 1, "T46", 1, 2)  # grain field (green)
    put(s, 1, "T43", 2, 2)  # Duart Castle (a castle: not counted)
    put(s, 1, "T16", 3, 2)  # village
    put(s, 1, "T38", 4, 2)  # Castle of Mey (castle)
    s.scorings = [{"round": 1}, {"round": 2}]
    last_draw_of(s, 3)
    s.resolve_chance()
    assert final(s)["cards"][0] == 2 * 3  # 3 yellow tiles, the Abbey included
    assert final(s)["cards"][1] == 2 * 2 + 3 * 2  # 2 green; start village + village


def test_castle_of_mey_and_cawdor_in_a_scoring_round():
    s = new(3)
    s.chiefs = [2, 2, 0]
    put(s, 0, "T38", 1, 1)  # Castle of Mey: 2 chieftains x2 + 1 hat = 5
    put(s, 1, "T51", 1, 1)  # Cawdor: 2 + 3 hats = 5
    put(s, 2, "T30", 1, 1)  # Armadale: 0 + 1 hat = 1
    last_draw_of(s, 1)
    s.resolve_chance()
    assert s.scorings[0]["chieftains"] == [5, 5, 1]
    assert s.scorings[0]["vp"] == [5, 5, 0]  # chieftains 4 -> 5 VP; whisky/cards even
