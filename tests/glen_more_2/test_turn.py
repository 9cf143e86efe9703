"""A turn (spec 4-13): taking and paying, placement, rebuild, activation, the market,
Scotsmen, personalities and the clan board, landmarks."""

import pytest

from clanboard.core import IllegalMove
from clanboard.games.glen_more_2.state import (
    P_ACT,
    P_CLAN,
    P_DISCARD,
    P_GAIN,
    P_PAY,
    P_PLACE,
    P_REMOVE,
    P_TAKE,
)
from tests.glen_more_2.helpers import _direct, custom_pack, front, give, moves, new


def _fresh(n=4, seed=1, pack=None):
    s = new(n, seed) if pack is None else _direct(n, seed, pack)
    assert s.phase == P_TAKE
    return s, s.cur


def test_take_buy_the_cost_place_and_activate_a_village():
    s, p = _fresh()
    s.coins[p] = 5
    front(s, "T14")  # Village: cost stone, bonus Scotsman, -> move
    s.apply("take T14")
    assert s.phase == P_PLACE
    # 6.2: next to a tile with one of your Scotsmen, diagonals included (setting 8)
    assert sorted(moves(s)) == sorted(f"place {x},{y}" for x, y in
                                      [(-1, -1), (0, -1), (1, -1), (-1, 0), (-1, 1), (0, 1),
                                       (1, 1)])
    s.apply("place 0,1")
    assert s.phase == P_PAY and moves(s) == ["buy stone"]  # 4.1: buy to pay
    s.apply("buy stone")
    assert s.coins[p] == 4 and s.market[1] == 1  # the cheapest space: 1 coin
    assert s.phase == P_ACT
    terr = s.terr[p]
    assert terr.scots[terr.cells[(0, 1)]] == 1  # bonus Scotsman on the tile (11.4 setting)
    # 8.1: the new tile and its neighbours (8-neighbourhood), once each
    acts = sorted(m for m in moves(s) if m.startswith("act"))
    assert acts == ["act 0,0", "act 0,1", "act 1,0"]
    s.apply("act 0,1")
    assert s.mp == 1 and "act 0,1" not in moves(s)  # 8.2: at most once per turn
    with pytest.raises(IllegalMove):
        s.apply("act 0,1")
    assert "move 0,1>1,0" in moves(s)
    s.apply("move 0,1>1,0")
    assert s.castle_scotsmen(p) == 1 and s.mp == 0
    s.apply("end")
    assert s.cur != p or s.phase == P_TAKE


def test_a_tile_that_cannot_be_paid_cannot_be_taken_and_nothing_takeable_means_pass():
    s, p = _fresh()
    s.coins[p] = 0
    front(s, "T14")
    assert "take T14" not in moves(s)
    # no Scotsman in the territory: no square to place on, so no tile can be taken
    terr = s.terr[p]
    terr.scots[0] = 0
    assert all(m.startswith(("pass", "sell")) for m in moves(s))
    first = moves(s)[0]
    s.apply(first)
    assert s.comp.index[first.split()[1]] in s.discarded


def test_market_prices_rise_with_each_purchase_and_selling_takes_the_dearest():
    s, p = _fresh()
    give(s, p, (0, 0), wood=2)
    s.market[0] = 2
    coins = s.coins[p]
    s.apply("sell wood 0,0")
    assert s.coins[p] == coins + 2 and s.market[0] == 1  # 10.3: most expensive filled space
    s.apply("sell wood 0,0")
    assert s.coins[p] == coins + 3 and s.market[0] == 0
    assert "sell wood 0,0" not in moves(s)  # an empty row buys nothing


def test_production_respects_the_tile_capacity():
    s, p = _fresh()
    front(s, "T01")  # Quarry -> stone
    s.apply("take T01")
    s.apply("place -1,0")
    give(s, p, (-1, 0), stone=3)
    assert "act -1,0" not in moves(s)  # 8.4: a full tile produces nothing
    give(s, p, (-1, 0), stone=2)
    s.apply("act -1,0")
    assert s.terr[p].res[s.terr[p].cells[(-1, 0)]][1] == 3


def test_exchange_with_options_glengorm():
    """Glengorm, from the rulebook's worked example (HG-RU 821-823): 3 resources -> 8 VP or
    2 resources -> 5 VP, paid unit by unit from the tiles."""
    s, p = _fresh()
    front(s, "N1")
    s.apply("take N1")
    s.apply("place 0,1")
    assert s.phase == P_ACT
    assert {"act 0,1:1", "act 0,1:2"} <= set(moves(s))  # the market sells the input
    s.coins[p] = 0
    assert "act 0,1:1" not in moves(s) and "act 0,1:2" not in moves(s)  # nothing to pay with
    s2, _ = _fresh()
    give(s2, p, (0, 0), sheep=2, cattle=1)
    front(s2, "N1")
    s2.apply("take N1")
    s2.apply("place 0,1")
    assert {"act 0,1:1", "act 0,1:2"} <= set(moves(s2))
    vp = s2.vp[p]
    s2.apply("act 0,1:1")
    assert s2.phase == P_PAY
    for _ in range(3):
        pays = [m for m in moves(s2) if m.startswith("pay")]
        s2.apply(pays[0])
    assert s2.vp[p] == vp + 8 and sum(s2.terr[p].have()) == 0 and s2.phase == P_ACT


def test_landmark_card_and_its_immediate_effect_any_resources():
    s, p = _fresh()
    front(s, "T09")  # Loch Lochy: landmark card, '2 any' (a placeholder effect)
    s.apply("take T09")
    s.apply("place -1,0")
    assert s.cards[p] == ["L-T09"]  # 13.1
    assert s.phase == P_GAIN
    s.apply("gain cattle")
    s.apply("gain wood")
    assert s.phase == P_ACT
    assert s.terr[p].res[s.terr[p].cells[(-1, 0)]] == [1, 0, 0, 0, 1]


def test_personality_goes_beside_the_territory_with_a_clan_marker():
    s, p = _fresh()
    front(s, "P2")  # Mary Stuart
    size = len(s.terr[p])
    s.apply("take P2")
    assert s.phase == P_CLAN  # 12.1: not in the territory; a clan marker instead
    assert sorted(moves(s)) == sorted(f"clan {sp.id}" for sp in s.comp.spaces
                                      if sp.chronicle == 0)  # no chronicle: base spaces
    s.apply("clan MacKay")
    hume = s.comp.index["HUME"]
    assert s.personalities[p] == [s.comp.index["P2"], hume]  # MacKay gives David Hume
    assert len(s.terr[p]) == size and s.markers[p] == 9
    assert s.clan["MacKay"] == [p]
    # 12.2: another player cannot use a space someone else holds ...
    q = (p + 1) % s.num_players
    assert "MacKay" not in s._clan_spaces(q) and "Munro" in s._clan_spaces(q)
    # ... its holder may (setting clan_space_reuse 'own'); David Hume is not given twice
    assert s.cur == p  # still at the back: the tile was directly ahead
    front(s, "P1")
    s.apply("take P1")
    assert "clan MacKay" in moves(s)
    s.apply("clan MacKay")
    assert s.personalities[p].count(hume) == 1 and len(s.personalities[p]) == 3


def test_rebuild_tile_goes_on_a_tile_of_its_kind_and_keeps_what_is_under():
    name = custom_pack(tiles={"R1": {"name": "Test rebuild village", "stack": "A",
                                     "kind": "village", "activation": "-> 2 vp",
                                     "rebuild": "yes", "river": "no"}})
    s, p = _fresh(pack=name)
    front(s, "R1")
    s.apply("take R1")
    assert moves(s) == ["place 0,0"]  # 7.1: only over a village of one's own
    s.apply("place 0,0")
    terr = s.terr[p]
    assert terr.tiles[0] == s.comp.index["R1"]
    assert terr.under[0] == [s.comp.home_village]  # 7.2
    assert terr.scots[0] == 1 and len(terr) == 2  # 7.4: setting 'keep'; size unchanged
    s.apply("act 0,0")
    assert s.vp[p] == 2


def test_settings_placement_orthogonal_and_river_row():
    name = custom_pack({"placement_adjacency": "4", "river_rule": "river_row"})
    s, p = _fresh(pack=name)
    front(s, "T02")  # Forest, a river tile
    s.apply("take T02")
    assert moves(s) == ["place -1,0"]  # river row only, orthogonal contact only
    s2, _ = _fresh(pack=name)
    front(s2, "T01")  # Quarry, not a river tile
    s2.apply("take T01")
    assert sorted(moves(s2)) == ["place 0,-1", "place 0,1"]


def test_illegal_moves_are_refused_and_change_nothing():
    s, _ = _fresh()
    before = s.to_json()
    for bad in ["take WE", "place 5,5", "act 0,0", "clan MacKay", "gain wood", "roll 2",
                "draw T01", "move 0,0>1,0", "pay wood 0,0", "take NOPE"]:
        with pytest.raises(IllegalMove):
            s.apply(bad)
    with pytest.raises(IllegalMove, match="moves look like"):
        s.apply("jump")
    assert s.to_json() == before


def test_illegal_moves_say_why_in_the_games_terms():
    s, p = _fresh()
    front(s, "T14")
    s.coins[p] = 0
    reasons = {}
    for bad in ["take T67", "take T14", "act 0,0"]:
        with pytest.raises(IllegalMove) as err:
            s.apply(bad)
        reasons[bad] = err.value.reason
        assert err.value.allowed  # the legal moves are listed
    assert "not ahead of your Scotsman" in reasons["take T67"] or "no tile" in reasons["take T67"]
    assert "cannot pay" in reasons["take T14"]
    assert "take step" in reasons["act 0,0"]
    s.coins[p] = 5
    s.apply("take T14")
    with pytest.raises(IllegalMove, match="must touch a tile with one of your Scotsmen"):
        s.apply("place 5,5")


def test_munro_takes_a_tile_from_the_discard_as_if_from_the_rondel():
    """Spec 12.5 [C:HG-RU 520]: Munro — take a tile from the discard."""
    s, p = _fresh()
    quarry = s.comp.index["T01"]
    for st in s.stacks.values():
        if quarry in st:
            st.remove(quarry)
    if quarry in s.track:
        s.track.remove(quarry)
    s.discarded.append(quarry)
    front(s, "P2")
    s.apply("take P2")
    s.apply("clan Munro")
    assert s.phase == P_DISCARD and "take T01" in moves(s)
    s.apply("take T01")
    assert quarry not in s.discarded and s.phase == P_PLACE
    s.apply("place -1,0")
    assert s.terr[p].tiles[-1] == quarry and "act -1,0" in moves(s)


def test_macmillan_and_loch_morar_remove_tiles_with_what_is_under_them():
    """Spec 12.5, 16.1-16.2 [C:HG-RU 524-526]: MacMillan removes a tile; Loch Morar 2."""
    s, p = _fresh()
    front(s, "T01")
    s.apply("take T01")
    s.apply("place -1,0")
    s.apply("end")
    while s.cur != p:  # let the others play until p is at the back again
        s.apply(s.legal_moves()[0] if str(s.legal_moves()[-1]) != "end" else "end")
    front(s, "P2")
    s.apply("take P2")
    s.apply("clan MacMillan")
    assert s.phase == P_REMOVE
    assert "remove 0,0" not in moves(s) and "remove 1,0" not in moves(s)  # the home tile stays
    size = len(s.terr[p])
    s.apply("remove -1,0")
    assert len(s.terr[p]) == size - 1 and s.comp.index["T01"] in s.removed
    s.check_consistency()
    # Loch Morar's card: up to 2, 'end' stops early
    s2, q = _fresh()
    front(s2, "T35")
    s2.apply("take T35")
    s2.apply("place -1,0")
    assert s2.phase == P_REMOVE and s2.remove_left == 2
    s2.apply("end")
    assert s2.phase == P_ACT and len(s2.terr[q]) == 3
