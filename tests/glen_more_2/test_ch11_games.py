"""Random games with every combination of chronicles 9, 10 and 11 for 2-4 players:
they finish with consistent scores, survive JSON and replay, encode every legal move, and
no seat sees what it may not; the heuristic agent plays chronicle 11's moves."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clanboard.core import GameRecord, Rng, make_agent, play_game, replay
from clanboard.games.glen_more_2.moves import BUILD, CENTRAL, CHOOSE, PLAN, REP, TRAIN, GMove
from clanboard.games.glen_more_2.state import P_BID, GlenMore2State
from tests.glen_more_2.helpers import GAME

COMBOS = ("", "9", "10", "11", "9,10", "9,11", "10,11", "9,10,11")


def _play(n, seed, ch, check_every=0):
    s = GAME.new_state(n, seed=seed, options={"provisional": True, "chronicles": ch})
    assert isinstance(s, GlenMore2State)
    rng = Rng(seed * 7 + n)
    steps = 0
    while not s.is_terminal():
        p = s.players_to_move()[0]
        moves = s.legal_moves(p)
        assert moves, f"no legal move at {s.observation(None)['phase']}"
        if check_every and steps % check_every == 0:
            s.check_consistency()
            data = s.to_json()
            back = GAME.state_from_json(json.loads(json.dumps(data)))
            assert back.to_json() == data
            assert [str(m) for m in back.legal_moves(p)] == [str(m) for m in moves]
            size = GAME.num_distinct_actions(n, s.options)
            for m in moves:
                a = s.move_to_action(m)
                assert 0 <= a < size and s.action_to_move(a) == m
            if s.phase != P_BID:
                obs = [json.dumps(s.observation(q), sort_keys=True) for q in range(n)]
                assert len({o.replace(f'"viewer": {q}', "") for q, o in enumerate(obs)}) == 1
            else:
                for q in range(n):
                    twin = s.determinize(q, Rng(steps))
                    assert twin.observation(q) == s.observation(q)
        s.apply(rng.choice(moves), p)
        steps += 1
        assert steps < 20_000
    return s


def _check(s):
    f = s.final
    assert f is not None and len(s.scorings) == 4
    unbuilt = f.get("unbuilt_historic", [0] * s.num_players)
    assert unbuilt == [-s.comp.settings.unbuilt_historic_penalty * len(c) for c in s.blueprints]
    assert f["total"] == [b + c + k + pen + u for b, c, k, pen, u in
                          zip(f["before"], f["cards"], f["coins"], f["penalty"], unbuilt,
                              strict=True)]
    assert s.scores() == [float(v) for v in f["total"]]
    assert f["tiles"] == [len(t) for t in s.terr]  # unbuilt places are not counted
    s.check_consistency()


@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 4), seed=st.integers(0, 10_000), ch=st.sampled_from(COMBOS))
def test_random_games_with_every_combination_finish_with_consistent_scores(n, seed, ch):
    _check(_play(n, seed, ch))


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 4), seed=st.integers(0, 10_000),
       ch=st.sampled_from(("10", "11", "9,10,11")))
def test_json_encoding_and_observations_along_chronicle_10_and_11_games(n, seed, ch):
    _play(n, seed, ch, check_every=5)


@pytest.mark.parametrize("ch", ["11", "9,10,11"])
def test_replay_reproduces_a_chronicle_11_game(ch):
    s = _play(3, 5, ch)
    again = GameRecord.from_json(json.loads(json.dumps(s.record().to_json())))
    assert replay(again).to_json()["state"] == s.to_json()["state"]


def test_heuristic_agents_play_the_new_moves_of_chronicles_10_and_11():
    ops: set[int] = set()
    for seed in range(3):
        state = GAME.new_state(3, seed=seed, options={"provisional": True,
                                                      "chronicles": "10,11"})
        agents = [make_agent(GAME, "heuristic", seed=seed + i) for i in range(3)]
        final = play_game(state, agents)
        assert isinstance(final, GlenMore2State)
        _check(final)
        ops |= {m.op for _, m in final.history if isinstance(m, GMove)}
    assert {PLAN, BUILD, REP, TRAIN, CENTRAL, CHOOSE} <= ops
