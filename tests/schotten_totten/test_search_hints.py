"""Schotten Totten's hints for the generic search: evaluation, priors, candidates."""

from __future__ import annotations

from clanboard.core import Rng
from clanboard.games.schotten_totten.agents import SchottenHints, play_score
from clanboard.games.schotten_totten.cards import CLAN_CARDS, cards_named
from clanboard.games.schotten_totten.moves import PLAYS
from tests.ai.helpers import positions
from tests.schotten_totten.helpers import GAME, position

HINTS = SchottenHints()


def test_priors_depend_only_on_public_information() -> None:
    """The search keeps a move's prior for every determinization of a node: two deals
    of the hidden cards must give every placement the same prior."""
    for i, state in enumerate(positions(GAME, 20, seed=3)):
        seat = state.to_move
        a = state.determinize(1 - seat, Rng(i))  # re-deals this seat's own hand too
        b = state.determinize(1 - seat, Rng(i + 1000))
        moves = [PLAYS[c][s] for c in range(CLAN_CARDS) if not state.seen >> c & 1
                 for s in state.free_stones(seat)]
        assert HINTS.move_priors(a, seat, moves) == HINTS.move_priors(b, seat, moves)


def test_priors_rank_placements_like_the_heuristic() -> None:
    """The prior's shortcut agrees with the heuristic's score on the best placement."""
    state = position({1: ("8r 9r", "5g"), 2: ("", "7b 7p 7y")}, hands=("7r 2o 4g", ""))
    moves = [PLAYS[cards_named(c)[0]][s] for c in ("7r", "2o", "4g") for s in (0, 1, 2)]
    priors = HINTS.move_priors(state, 0, moves)
    assert priors is not None
    best = max(range(len(moves)), key=lambda i: priors[i])
    assert str(moves[best]) == "7r@1"  # completes the red 7-8-9
    scores = [play_score(state, 0, m) for m in moves]
    assert max(range(len(moves)), key=lambda i: scores[i]) == best


def test_evaluation_counts_held_stones_and_is_zero_sum() -> None:
    for state in positions(GAME, 20, seed=5):
        det = state.determinize(0, Rng(1))
        value = HINTS.evaluate(det)
        assert value is not None and -1.0 <= value[0] <= 1.0 and value[0] == -value[1]
    ahead = position({1: ("9r 8r 7r", "")}, owner={1: 0, 2: 0})
    behind = position({1: ("9r 8r 7r", "")}, owner={1: 1, 2: 1})
    assert HINTS.evaluate(ahead)[0] > 0.3 > -0.3 > HINTS.evaluate(behind)[0]


def test_claims_leave_done_out_of_the_candidates() -> None:
    state = position({1: ("9r 8r 7r", "1g 2o")}, phase="claim")
    assert [str(m) for m in HINTS.candidate_moves(state, 0)] == ["claim 1"]
    assert "done" in [str(m) for m in state.legal_moves(0)]
