"""Tournaments: Wilson intervals, fair seating, statistics, records, parallel = serial, CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from clanboard.ai.arena import (
    GameOutcome,
    agent_labels,
    check,
    plan,
    run_arena,
    summarise,
)
from clanboard.ai.stats import wilson_interval
from clanboard.cli.main import app
from clanboard.core import GameRecord, replay


@pytest.mark.parametrize("wins,n,lo,hi", [
    (5, 10, 0.2366, 0.7634),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (81, 263, 0.2553, 0.3662),
    (95, 100, 0.8882, 0.9785),
])
def test_wilson_interval_known_values(wins: int, n: int, lo: float, hi: float) -> None:
    got = wilson_interval(wins, n)
    assert got == pytest.approx((lo, hi), abs=5e-5)


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    a, b = wilson_interval(2.5, 5)  # fractional successes (shared wins) are allowed
    assert a < 0.5 < b and a == pytest.approx(1 - b)
    for bad in ((6, 5), (-1, 5), (1, -1)):
        with pytest.raises(ValueError):
            wilson_interval(*bad)


def test_labels_tell_repeated_agents_apart() -> None:
    assert agent_labels(["ismcts", "heuristic", "heuristic"]) == \
        ["ismcts", "heuristic#1", "heuristic#2"]


def test_seats_rotate_fairly_over_shared_deals() -> None:
    tasks = plan("test-bids", ["a", "b", "c"], 6, seed=1, num_players=3, options={})
    for agent in range(3):
        seats = [t.seat_agents.index(agent) for t in tasks]
        assert sorted(seats) == [0, 0, 1, 1, 2, 2]
    assert tasks[0].seed == tasks[1].seed == tasks[2].seed != tasks[3].seed
    assert len({t.agent_seeds for t in tasks}) == 6
    assert plan("test-bids", ["a", "b", "c"], 6, 1, 3, {}) == tasks  # deterministic


def test_set_up_errors_say_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="one agent per seat.*--agents random,ismcts,random"):
        check("test-bids", ["random", "ismcts"], 3)
    with pytest.raises(ValueError, match="no agent 'nobody'"):
        check("toy-duel", ["random", "nobody"])
    with pytest.raises(ValueError, match="unknown ISMCTS level"):
        check("toy-duel", ["random", "ismcts:lots"])
    with pytest.raises(ValueError, match="2-2 players"):
        check("toy-duel", ["random", "random", "random"])


def test_summary_on_known_outcomes() -> None:
    def outcome(i: int, seats: tuple[int, ...], returns: list[float],
                scores: list[float]) -> GameOutcome:
        return GameOutcome(i, seats, returns, scores, [0.5, 0.0], [5, 5], [0.2, 0.0], 10)

    outcomes = [
        outcome(0, (0, 1), [1.0, 0.0], [3, 1]),   # A wins at seat 0
        outcome(1, (1, 0), [0.0, 1.0], [0, 2]),   # A wins at seat 1
        outcome(2, (0, 1), [0.5, 0.5], [1, 1]),   # shared
        outcome(3, (1, 0), [1.0, 0.0], [4, 0]),   # B wins at seat 0
    ]
    report = summarise(outcomes, ["A", "B"], "toy-duel", 2, {}, 0)
    a, b = report.agents
    assert (a.games, a.wins, a.shared, a.losses, a.points) == (4, 2, 1, 1, 2.5)
    assert (b.wins, b.shared, b.losses, b.points) == (1, 1, 2, 1.5)
    assert a.win_rate == 0.625 and a.interval == wilson_interval(2.5, 4)
    assert a.mean_score == (3 + 2 + 1 + 0) / 4 and b.mean_score == (1 + 0 + 1 + 4) / 4
    # seat 0 thinks 0.5 s over 5 decisions per game; A sat at seat 0 in games 0 and 2
    assert a.think_seconds == pytest.approx(1.0) and a.decisions == 20
    assert a.mean_think == pytest.approx(0.05) and a.max_think == 0.2
    assert report.seat_points == [2.5, 1.5]


def test_parallel_equals_serial_and_records_replay(tmp_path: Path) -> None:
    agents = ["ismcts:30", "random"]
    serial = run_arena("toy-duel", agents, 6, seed=3, workers=1, save_dir=tmp_path / "s")
    parallel = run_arena("toy-duel", agents, 6, seed=3, workers=2, save_dir=tmp_path / "p")
    strip = [{k: v for k, v in a.to_json().items() if "decision_s" not in k}
             for a in serial.agents]
    assert strip == [{k: v for k, v in a.to_json().items() if "decision_s" not in k}
                     for a in parallel.agents]
    assert sum(a.points for a in serial.agents) == 6  # someone wins (or shares) every game
    files = sorted((tmp_path / "s").glob("*.json"))
    assert len(files) == 6
    for f in files:
        record = GameRecord.load(f)
        assert sorted(record.players or []) == ["ismcts:30", "random"]
        assert replay(record).is_terminal()
        assert f.read_text() == (tmp_path / "p" / f.name).read_text()


def test_three_player_arena() -> None:
    report = run_arena("test-bids", ["ismcts:40", "random", "random"], 3, seed=0, workers=1)
    assert [a.label for a in report.agents] == ["ismcts:40", "random#1", "random#2"]
    assert all(a.games == 3 for a in report.agents)
    assert not report.errors


def test_cli_arena_and_json(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["arena", "toy-duel", "--agents", "ismcts:20,random",
                                 "--games", "4", "--seed", "2", "--workers", "1", "--json",
                                 "--save-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout[result.stdout.index("{"):])
    assert [a["agent"] for a in data["agents"]] == ["ismcts:20", "random"]
    assert data["games"] == 4 and len(list(tmp_path.glob("*.json"))) == 4
    lo, hi = data["agents"][0]["ci95"]
    assert lo <= data["agents"][0]["win_rate"] <= hi

    table = runner.invoke(app, ["arena", "toy-duel", "-a", "random,random", "-n", "2",
                                "-w", "1"])
    assert table.exit_code == 0 and "95% CI" in table.stdout and "random#2" in table.stdout

    bad = runner.invoke(app, ["arena", "toy-duel", "-a", "random", "-n", "2"])
    assert bad.exit_code == 2 and "2-2 players" in bad.output
    bad = runner.invoke(app, ["arena", "toy-duel", "-a", "random,random", "-o", "x"])
    assert bad.exit_code != 0 and "NAME=VALUE" in bad.output


def test_report_table_is_never_cropped() -> None:
    """A narrow or piped terminal still shows every column whole (rich crops by default)."""
    from io import StringIO

    from rich.console import Console

    from clanboard.cli.arena import print_report

    report = run_arena("test-bids", ["random", "random", "random"], 3, seed=0, workers=1)
    for a in report.agents:
        a.label = f"a-long-agent-name:{a.label}"
    out = StringIO()
    print_report(Console(file=out, width=60), report, None)
    header = next(line for line in out.getvalue().splitlines() if "agent" in line)
    assert header.rstrip().endswith("max ms")
    rows = [line for line in out.getvalue().splitlines() if "a-long-agent-name:" in line]
    assert len(rows) == 3
    assert all(line.rstrip().endswith(f"{a.max_think * 1000:.0f}")
               for line, a in zip(rows, report.agents, strict=True))


def test_cli_bench_json() -> None:
    result = CliRunner().invoke(app, ["bench", "--game", "toy-duel", "--seconds", "0.05",
                                      "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout[result.stdout.index("{"):])
    (row,) = data["results"]
    assert row["game"] == "toy-duel" and row["moves_per_game"] == 6
    for key in ("games_per_s", "moves_per_s", "clone_us", "legal_moves_us",
                "determinize_us", "ismcts_iterations_per_s"):
        assert row[key] > 0, key
    bad = CliRunner().invoke(app, ["bench", "--game", "nope"])
    assert bad.exit_code == 2 and "no game 'nope'" in bad.output


def test_cli_bench_table_is_never_cropped() -> None:
    """The bench table (wider than a piped console's 80 columns) prints every column."""
    result = CliRunner().invoke(app, ["bench", "--game", "toy-duel", "--seconds", "0.05"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert any(line.rstrip().endswith("it/s opening") for line in lines), result.stdout
    (row,) = [line for line in lines if line.lstrip().startswith("toy-duel")]
    assert len(row.split()) == 11, row


def test_a_game_that_does_not_end_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two agents that always stay never finish the loop game: the arena stops each game
    at the game's length bound and reports it instead of hanging."""
    from clanboard.core import agents

    class Stayer:
        name = "stayer"

        def __init__(self, seed: int = 0, **_: object) -> None:
            pass

        def choose(self, state: object, player: int) -> str:
            return "stay"

    monkeypatch.setitem(agents._GENERIC, "test-stayer", Stayer)
    report = run_arena("test-loop", ["test-stayer", "test-stayer"], 2, workers=1)
    assert len(report.errors) == 2 and "did not end within 40 moves" in report.errors[0]
    assert all(a.points == 0 for a in report.agents)


def test_games_with_a_searching_seat_are_journalled_one_by_one(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A searched game takes seconds to minutes: the batch layer gets one game a call,
    so each is journalled as it ends; quick games keep the batch layer's chunks."""
    from clanboard import batch

    seen: list[int | None] = []
    real = batch.run

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs.get("chunk"))
        return real(*args, **kwargs)

    monkeypatch.setattr(batch, "run", spy)
    run_arena("toy-duel", ["ismcts:20", "random"], 4, seed=1, workers=1,
              save_dir=tmp_path / "a")
    run_arena("toy-duel", ["random", "random"], 4, seed=1, workers=1)
    assert seen == [1, None]
    lines = (tmp_path / "a" / "journal.jsonl").read_text().splitlines()
    assert len(lines) == 1 + 4  # the header and each game
