"""Agents: anything that picks a move for a seat. Generic ones live here; games add their own."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from clanboard.core.errors import EndlessGame
from clanboard.core.game import Game, Move, State
from clanboard.core.plugins import AGENTS_GROUP, load_group
from clanboard.core.rng import Rng


class Agent(Protocol):
    """Chooses a legal move for ``player`` using only what that player may know."""

    name: str

    def choose(self, state: State, player: int) -> Move: ...


class RandomAgent:
    """Uniformly random among the legal moves."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, player: int) -> Move:
        return self.rng.choice(state.legal_moves(player))


AgentFactory = Callable[..., Agent]
_GENERIC: dict[str, AgentFactory] = {"random": RandomAgent}
_PLUGIN_ERRORS: dict[str, str] = {}
_plugins_loaded = False
_PLUGIN_LOCK = threading.RLock()


def register_agent(name: str, factory: AgentFactory) -> None:
    """Register an agent that works for every game (e.g. a search)."""
    _GENERIC[name] = factory


def agent_names(game: Game) -> list[str]:
    _load_plugins()
    return sorted(set(_GENERIC) | set(game.agents()))


def make_agent(game: Game, name: str, seed: int = 0, **kwargs: Any) -> Agent:
    """An agent by name: a game-specific one first, else a generic one.

    ``name`` may carry a level after a colon, e.g. ``ismcts:hard``."""
    _load_plugins()
    base, _, level = name.partition(":")
    if level:
        kwargs["level"] = level
    factories = {**_GENERIC, **dict(game.agents())}
    if base not in factories:
        raise ValueError(
            f"no agent {base!r} for {game.id}; available: {', '.join(sorted(factories))}"
        )
    return factories[base](seed=seed, **kwargs)


def _as_factory(obj: Any) -> AgentFactory:
    if not callable(obj):
        raise TypeError(f"a {AGENTS_GROUP} entry point must name an agent factory, not {obj!r}")
    return obj  # type: ignore[no-any-return]


def _load_plugins() -> None:
    """Register the agents of the ``clanboard.agents`` entry points, once."""
    global _plugins_loaded
    with _PLUGIN_LOCK:  # other threads wait until every agent is in (see registry)
        if _plugins_loaded:
            return
        _plugins_loaded = True
        found, errors = load_group(AGENTS_GROUP, _as_factory)
        _PLUGIN_ERRORS.update(errors)
        for name, factory in found.items():
            _GENERIC.setdefault(name, factory)  # an agent registered by hand stays


def reload_agent_plugins() -> None:
    """Read the entry points again (after installing a plug-in in this process)."""
    global _plugins_loaded
    _plugins_loaded = False
    _load_plugins()


def agent_plugin_errors() -> dict[str, str]:
    """Agent plug-ins that failed to load, with the error (empty when all loaded)."""
    _load_plugins()
    return dict(_PLUGIN_ERRORS)


def play_game(state: State, agents: list[Agent], max_moves: int | None = None) -> State:
    """Play ``state`` to the end with one agent per seat; returns the state.

    Raises :class:`EndlessGame` once the game's history passes ``max_moves`` (default:
    the game's own bound, :meth:`Game.max_game_length`, where it gives one): a guard
    against agents whose choices cycle."""
    if max_moves is None:
        with contextlib.suppress(NotImplementedError):
            max_moves = state.game.max_game_length(state.num_players, state.options)
    while True:
        seats = state.players_to_move()
        if not seats:
            return state
        if max_moves is not None and len(state.history) > max_moves:
            raise EndlessGame(
                f"{state.game.id}: no end after {len(state.history)} moves (the bound is "
                f"{max_moves}); the agents {', '.join(a.name for a in agents)} may cycle"
            )
        for seat in seats:
            state.apply_trusted(agents[seat].choose(state, seat), seat)
            if state.current_player() >= 0:  # a sequential step: one move at a time
                break


class SearchHints:
    """Game knowledge a generic search may use; a game returns a subclass from
    ``Game.search_hints()``. Every method has a neutral default."""

    def rollout_move(self, state: State, player: int, rng: Rng) -> Move:
        """The move a playout makes for ``player`` (default: uniform random)."""
        return rng.choice(state.legal_moves(player))

    def candidate_moves(self, state: State, player: int) -> list[Move]:
        """The moves a search expands, best first; may prune dominated ones
        (default: all legal moves)."""
        return state.legal_moves(player)

    def move_priors(self, state: State, player: int, moves: list[Move]) -> list[float] | None:
        """How promising each of ``moves`` looks to ``player`` (higher is better, any
        scale), or ``None`` for no opinion (the default). A search that widens its tree
        gradually tries moves in this order; it may keep a move's prior for every
        determinization of the same public history, so a prior should depend only on
        the move and on what every seat can see."""
        return None

    def evaluate(self, state: State) -> list[float] | None:
        """An estimate of each seat's return in a non-terminal state, for playouts cut
        short; ``None`` means play to the end."""
        return None

    # -- tunable weights (``clanboard tune``; file format in clanboard.core.weights) ------

    def weights(self) -> dict[str, float]:
        """The evaluation's tunable weights by name (default: none). A game ships them in
        a weights data file that its hints read once."""
        return {}

    def weight_bounds(self) -> dict[str, tuple[float, float]]:
        """The range a tuner may search for each weight of :meth:`weights`."""
        return {}

    def with_weights(self, weights: Mapping[str, float]) -> SearchHints:
        """Hints like these with the named weights changed (the others kept). An
        unknown name or a value that is not a finite number is an error
        (:class:`clanboard.core.weights.BadWeights`)."""
        from clanboard.core.weights import check_weights

        check_weights(weights, self.weights())  # raises on any name: there are none here
        return self

    def weights_file(self) -> Path | None:
        """The data file the shipped weights are read from (what ``clanboard tune
        --write`` replaces), or ``None`` for a game without weights."""
        return None
