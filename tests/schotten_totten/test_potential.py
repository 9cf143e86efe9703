"""The fast paths of a side's potential agree with the general formation solver."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from clanboard.games.schotten_totten import formations
from clanboard.games.schotten_totten.cards import JOKER_A, SHIELD, SPY, cards_named
from clanboard.games.schotten_totten.potential import card_mask, potential_of, sum_potential

WILDS = st.sampled_from([JOKER_A, SPY, SHIELD])
CLAN = st.integers(0, 53)
POOLS = st.one_of(st.sets(CLAN, max_size=6), st.sets(CLAN))  # sparse pools matter most


def ids(text: str) -> list[int]:
    return [cards_named(n)[0] for n in text.split()]


@settings(max_examples=400, deadline=None)
@given(fixed=st.lists(CLAN, max_size=2, unique=True), pool=POOLS, wild=WILDS)
def test_one_elite_troop_by_table_is_the_general_solver(
    fixed: list[int], pool: set[int], wild: int
) -> None:
    mask = card_mask(sorted(pool - set(fixed)))
    assert formations.best_plain_wild(card_mask(fixed), mask, wild) == \
        formations.best_strength(fixed, [wild], mask, 3)


def test_an_elite_troop_may_copy_a_card_for_a_colour() -> None:
    # 7r 8r and the spy (a 7 of any colour): red 7-7-8 is a colour (22), no distinct
    # red card completes anything better, so the copy is the best formation
    fixed = card_mask(ids("7r 8r"))
    assert formations.best_plain_wild(fixed, 0, SPY) == formations.COLOUR * 100 + 22
    # one red card and the 9r unseen: the spy is the red 7 of a colour-run
    assert formations.best_plain_wild(card_mask(ids("8r")), card_mask(ids("9r")), SPY) == 424
    # a joker completes the colour-run instead
    assert formations.best_plain_wild(fixed, 0, JOKER_A) == formations.COLOUR_RUN * 100 + 24


@settings(max_examples=300, deadline=None)
@given(cards=st.lists(CLAN, max_size=4, unique=True), wild=st.none() | WILDS, pool=POOLS,
       size=st.sampled_from([3, 4]))
def test_blind_sum_is_the_general_solver(
    cards: list[int], wild: int | None, pool: set[int], size: int
) -> None:
    wilds = [] if wild is None else [wild]
    cards = cards[:size - len(wilds)]
    mask = card_mask(sorted(pool - set(cards)))
    assert sum_potential(cards + wilds, mask, size) == \
        formations.best_strength(cards, wilds, mask, size, blind=True)


@settings(max_examples=300, deadline=None)
@given(cards=st.lists(CLAN, max_size=3, unique=True), wilds=st.lists(WILDS, max_size=2),
       pool=POOLS, mud=st.booleans(), blind=st.booleans())
def test_potential_takes_the_general_solver_answer_on_every_path(
    cards: list[int], wilds: list[int], pool: set[int], mud: bool, blind: bool
) -> None:
    size = 4 if mud else 3
    wilds = wilds[:max(0, size - len(cards))]
    mask = card_mask(sorted(pool - set(cards)))
    assert potential_of(cards + wilds, mask, mud, blind) == \
        formations.best_strength(cards, wilds, mask, size, blind)
