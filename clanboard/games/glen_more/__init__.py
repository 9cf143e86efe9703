"""Glen More (Matthias Cramer, 2010) for 2-5 players: game id ``glen-more``."""

from clanboard.compiled import COMPILED, use_compiled

COMPILED_IN_USE = use_compiled(__name__, COMPILED[__name__])
"""Whether the rules run as their mypyc build (setup.py; see clanboard.compiled)."""

from clanboard.games.glen_more.game import GlenMore  # noqa: E402

GAME = GlenMore()

__all__ = ["GAME", "GlenMore"]
