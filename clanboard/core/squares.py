"""A square of a grid territory in words, as people at a table say it: "right of the
Village", "above the castle", "two squares left of the castle" — never its coordinates.

Game-agnostic: a game passes the target square, the placed squares a player may name
(:class:`Landmark`: the name already in the form that follows "left of", i.e. the genitive in
Russian and Ukrainian, and a priority) and the language. The directions are as the board is
drawn on screen: ``y_down=True`` (the default) when y grows down the screen.

>>> square_words((1, 0), {(0, 0): Landmark("the Village")})
'right of the Village'
>>> offset_words(-2, 0, "the castle")
'2 squares left of the castle'
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from clanboard.core.game import words
from clanboard.core.plural import Plural

Square = tuple[int, int]

MESSAGES = {
    # next to a placed square (the name in the case that follows "left of")
    "above": "above {name}", "below": "below {name}",
    "left": "left of {name}", "right": "right of {name}",
    "above_left": "above and to the left of {name}",
    "above_right": "above and to the right of {name}",
    "below_left": "below and to the left of {name}",
    "below_right": "below and to the right of {name}",
    # farther off in a straight line
    "far_above": Plural("{n} square above {name}", "{n} squares above {name}"),
    "far_below": Plural("{n} square below {name}", "{n} squares below {name}"),
    "far_left": Plural("{n} square left of {name}", "{n} squares left of {name}"),
    "far_right": Plural("{n} square right of {name}", "{n} squares right of {name}"),
    # farther off on both axes: "{h} and {v} from {name}"
    "part_up": Plural("{n} square up", "{n} squares up"),
    "part_down": Plural("{n} square down", "{n} squares down"),
    "part_left": Plural("{n} square left", "{n} squares left"),
    "part_right": Plural("{n} square right", "{n} squares right"),
    "offset": "{h} and {v} from {name}",
    # no placed square beside it (a legal placement always has one)
    "new": "on a new square",
}
"""User-facing words (one place, for catalogues)."""

#: directions by (dx, dy) with y growing down the screen; orthogonal ones first
_DIRECTIONS: dict[Square, str] = {
    (0, -1): "above", (1, 0): "right", (0, 1): "below", (-1, 0): "left",
    (-1, -1): "above_left", (1, -1): "above_right", (-1, 1): "below_left", (1, 1): "below_right",
}
ORTHOGONAL = ("above", "right", "below", "left")
DIAGONAL = ("above_left", "above_right", "below_left", "below_right")


@dataclass(frozen=True, slots=True)
class Landmark:
    """A placed square a player may name: ``name`` as it follows "left of" in the language
    asked for (genitive in ru/uk), ``priority`` higher for what a player sees first (the
    start tile, a castle, a name the territory holds once)."""

    name: str
    priority: int = 0


@dataclass(frozen=True, slots=True)
class Near:
    """The placed square chosen to name a target by: where it lies and which way the target
    is from it (a key of :data:`MESSAGES`: ``"right"`` means the target is right of it)."""

    square: Square
    direction: str


def direction(dx: int, dy: int, y_down: bool = True) -> str | None:
    """The direction (``"above"``, ``"below_left"``, …) of a square ``dx, dy`` away from
    another as drawn on screen; ``None`` unless they touch."""
    return _DIRECTIONS.get((dx, dy if y_down else -dy))


def neighbours(target: Square, placed: Mapping[Square, Landmark],
               y_down: bool = True) -> list[Near]:
    """The placed squares a player may name ``target`` by, the one seen first first: those
    touching it edge to edge (corner to corner only when none does), by priority, the first
    given on a tie."""
    tx, ty = target
    found: list[tuple[tuple[int, int, int], Near]] = []
    for order, (sq, mark) in enumerate(placed.items()):
        if sq == target:
            continue
        way = direction(tx - sq[0], ty - sq[1], y_down)
        if way is not None:
            found.append(((1 if way in ORTHOGONAL else 0, mark.priority, -order), Near(sq, way)))
    found.sort(key=lambda f: f[0], reverse=True)
    sides = [near for key, near in found if key[0]]
    return sides or [near for _, near in found]


def nearest(target: Square, placed: Mapping[Square, Landmark],
            y_down: bool = True) -> Near | None:
    """The neighbour a player sees first (:func:`neighbours`); ``None`` when nothing placed
    touches ``target``."""
    found = neighbours(target, placed, y_down)
    return found[0] if found else None


def _fits(near: Near, square: Square, placed: Mapping[Square, Landmark],
          y_down: bool) -> bool:
    """Whether the words of ``near`` ("right of the Forest tile") also fit ``square``."""
    dx, dy = next(d for d, way in _DIRECTIONS.items() if way == near.direction)
    if not y_down:
        dy = -dy
    other = placed.get((square[0] - dx, square[1] - dy))
    return other is not None and other.name == placed[near.square].name


def square_words(target: Square, placed: Mapping[Square, Landmark], lang: str = "en",
                 y_down: bool = True, others: Collection[Square] = ()) -> str:
    """``target`` named by its neighbour (:func:`nearest`): "right of the Village"; words
    like "on a new square" when nothing placed touches it. ``others`` are squares the words
    must tell ``target`` apart from (other tiles of its name): the first neighbour whose
    words fit none of them is named (the first one when every one fits another too)."""
    m = words(MESSAGES, lang)
    found = neighbours(target, placed, y_down)
    if not found:
        return m["new"]
    near = next((n for n in found if not any(_fits(n, o, placed, y_down) for o in others
                                             if o != target)), found[0])
    return m[near.direction].format(name=placed[near.square].name)


def offset_words(dx: int, dy: int, name: str, lang: str = "en", y_down: bool = True) -> str:
    """A square ``dx, dy`` away from a named one, in words: "right of the castle", "above
    and to the left of the castle", "2 squares left of the castle", "2 squares right and
    1 square up from the castle" (``name`` as for :class:`Landmark`)."""
    m = words(MESSAGES, lang)
    if not y_down:
        dy = -dy
    way = _DIRECTIONS.get((dx, dy))
    if way is not None:
        return m[way].format(name=name)
    if dx == 0 and dy == 0:
        return m["new"]
    if dx == 0:
        return m["far_above" if dy < 0 else "far_below"].format(n=abs(dy), name=name)
    if dy == 0:
        return m["far_left" if dx < 0 else "far_right"].format(n=abs(dx), name=name)
    h = m["part_left" if dx < 0 else "part_right"].format(n=abs(dx))
    v = m["part_up" if dy < 0 else "part_down"].format(n=abs(dy))
    return m["offset"].format(h=h, v=v, name=name)
