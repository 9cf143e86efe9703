"""Glen More moves: small immutable values whose ``str()`` is the notation (docs/glen-more.md).

Squares of a territory are ``x,y`` with the start village at ``0,0``, x growing east and
y growing south. Inside, a square is one int (:func:`pos`), so moves hash fast.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from clanboard.core import IllegalMove, say
from clanboard.games.glen_more.data import RES_INDEX, RESOURCES, TILE_BY_ID, TILES

_W: Final = 256
_OFF: Final = 128
NOPOS: Final = -1


def pos(x: int, y: int) -> int:
    return (y + _OFF) * _W + (x + _OFF)


def xy(p: int) -> tuple[int, int]:
    return p % _W - _OFF, p // _W - _OFF


def ptext(p: int) -> str:
    x, y = xy(p)
    return f"{x},{y}"


N: Final = -_W
S: Final = _W
W: Final = -1
E: Final = 1
EDGE_DIRS: Final = (N, S, W, E)
ALL_DIRS: Final = (N, S, W, E, N + W, N + E, S + W, S + E)
ORIGIN: Final = pos(0, 0)

OPS = ("take", "place", "pay", "buy", "sell", "payclan", "paychief", "gain", "act", "move",
       "retire", "end", "pass", "draw", "roll")
TAKE: Final = 0
PLACE: Final = 1
PAY: Final = 2
BUY: Final = 3
SELL: Final = 4
PAYCLAN: Final = 5
PAYCHIEF: Final = 6
GAIN: Final = 7
ACT: Final = 8
MOVE: Final = 9
RETIRE: Final = 10
END: Final = 11
PASS: Final = 12
DRAW: Final = 13
ROLL: Final = 14


@dataclass(frozen=True, slots=True)
class GMove:
    """One small step of a turn. ``arg`` is a tile (take/pass/draw), a resource
    (pay/buy/sell/gain), an activation variant (act: 0 = the tile's only rule, 1.. = rule
    number, or resource + 1 for Iona Abbey) or the die's face (roll)."""

    op: int
    p: int = NOPOS
    arg: int = -1
    q: int = NOPOS

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles, also when compiled
        return (GMove, (self.op, self.p, self.arg, self.q))

    def __str__(self) -> str:
        op = self.op
        if op in (TAKE, DRAW):
            return f"{OPS[op]} {TILES[self.arg].id}"
        if op == PASS:
            return f"pass {TILES[self.arg].id}"
        if op == PLACE:
            return f"place {ptext(self.p)}"
        if op in (PAY, SELL):
            return f"{OPS[op]} {RESOURCES[self.arg]} {ptext(self.p)}"
        if op in (BUY, GAIN):
            return f"{OPS[op]} {RESOURCES[self.arg]}"
        if op == PAYCLAN:
            return f"pay clansman {ptext(self.p)}"
        if op == PAYCHIEF:
            return "pay chieftain"
        if op == ACT:
            base = f"act {ptext(self.p)}"
            if self.arg <= 0:
                return base
            if self.q == 1:  # Iona Abbey: the resource taken
                return f"{base}:{RESOURCES[self.arg - 1]}"
            return f"{base}:{self.arg}"
        if op == MOVE:
            return f"move {ptext(self.p)}>{ptext(self.q)}"
        if op == RETIRE:
            return f"retire {ptext(self.p)}"
        if op == ROLL:
            return f"roll {self.arg}"
        return "end"


END_MOVE: Final = GMove(END)

_MADE: Final[dict[tuple[int, int, int, int], GMove]] = {}


def gmove(op: int, p: int = NOPOS, arg: int = -1, q: int = NOPOS) -> GMove:
    """``GMove(op, p, arg, q)``, made once and shared (move generation is hot; moves are
    immutable). Only for moves the rules generate: their squares are bounded."""
    key = (op, p, arg, q)
    move = _MADE.get(key)
    if move is None:
        move = _MADE[key] = GMove(op, p, arg, q)
    return move


def act(p: int, variant: int = 0, abbey: bool = False) -> GMove:
    """An activation; for Iona Abbey ``variant`` is resource + 1 (q=1 marks it)."""
    return gmove(ACT, p, variant, 1 if abbey else NOPOS)


_XY = r"(-?\d+)\s*,\s*(-?\d+)"
_RES = "|".join(RESOURCES)
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^(take|draw|pass)\s+([ts]\d+)$"), "tile"),
    (re.compile(rf"^place\s+{_XY}$"), "place"),
    (re.compile(rf"^(pay|sell)\s+({_RES})\s+{_XY}$"), "payres"),
    (re.compile(rf"^(buy|gain)\s+({_RES})$"), "buy"),
    (re.compile(rf"^pay\s+clansman\s+{_XY}$"), "payclan"),
    (re.compile(r"^pay\s+chieftain$"), "paychief"),
    (re.compile(rf"^act\s+{_XY}(?::\s*(\w+))?$"), "act"),
    (re.compile(rf"^move\s+{_XY}\s*>\s*{_XY}$"), "move"),
    (re.compile(rf"^retire\s+{_XY}$"), "retire"),
    (re.compile(r"^end$"), "end"),
    (re.compile(r"^roll\s+([1-3])$"), "roll"),
]

HELP = ("take T05 | place 1,0 | pay wood 1,0 | buy wood | sell wood 1,0 | pay clansman 0,0 | "
        "pay chieftain | gain wood | act 1,0 | act 1,0:2 | act 1,0:wood | move 0,0>1,1 | "
        "retire 0,0 | end")

NOTATION = {
    "no_tile": "there is no tile {tile}; tiles are T01-T67 (S1-S5 start)",
    "act": "cannot read {text}: after ':' write a rule number 1-5 or a resource ({resources})",
    "unreadable": "cannot read {text} as a Glen More move; moves look like: {forms}",
}
"""Why text is not a move (English message ids; see :class:`clanboard.core.Text`)."""


def parse(text: str) -> GMove:
    """Read a move in the notation; raises IllegalMove if malformed."""
    t = " ".join(text.strip().lower().split())
    for pat, kind in _PATTERNS:
        m = pat.match(t)
        if not m:
            continue
        g = m.groups()
        if kind == "tile":
            tid = g[1].upper()
            if tid not in TILE_BY_ID:
                raise IllegalMove(say(NOTATION, "no_tile", tile=tid))
            return GMove(OPS.index(g[0]), arg=TILE_BY_ID[tid])
        if kind == "place":
            return GMove(PLACE, pos(int(g[0]), int(g[1])))
        if kind == "payres":
            return GMove(PAY if g[0] == "pay" else SELL, pos(int(g[2]), int(g[3])),
                         RES_INDEX[g[1]])
        if kind == "buy":
            return GMove(BUY if g[0] == "buy" else GAIN, arg=RES_INDEX[g[1]])
        if kind == "payclan":
            return GMove(PAYCLAN, pos(int(g[0]), int(g[1])))
        if kind == "paychief":
            return GMove(PAYCHIEF)
        if kind == "act":
            p = pos(int(g[0]), int(g[1]))
            if g[2] is None:
                return act(p)
            if g[2] in RES_INDEX:
                return act(p, RES_INDEX[g[2]] + 1, abbey=True)
            if g[2].isdigit() and 1 <= int(g[2]) <= 5:
                return act(p, int(g[2]))
            raise IllegalMove(say(NOTATION, "act", text=repr(text),
                                  resources=", ".join(RESOURCES)))
        if kind == "move":
            return GMove(MOVE, pos(int(g[0]), int(g[1])), q=pos(int(g[2]), int(g[3])))
        if kind == "retire":
            return GMove(RETIRE, pos(int(g[0]), int(g[1])))
        if kind == "end":
            return END_MOVE
        if kind == "roll":
            return GMove(ROLL, arg=int(g[0]))
    raise IllegalMove(say(NOTATION, "unreadable", text=repr(text), forms=HELP))
