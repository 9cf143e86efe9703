"""Placement: edge contact, a clansman around, rivers north-south and roads west-east."""

import pytest

from clanboard.core import IllegalMove
from clanboard.games.glen_more.data import TILE_BY_ID
from clanboard.games.glen_more.moves import pos, ptext
from tests.glen_more.helpers import legal, new, on_track, put

# plain (no river, no road): T23 quarry, T12 meadow, T24 forest, T21 pasture
# river: T02 forest, T14 village, T20 village; road: T01 quarry, T19 village, T18 field


def spots(s, tid, p=0):
    from clanboard.games.glen_more.data import TILES

    t = TILES[TILE_BY_ID[tid]]
    return sorted(ptext(q) for q in s.terr[p].placements(t.river, t.road))


def test_first_tile_must_continue_the_river_or_the_road():
    s = new(4)
    assert spots(s, "T02") == ["0,-1", "0,1"]  # river: north or south of the start village
    assert spots(s, "T01") == ["-1,0", "1,0"]  # road: west or east
    assert spots(s, "T23") == []  # a plain tile cannot touch the start village
    on_track(s, "T23")
    assert "take T23" not in legal(s)
    with pytest.raises(IllegalMove, match="no square in your territory"):
        s.apply("take T23")


def test_plain_tiles_touch_plain_edges_only_and_corners_do_not_count():
    s = new(4)
    put(s, 0, "T02", 0, 1)  # river south
    put(s, 0, "T01", 1, 0)  # road east
    # 1,1 touches the river tile's east edge (plain) and the road tile's south edge (plain)
    assert "1,1" in spots(s, "T23")
    # -1,1 touches only the river tile's west edge (plain): fine too
    assert "-1,1" in spots(s, "T23")
    # 2,1 would touch the road tile only at a corner
    s2 = new(4)
    put(s2, 0, "T01", 1, 0)
    assert "2,1" not in spots(s2, "T23")
    assert str(s2.terr[0].placement_error(pos(2, 1), False, False)).startswith(
        "a tile must touch an edge")


def test_river_continues_north_south_and_cannot_start_anew():
    s = new(4)
    put(s, 0, "T02", 0, 1)
    put(s, 0, "T01", 1, 0)
    assert spots(s, "T14") == ["0,-1"]  # 0,2 has no clansman around
    s.terr[0].clan[1] = 1  # a clansman on the forest at 0,1
    assert spots(s, "T14") == ["0,-1", "0,2"]  # both ends of the one river
    # a river tile beside the road tile (west-east contact only) would start a new river
    err = s.terr[0].placement_error(pos(1, 1), True, False)
    assert err is not None and "river" in err
    # a road tile south of the road tile: river/plain edges do not meet road edges
    err = s.terr[0].placement_error(pos(1, -1), False, True)
    assert err is not None and "road" in err
    s.terr[0].clan[2] = 1  # a clansman on the quarry at 1,0
    assert spots(s, "T19") == ["-1,0", "2,0"]  # both ends of the one road


def test_a_clansman_must_stand_around_the_square_diagonals_count():
    s = new(4)
    put(s, 0, "T02", 0, 1)
    put(s, 0, "T23", 1, 1)
    put(s, 0, "T12", 1, 2)
    s.terr[0].clan[0] = 0  # move the only clansman from the start village ...
    s.terr[0].clan[s.terr[0].cells[pos(1, 2)]] = 1  # ... onto the meadow at 1,2
    # 2,1 is diagonal to 1,2: allowed; 1,0 (road) is not next to the clansman
    assert "2,1" in spots(s, "T23")
    assert "1,0" not in spots(s, "T01")
    assert str(s.terr[0].placement_error(pos(1, 0), False, True)).startswith("no clansman")


def test_place_rejects_a_bad_square_with_the_reason_and_changes_nothing():
    s = new(4)
    on_track(s, "T02")
    s.apply("take T02")
    before = s.to_json()
    with pytest.raises(IllegalMove, match="must touch an edge") as exc:
        s.apply("place 3,3")
    assert "place 0,1" in exc.value.allowed
    with pytest.raises(IllegalMove, match="road must continue west-east"):
        s.apply("place 1,0")
    assert s.to_json() == before
    s.apply("place 0,-1")
    assert s.terr[0].cells[pos(0, -1)] == 1


def test_illegal_moves_explain_what_is_wrong():
    s = new(3, seed=1)
    on_track(s, "T02")
    cases = {
        "act 0,0": "it is the take step",
        "take T99": "there is no tile T99",
        "pay wood 0,0": "nothing is being paid now",
        "buy wood": "buying is only allowed to pay a cost",
        "sell wood 0,0": "there is no wood on your tile at 0,0",
        "roll 1": "chance outcome",
        "pass T02": "only allowed when no tile on the track can be taken",
    }
    for text, reason in cases.items():
        with pytest.raises(IllegalMove, match=reason):
            s.apply(text)
    s.apply("take T02")
    with pytest.raises(IllegalMove, match="it is the place step"):
        s.apply("take T01")
