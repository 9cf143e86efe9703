"""The ``..._sampled`` pyspiel games: one chance node (the deal), then the engine draws
chance inside its steps from the state's own generator, as the native API does."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is in the optional extra: pip install 'clanboard[rl]'")
np = pytest.importorskip("numpy", reason="numpy is in the optional extra clanboard[rl]")

from clanboard.adapters import openspiel as osp  # noqa: E402
from clanboard.adapters.common import encoding  # noqa: E402
from clanboard.core import Game, Rng, get_game  # noqa: E402
from clanboard.core import games as registry_games  # noqa: E402
from tests.adapters.setups import options_of, require_encoding, setups  # noqa: E402

GT = pyspiel.GameType


def load(game: Game, variant: str | None, **params: Any) -> Any:
    require_encoding(game, variant)
    if encoding(game, None, options_of(game, variant)).max_chance_outcomes == 0:
        pytest.skip(f"{game.id} has no chance: no sampled game")
    return pyspiel.load_game(osp.short_name(game, variant, sampled=True), params)


def play(state: Any, rng: random.Random, steps: int = 10_000) -> list[int]:
    """Random legal actions until the end or ``steps``; returns them."""
    played: list[int] = []
    while not state.is_terminal() and len(played) < steps:
        assert not state.is_chance_node()  # after the deal the engine draws
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        played.append(action)
    return played


def test_every_game_with_chance_has_sampled_names() -> None:
    osp.register_all()
    names = set(pyspiel.registered_names())
    for game in registry_games():
        if game.id in osp.SKIPPED:
            continue
        sampled = osp.short_name(game, sampled=True)
        assert (sampled in names) == (encoding(game).max_chance_outcomes > 0)


@pytest.mark.parametrize(("game", "variant"), setups())
def test_the_deal_then_no_chance_node_to_the_end(game: Game, variant: str | None) -> None:
    sp = load(game, variant, rng_seed=3)
    t = sp.get_type()
    assert t.chance_mode == GT.ChanceMode.SAMPLED_STOCHASTIC
    assert sp.max_chance_outcomes() == 1 and sp.get_parameters()["rng_seed"] == 3
    state = sp.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(osp.DEAL, 1.0)]
    assert state.legal_actions() == [osp.DEAL] and state.returns() == [0.0] * sp.num_players()
    state.apply_action(osp.DEAL)
    play(state, random.Random(0))
    assert state.is_terminal() and state.returns() == osp.utilities(state.core)
    pyspiel.random_sim_test(sp, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", ["glen-more", "isle-of-skye", "schotten-totten"])
def test_deals_follow_the_seed_sequence_and_differ(game_id: str) -> None:
    game = get_game(game_id)
    sp = osp.load(game_id, sampled=True, rng_seed=11)
    seeds = Rng(11)
    dealt = []
    for _ in range(2):
        state = sp.new_initial_state()
        state.clone()  # pyspiel's clone makes an initial state: it must not deal
        state.apply_action(osp.DEAL)
        native = game.new_state(sp.num_players(), seed=seeds.next_u64())
        assert state.core.to_json() == native.to_json()
        dealt.append(str(state))
    assert dealt[0] != dealt[1]
    again = osp.load(game_id, sampled=True, rng_seed=11).new_initial_state()
    again.apply_action(osp.DEAL)
    assert str(again) == dealt[0]


@pytest.mark.parametrize("game_id", ["glen-more", "isle-of-skye", "schotten-totten"])
def test_copies_draw_what_the_original_draws(game_id: str) -> None:
    sp = osp.load(game_id, sampled=True, rng_seed=5)
    state = sp.new_initial_state()
    state.apply_action(osp.DEAL)
    play(state, random.Random(1), steps=12)
    copies = [state.clone(), copy.deepcopy(state), pickle.loads(pickle.dumps(state)),
              sp.deserialize_state(state.serialize())]
    for other in copies:
        assert str(other) == str(state) and other.history() == state.history()
    actions = play(state, random.Random(2))
    for other in copies:
        for action in actions:
            other.apply_action(action)
        assert str(other) == str(state) and other.returns() == state.returns()


def test_a_copied_game_deals_again_from_its_seed() -> None:
    sp = osp.load("glen-more", sampled=True, rng_seed=8)
    first = sp.new_initial_state()
    first.apply_action(osp.DEAL)
    copied = pickle.loads(pickle.dumps(sp))
    assert str(copied) == str(sp)
    state = copied.new_initial_state()
    state.apply_action(osp.DEAL)
    assert str(state) == str(first)


def test_bad_seeds_and_actions_are_refused_with_what_is_allowed() -> None:
    with pytest.raises(Exception, match=r"rng_seed must be an integer ≥ 0, or -1"):
        osp.load("glen-more", sampled=True, rng_seed=-2)
    state = osp.load("glen-more", sampled=True).new_initial_state()  # rng_seed -1: entropy
    with pytest.raises(Exception, match=r"action 3 is not legal for chance now; legal: \[0\]"):
        state.apply_action(3)
    assert state.is_chance_node()
    state.apply_action(osp.DEAL)
    with pytest.raises(Exception, match="not legal for player"):
        state.apply_action(10**6)
    with pytest.raises(Exception, match="rng_seed"):
        osp.load("glen-more", rng_seed=1)  # the explicit game has no generator to seed


def test_resampling_before_the_deal_and_after() -> None:
    sp = osp.load("schotten-totten", sampled=True, rng_seed=2)
    state = sp.new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    assert str(state.resample_from_infostate(0, sampler)) == str(state)
    state.apply_action(osp.DEAL)
    hands = set()
    for _ in range(6):
        other = state.resample_from_infostate(0, sampler)
        assert other.information_state_string(0) == state.information_state_string(0)
        hands.add(other.core.hands[1])  # seat 1's hand, hidden from seat 0
    assert len(hands) > 1


def test_openspiel_bots_play_a_sampled_game() -> None:
    from tests.adapters.test_openspiel import play_with_bots

    state = play_with_bots("python_clanboard_schotten_totten_sampled", moves=6,
                           simulations=10, rng_seed=4)
    assert len([a for a in state.full_history() if a.player >= 0]) == 6


def test_a_reloaded_state_before_the_deal_still_deals() -> None:
    sp = osp.load("isle-of-skye", sampled=True, rng_seed=6)
    state = sp.new_initial_state()
    for other in (sp.deserialize_state(state.serialize()), pickle.loads(pickle.dumps(state))):
        assert other.is_chance_node() and str(other) == str(state)
        other.apply_action(osp.DEAL)
        assert not other.is_chance_node() and other.legal_actions()
