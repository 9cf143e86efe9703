"""Schotten Totten moves and results in words, one test per move kind."""

from __future__ import annotations

from clanboard.core import Rng
from clanboard.games.schotten_totten.state import SchottenState, has_three_adjacent
from tests.schotten_totten.helpers import GAME, moves, position

NAMES = ["Ann", "Bob"]
TACTIC_HAND = "5g joker spy mud blind recruiter strategist"


def words(state: SchottenState, text: str, viewer: int | None = 1, player: int = 0) -> str:
    move = state.parse_move(text, player)
    return state.describe_move(move, player, viewer, NAMES)


def test_playing_cards() -> None:
    s = position({2: ("", "3b")}, hands=(TACTIC_HAND, "2p 6p 8b 8p 7y 6y 1b"), tactics=True)
    legal = moves(s)
    assert {"5g@3", "joker@1", "spy@2", "mud@4", "blind@5"} <= legal
    assert words(s, "5g@3") == "Ann plays green 5 at stone 3"
    assert words(s, "joker@1", None) == "Ann plays a Joker at stone 1"
    assert words(s, "spy@2") == "Ann plays the Spy at stone 2"
    assert words(s, "mud@4") == "Ann plays Mud Fight on stone 4"
    assert words(s, "blind@5") == "Ann plays Blind-Man's Bluff on stone 5"
    assert words(s, "recruiter") == "Ann plays the Recruiter"


def test_claims_say_why_they_hold() -> None:
    s = position({1: ("7b 8b 9b", "1r 2o"), 2: ("7r 8r 9r", "5y 6y 7y")},
                 hands=("3o 4o 5o 6o 7o 8o", "2p 6p 1b 8p 1y 2y"), phase="claim")
    assert {"claim 1", "claim 2"} <= moves(s)
    assert words(s, "claim 2") == (
        "Ann claims stone 2: colour-run (red 7, red 8, red 9) beats colour-run "
        "(yellow 5, yellow 6, yellow 7)")
    assert words(s, "claim 1") == (
        "Ann claims stone 1: colour-run (blue 7, blue 8, blue 9) cannot be beaten: the best "
        "Bob can still make is run (red 1, orange 2, purple 3)")
    assert words(s, "done") == "Ann ends the claims"


def test_pass_and_draw() -> None:
    s = position({}, hands=("", "2p 6p 8b 8p 7y 6y"))
    assert moves(s) == {"pass"}
    assert words(s, "pass") == "Ann passes (no clan card can be played)"
    t = position({}, hands=("5g", "2p"), phase="draw", tactics=True)
    assert words(t, "draw clan") == "Ann draws a clan card"
    assert words(t, "draw tactic") == "Ann draws a tactic card"


def test_a_recruiter_return_names_the_card_only_to_its_owner() -> None:
    s = position({}, hands=("5g spy 3r", "2p"), phase="recruit-return", tactics=True,
                 recruit_left=2)
    assert {"return 5g", "return spy"} <= moves(s)
    assert words(s, "return 5g", viewer=0) == "Ann puts green 5 under the clan deck"
    assert words(s, "return 5g", viewer=1) == "Ann puts a clan card under the clan deck"
    assert words(s, "return 3r", viewer=None) == words(s, "return 5g", viewer=None)
    assert words(s, "return spy", viewer=None) == "Ann puts a tactic card under the tactic deck"


def test_ruses() -> None:
    s = position({3: ("5g", "7b"), 6: ("", "")},
                 hands=("strategist banshee traitor 1r", "2p 6p 8b"), tactics=True)
    legal = moves(s)
    assert {"strategist 5g@3>6", "strategist 5g@3>x", "banshee 7b@3", "traitor 7b@3>6"} <= legal
    assert words(s, "strategist 5g@3>6") == (
        "Ann plays the Strategist: moves green 5 from stone 3 to stone 6")
    assert words(s, "strategist 5g@3>x") == (
        "Ann plays the Strategist: discards green 5 from stone 3")
    assert words(s, "banshee 7b@3") == "Ann plays the Banshee: discards Bob's blue 7 from stone 3"
    assert words(s, "traitor 7b@3>6") == (
        "Ann plays the Traitor: takes Bob's blue 7 from stone 3 to stone 6")


def test_the_end_screen_says_how_the_round_was_won() -> None:
    reasons = set()
    for seed in range(12):
        s = GAME.new_state(2, seed)
        rng = Rng(seed)
        while not s.is_terminal():
            s.apply_trusted(rng.choice(s.legal_moves()))
        assert isinstance(s, SchottenState)
        why = s.result_explanation(None, NAMES)
        assert why is not None
        w = s.round_winners[-1]
        held = [sum(1 for o in s.owner if o == q) for q in (0, 1)]
        if w is None:
            expected = "neither player could make progress"
        elif held[w] >= 5:
            expected = f"{NAMES[w]} holds five stones"
            if has_three_adjacent(s.owner, w):
                assert "three of them adjacent" in why["summary"]
        elif has_three_adjacent(s.owner, w):
            expected = f"{NAMES[w]} holds three adjacent stones"
        else:  # a deadlock won on stones
            expected = f"neither player could make progress: {NAMES[w]} holds more stones"
        assert expected in why["summary"], why
        reasons.add(expected.split(" holds ")[-1])
    assert {"five stones", "three adjacent stones"} <= reasons


def test_a_match_lists_every_round() -> None:
    s = GAME.new_state(2, 4, {"rounds": 3})
    rng = Rng(4)
    while not s.is_terminal():
        s.apply_trusted(rng.choice(s.legal_moves()))
    why = s.result_explanation(0, NAMES)
    assert why is not None
    assert [line for line in why["lines"] if line.startswith("Round")] == [
        f"Round {i + 1}: " + ("drawn" if w is None else f"won by {NAMES[w]}")
        for i, w in enumerate(s.round_winners)]  # type: ignore[attr-defined]
    assert why["tables"][-1]["rows"][0]["values"] == s.match_points  # type: ignore[attr-defined]


def test_a_deadlock_won_on_stones_says_so() -> None:
    """Neither player can make progress and one holds more stones (4 against 3, none of
    them three adjacent): that player wins, and the end screen says why."""
    s = GAME.new_state(2, 3)
    assert isinstance(s, SchottenState)
    s.owner = [1, 0, 1, 1, 0, 0, 1, -1, -1]
    s._end_round(1)  # as _end_turn does when neither player can make progress
    why = s.result_explanation(None, NAMES)
    assert why is not None
    assert why["lines"][0] == f"neither player could make progress: {NAMES[1]} holds more stones"
