"""A job stopped part-way (Ctrl-C, a callback, a failing task) resumes from its journal
and finishes with the same totals as an uninterrupted run, without replaying games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from clanboard import batch
from clanboard.ai.arena import (
    GameOutcome,
    agent_labels,
    arena_job,
    check,
    plan,
    play,
    run_arena,
    summarise,
)
from clanboard.batch import BatchError, InProcess, JobInterrupted, Pool, read_journal
from clanboard.cli.main import app

GAME = "schotten-totten"
AGENTS = ["heuristic", "random"]
GAMES = 20


def untimed(report: Any) -> list[dict[str, Any]]:
    return [{k: v for k, v in a.to_json().items() if "decision_s" not in k}
            for a in report.agents]


def stop_after(k: int) -> batch.Progress:
    def progress(done: int, total: int) -> None:
        if done >= k:
            raise KeyboardInterrupt
    return progress


@pytest.mark.parametrize("backend", [InProcess(), Pool(2)], ids=["in-process", "pool"])
def test_interrupted_arena_resumes_to_the_same_totals(tmp_path: Path,
                                                      backend: batch.Backend) -> None:
    whole = run_arena(GAME, AGENTS, GAMES, seed=4, workers=1)
    with pytest.raises(JobInterrupted, match=f"--resume {tmp_path}") as stop:
        run_arena(GAME, AGENTS, GAMES, seed=4, save_dir=tmp_path, backend=backend,
                  progress=stop_after(7))
    _, done = read_journal(tmp_path)
    assert len(done) == stop.value.done >= 7
    assert len(list(tmp_path.glob("game-*.json"))) == len(done)
    replayed: list[int] = []
    resumed = run_arena(GAME, AGENTS, GAMES, seed=4, save_dir=tmp_path, backend=backend,
                        resume=True, on_game=lambda o: replayed.append(o.index))
    assert sorted(replayed) == sorted(set(range(GAMES)) - set(done))  # none played twice
    assert resumed.games == GAMES and untimed(resumed) == untimed(whole)
    assert resumed.seat_points == whole.seat_points
    assert len(list(tmp_path.glob("game-*.json"))) == GAMES


def test_a_job_stopped_by_a_failing_task_resumes(tmp_path: Path) -> None:
    n, opts = check(GAME, AGENTS)
    labels = agent_labels(AGENTS)
    tasks = plan(GAME, AGENTS, GAMES, 8, n, opts)
    job = arena_job(tasks, labels)
    broken = batch.Job("arena", _crash_on_game_12, tasks, job.store, job.restore)
    with pytest.raises(batch.TaskFailed, match="task 13 failed: RuntimeError: node lost"):
        batch.run(broken, InProcess(), folder=tmp_path)
    assert sorted(read_journal(tmp_path)[1]) == list(range(12))
    resumed = batch.run(job, InProcess(), folder=tmp_path, resume=True)
    whole = batch.run(job, InProcess())
    report = summarise(resumed, labels, GAME, n, opts, 8)
    assert untimed(report) == untimed(summarise(whole, labels, GAME, n, opts, 8))
    assert [o.returns for o in resumed] == [o.returns for o in whole]


def _crash_on_game_12(task: Any) -> GameOutcome:
    if task.index == 12:
        raise RuntimeError("node lost")
    return play(task)


def test_a_folder_holds_one_job(tmp_path: Path) -> None:
    run_arena(GAME, AGENTS, 4, seed=1, workers=1, save_dir=tmp_path)
    with pytest.raises(BatchError, match="already holds a job.*--resume"):
        run_arena(GAME, AGENTS, 4, seed=1, workers=1, save_dir=tmp_path)
    with pytest.raises(BatchError, match="different job"):
        run_arena(GAME, AGENTS, 4, seed=2, workers=1, save_dir=tmp_path, resume=True)
    again = run_arena(GAME, AGENTS, 4, seed=1, workers=1, save_dir=tmp_path, resume=True)
    assert again.games == 4  # everything was done: nothing to play


def test_damaged_journals(tmp_path: Path) -> None:
    run_arena(GAME, AGENTS, 4, seed=1, workers=1, save_dir=tmp_path)
    path = tmp_path / "journal.jsonl"
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:3]) + "\n" + lines[3][:25])  # killed mid-line
    assert sorted(read_journal(tmp_path)[1]) == [0, 1]
    path.write_text("\n".join([lines[0], "{oops", *lines[2:]]) + "\n")
    with pytest.raises(BatchError, match="line 2 is damaged"):
        read_journal(tmp_path)
    path.write_text("not json\n")
    with pytest.raises(BatchError, match="not a clanboard batch journal|damaged"):
        read_journal(tmp_path)
    with pytest.raises(BatchError, match="holds no batch job"):
        read_journal(tmp_path / "nowhere")


def test_cli_resume_finishes_a_cut_journal(tmp_path: Path) -> None:
    runner = CliRunner()
    whole_dir, cut_dir = tmp_path / "whole", tmp_path / "cut"
    args = ["arena", GAME, "-a", ",".join(AGENTS), "-n", "10", "-s", "3", "-w", "2", "--json"]
    whole = runner.invoke(app, [*args, "--save-dir", str(whole_dir)])
    assert whole.exit_code == 0, whole.output
    assert "heuristic vs random: 10/10 games (100%)" in whole.stderr  # piped: plain lines
    # the state after a crash: 4 games journalled, their records saved, a line cut short
    cut_dir.mkdir()
    lines = (whole_dir / "journal.jsonl").read_text().splitlines()
    (cut_dir / "journal.jsonl").write_text("\n".join(lines[:5]) + "\n" + lines[5][:30])
    for line in lines[1:5]:
        name = f"game-{json.loads(line)['task'] + 1:05d}.json"
        (cut_dir / name).write_text((whole_dir / name).read_text())
    resumed = runner.invoke(app, ["arena", "--resume", str(cut_dir), "--json", "-w", "1"])
    assert resumed.exit_code == 0, resumed.output

    def report(text: str) -> dict[str, Any]:
        data = json.loads(text[text.index("{"):])
        data.pop("seconds")
        for a in data["agents"]:
            a.pop("mean_decision_s"), a.pop("max_decision_s")
        return data

    assert report(resumed.stdout) == report(whole.stdout)
    assert "4/10 games (40%)" in resumed.stderr.splitlines()[0]  # starts from what was done
    for f in whole_dir.glob("game-*.json"):
        assert (cut_dir / f.name).read_text() == f.read_text()
    wrong = runner.invoke(app, ["arena", "toy-duel", "--resume", str(cut_dir)])
    assert wrong.exit_code == 2 and "not toy-duel" in wrong.output
    none = runner.invoke(app, ["arena", "-n", "3"])
    assert none.exit_code == 2 and "--resume" in none.output


def test_cli_ray_without_ray_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)
    result = CliRunner().invoke(app, ["arena", GAME, "-a", "random,random", "--ray", "auto"])
    assert result.exit_code == 2 and "clanboard[cluster]" in result.output
