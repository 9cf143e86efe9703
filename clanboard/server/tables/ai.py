"""AI seats: choosing agents by difficulty and running them off the event loop."""

from __future__ import annotations

import multiprocessing
import os
import signal
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from clanboard.core import Game, agent_names, get_game, make_agent

DIFFICULTIES = ("easy", "normal", "hard")
SEARCH = "ismcts"
SEARCH_FORMS = "ismcts[:easy|normal|hard|N|Xs] (N iterations, X seconds per move)"


def offered_agents(game: Game) -> list[str]:
    """Agent names a lobby offers for ``game``: search levels first, then the others."""
    names = agent_names(game)
    offered = [f"ismcts:{d}" for d in DIFFICULTIES] if "ismcts" in names else []
    preferred = ["heuristic", "random"]
    offered += [n for n in preferred if n in names]
    offered += [n for n in names if n not in offered and n != "ismcts"]
    return offered


def resolve_agent(game: Game, agent: str | None, difficulty: str | None) -> str:
    """The agent for an AI seat: ``agent`` as asked, else the best one at ``difficulty``
    (``ismcts:<difficulty>`` where the search is installed, else ``heuristic``, else
    ``random``). Raises ValueError naming what is available."""
    names = agent_names(game)
    if agent:
        if agent.partition(":")[0] not in names:
            raise ValueError(f"no agent {agent!r} for {game.id}; use one of: {agent_forms(game)}")
        return agent
    level = difficulty or "normal"
    if level not in DIFFICULTIES:
        raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {level!r}")
    if "ismcts" in names:
        return f"ismcts:{level}"
    return "heuristic" if "heuristic" in names else "random"


def agent_forms(game: Game) -> str:
    """The agent specs a seat may ask for at ``game``, in words."""
    return ", ".join(SEARCH_FORMS if n == SEARCH else n for n in agent_names(game))


def check_agent(game: Game, spec: str, max_seconds: float, max_iterations: int) -> str:
    """``spec`` if it names one of ``game``'s agents in a documented form within the
    server's budget (at most ``max_seconds`` a move, ``max_iterations`` iterations; 0: no
    cap); else ValueError saying what is allowed."""
    base, colon, level = spec.strip().partition(":")
    if base not in agent_names(game):
        raise ValueError(f"no agent {base!r} for {game.id}; use one of: {agent_forms(game)}")
    if not colon:
        return base
    if base != SEARCH:
        raise ValueError(f"agent {base!r} takes no level (not {level!r}); "
                         f"use one of: {agent_forms(game)}")
    from clanboard.ai import parse_level

    try:
        cfg = parse_level(level)
    except ValueError as exc:
        raise ValueError(f"{exc}; the forms are {SEARCH_FORMS}") from exc
    if cfg.cpu_clock:
        raise ValueError(f"{spec!r} counts CPU time, which leaves a move's wall time "
                         f"unbounded on a busy server; the forms are {SEARCH_FORMS}")
    if cfg.seconds is not None and not 0 < cfg.seconds <= (max_seconds or float("inf")):
        raise ValueError(f"{spec!r} asks for {cfg.seconds:g} s a move; this server allows "
                         f"more than 0 and at most {max_seconds:g} s")
    if cfg.iterations is not None and not 0 < cfg.iterations <= (max_iterations or 1 << 62):
        raise ValueError(f"{spec!r} asks for {cfg.iterations} iterations a move; this server "
                         f"allows more than 0 and at most {max_iterations}")
    return f"{base}:{level}"


def clamp_agent(game: Game, spec: str | None, max_seconds: float, max_iterations: int) -> str:
    """A spec that passes :func:`check_agent`: ``spec`` itself, else the search held to the
    caps, else the game's default agent (for tables stored before the caps existed)."""
    candidates = [spec or ""]
    if spec and spec.startswith(f"{SEARCH}:"):
        from clanboard.ai import parse_level

        try:
            cfg = parse_level(spec.partition(":")[2])
        except ValueError:
            cfg = None  # not a level at all: the default agent
        if cfg is not None:
            capped = [f"{SEARCH}:{max_seconds:g}s", f"{SEARCH}:{max_iterations}"]
            candidates += capped[::-1] if cfg.seconds is None else capped
    for candidate in candidates:
        try:
            return check_agent(game, candidate, max_seconds, max_iterations)
        except ValueError:
            continue
    return resolve_agent(game, None, None)


def choose_move(game_id: str, state_json: dict[str, Any], agent: str, seed: int,
                seat: int, max_seconds: float = 0.0) -> str:
    """Pick a move for ``seat`` (runs in a worker process or thread); a search never
    runs longer than ``max_seconds`` (0: its own budget)."""
    game = get_game(game_id)
    state = game.state_from_json(state_json)
    kwargs: dict[str, Any] = {}
    if max_seconds > 0 and agent.partition(":")[0] == SEARCH:
        from clanboard.ai import parse_level

        cfg = parse_level(agent.partition(":")[2] or None)
        kwargs = {"iterations": cfg.iterations,
                  "seconds": min(cfg.seconds or max_seconds, max_seconds)}
    return str(make_agent(game, agent, seed, **kwargs).choose(state, seat))


def _warm() -> int:
    return os.getpid()


def _worker_signals() -> None:
    """A forked worker inherits the server's signal handlers, which would keep it alive
    after SIGTERM: it dies on SIGTERM, and leaves Ctrl-C to the server."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def make_pool(workers: int) -> Executor:
    """A process pool of ``workers`` (forked, so games registered at run time are known to
    the workers), or one thread when ``workers`` is 0."""
    if workers <= 0:
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="clanboard-ai")
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx,
                               initializer=_worker_signals)
    pool.submit(_warm).result()  # fork the workers now, before the server starts threads
    return pool
