"""Scoring rounds (spec 14), World's End and the final scoring (15)."""

from clanboard.games.glen_more_2.state import CATEGORIES, P_OVER, P_TAKE
from tests.glen_more_2.helpers import _direct, custom_pack, new


def _end_turn(s):
    p = s.cur
    while s.cur == p and s.phase != P_OVER:
        ms = [str(m) for m in s.legal_moves()]
        if s.phase == P_TAKE and s.cur == p and ms[0].startswith("take"):
            s.apply(ms[-1] if "take" in ms[-1] else ms[0])  # to the front
        else:
            s.apply("end" if "end" in ms else ms[0])
        if s.phase == P_TAKE:
            break


def test_scoring_round_when_the_last_tile_of_a_stack_is_laid_out():
    """Spec 14.1-14.4: when stack A runs out, each of the 4 categories is compared with the
    lowest count and scored by the table 0, 1, 2, 3, 5, 8."""
    s = new(4, seed=4)
    s.stacks["A"] = s.stacks["A"][:1]
    hume = s.comp.index["HUME"]
    s.whisky = [0, 1, 4, 9]
    s.personalities = [[hume], [], [], []]
    s.cards = [["L-T09"], ["L-T09", "L-T26"], [], ["L-T30"]]
    castle = [2, 0, 3, 5]
    for p in range(4):
        s.terr[p].scots[1] = castle[p]
    vp = list(s.vp)
    _end_turn(s)  # the refill lays out the last A tile
    assert s.scorings and s.scorings[0]["round"] == 1
    sc = s.scorings[0]
    table = {0: 0, 1: 1, 2: 2, 3: 3, 4: 5, 5: 8, 9: 8}
    expect = [table[c] + table[len(s.cards[p]) - 0] + table[s.whisky[p]]
              + (1 if p == 0 else 0) for p, c in enumerate(castle)]
    assert [sc[c] for c in CATEGORIES] == [castle, [1, 2, 0, 1], [0, 1, 4, 9], [1, 0, 0, 0]]
    assert sc["vp"] == expect == [2 + 1 + 0 + 1, 0 + 2 + 1 + 0, 3 + 0 + 5 + 0, 8 + 1 + 8 + 0]
    assert [s.vp[p] - vp[p] for p in range(4)] == expect


def test_worlds_end_after_passed_ends_the_game_with_the_fourth_scoring():
    s = new(3, seed=8)
    for k in "ABC":
        s.stacks[k] = []
    s.scorings = [{"round": i} for i in (1, 2, 3)]
    s.stacks["D"] = [s.comp.worlds_end]
    s.d_drawn = s.d_size  # the lower half is reached
    _end_turn(s)
    assert s.we_drawn and s.comp.worlds_end in s.track
    length = len(s.track)
    while s.phase != P_OVER:
        _end_turn(s)
        if s.phase != P_OVER:
            assert len(s.track) <= length  # 15.1 setting: no tile is added after it
    assert s.comp.worlds_end in s.discarded or not any(
        t >= 0 and t != s.comp.worlds_end for t in s.track)
    assert [x["round"] for x in s.scorings] == [1, 2, 3, 4]
    f = s.final
    assert f is not None
    low = min(f["tiles"])
    assert f["penalty"] == [-3 * (t - low) for t in f["tiles"]]  # 15.3 [GM1] 3 VP
    assert f["total"] == [b + c + k + pen for b, c, k, pen in
                          zip(f["before"], f["cards"], f["coins"], f["penalty"], strict=True)]
    assert s.winners()


def test_worlds_end_on_draw_setting_ends_at_once():
    name = custom_pack({"worlds_end_rule": "on_draw"})
    s = _direct(2, 3, name)
    for k in "ABC":
        s.stacks[k] = []
    s.scorings = [{"round": i} for i in (1, 2, 3)]
    s.stacks["D"] = [s.comp.worlds_end]
    s.d_drawn = s.d_size
    _end_turn(s)
    assert s.phase == P_OVER and len(s.scorings) == 4


def test_worlds_end_lies_in_the_lower_half_of_stack_d():
    s = new(2, seed=1)
    half = s.d_size // 2
    we = s.comp.worlds_end
    for k in range(s.d_size):
        s.d_drawn = k
        s.stacks = {"A": [], "B": [], "C": [], "D": list(s.comp.stack_tiles["D"])}
        drawable = s._drawable()
        assert (we in drawable) == (k >= half)


def test_tie_break_most_resources():
    s = new(2, seed=2)
    s.vp = [10, 10]
    s.terr[1].res[0] = [1, 0, 0, 0, 0]
    s.coins = [0, 0]
    s._end_game()
    assert s.vp[0] == s.vp[1]  # equal counts everywhere: the 4th round gives nothing
    assert s.winners() == [1]  # 15.4 setting 'resources' [GM1]
