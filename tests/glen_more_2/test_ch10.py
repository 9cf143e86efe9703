"""Chronicle 10, Logs and Boulders (HG-RU 250-400): clan representatives, training, the
tracks' rewards, the central track, the scoring-round changes, the new tiles and shields.
The chronicle has no «Пример:»; each rule of its text is a test here."""

import pytest

from clanboard.core import IllegalMove
from clanboard.games.glen_more_2.state import (
    P_ACT,
    P_CENTRAL,
    P_CHOOSE,
    P_CLAN,
    P_REP,
    P_SCOT,
    P_TAKE,
    GlenMore2State,
)
from tests.glen_more_2.helpers import GAME, front, moves

OPTS = {"provisional": True, "chronicles": "10"}
MATERIAL, MATERIAL2, ANIMAL, ANIMAL2 = "T07", "T01", "T12", "T21"


def _game(n=2, seed=3, ch="10") -> GlenMore2State:
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
    slot = s.terr[p].add(_out(s, tid), cell)
    s.terr[p].scots[slot] = scots
    return slot


def _place(s, tid, cell):
    """The player to move takes ``tid`` and puts it on ``cell``."""
    front(s, tid)
    s.apply(f"take {tid}")
    s.apply(f"place {cell[0]},{cell[1]}")


def test_set_up_tiles_by_player_count_shields_and_ranks():
    """HG-RU 286: with 1-3 players only Boreraig & Kyle joins stack S, with 4 all 3; 288: the
    shields go on the clan board; 292: every representative starts at rank 0."""
    for n, extra in ((3, {"G01"}), (4, {"G01", "G02", "G03"})):
        s = _game(n)
        start = {s.comp.tile_id(t) for t in s.start_tiles}
        assert {t for t in start if t.startswith("G")} == extra
        assert s.rank == [[0, 0]] * n
        assert {"S10-Ruthven", "S10-Murray"} <= set(s.clan)
    base = GAME.new_state(4, seed=3, options={"provisional": True})
    assert not any(base.comp.tiles[t].chronicle for v in base.stacks.values()  # type: ignore
                   for t in v)


def test_first_resource_tile_gets_a_representative_which_then_may_move():
    """HG-RU 304-316: the first tile with a resource symbol gets a representative (caber on
    material, stone on animal); each later one may take one (moved, flipped, or the second
    brought in); two never lie orthogonally next to each other."""
    s = _game()
    p = s.cur
    _place(s, MATERIAL, (0, 1))
    assert s.phase == P_REP and moves(s) == ["rep new"]  # compulsory the first time
    s.apply("rep new")
    assert s.reps[p] == [[0, 1]] and s.phase == P_ACT
    assert "train 0,1" not in moves(s)  # placing it is not placing next to it (HG-RU 320)
    assert s.track_of(p, (0, 1)) == 0  # material: the caber tosser
    s.cur, s.phase = p, P_TAKE  # test set-up: another turn of the same player
    _place(s, ANIMAL, (1, 1))  # orthogonally next to the representative on 0,1
    assert moves(s) == ["rep 0,1", "rep none"]  # the second may not lie next to it
    s.apply("rep 0,1")
    assert s.reps[p] == [[1, 1]] and s.track_of(p, (1, 1)) == 1  # flipped: stone putter
    s.cur, s.phase = p, P_TAKE
    _place(s, MATERIAL2, (-1, 1))
    assert set(moves(s)) == {"rep new", "rep 1,1", "rep none"}
    s.apply("rep new")
    assert s.reps[p] == [[1, 1], [-1, 1]]
    s.check_consistency()


def test_training_when_a_tile_is_placed_next_to_a_representative():
    """HG-RU 320: placing next to a representative lets it train: material -> caber rank,
    animal -> stone rank; once; not the new tile itself."""
    s = _game()
    p = s.cur
    _lay(s, p, (0, 1), MATERIAL)
    s.reps[p] = [[0, 1]]
    _place(s, ANIMAL, (1, 1))
    s.apply("rep none")
    assert "train 0,1" in moves(s)
    s.apply("train 0,1")
    assert s.rank[p] == [1, 0]
    assert "train 0,1" not in moves(s)
    with pytest.raises(IllegalMove):
        s.apply("train 0,1")


def test_rewards_one_time_effects_modifiers_and_two_vp_above_five():
    """HG-RU 326-328: ranks 1, 2, 5 give their effect; 3 and 4 a modifier for the next
    scoring round; above 5, 2 VP instead."""
    s = _game()
    p = s.cur
    coins, vp = s.coins[p], s.vp[p]
    s.raise_rank(p, "caber", 2)
    village = s.terr[p].res[0]
    assert village[0] == 1 and s.coins[p] == coins + 1  # placeholders: wood, coin
    s.raise_rank(p, "caber", 2)
    assert s.modifiers[p] == [["castle", 1], ["whisky", 1]]
    s.raise_rank(p, "caber", 1)
    assert s.rank[p][0] == 5 and s.vp[p] == vp + 2  # rank 5 placeholder: 2 VP
    s.raise_rank(p, "caber", 2)
    assert s.rank[p][0] == 5 and s.vp[p] == vp + 2 + 2 * 2


def test_central_track_one_reward_per_round_at_the_rank_just_reached():
    """HG-RU 330-332: you may take the central reward of the rank just reached with a clan
    marker; one marker on the track per round; a taken reward is gone for the round."""
    s = _game()
    p, q = s.cur, 1 - s.cur
    s.raise_rank(p, "stone", 1)
    s._after_effects(p, P_ACT)
    assert s.phase == P_CENTRAL and set(moves(s)) == {"central 1", "central none"}
    s.apply("central none")
    assert s.phase == P_ACT and not s.central
    markers, coins = s.markers[p], s.coins[p]
    s.raise_rank(p, "stone", 2)  # step by step: ranks 2 and 3 are offered in turn
    s._after_effects(p, P_ACT)
    assert moves(s)[0] == "central 2"
    s.apply("central 2")
    assert s.central == {2: p} and s.markers[p] == markers - 1
    assert not s.central_offers  # no second reward this round
    s.apply("gain sheep")  # rank 2's placeholder reward: any resource, chosen
    assert s.phase == P_ACT and s.coins[p] == coins + 1  # stone rank 2: a coin
    s.raise_rank(p, "caber", 3)
    assert not s.central_offers
    s.raise_rank(q, "caber", 2)
    assert s.central_offers == [1]  # rank 2 is taken this round
    s.central_offers = []
    s._scoring(1)
    assert s.central == {} and s.markers[p] == markers  # markers home, rewards refilled
    assert s.rank == [[0, 0], [0, 0]]


def test_scoring_fame_to_the_highest_and_a_fifth_category():
    """HG-RU 338-346: the highest caber tosser(s) and stone putter(s) gain 1 fame each (ties:
    all); fame is a fifth category; modifiers count and go back; ranks return to 0."""
    s = _game(3)
    a, b, c = 0, 1, 2
    s.rank = [[3, 1], [3, 0], [0, 2]]
    s.modifiers = [[["castle", 1]], [], []]
    s._scoring(1)
    rec = s.scorings[-1]
    assert rec["fame_won"] == [1, 1, 1] and s.fame == [1, 1, 1]
    assert rec["fame"] == [1, 1, 1] and rec["castle"] == [1, 0, 0]
    assert rec["vp"][a] == s.comp.pack.scoring_vp(1) and rec["vp"][b] == 0
    assert s.rank == [[0, 0]] * 3 and s.modifiers == [[], [], []]
    s.rank = [[2, 0], [0, 0], [0, 0]]
    s._scoring(2)
    assert s.scorings[-1]["fame_won"] == [1, 0, 0]  # stone: nobody on the track
    assert s.scorings[-1]["fame"] == [2, 1, 1]
    del c


def test_with_chronicle_9_fame_is_scored_on_the_alternative_board():
    s = _game(2, ch="9,10")
    s.fame = [2, 0]
    s._scoring(1)
    assert s.scorings[-1]["fame"] == [2, 0]
    assert s.scorings[-1]["vp"][0] >= s.comp.pack.scoring_vp(2, alternative=True)


def test_tournament_tile_is_not_placed_its_choice_applies_then_it_leaves():
    """HG-RU 350-356: both representatives +1, or one +2; then out of the game."""
    s = _game()
    p = s.cur
    size = len(s.terr[p])
    front(s, "G04")
    s.apply("take G04")
    assert s.phase == P_CHOOSE and moves(s) == ["choose 1", "choose 2", "choose 3"]
    s.apply("choose 2")  # caber +2
    assert s.rank[p] == [2, 0] and len(s.terr[p]) == size
    assert s.comp.index["G04"] in s.removed
    assert s.phase == P_CENTRAL and moves(s)[0] == "central 1"  # each rise in turn
    s.apply("central none")
    assert moves(s)[0] == "central 2"
    s.check_consistency()


def test_spectator_is_a_personality_without_clan_marker_that_raises_a_representative():
    """HG-RU 360-362."""
    s = _game()
    p = s.cur
    markers = s.markers[p]
    front(s, "G06")
    s.apply("take G06")
    assert s.phase == P_CHOOSE
    s.apply("choose 2")
    assert s.rank[p] == [0, 1] and s.markers[p] == markers
    assert s.comp.index["G06"] in s.personalities[p]
    assert s.category_counts()["personalities"][p] == 1
    assert s.phase != P_CLAN


def test_fame_tiles_cost_fame_and_triumphant_return_activates_row_and_column():
    """HG-RU 368-372: fame tiles are paid with fame; Triumphant Return activates every tile
    in its row and column instead of its neighbours."""
    s = _game()
    p = s.cur
    front(s, "G07")
    assert "take G07" not in moves(s)  # no fame yet
    s.fame[p] = 2
    _lay(s, p, (0, 3), ANIMAL)  # same column as 0,1, not a neighbour
    _lay(s, p, (1, 2), ANIMAL2)  # a diagonal neighbour of 0,1, not in its row or column
    _place(s, "G07", (0, 1))
    assert s.fame[p] == 0
    near = {tuple(s.terr[p].pos[i]) for i in s.near}
    assert near == {(0, 0), (0, 1), (0, 3)}


def test_important_friends_places_a_marker_free_even_on_a_taken_space():
    """HG-RU 378-382: no road cost, a space of another player allowed; David Hume is not
    taken from its owner."""
    s = _game()
    p, q = s.cur, 1 - s.cur
    s.clan["MacKay"].append(q)
    s.personalities[q].append(s.comp.index["HUME"])
    s.fame[p] = 2
    _place(s, "G08", (0, 1))
    assert s.phase == P_CLAN and "clan MacKay" in moves(s)
    s.apply("clan MacKay")
    assert s.clan["MacKay"] == [q, p] and s.comp.index["HUME"] not in s.personalities[p]
    assert s.phase == P_ACT


def test_heros_homeland_moves_a_scotsman_from_any_tile_to_the_home_castle():
    """HG-RU 386-388."""
    s = _game()
    p = s.cur
    _lay(s, p, (0, 2), ANIMAL, scots=1)  # two steps from the castle
    s.fame[p] = 2
    _place(s, "G09", (0, 1))
    assert "move 0,2>1,0" in moves(s)
    m = next(m for m in s.legal_moves() if str(m) == "move 0,2>1,0")
    assert s.action_to_move(s.move_to_action(m)) == m  # not a step: its own action
    s.apply("move 0,2>1,0")
    assert s.castle_scotsmen(p) == 1 and s.castle_move == 0


def test_shields_ruthven_and_murray():
    """HG-RU 394-400: Ruthven: stone putter +2 and 1 whisky; Murray: caber tosser +2 and 1
    Scotsman on one of your tiles."""
    for space, rank, check in (("S10-Ruthven", [0, 2], "whisky"),
                               ("S10-Murray", [2, 0], "scotsmen")):
        s = _game()
        p = s.cur
        scots, whisky = s.terr[p].scotsmen(), s.whisky[p]
        front(s, "P1")
        s.apply("take P1")
        s.apply(f"clan {space}")
        assert s.rank[p] == rank
        if check == "whisky":
            assert s.whisky[p] == whisky + 1
        else:
            while s.phase == P_CENTRAL:  # the ranks' central offers come first
                s.apply("central none")
            assert s.phase == P_SCOT and "scot 1,0" in moves(s)  # on any of your tiles
            s.apply("scot 1,0")
            assert s.terr[p].scotsmen() == scots + 1 and s.castle_scotsmen(p) == 1
