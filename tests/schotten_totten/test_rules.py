"""Schotten Totten rules, each on a position built for it."""

from __future__ import annotations

import pytest

from clanboard.core import IllegalMove, InvalidState
from clanboard.games.schotten_totten.state import SchottenState
from tests.schotten_totten.helpers import GAME, moves, position

REST0 = "1g 2g 3g 4o 6o"


def test_rulebook_example_claim_with_three_fives_before_drawing() -> None:
    s = position({4: ("5g 5r", "7g 4p 3b")}, hands=("5b " + REST0, "2p 6p 8p 8b 7y 6y"))
    deck_before = s.observation(0)["deck"]["clan"]
    s.apply("5b@4")
    assert s.observation(0)["phase"] == "claim"
    assert "claim 4" in moves(s)
    assert s.observation(0)["deck"]["clan"] == deck_before  # not drawn yet
    s.apply("claim 4")
    assert s.owner[3] == 0
    assert s.observation(0)["deck"]["clan"] == deck_before - 1  # drew after claiming
    assert s.to_move == 1
    # the opponent may no longer play at the claimed stone
    assert not any(m.endswith("@4") for m in moves(s))
    with pytest.raises(IllegalMove, match="already claimed"):
        s.apply("8p@4")


def test_no_claim_step_when_nothing_is_claimable() -> None:
    s = position({4: ("5g", "7g 4p 3b")}, hands=("5b " + REST0, "2p 6p 8p 8b 7y 6y"))
    s.apply("5b@4")
    assert s.to_move == 1 and s.observation(1)["phase"] == "play"


def test_full_sides_tie_goes_to_the_side_completed_first() -> None:
    s = position({2: ("5r 6r 7r", "5b 6b 7b")}, hands=(REST0 + " 9g", "2p 6p 8b"),
                 completed_at=[[-1, 9, -1, -1, -1, -1, -1, -1, -1],
                               [-1, 4, -1, -1, -1, -1, -1, -1, -1]])
    assert not s.can_claim(0, 1)
    assert s.can_claim(1, 1)


def test_higher_sum_wins_within_a_category() -> None:
    s = position({2: ("6r 7r 8r", "5b 6b 7b")}, hands=(REST0, "2p 6p 8b"))
    assert s.can_claim(0, 1) and not s.can_claim(1, 1)


def test_claim_needs_a_complete_side() -> None:
    s = position({2: ("9r 9o", "")}, hands=(REST0, "2p 6p 8b"))
    assert not s.can_claim(0, 1)


NINES_ON_TABLE = {1: ("8r 8o 8y", "9b 9g"), 5: ("9r 9o", "9y 9p")}


def test_early_claim_proven_when_no_unseen_card_can_beat() -> None:
    # the opponent's 9b 9g can only beat three eights with a third nine: all are played
    s = position(NINES_ON_TABLE, hands=(REST0, "2p 6p 8b"))
    assert s.can_claim(0, 0)


def test_early_claim_counts_own_hand_as_unseen() -> None:
    # the last nine is in the claimer's own hand: it still counts as a card the opponent
    # might get, so the claim is not proven
    s = position({1: ("8r 8o 8y", "9b 9g"), 5: ("9r 9o", "9y")}, hands=("9p " + REST0, "8b"))
    assert not s.can_claim(0, 0)


def test_early_claim_allowed_when_the_opponent_can_at_best_tie() -> None:
    # 8g 8b can reach 8-8-8 at most (equal to the claimer's): the claimer completed first
    s = position({1: ("8r 8o 8y", "8g 8b")}, hands=(REST0, "2p"))
    assert s.can_claim(0, 0)


def test_early_claim_refused_when_the_opponent_may_still_win() -> None:
    s = position({1: ("1r 2o 3y", "9g")}, hands=(REST0, "8b"))
    assert not s.can_claim(0, 0)
    s.apply("6o@2")
    assert s.observation(0)["phase"] != "claim"


def test_victory_by_three_adjacent_stones() -> None:
    s = position({4: ("5g 5r", "7g 4p 3b")}, hands=("5b " + REST0, "8b"), owner={2: 0, 3: 0})
    s.apply("5b@4")
    s.apply("claim 4")
    assert s.is_terminal() and s.winners() == [0]
    assert s.returns() == [1.0, -1.0]


def test_victory_by_five_stones_not_adjacent() -> None:
    s = position({9: ("5g 5r", "7g 4p 3b")}, hands=("5b " + REST0, "8b"),
                 owner={1: 0, 3: 0, 5: 0, 7: 0, 2: 1})
    s.apply("5b@9")
    s.apply("claim 9")
    assert s.winners() == [0] and s.scores() == [5.0, 1.0]


def test_four_stones_apart_do_not_win() -> None:
    s = position({9: ("5g 5r", "7g 4p 3b")}, hands=("5b " + REST0, "8b"),
                 owner={1: 0, 3: 0, 5: 0})
    s.apply("5b@9")
    s.apply("claim 9")
    assert not s.is_terminal()


def test_a_side_holds_at_most_three_cards() -> None:
    s = position({3: ("1r 2r 3r", "")}, hands=(REST0, "8b"))
    assert not any(m.endswith("@3") for m in moves(s))
    with pytest.raises(IllegalMove, match="full"):
        s.apply("6o@3")


def test_pass_only_when_no_clan_card_can_be_played() -> None:
    s = position(hands=(REST0, "8b"))
    assert "pass" not in moves(s)
    with pytest.raises(IllegalMove, match="only when you cannot play a clan card"):
        s.apply("pass")
    full = {k: ("1r 2r 3r", "") for k in range(1, 10)}
    full = {k: (f"{k}r {k}o {k}y", "") for k in range(1, 10)}
    t = position(full, hands=("4g", "8b"))
    assert moves(t) == {"pass"}


def test_illegal_moves_leave_the_state_unchanged() -> None:
    s = position({4: ("5g 5r", "7g 4p 3b")}, hands=("5b " + REST0, "2p 8b"))
    before = s.to_json()
    for bad in ("9p@1", "8b@1", "5b@0", "claim 4", "draw tactic", "joker@2", "nonsense", "done"):
        with pytest.raises(IllegalMove) as err:
            s.apply(bad)
        assert err.value.allowed, bad  # says what is allowed instead
        assert s.to_json() == before
    with pytest.raises(IllegalMove, match="not player 2's turn"):
        s.apply("8b@1", player=1)
    assert s.to_json() == before


# -- tactics ------------------------------------------------------------------------------


def test_tactics_hand_of_seven_and_choice_of_deck() -> None:
    s = GAME.new_state(seed=3, options={"tactics": True})
    assert isinstance(s, SchottenState)
    assert len(s.observation(0)["hand"]) == 7
    clan = next(m for m in moves(s) if m[0].isdigit())
    s.apply(clan)
    if s.observation(0)["phase"] == "claim":
        s.apply("done")
    assert moves(s) == {"draw clan", "draw tactic"}
    s.apply("draw tactic")
    assert s.observation(0)["hand_tactics"][0] >= 1


def test_at_most_one_tactic_card_more_than_the_opponent() -> None:
    s = position(hands=("spy " + REST0, "8b"), tactics=True, tactics_played=[1, 0])
    assert not any(m.startswith("spy") for m in moves(s))
    with pytest.raises(IllegalMove, match="one tactic card more"):
        s.apply("spy@1")
    s2 = position(hands=("spy " + REST0, "8b"), tactics=True, tactics_played=[1, 1])
    assert "spy@1" in moves(s2)


def test_only_one_joker_per_side_the_second_stays_in_hand() -> None:
    s = position({2: ("joker", "")}, hands=("joker " + REST0, "8b"), tactics=True,
                 tactics_played=[1, 1], jokers_played=[1, 0])
    assert not any(m.startswith("joker") for m in moves(s))
    with pytest.raises(IllegalMove, match="only one joker"):
        s.apply("joker@1")


def test_only_tactic_cards_in_hand_allows_pass_or_a_tactic() -> None:
    s = position(hands=("spy banshee", "8b"), tactics=True)
    m = moves(s)
    assert "pass" in m and "spy@1" in m
    assert not any(x[0].isdigit() for x in m)


def test_joker_spy_and_shield_take_their_best_values_at_the_claim() -> None:
    s = position({1: ("joker 8r", "9b 9g 9o"), 2: ("shield 1b", "")},
                 hands=("9r " + REST0, "8b"), tactics=True, tactics_played=[1, 0],
                 jokers_played=[1, 0])
    s.apply("9r@1")  # joker becomes 7r: colour-run 7-8-9 beats three nines
    assert "claim 1" in moves(s)
    t = position({1: ("spy 7r 7o", "9b 9g 9o")}, hands=(REST0, "8b"), tactics=True)
    assert not t.can_claim(0, 0)  # spy is only a 7: three sevens lose to three nines
    u = position({1: ("shield 2b 1b", "9g 9o 9p")}, hands=(REST0, "8b"), tactics=True)
    assert u.can_claim(0, 0)  # shield as 3b: colour-run 1-2-3


def test_proofs_ignore_unplayed_tactic_cards() -> None:
    # the opponent holds a joker, but proofs look only at played cards and unseen clan cards
    s = position({1: ("8r 8o 8y", "9b 9g"), 5: ("9r 9o", "9y 9p")},
                 hands=(REST0, "joker 8b"), tactics=True)
    assert s.can_claim(0, 0)


def test_played_elite_troop_on_the_opponent_side_counts_in_proofs() -> None:
    s = position({1: ("8r 8o 8y", "joker 9g"), 5: ("9r 9o", "9y 9p")}, hands=(REST0, "8b"),
                 tactics=True)
    assert not s.can_claim(0, 0)  # joker + 9g + 8g could make 8-9-joker(7g) colour-run


def test_mud_fight_needs_four_cards_a_side() -> None:
    s = position({3: ("5r 5o 5y", "1p 2o 4y")}, hands=("mud 5g " + REST0, "8b"), tactics=True)
    assert s.can_claim(0, 2)
    s.apply("mud@3")
    assert s.observation(0)["stones"][2]["modes"] == ["mud"]
    assert not s.can_claim(0, 2)  # three fives are no longer a complete side
    t = position({3: ("5r 5o 5y 5g", "1p 2o 4y 6b")}, hands=(REST0, "8b"), tactics=True,
                 mud=(3,))
    assert t.can_claim(0, 2)


def test_blind_mans_bluff_counts_only_the_sum() -> None:
    s = position({3: ("1r 2r 3r", "9g 9b 1p")}, hands=(REST0, "8b"), tactics=True, blind=(3,))
    assert s.can_claim(1, 2) and not s.can_claim(0, 2)


def test_recruiter_draws_three_then_returns_two_under_the_decks() -> None:
    s = position(hands=("recruiter " + REST0, "8b"), tactics=True)
    s.apply("recruiter")
    for _ in range(3):
        assert moves(s) == {"draw clan", "draw tactic"}
        s.apply("draw clan")
    assert s.observation(0)["phase"] == "recruit-return"
    assert len(s.observation(0)["hand"]) == 8
    s.apply("return 1g")
    s.apply("return 2g")
    obs = s.observation(0)
    assert len(obs["hand"]) == 6 and "recruiter" in obs["discard"]
    assert obs["known_bottom"]["clan"] == ["2g", "1g"]  # bottom-most first
    assert s.observation(1)["known_bottom"]["clan"] == []
    from clanboard.games.schotten_totten.cards import cards_named

    assert s.decks[0][:2] == [cards_named("2g")[0], cards_named("1g")[0]]


def test_strategist_moves_or_discards_your_own_card() -> None:
    s = position({1: ("9r", "")}, hands=("strategist " + REST0, "8b"), tactics=True)
    assert "strategist 9r@1>4" in moves(s) and "strategist 9r@1>x" in moves(s)
    s.apply("strategist 9r@1>4")
    assert s.observation(0)["stones"][3]["sides"][0] == ["9r"]
    assert s.observation(0)["stones"][0]["sides"][0] == []
    assert s.observation(0)["discard"] == ["strategist"]


def test_banshee_discards_an_opponent_card() -> None:
    s = position({1: ("", "9r 9o")}, hands=("banshee " + REST0, "8b"), tactics=True)
    s.apply("banshee 9o@1")
    assert s.observation(0)["stones"][0]["sides"][1] == ["9r"]
    assert s.observation(0)["discard"] == ["banshee", "9o"]


def test_traitor_takes_only_clan_cards_from_the_opponent() -> None:
    s = position({1: ("", "9r spy")}, hands=("traitor " + REST0, "8b"), tactics=True,
                 tactics_played=[0, 1])
    m = moves(s)
    assert "traitor 9r@1>1" in m and "traitor 9r@1>5" in m
    assert not any(x.startswith("traitor spy") for x in m)
    s.apply("traitor 9r@1>5")
    assert s.observation(0)["stones"][4]["sides"][0] == ["9r"]
    assert s.observation(0)["stones"][0]["sides"][1] == ["spy"]


def test_ruses_cannot_touch_claimed_stones() -> None:
    s = position({1: ("", "9r 9o 9y")}, hands=("banshee " + REST0, "8b"), tactics=True,
                 owner={1: 1})
    assert not any(m.startswith("banshee") for m in moves(s))


# -- expert and matches ---------------------------------------------------------------


def test_expert_claims_only_at_the_start_of_the_turn() -> None:
    s = position({4: ("5g 5r", "7g 4p 3b")}, hands=("5b " + REST0, "2p 6p 8p 8b 7y 6y"),
                 expert=True)
    s.apply("5b@4")
    assert s.to_move == 1  # no claim step after playing
    s.apply("8b@1")
    assert s.observation(0)["phase"] == "claim" and "claim 4" in moves(s)
    s.apply("claim 4")
    assert s.observation(0)["phase"] == "play"  # then plays as usual


def test_match_scores_five_for_the_winner_and_stones_for_the_loser() -> None:
    s = GAME.new_state(seed=11, options={"rounds": 2})
    from clanboard.core import RandomAgent, play_game

    play_game(s, [RandomAgent(1), RandomAgent(2)])
    assert isinstance(s, SchottenState)
    assert s.is_terminal() and len(s.round_winners) == 2
    total = 0
    for w in s.round_winners:
        assert w in (0, 1)
        total += 5
    assert sum(s.match_points) > total - 1
    assert all(p <= 10 for p in s.match_points)
    assert s.winners() == ([0] if s.match_points[0] > s.match_points[1] else
                           [1] if s.match_points[1] > s.match_points[0] else [0, 1])


# -- loading -------------------------------------------------------------------------------


def test_corrupt_positions_are_rejected_with_a_reason() -> None:
    good = position(hands=(REST0, "8b")).to_json()
    dup = {**good, "state": {**good["state"], "discard": ["1r"]}}
    with pytest.raises(InvalidState, match="more than once"):
        GAME.state_from_json(dup)
    bad = {**good, "state": {**good["state"], "hands": [["1r", "zz"], []]}}
    with pytest.raises(InvalidState, match="unknown card"):
        GAME.state_from_json(bad)
    with pytest.raises(InvalidState, match="not 'schotten-totten'"):
        GAME.state_from_json({**good, "game": "glen-more"})
    short = {**good, "state": {k: v for k, v in good["state"].items() if k != "owner"}}
    with pytest.raises(InvalidState, match="owner"):
        GAME.state_from_json(short)
