"""Property tests: random 2-5 player games finish with consistent scores; JSON round-trip;
deterministic replay; illegal moves raise and change nothing; no hidden order leaks;
the RL encodings are consistent."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clanboard.core import GameRecord, IllegalMove, Rng, make_agent, play_game, replay
from clanboard.games.glen_more.data import table_vp
from clanboard.games.glen_more.encoding import NUM_ACTIONS
from clanboard.games.glen_more.moves import SELL
from tests.glen_more.helpers import GAME

SETTINGS = settings(max_examples=20, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

BAD = ["take T99", "take S1", "place 9,9", "pay wood 0,0", "buy cattle", "sell grain 7,7",
       "pay clansman 3,3", "pay chieftain", "gain wood", "act 5,5", "act 0,0:3",
       "move 0,0>4,4", "retire 6,6", "end", "roll 2", "draw T01", "pass T01"]


def _random_game(n, seed, check_every=0):
    s = GAME.new_state(n, seed=seed)
    rng = Rng(seed * 31 + n)
    steps = 0
    while not s.is_terminal():
        moves = s.legal_moves()
        assert moves, f"no legal move in {s.observation(None)['phase']}"
        if check_every and steps % check_every == 0:
            s.check_consistency()
            data = s.to_json()
            back = GAME.state_from_json(json.loads(json.dumps(data)))
            assert back.to_json() == data
            assert [str(m) for m in back.legal_moves()] == [str(m) for m in moves]
            for m in moves:
                a = s.move_to_action(m)
                assert 0 <= a < NUM_ACTIONS
                assert s.action_to_move(a) == m
            assert len(s.observation_tensor(s.current_player())) == \
                GAME.observation_tensor_size(n, {})
        s.apply(rng.choice(moves))
        steps += 1
        assert steps < 5000
    return s


def _check_scores(s):
    n = s.num_players
    assert len(s.scorings) == 3 and [x["round"] for x in s.scorings] == [1, 2, 3]
    for sc in s.scorings:
        expect = [0] * n
        for cat in ("whisky", "chieftains", "cards"):
            low = min(sc[cat])
            for p in range(n):
                expect[p] += table_vp(sc[cat][p] - low)
        assert sc["vp"] == expect
    f = s.final
    low = min(f["tiles"])
    assert f["penalty"] == [-3 * (t - low) for t in f["tiles"]]
    assert f["tiles"] == [len(t) for t in s.terr]
    for p in range(n):
        assert s.vp[p] == f["before"][p] + f["cards"][p] + f["coins"][p] + f["penalty"][p]
        assert f["total"][p] == s.vp[p]
    assert s.scores() == [float(v) for v in s.vp]
    w = s.winners()
    assert w and all(s.vp[p] == max(s.vp) for p in w)
    assert abs(sum(s.returns()) - 1) < 1e-9
    s.check_consistency()


@SETTINGS
@given(n=st.integers(2, 5), seed=st.integers(0, 2**32))
def test_random_games_finish_with_consistent_scores(n, seed):
    s = _random_game(n, seed)
    assert s.is_terminal()
    _check_scores(s)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_round_trip_encodings_and_consistency_along_a_game(n):
    s = _random_game(n, 100 + n, check_every=7)
    _check_scores(s)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_heuristic_games_finish(n):
    agents = [make_agent(GAME, "heuristic", seed=p) for p in range(n)]
    s = play_game(GAME.new_state(n, seed=n), agents)
    _check_scores(s)


@SETTINGS
@given(n=st.integers(2, 5), seed=st.integers(0, 2**32))
def test_replay_is_deterministic(n, seed):
    s = _random_game(n, seed)
    record = GameRecord.from_json(json.loads(json.dumps(s.record().to_json())))
    again = replay(record)
    assert again.to_json() == s.to_json()


def test_replay_with_explicit_chance_moves():
    s = GAME.new_state(3, seed=4, auto_chance=False)
    rng = Rng(4)
    while not s.is_terminal():
        if s.is_chance():
            s.apply(s.sample_chance(rng))
        else:
            s.apply(rng.choice(s.legal_moves()))
    rec = s.record()
    assert any(p == -1 and m.startswith(("draw", "roll")) for p, m in rec.moves)
    assert replay(rec).to_json() == s.to_json()


@SETTINGS
@given(n=st.integers(2, 5), seed=st.integers(0, 2**20), steps=st.integers(0, 120))
def test_illegal_moves_raise_and_change_nothing(n, seed, steps):
    s = GAME.new_state(n, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_moves()))
    before = json.dumps(s.to_json(), sort_keys=True)
    legal = {str(m) for m in s.legal_moves()}
    for text in BAD:
        if text in legal:
            continue
        with pytest.raises(IllegalMove):
            s.apply(text)
        assert json.dumps(s.to_json(), sort_keys=True) == before
    for junk in ("", "hello", "take", "place 1", "act 1,1:9", "move 1,1"):
        with pytest.raises(IllegalMove):
            s.apply(junk)
    if not s.is_terminal() and s.current_player() >= 0:
        other = (s.current_player() + 1) % n
        with pytest.raises(IllegalMove, match="not player"):
            s.apply(sorted(legal)[0], player=other)
    assert json.dumps(s.to_json(), sort_keys=True) == before


@SETTINGS
@given(n=st.integers(2, 5), seed=st.integers(0, 2**20), steps=st.integers(0, 150))
def test_observations_never_reveal_the_stacks_order(n, seed, steps):
    s = GAME.new_state(n, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_moves()))
    twin = s.clone()
    twin.rng = Rng(seed ^ 0xABCDEF)  # same position, a different hidden future
    for p in [*range(n), None]:
        assert s.observation(p) == twin.observation(p)
        if p is not None:
            assert s.observation_tensor(p) == twin.observation_tensor(p)
    obs = s.observation(0)
    for stack in obs["stacks"]["remaining"]:
        assert stack == sorted(stack)
    assert str(s.rng.state) not in json.dumps(obs)
    d = s.determinize(0, Rng(seed + 1))
    assert d.observation(0) == s.observation(0)


def test_render_shows_track_market_and_territories():
    s = _random_game(3, 11)
    text = s.render(0)
    assert "Track" in text and "Market" in text
    assert text.count("Player ") >= 3
    assert "Final" in text
    mid = GAME.new_state(4, seed=2)
    assert "Start" in mid.render(None)


def test_integer_encodings_cover_chance_and_player_moves():
    n = 3
    size = GAME.num_distinct_actions(n, {})
    chance = GAME.max_chance_outcomes(n, {})
    longest = GAME.max_game_length(n, {})
    s = GAME.new_state(n, seed=8, auto_chance=False)
    rng = Rng(8)
    length = 0
    while not s.is_terminal():
        if s.is_chance():
            outcomes = s.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            actions = [s.move_to_action(m) for m, _ in outcomes]
            assert len(set(actions)) == len(actions) and all(0 <= a < chance for a in actions)
            assert [s.action_to_move(a) for a in actions] == [m for m, _ in outcomes]
            s.apply(s.sample_chance(rng))
        else:
            actions = [s.move_to_action(m) for m in s.legal_moves()]
            assert len(set(actions)) == len(actions) and all(0 <= a < size for a in actions)
            s.apply(s.action_to_move(rng.choice(actions)))
        length += 1
    assert length <= longest
    with pytest.raises(ValueError):
        GAME.new_state(n, seed=1).action_to_move(size + 5)


def test_corrupt_states_are_refused_with_a_reason():
    from clanboard.core import InvalidState

    s = GAME.new_state(3, seed=2)
    good = s.to_json()

    def broken(change):
        data = json.loads(json.dumps(good))
        change(data["state"])
        with pytest.raises(InvalidState) as exc:
            GAME.state_from_json(data)
        return str(exc.value)

    def dup(b):
        b["stacks"][1].append(b["stacks"][1][0])

    assert "exactly one place" in broken(dup)
    assert "0-3 resources" in broken(lambda b: b["territories"][0][0].update(res=[4, 0, 0, 0, 0]))
    assert "unknown tile" in broken(lambda b: b["track"].__setitem__(5, "T99"))
    assert "market" in broken(lambda b: b["market"].__setitem__(0, 7))
    assert "lacks" in broken(lambda b: b.pop("phase"))
    assert "figure" in broken(lambda b: b["track"].__setitem__(0, 2))
    assert GAME.state_from_json(good).to_json() == good


@pytest.mark.parametrize("n", [2, 5])
def test_search_hints_give_legal_moves(n):
    hints = GAME.search_hints()
    s = GAME.new_state(n, seed=n)
    rng = Rng(n)
    positions_with_sales = 0
    while not s.is_terminal():
        seat = s.current_player()
        m = hints.rollout_move(s, seat, rng)
        assert m in s.legal_moves()
        legal = s.legal_moves()
        sales = [m for m in legal if getattr(m, "op", None) == SELL]
        positions_with_sales += bool(sales)
        # every legal move, in their order, the sales last
        assert hints.candidate_moves(s, seat) == [m for m in legal if m not in sales] + sales
        s.apply(m)
    _check_scores(s)
    assert positions_with_sales


def test_render_is_valid_rich_markup_all_game_long():
    import io

    from rich.console import Console

    console = Console(width=120, file=io.StringIO())
    s = GAME.new_state(5, seed=21)
    rng = Rng(21)
    while not s.is_terminal():
        if rng.random() < 0.2:
            console.print(s.render(s.current_player()))
        s.apply(rng.choice(s.legal_moves()))
    console.print(s.render(None))


@pytest.mark.slow
def test_soak_many_games_with_invariants_every_move():
    for seed in range(300):
        n = 2 + seed % 4
        s = GAME.new_state(n, seed=seed)
        rng = Rng(seed)
        heuristic = [make_agent(GAME, "heuristic", seed=seed + p) for p in range(n)]
        smart = seed % 2 == 0
        while not s.is_terminal():
            s.check_consistency()
            seat = s.current_player()
            moves = s.legal_moves()
            assert len(set(moves)) == len(moves)
            move = heuristic[seat].choose(s, seat) if smart else rng.choice(moves)
            s.apply(move)
        _check_scores(s)
