"""The turn track: set-up, who moves, discarding tiles left behind, refilling, the die."""

from clanboard.core import CHANCE, Rng
from clanboard.games.glen_more.data import TILES
from clanboard.games.glen_more.state import DIE, P_ROLL, P_TAKE, marker
from tests.glen_more.helpers import GAME, new


def test_setup_fills_13_of_14_spaces():
    for n, tiles in ((2, 10), (3, 9), (4, 9), (5, 8)):
        s = new(n)
        assert len(s.track) == 13
        assert s.track[:n] == [marker(p) for p in range(n)]
        assert (DIE in s.track) == (n <= 3)
        on_track = [t for t in s.track if t >= 0]
        assert len(on_track) == tiles
        from_0 = [t for t in on_track if TILES[t].stack == 0]
        assert len(from_0) == 8 and len(on_track) - 8 == tiles - 8  # stack 0 first, then 1
        obs = s.observation(None)
        assert obs["track"][13] == {"space": 13}
        assert obs["track"][0] == {"space": 0, "player": 0}
        assert s.coins == [6] * n
        assert all(t.clansmen() == 1 for t in s.terr)
        assert s.current_player() == 0  # the first player's figure is at the back


def test_setup_stops_at_chance_nodes_without_auto_chance():
    s = GAME.new_state(4, seed=1, auto_chance=False)
    assert s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 8 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert all(str(m).startswith("draw T0") for m, _ in outcomes)


def _custom_track(s, order):
    """order: 'P0', 'P1', ..., 'D' or 't' (the next track tile) from the back."""
    tiles = [t for t in s.track if t >= 0]
    track = []
    for item in order:
        if item == "D":
            track.append(DIE)
        elif item.startswith("P"):
            track.append(marker(int(item[1:])))
        else:
            track.append(tiles.pop(0))
    s.discarded.extend(tiles)
    s.track = track
    return [t for t in track if t >= 0]


def test_back_player_may_move_twice_and_tiles_left_behind_are_discarded():
    s = new(4)
    t = _custom_track(s, ["P0", "t", "t", "P1", "P2", "P3", "t", "t", "t", "t", "t", "t", "t"])
    s.stacks[0] = s.stacks[0]  # refills come from the current stack
    s.apply(f"take {TILES[t[0]].id}")
    s.apply("place 0,1" if TILES[t[0]].river else "place 1,0")
    s.apply("end")
    # P0 moved one space: still at the back, so P0 moves again
    assert s.current_player() == 0 and s.phase == P_TAKE
    assert len(s.track) == 13
    s.apply(f"take {TILES[t[3]].id}")  # jump past P1, P2, P3
    terr = s.terr[0]
    spots = terr.placements(TILES[t[3]].river, TILES[t[3]].road)
    from clanboard.games.glen_more.moves import ptext

    s.apply(f"place {ptext(spots[0])}")
    while s.current_player() == 0:
        s.apply("end")
    # the tile between the old place and P1 was left behind: discarded
    assert t[1] in s.discarded
    assert s.current_player() == 1
    assert s.track[0] == marker(1) and len(s.track) == 13
    assert s.observation(None)["head"] == 3


def test_die_moves_over_tiles_only_and_removes_the_tile_it_stops_on():
    s = new(3)
    t = _custom_track(s, ["D", "t", "P0", "t", "P1", "t", "P2", "t", "t", "t", "t", "t", "t"])
    s.phase, s.cur = P_ROLL, -1
    assert s.current_player() == CHANCE
    assert [round(p, 4) for _, p in s.chance_outcomes()] == [0.5, 0.3333, 0.1667]
    s.apply("roll 2")  # counts t[0], skips P0, stops on t[1]
    assert t[1] in s.discarded  # removed where the die stopped
    assert t[0] in s.discarded  # left behind the new back marker
    assert s.track[0] == marker(0)
    assert s.track[1] == DIE
    assert len(s.track) == 13 and s.current_player() == 0


def test_die_rolls_are_1_1_1_2_2_3():
    s = new(2)
    s.phase, s.cur = P_ROLL, -1
    rng = Rng(3)
    counts = {1: 0, 2: 0, 3: 0}
    for _ in range(6000):
        counts[s.sample_chance(rng).arg] += 1  # type: ignore[attr-defined]
    assert 2800 < counts[1] < 3200 and 1800 < counts[2] < 2200 and 850 < counts[3] < 1150


def test_stack_order_is_hidden():
    s = new(3, seed=7)
    other = s.clone()
    other.rng = Rng(12345)  # a different future: different tiles will come
    assert s.observation(0) == other.observation(0)
    obs = s.observation(1)
    text = repr(obs)
    assert "rng" not in obs and str(s.rng.state) not in text
    for st in obs["stacks"]["remaining"]:
        assert st == sorted(st)
    d = s.determinize(0, Rng(99))
    assert d.observation(0) == s.observation(0)
    assert d.rng.state != s.rng.state


def test_different_futures_after_the_same_moves():
    a = new(4, seed=1)
    b = a.clone()
    b.rng = Rng(777)
    move = a.legal_moves()[0]
    seen = set()
    for s in (a, b):
        s.apply(move)
        s.apply(s.legal_moves()[0])
        while s.current_player() == 0:
            s.apply("end")
        seen.add(tuple(s.track))
    assert len(seen) == 2  # the refill drew different tiles


def test_scoring_mid_refill_then_the_refill_goes_on_from_the_next_stack():
    from tests.glen_more.helpers import last_draw_of

    s = new(4)
    last_draw_of(s, 1)
    s.discarded.append(s.track.pop())  # two spaces to fill: the last stack-1 tile, then one more
    s.resolve_chance()
    assert [x["round"] for x in s.scorings] == [1]
    assert len(s.track) == 13
    assert TILES[s.track[-1]].stack == 2 and TILES[s.track[-2]].stack == 1
    assert s.observation(None)["stacks"]["current"] == 2


def test_pass_when_no_tile_can_be_taken():
    """A start village alone only takes river or road tiles; with plain tiles only on the
    track the player must pass: the figure moves on, the tile leaves the game."""
    s = new(4)
    plain = [t for t in s.stacks[1] + s.stacks[2] if not TILES[t].river and not TILES[t].road]
    for i, v in enumerate(s.track):
        if v >= 0:
            new_tile = plain.pop()
            for st in s.stacks:
                if new_tile in st:
                    st.remove(new_tile)
            s.discarded.append(v)
            s.track[i] = new_tile
    s.check_consistency()
    tiles = [t for t in s.track if t >= 0]
    moves = [str(m) for m in s.legal_moves()]
    assert moves == [f"pass {TILES[t].id}" for t in tiles]
    s.apply(f"pass {TILES[tiles[2]].id}")
    assert tiles[2] in s.discarded
    assert s.current_player() == 1
    assert len(s.terr[0]) == 1
