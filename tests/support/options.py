"""Options a registered game needs to start in the generic tests."""

from __future__ import annotations

from typing import Any

from clanboard.core import Game


def start_options(game: Game) -> dict[str, Any]:
    """Glen More II starts from a pack with provisional values only with provisional=true;
    every other game starts with its defaults."""
    return {"provisional": True} if any(o.name == "provisional" for o in game.options) else {}
