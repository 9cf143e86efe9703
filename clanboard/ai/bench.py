"""Engine benchmarks through the core API: random playouts, clone, legal moves,
determinize and ISMCTS iterations per second, for every registered game."""

from __future__ import annotations

import os
import platform
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from clanboard.ai.agent import TUNED
from clanboard.ai.ismcts import ISMCTS
from clanboard.core import Game, InvalidState, Rng, State, games, get_game

MAX_MOVES = 100_000  # a random game longer than this is reported as not terminating

#: the clocks a run may be timed by: the wall clock (default) or this process's CPU time,
#: which holds steady when other jobs share the machine (searches then count their
#: thread's CPU time, as ``ismcts:1s-cpu`` does)
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def _clock(name: str) -> Callable[[], float]:
    try:
        return CLOCKS[name]
    except KeyError:
        raise ValueError(f"unknown clock {name!r}: use one of {', '.join(CLOCKS)}") from None


@dataclass
class BenchResult:
    """One game's figures (rates per second, costs in microseconds)."""

    game: str
    variant: str
    players: int
    games_per_s: float
    moves_per_s: float
    moves_per_game: float
    clone_us: float
    legal_moves_us: float
    determinize_us: float
    ismcts_iterations_per_s: float
    ismcts_iterations_per_s_start: float

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def random_game(state: State, rng: Rng, keep_every: int = 0) -> tuple[int, list[State]]:
    """Play uniformly random moves to the end with the generic loop (the games/s figure
    uses :meth:`State.random_playout` instead); returns the number of moves and, if
    ``keep_every`` > 0, a copy of every ``keep_every``-th position."""
    kept: list[State] = []
    moves = 0
    while True:
        seats = state.players_to_move()
        if not seats:
            return moves, kept
        if keep_every and moves % keep_every == 0:
            kept.append(state.clone())
        seat = seats[0]
        state.apply_trusted(rng.choice(state.legal_moves(seat)), seat)
        moves += 1
        if moves > MAX_MOVES:
            raise RuntimeError(f"{state.game.id}: a random game did not end in {MAX_MOVES} moves")


def _timed_loop(seconds: float, items: list[State], work: Any,
                clock: Callable[[], float] = time.perf_counter) -> float:
    """Microseconds per call of ``work(item)``, cycling over ``items`` for ``seconds``."""
    calls = 0
    start = clock()
    deadline = start + seconds
    while True:
        for item in items:
            work(item)
        calls += len(items)
        now = clock()
        if now >= deadline:
            return (now - start) / calls * 1e6


def bench_game(game: Game, options: Mapping[str, Any] | None = None, variant: str = "default",
               num_players: int | None = None, seconds: float = 1.0, seed: int = 0,
               clock: str = "wall") -> BenchResult:
    """Measure one game; ``seconds`` scales every part (about 4.5 × seconds in all,
    the first second-scale spent warming the engine up with random games), counted on
    ``clock`` (a key of :data:`CLOCKS`)."""
    timer = _clock(clock)
    n = game.check_players(num_players)
    opts = game.check_options(options)
    rng = Rng(seed)

    # warm up first: engines may fill lazy tables and caches during their first games
    warm_rng = Rng(seed ^ 0x5EED)
    deadline = timer() + seconds
    while timer() < deadline:
        game.new_state(n, warm_rng.next_u64() >> 1, opts).random_playout(warm_rng)

    # random full games through the game's playout hook (State.random_playout: the
    # generic loop, or the game's own faster engine)
    played = moves = 0
    start = timer()
    while True:
        state = game.new_state(n, rng.next_u64() >> 1, opts)
        moves += state.random_playout(rng)
        played += 1
        elapsed = timer() - start
        if elapsed >= seconds:
            break

    # sample positions for the other measurements, from the generic loop (which can keep
    # copies of the positions it passes through); from Rng(seed), as the games/s loop
    # once took them, so that the figures stay comparable with earlier measurements
    samples: list[State] = []
    sample_rng = Rng(seed)
    for _ in range(10_000):
        if len(samples) >= 400:
            break
        state = game.new_state(n, sample_rng.next_u64() >> 1, opts)
        samples += random_game(state, sample_rng, keep_every=7)[1]

    def legal(s: State) -> None:
        for seat in s.players_to_move():
            s.legal_moves(seat)

    def determinize(s: State) -> None:
        s.determinize(s.players_to_move()[0], rng)

    clone_us = _timed_loop(seconds * 0.3, samples, lambda s: s.clone(), timer)
    legal_us = _timed_loop(seconds * 0.3, samples, legal, timer) / _mean_movers(samples)
    determinize_us = _timed_loop(seconds * 0.3, samples, determinize, timer)

    # ISMCTS: from the opening and from positions spread over random games
    start_state = game.new_state(n, seed, opts)
    cpu = clock == "cpu"
    opening_rate = _search_rate(start_state, seconds * 0.5, seed, cpu)
    spread = [s for s in samples[:: max(1, len(samples) // 8)]][:8]
    total_it = 0
    total_s = 0.0
    for s in spread:
        budget = replace(TUNED, iterations=None, seconds=seconds * 1.5 / len(spread),
                         cpu_clock=cpu)
        searcher = ISMCTS(budget, seed)
        seat = s.players_to_move()[0]
        if len(s.legal_moves(seat)) < 2:
            continue
        result = searcher.search(s, seat)
        total_it += result.iterations
        total_s += result.seconds
    spread_rate = total_it / total_s if total_s else opening_rate
    return BenchResult(
        game=game.id, variant=variant, players=n,
        games_per_s=played / elapsed, moves_per_s=moves / elapsed,
        moves_per_game=moves / played, clone_us=clone_us, legal_moves_us=legal_us,
        determinize_us=determinize_us, ismcts_iterations_per_s=spread_rate,
        ismcts_iterations_per_s_start=opening_rate,
    )


def _mean_movers(samples: list[State]) -> float:
    return sum(len(s.players_to_move()) for s in samples) / len(samples)


def _search_rate(state: State, seconds: float, seed: int, cpu: bool = False) -> float:
    seat = state.players_to_move()[0]
    config = replace(TUNED, iterations=None, seconds=seconds, cpu_clock=cpu)
    result = ISMCTS(config, seed).search(state, seat)
    return result.iterations / result.seconds if result.seconds else 0.0


def bench_runs(game_ids: list[str] | None = None, all_variants: bool = False,
               variant: str | None = None) -> list[tuple[Game, str, dict[str, Any]]]:
    """The (game, variant name, options) set-ups a benchmark measures."""
    chosen = [get_game(g) for g in game_ids] if game_ids else games()
    runs: list[tuple[Game, str, dict[str, Any]]] = []
    for game in chosen:
        if variant:
            runs.append((game, variant, game.variant_options(variant)))
        elif all_variants and game.variants:
            runs += [(game, name, dict(opts)) for name, opts in game.variants.items()]
        elif game.variants and not _starts_with_defaults(game):
            # a game whose defaults refuse to start (Glen More II's provisional pack needs
            # provisional=true) is measured with its presets instead
            runs += [(game, name, dict(opts)) for name, opts in game.variants.items()]
        else:
            runs.append((game, "default", {}))
    return runs


def run_bench(game_ids: list[str] | None = None, all_variants: bool = False,
              variant: str | None = None, num_players: int | None = None,
              seconds: float = 1.0, seed: int = 0,
              progress: Callable[[BenchResult, int, int], None] | None = None,
              clock: str = "wall") -> list[BenchResult]:
    """Benchmark the given games (default: every registered game); ``progress(result, done,
    total)`` is called after each set-up."""
    _clock(clock)  # an unknown clock fails before any game is measured
    runs = bench_runs(game_ids, all_variants, variant)
    results = []
    for game, name, opts in runs:
        results.append(bench_game(game, opts, name, num_players, seconds, seed, clock))
        if progress:
            progress(results[-1], len(results), len(runs))
    return results


def describe(r: BenchResult) -> str:
    """One line: the main figures of a finished row."""
    return (f"{r.game} ({r.variant}, {r.players} players): {r.games_per_s:,.0f} random "
            f"games/s, {r.ismcts_iterations_per_s:,.0f} ISMCTS it/s")


def _starts_with_defaults(game: Game) -> bool:
    try:
        game.new_state(None, 0, {})
    except InvalidState:
        return False
    return True


def machine(clock: str = "wall") -> dict[str, Any]:
    """What the figures were measured on, and by which clock."""
    return {
        "clock": clock,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


COLUMNS = (
    ("game", "game", "{}"), ("variant", "variant", "{}"), ("players", "pl", "{}"),
    ("games_per_s", "games/s", "{:,.0f}"), ("moves_per_s", "moves/s", "{:,.0f}"),
    ("moves_per_game", "moves/game", "{:.0f}"), ("clone_us", "clone µs", "{:.1f}"),
    ("legal_moves_us", "legal µs", "{:.1f}"), ("determinize_us", "determ. µs", "{:.1f}"),
    ("ismcts_iterations_per_s", "ISMCTS it/s", "{:,.0f}"),
    ("ismcts_iterations_per_s_start", "it/s opening", "{:,.0f}"),
)


def table(results: list[BenchResult]) -> Any:
    """The results as a rich table."""
    from rich import box
    from rich.table import Table

    t = Table(title="clanboard engine benchmark", box=box.SIMPLE_HEAD, pad_edge=False)
    for _, header, _ in COLUMNS:
        t.add_column(header, justify="left" if header in ("game", "variant") else "right",
                     no_wrap=True, min_width=len(header))
    for r in results:
        data = r.to_json()
        t.add_row(*(fmt.format(data[key]) for key, _, fmt in COLUMNS))
    return t
