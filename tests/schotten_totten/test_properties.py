"""Property tests over random games of every variant."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clanboard.core import GameRecord, IllegalMove, RandomAgent, Rng, play_game, replay
from clanboard.games.schotten_totten.cards import ALL_CLAN, card_name
from clanboard.games.schotten_totten.encoding import BASE_ACTIONS, NUM_ACTIONS, action_to_move
from clanboard.games.schotten_totten.state import SchottenState
from tests.schotten_totten.helpers import GAME
from tests.schotten_totten.test_formations import as_pairs, reference

VARIANTS = [dict(v) for v in GAME.variants.values()]


@pytest.mark.parametrize("options", VARIANTS, ids=list(GAME.variants))
def test_a_thousand_random_games_end_with_a_result(options) -> None:
    decided = 0
    for seed in range(1000):
        s = GAME.new_state(seed=seed, options=options)
        play_game(s, [RandomAgent(seed), RandomAgent(seed + 7)])
        assert isinstance(s, SchottenState) and s.is_terminal()
        assert s.winners() in ([0], [1], [0, 1])
        if len(s.winners()) == 1:
            decided += 1
            w = s.winners()[0]
            held = [o == w for o in s.owner]
            adjacent = any(all(held[i:i + 3]) for i in range(7))
            assert sum(held) >= 5 or adjacent or s.null_turns >= 2
    assert decided > 950  # stalemates are rare


def random_walk(seed: int, options: dict, steps: int):
    """Yield (state, rng) along a random game."""
    s = GAME.new_state(seed=seed, options=options)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        yield s, rng
        s.apply(rng.choice(s.legal_moves()))
    yield s, rng


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(VARIANTS), st.integers(0, 120))
def test_json_round_trip_and_continuation(seed, options, steps) -> None:
    *_, (s, rng) = random_walk(seed, options, steps)
    data = json.loads(json.dumps(s.to_json()))
    t = GAME.state_from_json(data)
    assert t.to_json() == s.to_json()
    assert t.observation(0) == s.observation(0)
    assert [str(m) for m in t.legal_moves()] == [str(m) for m in s.legal_moves()]
    # both continue identically under the same choices
    a, b = RandomAgent(seed), RandomAgent(seed)
    while not s.is_terminal():
        move = a.choose(s, s.current_player())
        assert str(b.choose(t, t.current_player())) == str(move)
        s.apply(move)
        t.apply(str(move))
    assert t.to_json()["state"] == s.to_json()["state"]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(VARIANTS))
def test_replay_from_seed_and_moves_is_byte_identical(seed, options) -> None:
    s = GAME.new_state(seed=seed, options=options)
    play_game(s, [RandomAgent(seed), RandomAgent(seed + 1)])
    record = GameRecord.from_json(json.loads(json.dumps(s.record().to_json())))
    again = replay(record)
    assert json.dumps(again.to_json(), sort_keys=True) == json.dumps(s.to_json(), sort_keys=True)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(VARIANTS), st.integers(0, 80),
       st.lists(st.integers(0, NUM_ACTIONS - 1), min_size=5, max_size=5))
def test_illegal_moves_always_raise_and_change_nothing(seed, options, steps, actions) -> None:
    *_, (s, rng) = random_walk(seed, options, steps)
    legal = set(s.legal_moves())
    legal_text = {str(m) for m in legal}
    before = s.to_json()
    for a in actions:
        move = action_to_move(a)
        if move in legal:
            continue
        with pytest.raises(IllegalMove):
            s.apply(move)
        # the two jokers share their notation: the other joker's text names the legal move
        if str(move) not in legal_text:
            with pytest.raises(IllegalMove):
                s.apply(str(move))
        assert s.to_json() == before
    for m in legal:  # and every legal move applies
        c = s.clone()
        c.apply(m)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(VARIANTS))
def test_every_legal_id_lies_in_its_variants_action_space(seed, options) -> None:
    """Without tactic cards the game has only the first 590 ids (plays, claims, the
    words), so an RL policy's mask and output are 19 times smaller there."""
    size = GAME.num_distinct_actions(2, GAME.check_options(options))
    assert size == (NUM_ACTIONS if options.get("tactics") else BASE_ACTIONS)
    s = GAME.new_state(seed=seed, options=options)
    with pytest.raises(ValueError, match=f"action {size} is outside 0..{size - 1}"):
        s.action_to_move(size)
    assert s.action_to_move(size - 1) is not None  # the last id is one
    rng = Rng(seed)
    highest = 0
    while not s.is_terminal():
        seat = s.players_to_move()[0]
        ids = GAME.legal_action_ids(s, seat)
        highest = max(highest, *ids)
        s.apply_trusted(GAME.legal_action_move(s, seat, rng.choice(ids)), seat)
    assert highest < size


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(VARIANTS), st.integers(0, 100))
def test_observations_hide_the_opponent_hand_and_the_deck_order(seed, options, steps) -> None:
    *_, (s, rng) = random_walk(seed, options, steps)
    for viewer in (0, 1, None):
        obs = s.observation(viewer)
        text = json.dumps(obs)
        hidden = [card_name(c) for c in range(64) if s.hands[1 - (viewer or 0)] >> c & 1]
        if viewer is None:
            hidden += [card_name(c) for c in range(64) if s.hands[0] >> c & 1]
            assert obs["hand"] is None
        own = s.hands[viewer] if viewer is not None else 0
        visible = {card_name(c) for c in range(64) if own >> c & 1}
        visible |= {card_name(c) for row in s.sides for side in row for c in side}
        visible |= {card_name(c) for c in s.discard}
        for name in set(hidden) - visible:
            assert f'"{name}"' not in text, (viewer, name)
        # a re-deal of everything hidden from the viewer leaves their view unchanged
        if viewer is not None:
            other = s.determinize(viewer, Rng(seed))
            assert other.observation(viewer) == obs
            assert other.hands[viewer] == s.hands[viewer]
    assert "seed" not in json.dumps(s.observation(0))


def brute_force_can_claim(s, player: int, stone: int) -> bool:
    """Claimability by enumerating every completion of the opponent's side (plain cards)."""
    mine = s.sides[player][stone]
    theirs = s.sides[1 - player][stone]
    if s.owner[stone] >= 0 or len(mine) < 3:
        return False
    key = reference(as_pairs(mine))
    if len(theirs) == 3:
        other = reference(as_pairs(theirs))
        if key != other:
            return key > other
        return s.completed_at[player][stone] < s.completed_at[1 - player][stone]
    pool = [c for c in range(54) if ALL_CLAN & ~s.seen >> c & 1]
    for extra in itertools.combinations(pool, 3 - len(theirs)):
        if reference(as_pairs(theirs + list(extra))) > key:
            return False
    return True


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(10, 60))
def test_claims_match_a_brute_force_proof(seed, steps) -> None:
    *_, (s, rng) = random_walk(seed, {}, steps)
    for player in (0, 1):
        for stone in range(9):
            if len(s.sides[1 - player][stone]) == 0 and len(s.sides[player][stone]) == 3:
                continue  # 19,600 completions: covered by the formation tests instead
            assert s.can_claim(player, stone) == brute_force_can_claim(s, player, stone)


@pytest.mark.parametrize("seed", range(30))
def test_explicit_chance_outcomes_are_legal_and_replay(seed) -> None:
    s = GAME.new_state(seed=seed, options={"tactics": True}, auto_chance=False)
    rng, agent = Rng(seed), RandomAgent(seed)
    while not s.is_terminal():
        if s.is_chance():
            outcomes = s.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            move = s.sample_chance(rng)
            assert move in [o for o, _ in outcomes]
            s.apply(move)
        else:
            s.apply(agent.choose(s, s.current_player()))
    again = replay(GameRecord.from_json(s.record().to_json()))
    assert again.to_json()["state"] == s.to_json()["state"]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(VARIANTS), st.integers(0, 80))
def test_determinize_depends_only_on_what_the_player_sees(seed, options, steps) -> None:
    *_, (s, rng) = random_walk(seed, options, steps)
    if s.is_terminal():
        return
    viewer = s.current_player() if s.current_player() >= 0 else 0
    other = s.determinize(viewer, Rng(seed + 1))  # the same view, other hidden cards
    assert other.observation(viewer) == s.observation(viewer)
    a = s.determinize(viewer, Rng(99))
    b = other.determinize(viewer, Rng(99))
    assert a.to_json()["state"] == b.to_json()["state"]
