"""Glen More (Matthias Cramer, 2010) for 2-5 players: game id ``glen-more``."""

from clanboard.games.glen_more.game import GlenMore

GAME = GlenMore()

__all__ = ["GAME", "GlenMore"]
