"""Glen More II moves: immutable values whose ``str()`` is the notation (docs/glen-more-2.md).

Squares of a territory are ``x,y``: the starting village at ``0,0``, the home castle at
``1,0``, x growing east, y growing south. Tiles are named by their pack id.
"""

from __future__ import annotations

import re
from typing import Any, Final

from clanboard.core import IllegalMove
from clanboard.games.glen_more_2.effects import RESOURCES

OPS = ("take", "pass", "place", "pay", "buy", "sell", "gain", "act", "move", "clan", "end",
       "draw", "roll", "bid", "remove", "plan", "build", "rep", "train", "central", "choose",
       "scot", "allenarly")
(TAKE, PASS, PLACE, PAY, BUY, SELL, GAIN, ACT, MOVE, CLAN, END, DRAW, ROLL,
 BID, REMOVE, PLAN, BUILD, REP, TRAIN, CENTRAL, CHOOSE, SCOT, ALLENARLY) = range(len(OPS))
RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}


# Sq and GMove are written out rather than made by @dataclass(frozen=True): the compiled
# build runs a dataclass's generated __init__ as Python (about 0.8 µs a move, most of
# legal_moves' time), a written one natively. They keep a frozen dataclass's equality,
# hash (that of the fields' tuple) and repr; Final lets the type checker refuse a change.


class Sq:
    """A square of a territory."""

    __slots__ = ("x", "y")

    def __init__(self, x: int, y: int) -> None:
        self.x: Final = x
        self.y: Final = y

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sq):
            return NotImplemented
        return self.x == other.x and self.y == other.y

    def __hash__(self) -> int:
        return hash((self.x, self.y))

    def __repr__(self) -> str:
        return f"Sq(x={self.x!r}, y={self.y!r})"

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles, also when compiled
        return (Sq, (self.x, self.y))

    def __str__(self) -> str:
        return f"{self.x},{self.y}"


NOSQ = Sq(9999, 9999)


def sq(cell: tuple[int, int]) -> Sq:
    """The square of a ``(x, y)`` cell (``Sq(*cell)`` would be a slow generic call in the
    compiled build)."""
    return Sq(cell[0], cell[1])


class GMove:
    """One step of a turn. ``name`` is a tile id (take/pass/draw/plan), a clan space id (clan)
    or a resource (pay/buy/sell/gain); ``n`` a cost alternative or activation option (1-based,
    0 = the only one), the die's face, the resource of a ``plan`` (1-5) or the side of a
    double historic place (``build``); ``a``/``b`` squares."""

    __slots__ = ("op", "name", "n", "a", "b")

    def __init__(self, op: int, name: str = "", n: int = 0, a: Sq = NOSQ,
                 b: Sq = NOSQ) -> None:
        self.op: Final = op
        self.name: Final = name
        self.n: Final = n
        self.a: Final = a
        self.b: Final = b

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GMove):
            return NotImplemented
        return (self.op == other.op and self.name == other.name and self.n == other.n
                and self.a == other.a and self.b == other.b)

    def __hash__(self) -> int:
        return hash((self.op, self.name, self.n, self.a, self.b))

    def __repr__(self) -> str:
        return (f"GMove(op={self.op!r}, name={self.name!r}, n={self.n!r}, a={self.a!r}, "
                f"b={self.b!r})")

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles, also when compiled
        return (GMove, (self.op, self.name, self.n, self.a, self.b))

    def __str__(self) -> str:
        op = self.op
        if op in (TAKE, PASS, DRAW):
            return f"{OPS[op]} {self.name}" + (f":{self.n}" if self.n else "")
        if op == PLACE:
            return f"place {self.a}"
        if op == REMOVE:
            return f"remove {self.a}"
        if op == PLAN:
            return f"plan {self.name} {RESOURCES[self.n - 1]}"
        if op == BUILD:
            return f"build {self.a}" + (f":{self.n}" if self.n else "")
        if op == REP:
            return f"rep {self.name or self.a}"
        if op == TRAIN:
            return f"train {self.a}"
        if op == SCOT:
            return f"scot {self.a}"
        if op == CENTRAL:
            return f"central {self.n or 'none'}"
        if op == CHOOSE:
            return f"choose {self.n}"
        if op in (PAY, SELL):
            return f"{OPS[op]} {self.name} {self.a}"
        if op in (BUY, GAIN):
            return f"{OPS[op]} {self.name}"
        if op == ACT:
            return f"act {self.a}" + (f":{self.n}" if self.n else "")
        if op == MOVE:
            return f"move {self.a}>{self.b}"
        if op == CLAN:
            return f"clan {self.name}"
        if op == ROLL:
            return f"roll {self.n}"
        if op == BID:
            return f"bid {self.name or 'none'}"
        if op == ALLENARLY:  # chance: Allenarly draws action card n (chronicle 12)
            return f"allenarly {self.n}"
        return "end"


END_MOVE = GMove(END)

_XY = r"(-?\d+)\s*,\s*(-?\d+)"
_RES = "|".join(RESOURCES)
_ID = r"([A-Za-z][A-Za-z0-9_-]*)"
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"^(take|pass|draw)\s+{_ID}(?::(\d))?$"), "tile"),
    (re.compile(rf"^place\s+{_XY}$"), "place"),
    (re.compile(rf"^remove\s+{_XY}$"), "remove"),
    (re.compile(rf"^plan\s+{_ID}\s+({_RES})$"), "plan"),
    (re.compile(rf"^build\s+{_XY}(?::([12]))?$"), "build"),
    (re.compile(r"^rep\s+(new|none)$"), "repname"),
    (re.compile(rf"^rep\s+{_XY}$"), "rep"),
    (re.compile(rf"^train\s+{_XY}$"), "train"),
    (re.compile(rf"^scot\s+{_XY}$"), "scot"),
    (re.compile(r"^central\s+(none|[1-5])$"), "central"),
    (re.compile(r"^choose\s+([1-9])$"), "choose"),
    (re.compile(rf"^(pay|sell)\s+({_RES})\s+{_XY}$"), "payres"),
    (re.compile(rf"^(buy|gain)\s+({_RES})$"), "buy"),
    (re.compile(rf"^act\s+{_XY}(?::(\d))?$"), "act"),
    (re.compile(rf"^move\s+{_XY}\s*>\s*{_XY}$"), "move"),
    (re.compile(rf"^clan\s+{_ID}$"), "clan"),
    (re.compile(r"^end$"), "end"),
    (re.compile(r"^roll\s+([1-6])$"), "roll"),
    (re.compile(r"^allenarly\s+(\d{1,2})$"), "allenarly"),
    (re.compile(r"^bid\s+(none|[1-5](?:\s*,\s*[1-5]){0,4})$"), "bid"),
]

HELP = ("take T12 | take T12:2 (cost alternative) | pass T12 | place 1,-1 | pay wood 0,0 | "
        "buy wood | sell wood 0,0 | gain sheep | act 0,0 | act 2,0:2 (option) | "
        "move 0,0>1,0 | clan MacKay | clan none | end | bid 4,1,5 | bid none | remove 2,1 | "
        "plan H1 wood | build 1,0 | build 1,0:2 (side of a double historic place) | rep new | "
        "rep 0,1 | rep none | train 0,1 | central 3 | central none | choose 2 | scot 0,1")


def bid_move(feasts: list[int]) -> GMove:
    """A secret bid stack (chronicle 9): feast positions, the highest priority first."""
    return GMove(BID, ",".join(map(str, feasts)))


def bid_list(move: GMove) -> list[int]:
    return [int(x) for x in move.name.split(",")] if move.name else []


def parse(text: str) -> GMove:
    """Read a move in the notation; raises IllegalMove if malformed."""
    t = " ".join(text.strip().split())
    low = t.lower()
    for pat, kind in _PATTERNS:
        m = pat.match(t) if kind in ("tile", "clan", "plan") else pat.match(low)
        if not m:
            continue
        g = m.groups()
        if kind == "tile":
            return GMove(OPS.index(g[0].lower()), g[1], int(g[2] or 0))
        if kind == "place":
            return GMove(PLACE, a=Sq(int(g[0]), int(g[1])))
        if kind == "remove":
            return GMove(REMOVE, a=Sq(int(g[0]), int(g[1])))
        if kind == "plan":
            return GMove(PLAN, g[0], RESOURCES.index(g[1].lower()) + 1)
        if kind == "build":
            return GMove(BUILD, n=int(g[2] or 0), a=Sq(int(g[0]), int(g[1])))
        if kind == "repname":
            return GMove(REP, g[0])
        if kind == "rep":
            return GMove(REP, a=Sq(int(g[0]), int(g[1])))
        if kind == "train":
            return GMove(TRAIN, a=Sq(int(g[0]), int(g[1])))
        if kind == "scot":
            return GMove(SCOT, a=Sq(int(g[0]), int(g[1])))
        if kind == "central":
            return GMove(CENTRAL, n=0 if g[0] == "none" else int(g[0]))
        if kind == "choose":
            return GMove(CHOOSE, n=int(g[0]))
        if kind == "payres":
            return GMove(PAY if g[0] == "pay" else SELL, g[1], a=Sq(int(g[2]), int(g[3])))
        if kind == "buy":
            return GMove(BUY if g[0] == "buy" else GAIN, g[1])
        if kind == "act":
            return GMove(ACT, n=int(g[2] or 0), a=Sq(int(g[0]), int(g[1])))
        if kind == "move":
            return GMove(MOVE, a=Sq(int(g[0]), int(g[1])), b=Sq(int(g[2]), int(g[3])))
        if kind == "clan":
            return GMove(CLAN, g[0])
        if kind == "end":
            return END_MOVE
        if kind == "bid":
            return bid_move([] if g[0] == "none" else [int(x) for x in g[0].split(",")])
        if kind == "allenarly":
            return GMove(ALLENARLY, n=int(g[0]))
        return GMove(ROLL, n=int(g[0]))
    raise IllegalMove(f"cannot read {text!r} as a Glen More II move; moves look like: {HELP}")
