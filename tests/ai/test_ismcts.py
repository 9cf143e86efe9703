"""The ISMCTS searcher on every game: legality, budgets, determinism, no peeking, strength."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from clanboard.ai import ISMCTS, LEVELS, ISMCTSAgent, SearchConfig, parse_level
from clanboard.ai.agent import TUNED
from clanboard.ai.ismcts import hints_for
from clanboard.core import CHANCE, Game, Rng, SearchHints, State, get_game, make_agent
from tests.ai.games import RaceGame
from tests.ai.helpers import hidden_positions, mover, positions
from tests.support.options import start_options


def test_never_returns_an_illegal_move(game: Game) -> None:
    """Whole games of ISMCTS against itself and random: every move is validated by apply()."""
    for g in range(2):
        state = game.new_state(None, seed=g, options=start_options(game))
        agents = [make_agent(game, "ismcts:25", seed=g + seat) if (seat + g) % 2 == 0
                  else make_agent(game, "random", seed=seat) for seat in range(state.num_players)]
        agents[0] = make_agent(game, "ismcts:25", seed=g)
        steps = 0
        while state.players_to_move():
            seat = state.players_to_move()[0]
            before = state.to_json()
            move = agents[seat].choose(state, seat)
            assert state.to_json() == before, "choose() must not change the real state"
            assert move in state.legal_moves(seat)
            state.apply(move, seat)
            steps += 1
            assert steps < 5000
        assert state.is_terminal()


def test_respects_the_iteration_budget(game: Game) -> None:
    for state in positions(game, 3, seed=1):
        seat = mover(state)
        result = ISMCTS(SearchConfig(iterations=37), seed=3).search(state, seat)
        assert result.move in state.legal_moves(seat)
        candidates = hints_for(game).candidate_moves(state.determinize(seat, Rng(0)), seat)
        if len(candidates) == 1:  # the game's hints leave one move: played at once
            assert result.iterations == 0 and str(result.move) == str(candidates[0])
            continue
        assert result.iterations == 37
        assert sum(v for v, _ in result.children.values()) == 37


def test_respects_the_time_budget_loosely() -> None:
    game = get_game("test-bids")
    state = game.new_state(3, seed=0)
    result = ISMCTS(SearchConfig(iterations=None, seconds=0.05), seed=0).search(state, 0)
    assert result.iterations >= 1
    assert result.seconds < 5.0  # loose: the budget is checked between iterations
    assert sum(v for v, _ in result.children.values()) == result.iterations


def test_a_cpu_budget_counts_the_search_threads_cpu_time_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``cpu_clock`` reads the thread's CPU clock: wall time that passes while the
    machine serves others does not end the search, CPU time spent does."""
    state = get_game("test-bids").new_state(3, seed=0)
    ticks = iter(range(10**9))
    monkeypatch.setattr("time.perf_counter", lambda: next(ticks) * 10.0)  # wall races
    monkeypatch.setattr("time.thread_time", lambda: 0.0)  # no CPU time spent
    on_cpu = SearchConfig(iterations=300, seconds=1.0, cpu_clock=True)
    assert ISMCTS(on_cpu, seed=0).search(state, 0).iterations == 300
    on_wall = replace(on_cpu, cpu_clock=False)
    assert ISMCTS(on_wall, seed=0).search(state, 0).iterations == 1
    monkeypatch.setattr("time.thread_time", lambda: next(ticks) * 10.0)  # CPU races
    assert ISMCTS(on_cpu, seed=0).search(state, 0).iterations == 1


def test_a_forced_move_needs_no_search() -> None:
    state = get_game("test-race").new_state(2)
    for m in (2, 2, 2, 2):
        state.apply(m)  # total 8, seat 0 to move: 1 or 2
    state.apply(1)  # total 9: seat 1 can only add 1
    result = ISMCTS(SearchConfig(iterations=50), seed=0).search(state, 1)
    assert result.move == 1 and result.iterations == 0


def test_a_move_the_hints_force_needs_no_search() -> None:
    """A claim is never worse than not claiming: with one stone to claim and ``done``,
    Schotten Totten's hints leave one candidate, and the search answers at once."""
    game = get_game("schotten-totten")
    rng = Rng(4)
    for _ in range(200):
        state = game.new_state(seed=rng.next_u64() >> 1)
        while state.players_to_move() and state.observation(None)["phase"] != "claim":
            seat = state.players_to_move()[0]
            state.apply_trusted(rng.choice(state.legal_moves(seat)), seat)
        if state.players_to_move() and len(state.legal_moves()) == 2:
            break
    seat = state.players_to_move()[0]
    result = ISMCTS(SearchConfig(iterations=500), seed=0).search(state, seat)
    assert result.iterations == 0 and str(result.move).startswith("claim")


class _PreferOne(SearchHints):
    def move_priors(self, state: State, player: int, moves: list[Any]) -> list[float] | None:
        return [1.0 if m == 1 else 0.0 for m in moves]


class _RaceWithPriors(RaceGame):
    id = "test-race-priors"

    def search_hints(self) -> SearchHints:
        return _PreferOne()


def test_widening_tries_moves_in_prior_order() -> None:
    """Progressive widening: a node visited n times considers only its
    ceil(widening * (n + 1) ** power) best moves by the game's priors."""
    state = _RaceWithPriors().new_state(2)
    narrow = SearchConfig(iterations=300, widening=0.5, widening_power=0.1)  # width 1 here
    assert set(ISMCTS(narrow, seed=1).search(state, 0).children) == {"1"}
    wide = SearchConfig(iterations=300, widening=1.0, widening_power=0.5)  # width 2 at once
    assert set(ISMCTS(wide, seed=1).search(state, 0).children) == {"1", "2"}
    # a game without priors is searched in full whatever the widening
    plain = get_game("test-race").new_state(2)
    assert set(ISMCTS(narrow, seed=1).search(plain, 0).children) == {"1", "2"}


class _RankForSeatOne(SearchHints):
    def move_priors(self, state: State, player: int, moves: list[Any]) -> list[float] | None:
        return [1.0 if m == 1 else 0.0 for m in moves] if player == 1 else None


class _RaceRankedForSeatOne(RaceGame):
    id = "test-race-seat-one-priors"

    def search_hints(self) -> SearchHints:
        return _RankForSeatOne()


def test_widening_holds_where_the_game_ranks_moves() -> None:
    """A game may rank moves only in some positions: the nodes it ranks stay narrow
    although nodes below them have no priors."""
    state = _RaceRankedForSeatOne().new_state(2)
    state.apply(1)  # seat 1 to move: ranked; seat 0's answers are not
    narrow = SearchConfig(iterations=300, widening=0.5, widening_power=0.1)  # width 1 here
    assert set(ISMCTS(narrow, seed=1).search(state, 1).children) == {"1"}


def test_deterministic_under_a_seed(game: Game) -> None:
    for state in positions(game, 3, seed=2):
        seat = mover(state)
        runs = [ISMCTS(SearchConfig(iterations=60), seed=11).search(state, seat)
                for _ in range(2)]
        assert runs[0].move == runs[1].move
        assert runs[0].children == runs[1].children


def test_the_seed_matters() -> None:
    state = get_game("toy-duel").new_state(seed=4)
    seen = {json.dumps(ISMCTS(SearchConfig(iterations=30), seed=s).search(state, 0).children,
                       sort_keys=True) for s in range(6)}
    assert len(seen) > 1


def test_determinize_depends_only_on_the_observation(game: Game) -> None:
    """Game contract the search relies on: two states that differ only in what ``seat``
    cannot see give the same determinization from the same generator."""
    if not game.imperfect_information:
        pytest.skip("perfect information")
    for state in positions(game, 4, seed=3):
        seat = mover(state)
        twin = state.determinize(seat, Rng(12345))
        assert twin.observation(seat) == state.observation(seat)
        assert state.determinize(seat, Rng(7)).to_json() == twin.determinize(seat, Rng(7)).to_json()


def test_never_looks_at_hidden_information(game: Game) -> None:
    """Two states that differ only in information hidden from the searching seat (the
    second re-deals it with determinize) give the same search, move and statistics."""
    if not game.imperfect_information:
        pytest.skip("perfect information")
    differed = 0
    for state in positions(game, 4, seed=4) + hidden_positions(game, 1, seed=4):
        seat = mover(state)
        twin = state.determinize(seat, Rng(999))
        differed += twin.to_json()["state"] != state.to_json()["state"]
        a = ISMCTS(SearchConfig(iterations=80), seed=5).search(state, seat)
        b = ISMCTS(SearchConfig(iterations=80), seed=5).search(twin, seat)
        assert a.move == b.move
        assert a.children == b.children
    assert differed, "the twins never differed: the test would prove nothing"


def test_simultaneous_step_hidden_commitment_is_not_seen() -> None:
    """Seat 2 searches after seats 0 and 1 committed: their bids must not matter."""
    game = get_game("test-bids")
    results = []
    for bids in ((1, 1), (3, 2), (2, 3)):
        state = game.new_state(3)
        state.apply(bids[0], player=0)
        state.apply(bids[1], player=1)
        results.append(ISMCTS(SearchConfig(iterations=200), seed=8).search(state, 2))
    assert all(r.children == results[0].children for r in results)
    assert results[0].move in (1, 2, 3)


def test_simultaneous_step_any_waiting_seat_may_search() -> None:
    state = get_game("test-bids").new_state(3)
    state.apply(2, player=1)
    for seat in (0, 2):
        result = ISMCTS(SearchConfig(iterations=50), seed=1).search(state, seat)
        assert result.move in state.legal_moves(seat)
    with pytest.raises(ValueError, match="no legal move"):
        ISMCTS(SearchConfig(iterations=50), seed=1).search(state, 1)


def test_works_without_auto_chance() -> None:
    """A state that stops at chance nodes (as OpenSpiel drives it) is searched too."""
    game = get_game("toy-duel")
    state = game.new_state(seed=3, auto_chance=False)
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(state.rng))
    result = ISMCTS(SearchConfig(iterations=100), seed=2).search(state, 0)
    assert result.move in state.legal_moves(0)
    assert not state.auto_chance  # the real state is untouched


@pytest.mark.parametrize("total,moves,seat,best", [
    (0, [], 0, 1),            # two players: leave 9 to go, a multiple of 3
    (2, [1, 1], 0, 2),
    (5, [2, 2, 1], 1, 2),     # 5 -> 7 leaves 3
])
def test_finds_the_winning_move_two_players(total: int, moves: list[int], seat: int,
                                            best: int) -> None:
    state = get_game("test-race").new_state(2)
    for m in moves:
        state.apply(m)
    assert state.observation(0)["total"] == total and state.current_player() == seat
    assert ISMCTS(SearchConfig(iterations=3000), seed=1).search(state, seat).move == best


def test_stops_early_once_the_choice_cannot_change() -> None:
    """A clear win is found long before the budget runs out, and the answer is the one
    the whole budget gives; a budget too small to settle anything is used in full."""
    state = get_game("test-race").new_state(3)
    for m in (2, 2, 2, 1, 1):  # seat 2 wins by adding 2
        state.apply(m)
    full = ISMCTS(SearchConfig(iterations=3000), seed=1).search(state, 2)
    early = ISMCTS(SearchConfig(iterations=3000, stop_early=True), seed=1).search(state, 2)
    assert early.move == full.move == 2
    assert early.iterations < full.iterations == 3000
    leader, runner_up = sorted((v for v, _ in early.children.values()), reverse=True)[:2]
    assert leader - runner_up > 3000 - early.iterations  # nothing left could overtake it
    short = ISMCTS(SearchConfig(iterations=60, stop_early=True), seed=1).search(state, 2)
    assert short.iterations == 60


def test_early_stopping_keeps_the_decision(game: Game) -> None:
    """On every game, an iteration budget with early stopping picks the same move."""
    for state in positions(game, 2, seed=4):
        seat = mover(state)
        full = ISMCTS(SearchConfig(iterations=300), seed=9).search(state, seat)
        early = ISMCTS(SearchConfig(iterations=300, stop_early=True), seed=9).search(state, seat)
        assert str(early.move) == str(full.move)
        assert early.iterations <= full.iterations


def test_backs_up_each_seats_own_return_three_players() -> None:
    """Three seats: seat 2 at total 8 wins by adding 2; it must value its own win."""
    state = get_game("test-race").new_state(3)
    for m in (2, 2, 2, 1, 1):  # total 8, seat 2 to move
        state.apply(m)
    result = ISMCTS(SearchConfig(iterations=400), seed=1).search(state, 2)
    assert result.move == 2
    visits, value = result.children["2"]
    assert value == 1.0 and visits > result.children["1"][0]


def test_beats_random_at_lowest_unique_bid() -> None:
    """Three seats of bids: one searcher against two random bidders scores more."""
    game = get_game("test-bids")
    points = [0.0, 0.0, 0.0]
    for g in range(30):
        state = game.new_state(3, seed=g)
        agents = [make_agent(game, "ismcts:150", seed=g), make_agent(game, "random", seed=g),
                  make_agent(game, "random", seed=g + 100)]
        while state.players_to_move():
            seat = state.players_to_move()[0]
            state.apply(agents[seat].choose(state, seat), seat)
        for p, r in enumerate(state.returns()):
            points[p] += r
    assert points[0] > max(points[1], points[2])


def _play(state: State, names: list[str], seed: int) -> State:
    game = state.game
    agents = [make_agent(game, n, seed=seed + i) for i, n in enumerate(names)]
    while state.players_to_move():
        seat = state.players_to_move()[0]
        state.apply(agents[seat].choose(state, seat), seat)
    return state


def test_levels_and_parsing() -> None:
    assert parse_level(None) == LEVELS["normal"]
    assert parse_level("hard").seconds is not None
    assert parse_level("500") == replace(TUNED, iterations=500, seconds=None)
    assert parse_level("1.5s") == replace(TUNED, iterations=None, seconds=1.5)
    assert parse_level("1s-cpu") == replace(TUNED, iterations=None, seconds=1.0, cpu_clock=True)
    # every level searches the same way, only the budgets differ
    for level in LEVELS.values():
        assert replace(level, iterations=None, seconds=1.0) == TUNED
    for bad in ("medium", "0", "-2s", "fast", "xs-cpu", "0s-cpu"):
        with pytest.raises(ValueError):
            parse_level(bad)
    agent = make_agent(get_game("toy-duel"), "ismcts:easy", seed=1)
    assert isinstance(agent, ISMCTSAgent) and agent.name == "ismcts:easy"
    assert agent.config == LEVELS["easy"]
    default = make_agent(get_game("toy-duel"), "ismcts", seed=1)
    assert isinstance(default, ISMCTSAgent) and default.config == LEVELS["normal"]
    # the budgets grow with the level
    easy, normal, hard = (LEVELS[k] for k in ("easy", "normal", "hard"))
    assert normal.seconds is not None and hard.seconds is not None
    assert normal.seconds <= 1.0 < hard.seconds
    assert easy.iterations is not None and normal.iterations is not None
    assert hard.iterations is not None
    assert easy.iterations < normal.iterations < hard.iterations
    # easy is bound by iterations alone: the same seed, the same move on any machine
    assert easy.seconds is None


def test_search_config_rejects_no_budget() -> None:
    with pytest.raises(ValueError, match="budget"):
        SearchConfig(iterations=None, seconds=None)


def test_a_whole_toy_game_by_level_names() -> None:
    state = _play(get_game("toy-duel").new_state(seed=9), ["ismcts:easy", "ismcts:40"], 3)
    assert state.is_terminal()


@pytest.mark.parametrize("extra", [{"mast": 0.5}, {"score_weight": 0.3},
                                   {"mast": 0.9, "score_weight": 0.5},
                                   {"widening": 1.0, "widening_power": 0.3}])
def test_search_options_keep_the_guarantees(extra: dict[str, float], game: Game) -> None:
    """MAST playouts and score shaping: still legal, budgeted and reproducible."""
    for state in positions(game, 2, seed=6):
        seat = mover(state)
        cfg = SearchConfig(iterations=40, **extra)  # type: ignore[arg-type]
        a = ISMCTS(cfg, seed=2).search(state, seat)
        b = ISMCTS(cfg, seed=2).search(state, seat)
        assert a.move in state.legal_moves(seat)
        assert a.iterations == 40 and a.children == b.children


def test_mast_still_finds_the_winning_move() -> None:
    state = get_game("test-race").new_state(2)
    for m in (1, 1):
        state.apply(m)
    cfg = SearchConfig(iterations=3000, mast=0.5, score_weight=0.2)
    assert ISMCTS(cfg, seed=3).search(state, 0).move == 2


def test_a_playout_that_never_ends_is_cut_off() -> None:
    """The loop game's playout policy never stops; the search must still answer, and
    stopping (which loses at once) must not look better than staying (a draw)."""
    state = get_game("test-loop").new_state(2)
    result = ISMCTS(SearchConfig(iterations=30), seed=1).search(state, 0)
    assert result.iterations == 30
    assert result.move == "stay"
    assert result.children["stop"][1] == 0.0 and result.children["stay"][1] > 0.0
