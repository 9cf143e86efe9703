"""Isle of Skye's seat colours, phases and castle income, shared by the state and the
modules it calls (observation, drawing), so that these need not import the state."""

from __future__ import annotations

from typing import Final

from clanboard.games.isle_of_skye.tiles import castles

COLOURS: Final = tuple(castles())  # seat i plays colour i: blue, yellow, red, white, green
PHASES: Final = ("deal", "draw", "price", "buy", "build", "over")
CASTLE_INCOME: Final = 5
