"""Agents: anything that picks a move for a seat. Generic ones live here; games add their own."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any, Protocol

from clanboard.core.errors import EndlessGame, say
from clanboard.core.game import Game, Move, State
from clanboard.core.plugins import AGENTS_GROUP, load_group
from clanboard.core.rng import Rng
from clanboard.core.search_hints import SearchHints as SearchHints  # also importable here


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
        from clanboard.core.messages import SETUP_ERRORS

        raise ValueError(say(SETUP_ERRORS, "no_agent", agent=repr(base), game=game.id,
                             known=", ".join(sorted(factories))))
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
