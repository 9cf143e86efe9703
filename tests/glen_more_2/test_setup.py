"""Set-up (spec 2), turn order (3) and the provisional gate."""

import pytest

from clanboard.core import InvalidState
from clanboard.games.glen_more_2.state import DIE, P_TAKE, GlenMore2State, marker
from tests.glen_more_2.helpers import GAME, custom_pack, new


def test_a_provisional_pack_needs_the_option_and_says_what_is_provisional():
    with pytest.raises(InvalidState) as err:
        GAME.new_state(3, seed=1)
    text = str(err.value)
    assert "provisional=true" in text and "rondel_spaces" in text and "tiles.csv" in text
    assert GAME.new_state(3, seed=1, options={"provisional": True}).current_player() >= 0


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_follows_spec_2(n):
    s = GAME.new_state(n, seed=5, options={"provisional": True}, auto_chance=False)
    assert isinstance(s, GlenMore2State)
    comp = s.comp
    st = comp.settings
    pieces = n + (1 if n in st.die_player_counts else 0)
    # 2.4 + 2.8: the Scotsmen (and the die, behind them) stand together at the back
    assert sorted(s.track[:pieces]) == sorted([-p - 1 for p in range(n)]
                                              + ([DIE] if s.use_die else []))
    if s.use_die and st.die_setup == "behind_scotsmen":
        assert s.track[0] == DIE
    # 2.3: the 5 start tiles directly ahead of them
    assert sorted(s.track[pieces:]) == sorted(comp.stack_tiles["S"])
    # 2.5: stack A fills every space but one
    while s.phase == 0:
        s.apply(s.legal_moves()[0])
    assert len(s.track) == st.rondel_spaces - 1
    assert all(comp.tiles[t].stack == "A" for t in s.track[pieces + 5:])
    # 2.6: 5 coins for the first Scotsman to move, +1 for each later one
    order = [-v - 1 for v in s.track if v < 0 and v != DIE]
    assert [s.coins[p] for p in order] == [5 + i for i in range(n)]
    # 2.7: the home tile, a Scotsman on its village
    for terr in s.terr:
        assert terr.pos[:2] == [(0, 0), (1, 0)]
        assert terr.scots[:2] == [1, 0]
    assert s.market == [1 if n in st.market_prefill_player_counts else 0] * 5


def test_without_die_the_start_tiles_follow_the_scotsmen_and_coins_rise():
    s = new(4, seed=2)
    assert not s.use_die
    start = set(s.comp.stack_tiles["S"])
    assert set(s.track[4:9]) == start
    assert [s.coins[-v - 1] for v in s.track[:4]] == [5, 6, 7, 8]


def test_die_setting_three_players_off():
    name = custom_pack({"die_player_counts": "2"})
    from tests.glen_more_2.helpers import _direct

    s = _direct(3, 0, name)
    assert DIE not in s.track


def test_the_player_at_the_back_moves_and_may_move_again():
    """Spec 3.1-3.2: no fixed order; whoever is last moves, forward to any tile, and a
    player still at the back after a short move moves again."""
    s = new(4, seed=3)
    back = -s.track[0] - 1
    # a tile between the hindmost Scotsman and the others
    others, tile = s.track[1:4], s.track[4]
    s.track[1:5] = [tile, *others]
    assert s.current_player() == back
    s.apply(f"take {s.comp.tile_id(tile)}")
    while s.current_player() == back and s.phase != P_TAKE:
        ends = [m for m in s.legal_moves() if str(m) == "end"]
        s.apply(ends[0] if ends else s.legal_moves()[0])
    # still the hindmost: the same player takes again
    assert s.track[0] == marker(back)
    assert s.current_player() == back and s.phase == P_TAKE
    # moving to the front hands the turn to the new hindmost Scotsman
    far = [m for m in s.legal_moves() if str(m).startswith("take")][-1]
    s.apply(far)
    while s.current_player() == back and s.phase != P_TAKE:
        ends = [m for m in s.legal_moves() if str(m) == "end"]
        s.apply(ends[0] if ends else s.legal_moves()[0])
    assert s.current_player() == -s.track[0] - 1 != back
