"""AI seats: choosing agents by difficulty and running them off the event loop."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from clanboard.core import Game, agent_names, get_game, make_agent

DIFFICULTIES = ("easy", "normal", "hard")


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
            raise ValueError(
                f"no agent {agent!r} for {game.id}; available: {', '.join(offered_agents(game))}"
            )
        return agent
    level = difficulty or "normal"
    if level not in DIFFICULTIES:
        raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {level!r}")
    if "ismcts" in names:
        return f"ismcts:{level}"
    return "heuristic" if "heuristic" in names else "random"


def choose_move(game_id: str, state_json: dict[str, Any], agent: str, seed: int,
                seat: int) -> str:
    """Pick a move for ``seat`` (runs in a worker process or thread)."""
    game = get_game(game_id)
    state = game.state_from_json(state_json)
    return str(make_agent(game, agent, seed).choose(state, seat))


def _warm() -> int:
    return 0


def make_pool(workers: int) -> Executor:
    """A process pool of ``workers`` (forked, so games registered at run time are known to
    the workers), or one thread when ``workers`` is 0."""
    if workers <= 0:
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="clanboard-ai")
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
    pool.submit(_warm).result()  # fork the workers now, before the server starts threads
    return pool
