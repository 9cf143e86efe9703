"""The PettingZoo AEC environment and the Gymnasium single-agent environment."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo is in the optional extra: "
                    "pip install 'clanboard[rl]'")
pytest.importorskip("gymnasium", reason="Gymnasium is in the optional extra clanboard[rl]")
np = pytest.importorskip("numpy", reason="numpy is in the optional extra clanboard[rl]")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from clanboard.adapters.common import MissingEncoding  # noqa: E402
from clanboard.adapters.gymnasium_env import ClanboardGymEnv  # noqa: E402
from clanboard.adapters.pettingzoo import env  # noqa: E402
from clanboard.core import Game, IllegalMove  # noqa: E402
from tests.adapters.encoded_toy import ENCODED_TOY, ZERO_SUM_TOY  # noqa: E402
from tests.adapters.setups import require_encoding, setups  # noqa: E402
from tests.support.toygame import TOY  # noqa: E402

# the toolkits' checkers warn about things that are by design here: dict observations
# (observation + action_mask, as in PettingZoo's classic games) and unbounded Box spaces
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize(("game", "variant"), setups())
def test_pettingzoo_api_test(game: Game, variant: str | None) -> None:
    require_encoding(game, variant)
    api_test(env(game, variant=variant), num_cycles=300)
    if game.max_players > game.min_players:
        api_test(env(game, variant=variant, num_players=game.max_players), num_cycles=300)


@pytest.mark.parametrize(("game", "variant"), setups())
def test_pettingzoo_seed_test(game: Game, variant: str | None) -> None:
    require_encoding(game, variant)
    seed_test(lambda: env(game, variant=variant), num_cycles=300)


@pytest.mark.parametrize("game", [ENCODED_TOY, ZERO_SUM_TOY], ids=lambda g: g.id)
def test_pettingzoo_checks_on_the_toy(game: Game) -> None:
    api_test(env(game), num_cycles=50)
    seed_test(lambda: env(game), num_cycles=50)


def play_out(e: Any, choose: Any) -> dict[str, float]:
    """Step every agent until all are done; returns each agent's final reward."""
    final = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
        else:
            e.step(choose(obs))
    return final


def test_observations_and_masks_are_the_core_encodings() -> None:
    e = env(ENCODED_TOY)
    e.reset(seed=11)
    state = e.unwrapped.state
    for agent in e.agent_iter():
        obs, _, terminated, _, _ = e.last()
        if terminated:
            e.step(None)
            continue
        seat = int(agent.split("_")[1])
        assert seat == state.current_player()
        for a, s in (("player_0", 0), ("player_1", 1)):
            o = e.observe(a)
            assert o["observation"].tolist() == pytest.approx(state.observation_tensor(s))
            legal = {state.move_to_action(m) for m in state.legal_moves(s)} if s == seat else set()
            assert set(np.flatnonzero(o["action_mask"]).tolist()) == legal
        e.step(int(np.flatnonzero(obs["action_mask"])[-1]))


@pytest.mark.parametrize(("game", "variant"), setups())
def test_the_info_mask_serves_a_policy_that_asks_for_no_observation(
        game: Game, variant: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The agent to act finds its mask in its info (equal to the observation's); with
    ``last(observe=False)`` a whole game is played without building a tensor."""
    require_encoding(game, variant)
    e = env(game, variant=variant)
    e.reset(seed=4)
    for agent in e.agent_iter(max_iter=12):
        _, _, terminated, _, info = e.last(observe=False)
        if terminated:
            e.step(None)
            continue
        assert np.array_equal(info["action_mask"], e.observe(agent)["action_mask"])
        assert all("action_mask" not in e.infos[a] for a in e.agents if a != agent)
        e.step(int(np.flatnonzero(info["action_mask"])[0]))

    def no_tensor(*args: object) -> None:
        raise AssertionError("a tensor was built though no observation was asked for")

    monkeypatch.setattr(type(e.unwrapped.core_game), "write_observation_tensor", no_tensor)
    monkeypatch.setattr(type(e.unwrapped.state), "observation_tensor", no_tensor)
    e.reset(seed=5)
    for _ in e.agent_iter():
        _, _, terminated, truncated, info = e.last(observe=False)
        e.step(None if terminated or truncated else int(np.flatnonzero(info["action_mask"])[0]))
    assert e.unwrapped.state.is_terminal()


@pytest.mark.parametrize(("game", "winner_rewards"), [
    (ENCODED_TOY, (1.0, 0.0)), (ZERO_SUM_TOY, (1.0, -1.0))], ids=["general", "zero-sum"])
def test_rewards_come_at_the_end_from_the_core_returns(
        game: Game, winner_rewards: tuple[float, float]) -> None:
    e = env(game)
    e.reset(seed=4)
    final = play_out(e, lambda obs: int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.agents == []
    winners = e.unwrapped.state.winners()
    assert len(winners) == 1
    win, lose = winner_rewards
    assert final == {f"player_{p}": win if p in winners else lose for p in (0, 1)}


def test_an_illegal_action_raises_on_demand_and_changes_nothing() -> None:
    e = env(ENCODED_TOY, illegal_action="raise")
    e.reset(seed=2)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = e.unwrapped.state.to_json()
    with pytest.raises(IllegalMove, match=f"action {illegal} is not legal for player_0 now"):
        e.step(illegal)
    assert e.unwrapped.state.to_json() == before


@pytest.mark.parametrize(("game", "lowest"), [(ENCODED_TOY, 0.0), (ZERO_SUM_TOY, -1.0)],
                         ids=["general", "zero-sum"])
def test_an_illegal_action_loses_by_default(game: Game, lowest: float) -> None:
    """As PettingZoo's TerminateIllegalWrapper: the offender gets the lowest utility, the
    others 0, and the game is over for everyone."""
    e = env(game)
    e.reset(seed=2)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    e.step(illegal)
    assert e.rewards == {"player_0": lowest, "player_1": 0.0}
    assert e.infos["player_0"]["illegal_action"] is True
    assert all(e.terminations.values())
    for _ in e.agent_iter():
        e.step(None)
    assert e.agents == []


def test_env_is_wrapped_as_pettingzoo_classic_environments_are() -> None:
    from pettingzoo.utils.wrappers import AssertOutOfBoundsWrapper, OrderEnforcingWrapper

    from clanboard.adapters.pettingzoo import ClanboardAECEnv, raw_env

    e = env(ENCODED_TOY)
    assert isinstance(e, OrderEnforcingWrapper)
    assert isinstance(e.env, AssertOutOfBoundsWrapper)
    assert isinstance(e.unwrapped, ClanboardAECEnv)
    assert type(raw_env(ENCODED_TOY)) is ClanboardAECEnv
    with pytest.raises(Exception, match="reset"):
        e.step(0)  # before reset: refused by the order wrapper


def test_same_seed_same_game_and_reset_without_seed_continues_the_sequence() -> None:
    a, b = env(ENCODED_TOY), env(ENCODED_TOY)
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.unwrapped.state.to_json() == b.unwrapped.state.to_json()
    a.reset()
    b.reset()
    assert a.unwrapped.state.to_json() == b.unwrapped.state.to_json()


def test_a_game_without_encodings_is_refused_with_the_reason() -> None:
    with pytest.raises(MissingEncoding, match="toy-duel cannot be used by the RL adapters"):
        env(TOY)
    with pytest.raises(MissingEncoding, match="toy-duel"):
        ClanboardGymEnv(TOY)


# -- Gymnasium ------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "variant"), setups())
def test_gymnasium_env_checker(game: Game, variant: str | None) -> None:
    require_encoding(game, variant)
    check_env(ClanboardGymEnv(game, variant=variant, seat=1), skip_render_check=True)


@pytest.mark.parametrize("seat", [0, 1])
def test_gymnasium_plays_one_seat_against_an_agent(seat: int) -> None:
    e = ClanboardGymEnv(ZERO_SUM_TOY, seat=seat, opponent="random")
    obs, info = e.reset(seed=seat)
    steps, reward, terminated = 0, 0.0, False
    while not terminated:
        assert e.state.current_player() == seat
        assert (info["action_mask"] == obs["action_mask"]).all()
        action = int(np.flatnonzero(info["action_mask"])[0])
        obs, reward, terminated, truncated, info = e.step(action)
        assert not truncated
        steps += 1
    assert steps == 3  # three tricks, one card each
    assert reward == e.state.returns()[seat] and reward in (-1.0, 1.0)
    with pytest.raises(RuntimeError, match="episode is over"):
        e.step(0)


def test_gymnasium_is_deterministic_for_a_seed() -> None:
    def trajectory() -> list[list[float]]:
        e = ClanboardGymEnv(ENCODED_TOY, seat=1)
        obs, info = e.reset(seed=21)
        seen = [obs["observation"].tolist()]
        done = False
        while not done:
            obs, _, done, _, info = e.step(int(np.flatnonzero(info["action_mask"])[-1]))
            seen.append(obs["observation"].tolist())
        return seen

    assert trajectory() == trajectory()


def test_gymnasium_illegal_actions_lose_by_default_or_raise() -> None:
    e = ClanboardGymEnv(ENCODED_TOY, illegal_action="raise")
    _, info = e.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalMove, match="Allowed: "):
        e.step(illegal)
    e = ClanboardGymEnv(ZERO_SUM_TOY)
    _, info = e.reset(seed=1)
    _, reward, terminated, _, info = e.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)


def test_gymnasium_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match="seat must be 0-1, not 2"):
        ClanboardGymEnv(ENCODED_TOY, seat=2)
    with pytest.raises(ValueError, match="no agent 'nobody'"):
        ClanboardGymEnv(ENCODED_TOY, opponent="nobody")
    with pytest.raises(ValueError, match="illegal_action must be"):
        ClanboardGymEnv(ENCODED_TOY, illegal_action="ignore")


def test_gymnasium_against_the_schotten_totten_heuristic() -> None:
    game = pytest.importorskip("clanboard.games.schotten_totten").GAME
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e = ClanboardGymEnv(game, variant="tactics", seat=0, opponent="heuristic")
    obs, info = e.reset(seed=5)
    done, reward = False, 0.0
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, done, _, info = e.step(int(e.np_random.choice(legal)))
    assert reward in (-1.0, 1.0) and e.state.is_terminal()


def test_pettingzoo_takes_a_simultaneous_step_seat_by_seat() -> None:
    from tests.adapters.bidding_toy import BIDS

    api_test(env(BIDS), num_cycles=50)
    seed_test(lambda: env(BIDS), num_cycles=50)
    e = env(BIDS)
    e.reset(seed=0)
    order = []
    for agent in e.agent_iter():
        obs, _, terminated, _, _ = e.last()
        if terminated:
            e.step(None)
            continue
        order.append(agent)
        if agent == "player_1":  # seat 0's bid is committed but not shown
            assert e.observe("player_1")["observation"][6] == 1.0
            assert e.observe("player_1")["observation"][10:13].sum() == len(order) // 2 - 1
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert order == ["player_0", "player_1"] * 3


def test_gymnasium_make_by_id() -> None:
    import gymnasium

    game = pytest.importorskip("clanboard.games.schotten_totten").GAME
    e = gymnasium.make(f"clanboard/{game.id}-v0", variant="tactics", opponent="heuristic")
    obs, info = e.reset(seed=2)
    assert obs["observation"].shape == (game.observation_tensor_size(2, {"tactics": True}),)
    assert isinstance(e.unwrapped, ClanboardGymEnv)
    assert e.unwrapped.core_options["tactics"] is True


def test_the_adapter_benchmark_plays_whole_games() -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel is in the optional extra clanboard[rl]")
    pytest.importorskip("clanboard.games.schotten_totten")
    from clanboard.adapters import bench

    for make in bench.LOOPS.values():
        assert make("schotten-totten", "tactics")(5) > 20  # a whole game has dozens of moves
    row = bench.measure("schotten-totten", "tactics", seconds=0.2, slices=2, warmup=0.1)
    assert all(row.games[loop] >= 2 for loop in bench.LOOPS)  # at least a game per slice
    assert row.ratio("pyspiel") == row.games_per_s("pyspiel") / row.games_per_s("native")
    assert "pyspiel" in bench.describe(row)
