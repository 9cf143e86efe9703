"""Self-play tuning: the optimiser finds a mock game's known best weight; runs are
reproducible, resumable and write a weights file the game reads; bad input is refused."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from clanboard.ai.tune import (
    TuneState,
    iteration_games,
    make_settings,
    measure,
    tune,
)
from clanboard.batch import BatchError, InProcess, JobInterrupted, Pool
from clanboard.cli.main import app
from clanboard.core import Game, IllegalMove, SearchHints, State, register, registry
from clanboard.core.weights import BadWeights, read_weights
from clanboard.games.schotten_totten.hints import SchottenHints

TARGET = 7
PICKS = tuple(range(11))
SHIPPED_AIM = {"aim": 2.0}
WEIGHTS_FILE: list[Path] = []  # where the mock game "ships" its weights (set per test)


class AimState(State):
    """*Aim* (a mock game): each seat in turn picks a number 0-10; then a draw decides the
    winner, the pick nearer to 7 being likelier to win (+10 points a step)."""

    def __init__(self, game: Game, n: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, n, seed, options)
        self.picks: list[int] = []
        self.winner = -1

    def current_player(self) -> int:
        return -4 if self.winner >= 0 else len(self.picks)

    def legal_moves(self, player: int | None = None) -> list[Any]:
        if self.winner >= 0 or (player is not None and player != len(self.picks)):
            return []
        return list(PICKS)

    def parse_move(self, text: str, player: int | None = None) -> Any:
        if text.strip().isdigit() and int(text) in PICKS:
            return int(text)
        raise IllegalMove(f"cannot read {text!r}: pick 0 to 10")

    def _apply(self, move: Any, player: int) -> None:
        self.picks.append(move)
        if len(self.picks) == 2:
            a, b = (abs(p - TARGET) for p in self.picks)
            first = min(0.95, max(0.05, 0.5 + 0.1 * (b - a)))
            self.winner = 0 if self.rng.random() < first else 1

    def scores(self) -> list[float]:
        return [1.0 if p == self.winner else 0.0 for p in range(2)]

    def winners(self) -> list[int]:
        return [self.winner] if self.winner >= 0 else []

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"picks": self.picks, "winner": self.winner}

    def _to_json(self) -> Any:
        return {"picks": self.picks, "winner": self.winner}


class AimHints(SearchHints):
    """The only candidate is the pick nearest the ``aim`` weight (so the search plays it)."""

    def __init__(self, aim: float = SHIPPED_AIM["aim"]) -> None:
        self.aim = aim

    def candidate_moves(self, state: State, player: int) -> list[Any]:
        return [min(PICKS, key=lambda p: abs(p - self.aim))]

    def weights(self) -> dict[str, float]:
        return {"aim": self.aim}

    def weight_bounds(self) -> dict[str, tuple[float, float]]:
        return {"aim": (0.0, 10.0)}

    def with_weights(self, weights: Mapping[str, float]) -> AimHints:
        from clanboard.core.weights import check_weights

        return AimHints(check_weights(weights, self.weights(), self.weight_bounds())["aim"])

    def weights_file(self) -> Path | None:
        return WEIGHTS_FILE[-1] if WEIGHTS_FILE else None


class AimGame(Game):
    id = "test-aim"
    name = "Aim (test game)"
    min_players = 2
    max_players = 2
    imperfect_information = False

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        return AimState(self, num_players, seed, options)

    def _state_from_json(self, num_players: int, seed: int, options: dict[str, Any],
                         body: Any) -> State:
        s = AimState(self, num_players, seed, options)
        s.picks, s.winner = list(body["picks"]), body["winner"]
        return s

    def search_hints(self) -> SearchHints:
        return AimHints()

    def max_game_length(self, num_players: int, options: Any) -> int:
        return 4


@pytest.fixture(autouse=True)
def _aim_game() -> Iterator[None]:
    saved = dict(registry._GAMES)
    register(AimGame())
    yield
    registry._GAMES.clear()
    registry._GAMES.update(saved)
    WEIGHTS_FILE.clear()


def test_the_mock_game_rewards_aiming_at_its_target() -> None:
    """The objective itself: aiming at 7 beats aiming at 2 (else the next test proves
    nothing)."""
    s = make_settings("test-aim", iterations=1, games=2, measure_games=200)
    (m,) = measure(s, {"aim": 2.0}, {"aim": 7.0}, backend=InProcess())
    assert m.rate > 0.8


def test_spsa_recovers_the_best_weight_of_a_mock_game() -> None:
    settings = make_settings("test-aim", iterations=40, games=20, seed=3, a=0.1, c=0.1)
    state = tune(settings, backend=InProcess())
    aim = settings.to_weights(state.x)["aim"]
    assert 6.0 <= aim <= 8.0, [h["weights"] for h in state.history]
    assert len(state.history) == 40 and state.history[0]["weights"]["aim"] != 2.0


def test_same_seed_same_run_in_process_and_in_a_pool() -> None:
    settings = make_settings("test-aim", iterations=5, games=8, seed=11, a=0.1)
    a = tune(settings, backend=InProcess())
    b = tune(settings, backend=Pool(2))
    assert a.x == b.x and a.history == b.history
    other = tune(make_settings("test-aim", iterations=5, games=8, seed=12, a=0.1),
                 backend=InProcess())
    assert other.history != a.history


def test_same_seed_same_schotten_totten_games_in_process_and_in_a_pool() -> None:
    """The real thing at a tiny budget: ISMCTS with perturbed weights, seeded."""
    settings = make_settings("schotten-totten", options={"tactics": True}, level="8",
                             iterations=1, games=2, seed=5)
    tasks = iteration_games(settings, 0, settings.to_x(settings.start))
    assert tasks[0].seats[0] != tasks[0].seats[1]  # two weight sets, seats alternated
    assert tasks[0].seats == tasks[1].seats[::-1] and tasks[0].seed == tasks[1].seed
    a = tune(settings, backend=InProcess())
    b = tune(settings, backend=Pool(2))
    assert a.history == b.history and a.x == b.x
    assert a.history[0]["plus_points"] + a.history[0]["minus_points"] == 2


def test_a_resumed_run_ends_like_an_uninterrupted_one(tmp_path: Path) -> None:
    settings = make_settings("test-aim", iterations=4, games=6, seed=2, a=0.1)
    calls = []

    def stop_mid_iteration(done: int, total: int) -> None:
        calls.append(done)
        if done == 9:  # the second iteration, half played
            raise KeyboardInterrupt

    with pytest.raises(JobInterrupted):
        tune(settings, backend=InProcess(), folder=tmp_path / "run",
             progress=stop_mid_iteration)
    assert TuneState.load(tmp_path / "run").done == 1
    with pytest.raises(BatchError, match="already holds a tuning run"):
        tune(settings, backend=InProcess(), folder=tmp_path / "run")
    seen: list[int] = []
    resumed = tune(settings, backend=InProcess(), folder=tmp_path / "run", resume=True,
                   progress=lambda d, t: seen.append(d))
    assert seen[0] == 9  # neither the first iteration nor the played games again
    whole = tune(settings, backend=InProcess())
    assert resumed.x == whole.x and resumed.history == whole.history
    other = make_settings("test-aim", iterations=4, games=6, seed=3, a=0.1)
    with pytest.raises(BatchError, match="other settings"):
        tune(other, backend=InProcess(), folder=tmp_path / "run", resume=True)


def test_cli_tune_writes_a_file_the_game_reads(tmp_path: Path) -> None:
    out = tmp_path / "aim.json"
    shipped = tmp_path / "shipped.json"
    WEIGHTS_FILE.append(shipped)
    result = CliRunner().invoke(app, [
        "tune", "test-aim", "--iterations", "6", "--games", "10", "--a", "0.1",
        "--measure-games", "20", "--reference", "random", "--workers", "1",
        "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["before"] == {"aim": 2.0} and data["after"]["aim"] > 2.0
    assert [(m["first"], m["second"]) for m in data["measured"]] == [
        ("after", "before"), ("before", "random"), ("after", "random")]
    assert all(m["games"] == 20 for m in data["measured"])
    assert not shipped.exists()  # the shipped weights are left alone without --write
    written = read_weights(out, "test-aim")
    assert written.weights == data["after"] and written.about["source"] == "clanboard tune"
    hints = AimGame().search_hints().with_weights(written.weights)
    state = AimGame().new_state(2, 0)
    expected = min(PICKS, key=lambda p: abs(p - data["after"]["aim"]))
    assert hints.candidate_moves(state, 0) == [expected]
    result = CliRunner().invoke(app, [
        "tune", "test-aim", "--iterations", "1", "--games", "2", "--measure-games", "0",
        "--workers", "1", "--out", str(tmp_path / "again.json"), "--write"])
    assert result.exit_code == 0, result.output
    assert read_weights(shipped, "test-aim").weights == read_weights(
        tmp_path / "again.json", "test-aim").weights


def test_cli_tune_schotten_totten_tiny(tmp_path: Path) -> None:
    out = tmp_path / "st.json"
    args = ["tune", "schotten-totten", "--variant", "tactics", "--level", "5",
            "--iterations", "1", "--games", "2", "--weights", "clan_in_hand,holding.joker",
            "--seed", "1", "--measure-games", "2", "--workers", "1", "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "holding.joker" in result.output and "after vs before" in result.output
    data = json.loads(CliRunner().invoke(app, [*args, "--json"]).stdout)
    tuned = read_weights(out, "schotten-totten").weights
    hints = SchottenHints().with_weights(tuned)
    assert hints.weights() == tuned
    changed = {k for k, v in tuned.items() if v != SchottenHints().weights()[k]}
    assert data["history"][0]["y"] != 0  # this seed's match is not drawn (which moves nothing)
    assert changed == {"clan_in_hand", "holding.joker"}  # only the chosen weights move


def test_measuring_a_weights_file(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"format": "clanboard-weights", "version": 1,
                                "game": "test-aim", "weights": {"aim": 7.0},
                                "bounds": {"aim": [0, 10]}}))
    result = CliRunner().invoke(app, ["tune", "test-aim", "--measure", str(path),
                                      "--measure-games", "100", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["after"] == {"aim": 7.0} and data["written"] == []
    (m,) = data["measured"]
    assert m["games"] == 100 and m["ci95"][0] > 0.5


@pytest.mark.parametrize("args, error", [
    (["--weights", "holding.*"], "no tunable weight matches 'holding.*'"),
    (["--games", "3"], "must be even"),
    (["--iterations", "0"], "at least 1"),
    (["--level", "fast"], "unknown ISMCTS level"),
    (["--reference", "nobody"], "no agent 'nobody'"),
    (["--c", "0.9"], "0 < c <= 0.5"),
])
def test_cli_tune_bad_input(args: list[str], error: str) -> None:
    result = CliRunner().invoke(app, ["tune", "test-aim", "--workers", "1", *args])
    assert result.exit_code == 2
    assert error in words(result.output)


def words(text: str) -> str:
    """Text with the console's line breaks undone."""
    return " ".join(text.split())


def test_cli_tune_bad_files(tmp_path: Path) -> None:
    missing = CliRunner().invoke(app, ["tune", "--resume", str(tmp_path / "none")])
    assert missing.exit_code == 2 and "holds no tuning run" in words(missing.output)
    other = tmp_path / "st.json"
    other.write_text(json.dumps({"format": "clanboard-weights", "version": 1,
                                 "game": "schotten-totten", "weights": {"aim": 1},
                                 "bounds": {}}))
    wrong = CliRunner().invoke(app, ["tune", "test-aim", "--start", str(other)])
    assert wrong.exit_code == 2 and "holds weights for 'schotten-totten'" in words(wrong.output)
    with pytest.raises(BadWeights, match="outside its range"):
        make_settings("test-aim", start={"aim": 12.0})


def test_cli_tune_resume_reuses_the_saved_run(tmp_path: Path) -> None:
    run = tmp_path / "run"
    first = CliRunner().invoke(app, [
        "tune", "test-aim", "--iterations", "3", "--games", "4", "--a", "0.1", "--seed", "4",
        "--measure-games", "4", "--workers", "1", "--state", str(run), "--json"])
    assert first.exit_code == 0, first.output
    saved = json.loads((run / "tune.json").read_text())
    assert len(saved["history"]) == 3 and (run / "weights.json").exists()
    again = CliRunner().invoke(app, ["tune", "--resume", str(run), "--workers", "1", "--json"])
    assert again.exit_code == 0, again.output
    a, b = json.loads(first.stdout), json.loads(again.stdout)
    assert a["after"] == b["after"] and a["history"] == b["history"]
    assert a["measured"] == b["measured"]
    taken = CliRunner().invoke(app, ["tune", "test-aim", "--iterations", "3", "--games", "4",
                                     "--workers", "1", "--state", str(run)])
    assert taken.exit_code == 2 and "already holds a tuning run" in words(taken.output)
