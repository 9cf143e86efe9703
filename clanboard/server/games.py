"""Game descriptions for the lobby, and the per-game browser renderers."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from clanboard.core import Game
from clanboard.server.ai import offered_agents


def game_info(game: Game) -> dict[str, Any]:
    return {
        "id": game.id,
        "name": game.name,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "options": [{"name": o.name, "default": o.default, "help": o.help,
                     "choices": list(o.choices) if o.choices is not None else None}
                    for o in game.options],
        "variants": {k: dict(v) for k, v in game.variants.items()},
        "agents": offered_agents(game),
        "renderer": renderer_source(game) is not None,
    }


@cache
def _source(package: str) -> str | None:
    try:
        path = resources.files(package) / "web" / "render.js"
        return path.read_text(encoding="utf-8") if path.is_file() else None
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
        return None


def renderer_source(game: Game) -> str | None:
    """The game's ``web/render.js`` next to its module, or None (the generic view)."""
    return _source(type(game).__module__.rsplit(".", 1)[0])
