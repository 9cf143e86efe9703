"""Chronicle 11, Planning and Prosperity: the «Пример:» of its section in the Russian rulebook
(HG-RU 472, 488-494), its FAQ answers (518-526), its rules (442-514) and symbols (532-552)."""

import json

import pytest

from clanboard.core import IllegalMove, InvalidState
from clanboard.games.glen_more_2.state import (
    P_ACT,
    P_BUILD,
    P_CLAN,
    P_PAY,
    P_PLAN,
    P_REMOVE,
    P_TAKE,
    GlenMore2State,
)
from tests.glen_more_2.helpers import GAME, front, give, moves

OPTS = {"provisional": True, "chronicles": "11"}
# placeholder tiles of the provisional pack by kind (no landmark cards, none are rebuild)
VILLAGE, RIVER_VILLAGE, TRADE, CASTLE, MATERIAL = "T16", "T14", "T10", "T30", "T01"
LOCH, ANIMAL, VILLAGE2 = "T09", "T12", "T19"


def _game(n=2, seed=3, ch="11") -> GlenMore2State:
    s = GAME.new_state(n, seed=seed, options={**OPTS, "chronicles": ch})
    assert isinstance(s, GlenMore2State) and s.phase == P_TAKE
    return s


def _out(s, tid):
    t = s.comp.index[tid]
    for st in s.stacks.values():
        if t in st:
            st.remove(t)
    for where in (s.track, s.discarded):
        if t in where:
            where.remove(t)
    return t


def _lay(s, p, cell, tid, scots=0):
    """Test set-up: put a tile straight into a territory (no effects)."""
    slot = s.terr[p].add(_out(s, tid), cell)
    s.terr[p].scots[slot] = scots
    return slot


def _over(s, p, cell, tid):
    """Test set-up: a historic place (or half) already built over the tile in ``cell``."""
    terr = s.terr[p]
    t = s.comp.index[tid]
    if s.comp.tiles[t].stack != "historic":
        _out(s, tid)
    slot = terr.cells[cell]
    terr.under[slot].append(terr.tiles[slot])
    terr.tiles[slot] = t


def _card(s, p, tid, paid=0, free=0):
    t = _out(s, tid)
    s.blueprints[p].append({"tile": t, "paid": [paid, 0, 0, 0, 0], "free": free, "fed": False})


def _take_card_turn(s, tid):
    """The player to move takes historic place ``tid`` from the rondel: its turn ends."""
    front(s, tid)
    s.apply(f"take {tid}")


def test_set_up_adds_the_places_and_blueprint_tiles_to_their_stacks():
    """HG-RU 442-444: 8 places (A 4, B 3, C 1) and 3 blueprint tiles (A 1, B 2) are shuffled
    into the stacks; the 3 doubles lie beside the rondel; Ogilvy's shield is on the board."""
    s = _game(3)
    base = GAME.new_state(3, seed=3, options={"provisional": True})
    assert isinstance(base, GlenMore2State)
    comp = s.comp
    with11, without = comp.stacks_for(frozenset({11})), comp.stacks_for(frozenset())
    added = {k: sorted(comp.tile_id(t) for t in set(with11[k]) - set(without[k]))
             for k in "SABCD"}
    assert added == {"S": [], "A": ["CANAL", "H1", "H2", "H6", "MELROSE"],
                     "B": ["BRIDGE", "FORT", "H3", "H4", "STIRLING"], "C": ["H5"], "D": []}
    on_board = set(s.track) | {t for v in s.stacks.values() for t in v}
    assert {comp.index[t] for k in "ABC" for t in added[k]} <= on_board | set(s.discarded)
    assert not set(comp.historic) & ({t for v in base.stacks.values() for t in v}
                                     | set(base.track))
    assert "S11-Ogilvy" in s.clan and "S11-Ogilvy" not in base.clan
    obs = s.observation(0)["chronicle11"]
    assert sorted(obs["doubles_beside_rondel"]) == ["BRIDGE", "CANAL", "FORT"]


def test_taking_a_place_puts_it_on_its_blueprint_card_not_in_the_territory():
    """HG-RU 446: the tile goes onto its blueprint card; 450: at the end of the turn one
    resource (also bought) may go on each card — here the turn of taking it."""
    s = _game()
    p = s.cur
    size = len(s.terr[p])
    _take_card_turn(s, "H1")
    assert len(s.terr[p]) == size and [c["tile"] for c in s.blueprints[p]] == [
        s.comp.index["H1"]]
    assert s.phase == P_PLAN and s.cur == p
    assert {"plan H1 wood", "plan H1 cattle", "end"} <= set(moves(s))  # bought at the market
    s.apply("plan H1 stone")
    assert s.phase == P_PAY and "buy stone" in moves(s)
    coins, price = s.coins[p], s.comp_prices[1][s.market[1]]
    s.apply("buy stone")
    assert s.coins[p] == coins - price and s.blueprints[p][0]["paid"] == [0, 1, 0, 0, 0]
    assert s.phase == P_PLAN and "plan H1 wood" not in moves(s)  # one per card per turn
    s.apply("end")
    assert s.cur != p or s.phase != P_PLAN


def test_the_second_resource_builds_the_place_at_once_and_card_and_resources_go():
    """HG-RU 452: on the second resource the place must be built at once over a tile of the
    kind its card names; card and resources are discarded."""
    s = _game()
    p = s.cur
    _lay(s, p, (0, 1), VILLAGE)
    _card(s, p, "H1", paid=1)
    give(s, p, (1, 0), grain=1)
    _take_card_turn(s, "H2")  # another place: the turn ends, the blueprint step begins
    assert "plan H1 grain" in moves(s)
    s.apply("plan H1 grain")
    s.apply("pay grain 1,0")
    assert s.phase == P_BUILD
    assert moves(s) == ["build 0,0", "build 0,1"]  # the two villages (starting one too)
    s.apply("build 0,1")
    terr = s.terr[p]
    slot = terr.cells[(0, 1)]
    assert s.comp.tile_id(terr.tiles[slot]) == "H1"
    assert [s.comp.tile_id(u) for u in terr.under[slot]] == [VILLAGE]
    assert [s.comp.tile_id(c["tile"]) for c in s.blueprints[p]] == ["H2"]
    assert sum(terr.have()) == 0  # the resources left with the card
    s.check_consistency()


def test_the_last_resource_needs_a_matching_tile():
    """HG-RU 520: the second resource only when the territory has fitting tiles."""
    s = _game()
    p = s.cur
    _card(s, p, "H3", paid=1)  # whisky over whisky: no whisky tile yet
    give(s, p, (0, 0), wood=1)
    _take_card_turn(s, "H2")
    assert not any(m.startswith("plan H3") for m in moves(s))
    with pytest.raises(IllegalMove):
        s.apply("plan H3 wood")


def test_example_472_village_next_to_it_and_no_trade_tile_gives_3_vp_once():
    """«Пример: в этом случае вы получите 3 ПО, поместив жетон по соседству с жетоном
    деревни, если при этом по соседству не будет жетона торговли» (HG-RU 472); only
    vertical and horizontal neighbours count, and the effect applies once (HG-RU 470)."""
    def build(extra):
        s = _game()
        p = s.cur
        _lay(s, p, (0, 1), VILLAGE)
        _lay(s, p, (-1, 1), VILLAGE2)  # a second village next to it: still once
        for cell, tid in extra:
            _lay(s, p, cell, tid)
        _card(s, p, "H1", paid=1)
        give(s, p, (0, 0), wood=1)
        _take_card_turn(s, "H2")
        vp = s.vp[p]
        s.apply("plan H1 wood")
        s.apply("pay wood 0,0")
        s.apply("build 0,1")
        return s.vp[p] - vp

    assert build([]) == 3
    assert build([((0, 2), TRADE)]) == 0  # a trade tile orthogonally next to it
    assert build([((1, 2), TRADE)]) == 3  # only diagonally: not a neighbour here


def test_diagonal_village_alone_does_not_meet_the_condition():
    s = _game()
    p = s.cur
    _lay(s, p, (1, 1), VILLAGE)  # orthogonal: the castle; diagonal: the starting village
    _card(s, p, "H1", paid=1)
    give(s, p, (0, 0), wood=1)
    _take_card_turn(s, "H2")
    vp = s.vp[p]
    s.apply("plan H1 wood")
    s.apply("pay wood 0,0")
    s.apply("build 1,1")
    assert s.vp[p] == vp


def test_a_built_place_activates_itself_and_its_neighbours_but_none_twice():
    """HG-RU 456: the place activates itself and every neighbour; no tile twice a turn."""
    s = _game()
    p = s.cur
    _lay(s, p, (0, 1), VILLAGE)
    _lay(s, p, (1, 1), MATERIAL)
    _lay(s, p, (5, 5), ANIMAL)  # far away: not activated
    _card(s, p, "H1", paid=1)
    give(s, p, (0, 0), wood=1)
    _take_card_turn(s, "H2")
    s.activated = [s.terr[p].cells[(1, 0)]]  # the castle was activated earlier this turn
    s.apply("plan H1 wood")
    s.apply("pay wood 0,0")
    s.apply("build 0,1")
    assert s.phase == P_ACT
    acts = {m for m in moves(s) if m.startswith("act")}
    assert acts == {"act 0,0", "act 1,1"}  # H1 has no activation; castle already used
    s.apply("act 1,1")
    assert s.terr[p].res[s.terr[p].cells[(1, 1)]][1] == 1  # the quarry gave its stone
    s.apply("end")
    assert s.phase != P_ACT


def _canal_spots(s, p):
    return s.build_spots(p, s.comp.index["CANAL"])


def test_example_488_caledonian_canal_over_river_castle_and_village_to_its_right():
    """«Чтобы построить Каледонский канал, вы должны поместить его поверх замка на реке и
    деревни на реке справа от замка. Или же ... поверх двух деревень на реке.» The home tile
    cannot be wholly covered: its castle lies right of its village (HG-RU 488-494)."""
    s = _game()
    p = s.cur
    assert _canal_spots(s, p) == []  # village left, castle right: not side 1, not side 2
    _lay(s, p, (2, 0), RIVER_VILLAGE)
    assert _canal_spots(s, p) == [((1, 0), 1)]  # the home castle + the village to its right
    _lay(s, p, (-1, 0), RIVER_VILLAGE)
    assert ((-1, 0), 2) in _canal_spots(s, p)  # two river villages
    s2 = _game()
    _lay(s2, s2.cur, (2, 0), VILLAGE)  # not a river tile
    assert _canal_spots(s2, s2.cur) == []


def test_doubles_activate_up_to_ten_neighbours_and_count_as_two_tiles():
    """HG-RU 496: a double activates every neighbour (up to 10) and itself; once built it
    is 2 separate tiles; Caledonian Canal: each activated half gives 1 VP and 1 movement
    point, the VP even if the point is not used (HG-RU 532-534)."""
    s = _game()
    p = s.cur
    _lay(s, p, (2, 0), RIVER_VILLAGE)
    ring = [(x, y) for x in range(0, 4) for y in (-1, 1)] + [(0, 0), (3, 0)]
    for cell in ring:
        if cell not in s.terr[p].cells:
            _lay(s, p, cell, next(t for t in ("T21", "T31", "T40", "T41", "T42", "T44", "T45",
                                              "T46", "T47", "T49")
                                  if s.comp.index[t] not in
                                  [x for terr in s.terr for x in terr.tiles]))
    size = len(s.terr[p])
    _card(s, p, "CANAL", paid=1)
    give(s, p, (0, 0), wood=1)
    _take_card_turn(s, "H2")
    s.apply("plan CANAL wood")
    s.apply("pay wood 0,0")
    assert "build 1,0:1" in moves(s)
    s.apply("build 1,0:1")
    terr = s.terr[p]
    halves = [s.comp.tile_id(terr.tiles[terr.cells[c]]) for c in ((1, 0), (2, 0))]
    assert halves == ["CANAL-1L", "CANAL-1R"] and len(terr) == size
    assert len(s.near) == 12  # 2 halves + 10 neighbours
    assert s.comp.index["CANAL"] in s.removed  # the blueprint tile leaves the game
    vp, mp = s.vp[p], s.mp
    s.apply("act 1,0")
    s.apply("act 2,0")
    assert (s.vp[p], s.mp) == (vp + 2, mp + 2)
    s.check_consistency()


def test_faq_munro_takes_a_place_from_the_discard_with_one_free_resource():
    """FAQ (HG-RU 518-520): with Munro a historic place from the discard goes on its card
    with 1 resource from the supply; the second may be spent at the end of this or a later
    turn to build it (if a fitting tile exists); its one-time condition is checked."""
    s = _game()
    p = s.cur
    _lay(s, p, (0, 1), VILLAGE)
    s.discarded.append(_out(s, "H1"))
    give(s, p, (0, 0), wood=1)
    front(s, "P1")
    s.apply("take P1")
    assert s.phase == P_CLAN
    s.apply("clan Munro")
    assert "take H1" in moves(s)
    s.apply("take H1")
    card = s.blueprints[p][0]
    assert card["free"] == 1 and s.phase == P_PLAN  # the end of this turn
    vp = s.vp[p]
    s.apply("plan H1 wood")
    s.apply("pay wood 0,0")
    s.apply("build 0,1")
    assert s.vp[p] == vp + 3 and not s.blueprints[p]


def _with_canal(s, p):
    _lay(s, p, (2, 0), "T27")  # a castle on the river
    _lay(s, p, (3, 0), RIVER_VILLAGE)
    _over(s, p, (2, 0), "CANAL-1L")
    _over(s, p, (3, 0), "CANAL-1R")
    _out(s, "CANAL")
    s.removed.append(s.comp.index["CANAL"])


def test_faq_macmillan_cannot_remove_a_double_but_loch_morar_removes_both_halves():
    """FAQ (HG-RU 524-526): a double cannot be removed by MacMillan (1 tile); an effect that
    removes 2 tiles (Loch Morar) may remove both halves of one double."""
    s = _game()
    p = s.cur
    _with_canal(s, p)
    _lay(s, p, (0, 1), VILLAGE)
    s.remove_left, s.phase = 1, P_REMOVE
    assert set(moves(s)) == {"remove 0,1", "end"}  # not 2,0 nor 3,0
    s.remove_left = 2
    assert {"remove 2,0", "remove 3,0"} <= set(moves(s))
    s.apply("remove 3,0")
    assert (2, 0) not in s.terr[p].cells and (3, 0) not in s.terr[p].cells
    assert s.remove_left == 0
    s.check_consistency()


def test_a_place_over_the_home_tile_is_never_removed():
    """The home tile cannot be removed (its halves are excluded), nor a place over it."""
    s = _game()
    p = s.cur
    _lay(s, p, (2, 0), RIVER_VILLAGE)
    _over(s, p, (1, 0), "CANAL-1L")
    _over(s, p, (2, 0), "CANAL-1R")
    _over(s, p, (0, 0), "H1")
    s.remove_left, s.phase = 2, P_REMOVE
    assert moves(s) == ["end"]


def test_ogilvy_scores_5_for_three_places_and_8_for_four_a_double_counting_once():
    """HG-RU 500: 5 VP with at least 3 historic places, 8 with at least 4; a double is 1;
    places later built over still count."""
    def ogilvy(places):
        s = _game()
        p = s.cur
        for cell, tid, kind_tile in places:
            if cell not in s.terr[p].cells:
                _lay(s, p, cell, kind_tile)
            _over(s, p, cell, tid)
        front(s, "P1")
        s.apply("take P1")
        vp = s.vp[p]
        s.apply("clan S11-Ogilvy")
        return s.historic_count(p), s.vp[p] - vp

    canal = [((1, 0), "CANAL-1L", CASTLE), ((2, 0), "CANAL-1R", RIVER_VILLAGE)]
    two = [((0, 1), "H1", VILLAGE), ((0, 2), "H2", TRADE)]
    assert ogilvy(canal + two) == (3, 5)
    assert ogilvy(canal + two + [((1, 1), "H4", ANIMAL)]) == (4, 8)
    assert ogilvy(two) == (2, 0)
    covered = two + [((1, 1), "H4", ANIMAL), ((1, 1), "H6", ANIMAL)]  # H4 built over
    assert ogilvy(covered) == (4, 8)


def test_unbuilt_places_cost_3_vp_and_do_not_count_for_territory_size():
    """HG-RU 506."""
    s = _game()
    p, q = s.cur, 1 - s.cur
    _card(s, p, "H1", paid=1)
    _card(s, p, "STIRLING")
    s._final()
    final = s.final
    assert final is not None
    assert final["unbuilt_historic"][p] == -6 and final["unbuilt_historic"][q] == 0
    assert final["tiles"] == [2, 2]
    assert final["total"][p] == final["before"][p] + final["coins"][p] - 6


def test_a_place_over_the_home_castle_is_still_the_castle_and_fort_george_counts():
    """HG-RU 514: Scotsmen on a place built over the home castle are in the home castle;
    New Fort George: Scotsmen on either half count as in the home castle (HG-RU 536)."""
    s = _game()
    p = s.cur
    castle = s.terr[p].cells[(1, 0)]
    s.terr[p].scots[castle] = 2
    _over(s, p, (1, 0), "STIRLING")
    assert s.castle_scotsmen(p) == 2
    _lay(s, p, (0, 1), CASTLE, scots=1)
    _lay(s, p, (1, 1), "T38", scots=1)
    _over(s, p, (0, 1), "FORT-1L")
    _over(s, p, (1, 1), "FORT-1R")
    assert s.castle_scotsmen(p) == 4
    assert s.category_counts()["castle"][p] == 4


def test_melrose_abbey_next_to_a_loch_gives_michael_scot_with_a_clan_marker():
    """HG-RU 544-546: Melrose Abbey next to a loch: Michael Scot, a personality that puts a
    clan marker on the clan board and counts as 1 personality; then the activations."""
    s = _game()
    p = s.cur
    _lay(s, p, (0, 1), MATERIAL)
    _lay(s, p, (0, 2), LOCH)
    _card(s, p, "MELROSE", paid=1)
    give(s, p, (0, 0), wood=1)
    _take_card_turn(s, "H2")
    markers = s.markers[p]
    s.apply("plan MELROSE wood")
    s.apply("pay wood 0,0")
    s.apply("build 0,1")
    assert s.phase == P_CLAN and s.comp.index["MSCOT"] in s.personalities[p]
    s.apply("clan Sinclair")
    assert s.markers[p] == markers - 1 and s.clan["Sinclair"] == [p]
    assert s.phase == P_ACT and s.cur == p  # the built place's activations go on
    assert s.category_counts()["personalities"][p] == 1


def test_melrose_abbey_without_an_orthogonal_loch_gives_nothing():
    s = _game()
    p = s.cur
    _lay(s, p, (0, 1), MATERIAL)
    _lay(s, p, (1, 2), LOCH)  # diagonal only
    _card(s, p, "MELROSE", paid=1)
    give(s, p, (0, 0), wood=1)
    _take_card_turn(s, "H2")
    s.apply("plan MELROSE wood")
    s.apply("pay wood 0,0")
    s.apply("build 0,1")
    assert s.phase == P_ACT and not s.personalities[p]


def test_stirling_castle_2_coins_for_2_resources_on_it_never_1_for_1():
    """HG-RU 550-552."""
    s = _game()
    p = s.cur
    _lay(s, p, (0, 1), CASTLE)
    _over(s, p, (0, 1), "STIRLING")
    s.near, s.phase = [s.terr[p].cells[(0, 1)]], P_ACT
    s.coins[p] = 1
    assert "act 0,1" not in moves(s)
    s.coins[p] = 2
    s.apply("act 0,1")
    s.apply("gain wood")
    s.apply("gain cattle")
    assert s.coins[p] == 0 and s.terr[p].res[s.terr[p].cells[(0, 1)]] == [1, 0, 0, 0, 1]


def test_chronicle_options_combine_ascending_and_others_are_refused_clearly():
    for ch in ("11", "9,11", "10,11", "9,10,11"):
        s = GAME.new_state(2, seed=1, options={**OPTS, "chronicles": ch})
        assert isinstance(s, GlenMore2State)
        assert sorted(s.ch) == [int(x) for x in ch.split(",")]
    s = GAME.new_state(2, seed=1, options={**OPTS, "chronicles": "11,9"})  # read ascending
    assert isinstance(s, GlenMore2State) and sorted(s.ch) == [9, 11]
    assert s.options["chronicles"] == "9,11"
    with pytest.raises(InvalidState, match=r"chronicle 12 is the solo opponent.*solo=true"):
        GAME.new_state(2, seed=1, options={**OPTS, "chronicles": "12"})
    with pytest.raises(InvalidState, match="no chronicle 7.*playable now: 9, 10, 11"):
        GAME.new_state(2, seed=1, options={**OPTS, "chronicles": "7"})


def test_blueprints_survive_json_and_the_observation_shows_them_to_all():
    s = _game()
    p = s.cur
    _take_card_turn(s, "H1")
    s.apply("plan H1 wood")
    data = json.loads(json.dumps(s.to_json()))
    back = GAME.state_from_json(data)
    assert back.to_json() == s.to_json()
    for viewer in (0, 1, None):
        cards = s.observation(viewer)["chronicle11"]["blueprints"][p]
        assert cards[0]["place"] == "H1" and cards[0]["paid"] == {}
    s.apply("buy wood")
    assert s.observation(1 - p)["chronicle11"]["blueprints"][p][0]["paid"] == {"wood": 1}
    bad = json.loads(json.dumps(s.to_json()))
    bad["state"]["blueprints"][p][0]["tile"] = "T16"
    with pytest.raises(InvalidState, match="blueprint"):
        GAME.state_from_json(bad)


def test_heuristic_agent_takes_from_the_discard_with_munro():
    """Regression: the agent weighed a tile's distance on the rondel, which a tile from the
    discard does not have."""
    from clanboard.games.glen_more_2.agents import HeuristicAgent

    s = _game()
    p = s.cur
    s.discarded.append(_out(s, "H1"))
    front(s, "P1")
    s.apply("take P1")
    s.apply("clan Munro")
    assert str(HeuristicAgent(0).choose(s, p)).startswith("take ")


def test_a_broken_historic_places_file_names_file_row_field_and_what_is_allowed(tmp_path):
    import shutil

    from clanboard.games.glen_more_2.pack import PROVISIONAL_PACK, PackError, load_pack
    from tests.glen_more_2.helpers import edit_rows

    d = tmp_path / "pack"
    shutil.copytree(PROVISIONAL_PACK, d)
    edit_rows(d / "historic_places.csv", "H2", {"over": "forest"})
    with pytest.raises(PackError) as err:
        load_pack(d)
    text = str(err.value)
    assert "historic_places.csv, row 8, field 'over': cell 'forest'" in text
    assert "village, castle" in text
    edit_rows(d / "historic_places.csv", "H2", {"over": "trade"})
    edit_rows(d / "historic_places.csv", "CANAL", {"over": "castle@river"})
    edit_rows(d / "historic_places.csv", "H3", {"id": "T16"})
    edit_rows(d / "historic_places.csv", "H4", {"cost": "wood"})
    with pytest.raises(PackError) as err:
        load_pack(d)
    text = str(err.value)
    assert "historic_places.csv, row 2, field 'over': a double historic place needs 2" in text
    assert "row 9, field 'id': id 'T16' is already used" in text
    assert "row 10, field 'cost': a blueprint card takes at least 2 resources" in text
