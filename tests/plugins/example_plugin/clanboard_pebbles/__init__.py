"""Pebbles: a pile of stones, two players take 1-3 in turn, who takes the last one wins.

A clanboard plug-in: a game (``GAME``), an agent and a browser renderer (``web/render.js``)
in a package of its own, found through its entry points (see its ``pyproject.toml``)."""

from clanboard_pebbles.game import Pebbles

GAME = Pebbles()

__all__ = ["GAME", "Pebbles"]
