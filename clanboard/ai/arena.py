"""Tournaments between agents: seats rotated fairly, games run as a batch job
(:mod:`clanboard.batch`: in this process, a local pool or a Ray cluster).

With ``k`` agents (one per seat) the games come in blocks of ``k``: every game of
a block is the same deal (the same game seed) with the agents rotated one seat
further, so each agent plays each seat and each deal equally often when the
number of games is a multiple of ``k``.

An agent's *points* are its returns summed over games (1 for a sole win, 1/j
for a win shared by j seats); its win rate is points / games with a 95%
Wilson interval.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from clanboard import batch
from clanboard.ai.stats import wilson_interval
from clanboard.batch import Backend, Job, Progress, make_backend
from clanboard.core import IllegalMove, get_game, make_agent

#: the search agent's registered name: its games are long (see ``run_arena``)
SEARCH = "ismcts"

_MASK = (1 << 64) - 1
MAX_MOVES = 100_000  # for games that state no length bound


def mix_seed(*parts: int) -> int:
    """A well-spread 63-bit seed from several integers (SplitMix64 finaliser)."""
    h = 0x243F6A8885A308D3
    for part in parts:
        h = (h ^ (part & _MASK)) * 0x9E3779B97F4A7C15 & _MASK
        h ^= h >> 31
        h = h * 0xBF58476D1CE4E5B9 & _MASK
        h ^= h >> 29
    return h >> 1


@dataclass(frozen=True)
class GameTask:
    """One game of a tournament: who sits where and every seed."""

    index: int
    game: str
    num_players: int
    options: Mapping[str, Any]
    seed: int
    seat_agents: tuple[int, ...]  # seat -> index into the agent list
    agent_names: tuple[str, ...]
    agent_seeds: tuple[int, ...]  # per seat
    # where the record goes; not part of what the game computes (nor of a job's fingerprint)
    save_path: str | None = field(default=None, repr=False)


@dataclass
class GameOutcome:
    """What one game produced, per seat."""

    index: int
    seat_agents: tuple[int, ...]
    returns: list[float]  # win shares: 1 sole win, 1/k shared by k, 0 otherwise
    scores: list[float]
    think_seconds: list[float]
    decisions: list[int]
    max_think: list[float]
    moves: int
    error: str | None = None
    record: dict[str, Any] | None = None  # the game record's JSON, when asked for


@dataclass
class AgentSummary:
    label: str
    games: int = 0
    wins: int = 0
    shared: int = 0
    losses: int = 0
    points: float = 0.0
    score_sum: float = 0.0
    think_seconds: float = 0.0
    decisions: int = 0
    max_think: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.points / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.points, self.games)

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0

    @property
    def mean_think(self) -> float:
        return self.think_seconds / self.decisions if self.decisions else 0.0

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.interval
        return {
            "agent": self.label, "games": self.games, "wins": self.wins,
            "shared_wins": self.shared, "losses": self.losses, "points": self.points,
            "win_rate": self.win_rate, "ci95": [lo, hi], "mean_score": self.mean_score,
            "mean_decision_s": self.mean_think, "max_decision_s": self.max_think,
            "decisions": self.decisions,
        }


@dataclass
class ArenaReport:
    game: str
    num_players: int
    options: dict[str, Any]
    seed: int
    agents: list[AgentSummary]
    seat_points: list[float]
    games: int
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "num_players": self.num_players, "options": self.options,
            "seed": self.seed, "games": self.games, "seconds": self.seconds,
            "agents": [a.to_json() for a in self.agents],
            "seat_win_rate": [p / self.games if self.games else 0.0 for p in self.seat_points],
            "errors": self.errors,
        }


def agent_labels(names: list[str]) -> list[str]:
    """Distinct labels: a name given twice becomes ``name#1``, ``name#2``."""
    labels = []
    for i, name in enumerate(names):
        if names.count(name) > 1:
            labels.append(f"{name}#{names[:i + 1].count(name)}")
        else:
            labels.append(name)
    return labels


def plan(game: str, agents: list[str], games: int, seed: int, num_players: int,
         options: Mapping[str, Any], save_dir: str | Path | None = None) -> list[GameTask]:
    """The tournament's games in order (deterministic from the arguments)."""
    k = len(agents)
    if k != num_players:
        example = ",".join((agents * num_players)[:num_players])
        raise ValueError(
            f"give one agent per seat: {num_players} players need {num_players} agents, "
            f"got {k} ({','.join(agents)}); e.g. --agents {example}"
        )
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, not {games}")
    tasks = []
    for g in range(games):
        shift = g % k
        seat_agents = tuple((seat + shift) % k for seat in range(k))
        path = str(Path(save_dir) / f"game-{g + 1:05d}.json") if save_dir else None
        tasks.append(GameTask(
            index=g, game=game, num_players=num_players, options=dict(options),
            seed=mix_seed(seed, g // k),
            seat_agents=seat_agents,
            agent_names=tuple(agents[a] for a in seat_agents),
            agent_seeds=tuple(mix_seed(seed, g, 1 + a) for a in seat_agents),
            save_path=path,
        ))
    return tasks


def play(task: GameTask, labels: list[str] | None = None) -> GameOutcome:
    """Play one game; every move is validated (an illegal move ends the game as an error)."""
    game = get_game(task.game)
    state = game.new_state(task.num_players, task.seed, task.options)
    agents = [make_agent(game, name, seed=s) for name, s in zip(task.agent_names,
                                                                 task.agent_seeds, strict=True)]
    n = task.num_players
    think = [0.0] * n
    decisions = [0] * n
    longest = [0.0] * n
    error = None
    clock = time.perf_counter
    try:
        cap = game.max_game_length(task.num_players, task.options)
    except NotImplementedError:
        cap = MAX_MOVES
    while error is None:
        seats = state.players_to_move()
        if not seats:
            break
        if len(state.history) > cap:
            error = f"game {task.index + 1} did not end within {cap} moves"
            break
        for seat in seats:
            t0 = clock()
            move = agents[seat].choose(state, seat)
            dt = clock() - t0
            think[seat] += dt
            decisions[seat] += 1
            longest[seat] = max(longest[seat], dt)
            try:
                state.apply(move, seat)
            except IllegalMove as exc:
                error = f"game {task.index + 1}: {task.agent_names[seat]} at seat {seat}: {exc}"
                break
            if state.current_player() >= 0:
                break
    record = None
    if task.save_path:
        names = [labels[a] for a in task.seat_agents] if labels else list(task.agent_names)
        record = state.record(players=names).to_json()
    over = state.is_terminal()
    return GameOutcome(
        index=task.index, seat_agents=task.seat_agents,
        returns=_win_shares(state.winners(), n) if over else [0.0] * n,
        scores=state.scores(), think_seconds=think, decisions=decisions, max_think=longest,
        moves=len(state.history), error=error, record=record,
    )


def _win_shares(winners: list[int], n: int) -> list[float]:
    """1 for a sole winner, 1/k for each of k sharing a win, 0 otherwise (games may
    define other returns, e.g. zero-sum ±1; the statistics count wins)."""
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]


def arena_job(tasks: list[GameTask], labels: list[str],
              spec: Mapping[str, Any] | None = None) -> Job[GameTask, GameOutcome]:
    """The tournament as a batch job: one task per game. A finished game's record (when
    asked for) is written by the driver, so records land on this machine even when the
    games run on a cluster; the journal keeps each outcome without its record."""

    def store(index: int, outcome: GameOutcome) -> dict[str, Any]:
        path = tasks[index].save_path
        if path and outcome.record is not None:
            Path(path).write_text(json.dumps(outcome.record, indent=1) + "\n",
                                  encoding="utf-8")
        data = asdict(outcome)
        data.pop("record")
        return data

    return Job("arena", partial(play, labels=labels), tasks, store=store,
               restore=outcome_from_json, spec=dict(spec or {}))


def outcome_from_json(data: Mapping[str, Any]) -> GameOutcome:
    """A :class:`GameOutcome` from its journal line."""
    return GameOutcome(**{**data, "seat_agents": tuple(data["seat_agents"])})


def summarise(outcomes: list[GameOutcome], labels: list[str], game: str, num_players: int,
              options: dict[str, Any], seed: int, seconds: float = 0.0) -> ArenaReport:
    agents = [AgentSummary(label) for label in labels]
    seat_points = [0.0] * num_players
    errors = []
    for o in sorted(outcomes, key=lambda o: o.index):
        if o.error:
            errors.append(o.error)
        for seat, a in enumerate(o.seat_agents):
            s = agents[a]
            r = o.returns[seat]
            s.games += 1
            s.points += r
            if r >= 1.0:
                s.wins += 1
            elif r > 0:
                s.shared += 1
            else:
                s.losses += 1
            s.score_sum += o.scores[seat]
            s.think_seconds += o.think_seconds[seat]
            s.decisions += o.decisions[seat]
            s.max_think = max(s.max_think, o.max_think[seat])
            seat_points[seat] += r
    return ArenaReport(game, num_players, options, seed, agents, seat_points,
                       len(outcomes), errors, seconds)


def check(game: str, agents: list[str], num_players: int | None = None,
          options: Mapping[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
    """Validate a tournament's set-up; returns the number of players and the full options.
    Raises ``ValueError`` (or a :class:`ClanboardError`) saying what is wrong."""
    g = get_game(game)
    if not agents:
        raise ValueError("name at least one agent, e.g. --agents ismcts,random")
    n = g.check_players(num_players if num_players is not None else len(agents))
    opts = g.check_options(options)
    if len(agents) != n:
        example = ",".join((agents * n)[:n])
        raise ValueError(
            f"give one agent per seat: {n} players need {n} agents, "
            f"got {len(agents)} ({','.join(agents)}); e.g. --agents {example}"
        )
    for name in dict.fromkeys(agents):  # fail early on an unknown agent or level
        make_agent(g, name, seed=0)
    return n, opts


def games_per_call(agents: Sequence[str]) -> int | None:
    """1 where a seat searches: such a game takes seconds to minutes, and one game a call
    keeps the journal and the progress fresh (an interrupted run loses one game per
    worker); ``None`` (the batch layer's chunks) for quick games."""
    return 1 if any(a.partition(":")[0] == SEARCH for a in agents) else None


def run_arena(game: str, agents: list[str], games: int, seed: int = 0,
              num_players: int | None = None, options: Mapping[str, Any] | None = None,
              workers: int | None = None, save_dir: str | Path | None = None,
              on_game: Callable[[GameOutcome], None] | None = None, *,
              backend: Backend | None = None, resume: bool = False,
              progress: Progress | None = None) -> ArenaReport:
    """Plan, play and summarise a tournament (see the module docstring).

    The games run on ``backend`` (default: a local pool of ``workers`` processes, one per
    core). With ``save_dir`` every game record is saved there and every finished game is
    journalled, so an interrupted tournament can be finished with ``resume=True``."""
    n, opts = check(game, agents, num_players, options)
    labels = agent_labels(agents)
    tasks = plan(game, agents, games, seed, n, opts, save_dir)
    spec = {"game": game, "agents": list(agents), "games": games, "seed": seed,
            "players": n, "options": opts}
    if backend is None:
        backend = make_backend(workers or os.cpu_count() or 1)
    start = time.perf_counter()
    outcomes = batch.run(arena_job(tasks, labels, spec), backend, folder=save_dir,
                         resume=resume, progress=progress, chunk=games_per_call(agents),
                         on_result=(lambda _i, o: on_game(o)) if on_game else None)
    return summarise(outcomes, labels, game, n, opts, seed, time.perf_counter() - start)
