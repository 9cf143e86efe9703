"""The ladder: Bradley–Terry fits, schedules, comparisons, determinism, resume, CLI."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from clanboard.ai.arena import GameOutcome
from clanboard.ai.ladder import (
    ELO,
    bradley_terry,
    comparisons,
    plan,
    run_ladder,
    tables,
)
from clanboard.batch import InProcess, JobInterrupted, Pool
from clanboard.cli.main import app
from clanboard.core import Rng


def synthetic(strengths: list[float], games: int, rng: Rng) -> list[list[float]]:
    """Wins drawn from the Bradley–Terry model itself."""
    k = len(strengths)
    wins = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(i + 1, k):
            p = strengths[i] / (strengths[i] + strengths[j])
            for _ in range(games):
                if rng.random() < p:
                    wins[i][j] += 1
                else:
                    wins[j][i] += 1
    return wins


@settings(max_examples=15, deadline=None)
@given(st.lists(st.floats(-1.5, 1.5), min_size=2, max_size=5), st.integers(0, 2**32))
def test_the_fit_recovers_known_strengths(log_strengths: list[float], seed: int) -> None:
    """With many games the fitted ratings fall near the true ones (inside the 95%
    interval, or a small margin of it: the prior pulls slightly towards equality)."""
    strengths = [math.exp(x) for x in log_strengths]
    wins = synthetic(strengths, 2000, Rng(seed))
    labels = [f"a{i}" for i in range(len(strengths))]
    fit = bradley_terry(wins, labels, anchor=0)
    for i, x in enumerate(log_strengths):
        true = ELO * (x - log_strengths[0])
        lo, hi = fit.interval(i)
        margin = 0.5 * (hi - lo)
        assert lo - margin <= true <= hi + margin, (i, true, fit.ratings[i], (lo, hi))
    assert fit.ratings[0] == 0.0 and fit.half_widths[0] == 0.0


def test_exact_proportions_give_the_elo_difference() -> None:
    """Three wins in four is a strength ratio of 3: 400·log10(3) ≈ 190.8 Elo (a tiny
    prior barely moves it)."""
    fit = bradley_terry([[0, 750], [250, 0]], ["a", "b"], anchor=1, prior=1e-6)
    assert fit.ratings[0] == pytest.approx(400 * math.log10(3), abs=0.05)
    assert fit.ratings[1] == 0.0


def test_an_agent_that_never_loses_gets_a_finite_rating() -> None:
    wins = [[0, 20, 20], [0, 0, 12], [0, 8, 0]]
    fit = bradley_terry(wins, ["best", "b", "c"], anchor=1)
    assert all(math.isfinite(r) for r in fit.ratings)
    assert all(math.isfinite(h) and h > 0 for h in fit.half_widths[:1] + fit.half_widths[2:])
    assert fit.ratings[0] > fit.ratings[2] + 200
    # more wins without a loss: higher, still finite; a weaker prior lets it climb higher
    more = bradley_terry([[0, 200, 200], [0, 0, 12], [0, 8, 0]], ["best", "b", "c"], anchor=1)
    weak = bradley_terry(wins, ["best", "b", "c"], anchor=1, prior=0.1)
    assert fit.ratings[0] < more.ratings[0] < math.inf
    assert fit.ratings[0] < weak.ratings[0] < math.inf
    with pytest.raises(ValueError, match="prior must be positive"):
        bradley_terry(wins, ["best", "b", "c"], prior=0)


def test_agents_that_never_met_are_linked_by_the_prior() -> None:
    wins = [[0, 5, 0], [5, 0, 0], [0, 0, 0]]
    fit = bradley_terry(wins, ["a", "b", "c"], anchor=0)
    assert all(math.isfinite(h) for h in fit.half_widths)


def test_tables_and_schedule() -> None:
    assert tables(3, 2) == [(0, 1), (0, 2), (1, 2)]
    assert tables(4, 3) == [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    assert tables(2, 3) == [(0, 0, 1), (0, 1, 1)]  # repeats, never all alike
    tasks = plan("schotten-totten", ["random", "heuristic", "ismcts:easy"], 4, 9, 2, {})
    assert len(tasks) == 12
    by_table = [tasks[i:i + 4] for i in range(0, 12, 4)]
    for t in by_table:  # each deal played twice with the seats swapped
        assert t[0].seed == t[1].seed != t[2].seed == t[3].seed
        assert t[0].seat_agents == t[1].seat_agents[::-1]
    assert [t[0].seed for t in by_table] == [by_table[0][0].seed] * 3  # same deals per table


def outcome(seat_agents: tuple[int, ...], returns: list[float]) -> GameOutcome:
    n = len(returns)
    return GameOutcome(0, seat_agents, returns, [0.0] * n, [0.0] * n, [0] * n, [0.0] * n, 1)


def test_comparisons_from_multi_player_games() -> None:
    wins, played = comparisons([
        outcome((0, 1, 2), [1.0, 0.0, 0.0]),  # 0 beats 1 and 2; 1 vs 2 tells nothing
        outcome((0, 1, 2), [0.0, 0.5, 0.5]),  # 1 and 2 share: half each; both beat 0
        outcome((2, 2, 0), [0.0, 1.0, 0.0]),  # the same agent twice: one comparison (2 over 0)
    ], 3)
    assert wins[0] == [0.0, 1.0, 1.0] and played[0] == [0.0, 2.0, 3.0]
    assert wins[1] == [1.0, 0.0, 0.5] and played[1][2] == 1.0
    assert wins[2] == [2.0, 0.5, 0.0]


def test_same_seed_same_ladder_in_process_and_in_a_pool() -> None:
    args = ("schotten-totten", ["random", "heuristic", "ismcts:20"], 4, 5)
    a = run_ladder(*args, backend=InProcess()).to_json()
    b = run_ladder(*args, backend=Pool(2)).to_json()
    for r in (a, b):
        r.pop("seconds")
    assert a == b
    c = run_ladder("schotten-totten", ["random", "heuristic", "ismcts:20"], 4, 6,
                   backend=InProcess()).to_json()
    assert c["pairwise"] != a["pairwise"] or c["ratings"] != a["ratings"]


def test_a_resumed_ladder_finishes_like_an_uninterrupted_one(tmp_path: Path) -> None:
    args = ("schotten-totten", ["random", "heuristic"], 6, 3)
    seen = []

    def stop_after_three(done: int, total: int) -> None:
        seen.append(done)
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(JobInterrupted):
        run_ladder(*args, backend=InProcess(), folder=tmp_path / "j",
                   progress=stop_after_three)
    resumed_from = []
    resumed = run_ladder(*args, backend=InProcess(), folder=tmp_path / "j", resume=True,
                         progress=lambda d, t: resumed_from.append(d)).to_json()
    whole = run_ladder(*args, backend=InProcess()).to_json()
    assert resumed_from[0] == 3  # the finished games were not replayed
    for r in (resumed, whole):
        r.pop("seconds")
    assert resumed == whole


def test_cli_ladder_ranks_heuristic_above_random(tmp_path: Path) -> None:
    history = tmp_path / "ladder.jsonl"
    runner = CliRunner()
    args = ["ladder", "schotten-totten", "--agents", "random,heuristic", "--games", "6",
            "--seed", "1", "--workers", "1", "--variant", "base", "--history", str(history)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.output and "anchor" in result.output
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [r["agent"] for r in data["ratings"]] == ["heuristic", "random"]
    assert data["anchor"] == "random" and data["ratings"][1]["elo"] == 0.0
    heuristic = data["ratings"][0]
    assert heuristic["elo"] > 0 and heuristic["ci95"][0] < heuristic["elo"]
    lines = [json.loads(line) for line in history.read_text().splitlines()]
    assert len(lines) == 2 and lines[0]["ratings"] == lines[1]["ratings"]
    assert lines[0]["agents"] == ["random", "heuristic"] and "date" in lines[0]
    assert lines[0]["ratings"]["heuristic"]["elo"] == round(heuristic["elo"], 1)


@pytest.mark.parametrize("args, error", [
    (["--agents", "random"], "at least two agents"),
    (["--agents", "random,nobody"], "no agent 'nobody'"),
    (["--agents", "random,heuristic", "--players", "5"], "players"),
    (["--agents", "random,heuristic", "--games", "0"], "at least 1"),
])
def test_cli_ladder_bad_input(args: list[str], error: str) -> None:
    result = CliRunner().invoke(app, ["ladder", "schotten-totten", "--workers", "1", *args])
    assert result.exit_code == 2
    assert error in result.output
