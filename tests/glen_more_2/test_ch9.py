"""Chronicle 9, Feasts and Follies: every «Пример:» of its section in the Russian rulebook
(HG-RU 200, 210, 220, 244), its rules (196-232) and its clan shields (236-246)."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clanboard.core import SIMULTANEOUS, IllegalMove, InvalidState, Rng
from clanboard.games.glen_more_2.state import P_BID, P_CLAN, P_PAY, GlenMore2State
from tests.glen_more_2.helpers import GAME, front, give, moves

OPTS = {"provisional": True, "chronicles": "9"}


def _game(n=2, seed=1) -> GlenMore2State:
    s = GAME.new_state(n, seed=seed, options=OPTS)
    assert isinstance(s, GlenMore2State)
    return s


def _feasts(s, ids):
    s.feast_row = [next(i for i, f in enumerate(s.comp.feasts) if f.id == fid) for fid in ids]
    s.feast_deck = sorted(set(range(len(s.comp.feasts))) - set(s.feast_row))


def _bidding(s):
    s._start_scoring(len(s.scorings) + 1, final=False)
    assert s.phase == P_BID and s.current_player() == SIMULTANEOUS
    assert s.players_to_move() == list(range(s.num_players))


# feasts by position: 1 wood, 2 stone, 3 grain, 4 sheep, 5 cattle (placeholder costs)
ROW = ["F2", "F3", "F4", "F5", "F6"]


def test_set_up_five_feasts_face_up_and_bid_tokens():
    s = _game(3)
    assert len(s.feast_row) == 5 and len(s.feast_deck) == len(s.comp.feasts) - 5
    assert {"S9-Cameron", "S9-Innes", "S9-MacLaine", "S9-MacDonell"} <= set(s.clan)
    assert "MacDonell" not in s.clan  # the shield covers the printed space (HG-RU 187)
    with pytest.raises(InvalidState):
        GAME.new_state(3, seed=1, options={"chronicles": "9"})  # still provisional


def test_example_200_a_stack_of_up_to_three_top_first_and_fewer_allowed():
    """Irina: feast 4 first, then 1 and 5 — token 4 on top; Gennady just one token 3."""
    s = _game(2)
    _bidding(s)
    legal = moves_of(s, 0)
    assert "bid 4,1,5" in legal and "bid 3" in legal and "bid none" in legal
    assert "bid 4,1,5,2" not in legal  # 3 tokens at most (Cameron: 5)
    assert "bid 4,4" not in legal
    s.apply("bid 4,1,5", player=0)
    assert s.bids[0] == [4, 1, 5]  # the first number is the top token
    assert s.players_to_move() == [1]


def moves_of(s, p):
    return [str(m) for m in s.legal_moves(p)]


def test_example_210_staged_reveal():
    """Maria 4,5,1 and Irina 4,1,5: stage 1 both on feast 4; stage 2 Irina on 1, Maria on 5;
    stage 3 neither, both feasts got markers in stage 2."""
    s = _game(2)
    _feasts(s, ROW)
    for p in range(2):
        give(s, p, (0, 0), wood=1, stone=1, grain=1)
        give(s, p, (1, 0), sheep=1, cattle=1)
    _bidding(s)
    maria, irina = 0, 1
    s.apply("bid 4,5,1", player=maria)
    s.apply("bid 4,1,5", player=irina)
    rec = s.scorings[-1]
    assert rec["feasts"] == {"1": [irina], "4": [maria, irina], "5": [maria]}
    placed = {(r["stage"], r["seat"], r["feast"]): r["paid"] for r in s.reveal}
    assert placed == {(1, maria, 4): True, (1, irina, 4): True, (2, maria, 5): True,
                      (2, irina, 1): True, (3, maria, 1): False, (3, irina, 5): False}
    # each paid exactly the feasts it got, from its tiles
    assert s.terr[maria].have() == [1, 1, 1, 0, 0] and s.terr[irina].have() == [0, 1, 1, 0, 1]


def test_payment_is_mandatory_without_market_and_unpaid_gets_no_marker():
    """HG-RU 214: who can pay must pay; no market in this phase; no payment, no marker."""
    s = _game(2)
    _feasts(s, ROW)
    give(s, 0, (0, 0), wood=1)
    s.coins = [50, 50]
    _bidding(s)
    s.apply("bid 2,1", player=0)  # stone (has none, may not buy), then wood
    s.apply("bid 2", player=1)
    assert s.scorings[-1]["feasts"] == {"1": [0]}
    assert s.coins == [50, 50] and s.market == [1, 1, 1, 1, 1]  # nothing bought
    assert s.terr[0].have() == [0, 0, 0, 0, 0]


def test_example_220_honoured_guest_counts_two_more_personalities():
    """Andrey invites an honoured guest: spends 1 resource and counts 2 more personality
    tiles in this scoring round."""
    s = _game(2)
    _feasts(s, ["F1", *ROW[1:]])
    give(s, 0, (0, 0), grain=1)
    before = list(s.vp)
    _bidding(s)
    s.apply("bid 1", player=0)
    s.apply("bid none", player=1)
    rec = s.scorings[-1]
    assert rec["personalities"] == [2, 0]
    assert s.terr[0].have() == [0, 0, 0, 0, 0]
    # the alternative board (provisional: the normal values) scores the difference 2
    assert rec["vp"][0] - rec["vp"][1] == s.comp.pack.scoring_vp(2, alternative=True) == 2
    assert s.vp[0] - before[0] == rec["vp"][0]


def test_after_scoring_used_feasts_are_replaced_and_unused_stay():
    """HG-RU 230-232."""
    s = _game(2)
    _feasts(s, ROW)
    give(s, 0, (1, 0), sheep=1)
    deck = len(s.feast_deck)
    _bidding(s)
    s.apply("bid 4", player=0)
    s.apply("bid none", player=1)
    row = [s.comp.feasts[f].id for f in s.feast_row]
    assert row[:3] == ROW[:3] and row[4] == ROW[4] and row[3] not in ROW
    assert len(s.feast_deck) == deck - 1 and len(s.feast_discard) == 1
    assert s.bids == [None, None] and s.feast_markers == {}


def test_example_244_maclaine_ignores_the_chosen_resource_but_not_any():
    """Irina puts a marker on MacLaine and pays 1 wood onto it: wood symbols in feast costs
    are ignored; costs of 'any resource' are still paid."""
    s = _game(2)
    p = s.cur
    front(s, "P2")
    give(s, p, (0, 0), wood=1)
    s.apply("take P2")
    assert s.phase == P_CLAN and "clan S9-MacLaine" in moves(s)
    s.apply("clan S9-MacLaine")
    assert s.phase == P_PAY
    s.apply("pay wood 0,0")
    assert s.rules[p] == ["feast_ignore"] and s.ignored[p] == [0]
    _feasts(s, ["F2", "F1", *ROW[2:]])  # 1: wood -> 1 extra castle, 2: any -> honoured guest
    assert s.feast_need(p, s.feast_row[0]).resources() == 0
    assert s.feast_need(p, s.feast_row[1]).any == 1  # "any" is not ignored
    _bidding(s)
    s.apply("bid 1,2", player=p)  # no resources at all: wood is free, 'any' cannot be paid
    s.apply("bid none", player=1 - p)
    assert s.scorings[-1]["feasts"] == {"1": [p]}


def test_cameron_bids_up_to_five_and_innes_pays_whisky_for_a_resource():
    s = _game(2)
    s.rules[0] = ["bids5"]
    s.rules[1] = ["feast_whisky"]
    s.whisky[1] = 1
    _feasts(s, ROW)
    _bidding(s)
    assert "bid 1,2,3,4,5" in moves_of(s, 0) and "bid 1,2,3,4" not in moves_of(s, 1)
    s.apply("bid 1,2,3,4,5", player=0)
    s.apply("bid 3", player=1)
    assert s.scorings[-1]["feasts"] == {"3": [1]} and s.whisky[1] == 0


def test_bids_stay_secret_until_revealed():
    s = _game(3)
    _bidding(s)
    s.apply("bid 5,3,2", player=0)
    mine, other, spectator = s.observation(0), s.observation(1), s.observation(None)
    assert mine["bids"][0] == [5, 3, 2]
    assert other["bids"][0] is True and spectator["bids"][0] is True
    assert "5, 3, 2" not in json.dumps(other) and "5, 3, 2" not in s.render(1)
    assert "your bid, top of the stack first: the feasts at positions 5, 3, 2" in s.render(0)
    assert "the players choose their bids" in s.render(None)
    assert "choose the feasts to bid on" in s.render(1)  # owed, and pointed to the list
    assert s.public_viewers(s.history[-1][1], 0) == []
    twin = s.clone()
    twin.bids[0] = [2]
    assert twin.observation(1) == s.observation(1)
    det = s.determinize(1, Rng(3))
    assert det.bids[0] is not None and det.bids[1] is None  # type: ignore[attr-defined]
    with pytest.raises(IllegalMove):
        s.apply("bid 2", player=0)  # already committed


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 4), seed=st.integers(0, 10_000))
def test_random_games_with_chronicle_9_finish_and_reload(n, seed):
    s = _game(n, seed)
    rng = Rng(seed)
    steps = 0
    while not s.is_terminal():
        p = s.players_to_move()[0]
        if s.phase == P_BID and any(b is not None for b in s.bids):
            # no seat's view depends on the bids it may not see
            for q in range(n):
                twin = s.determinize(q, Rng(steps))
                assert twin.observation(q) == s.observation(q)
                assert twin.observation_tensor(q) == s.observation_tensor(q)
        if steps % 25 == 0:
            data = s.to_json()
            back = GAME.state_from_json(json.loads(json.dumps(data)))
            assert back.to_json() == data
            back.check_consistency()
        s.apply(rng.choice(s.legal_moves(p)), p)
        steps += 1
    assert [x["round"] for x in s.scorings] == [1, 2, 3, 4]
    assert all("feasts" in x for x in s.scorings)
    f = s.final
    assert f is not None and s.scores() == [float(v) for v in f["total"]]
