"""Schotten Totten (Reiner Knizia): base, tactics and expert variants, and matches."""

from clanboard.compiled import COMPILED, use_compiled

COMPILED_IN_USE = use_compiled(__name__, COMPILED[__name__])
"""Whether the RL encoding runs as its mypyc build (setup.py; see clanboard.compiled)."""

from clanboard.games.schotten_totten.game import SchottenTotten  # noqa: E402

GAME = SchottenTotten()

__all__ = ["GAME", "SchottenTotten"]
