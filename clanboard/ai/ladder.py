"""A ladder: every agent against every other, ratings by Bradley–Terry with 95% intervals.

**Tables.** With 2 players each pair of agents is a table; with ``P`` > 2 players each
set of ``P`` agents drawn from the list (agents repeat when the list is shorter than
``P``, but never all alike). Every table plays ``games`` games in blocks of ``P``: a
block is one deal (the same game seed at every table) with the agents rotated one seat
further each game, as in the arena.

**Comparisons.** A game gives one comparison per pair of seats held by different
agents: the seat with the larger win share (1 sole win, 1/j for a win shared by j) beats
the other; equal shares of a shared win count half a win each; two seats that both lost
tell nothing and are skipped.

**Ratings.** The Bradley–Terry model says agent *i* beats *j* with probability
``p_i / (p_i + p_j)``. The strengths are fitted by the MM (Zermelo) iteration (Hunter
2004, *MM algorithms for generalized Bradley–Terry models*, Ann. Statist. 32(1)), with a
prior of ``prior`` virtual games (half a win each) between every two agents, so that an
agent that never loses gets a finite rating and the fit always exists. Ratings are on
the Elo scale, ``400 log10(p_i / p_anchor)``, anchored at 0 for ``random`` when it plays
(else the first agent): +400 means winning about 10 games to 1 against the anchor. The
95% intervals come from the observed Fisher information of the log-strengths (prior
included) with the anchor held fixed: they say how sure each rating is *relative to the
anchor*.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from clanboard import batch
from clanboard.ai.arena import (
    GameOutcome,
    GameTask,
    agent_labels,
    games_per_call,
    mix_seed,
    outcome_from_json,
    play,
)
from clanboard.batch import Backend, Job, Progress, make_backend
from clanboard.core import get_game, make_agent

ELO = 400.0 / math.log(10.0)  # Elo points per unit of log-strength
Z95 = 1.959963984540054


# -- Bradley–Terry --------------------------------------------------------------------------


@dataclass
class Fit:
    """Bradley–Terry ratings (Elo scale, anchor 0) with 95% half-widths."""

    labels: list[str]
    ratings: list[float]
    half_widths: list[float]
    anchor: int
    iterations: int

    def interval(self, i: int) -> tuple[float, float]:
        return (self.ratings[i] - self.half_widths[i], self.ratings[i] + self.half_widths[i])


def bradley_terry(wins: Sequence[Sequence[float]], labels: Sequence[str], anchor: int = 0,
                  prior: float = 1.0, tolerance: float = 1e-10,
                  max_iterations: int = 100_000) -> Fit:
    """Fit strengths from ``wins[i][j]``, the (possibly fractional) wins of ``i`` over
    ``j``, with ``prior`` virtual games between every two agents (see the module
    docstring). Returns Elo-scale ratings anchored at ``anchor``."""
    k = len(labels)
    if k < 2:
        raise ValueError("a ladder needs at least two agents")
    if prior <= 0:
        raise ValueError("the prior must be positive (it keeps every rating finite)")
    w = [[float(wins[i][j]) + (prior / 2 if i != j else 0.0) for j in range(k)]
         for i in range(k)]
    n = [[w[i][j] + w[j][i] if i != j else 0.0 for j in range(k)] for i in range(k)]
    total = [sum(row) for row in w]
    p = [1.0] * k
    done = 0
    for done in range(1, max_iterations + 1):  # noqa: B007 (the count is reported)
        new = [total[i] / sum(n[i][j] / (p[i] + p[j]) for j in range(k) if j != i)
               for i in range(k)]
        scale = math.exp(sum(math.log(x) for x in new) / k)  # geometric mean 1
        new = [x / scale for x in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, p, strict=True))
        p = new
        if change < tolerance:
            break
    theta = [math.log(x) for x in p]
    ratings = [ELO * (t - theta[anchor]) for t in theta]
    # observed information of the log-strengths, the anchor's row and column removed
    others = [i for i in range(k) if i != anchor]
    info = [[0.0] * len(others) for _ in others]
    for a, i in enumerate(others):
        for j in range(k):
            if j == i:
                continue
            q = p[i] / (p[i] + p[j])
            v = n[i][j] * q * (1 - q)
            info[a][a] += v
            if j != anchor:
                info[a][others.index(j)] -= v
    cov = _inverse(info)
    half = [0.0] * k
    for a, i in enumerate(others):
        half[i] = Z95 * ELO * math.sqrt(max(0.0, cov[a][a]))
    return Fit(list(labels), ratings, half, anchor, done)


def _inverse(m: list[list[float]]) -> list[list[float]]:
    """The inverse of a small symmetric positive definite matrix (Gauss–Jordan with
    partial pivoting; ladders have a handful of agents, so no linear-algebra library)."""
    size = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(size)] for i, row in enumerate(m)]
    for c in range(size):
        pivot = max(range(c, size), key=lambda r: abs(a[r][c]))
        if abs(a[pivot][c]) < 1e-300:
            raise ValueError("the comparisons do not connect the agents")
        a[c], a[pivot] = a[pivot], a[c]
        lead = a[c][c]
        a[c] = [x / lead for x in a[c]]
        for r in range(size):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c], strict=True)]
    return [row[size:] for row in a]


# -- the schedule -----------------------------------------------------------------------------


def tables(agents: int, players: int) -> list[tuple[int, ...]]:
    """The agent sets that play (indices into the agent list, see the module docstring)."""
    if agents < 2:
        raise ValueError("a ladder needs at least two agents")
    if agents >= players:
        return list(itertools.combinations(range(agents), players))
    return [t for t in itertools.combinations_with_replacement(range(agents), players)
            if len(set(t)) > 1]


def plan(game: str, agents: Sequence[str], games: int, seed: int, num_players: int,
         options: Mapping[str, Any]) -> list[GameTask]:
    """Every game of the ladder, in order (deterministic from the arguments)."""
    if games < 1:
        raise ValueError(f"the number of games per table must be at least 1, not {games}")
    tasks: list[GameTask] = []
    for t, table in enumerate(tables(len(agents), num_players)):
        for g in range(games):
            shift = g % num_players
            seat_agents = tuple(table[(seat + shift) % num_players]
                                for seat in range(num_players))
            tasks.append(GameTask(
                index=len(tasks), game=game, num_players=num_players, options=dict(options),
                seed=mix_seed(seed, g // num_players),  # the same deals at every table
                seat_agents=seat_agents,
                agent_names=tuple(agents[a] for a in seat_agents),
                agent_seeds=tuple(mix_seed(seed, t, g, 1 + seat)
                                  for seat in range(num_players)),
            ))
    return tasks


# -- the report -------------------------------------------------------------------------------


@dataclass
class LadderReport:
    game: str
    num_players: int
    options: dict[str, Any]
    seed: int
    games_per_table: int
    labels: list[str]
    wins: list[list[float]]  # wins[i][j]: comparisons i won against j (halves for ties)
    played: list[list[float]]  # comparisons between i and j
    fit: Fit
    games: int
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    prior: float = 1.0

    def order(self) -> list[int]:
        """Agents by rating, best first."""
        return sorted(range(len(self.labels)), key=lambda i: -self.fit.ratings[i])

    def to_json(self) -> dict[str, Any]:
        f = self.fit
        return {
            "game": self.game, "num_players": self.num_players, "options": self.options,
            "seed": self.seed, "games_per_table": self.games_per_table, "games": self.games,
            "seconds": self.seconds, "anchor": self.labels[f.anchor], "prior": self.prior,
            "ratings": [{"agent": self.labels[i], "elo": f.ratings[i],
                         "ci95": list(f.interval(i)),
                         "score": sum(self.wins[i]) / max(1e-12, sum(self.played[i]))}
                        for i in self.order()],
            "pairwise": [{"agent": self.labels[i], "opponent": self.labels[j],
                          "wins": self.wins[i][j], "comparisons": self.played[i][j]}
                         for i in range(len(self.labels)) for j in range(len(self.labels))
                         if i != j and self.played[i][j]],
            "errors": self.errors,
        }


def comparisons(outcomes: Sequence[GameOutcome], k: int) -> tuple[list[list[float]],
                                                                   list[list[float]]]:
    """The pairwise wins and comparison counts of the games (see the module docstring)."""
    wins = [[0.0] * k for _ in range(k)]
    played = [[0.0] * k for _ in range(k)]
    for o in outcomes:
        if o.error:
            continue
        seats = range(len(o.seat_agents))
        for s, t in itertools.combinations(seats, 2):
            a, b = o.seat_agents[s], o.seat_agents[t]
            ra, rb = o.returns[s], o.returns[t]
            if a == b or (ra == 0 and rb == 0):
                continue
            share = 1.0 if ra > rb else 0.0 if ra < rb else 0.5
            wins[a][b] += share
            wins[b][a] += 1 - share
            played[a][b] += 1
            played[b][a] += 1
    return wins, played


def summarise(outcomes: Sequence[GameOutcome], labels: list[str], agents: Sequence[str],
              game: str, num_players: int, options: dict[str, Any], seed: int,
              games_per_table: int, prior: float = 1.0, seconds: float = 0.0) -> LadderReport:
    wins, played = comparisons(outcomes, len(labels))
    anchor = list(agents).index("random") if "random" in agents else 0
    fit = bradley_terry(wins, labels, anchor=anchor, prior=prior)
    errors = [o.error for o in sorted(outcomes, key=lambda o: o.index) if o.error]
    return LadderReport(game, num_players, options, seed, games_per_table, labels, wins,
                        played, fit, len(outcomes), errors, seconds, prior)


def ladder_job(tasks: list[GameTask], labels: list[str],
               spec: Mapping[str, Any]) -> Job[GameTask, GameOutcome]:
    def store(_index: int, outcome: GameOutcome) -> dict[str, Any]:
        data = asdict(outcome)
        data.pop("record")
        return data

    return Job("ladder", partial(play, labels=labels), tasks, store=store,
               restore=outcome_from_json, spec=dict(spec))


def check(game: str, agents: Sequence[str], num_players: int | None = None,
          options: Mapping[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
    """Validate a ladder's set-up; returns the number of players and the full options."""
    g = get_game(game)
    if len(agents) < 2:
        raise ValueError("name at least two agents, e.g. --agents random,heuristic,ismcts:200")
    n = g.check_players(num_players if num_players is not None else g.min_players)
    opts = g.check_options(options)
    for name in dict.fromkeys(agents):  # fail early on an unknown agent or level
        make_agent(g, name, seed=0)
    return n, opts


def run_ladder(game: str, agents: Sequence[str], games: int, seed: int = 0,
               num_players: int | None = None, options: Mapping[str, Any] | None = None,
               *, backend: Backend | None = None, folder: str | Path | None = None,
               resume: bool = False, progress: Progress | None = None,
               prior: float = 1.0) -> LadderReport:
    """Plan, play and rate a ladder (``games`` per table; see the module docstring). With
    ``folder`` every finished game is journalled there, so ``resume=True`` finishes an
    interrupted ladder without replaying its games."""
    n, opts = check(game, agents, num_players, options)
    labels = agent_labels(list(agents))
    tasks = plan(game, agents, games, seed, n, opts)
    spec = {"game": game, "agents": list(agents), "games": games, "seed": seed,
            "players": n, "options": opts, "prior": prior}
    backend = backend or make_backend(os.cpu_count() or 1)
    start = time.perf_counter()
    outcomes = batch.run(ladder_job(tasks, labels, spec), backend, folder=folder,
                         resume=resume, progress=progress, chunk=games_per_call(agents))
    return summarise(outcomes, labels, agents, game, n, opts, seed, games, prior,
                     time.perf_counter() - start)


# -- history ----------------------------------------------------------------------------------


def git_revision(where: Path | None = None) -> str | None:
    """The commit of the source tree this runs from, when it is a git checkout."""
    cwd = where or Path(__file__).resolve().parent
    try:
        out = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=cwd,
                             capture_output=True, text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return (out.stdout.strip() or None) if out.returncode == 0 else None


def history_entry(report: LadderReport, now: datetime | None = None) -> dict[str, Any]:
    """One line of a ladder history file: when, which revision, the set-up, ratings."""
    data = report.to_json()
    return {
        "date": (now or datetime.now(UTC)).isoformat(timespec="seconds"),
        "revision": git_revision(), "game": report.game, "players": report.num_players,
        "options": report.options, "seed": report.seed,
        "games_per_table": report.games_per_table, "agents": report.labels,
        "anchor": data["anchor"],
        "ratings": {r["agent"]: {"elo": round(r["elo"], 1),
                                 "ci95": [round(x, 1) for x in r["ci95"]]}
                    for r in data["ratings"]},
    }


def append_history(path: str | Path, report: LadderReport) -> dict[str, Any]:
    """Append the report to a JSON-lines history file; returns the line written."""
    entry = history_entry(report)
    with Path(path).open("a", encoding="utf-8") as f:
        f.write(json.dumps(entry, separators=(",", ":")) + "\n")
    return entry
