"""Glen More II: Chronicles (Matthias Cramer, 2019) for 2-4 players: game id ``glen-more-2``.

The procedure follows the base specification; the components come from a pack
(``packs/``), validated on load; the shipped pack is provisional (docs/glen-more-2.md)."""

from clanboard.compiled import COMPILED, use_compiled

COMPILED_IN_USE = use_compiled(__name__, COMPILED[__name__])
"""Whether the rules run as their mypyc build (setup.py; see clanboard.compiled)."""

from clanboard.games.glen_more_2.game import GlenMore2  # noqa: E402

GAME = GlenMore2()

__all__ = ["GAME", "GlenMore2"]
