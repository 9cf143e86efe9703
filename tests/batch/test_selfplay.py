"""Self-play shards: deterministic for a seed, round-trip through the loader, and the
recorded action ids replay to the recorded returns."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from clanboard import batch
from clanboard.batch import BatchError, InProcess, JobInterrupted, Pool
from clanboard.batch.selfplay import load, metadata, read_table, selfplay_job
from clanboard.cli.main import app
from clanboard.core import get_game

np = pytest.importorskip("numpy")
pytest.importorskip("pyarrow", reason="the cluster extra (make setup installs it)")

GAME = "schotten-totten"
AGENTS = ["ismcts:25", "heuristic"]


def make(folder: Path, backend: batch.Backend | None = None, **kw: Any) -> list[Any]:
    job = selfplay_job(folder, GAME, AGENTS, 5, seed=11, games_per_shard=2)
    return batch.run(job, backend or InProcess(), folder=folder, **kw)


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("selfplay")
    shards = make(folder)
    assert [s["games"] for s in shards] == [2, 2, 1]
    return folder


def test_recorded_actions_replay_to_the_recorded_returns(data: Path) -> None:
    table = read_table(data).to_pylist()
    game = get_game(GAME)
    meta = metadata(data)
    assert sorted({row["game"] for row in table}) == [0, 1, 2, 3, 4]
    for g in range(5):
        rows = [r for r in table if r["game"] == g]
        assert [r["step"] for r in rows] == list(range(len(rows)))
        state = game.new_state(meta["num_players"], rows[0]["seed"], meta["options"])
        for r in rows:
            assert r["seat"] in state.players_to_move() and r["ply"] == len(state.history)
            assert state.observation_tensor(r["seat"]) == pytest.approx(r["observation"])
            legal = {state.move_to_action(m): m for m in state.legal_moves(r["seat"])}
            assert sorted(legal) == r["legal_actions"]
            state.apply(legal[r["action"]], r["seat"])
        assert state.is_terminal()
        assert state.returns() == rows[0]["returns"] == rows[-1]["returns"]
        # agents rotate one seat per game
        assert all(r["agent"] == AGENTS[(r["seat"] + g) % 2] for r in rows)


def test_visit_counts_are_the_search_agents(data: Path) -> None:
    rows = read_table(data).to_pylist()
    searched = [r for r in rows if r["visit_actions"] is not None]
    assert searched and all(r["agent"] == "ismcts:25" for r in searched)
    assert not any(r["visit_actions"] for r in rows if r["agent"] == "heuristic")
    for r in searched:
        assert set(r["visit_actions"]) <= set(r["legal_actions"])
        assert 0 < sum(r["visit_counts"]) <= 25 and min(r["visit_counts"]) > 0
        # the move played is the most visited (ISMCTS plays its most visited child)
        best = max(r["visit_counts"])
        assert r["visit_counts"][r["visit_actions"].index(r["action"])] == best


def test_loader_batches_round_trip(data: Path) -> None:
    table = read_table(data)
    meta = metadata(data)
    batches = list(load(data, batch_size=64))
    assert sum(len(b["action"]) for b in batches) == table.num_rows
    b = {k: np.concatenate([x[k] for x in batches]) for k in batches[0]}
    rows = table.to_pylist()
    actions, size = meta["num_distinct_actions"], meta["observation_tensor_size"]
    assert b["observation"].shape == (len(rows), size) and b["observation"].dtype == np.float32
    assert b["mask"].shape == (len(rows), actions) and b["policy"].shape == (len(rows), actions)
    for i, r in enumerate(rows):
        assert b["observation"][i].tolist() == pytest.approx(r["observation"])
        assert np.flatnonzero(b["mask"][i]).tolist() == r["legal_actions"]
        assert b["action"][i] == r["action"] and b["mask"][i, r["action"]]
        assert b["has_policy"][i] == (r["visit_actions"] is not None)
        if r["visit_actions"]:
            total = sum(r["visit_counts"])
            want = np.zeros(actions, np.float32)
            want[r["visit_actions"]] = np.array(r["visit_counts"]) / total
            assert b["policy"][i] == pytest.approx(want)
        else:
            assert not b["policy"][i].any()
        assert b["returns"][i].tolist() == r["returns"]
        assert b["value"][i] == r["returns"][r["seat"]]
        assert (b["game"][i], b["step"][i], b["seat"][i]) == (r["game"], r["step"], r["seat"])


def test_same_seed_same_data_on_any_backend(data: Path, tmp_path: Path) -> None:
    make(tmp_path, Pool(2))
    assert read_table(tmp_path).equals(read_table(data))


def test_interrupted_selfplay_resumes_to_the_same_data(data: Path, tmp_path: Path) -> None:
    def stop(done: int, total: int) -> None:
        assert total == 5  # progress counts games
        if done >= 2:  # the first shard's two games
            raise KeyboardInterrupt

    with pytest.raises(JobInterrupted):
        make(tmp_path, progress=stop)
    assert [p.name for p in tmp_path.glob("shard-*")] == ["shard-00000.parquet"]
    make(tmp_path, resume=True)
    assert read_table(tmp_path).equals(read_table(data))


def test_foreign_or_mixed_shards_are_refused(data: Path, tmp_path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    with pytest.raises(BatchError, match="no self-play shards"):
        metadata(tmp_path)
    pq.write_table(pa.table({"x": [1]}), tmp_path / "shard-00000.parquet")
    with pytest.raises(BatchError, match="not a clanboard self-play shard"):
        list(load(tmp_path))
    other = selfplay_job(tmp_path / "o", GAME, AGENTS, 1, seed=12)
    batch.run(other, InProcess(), folder=tmp_path / "o")
    (tmp_path / "o" / "shard-00000.parquet").rename(tmp_path / "o" / "shard-00009.parquet")
    shutil.copy(data / "shard-00000.parquet", tmp_path / "o" / "shard-00000.parquet")
    with pytest.raises(BatchError, match="another data set"):
        metadata(tmp_path / "o")


def test_cli_selfplay(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "sp"
    result = runner.invoke(app, ["selfplay", GAME, "-a", "random,heuristic", "-n", "3",
                                 "--out", str(out), "--games-per-shard", "2", "-w", "1",
                                 "-s", "4"])
    assert result.exit_code == 0, result.output
    rows = read_table(out).num_rows
    assert f"{rows} decisions from 3 games in 2 shards" in result.stdout
    again = runner.invoke(app, ["selfplay", "--resume", str(out)])
    assert again.exit_code == 0 and f"{rows} decisions from 3 games" in again.stdout
    timed = runner.invoke(app, ["selfplay", GAME, "-a", "ismcts:0.01s,random", "-n", "1",
                                "--out", str(tmp_path / "t"), "-w", "1"])
    assert timed.exit_code == 0 and "against the clock" in timed.output
    bad = runner.invoke(app, ["selfplay", GAME, "-a", "random", "--out", str(tmp_path / "b")])
    assert bad.exit_code == 2 and "2-2 players" in bad.output


def test_chance_outcomes_scores_and_search_values_are_recorded(data: Path) -> None:
    """Version 2 columns: replaying the recorded decisions and chance ids on a state that
    stops at chance gives the same game, the recorded scores after every move, and the
    search's value of the move it played."""
    from clanboard.core import CHANCE

    table = read_table(data).to_pylist()
    game = get_game(GAME)
    meta = metadata(data)
    assert meta["version"] == 2
    for g in range(5):
        rows = [r for r in table if r["game"] == g]
        state = game.new_state(meta["num_players"], rows[0]["seed"], meta["options"],
                               auto_chance=False)
        assert state.current_player() == CHANCE  # the deal comes with the first decision
        for r in rows:
            for chance_id in r["chance_actions"]:
                state.apply(game.chance_action_move(state, chance_id), CHANCE)
            assert state.current_player() != CHANCE
            legal = {state.move_to_action(m): m for m in state.legal_moves(r["seat"])}
            state.apply(legal[r["action"]], r["seat"])
            assert r["scores"] == [float(x) for x in state.scores()]
        assert state.is_terminal() and state.returns() == rows[0]["returns"]
    assert all(len(r["chance_actions"]) == 12 for r in table if r["step"] == 0)  # 2 hands
    assert any(r["chance_actions"] for r in table if r["step"] > 0)  # the draws
    for r in table:
        if r["agent"] == "heuristic":
            assert r["root_value"] is None
        elif r["visit_actions"]:
            assert -1.0 <= r["root_value"] <= 1.0


def test_information_state_tensors_on_request(tmp_path: Path) -> None:
    job = selfplay_job(tmp_path, GAME, ["random", "heuristic"], 2, seed=3, infostate=True)
    batch.run(job, InProcess(), folder=tmp_path)
    meta = metadata(tmp_path)
    assert meta["infostate"] is True
    rows = read_table(tmp_path).to_pylist()
    size, actions = meta["observation_tensor_size"], meta["num_distinct_actions"]
    for g in (0, 1):
        own = [[0.0] * actions for _ in range(2)]
        for r in (r for r in rows if r["game"] == g):
            assert len(r["infostate"]) == size + actions
            assert r["infostate"][:size] == pytest.approx(r["observation"])
            assert r["infostate"][size:] == own[r["seat"]]
            own[r["seat"]][r["action"]] += 1.0
    b = next(load(tmp_path, batch_size=len(rows)))
    assert b["infostate"].shape == (len(rows), size + actions)
    assert b["infostate"].dtype == np.float32
    assert np.isnan(b["root_value"]).all()  # no agent searched
    assert b["scores"].shape == (len(rows), 2)


def test_version_1_data_sets_are_still_read(data: Path, tmp_path: Path) -> None:
    import json

    import pyarrow.parquet as pq

    table = pq.read_table(data / "shard-00000.parquet")
    meta = json.loads(table.schema.metadata[b"clanboard"])
    meta["version"] = 1
    del meta["infostate"]
    old = table.drop_columns(["root_value", "chance_actions", "scores"])
    pq.write_table(old.replace_schema_metadata({b"clanboard": json.dumps(meta)}),
                   tmp_path / "shard-00000.parquet")
    b = next(load(tmp_path))
    assert "root_value" not in b and len(b["action"]) == table.num_rows
    meta["version"] = 3
    pq.write_table(old.replace_schema_metadata({b"clanboard": json.dumps(meta)}),
                   tmp_path / "shard-00000.parquet")
    with pytest.raises(BatchError, match="unsupported self-play format version 3"):
        metadata(tmp_path)
