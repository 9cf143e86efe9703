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


def _assert_schotten_ids(state: Any, seat: int) -> None:
    """``legal_action_ids`` lists the ids of ``legal_moves`` in their order, and each id's
    ``legal_action_move`` is that move (the joker the seat holds or acts on, too)."""
    game = state.game
    moves = state.legal_moves(seat)
    ids = game.legal_action_ids(state, seat)
    assert ids == [state.move_to_action(m) for m in moves], (seat, [str(m) for m in moves])
    assert [game.legal_action_move(state, seat, a) for a in ids] == moves


def _schotten_ids_along_a_game(variant: str, seed: int) -> set[str]:
    """A random game of Schotten Totten that plays a tactic card (or passes, or returns a
    card) whenever it can, checked with :func:`_assert_schotten_ids` for both seats at
    every position; returns the kinds of moves that were legal."""
    import random

    from clanboard.core import get_game
    from clanboard.games.schotten_totten.cards import CLAN_CARDS, card_name
    from clanboard.games.schotten_totten.moves import Play, Ruse

    def kind(move: Any) -> str:
        if isinstance(move, Play):
            return "clan card" if move.card < CLAN_CARDS else card_name(move.card)
        if isinstance(move, Ruse):
            return card_name(move.tactic)
        return type(move).__name__ if type(move).__name__ != "Word" else str(move)

    game = get_game("schotten-totten")
    state = game.new_state(2, seed=seed, options=game.variant_options(variant))
    rng = random.Random(seed)
    met: set[str] = set()
    while seats := state.players_to_move():
        for seat in (0, 1):
            _assert_schotten_ids(state, seat)
            met.update(map(kind, state.legal_moves(seat)))
        moves = state.legal_moves(seats[0])
        tactic = [m for m in moves if kind(m) not in ("clan card", "Claim", "done", "Draw")]
        state.apply_trusted(rng.choice(tactic or moves), seats[0])
    return met


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), variant=st.sampled_from(["base", "tactics", "expert",
                                                            "tactics-expert"]))
def test_schotten_lists_the_ids_of_its_legal_moves(seed: int, variant: str) -> None:
    """Schotten Totten's ``legal_action_ids`` (the ids listed without making the moves)
    against the ids of ``legal_moves``, and the moves of those ids, along random games."""
    _schotten_ids_along_a_game(variant, seed)


def test_schotten_id_lists_are_checked_for_every_kind_of_move() -> None:
    """The games of the test above meet every kind of move, each tactic card's too."""
    met: set[str] = set()
    for seed in range(12):
        met |= _schotten_ids_along_a_game("tactics", seed)
    assert met == {"clan card", "pass", "Claim", "done", "Draw", "joker", "spy", "shield",
                   "blind", "mud", "recruiter", "Return", "strategist", "banshee", "traitor"}


def _schotten_second_joker(state: Any, seat: int, stone: int) -> Any:
    """``state`` with the two jokers swapped: ``seat`` holds the second, its side of
    ``stone`` has the first."""
    from clanboard.games.schotten_totten.cards import JOKER_A, JOKER_B

    state.hands[seat] ^= (1 << JOKER_A) | (1 << JOKER_B)
    state.sides[seat][stone] = [JOKER_A if c == JOKER_B else c for c in state.sides[seat][stone]]
    return state


def _schotten_positions() -> list[Any]:
    from tests.schotten_totten.helpers import position

    return [
        # both jokers in hand: one return, one joker's plays
        position({}, hands=("joker joker 5g 3r", "2p"), phase="recruit-return", tactics=True,
                 recruit_left=2),
        position({}, hands=("joker joker 5g", "2p"), tactics=True),
        # the second joker in hand: its plays have the first joker's ids
        _schotten_second_joker(position({1: ("joker", "")}, hands=("joker 5g", "1b"),
                                        tactics=True), 0, 0),
        # strategist and banshee on either joker: seat 1's side has the second
        position({3: ("joker 5g", "joker 2p")}, hands=("7r", "strategist banshee traitor 1b"),
                 tactics=True, to_move=1),
        position({3: ("joker 5g", "joker 2p")}, hands=("strategist banshee traitor 7r", "1b"),
                 tactics=True),
    ]


@pytest.mark.parametrize("index", range(5))
def test_schotten_lists_the_ids_of_the_jokers_moves(index: int) -> None:
    """Positions random games seldom reach: the ids name the first joker, the moves the
    joker that is there."""
    state = _schotten_positions()[index]
    for seat in (0, 1):
        _assert_schotten_ids(state, seat)
