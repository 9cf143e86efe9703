"""Schotten Totten's hints for the generic search: evaluation, priors, candidates."""

from __future__ import annotations

import itertools
import math
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from clanboard.core import Move, Rng
from clanboard.games.schotten_totten.agents import play_score
from clanboard.games.schotten_totten.cards import CLAN_CARDS, RECRUITER, cards_named
from clanboard.games.schotten_totten.hints import (
    SchottenHints,
    _default_weights,
    _no_win,
    blocked_tactics,
    deck_drawn,
    holding_value,
    round_terms,
)
from clanboard.games.schotten_totten.moves import DRAWS, PASS, PLAYS, Play, Ruse
from clanboard.games.schotten_totten.state import ALL_TACTICS, PLAY, SchottenState
from tests.ai.helpers import positions
from tests.schotten_totten.helpers import GAME, position

HINTS = SchottenHints()


def test_priors_depend_only_on_public_information() -> None:
    """The search keeps a move's prior for every determinization of a node: two deals
    of the hidden cards must give every placement the same prior."""
    for i, state in enumerate(positions(GAME, 20, seed=3)):
        assert isinstance(state, SchottenState)
        seat = state.to_move
        a = state.determinize(1 - seat, Rng(i))  # re-deals this seat's own hand too
        b = state.determinize(1 - seat, Rng(i + 1000))
        moves: list[Move] = [PLAYS[c][s] for c in range(CLAN_CARDS)
                             if not state.seen >> c & 1 for s in state.free_stones(seat)]
        assert HINTS.move_priors(a, seat, moves) == HINTS.move_priors(b, seat, moves)


def test_priors_rank_placements_like_the_heuristic() -> None:
    """The prior's shortcut agrees with the heuristic's score on the best placement."""
    state = position({1: ("8r 9r", "5g"), 2: ("", "7b 7p 7y")}, hands=("7r 2o 4g", ""))
    plays = [PLAYS[cards_named(c)[0]][s] for c in ("7r", "2o", "4g") for s in (0, 1, 2)]
    moves: list[Move] = list(plays)
    priors = HINTS.move_priors(state, 0, moves)
    assert priors is not None
    best = max(range(len(moves)), key=lambda i: priors[i])
    assert str(moves[best]) == "7r@1"  # completes the red 7-8-9
    scores = [play_score(state, 0, m) for m in plays]
    assert max(range(len(moves)), key=lambda i: scores[i]) == best


def test_evaluation_counts_held_stones_and_is_zero_sum() -> None:
    for state in positions(GAME, 20, seed=5):
        det = state.determinize(0, Rng(1))
        value = HINTS.evaluate(det)
        assert value is not None and -1.0 <= value[0] <= 1.0 and value[0] == -value[1]
    ahead = position({1: ("9r 8r 7r", "")}, owner={1: 0, 2: 0})
    behind = position({1: ("9r 8r 7r", "")}, owner={1: 1, 2: 1})
    good, bad = HINTS.evaluate(ahead), HINTS.evaluate(behind)
    assert good is not None and bad is not None and good[0] > 0.3 > -0.3 > bad[0]


@given(st.lists(st.sampled_from([0.0, 0.1, 0.25, 0.5, 0.8, 1.0]) | st.floats(0.0, 1.0),
                min_size=9, max_size=9))
def test_no_win_is_the_chance_of_neither_five_stones_nor_three_adjacent(
        shares: list[float]) -> None:
    """Against every assignment of the nine stones, weighted by its chance."""
    expected = 0.0
    for taken in itertools.product((False, True), repeat=9):
        weight = 1.0
        for got, q in zip(taken, shares, strict=True):
            weight *= q if got else 1.0 - q
        row = "".join("x" if got else "." for got in taken)
        if sum(taken) < 5 and "xxx" not in row:
            expected += weight
    assert abs(_no_win(shares) - expected) < 1e-9


def test_the_shape_weight_values_three_adjacent_stones_over_scattered_ones() -> None:
    """Two held stones beside an open one the side leads are nearly a breakthrough; two
    held stones far apart are not. The linear estimate cannot tell them apart."""
    shaped = HINTS.with_weights({"shape": 1.0})
    linear = HINTS.with_weights({"shape": 0.0})
    near = position({3: ("9r 8r", "")}, owner={1: 0, 2: 0})
    apart = position({5: ("9r 8r", "")}, owner={1: 0, 9: 0})
    for hints in (shaped, linear):
        a, b = hints.evaluate(near), hints.evaluate(apart)
        assert a is not None and b is not None
        if hints is linear:
            assert a == b
        else:
            assert a[0] > b[0]


def _gain(changed: dict[str, float], shipped: dict[str, float], state: SchottenState) -> float:
    """How much seat 0's estimate of ``state`` moves from weights ``shipped`` to ``changed``."""
    a = HINTS.with_weights(changed).evaluate(state)
    b = HINTS.with_weights(shipped).evaluate(state)
    assert a is not None and b is not None
    return a[0] - b[0]


def test_the_open_card_discount_trusts_a_made_formation_over_one_still_to_complete() -> None:
    """``open_card_discount`` takes strength off a side's best formation per card it still
    needs: a side that has made its formation gains against one that has not started, and
    sides needing as many cards each are left as they were."""
    def gain(state: SchottenState) -> float:
        return _gain({"open_card_discount": 40}, {"open_card_discount": 0}, state)

    assert gain(position({3: ("9r 8r 7r", "")})) > 0.1
    assert gain(position({3: ("", "9r 8r 7r")})) < -0.1
    assert gain(position({3: ("9r 8r", "9y 8y")})) == 0.0


def test_a_decided_stone_counts_for_the_side_that_will_claim_it() -> None:
    """``decided_stone``: a completed side the other side can no longer beat there (equal
    strengths go to the side completed first) counts that much for its owner; a stone
    still open to either side is left as it was."""
    def gain(state: SchottenState) -> float:
        return _gain({"decided_stone": 1.0}, {"decided_stone": 0}, state)

    assert gain(position({3: ("9r 8r 7r", "9y 8y")})) > 0.3  # at best a tie: seat 0 first
    assert gain(position({3: ("9y 8y", "9r 8r 7r")})) < -0.3
    assert gain(position({3: ("5r 4r 3r", "9y 8y")})) == 0.0  # 7y 8y 9y would beat it
    assert gain(position({3: ("9r 8r", "9y 8y")})) == 0.0


def test_the_estimate_is_the_tanh_of_its_weighted_terms() -> None:
    """``round_terms`` split the round's estimate: recombined with any ``scale``,
    ``scale_ramp`` (times the share of the clan deck drawn), ``held_stone``,
    ``hand_share`` and ``adjacent_pair`` they give the estimate itself."""
    weights = {"scale": 0.3, "scale_ramp": 0.6, "held_stone": 1.7, "hand_share": 0.5,
               "adjacent_pair": 0.4}
    hints = HINTS.with_weights(weights)
    states = [*positions(GAME, 12, seed=8), *tactics_positions(12, seed=9)]
    for state in states:
        det = state.determinize(0, Rng(2))
        assert isinstance(det, SchottenState)
        held, open_, hands, pairs = round_terms(det, _default_weights())
        value = hints.evaluate(det)
        assert value is not None
        slope = 0.3 + 0.6 * deck_drawn(det)
        expected = math.tanh(slope * (1.7 * held + open_ + 0.5 * hands + 0.4 * pairs))
        assert abs(value[0] - expected) < 1e-9


def test_the_share_drawn_runs_from_the_deal_to_the_empty_deck() -> None:
    """``deck_drawn``: 0 at the first turn after the deal, one card's share more after
    each draw, 1 once the clan deck is empty."""
    for tactics, at_deal in ((False, CLAN_CARDS - 12), (True, CLAN_CARDS - 14)):
        state = GAME.new_state(2, 5, {"tactics": tactics})
        assert isinstance(state, SchottenState)
        assert state.phase == PLAY and deck_drawn(state) == 0.0
        state.decks[0] = state.decks[0][:at_deal - 3]
        assert math.isclose(deck_drawn(state), 3 / at_deal)
        state.decks[0] = []
        assert deck_drawn(state) == 1.0


def test_adjacent_pairs_count_for_the_side_holding_them() -> None:
    """``adjacent_pair``: two neighbouring held stones count for their owner; held stones
    apart do not, and the shipped 0 leaves the estimate as it was."""
    def gain(state: SchottenState) -> float:
        return _gain({"adjacent_pair": 0.5}, {"adjacent_pair": 0.0}, state)

    assert gain(position({5: ("9r 8r", "")}, owner={1: 0, 2: 0})) > 0.05
    assert gain(position({5: ("9r 8r", "")}, owner={3: 1, 4: 1})) < -0.05
    assert gain(position({5: ("9r 8r", "")}, owner={1: 0, 3: 0})) == 0.0


def test_claims_leave_done_out_of_the_candidates() -> None:
    state = position({1: ("9r 8r 7r", "1g 2o")}, phase="claim")
    assert [str(m) for m in HINTS.candidate_moves(state, 0)] == ["claim 1"]
    assert "done" in [str(m) for m in state.legal_moves(0)]


def tactics_positions(count: int, seed: int) -> list[SchottenState]:
    """Positions of the tactics variant from random games where the seat to move may
    play a tactic card."""
    rng = Rng(seed)
    found: list[SchottenState] = []
    while len(found) < count:
        state = GAME.new_state(2, rng.next_u64() >> 1, {"tactics": True})
        for _ in range(10 + rng.randrange(50)):
            if state.is_terminal():
                break
            seat = state.current_player()
            state.apply_trusted(rng.choice(state.legal_moves(seat)), seat)
        assert isinstance(state, SchottenState)
        if state.is_terminal() or state.phase != PLAY:
            continue
        if any(not _clan_play(m) and m != PASS for m in state.legal_moves(state.to_move)):
            found.append(state)
    return found


def test_tactic_move_priors_depend_only_on_public_information() -> None:
    for i, state in enumerate(tactics_positions(12, seed=7)):
        seat = state.to_move
        a = state.determinize(1 - seat, Rng(i))
        b = state.determinize(1 - seat, Rng(i + 1000))
        moves = [m for m in state.legal_moves(seat)]  # the seat's real hand, in neither deal
        assert HINTS.move_priors(a, seat, moves) == HINTS.move_priors(b, seat, moves)


def test_each_tactic_card_has_its_best_move_searched_first() -> None:
    """Every tactic card in hand gets exactly one move ranked above every placement
    (the search's width keeps it); its other moves rank below every placement."""
    for state in tactics_positions(12, seed=9):
        seat = state.to_move
        moves = state.legal_moves(seat)
        priors = HINTS.move_priors(state, seat, moves)
        assert priors is not None
        placements = [p for m, p in zip(moves, priors, strict=True) if _clan_play(m)]
        by_card: dict[int, list[float]] = {}
        for m, p in zip(moves, priors, strict=True):
            if not _clan_play(m) and m != PASS:
                by_card.setdefault(_tactic_of(m), []).append(p)
        assert by_card
        for scores in by_card.values():
            top = sorted(scores, reverse=True)
            assert all(top[0] > p for p in placements)
            assert all(s < p for s in top[1:] for p in placements)


def test_traitor_ranks_the_steal_that_hurts_most_first() -> None:
    """The opponent waits on a colour-run at stone 1 (8b 9b, the 7b unseen) and holds
    a lone 2o at stone 2: the traitor takes a blue card from stone 1, not the 2o."""
    state = position({1: ("", "8b 9b"), 2: ("5r", "2o")}, hands=("traitor 1g 2g", ""),
                     tactics=True)
    moves: list[Move] = [m for m in state.legal_moves(0) if isinstance(m, Ruse)]
    priors = HINTS.move_priors(state, 0, moves)
    assert priors is not None
    best = str(moves[max(range(len(moves)), key=priors.__getitem__)])
    assert best.startswith(("traitor 8b@1", "traitor 9b@1")), best


def test_held_tactic_cards_count_while_they_can_be_played() -> None:
    def held(hand: str, **extra: Any) -> float:
        state = position({1: ("5r", "6g")}, hands=(hand, "2g"), tactics=True, **extra)
        return holding_value(state, 0)

    joker, clan = held("joker 1g"), held("3y 1g")
    assert joker > clan  # a joker is worth more than a clan card in its slot
    assert held("joker 1g", tactics_played=[1, 0]) < clan  # over the one-more limit
    assert held("joker 1g", jokers_played=[1, 0]) < clan  # a second joker never comes in
    full = "1r 2r 3r", "1o 2o 3o", "1y 2y 3y", "1b 2b 3b", "1p 2p 3p", "4r 5r 6r", "4o 5o 6o"
    late = position(hands=("joker 1g", "2g"), sides={s + 1: (f, "") for s, f in enumerate(full)},
                    tactics=True)
    assert holding_value(late, 0) < joker  # room at two stones only


def test_the_evaluation_rewards_holding_tactic_cards() -> None:
    with_joker = position({1: ("5r", "6g")}, hands=("joker 1g", "2g 3g"), tactics=True)
    without = position({1: ("5r", "6g")}, hands=("4y 1g", "2g 3g"), tactics=True)
    a, b = HINTS.evaluate(with_joker), HINTS.evaluate(without)
    assert a is not None and b is not None and a[0] > b[0]


def _clan_play(move: object) -> bool:
    return isinstance(move, Play) and move.card < CLAN_CARDS


def _tactic_of(move: object) -> int:
    if isinstance(move, Play):
        return move.card
    if isinstance(move, Ruse):
        return move.tactic
    return RECRUITER


def test_match_positions_are_evaluated_by_match_points() -> None:
    """In a match the estimate weighs the round in play against the points already won:
    the same round looks better with a lead, and the lead counts for less with more
    rounds still to come."""
    def value(points: list[int], rnd: int, rounds: int = 3) -> float:
        state = position({1: ("9r 8r", "5g")}, match_points=points, round=rnd)
        state.rounds = rounds
        estimate = HINTS.evaluate(state)
        assert estimate is not None and estimate[0] == -estimate[1]
        return estimate[0]

    assert value([5, 0], 2) > value([0, 0], 2) > value([0, 5], 2)
    assert value([5, 0], 3) > value([5, 0], 2)  # the last round: the lead is surer


def test_a_hand_full_of_blocked_tactic_cards_draws_clan_cards() -> None:
    """With ``blocked_draw_cap`` c > 0 the search does not draw a tactic card while its
    hand holds c or more it may not play now; 0 leaves every draw a candidate."""
    rng = Rng(11)
    seen = set()
    for _ in range(30):
        state = GAME.new_state(2, rng.next_u64() >> 1, {"tactics": True})
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_moves(seat)
            if DRAWS[0] in legal and DRAWS[1] in legal:
                assert isinstance(state, SchottenState)
                blocked = blocked_tactics(state, seat)
                held = bin(state.hands[seat] & ALL_TACTICS).count("1")
                may_play = state.tactics_played[seat] <= state.tactics_played[1 - seat]
                # the rules let a side play one tactic card more than the other has
                assert blocked == held if not may_play else blocked <= max(0, held - 1)
                for cap in (0, 1, 2, 3):
                    hints = HINTS.with_weights({"blocked_draw_cap": cap})
                    kept = DRAWS[1] in hints.candidate_moves(state, seat)
                    assert kept == (cap == 0 or blocked < cap)
                    assert DRAWS[0] in hints.candidate_moves(state, seat)
                seen.add(min(blocked, 3))
            state.apply_trusted(rng.choice(legal), seat)
    assert {0, 1, 2} <= seen  # the cap was met and not met
