"""Moves and their notation (docs/isle-of-skye.md).

Player moves: ``discard L05``, ``price L12 3`` (the pricing sub-moves), ``buy L12``,
``pass``, ``place L12 0,1 r2``, ``return L12``; the one-line pricing commit
``offer L05 L12=3 L40=2`` expands to the three sub-moves. Chance outcomes:
``deal S07`` (next scoring letter) and ``draw L05`` (next tile from the bag).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from clanboard.core import IllegalMove, say

TILE_RE = r"L\d\d"


# Each move has ``__reduce__``: copies and pickles work also when this module is compiled
# (setup.py), where a frozen dataclass cannot be rebuilt field by field.


@dataclass(frozen=True, slots=True)
class Deal:
    scoring: str

    def __reduce__(self) -> tuple[Any, ...]:
        return (Deal, (self.scoring,))

    def __str__(self) -> str:
        return f"deal {self.scoring}"


@dataclass(frozen=True, slots=True)
class Draw:
    tile: str

    def __reduce__(self) -> tuple[Any, ...]:
        return (Draw, (self.tile,))

    def __str__(self) -> str:
        return f"draw {self.tile}"


@dataclass(frozen=True, slots=True)
class Discard:
    tile: str

    def __reduce__(self) -> tuple[Any, ...]:
        return (Discard, (self.tile,))

    def __str__(self) -> str:
        return f"discard {self.tile}"


@dataclass(frozen=True, slots=True)
class Price:
    tile: str
    amount: int

    def __reduce__(self) -> tuple[Any, ...]:
        return (Price, (self.tile, self.amount))

    def __str__(self) -> str:
        return f"price {self.tile} {self.amount}"


@dataclass(frozen=True, slots=True)
class Offer:
    """The whole pricing commit in one line; applied as its three sub-moves."""

    discard: str
    prices: tuple[tuple[str, int], tuple[str, int]]

    def parts(self) -> list[Discard | Price]:
        return [Discard(self.discard), *(Price(t, p) for t, p in self.prices)]

    def __reduce__(self) -> tuple[Any, ...]:
        return (Offer, (self.discard, self.prices))

    def __str__(self) -> str:
        return f"offer {self.discard} " + " ".join(f"{t}={p}" for t, p in self.prices)


@dataclass(frozen=True, slots=True)
class Buy:
    tile: str

    def __reduce__(self) -> tuple[Any, ...]:
        return (Buy, (self.tile,))

    def __str__(self) -> str:
        return f"buy {self.tile}"


@dataclass(frozen=True, slots=True)
class Pass:
    def __reduce__(self) -> tuple[Any, ...]:
        return (Pass, ())

    def __str__(self) -> str:
        return "pass"


PASS = Pass()


@dataclass(frozen=True, slots=True)
class Place:
    tile: str
    x: int
    y: int
    rot: int

    def __reduce__(self) -> tuple[Any, ...]:
        return (Place, (self.tile, self.x, self.y, self.rot))

    def __str__(self) -> str:
        return f"place {self.tile} {self.x},{self.y} r{self.rot}"


@dataclass(frozen=True, slots=True)
class Return:
    tile: str

    def __reduce__(self) -> tuple[Any, ...]:
        return (Return, (self.tile,))

    def __str__(self) -> str:
        return f"return {self.tile}"


Move = Deal | Draw | Discard | Price | Offer | Buy | Pass | Place | Return

# The moves the engine makes most, made once per tile (or price) and shared: moves are
# immutable, and a dataclass's generated constructor runs as Python even when compiled.
_DRAWS: Final[dict[str, Draw]] = {}
_DISCARDS: Final[dict[str, Discard]] = {}
_BUYS: Final[dict[str, Buy]] = {}
_PRICES: Final[dict[tuple[str, int], Price]] = {}


def draw(tile: str) -> Draw:
    """``Draw(tile)``, shared."""
    move = _DRAWS.get(tile)
    if move is None:
        move = _DRAWS[tile] = Draw(tile)
    return move


def discard(tile: str) -> Discard:
    """``Discard(tile)``, shared."""
    move = _DISCARDS.get(tile)
    if move is None:
        move = _DISCARDS[tile] = Discard(tile)
    return move


def buy(tile: str) -> Buy:
    """``Buy(tile)``, shared."""
    move = _BUYS.get(tile)
    if move is None:
        move = _BUYS[tile] = Buy(tile)
    return move


def price(tile: str, amount: int) -> Price:
    """``Price(tile, amount)``, shared."""
    key = (tile, amount)
    move = _PRICES.get(key)
    if move is None:
        if len(_PRICES) >= 1 << 14:  # bounded: amounts are small, but keep it so
            _PRICES.clear()
        move = _PRICES[key] = Price(tile, amount)
    return move

_FORMS = (
    "discard L05 | price L12 3 | offer L05 L12=3 L40=2 | buy L12 | pass | "
    "place L12 0,1 r2 | return L12"
)

NOTATION = {
    "rotation": "rotation must be r0, r1, r2 or r3 (quarter turns), not {rot}",
    "unreadable": "cannot read {text} as an Isle of Skye move; forms: {forms}",
}
"""Why text is not a move (English message ids; see :class:`clanboard.core.Text`)."""

_PATTERNS: list[tuple[re.Pattern[str], type]] = [
    (re.compile(r"deal\s+(S\d\d)"), Deal),
    (re.compile(rf"draw\s+({TILE_RE})"), Draw),
    (re.compile(rf"discard\s+({TILE_RE})"), Discard),
    (re.compile(rf"buy\s+({TILE_RE})"), Buy),
    (re.compile(rf"return\s+({TILE_RE})"), Return),
]


def parse(text: str) -> Move:
    """Read one move; raises :class:`IllegalMove` naming the accepted forms."""
    s = " ".join(text.strip().split())
    s = re.sub(r"\b([lLsS])(\d\d)\b", lambda m: m.group(1).upper() + m.group(2), s)
    head, _, rest = s.partition(" ")
    s = f"{head.lower()} {rest}".strip()
    if s == "pass":
        return PASS
    for pattern, kind in _PATTERNS:
        m = pattern.fullmatch(s)
        if m:
            return kind(m.group(1))
    m = re.fullmatch(rf"price\s+({TILE_RE})\s+(\d+)", s)
    if m:
        return Price(m.group(1), int(m.group(2)))
    m = re.fullmatch(rf"offer\s+({TILE_RE})\s+({TILE_RE})\s*=\s*(\d+)\s+({TILE_RE})\s*=\s*(\d+)", s)
    if m:
        return Offer(m.group(1), ((m.group(2), int(m.group(3))), (m.group(4), int(m.group(5)))))
    m = re.fullmatch(
        rf"place\s+({TILE_RE})\s+\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?\s+[rR]?(\d)", s
    )
    if m:
        rot = int(m.group(4))
        if rot > 3:
            raise IllegalMove(say(NOTATION, "rotation", rot=f"r{rot}"))
        return Place(m.group(1), int(m.group(2)), int(m.group(3)), rot)
    raise IllegalMove(say(NOTATION, "unreadable", text=repr(text), forms=_FORMS))
