"""clanboard: Scottish clan board games by their exact rules."""

from typing import Any

from clanboard.core import GameRecord, IllegalMove, InvalidState, get_game, replay

__version__ = "0.1.0"


def new_game(game_id: str, num_players: int | None = None, seed: int = 0, **options: object):
    """Start a game by id: ``clanboard.new_game("schotten-totten", seed=7, tactics=True)``."""
    return get_game(game_id).new_state(num_players, seed, options)


def __getattr__(name: str) -> Any:
    # ``clanboard.games`` (callable: the registered games) is imported on first use, so
    # that importing clanboard or clanboard.core loads no game
    if name == "games":
        import importlib

        return importlib.import_module("clanboard.games")
    raise AttributeError(f"module 'clanboard' has no attribute {name!r}")


__all__ = ["GameRecord", "IllegalMove", "InvalidState", "games", "get_game", "new_game", "replay"]
