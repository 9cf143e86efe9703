"""Scoring rounds, the final scoring and the tie-breaks (rulebook examples)."""

from clanboard.games.glen_more.data import (
    CAWDOR,
    LOCHY,
    MEY,
    MORAR,
    TILES,
    table_vp,
)
from clanboard.games.glen_more.state import P_OVER
from tests.glen_more.helpers import final, last_draw_of, new, put


def test_table():
    assert [table_vp(d) for d in range(8)] == [0, 1, 2, 3, 5, 8, 8, 8]


def test_rulebook_scoring_example_anya_borya_katya_denis():
    """Anya 3/2/1, Borya 0/1/1, Katya 3/5/0, Denis 8/0/0 (whisky/chieftains/cards)."""
    s = new(4)
    s.whisky = [4, 1, 4, 6]  # differences 3, 0, 3, 5+
    s.chiefs = [2, 1, 4, 0]  # differences 2, 1, 4, 0
    s.cards = [1 << LOCHY, 1 << MORAR, 0, 0]  # cards without hats: differences 1, 1, 0, 0
    last_draw_of(s, 1)
    s.resolve_chance()
    assert s.scorings[0]["round"] == 1
    assert s.scorings[0]["vp"] == [3 + 2 + 1, 0 + 1 + 1, 3 + 5 + 0, 8 + 0 + 0]
    assert s.vp == [6, 2, 8, 8]
    assert s.phase != P_OVER  # play resumes


def test_castle_of_mey_doubles_chieftains_not_hats_and_cawdor_adds_three():
    s = new(2)
    s.chiefs = [2, 3]
    s.cards = [1 << MEY, 1 << CAWDOR]
    assert s.chieftain_strength(0) == 2 * 2 + 1  # Mey's own bonnet is not doubled
    assert s.chieftain_strength(1) == 3 + 3


def test_tile_penalty_example_15_13_16_13_and_coins():
    s = new(4)
    s.coins = [0, 0, 0, 0]
    # the tiles come from stack 2; the last draw is from stack 3
    sizes = [15, 13, 16, 13]
    free = s.stacks[1] + s.stacks[2] + s.stacks[3][1:]
    for p, n in enumerate(sizes):
        x = 1
        while len(s.terr[p]) < n:
            put(s, p, TILES[free.pop()].id, x, 5 + p)
            x += 1
    s.coins = [4, 0, 0, 7]
    s.scorings = [{"round": 1}, {"round": 2}]
    last_draw_of(s, 3)
    s.resolve_chance()
    assert s.phase == P_OVER and s.is_terminal()
    assert final(s)["penalty"] == [-6, 0, -9, 0]
    assert final(s)["coins"] == [4, 0, 0, 7]
    assert final(s)["tiles"] == sizes
    third = s.scorings[-1]["vp"]
    for p in range(4):
        assert s.vp[p] == third[p] + final(s)["cards"][p] + final(s)["coins"][p] + \
            final(s)["penalty"][p]


def test_tie_broken_by_resources_then_shared():
    s = new(3)
    s.coins = [0, 0, 0]
    s.terr[0].res[0] = 2  # 2 wood on player 0's start village
    s.terr[1].res[0] = 1
    s.scorings = [{"round": 1}, {"round": 2}]
    last_draw_of(s, 3)
    s.resolve_chance()
    assert s.vp == [0, 0, 0]
    assert s.winners() == [0]
    assert s.returns() == [1.0, 0.0, 0.0]

    s = new(3)
    s.coins = [5, 5, 1]
    s.scorings = [{"round": 1}, {"round": 2}]
    last_draw_of(s, 3)
    s.resolve_chance()
    assert s.winners() == [0, 1]
    assert s.returns() == [0.5, 0.5, 0.0]


def test_three_scorings_happen_when_stacks_1_2_3_run_out():
    s = new(3, seed=5)
    from clanboard.core import Rng

    rng = Rng(9)
    rounds_seen = []
    while not s.is_terminal():
        before = len(s.scorings)
        stacks_before = [len(x) for x in s.stacks]
        s.apply_trusted(rng.choice(s.legal_moves()))
        if len(s.scorings) > before:
            rounds_seen.append(s.scorings[-1]["round"])
            # scoring n only once stack n is empty
            assert not s.stacks[s.scorings[-1]["round"]]
            assert stacks_before[s.scorings[-1]["round"]] > 0
    assert rounds_seen == [1, 2, 3]
    assert s.stacks[3] == []
