"""Saving and reloading a position keeps every observation tensor and every legal action id
(the two jokers are one card to the rules, the notation and the JSON, so they must be one
card in the tensor and in the action ids)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from clanboard.core import Rng, get_game


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_json_round_trip_keeps_every_tensor_in_tactics_games(seed: int) -> None:
    game = get_game("schotten-totten")
    state = game.new_state(2, seed=seed, options={"tactics": True}, auto_chance=False)
    rng = Rng(seed)
    while not state.is_terminal():
        copy = game.state_from_json(state.to_json())
        for viewer in (0, 1):
            assert copy.observation_tensor(viewer) == state.observation_tensor(viewer), (
                f"seat {viewer}'s tensor changed after {len(state.history)} moves")
        if state.is_chance():
            state.apply_trusted(rng.choice([m for m, _ in state.chance_outcomes()]))
        else:
            seat = state.players_to_move()[0]
            state.apply_trusted(rng.choice(state.legal_moves(seat)), seat)


def test_a_joker_fills_the_first_joker_item_whichever_id_it_has() -> None:
    game = get_game("schotten-totten")
    seen = set()
    for seed in range(100):
        state = game.new_state(2, seed=seed, options={"tactics": True})
        rng = Rng(seed)
        while not state.is_terminal():
            hand = state.hands[0]  # type: ignore[attr-defined]
            jokers = [c for c in (54, 55) if hand >> c & 1]
            if jokers:
                seen.add(tuple(jokers))
                assert state.observation_tensor(0)[54:56] == [1.0, float(len(jokers) == 2)]
            seat = state.players_to_move()[0]
            state.apply_trusted(rng.choice(state.legal_moves(seat)), seat)
        if {(54,), (55,)} <= seen:
            return
    raise AssertionError(f"hands with only one joker of each id not met: {seen}")


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_json_round_trip_keeps_the_legal_action_ids_in_tactics_games(seed: int) -> None:
    game = get_game("schotten-totten")
    state = game.new_state(2, seed=seed, options={"tactics": True}, auto_chance=False)
    rng = Rng(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.apply_trusted(rng.choice([m for m, _ in state.chance_outcomes()]))
            continue
        seat = state.players_to_move()[0]
        copy = game.state_from_json(state.to_json())
        ids = sorted(state.move_to_action(m) for m in state.legal_moves(seat))
        assert len(set(ids)) == len(ids)  # one id per legal move
        assert sorted(copy.move_to_action(m) for m in copy.legal_moves(seat)) == ids, (
            f"the legal action ids changed after {len(state.history)} moves")
        for a in ids:  # each id names a legal move of the position it is read in
            assert state.action_to_move(a) in state.legal_moves(seat)
            assert copy.action_to_move(a) in copy.legal_moves(seat)
        state.apply_trusted(rng.choice(state.legal_moves(seat)), seat)
