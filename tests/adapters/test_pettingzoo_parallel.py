"""The ParallelEnv: PettingZoo's own checkers on every game, and the simultaneous steps
taken in one step (all seats to move commit together; nothing is shown early)."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo is in the optional extra clanboard[rl]")

import numpy as np  # noqa: E402
from pettingzoo.test import parallel_api_test, parallel_seed_test, render_test  # noqa: E402

from clanboard.adapters.pettingzoo import env  # noqa: E402
from clanboard.adapters.pettingzoo_parallel import parallel_env  # noqa: E402
from clanboard.core import Game, IllegalMove  # noqa: E402
from tests.adapters.bidding_toy import BIDS  # noqa: E402
from tests.adapters.encoded_toy import ENCODED_TOY, ZERO_SUM_TOY  # noqa: E402
from tests.adapters.setups import require_encoding, setups  # noqa: E402


@pytest.mark.parametrize(("game", "variant"), setups())
def test_pettingzoo_parallel_checkers(game: Game, variant: str | None) -> None:
    require_encoding(game, variant)
    parallel_api_test(parallel_env(game, variant=variant), num_cycles=60)
    parallel_seed_test(lambda: parallel_env(game, variant=variant), num_cycles=30)


@pytest.mark.parametrize(("game", "variant"), setups()[:1])
def test_pettingzoo_render_checker(game: Game, variant: str | None) -> None:
    require_encoding(game, variant)
    render_test(lambda render_mode=None: env(game, variant=variant, render_mode=render_mode))


def test_a_simultaneous_step_is_one_parallel_step() -> None:
    e = parallel_env(BIDS)
    observations, infos = e.reset(seed=0)
    steps = 0
    while e.agents:
        movers = [a for a in e.agents if infos[a]["to_move"]]
        assert movers == ["player_0", "player_1"]  # every bid: both seats at once
        actions = {a: int(np.flatnonzero(observations[a]["action_mask"])[0]) for a in movers}
        observations, rewards, terminations, _, infos = e.step(actions)
        steps += 1
    assert steps == 3 and all(terminations.values())
    assert sorted(rewards.values()) == sorted(e.state.returns())


def test_turn_based_games_take_one_seat_a_step_and_ignore_the_others() -> None:
    e = parallel_env(ZERO_SUM_TOY)
    observations, infos = e.reset(seed=3)
    while e.agents:
        movers = [a for a in e.agents if infos[a]["to_move"]]
        assert len(movers) == 1
        idle = next(a for a in e.agents if a not in movers)
        assert not observations[idle]["action_mask"].any()
        actions = {a: int(np.flatnonzero(observations[a]["action_mask"])[0]) for a in movers}
        actions[idle] = 10_000  # not its turn: ignored
        observations, rewards, _, _, infos = e.step(actions)
    assert sorted(rewards.values()) == [-1.0, 1.0]


def test_an_illegal_or_missing_action_loses_or_raises() -> None:
    e = parallel_env(ENCODED_TOY)
    observations, infos = e.reset(seed=2)
    mover = next(a for a in e.agents if infos[a]["to_move"])
    _, rewards, terminations, _, infos = e.step({})
    assert rewards[mover] == 0.0 and all(terminations.values()) and e.agents == []
    assert infos[mover]["illegal_action"] is True
    z = parallel_env(ZERO_SUM_TOY)
    observations, infos = z.reset(seed=2)
    mover = next(a for a in z.agents if infos[a]["to_move"])
    illegal = int(np.flatnonzero(observations[mover]["action_mask"] == 0)[0])
    _, rewards, *_ = z.step({mover: illegal})
    assert rewards[mover] == -1.0
    r = parallel_env(ZERO_SUM_TOY, illegal_action="raise")
    observations, infos = r.reset(seed=2)
    before = r.state.to_json()
    with pytest.raises(IllegalMove, match="is not legal"):
        r.step({mover: illegal})
    assert r.state.to_json() == before
