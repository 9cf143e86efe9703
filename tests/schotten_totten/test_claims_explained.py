"""'Why can't I claim?': explanations checked against the engine's own proofs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clanboard.core import InvalidState, Rng
from clanboard.games.schotten_totten import formations
from clanboard.games.schotten_totten.cards import ALL_CLAN, CLAN_CARDS, card_name, cards_named
from clanboard.games.schotten_totten.claims import explain_claim
from clanboard.games.schotten_totten.state import SchottenState
from tests.schotten_totten.helpers import GAME, position

NAMES = ["Ann", "Bob"]
HANDS = ("1o 2o 3o 4o 5o 6o", "2p 6p 8b 8p 7y 6y")


def test_a_colour_run_still_possible_is_the_witness() -> None:
    s = position({1: ("4b 5b 6b", "6g")}, hands=HANDS)
    e = explain_claim(s, 0, 0, NAMES)
    assert not e["holds"] and not s.can_claim(0, 0)
    assert e["witness"] == ["6g", "7g", "8g"]
    assert e["reason"] == ("colour-run (green 6, green 7, green 8) is still possible for "
                           "Bob: green 7, green 8 have not been played")


def test_once_a_card_of_the_witness_is_played_the_claim_holds() -> None:
    s = position({1: ("4b 5b 6b", "6g"), 2: ("7g", "")}, hands=("1r 2r 3r 4r 5r", HANDS[1]))
    e = explain_claim(s, 0, 0, NAMES)
    assert e["holds"] and s.can_claim(0, 0)
    # the best left ties, and a tie goes to the side completed first
    assert e["reason"] == ("colour-run (blue 4, blue 5, blue 6) cannot be beaten: the best "
                           "Bob can still make is colour-run (green 4, green 5, green 6)")


def test_complete_sides_are_compared() -> None:
    s = position({3: ("7r 8r 9r", "5b 6b 7b")}, hands=HANDS)
    assert explain_claim(s, 0, 2, NAMES)["reason"] == (
        "colour-run (red 7, red 8, red 9) beats colour-run (blue 5, blue 6, blue 7)")
    assert not explain_claim(s, 1, 2, NAMES)["holds"]
    assert explain_claim(s, 1, 2, NAMES)["reason"] == (
        "colour-run (red 7, red 8, red 9) beats colour-run (blue 5, blue 6, blue 7)")


def test_incomplete_and_claimed_stones_say_so() -> None:
    s = position({4: ("5g 5r", "7g 4p 3b")}, hands=HANDS, owner={5: 1})
    assert explain_claim(s, 0, 3, NAMES)["reason"] == (
        "Ann's side of stone 4 has 2 of its 3 cards: only a complete side can claim")
    assert explain_claim(s, 0, 4, NAMES)["reason"] == "stone 5 is already claimed by Bob"


def test_the_hand_of_the_asker_is_not_looked_at() -> None:
    """The proof counts only played cards: moving the witness from the deck to the
    asker's hand changes nothing."""
    a = position({1: ("4b 5b 6b", "6g")}, hands=HANDS)
    b = position({1: ("4b 5b 6b", "6g")}, hands=("7g 8g 3r 4r 5r 6r", HANDS[1]))
    assert explain_claim(a, 0, 0, NAMES) == explain_claim(b, 0, 0, NAMES)


def test_explain_through_the_core_api_checks_its_question() -> None:
    s = position({1: ("4b 5b 6b", "6g")}, hands=HANDS)
    assert s.explain("claim", 0, {"stone": 1})["holds"] is False
    with pytest.raises(InvalidState, match="stone must be 1-9"):
        s.explain("claim", 0, {"stone": 10})
    with pytest.raises(InvalidState, match="player 0 or 1"):
        s.explain("claim", None, {"stone": 1})
    with pytest.raises(InvalidState, match="only 'claim'"):
        s.explain("hand", 0, {})


def _strength_of(cards: list[int], size: int, blind: bool) -> int:
    concrete = [c for c in cards if c < CLAN_CARDS]
    wilds = [c for c in cards if c >= CLAN_CARDS]
    return formations.best_strength(concrete, wilds, 0, size, blind)


def _check_position(s: SchottenState) -> int:
    checked = 0
    for p in (0, 1):
        for stone in range(9):
            e = explain_claim(s, p, stone, NAMES)
            assert e["holds"] == s.can_claim(p, stone), e
            if e["witness"] is None:
                continue
            # a real, legal completion of the opponent's side from unplayed cards
            side = s.sides[1 - p][stone]
            assert e["witness"][:len(side)] == [card_name(c) for c in side]
            added = [cards_named(n)[0] for n in e["witness"][len(side):]]
            cards = [*side, *added]
            assert len(cards) == s.capacity(stone) and len(set(cards)) == len(cards)
            unplayed = ALL_CLAN & ~s.seen
            assert all(c < CLAN_CARDS and unplayed >> c & 1 for c in added)
            blind = bool(s.blind >> stone & 1)
            assert _strength_of(cards, s.capacity(stone), blind) > s.side_strength(p, stone)
            checked += 1
    return checked


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), tactics=st.booleans(), steps=st.integers(5, 120))
def test_explanations_agree_with_the_engine_on_random_positions(seed: int, tactics: bool,
                                                               steps: int) -> None:
    s = GAME.new_state(2, seed, {"tactics": tactics})
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        _check_position(s)  # type: ignore[arg-type]
        s.apply_trusted(rng.choice(s.legal_moves()))


def test_random_games_give_witnesses() -> None:
    """Over whole random games the witness branch is exercised many times."""
    witnesses = 0
    for seed in range(6):
        s = GAME.new_state(2, seed, {"tactics": seed % 2 == 1})
        rng = Rng(seed)
        while not s.is_terminal():
            witnesses += _check_position(s)  # type: ignore[arg-type]
            s.apply_trusted(rng.choice(s.legal_moves()))
    assert witnesses > 20
