"""Worked examples E-1 to E-5 and E-17 to E-21 of the spec (E-6 to E-16: test_scoring.py)."""

from __future__ import annotations

import pytest

from clanboard.core import IllegalMove
from clanboard.games.isle_of_skye import scoring as S
from clanboard.games.isle_of_skye.tiles import Tile, round_track
from tests.isle_of_skye.helpers import TILES, commit, play_random, put, state, terr, tile


def test_e1_income_with_catchup_and_whisky() -> None:
    """E-1: round 5, track 3, two players ahead, two road-linked whisky tiles: 13 gold."""
    s = state(4)
    put(s, 0, "L12", 0, 1, 2)  # whisky, road N meets the castle's S road (E-21)
    put(s, 0, "L24", 0, -1, 0)  # whisky, road S meets the castle's N road
    s.vp = [3, 10, 8, 2]  # seats 1 and 2 are ahead of seat 0
    s.round = 4
    before = s.gold[0]
    s._begin_round()
    assert s.round == 5 and s.track[4].catchup == 3
    assert s.income[0] == 5 + 2 + 2 * 3 == 13
    assert s.gold[0] == before + 13


def test_e2_unlinked_whisky_gives_nothing() -> None:
    """E-2: a whisky tile not linked to the castle by roads adds no income."""
    s = state(2)
    put(s, 0, "L07", 1, 0, 1)  # whisky; its road now points N at an empty cell
    s._begin_round()
    assert s.income[0] == 5
    put(s, 1, "L12", 0, 1, 0)  # whisky, placed unrotated: no road on its N edge
    s._begin_round()
    assert s.income[1] == 5


def test_e3_scroll_halves_round_down() -> None:
    """E-3: '1 VP per 2' with 5 objects gives 2 VP."""
    t = terr({
        (0, 0): tile("PPPP", counts={"sheep": 5}, scroll="sheep_per_2",
                     icon_areas="scrollx1@edge-N"),
    })
    assert S.scroll_points(t) == 2


def _scored_sids(seed: int, n: int, tiles: str) -> list[list[str]]:
    s = state(n, seed=seed, scoring_tiles=tiles)
    play_random(s, seed)
    return [sorted(r) for r in s.round_points]


def test_e4_letter_a_scores_rounds_1_3_5() -> None:
    """E-4: the lake on A scores alone in round 1; round 6 scores B, C and D."""
    rounds = _scored_sids(4, 3, "S15,S01,S02,S03")
    assert rounds[0] == ["S15"]
    assert [("S15" in r) for r in rounds] == [True, False, True, False, True, False]
    assert rounds[5] == ["S01", "S02", "S03"]


def test_e5_five_players_score_two_tiles_in_round_1() -> None:
    """E-5: 5 players: round 1 scores the first two tiles, round 2 the first and third."""
    rounds = _scored_sids(5, 5, "S01,S02,S03,S04")
    assert rounds[:2] == [["S01", "S02"], ["S01", "S03"]]
    assert len(rounds) == 5 == len(round_track(5))


def test_e17_scrolls_and_gold() -> None:
    """E-17: 25 VP from scrolls (whisky, cattle, farm scrolls doubled), 9 gold gives +1."""

    def scroll(key: str, completed: bool) -> Tile:
        if completed:  # the scroll sits in an internal (so completed) area
            return tile("MMMM", internal="pasture", scroll=key,
                        icon_areas="scrollx1@internal-pasture")
        return tile("MMMM", scroll=key, icon_areas="scrollx1@edge-N")

    keys = [("sheep_per_2", False), ("whisky_tiles_per_2", True), ("ships_per_2", False),
            ("cattle_per_1", True), ("broch_per_1", False), ("farm_per_1", True),
            ("lighthouse_per_1", False)]
    cells: dict = {(i, 0): scroll(k, c) for i, (k, c) in enumerate(keys)}
    counts = [{"sheep": 5}, {"ship": 5}, {"cattle": 3}, {"broch": 2}, {"farm": 4},
              {"lighthouse": 1}]
    for i, c in enumerate(counts):
        cells[(i, 2)] = tile("MMMM", counts=c)
    for i in range(5):
        cells[(i, 4)] = tile("MMMM", counts={"whisky": 1})
    t = terr(cells)
    assert S.scroll_points(t) == 2 + 4 + 2 + 6 + 2 + 8 + 1 == 25
    assert 9 // 5 == 1


def test_e17_end_scoring_in_a_game_adds_scrolls_and_gold() -> None:
    s = state(2, seed=9)
    play_random(s, 9, until=lambda st: st.round == 6 and st.phase == "build")
    play_random(s, 9)
    assert s.final["gold"] == [g // 5 for g in s.gold]
    assert s.final["scrolls"] == [S.scroll_points(t) for t in s.territories]
    for p in range(2):
        from_rounds = sum(r[sid][p] for r in s.round_points for sid in r)
        assert s.vp[p] == from_rounds + s.final["scrolls"][p] + s.final["gold"][p]


def test_e18_tie_break_by_leftover_gold() -> None:
    """E-18: both 10 VP with 6 and 9 gold -> both 11; the 9-gold player wins (4 > 1)."""
    gold = [6, 9]
    vp = [10 + g // 5 for g in gold]
    assert vp == [11, 11]
    assert S.winners(vp, gold) == [1]
    # where the two readings differ: 8 gold (leftover 3) vs 10 gold (leftover 0)
    assert S.winners([11, 11], [8, 10], "leftover") == [0]
    assert S.winners([11, 11], [8, 10], "total") == [1]
    assert S.winners([11, 11], [7, 12]) == [0, 1]  # still tied: shared win


def test_e19_money_flows_of_a_sale() -> None:
    """E-19: A offers t1@3, t2@1 with 9 gold; B buys t1; t2 stays unsold: A ends with 11."""
    s = state(3, seed=3)
    assert s.phase == "price" and s.start == 0
    s.gold = [9, 10, 5]
    commit(s, 0, 2, (3, 1))
    t1, t2 = s.drawn[0][0], s.drawn[0][1]
    commit(s, 1, 0, (2, 2))
    commit(s, 2, 0, (1, 1))
    assert s.phase == "buy" and s.gold[0] == 5  # 4 of 9 reserved, 5 free
    s.apply("pass", 0)  # A (the start player) passes
    s.apply(f"buy {t1}", 1)
    assert s.gold[1] == 10 - 4 - 3
    # A: 9 + 3 = 12 gold, of which 1 still reserved on t2
    assert s.total_gold(0) == 12 and s.gold[0] == 11
    s.apply("pass", 2)
    assert s.phase == "build"
    assert s.gold[0] == 11  # the 1 on unsold t2 went to the bank
    assert s.pending[0] == [t2] and t1 in s.pending[1]


def test_e20_catchup_ties_do_not_count() -> None:
    """E-20: scores 10, 10, 7 in round 4 (2 per player ahead): 0, 0 and 4 extra."""
    s = state(3)
    s.vp = [10, 10, 7]
    s.round = 3
    s._begin_round()
    assert s.round == 4
    assert s.income == [5, 5, 5 + 4]


def test_e21_placement_with_the_data() -> None:
    """E-21: L01 never fits east of the castle; L12 south of it, turned 180 degrees,
    links roads (+1 income); unrotated it fits but does not link."""
    s = state(2)
    castle_terr = s.territories[0]
    assert castle_terr.cells[(0, 0)][0].edges == "PWPM"
    assert all(not castle_terr.fits(TILES["L01"], (1, 0), r) for r in range(4))
    l12 = TILES["L12"]
    assert [l12.edge(d, 2) for d in range(4)] == ["P", "M", "P", "M"]
    assert [d for d in range(4) if l12.road(d, 2) >= 0] == [0, 1, 3]  # roads N, E, W
    # a clockwise quarter turn moves N to E: L01 PPMM shows MPPM, L12's roads E,S,W go S,W,N
    assert "".join(TILES["L01"].edge(d, 1) for d in range(4)) == "MPPM"
    assert [d for d in range(4) if l12.road(d, 1) >= 0] == [0, 2, 3]
    assert "".join(TILES["L01"].edge(d, 3) for d in range(4)) == "PMMP"
    assert castle_terr.fits(l12, (0, 1), 2) and castle_terr.fits(l12, (0, 1), 0)
    linked = castle_terr.copy()
    linked.place(l12, (0, 1), 2)
    assert (0, 1) in linked.road_connected()
    unlinked = castle_terr.copy()
    unlinked.place(l12, (0, 1), 0)
    assert (0, 1) not in unlinked.road_connected()
    put(s, 0, "L12", 0, 1, 2)
    s._begin_round()
    assert s.income[0] == 6


def test_e21_illegal_placement_is_refused_with_the_reason() -> None:
    s = state(2, seed=3)
    play_random(s, 3, until=lambda st: st.phase == "build")
    seat = s.current_player()
    t = s.pending[seat][0]
    with pytest.raises(IllegalMove, match="shares no edge"):
        s.apply(f"place {t} 5,5 r0", seat)
