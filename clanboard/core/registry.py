"""The registry of games: every package under ``clanboard.games`` exposing ``GAME``."""

from __future__ import annotations

import importlib
import pkgutil

from clanboard.core.errors import UnknownGame
from clanboard.core.game import Game

_GAMES: dict[str, Game] = {}
_ERRORS: dict[str, str] = {}
_discovered = False


def register(game: Game) -> Game:
    """Register a game under its id (later registrations replace earlier ones)."""
    _GAMES[game.id] = game
    return game


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    import clanboard.games as pkg

    for info in pkgutil.iter_modules(pkg.__path__):
        try:
            module = importlib.import_module(f"{pkg.__name__}.{info.name}")
        except Exception as exc:  # one broken game package must not hide the others
            _ERRORS[info.name] = f"{type(exc).__name__}: {exc}"
            continue
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            register(game)


def games() -> list[Game]:
    """All registered games, sorted by id."""
    _discover()
    return [_GAMES[k] for k in sorted(_GAMES)]


def get_game(game_id: str) -> Game:
    _discover()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"no game {game_id!r}; registered games: {known}") from None


def discovery_errors() -> dict[str, str]:
    """Game packages that failed to import, with the error (empty when all loaded)."""
    _discover()
    return dict(_ERRORS)
