"""The ISMCTS agent and its difficulty levels (``ismcts``, ``ismcts:hard``, ``ismcts:500``)."""

from __future__ import annotations

from dataclasses import replace

from clanboard.ai.ismcts import ISMCTS, SearchConfig, SearchResult
from clanboard.core import Move, SearchHints, State

#: How the levels search: where a game's ``SearchHints.evaluate`` gives an estimate it
#: scores each new leaf instead of a playout (``rollout_limit=0``); where the game ranks
#: moves (``SearchHints.move_priors``) each node searches only its 12 best-ranked
#: candidates (progressive widening at a fixed width), which buys depth. A search stops
#: once its choice cannot change in the budget left.
TUNED = SearchConfig(iterations=None, seconds=1.0, rollout_limit=0,
                     widening=12.0, widening_power=0.0, stop_early=True)

#: The levels users pick. ``normal`` (the default) answers within a second on a
#: 2-core laptop; its and ``hard``'s iteration caps only bind on very fast engines.
#: ``easy`` is bound by iterations alone (well under 0.1 s on every game), so it plays
#: the same move for the same seed however busy the machine: the tutorials need that.
LEVELS: dict[str, SearchConfig] = {
    "easy": replace(TUNED, iterations=200, seconds=None),
    "normal": replace(TUNED, iterations=200_000, seconds=0.9),
    "hard": replace(TUNED, iterations=2_000_000, seconds=3.0),
}
DEFAULT_LEVEL = "normal"


def parse_level(level: str | None) -> SearchConfig:
    """A level name, an iteration budget (``"500"``), a time budget (``"1.5s"``) or a
    budget of the search thread's CPU time (``"1s-cpu"``: what a quiet core gives, for
    measuring on a shared machine)."""
    text = (level or DEFAULT_LEVEL).strip().lower()
    if text in LEVELS:
        return LEVELS[text]
    try:
        if text.endswith("s-cpu"):
            return replace(TUNED, iterations=None, seconds=float(text[:-5]), cpu_clock=True)
        if text.endswith("s"):
            return replace(TUNED, iterations=None, seconds=float(text[:-1]))
        return replace(TUNED, iterations=int(text), seconds=None)
    except ValueError:
        pass
    raise ValueError(
        f"unknown ISMCTS level {level!r}: use {', '.join(LEVELS)}, an iteration count "
        "such as 500, or seconds per move such as 1.5s (1.5s-cpu: seconds of CPU time)"
    )


class ISMCTSAgent:
    """Chooses moves by information-set MCTS; ``last`` holds the latest search.
    ``hints`` replaces the game's search hints (e.g. with tuned weights)."""

    def __init__(self, seed: int = 0, level: str | None = None, *,
                 iterations: int | None = None, seconds: float | None = None,
                 config: SearchConfig | None = None, hints: SearchHints | None = None) -> None:
        cfg = config or parse_level(level)
        if iterations is not None or seconds is not None:
            cfg = replace(cfg, iterations=iterations, seconds=seconds)
        self.config = cfg
        self.level = (level or DEFAULT_LEVEL) if config is None else "custom"
        self.name = f"ismcts:{self.level}"
        self.searcher = ISMCTS(cfg, seed, hints)
        self.last: SearchResult | None = None

    def choose(self, state: State, player: int) -> Move:
        self.last = self.searcher.search(state, player)
        return self.last.move


def make_ismcts(seed: int = 0, level: str | None = None, **kwargs: object) -> ISMCTSAgent:
    """The factory registered with the core as ``ismcts``."""
    return ISMCTSAgent(seed=seed, level=level, **kwargs)  # type: ignore[arg-type]
