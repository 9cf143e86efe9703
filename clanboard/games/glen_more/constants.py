"""Glen More's board and turn constants (the track's spaces, the die, the phases) and the
chance moves made once, shared by the state and the modules it calls (description,
explanations, drawing, views, saving, encoding), so that these need not import the state."""

from __future__ import annotations

from typing import Final

from clanboard.games.glen_more.data import TILES
from clanboard.games.glen_more.moves import DRAW, ROLL, GMove

SPACES: Final = 14
CHAIN: Final = 13  # occupied spaces at the end of every turn
DIE: Final = -9
GAP: Final = -10  # the space a figure just left (inside a turn)
DIE_FACES: Final = (1, 1, 1, 2, 2, 3)

PHASES = ("draw", "roll", "take", "place", "pay", "gain", "activate", "activate-pay", "move",
          "over")
P_DRAW: Final = 0
P_ROLL: Final = 1
P_TAKE: Final = 2
P_PLACE: Final = 3
P_PAY: Final = 4
P_GAIN: Final = 5
P_ACT: Final = 6
P_ACTPAY: Final = 7
P_MOVE: Final = 8
P_OVER: Final = 9

ROLLS: Final = (GMove(ROLL, arg=1), GMove(ROLL, arg=2), GMove(ROLL, arg=3))
DRAWS: Final = tuple(GMove(DRAW, arg=t) for t in range(len(TILES)))
ROLL_P = (0.5, 1 / 3, 1 / 6)  # not Final: mypyc leaves a Final float tuple unset
