"""Game descriptions for the lobby, and the per-game browser renderers."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from clanboard.core import Game, Option
from clanboard.server.tables.ai import offered_agents


def game_info(game: Game, allowed_packs: Sequence[str] = ()) -> dict[str, Any]:
    """What the lobby shows of ``game``; a game with component packs offers the shipped
    ones and the installed ``allowed_packs``; options the game fills in are left out."""
    internal = set(getattr(game, "internal_options", ()))
    return {
        "id": game.id,
        "name": game.name,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "options": [{"name": o.name, "default": o.default, "help": o.help,
                     "choices": _choices(game, o, allowed_packs)}
                    for o in game.options if o.name not in internal],
        "variants": {k: dict(v) for k, v in game.variants.items()},
        "agents": offered_agents(game),
        "renderer": renderer_source(game) is not None,
    }


def _choices(game: Game, option: Option, allowed_packs: Sequence[str]) -> list[Any] | None:
    offered = getattr(game, "offered_packs", None)
    if option.name == "pack" and offered is not None:
        return list(offered(allowed_packs))
    return list(option.choices) if option.choices is not None else None


def check_pack_offered(game: Game, options: dict[str, Any],
                       allowed_packs: Sequence[str]) -> str | None:
    """Why a new table may not use the component pack in ``options`` on this server
    (``None`` when it may, or the game has no packs)."""
    offered = getattr(game, "offered_packs", None)
    if offered is None:
        return None
    pack = options.get("pack", next(o.default for o in game.options if o.name == "pack"))
    allowed = list(offered(allowed_packs))
    if pack in allowed:
        return None
    return (f"the component pack {pack!r} is not offered on this server; offered: "
            f"{', '.join(allowed)} (the server's owner chooses them: clanboard serve --pack NAME)")


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
