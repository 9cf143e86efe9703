"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Each iteration deals a fresh *determinization* of the root position — everything
hidden from the searching seat re-dealt by :meth:`State.determinize`, future
chance re-seeded — and descends one shared tree with it. Tree nodes are reached
by move notations (``str(move)``), so one node stands for every determinization
that shares the same public move sequence: an information set of the searching
seat. Because a node's children are legal only in some determinizations, the
selection uses *availability counts* (Cowling, Powley & Whitehouse, 2012,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2)).

Every node keeps the total return of the seat that moved into it, so the search
works for any number of seats. Chance events are resolved by sampling (the
determinized state re-seeds them) and are not branched on. At a simultaneous
step the searching seat moves first, then the other waiting seats in
:meth:`State.players_to_move` order. Game knowledge enters only through the
game's :class:`clanboard.core.SearchHints`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from clanboard.core import Game, Move, Rng, SearchHints, State


@dataclass(frozen=True)
class SearchConfig:
    """How long and how a search runs.

    ``iterations`` and ``seconds`` are budgets (``None`` = unlimited; at least one must
    be set); the search stops at whichever runs out first. ``rollout_limit`` cuts a
    playout after that many moves and scores it with ``SearchHints.evaluate`` (a game
    without an evaluation plays on to the end). ``mast`` is the probability that a
    playout move is the one with the best average return so far in this search (the
    Move-Average Sampling Technique, Finnsson & Björnsson 2008) rather than the game's
    ``rollout_move``; the same averages order the expansion of untried moves.
    ``score_weight`` adds that much of each seat's final score margin over the mean
    (scaled by the largest spread of scores seen) to its return: a denser signal for
    games scored in points. ``widening`` > 0 turns on progressive widening: a node
    visited ``n`` times considers only its ``ceil(widening * (n + 1) ** widening_power)``
    most promising candidates by ``SearchHints.move_priors`` (a game without priors
    is searched in full). ``stop_early`` ends the search as soon as the most visited
    move cannot be overtaken in the budget left (at the speed so far): the answer is
    the one the whole budget would give, sooner. ``cpu_clock`` counts ``seconds`` in the
    searching thread's CPU time instead of wall time: the budget a quiet core gives,
    for measurements on a shared machine (its wall time is then unbounded).
    """

    iterations: int | None = 2000
    seconds: float | None = None
    exploration: float = 0.7
    rollout_limit: int | None = None
    mast: float = 0.0
    score_weight: float = 0.0
    widening: float = 0.0
    widening_power: float = 0.4
    stop_early: bool = False
    cpu_clock: bool = False

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search needs an iteration budget, a time budget or both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"the iteration budget must be at least 1, not {self.iterations}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"the time budget must be positive, not {self.seconds}")


@dataclass
class SearchResult:
    """The chosen move and what the search saw: root children by notation as
    ``(visits, mean return of the searching seat)``."""

    move: Move
    iterations: int
    seconds: float
    children: dict[str, tuple[int, float]] = field(default_factory=dict)


MAX_PLAYOUT = 5000
"""Playout moves after which a game that has not ended is scored as a draw (or by
``SearchHints.evaluate``): a guard against policies that cycle."""


_CHECK_EVERY = 64
"""Iterations between two checks of ``SearchConfig.stop_early``."""


_UNRANKED: dict[str, float] = {}
"""A node's priors where the game ranks no moves (never written to)."""


class _Node:
    __slots__ = ("children", "visits", "avail", "reward", "player", "priors", "memo")

    def __init__(self, player: int) -> None:
        self.player = player  # the seat whose move led here
        self.children: dict[str, _Node] = {}
        self.priors: dict[str, float] | None = None  # by move notation, when widening
        # the last (width, candidates, moves to try, their keys): candidates often repeat
        self.memo: tuple[int, list[Move], list[Move], list[str]] | None = None
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


_hints_cache: dict[int, tuple[Game, SearchHints]] = {}


def hints_for(game: Game) -> SearchHints:
    """The game's search hints (asked for once per game object)."""
    cached = _hints_cache.get(id(game))
    if cached is None or cached[0] is not game:
        cached = (game, game.search_hints())
        _hints_cache[id(game)] = cached
    return cached[1]


class ISMCTS:
    """The searcher. ``search(state, player)`` uses only what ``player`` may know:
    the real state is read only through ``legal_moves(player)`` and ``determinize``.
    ``hints`` replaces the game's search hints (e.g. with other weights, for tuning)."""

    def __init__(self, config: SearchConfig | None = None, seed: int = 0,
                 hints: SearchHints | None = None) -> None:
        self.config = config or SearchConfig()
        self.hints = hints  # None: the game's own (``Game.search_hints()``)
        self.rng = Rng(seed)
        # the spread of returns seen so far scales exploration (games return 0..1, ±1, ...)
        self._low = 0.0
        self._high = 1.0
        self._mast: list[dict[Move, list[float]]] = []
        self._score_span = 1e-9

    def search(self, state: State, player: int,
               root_moves: Sequence[Move] | None = None) -> SearchResult:
        """Search ``state`` for ``player``. ``root_moves`` (notations or moves) restricts
        the root to those moves and always searches, even a single one: how a given move
        is valued (post-game analysis); a determinization in which none of them is legal
        falls back to the usual candidates."""
        clock = time.thread_time if self.config.cpu_clock else time.perf_counter
        start = clock()
        legal = state.legal_moves(player)
        if not legal:
            raise ValueError(f"player {player} has no legal move in this position")
        only = None if root_moves is None else frozenset(str(m) for m in root_moves)
        if only is None and len(legal) == 1:
            return SearchResult(legal[0], 0, clock() - start)
        cfg = self.config
        hints = self.hints or hints_for(state.game)
        rng = self.rng
        forced = None if only is not None else self._forced(state, player, legal, hints)
        if forced is not None:
            return SearchResult(forced, 0, clock() - start)
        root = _Node(player)
        self._low, self._high = 0.0, 1.0
        self._mast = [{} for _ in range(state.num_players)]
        self._score_span = 1e-9
        budget = cfg.iterations if cfg.iterations is not None else 1 << 62
        deadline = start + cfg.seconds if cfg.seconds is not None else math.inf
        done = 0
        next_check = _CHECK_EVERY if cfg.stop_early else budget
        while done < budget:
            if done and clock() >= deadline:
                break
            if done >= next_check:
                next_check += _CHECK_EVERY
                now = clock()
                affordable = (deadline - now) * done / (now - start)  # at the speed so far
                if _settled(root, min(budget - done, affordable)):
                    break
            det = state.determinize(player, rng)
            det.auto_chance = True
            det.resolve_chance()
            self._iterate(det, root, player, hints, rng, cfg, only)
            done += 1
        if only is not None:
            legal = [m for m in legal if str(m) in only] or legal
        return self._result(root, legal, done, clock() - start)

    def _forced(self, state: State, player: int, legal: list[Move],
                hints: SearchHints) -> Move | None:
        """The move to play without searching when the game's candidates leave only one
        (e.g. a claim that is never worse than not claiming). The candidates are asked
        of a determinization, so the answer cannot depend on hidden information."""
        probe = state.determinize(player, self.rng)
        candidates = hints.candidate_moves(probe, player)
        if len(candidates) != 1:
            return None
        key = str(candidates[0])
        return next((m for m in legal if str(m) == key), None)

    # -- one iteration --------------------------------------------------------------------

    def _iterate(self, det: State, root: _Node, observer: int, hints: SearchHints,
                 rng: Rng, cfg: SearchConfig, only: frozenset[str] | None = None) -> None:
        c = cfg.exploration * (self._high - self._low)
        path = [root]
        played: list[tuple[int, Move]] = []
        node = root
        expanded = False
        while not expanded:
            seats = det.players_to_move()
            if not seats:
                break
            actor = observer if observer in seats else seats[0]
            if only is not None and node is root:
                moves = ([m for m in det.legal_moves(actor) if str(m) in only]
                         or hints.candidate_moves(det, actor))
            else:
                moves = hints.candidate_moves(det, actor)
            if not moves:  # a game may prune to nothing: fall back to the rules
                moves = det.legal_moves(actor)
            moves, keys = self._to_try(node, moves, det, actor, hints, cfg)
            children = node.children
            chosen: Move | None = None
            chosen_key = ""
            best = -math.inf
            untried: list[tuple[Move, str]] = []
            for m, key in zip(moves, keys, strict=True):
                child = children.get(key)
                if child is None:
                    untried.append((m, key))
                    continue
                child.avail += 1
                if not untried:
                    v = child.visits
                    score = child.reward / v + c * math.sqrt(math.log(child.avail) / v)
                    if score > best:
                        best, chosen, chosen_key = score, m, key
            if untried:
                chosen, chosen_key = self._pick_untried(untried, actor)
                child = _Node(actor)
                child.avail = 1
                children[chosen_key] = child
                expanded = True
            else:
                child = children[chosen_key]
            det.apply_trusted(chosen, actor)
            played.append((actor, chosen))
            node = child
            path.append(child)
        returns = self._playout(det, hints, rng, cfg, played)
        if cfg.score_weight:
            returns = self._shaped(det, returns, cfg.score_weight)
        low, high = min(returns), max(returns)
        if low < self._low:
            self._low = low
        if high > self._high:
            self._high = high
        for n in path:
            n.visits += 1
            n.reward += returns[n.player]
        if cfg.mast:
            tables = self._mast
            for seat, m in played:
                entry = tables[seat].get(m)
                if entry is None:
                    tables[seat][m] = [returns[seat], 1]
                else:
                    entry[0] += returns[seat]
                    entry[1] += 1

    @classmethod
    def _to_try(cls, node: _Node, moves: list[Move], det: State, actor: int,
                hints: SearchHints, cfg: SearchConfig) -> tuple[list[Move], list[str]]:
        """The candidates the node may try now (see :meth:`_widened`) and their keys;
        remembered while a node's candidates and width stay the same."""
        width = 0
        if cfg.widening and len(moves) > 1:
            width = math.ceil(cfg.widening * (node.visits + 1) ** cfg.widening_power)
        memo = node.memo
        if memo is not None and memo[0] == width and memo[1] == moves:
            return memo[2], memo[3]
        if width:
            chosen, keys = cls._widened(node, moves, det, actor, hints, width)
        else:
            chosen, keys = moves, list(map(str, moves))
        node.memo = (width, moves, chosen, keys)
        return chosen, keys

    @staticmethod
    def _widened(node: _Node, moves: list[Move], det: State, actor: int,
                 hints: SearchHints, width: int) -> tuple[list[Move], list[str]]:
        """The node's ``width`` most promising moves (progressive widening) and their keys;
        all of them where the game ranks none. Priors are kept per node: a node is one
        public history."""
        keys = list(map(str, moves))
        if width >= len(moves) or node.priors is _UNRANKED:
            return moves, keys
        priors = node.priors
        if priors is None:
            priors = node.priors = {}
        missing = [i for i, k in enumerate(keys) if k not in priors]
        if missing:
            values = hints.move_priors(det, actor, [moves[i] for i in missing])
            if values is None:  # not asked again at this node
                node.priors = _UNRANKED
                return moves, keys
            for i, v in zip(missing, values, strict=True):
                priors[keys[i]] = v
        order = [-priors[k] for k in keys]
        ranked = sorted(range(len(moves)), key=order.__getitem__)[:width]  # stable
        return [moves[i] for i in ranked], [keys[i] for i in ranked]

    def _shaped(self, det: State, returns: list[float], weight: float) -> list[float]:
        scores = det.scores()
        mean = sum(scores) / len(scores)
        spread = max(scores) - min(scores)
        if spread > self._score_span:
            self._score_span = spread
        scale = weight / self._score_span
        return [r + (s - mean) * scale for r, s in zip(returns, scores, strict=True)]

    def _pick_untried(self, untried: list[tuple[Move, str]], actor: int) -> tuple[Move, str]:
        """The first untried candidate, or with MAST the one with the best average so far
        (unseen moves first, in candidate order)."""
        if not self.config.mast or len(untried) == 1:
            return untried[0]
        table = self._mast[actor]
        best, best_value = untried[0], -math.inf
        for item in untried:
            entry = table.get(item[0])
            value = math.inf if entry is None else entry[0] / entry[1]
            if value > best_value:
                best, best_value = item, value
                if value == math.inf:
                    break
        return best

    def _playout(self, det: State, hints: SearchHints, rng: Rng, cfg: SearchConfig,
                 played: list[tuple[int, Move]]) -> list[float]:
        limit = cfg.rollout_limit
        steps = 0
        rollout = hints.rollout_move
        mast = cfg.mast
        tables = self._mast
        while True:
            seats = det.players_to_move()
            if not seats:
                return det.returns()
            if steps >= MAX_PLAYOUT:  # a policy that never ends the game: call it a draw
                return hints.evaluate(det) or [0.0] * det.num_players
            if limit is not None and steps >= limit:
                estimate = hints.evaluate(det)
                if estimate is not None:
                    return estimate
                limit = None
            seat = seats[0]
            if mast and rng.random() < mast:
                move = self._mast_move(det.legal_moves(seat), tables[seat], rng)
            else:
                move = rollout(det, seat, rng)
            det.apply_trusted(move, seat)
            if mast:
                played.append((seat, move))
            steps += 1

    def _mast_move(self, moves: list[Move], table: dict[Move, list[float]], rng: Rng) -> Move:
        """The legal move with the best average return in this search (Move-Average
        Sampling Technique; unseen moves count as the best return seen); ties at random."""
        n = len(moves)
        offset = rng.randrange(n)
        best = moves[offset]
        best_value = -math.inf
        optimistic = self._high
        for i in range(n):
            m = moves[(offset + i) % n]
            entry = table.get(m)
            value = optimistic if entry is None else entry[0] / entry[1]
            if value > best_value:
                best, best_value = m, value
        return best

    # -- the answer -----------------------------------------------------------------------

    @staticmethod
    def _result(root: _Node, legal: list[Move], done: int, seconds: float) -> SearchResult:
        stats = {k: (n.visits, n.reward / n.visits if n.visits else 0.0)
                 for k, n in root.children.items()}
        best: Move = legal[0]
        best_rank: tuple[int, float] = (-1, -math.inf)
        for m in legal:
            visits, value = stats.get(str(m), (0, 0.0))
            if (visits, value) > best_rank:
                best, best_rank = m, (visits, value)
        return SearchResult(best, done, seconds, stats)


def _settled(root: _Node, iterations_left: float) -> bool:
    """Whether the root's most visited move keeps its lead whatever the remaining
    iterations do."""
    first = second = 0
    for child in root.children.values():
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > iterations_left


def describe(result: SearchResult, top: int = 5) -> str:
    """A one-line summary of a search, for logs: the most visited moves."""
    ranked = sorted(result.children.items(), key=lambda kv: -kv[1][0])[:top]
    parts = [f"{k} {v}×{q:.2f}" for k, (v, q) in ranked]
    return f"{result.iterations} it in {result.seconds:.2f}s: " + ", ".join(parts)
