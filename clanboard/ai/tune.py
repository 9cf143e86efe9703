"""Self-play tuning of a game's evaluation weights by SPSA (``clanboard tune``).

A game exposes its weights through its search hints (``SearchHints.weights``,
``weight_bounds``, ``with_weights``; the file format is :mod:`clanboard.core.weights`).
The tuner works in coordinates scaled to 0..1 by each weight's bounds and runs
simultaneous-perturbation stochastic approximation (Spall 1998, *Implementation of the
simultaneous perturbation algorithm for stochastic optimization*, IEEE TAES 34(3)):

- iteration ``k`` draws a random sign ``Δ_i = ±1`` for every tuned weight and plays a
  batch of games between ``x + c_k Δ`` and ``x − c_k Δ`` (both ISMCTS at the same
  level), seats alternated so each side plays each seat of each deal equally often;
- ``y`` = (points of the ``+`` side − points of the ``−`` side) / games, and the step is
  ``x ← clip(x + a_k y / (2 c_k Δ))``, with ``a_k = a / (k + 1 + A)^0.602`` and
  ``c_k = c / (k + 1)^0.101`` (Spall's gains), ``A`` a tenth of the iterations.

Playing the two perturbed sides against each other, rather than each against the current
weights, measures their difference in one match on the same deals (as chess engines'
SPSA tuning does). Everything is seeded: the signs from ``mix_seed(seed, k, …)``, the
deals and the agents' seeds likewise, so a run is reproducible and a run resumed from
its state folder ends with the same weights as an uninterrupted one. The games of an
iteration are one job of :mod:`clanboard.batch` (in-process, a local pool or Ray).

At the end the final weights are measured against the starting ones, and both against a
reference agent, on deals no tuning game used.
"""

from __future__ import annotations

import fnmatch
import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from clanboard import batch
from clanboard.ai.agent import ISMCTSAgent
from clanboard.ai.arena import mix_seed
from clanboard.ai.stats import wilson_interval
from clanboard.batch import Backend, BatchError, Job, make_backend
from clanboard.core import Agent, Rng, SearchHints, get_game, make_agent, play_game
from clanboard.core.weights import BadWeights, WeightsFile, check_weights

STATE_FILE = "tune.json"
STATE_FORMAT = "clanboard-tune"
MEASURE_TAG = 0x6D65617375726500  # mixed into the measuring seeds: deals tuning never used

Weights = tuple[tuple[str, float], ...]
"""A full set of weights as sorted (name, value) pairs: hashable, with a stable repr."""
Contestant = str | Weights
"""A seat: an agent name (a reference player) or ISMCTS with these weights."""


def as_weights(values: Mapping[str, float]) -> Weights:
    return tuple(sorted((k, float(v)) for k, v in values.items()))


# -- one game ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class TuneGame:
    """One game of a tuning iteration or measurement: who sits where and every seed."""

    index: int
    game: str
    num_players: int
    options: Mapping[str, Any]
    level: str
    seed: int
    seats: tuple[Contestant, ...]
    agent_seeds: tuple[int, ...]


def make_contestant(task: TuneGame, seat: int, hints: SearchHints) -> Agent:
    who = task.seats[seat]
    seed = task.agent_seeds[seat]
    if isinstance(who, str):
        return make_agent(get_game(task.game), who, seed=seed)
    return ISMCTSAgent(seed=seed, level=task.level, hints=hints.with_weights(dict(who)))


def play_tune_game(task: TuneGame) -> list[float]:
    """Play one game; returns each seat's win share (1 sole win, 1/j shared by j)."""
    game = get_game(task.game)
    hints = game.search_hints()
    state = game.new_state(task.num_players, task.seed, task.options)
    agents = [make_contestant(task, s, hints) for s in range(task.num_players)]
    play_game(state, agents)
    winners = state.winners()
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(task.num_players)]


# -- settings and state -----------------------------------------------------------------------


@dataclass(frozen=True)
class TuneSettings:
    """What a tuning run does (kept in its state file, so ``--resume`` needs nothing else).

    ``names`` are the tuned weights; ``start`` every weight's starting value; ``games``
    per iteration (a multiple of 2); ``a`` and ``c`` the SPSA gains in scaled units."""

    game: str
    num_players: int
    options: dict[str, Any]
    level: str
    names: tuple[str, ...]
    start: dict[str, float]
    bounds: dict[str, tuple[float, float]]
    iterations: int
    games: int
    seed: int
    a: float = 0.03
    c: float = 0.1
    measure_games: int = 100
    reference: str | None = None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["names"] = list(self.names)
        data["bounds"] = {k: list(v) for k, v in self.bounds.items()}
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TuneSettings:
        d = dict(data)
        d["names"] = tuple(d["names"])
        d["bounds"] = {k: (float(v[0]), float(v[1])) for k, v in d["bounds"].items()}
        return cls(**d)

    def to_x(self, weights: Mapping[str, float]) -> list[float]:
        out = []
        for n in self.names:
            lo, hi = self.bounds[n]
            out.append(min(1.0, max(0.0, (weights[n] - lo) / (hi - lo))))
        return out

    def to_weights(self, x: Sequence[float]) -> dict[str, float]:
        w = dict(self.start)
        for n, v in zip(self.names, x, strict=True):
            lo, hi = self.bounds[n]
            w[n] = round(lo + min(1.0, max(0.0, v)) * (hi - lo), 6)
        return w


def gains(settings: TuneSettings, k: int) -> tuple[float, float]:
    """Spall's gain sequences ``(a_k, c_k)`` for iteration ``k`` (from 0)."""
    big_a = 0.1 * settings.iterations
    return (settings.a / (k + 1 + big_a) ** 0.602, settings.c / (k + 1) ** 0.101)


def signs(settings: TuneSettings, k: int) -> list[int]:
    rng = Rng(mix_seed(settings.seed, k, 0x5167))
    return [1 if rng.randrange(2) else -1 for _ in settings.names]


def iteration_games(settings: TuneSettings, k: int, x: Sequence[float]) -> list[TuneGame]:
    """The games of iteration ``k`` from the scaled weights ``x``: the ``+`` side takes
    the even seats of even games and the odd seats of odd games (two games per deal)."""
    _, ck = gains(settings, k)
    delta = signs(settings, k)
    plus = as_weights(settings.to_weights([v + ck * d for v, d in zip(x, delta, strict=True)]))
    minus = as_weights(settings.to_weights([v - ck * d for v, d in zip(x, delta, strict=True)]))
    return _pairs(settings, plus, minus, settings.games, lambda g: mix_seed(settings.seed, k, g))


def _pairs(settings: TuneSettings, first: Contestant, second: Contestant, games: int,
           seed_of: Callable[[int], int]) -> list[TuneGame]:
    n = settings.num_players
    tasks = []
    for g in range(games):
        seats = tuple(first if (s + g) % 2 == 0 else second for s in range(n))
        tasks.append(TuneGame(g, settings.game, n, dict(settings.options), settings.level,
                              seed_of(g // 2), seats,
                              tuple(mix_seed(seed_of(g // 2), g, 1 + s) for s in range(n))))
    return tasks


def side_points(tasks: Sequence[TuneGame], results: Sequence[Sequence[float]],
                side: int) -> float:
    """Points won by one side of :func:`_pairs` games (0: the first, 1: the second)."""
    return sum(r[s] for t, r in zip(tasks, results, strict=True)
               for s in range(t.num_players) if (s + t.index) % 2 == side)


@dataclass
class TuneState:
    """The state file: settings, the scaled weights after each finished iteration."""

    settings: TuneSettings
    x: list[float]
    history: list[dict[str, Any]] = field(default_factory=list)

    @property
    def done(self) -> int:
        return len(self.history)

    def to_json(self) -> dict[str, Any]:
        return {"format": STATE_FORMAT, "version": 1, "settings": self.settings.to_json(),
                "x": self.x, "history": self.history}

    def save(self, folder: Path) -> None:
        path = folder / STATE_FILE
        tmp = path.with_name(STATE_FILE + ".part")
        tmp.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def load(cls, folder: str | Path) -> TuneState:
        path = Path(folder) / STATE_FILE
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("format") != STATE_FORMAT or data.get("version") != 1:
                raise BatchError(f"{path} is not a clanboard tuning state (version 1)")
            return cls(TuneSettings.from_json(data["settings"]),
                       [float(v) for v in data["x"]], list(data["history"]))
        except OSError as exc:
            raise BatchError(f"{folder} holds no tuning run ({STATE_FILE}): "
                             f"{exc.strerror or exc}") from exc
        except (ValueError, KeyError, TypeError) as exc:
            raise BatchError(f"{path} is damaged: {exc}") from exc


# -- running ----------------------------------------------------------------------------------


def select(weights: Mapping[str, float], bounds: Mapping[str, Any],
           patterns: Sequence[str] | None) -> tuple[str, ...]:
    """The weights to tune: those matching any of ``patterns`` (names or globs such as
    ``holding.*``), by default every weight with bounds."""
    tunable = [n for n in weights if n in bounds]
    if not tunable:
        raise BadWeights("this game has no tunable weights")
    if not patterns:
        return tuple(tunable)
    chosen = [n for n in tunable if any(fnmatch.fnmatchcase(n, p) for p in patterns)]
    for p in patterns:
        if not any(fnmatch.fnmatchcase(n, p) for n in tunable):
            raise BadWeights(f"no tunable weight matches {p!r}; they are {', '.join(tunable)}")
    return tuple(chosen)


def make_settings(game: str, *, level: str = "200", iterations: int = 20, games: int = 16,
                  seed: int = 0, num_players: int | None = None,
                  options: Mapping[str, Any] | None = None,
                  weights: Sequence[str] | None = None,
                  start: Mapping[str, float] | None = None, a: float = 0.03, c: float = 0.1,
                  measure_games: int = 100, reference: str | None = None) -> TuneSettings:
    """Check a tuning run's set-up (clear errors) and return its settings."""
    g = get_game(game)
    n = g.check_players(num_players if num_players is not None else g.min_players)
    opts = g.check_options(options)
    hints = g.search_hints()
    bounds = hints.weight_bounds()
    base = hints.weights()
    values = check_weights(start or {}, base, bounds)
    names = select(base, bounds, weights)
    if iterations < 1:
        raise ValueError(f"the number of iterations must be at least 1, not {iterations}")
    if games < 2 or games % 2:
        raise ValueError(f"games per iteration must be even and at least 2, not {games}")
    if measure_games < 0 or measure_games % 2:
        raise ValueError(f"the measuring games must be an even number, not {measure_games}")
    if not (0 < c <= 0.5 and a > 0):
        raise ValueError("need a > 0 and 0 < c <= 0.5 (scaled units)")
    ISMCTSAgent(level=level)  # an unknown level fails now
    if reference:
        make_agent(g, reference, seed=0)
    return TuneSettings(game, n, opts, level, names, values,
                        {k: bounds[k] for k in base if k in bounds}, iterations, games, seed,
                        a, c, measure_games, reference)


Progress = Callable[[int, int], None]


def tune(settings: TuneSettings, *, backend: Backend | None = None,
         folder: str | Path | None = None, resume: bool = False,
         progress: Progress | None = None) -> TuneState:
    """Run (or, with ``resume``, finish) the SPSA iterations; returns the final state.
    With ``folder`` the state is saved after each iteration and each iteration's games are
    journalled as they finish."""
    backend = backend or make_backend(os.cpu_count() or 1)
    where = Path(folder) if folder is not None else None
    if where is not None and resume:
        state = TuneState.load(where)
        if state.settings != settings:
            raise BatchError(f"{where} holds a tuning run with other settings; resume it "
                             "with its own (clanboard tune --resume FOLDER)")
    else:
        if where is not None:
            if (where / STATE_FILE).exists():
                raise BatchError(f"{where} already holds a tuning run: resume it with "
                                 f"--resume {where}, or choose an empty folder")
            where.mkdir(parents=True, exist_ok=True)
        state = TuneState(settings, settings.to_x(settings.start))
        if where is not None:
            state.save(where)
    total = settings.iterations * settings.games
    for k in range(state.done, settings.iterations):
        tasks = iteration_games(settings, k, state.x)
        offset = k * settings.games
        step_folder = where / f"iteration-{k + 1:04d}" if where is not None else None
        results = batch.run(
            Job("tune", play_tune_game, tasks, spec={"iteration": k + 1}), backend,
            folder=step_folder, resume=bool(step_folder and step_folder.exists()),
            progress=_shifted(progress, offset, total))
        p_plus = side_points(tasks, results, 0)
        p_minus = side_points(tasks, results, 1)
        y = (p_plus - p_minus) / settings.games
        ak, ck = gains(settings, k)
        delta = signs(settings, k)
        state.x = [min(1.0, max(0.0, v + ak * y / (2 * ck * d)))
                   for v, d in zip(state.x, delta, strict=True)]
        state.history.append({"iteration": k + 1, "plus_points": p_plus,
                              "minus_points": p_minus, "y": y,
                              "weights": {n: w for n, w in settings.to_weights(state.x).items()
                                          if n in settings.names}})
        if where is not None:
            state.save(where)
    return state


def _shifted(progress: Progress | None, offset: int, total: int) -> Progress | None:
    """A job's progress as part of the whole run's."""
    if progress is None:
        return None
    report = progress
    return lambda done, _total: report(offset + done, total)


# -- measuring --------------------------------------------------------------------------------


@dataclass
class Match:
    """A measured match: ``first``'s points against ``second`` over ``games``."""

    first: str
    second: str
    points: float
    games: int

    @property
    def rate(self) -> float:
        return self.points / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.points, self.games)

    def to_json(self) -> dict[str, Any]:
        return {"first": self.first, "second": self.second, "games": self.games,
                "points": self.points, "win_rate": self.rate, "ci95": list(self.interval)}


def measure(settings: TuneSettings, before: Mapping[str, float], after: Mapping[str, float],
            *, games: int | None = None, backend: Backend | None = None,
            folder: str | Path | None = None, resume: bool = False,
            progress: Progress | None = None) -> list[Match]:
    """``after`` against ``before``, then each against the reference agent (when set),
    over ``games`` games each on deals no tuning game used (the same deals for all)."""
    games = settings.measure_games if games is None else games
    if games < 2 or games % 2:
        raise ValueError(f"the measuring games must be an even number, not {games}")
    b, a = as_weights(before), as_weights(after)

    def seed_of(g: int) -> int:
        return mix_seed(settings.seed, MEASURE_TAG, g)

    pairs: list[tuple[str, Contestant, str, Contestant]] = [("after", a, "before", b)]
    if settings.reference:
        pairs += [("before", b, settings.reference, settings.reference),
                  ("after", a, settings.reference, settings.reference)]
    tasks: list[TuneGame] = []
    for _, first, _, second in pairs:
        tasks += _pairs(settings, first, second, games, seed_of)
    results = batch.run(Job("tune-measure", play_tune_game, tasks), backend or make_backend(
        os.cpu_count() or 1), folder=folder, resume=resume, progress=progress)
    out = []
    for m, (name1, _, name2, _) in enumerate(pairs):
        part = slice(m * games, (m + 1) * games)
        out.append(Match(name1, name2, side_points(tasks[part], results[part], 0), games))
    return out


def weights_file(settings: TuneSettings, weights: Mapping[str, float],
                 matches: Sequence[Match], state: TuneState | None) -> WeightsFile:
    """The weights file to write: the tuned values, their bounds, and how they came."""
    from clanboard.ai.ladder import git_revision

    about: dict[str, Any] = {
        "source": "clanboard tune", "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "revision": git_revision(), "settings": settings.to_json(),
        "measured": [m.to_json() for m in matches],
    }
    if state is not None:
        about["iterations_done"] = state.done
    return WeightsFile(settings.game, dict(weights), dict(settings.bounds), about)
