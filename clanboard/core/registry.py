"""The registry of games: those of the ``clanboard.games`` entry points (see
:mod:`clanboard.core.plugins`) and any registered with :func:`register`."""

from __future__ import annotations

import threading
from typing import Any

from clanboard.core.errors import UnknownGame, say
from clanboard.core.game_type import Game
from clanboard.core.plugins import GAMES_GROUP, load_group

_GAMES: dict[str, Game] = {}
_LOCK = threading.RLock()
_ERRORS: dict[str, str] = {}
_discovered = False


def register(game: Game) -> Game:
    """Register a game under its id (later registrations replace earlier ones)."""
    _GAMES[game.id] = game
    return game


def _as_game(obj: Any) -> Game:
    if isinstance(obj, type) and issubclass(obj, Game):
        obj = obj()
    if not isinstance(obj, Game):
        raise TypeError(f"a {GAMES_GROUP} entry point must name a Game, not {obj!r}")
    return obj


def _discover() -> None:
    global _discovered
    # a server asks from several threads at once: the others wait until every game is in
    # (reentrant: a game module that asks while it is being loaded sees those so far)
    with _LOCK:
        if _discovered:
            return
        _discovered = True
        found, errors = load_group(GAMES_GROUP, _as_game)
        _ERRORS.update(errors)
        for game in found.values():
            _GAMES.setdefault(game.id, game)  # a game registered by hand stays


def rediscover() -> None:
    """Read the entry points again (after installing a plug-in in this process)."""
    global _discovered
    _discovered = False
    _discover()


def games() -> list[Game]:
    """All registered games, sorted by id."""
    _discover()
    return [_GAMES[k] for k in sorted(_GAMES)]


def get_game(game_id: str) -> Game:
    _discover()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or (
            "none (games register through the clanboard.games entry points of installed "
            "packages: is clanboard installed, e.g. pip install -e .?)")
        from clanboard.core.messages import SETUP_ERRORS

        raise UnknownGame(say(SETUP_ERRORS, "no_game", game=repr(game_id),
                              known=known)) from None


def discovery_errors() -> dict[str, str]:
    """Game plug-ins that failed to load, with the error (empty when all loaded)."""
    _discover()
    return dict(_ERRORS)
