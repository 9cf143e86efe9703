"""Formation ranking, checked against an independent brute-force definition."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from clanboard.games.schotten_totten import formations
from clanboard.games.schotten_totten.cards import (
    JOKER_A,
    SHIELD,
    SPY,
    card_name,
    cards_named,
)


def ids(text: str) -> list[int]:
    return [cards_named(n)[0] for n in text.split()]


def reference(cards: list[tuple[int, int]], blind: bool = False) -> tuple[int, int]:
    """(category, sum) of concrete (value, colour) cards, written from the rulebook."""
    values = sorted(v for v, _ in cards)
    total = sum(values)
    if blind:
        return (0, total)
    colour = len({c for _, c in cards}) == 1
    run = values == list(range(values[0], values[0] + len(values)))
    kind = len(set(values)) == 1
    if colour and run:
        return (4, total)
    if kind:
        return (3, total)
    if colour:
        return (2, total)
    if run:
        return (1, total)
    return (0, total)


def as_pairs(card_ids: list[int]) -> list[tuple[int, int]]:
    return [(c % 9 + 1, c // 9) for c in card_ids]


def strength(text: str, size: int = 3, blind: bool = False) -> int:
    cards = ids(text)
    concrete = [c for c in cards if c < 54]
    wilds = [c for c in cards if c >= 54]
    return formations.best_strength(concrete, wilds, 0, size, blind)


def test_rulebook_example_three_fives_beat_seven_four_three() -> None:
    assert formations.category(strength("7g 4p 3b")) == formations.SUM
    assert formations.category(strength("5g 5r 5b")) == formations.KIND
    assert strength("5g 5r 5b") > strength("7g 4p 3b")


def test_category_order_colour_run_kind_colour_run_sum() -> None:
    ladder = ["1r 2r 3r", "9r 9o 9y", "9g 7g 5g", "7r 8o 9y", "9b 9p 8r"]
    values = [strength(t) for t in ladder]
    assert values == sorted(values, reverse=True)
    # a weak colour-run beats the strongest three of a kind, and so on down
    assert strength("1r 2r 3r") > strength("9r 9o 9y")


def test_same_category_compares_sums_and_run_order_does_not_matter() -> None:
    assert strength("7r 8o 9y") > strength("6r 7o 8y")
    assert strength("9y 7r 8o") == strength("7r 8o 9y")
    assert strength("9b 9p 8r") > strength("9b 9p 7r")


def test_table_matches_reference_for_every_triple() -> None:
    for trio in itertools.combinations(range(54), 3):
        cat, total = reference(as_pairs(list(trio)))
        mask = (1 << trio[0]) | (1 << trio[1]) | (1 << trio[2])
        assert formations.TRIPLE_STRENGTH[mask] == cat * 100 + total, [card_name(c) for c in trio]


def wild_choices(card: int) -> list[tuple[int, int]]:
    values = {JOKER_A: range(1, 10), SPY: [7], SHIELD: [1, 2, 3]}[card]
    return [(v, c) for v in values for c in range(6)]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 53), min_size=0, max_size=4, unique=True),
    st.lists(st.sampled_from([JOKER_A, SPY, SHIELD]), max_size=2, unique=True),
    st.booleans(), st.booleans(),
)
def test_elite_troops_take_their_best_value(concrete, wilds, mud, blind) -> None:
    size = 4 if mud else 3
    concrete = concrete[: size - len(wilds)]
    if len(concrete) + len(wilds) != size:
        return
    best = max(
        reference(as_pairs(concrete) + list(choice), blind)
        for choice in itertools.product(*(wild_choices(w) for w in wilds))
    )
    got = formations.best_strength(concrete, wilds, 0, size, blind)
    assert got == best[0] * 100 + best[1]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(0, 53), min_size=0, max_size=2, unique=True),
    st.sets(st.integers(0, 53), min_size=0, max_size=14),
    st.sampled_from([[], [JOKER_A], [SPY], [SHIELD]]),
    st.booleans(), st.booleans(),
)
def test_best_completion_from_a_pool_matches_brute_force(fixed, pool, wilds, mud, blind):
    size = 4 if mud else 3
    pool -= set(fixed)
    need = size - len(fixed) - len(wilds)
    if need < 0:
        return
    best = None
    for extra in itertools.combinations(sorted(pool), need):
        for choice in itertools.product(*(wild_choices(w) for w in wilds)):
            r = reference(as_pairs(fixed + list(extra)) + list(choice), blind)
            best = r if best is None or r > best else best
    mask = sum(1 << c for c in pool)
    got = formations.best_strength(fixed, wilds, mask, size, blind)
    assert got == (-1 if best is None else best[0] * 100 + best[1])


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 53), min_size=0, max_size=2, unique=True),
    st.sets(st.integers(0, 53), max_size=30),
    st.integers(0, 427),
)
def test_fast_proof_path_agrees_with_the_general_solver(fixed, pool, target):
    pool -= set(fixed)
    mask = sum(1 << c for c in pool)
    fixed_mask = sum(1 << c for c in fixed)
    expected = formations.best_strength(fixed, [], mask, 3) > target
    assert formations.can_beat_plain(fixed_mask, mask, target) == expected
    # the remembered witness must not change the answer on a smaller pool
    smaller = mask & ~(mask & -mask)
    assert formations.can_beat_plain(fixed_mask, smaller, target) == (
        formations.best_strength(fixed, [], smaller, 3) > target
    )


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 53), min_size=0, max_size=3, unique=True),
    st.sets(st.integers(0, 53), max_size=30),
)
def test_table_completion_agrees_with_the_general_solver(fixed, pool):
    pool -= set(fixed)
    mask = sum(1 << c for c in pool)
    fixed_mask = sum(1 << c for c in fixed)
    assert formations.best_plain(fixed_mask, mask) == formations.best_strength(fixed, [], mask, 3)
