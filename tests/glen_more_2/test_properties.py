"""Property tests: random 2-4 player games finish with consistent scores; JSON round-trip
and replay hold; observations leak nothing; the heuristic agent plays whole games."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clanboard.core import GameRecord, Rng, make_agent, play_game, replay
from clanboard.games.glen_more_2.state import CATEGORIES, GlenMore2State
from tests.glen_more_2.helpers import GAME, OPTS

SETTINGS = settings(max_examples=15, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _random_game(n, seed, check_every=0):
    s = GAME.new_state(n, seed=seed, options=OPTS)
    rng = Rng(seed * 31 + n)
    steps = 0
    while not s.is_terminal():
        moves = s.legal_moves()
        assert moves, f"no legal move at {s.observation(None)['phase']}"
        if check_every and steps % check_every == 0:
            s.check_consistency()
            data = s.to_json()
            back = GAME.state_from_json(json.loads(json.dumps(data)))
            assert back.to_json() == data
            assert [str(m) for m in back.legal_moves()] == [str(m) for m in moves]
            for m in moves:
                a = s.move_to_action(m)
                assert 0 <= a < GAME.num_distinct_actions(n, s.options)
                assert s.action_to_move(a) == m
            p0 = max(s.current_player(), 0)
            assert len(s.observation_tensor(p0)) == GAME.observation_tensor_size(n, s.options)
            obs = [json.dumps(s.observation(p), sort_keys=True) for p in range(n)]
            assert len({o.replace(f'"viewer": {p}', "") for p, o in enumerate(obs)}) == 1
        s.apply(rng.choice(moves))
        steps += 1
        assert steps < 20_000
    return s


def _check_scores(s):
    pack = s.comp.pack
    assert [x["round"] for x in s.scorings] == [1, 2, 3, 4][-len(s.scorings):]
    assert len(s.scorings) == 4 or s.scorings[-1]["round"] == len(s.scorings)
    for sc in s.scorings:
        expect = [0] * s.num_players
        for cat in CATEGORIES:
            low = min(sc[cat])
            for p in range(s.num_players):
                expect[p] += pack.scoring_vp(sc[cat][p] - low)
        assert sc["vp"] == expect
    f = s.final
    low = min(f["tiles"])
    assert f["penalty"] == [-s.comp.settings.territory_penalty * (t - low) for t in f["tiles"]]
    assert f["total"] == [b + c + k + pen for b, c, k, pen in
                          zip(f["before"], f["cards"], f["coins"], f["penalty"], strict=True)]
    assert s.scores() == [float(v) for v in f["total"]]
    assert all(b >= sum(sc["vp"][p] for sc in s.scorings) for p, b in enumerate(f["before"]))
    w = s.winners()
    assert w and all(s.vp[p] == max(s.vp) for p in w)


@SETTINGS
@given(n=st.integers(2, 4), seed=st.integers(0, 10_000))
def test_random_games_finish_with_consistent_scores(n, seed):
    s = _random_game(n, seed)
    s.check_consistency()
    _check_scores(s)
    assert len(s.scorings) == 4  # rounds after A, B, C and at the end


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 4), seed=st.integers(0, 10_000))
def test_json_round_trip_and_observations_along_a_game(n, seed):
    _random_game(n, seed, check_every=7)


def test_replay_reproduces_the_game():
    s = _random_game(3, 11)
    rec = s.record()
    again = GameRecord.from_json(json.loads(json.dumps(rec.to_json())))
    final = replay(again)
    assert final.to_json()["state"] == s.to_json()["state"]


def test_observation_hides_the_stacks_order_and_contents():
    s = GAME.new_state(3, seed=4, options=OPTS)
    assert isinstance(s, GlenMore2State)
    obs = s.observation(0)
    assert obs["stacks_left"] == {k: len(v) for k, v in s.stacks.items()}
    text = json.dumps(obs)
    for t in s.stacks["D"]:
        tid = s.comp.tile_id(t)
        if t != s.comp.worlds_end and f'"{tid}"' in text:
            raise AssertionError(f"stack tile {tid} shown")
    assert obs["provisional"] and "settings.csv rondel_spaces" in obs["provisional"]


def test_heuristic_agent_finishes_and_beats_random_usually():
    wins = 0
    for seed in range(4):
        agents = [make_agent(GAME, "heuristic", seed=seed), make_agent(GAME, "random", seed=seed)]
        state = GAME.new_state(2, seed=seed, options=OPTS)
        final = play_game(state, agents)
        _check_scores(final)
        wins += 0 in final.winners()
    assert wins >= 3


def test_the_provisional_values_a_game_used_are_listed():
    from clanboard.games.glen_more_2.provenance import used_provisional

    s = _random_game(2, 21)
    used = used_provisional(s)
    keys = {(e.file, e.key) for e in used}
    assert ("settings.csv", "rondel_spaces") in keys and ("settings.csv", "die_faces") in keys
    owned = {s.comp.tile_id(t) for terr in s.terr for t in terr.tiles}
    assert {("tiles.csv", t) for t in owned} <= keys  # every owned tile is a placeholder
    assert ("settings.csv", "rebuild_covered") not in keys  # the pack has no rebuild tile
    assert "this game used" in s.render(0)
    assert set(used) <= set(s.comp.pack.provisional())


def test_bench_measures_the_game_with_its_provisional_preset():
    """`clanboard bench` starts every game with its defaults; this one refuses them."""
    from clanboard.ai.bench import run_bench

    (result,) = run_bench(["glen-more-2"], seconds=0.02)
    assert result.variant == "provisional"
