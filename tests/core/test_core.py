"""The game-agnostic core, exercised on a tiny test game and on the registry."""

from __future__ import annotations

import json

import pytest

import clanboard
from clanboard.core import (
    CHANCE,
    EndlessGame,
    GameRecord,
    IllegalMove,
    InvalidState,
    Rng,
    UnknownGame,
    make_agent,
    play_game,
    register,
    replay,
)
from clanboard.core.registry import discovery_errors
from tests.support.toygame import TOY

register(TOY)


def test_every_game_package_loads_and_registers() -> None:
    assert discovery_errors() == {}
    ids = [g.id for g in clanboard.games()]  # type: ignore[operator]  # the callable package
    assert "schotten-totten" in ids and ids == sorted(ids)


def test_unknown_game_names_the_registered_ones() -> None:
    with pytest.raises(UnknownGame, match="schotten-totten"):
        clanboard.get_game("chess")


def test_rng_is_deterministic_and_serialisable() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]
    c = Rng(a.state)
    assert c.randrange(1000) == a.randrange(1000)
    assert len({Rng(s).next_u64() for s in range(100)}) == 100
    xs = list(range(10))
    Rng(1).shuffle(xs)
    assert sorted(xs) == list(range(10)) and xs != list(range(10))


def test_options_are_validated_with_a_clear_reason() -> None:
    game = clanboard.get_game("schotten-totten")
    assert game.check_options({"tactics": "true"})["tactics"] is True
    with pytest.raises(InvalidState, match="unknown option"):
        game.check_options({"colour": 3})
    with pytest.raises(InvalidState, match="must be a bool"):
        game.check_options({"tactics": 3})
    with pytest.raises(InvalidState, match="2-2 players"):
        game.new_state(num_players=3)


def test_chance_nodes_explicit_or_automatic() -> None:
    s = TOY.new_state(seed=5, auto_chance=False)
    assert s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    s.apply(outcomes[0][0])
    with pytest.raises(IllegalMove, match="chance event"):
        s.apply("3", player=0)
    auto = TOY.new_state(seed=5)
    assert auto.current_player() == 0


def test_out_of_turn_and_finished_games_raise() -> None:
    s = TOY.new_state(seed=1)
    with pytest.raises(IllegalMove, match="not player 2's turn"):
        s.apply(s.legal_moves()[0], player=1)
    while not s.is_terminal():
        s.apply(s.legal_moves()[0])
    with pytest.raises(IllegalMove, match="game is over"):
        s.apply("1")


def test_record_round_trip_and_replay(tmp_path) -> None:
    s = TOY.new_state(seed=9)
    while not s.is_terminal():
        s.apply(s.legal_moves()[-1])
    path = tmp_path / "game.json"
    s.record(players=["a", "b"]).save(path)
    record = GameRecord.load(path)
    assert record.players == ["a", "b"]
    assert replay(record).to_json() == s.to_json()


def test_corrupt_records_are_rejected(tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(InvalidState, match="not valid JSON"):
        GameRecord.load(path)
    with pytest.raises(InvalidState, match="not a clanboard game record"):
        GameRecord.from_json({"game": "toy-duel"})
    good = TOY.new_state(seed=2).record().to_json()
    good["moves"] = [[0, "9"], [1, "9"]]
    with pytest.raises(InvalidState, match="record move 1"):
        replay(GameRecord.from_json(good))


def test_state_json_rejects_wrong_game_and_version() -> None:
    data = json.loads(json.dumps(TOY.new_state(seed=3).to_json()))
    assert TOY.state_from_json(data).to_json() == data
    with pytest.raises(InvalidState, match="version"):
        TOY.state_from_json({**data, "version": 99})
    with pytest.raises(InvalidState, match="corrupt"):
        TOY.state_from_json({**data, "state": {}})


def test_agents_by_name_and_level() -> None:
    game = clanboard.get_game("schotten-totten")
    assert make_agent(game, "random").name == "random"
    assert make_agent(game, "heuristic").name == "heuristic"
    with pytest.raises(ValueError, match="available"):
        make_agent(game, "nobody")


def test_play_game_stops_agents_that_go_round_in_circles() -> None:
    agents = [make_agent(TOY, "random", seed=s) for s in (1, 2)]
    with pytest.raises(EndlessGame, match="no end after 4 moves"):
        play_game(TOY.new_state(seed=1), agents, max_moves=3)
    assert play_game(TOY.new_state(seed=1), agents).is_terminal()
