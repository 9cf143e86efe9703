"""Options a registered game needs to start in the generic tests."""

from __future__ import annotations

from typing import Any

from clanboard.core import Game


def start_options(game: Game) -> dict[str, Any]:
    """Glen More II starts from a pack with provisional values only with provisional=true;
    every other game starts with its defaults."""
    return {"provisional": True} if any(o.name == "provisional" for o in game.options) else {}


def hidden_options(game: Game) -> dict[str, Any]:
    """Options under which the game hides something: Glen More II hides only chronicle 9's
    secret bids; every other game hides with its start options."""
    extra = {"chronicles": "9"} if game.id == "glen-more-2" else {}
    return {**start_options(game), **extra}
