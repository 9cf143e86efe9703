"""The game-agnostic square describer: which neighbour names a square, which way, in words
of every language (never coordinates)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clanboard.core.squares import (
    DIAGONAL,
    ORTHOGONAL,
    Landmark,
    direction,
    nearest,
    offset_words,
    square_words,
)
from clanboard.i18n import LANGUAGES

COORDS = re.compile(r"-?\d+\s*,\s*-?\d+")
V = Landmark("the Village")


def test_the_four_sides_are_as_drawn_with_y_growing_down() -> None:
    placed = {(0, 0): V}
    assert square_words((1, 0), placed) == "right of the Village"
    assert square_words((-1, 0), placed) == "left of the Village"
    assert square_words((0, -1), placed) == "above the Village"
    assert square_words((0, 1), placed) == "below the Village"


def test_a_board_drawn_with_y_growing_up_turns_above_and_below_round() -> None:
    placed = {(0, 0): V}
    assert square_words((0, 1), placed, y_down=False) == "above the Village"
    assert square_words((0, -1), placed, y_down=False) == "below the Village"
    assert direction(1, 1, y_down=False) == "above_right"


def test_a_corner_neighbour_is_named_only_when_no_side_touches() -> None:
    placed = {(0, 0): Landmark("the castle", 9), (2, 1): Landmark("the Quarry")}
    # (1, 1) touches the castle by a corner, the quarry by a side: the side wins
    assert square_words((1, 1), placed) == "left of the Quarry"
    assert square_words((1, -1), placed) == "above and to the right of the castle"
    assert square_words((-1, 1), placed) == "below and to the left of the castle"


def test_the_highest_priority_wins_then_the_first_given() -> None:
    placed = {(0, 0): Landmark("the Forest"), (2, 0): Landmark("the castle", 4),
              (1, 1): Landmark("the Meadow")}
    assert square_words((1, 0), placed) == "left of the castle"
    tied = {(0, 0): Landmark("the Forest"), (1, 1): Landmark("the Meadow")}
    assert square_words((1, 0), tied) == "right of the Forest"
    assert square_words((1, 0), dict(reversed(tied.items()))) == "above the Meadow"


def test_the_square_itself_and_far_squares_are_never_its_neighbours() -> None:
    placed = {(1, 0): Landmark("the Forest", 9), (5, 5): Landmark("the Loch", 9)}
    assert nearest((1, 0), placed) is None
    assert square_words((1, 0), placed) == "on a new square"
    assert square_words((3, 3), placed, "ru") == "на новую клетку"


@pytest.mark.parametrize(("dx", "dy", "en"), [
    (1, 0, "right of the castle"), (0, 1, "below the castle"),
    (-1, -1, "above and to the left of the castle"),
    (-2, 0, "2 squares left of the castle"), (0, -3, "3 squares above the castle"),
    (2, 1, "2 squares right and 1 square down from the castle"),
    (-1, -2, "1 square left and 2 squares up from the castle"),
])
def test_an_offset_reads_as_people_say_it(dx: int, dy: int, en: str) -> None:
    assert offset_words(dx, dy, "the castle") == en


def test_russian_and_ukrainian_take_the_counted_forms() -> None:
    assert offset_words(-2, 0, "замка", "ru") == "на 2 клетки левее замка"
    assert offset_words(5, 0, "замка", "ru") == "на 5 клеток правее замка"
    assert offset_words(21, -1, "замка", "ru") == "на 21 клетку правее и на 1 клетку выше замка"
    assert offset_words(0, 5, "замку", "uk") == "на 5 клітинок нижче від замку"
    assert offset_words(1, 0, "замку", "uk") == "праворуч від замку"
    assert offset_words(2, -1, "城", "ja") == "城から2マス右・1マス上"
    assert square_words((1, 0), {(0, 0): Landmark("тайла «Деревня»")}, "ru") == \
        "справа от тайла «Деревня»"
    assert square_words((0, -1), {(0, 0): Landmark("「村」")}, "ja") == "「村」の上"


@given(st.integers(-6, 6), st.integers(-6, 6), st.sampled_from(LANGUAGES))
def test_no_offset_reads_as_coordinates_or_leaves_a_placeholder(dx: int, dy: int,
                                                                lang: str) -> None:
    text = offset_words(dx, dy, "NAME", lang)
    assert not COORDS.search(text)
    assert "{" not in text and "}" not in text
    assert ("NAME" in text) == ((dx, dy) != (0, 0))


@given(st.dictionaries(st.tuples(st.integers(-3, 3), st.integers(-3, 3)),
                       st.integers(0, 3), max_size=12),
       st.tuples(st.integers(-3, 3), st.integers(-3, 3)))
def test_the_neighbour_chosen_touches_the_square_the_way_it_says(
        prios: dict[tuple[int, int], int], target: tuple[int, int]) -> None:
    placed = {sq: Landmark(f"T{sq[0]}_{sq[1]}", p) for sq, p in prios.items()}
    near = nearest(target, placed)
    touching = [sq for sq in placed if sq != target
                and max(abs(sq[0] - target[0]), abs(sq[1] - target[1])) == 1]
    if not touching:
        assert near is None
        return
    assert near is not None
    dx, dy = target[0] - near.square[0], target[1] - near.square[1]
    assert direction(dx, dy) == near.direction
    sides = [sq for sq in touching if abs(sq[0] - target[0]) + abs(sq[1] - target[1]) == 1]
    assert (near.direction in ORTHOGONAL) == bool(sides)
    assert near.direction in ORTHOGONAL + DIAGONAL
    pool = sides or touching
    assert placed[near.square].priority == max(placed[sq].priority for sq in pool)
    name = placed[near.square].name
    assert square_words(target, placed).endswith(name)
    for lang in LANGUAGES:
        assert name in square_words(target, placed, lang)


def test_words_that_fit_another_square_of_the_same_name_give_way() -> None:
    forest, loch = Landmark("the Forest"), Landmark("the Loch")
    placed = {(0, 0): forest, (1, 0): Landmark("the Quarry"), (0, 2): forest,
              (1, 2): Landmark("the Quarry"), (1, 3): loch}
    assert square_words((1, 2), placed) == "right of the Forest"
    # the other quarry is right of a forest too: the loch tells this one apart
    assert square_words((1, 2), placed, others=[(1, 0)]) == "above the Loch"
    assert square_words((1, 0), placed, others=[(1, 2)]) == "right of the Forest"
    # when every neighbour's words fit the other too, the first is said all the same
    placed[(1, 1)] = loch
    assert square_words((1, 0), placed, others=[(1, 2)]) == "right of the Forest"
    assert square_words((0, -1), {(0, 0): loch}, y_down=False, others=[(5, 5)]) == \
        "below the Loch"
