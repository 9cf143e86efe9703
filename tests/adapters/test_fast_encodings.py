"""The adapters' fast paths equal the straightforward encodings, on random games.

Each game may override ``Game.legal_actions``, ``legal_action_ids``, ``legal_action_move``,
``chance_actions``, ``chance_action_probs``, ``chance_action_move``,
``write_observation_tensor`` and ``update_observation_tensor`` with faster code;
the base class's defaults (built on ``legal_moves``, ``chance_outcomes``,
``move_to_action`` and ``observation_tensor``) are the reference. Every position of a
random game is compared, for every seat.
"""

from __future__ import annotations

from array import array
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clanboard.adapters.common import TensorWriter
from clanboard.core import Game, Rng, State
from tests.adapters.setups import options_of, require_encoding, setups

np = pytest.importorskip("numpy", reason="numpy is in the optional extra clanboard[rl]")


def _positions(game: Game, options: dict[str, Any], seed: int, players: int) -> list[State]:
    """Every position of one random game with explicit chance (every few for long games)."""
    state = game.new_state(players, seed=seed, options=options, auto_chance=False)
    rng = Rng(seed)
    out = []
    while not state.is_terminal():
        out.append(state.clone())
        if state.is_chance():
            state.apply_trusted(rng.choice([m for m, _ in state.chance_outcomes()]))
        else:
            seat = state.players_to_move()[0]
            state.apply_trusted(rng.choice(state.legal_moves(seat)), seat)
    out.append(state)
    return out[:: max(1, len(out) // 150)]


def _reference_tensor(state: State, player: int) -> Any:
    return np.asarray(state.observation_tensor(player), np.float32)


def _fast_tensor(game: Game, state: State, player: int, size: int) -> Any:
    buf = array("f", bytes(4 * size))
    game.write_observation_tensor(state, player, buf)
    return np.frombuffer(buf, np.float32)


@pytest.mark.parametrize(("game", "variant"), setups())
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), extra_players=st.integers(0, 3))
def test_fast_paths_equal_the_reference(game: Game, variant: str | None, seed: int,
                                        extra_players: int) -> None:
    require_encoding(game, variant)
    options = options_of(game, variant)
    players = min(game.max_players, game.min_players + extra_players)
    size = game.observation_tensor_size(players, game.check_options(options))
    incremental = TensorWriter(game, size)  # each seat's buffer, from position to position
    for state in _positions(game, game.check_options(options), seed, players):
        if state.is_chance():
            fast_chance = game.chance_actions(state)
            assert fast_chance == Game.chance_actions(game, state)
            ids = [a for a, _, _ in fast_chance]
            assert ids == sorted(set(ids)), "chance ids must be distinct and ascending"
            assert game.chance_action_probs(state) == [(a, p) for a, _, p in fast_chance]
            for a, outcome, _ in fast_chance:
                assert game.chance_action_move(state, a) == outcome
        for seat in state.players_to_move():
            reference = Game.legal_actions(game, state, seat)
            assert game.legal_actions(state, seat) == reference
            # the ids in legal_moves order, each with its legal move
            assert game.legal_action_ids(state, seat) == list(reference)
            for a, move in reference.items():
                assert game.legal_action_move(state, seat, a) == move
        for viewer in range(players):
            fast = _fast_tensor(game, state, viewer, size)
            reference = _reference_tensor(state, viewer)
            assert np.array_equal(fast, reference), (
                f"{game.id} seat {viewer} after {len(state.history)} moves: items "
                f"{np.flatnonzero(fast != reference).tolist()[:10]} differ")
            _assert_same(incremental.view(state, viewer), reference, game, state, viewer)


def _assert_same(tensor: Any, reference: Any, game: Game, state: State, viewer: int) -> None:
    assert np.array_equal(tensor, reference), (
        f"{game.id} seat {viewer} after {len(state.history)} moves: items "
        f"{np.flatnonzero(tensor != reference).tolist()[:10]} differ")


@pytest.mark.parametrize(("game", "variant"), setups())
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), extra_players=st.integers(0, 3))
def test_tensors_kept_up_to_date_equal_the_reference_at_every_step(
        game: Game, variant: str | None, seed: int, extra_players: int) -> None:
    """The adapters' per-seat tensors (``Game.update_observation_tensor`` rewriting what
    changed since the seat's previous tensor) equal the reference after every move and
    chance outcome of a random game, then at the start of another game in the same
    buffers."""
    require_encoding(game, variant)
    options = game.check_options(options_of(game, variant))
    players = min(game.max_players, game.min_players + extra_players)
    writer = TensorWriter(game, game.observation_tensor_size(players, options))
    state = game.new_state(players, seed=seed, options=options, auto_chance=False)
    rng = Rng(seed)
    while True:
        for viewer in range(players):
            _assert_same(writer(state, viewer), _reference_tensor(state, viewer), game, state,
                         viewer)
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply_trusted(rng.choice([m for m, _ in state.chance_outcomes()]))
        else:
            seat = state.players_to_move()[0]
            state.apply_trusted(rng.choice(state.legal_moves(seat)), seat)
    fresh = game.new_state(players, seed=seed + 1, options=options, auto_chance=False)
    for viewer in range(players):
        _assert_same(writer(fresh, viewer), _reference_tensor(fresh, viewer), game, fresh,
                     viewer)


@pytest.mark.parametrize("side", [[55], [3, 55], [54, 55], [54]])
def test_schotten_fast_tensor_counts_jokers_like_the_reference(side: list[int]) -> None:
    """A side (and a hand) holding only the second joker sets the first joker item, as the
    reference encoder does: the two jokers are one card to the rules."""
    from clanboard.core import get_game
    from clanboard.games.schotten_totten.cards import JOKER_B

    game = get_game("schotten-totten")
    options = game.check_options(game.variant_options("tactics"))
    state: Any = game.new_state(2, seed=3, options=options)
    state.sides[1][4] = list(side)
    state.hands[0] |= 1 << JOKER_B
    size = game.observation_tensor_size(2, options)
    for viewer in (0, 1):
        assert np.array_equal(_fast_tensor(game, state, viewer, size),
                              _reference_tensor(state, viewer))
