"""Post-game analysis: every move of a finished game valued by the ISMCTS from the mover's
point of view, and marked as an inaccuracy, a mistake or a blunder by how much it gave up.

For each move of a record (chance entries skipped), in the position before it:

1. a full search (``iterations`` iterations) from the mover's seat finds the move the AI
   prefers, the *best* move;
2. a search restricted to that move values it: ``before``, the mover's estimated value of
   the position with the AI's move;
3. a search of the same size restricted to the move played values it: ``after`` (the same
   number as ``before`` when the move played is the AI's).

Every search determinizes from what the mover could see (``State.determinize``), runs a
fixed number of iterations (no clock) and is seeded from the analysis seed and the move's
index, so an analysis is the same for the same seed on any machine and in any order; each
position is an independent task (:func:`analyse_position`), which is what makes a job
resumable and runnable on :mod:`clanboard.batch`'s backends.

Values are on one scale from 0 to 1. Two players: the mover's chance of winning (a
zero-sum game's return ``r`` in -1..1 read as ``(r + 1) / 2``). More players: the mover's
expected share of the win (1 for a sole win, 1/k for a k-way shared one, 0 otherwise;
the search's own returns), which is the chance of winning outright where the game does
not share wins. The *drop* of a move is ``before - after`` (never below 0); marks follow
:data:`THRESHOLDS`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from clanboard.ai.agent import TUNED
from clanboard.ai.arena import mix_seed
from clanboard.ai.ismcts import ISMCTS, SearchConfig
from clanboard.core import Game, GameRecord, State, get_game, make_agent

#: The marks by the drop in value they need, worst first (points of win chance / 100):
#: like Lichess's idea of marking moves by the win chance they lose.
THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("blunder", 0.30), ("mistake", 0.20), ("inaccuracy", 0.10))

FORMAT = "clanboard-analysis"
VERSION = 1


def mark_for(drop: float) -> str | None:
    """The mark a drop in value earns, or ``None`` below the smallest threshold."""
    for name, threshold in THRESHOLDS:
        if drop >= threshold - 1e-9:
            return name
    return None


def search_config(iterations: int) -> SearchConfig:
    """How an analysis searches: the levels' settings at a fixed iteration budget, no
    clock, and no early stop (the values, not only the choice, need the whole budget)."""
    return replace(TUNED, iterations=iterations, seconds=None, stop_early=False)


def to_value(game: Game, num_players: int, mean_return: float) -> float:
    """A search's mean return for the mover on the 0..1 scale (see the module)."""
    if game.zero_sum and num_players == 2:
        mean_return = (mean_return + 1.0) / 2.0
    return min(1.0, max(0.0, mean_return))


@dataclass(frozen=True)
class PositionTask:
    """One position to analyse (picklable: the unit of a batch job). ``state`` is the full
    ``State.to_json()`` before the move; the search reads it only through the mover's
    determinizations."""

    index: int
    game: str
    state: dict[str, Any] = field(compare=False, hash=False, repr=False)
    player: int
    move: str
    iterations: int
    seed: int


@dataclass(frozen=True)
class MoveAnalysis:
    """What the analysis says about one move (``index`` into the record's moves)."""

    index: int
    player: int
    move: str
    best: str
    before: float
    after: float
    forced: bool = False

    @property
    def drop(self) -> float:
        return max(0.0, self.before - self.after)

    @property
    def mark(self) -> str | None:
        return None if self.forced or self.move == self.best else mark_for(self.drop)

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "player": self.player, "move": self.move,
                "best": self.best, "before": round(self.before, 4),
                "after": round(self.after, 4), "drop": round(self.drop, 4),
                "mark": self.mark, "forced": self.forced}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MoveAnalysis:
        return cls(int(data["index"]), int(data["player"]), str(data["move"]),
                   str(data["best"]), float(data["before"]), float(data["after"]),
                   bool(data.get("forced", False)))


@dataclass
class Analysis:
    """A game's analysis: one :class:`MoveAnalysis` per move searched, in game order."""

    game: str
    num_players: int
    iterations: int
    seed: int
    moves: list[MoveAnalysis]

    @property
    def scale(self) -> str:
        return "win_chance" if self.num_players == 2 else "win_share"

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.game,
                "num_players": self.num_players, "iterations": self.iterations,
                "seed": self.seed, "scale": self.scale,
                "thresholds": dict(THRESHOLDS),
                "moves": [m.to_json() for m in self.moves]}

    def marked(self, mark: str) -> list[MoveAnalysis]:
        return [m for m in self.moves if m.mark == mark]


def tasks(record: GameRecord, iterations: int, seed: int) -> list[PositionTask]:
    """The positions of ``record`` to search: one per player move (chance skipped). The
    record is replayed and checked move by move (an illegal move is InvalidState)."""
    if iterations < 1:
        raise ValueError(f"an analysis needs at least 1 iteration per search, not {iterations}")
    out: list[PositionTask] = []
    states = record.states()
    state = next(states)
    for index, (player, text) in enumerate(record.moves):
        if player >= 0:
            # a deep copy: a game's JSON may share lists with the state, which moves on
            out.append(PositionTask(index, record.game, copy.deepcopy(state.to_json()),
                                    player, text,
                                    iterations, mix_seed(seed, index)))
        state = next(states)
    return out


def analyse_position(task: PositionTask) -> MoveAnalysis:
    """Search one position from the mover's seat (module docstring); pure: the result
    depends only on ``task``."""
    game = get_game(task.game)
    state = game.state_from_json(task.state)
    played = str(state.parse_move(task.move, task.player))
    legal = state.legal_moves(task.player)
    config = search_config(task.iterations)

    def searcher(k: int) -> ISMCTS:
        agent = make_agent(game, "ismcts", seed=mix_seed(task.seed, k), config=config)
        return agent.searcher  # type: ignore[attr-defined,no-any-return]

    def value_of(move: str, k: int) -> float:
        result = searcher(k).search(state, task.player, root_moves=[move])
        _, mean = result.children.get(move, (0, 0.0))
        # rounded here, so a result read back from JSON is the same result
        return round(to_value(game, state.num_players, mean), 4)

    if len(legal) == 1:
        value = value_of(played, 1)
        return MoveAnalysis(task.index, task.player, played, played, value, value, True)
    best = str(searcher(0).search(state, task.player).move)
    before = value_of(best, 1)
    after = before if played == best else value_of(played, 2)
    return MoveAnalysis(task.index, task.player, played, best, before, after)


class Cancelled(Exception):
    """An analysis was stopped; ``done`` holds the moves analysed so far."""

    def __init__(self, done: list[MoveAnalysis]) -> None:
        super().__init__(f"analysis stopped after {len(done)} positions")
        self.done = done


def analyse(record: GameRecord, iterations: int = 1000, seed: int = 0,
            progress: Callable[[int, int], None] | None = None,
            should_stop: Callable[[], bool] | None = None,
            done: Mapping[int, MoveAnalysis] | None = None,
            indices: Collection[int] | None = None) -> Analysis:
    """Analyse every move of ``record`` in this process (see the module docstring).

    ``progress(done, total)`` is called at the start and after each position;
    ``should_stop()`` is asked before each position and stops the analysis with
    :class:`Cancelled`; ``done`` (by move index) are positions analysed before with the
    same iterations and seed, which are not searched again (resuming); ``indices``
    limits the analysis to those moves."""
    todo = tasks(record, iterations, seed)
    if indices is not None:
        todo = [t for t in todo if t.index in indices]
    results: dict[int, MoveAnalysis] = dict(done or {})
    finished = sum(1 for t in todo if t.index in results)
    if progress:
        progress(finished, len(todo))
    for task in todo:
        if task.index in results:
            continue
        if should_stop is not None and should_stop():
            raise Cancelled([results[t.index] for t in todo if t.index in results])
        results[task.index] = analyse_position(task)
        finished += 1
        if progress:
            progress(finished, len(todo))
    return Analysis(record.game, record.num_players, iterations, seed,
                    [results[t.index] for t in todo])


def position_before(record: GameRecord, index: int) -> State:
    """The position before move ``index`` of ``record`` (a fresh state)."""
    for i, state in enumerate(record.states()):
        if i == index:
            return state.clone()
    raise IndexError(f"the record has {len(record.moves)} moves, not {index + 1}")


def analysis_job(record: GameRecord, iterations: int, seed: int) -> Any:
    """The analysis as a :class:`clanboard.batch.Job` (one task per position), to run on
    any backend with :func:`clanboard.batch.run` (journalled and resumable with a folder);
    its results are :class:`MoveAnalysis` in game order."""
    from clanboard.batch import Job

    todo = tasks(record, iterations, seed)
    spec = {"game": record.game, "iterations": iterations, "seed": seed,
            "moves": len(record.moves)}
    return Job("analysis", analyse_position, todo,
               store=lambda _i, m: m.to_json(), restore=MoveAnalysis.from_json, spec=spec)
