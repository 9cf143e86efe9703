"""Whole solo games against Allenarly: random games at every level, with and without
chronicles 9-11, finish; her choices follow from the seed; JSON round-trip and replay;
her deck's order is never in an observation; the terminal plays a solo game to the end
(the server's table: tests/server/test_glen_more_2_solo.py)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from clanboard.cli.main import app
from clanboard.core import GameRecord, Rng, make_agent, replay
from clanboard.games.glen_more_2.allenarly import ALLEN
from clanboard.games.glen_more_2.state import GlenMore2State
from tests.glen_more_2.helpers import GAME, OPTS

LEVELS = ("ablach", "dus", "reglar", "skelp", "bodach")
CHRONICLES = ("", "9", "10", "11", "9,10,11")
SETTINGS = settings(max_examples=12, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def options(level: str, chronicles: str) -> dict[str, Any]:
    return {**OPTS, "solo": True, "level": level, "chronicles": chronicles}


def random_solo(level: str, chronicles: str, seed: int, check_every: int = 0) -> GlenMore2State:
    s = GAME.new_state(1, seed=seed, options=options(level, chronicles))
    assert isinstance(s, GlenMore2State)
    rng = Rng(seed * 7 + 1)
    steps = 0
    while not s.is_terminal():
        moves = s.legal_moves(s.players_to_move()[0])
        assert moves
        if check_every and steps % check_every == 0:
            s.check_consistency()
            data = s.to_json()
            back = GAME.state_from_json(json.loads(json.dumps(data)))
            assert back.to_json() == data
            assert [str(m) for m in back.legal_moves(0)] == [str(m) for m in moves]
            for m in moves:
                assert s.action_to_move(s.move_to_action(m)) == m
            assert len(s.observation_tensor(0)) == GAME.observation_tensor_size(1, s.options)
        s.apply(rng.choice(moves), s.players_to_move()[0])
        steps += 1
        assert steps < 20_000
    return s


@SETTINGS
@given(level=st.sampled_from(LEVELS), chronicles=st.sampled_from(CHRONICLES),
       seed=st.integers(0, 10_000))
@example(level="ablach", chronicles="11", seed=958)  # buying past a full row, after JSON
def test_random_solo_games_finish_and_score(level: str, chronicles: str, seed: int) -> None:
    s = random_solo(level, chronicles, seed, check_every=97)
    a = s.allen
    assert s.final is not None and a is not None
    assert [r["round"] for r in a.rounds] == [sc["round"] for sc in s.scorings]
    assert len(s.scores()) == 1 and s.winners() in ([0], [])
    assert (s.winners() == [0]) == (s.vp[0] >= s.vp[ALLEN])
    assert s.final["tiles"][ALLEN] == s.territory_size(ALLEN)
    assert sorted(a.priority) == sorted(("castle", "landmarks", "whisky", "personalities"))
    assert a.used and a.last and len(s.terr[ALLEN]) == 0
    note = s.observation(0)["used_provisional"]  # the note lists the cards a game used
    assert {k.split()[1] for k in note if k.startswith("allenarly_cards.csv")} == \
        {str(c) for c in a.used}
    assert f"allenarly_levels.csv {level}" in note
    s.check_consistency()


def test_every_level_and_chronicle_set_finishes() -> None:
    for level in LEVELS:
        for ch in CHRONICLES:
            s = random_solo(level, ch, seed=len(level) * 13 + len(ch))
            assert s.is_terminal(), (level, ch)


def test_same_seed_same_record_and_replay() -> None:
    s1 = random_solo("skelp", "9,10,11", 77)
    s2 = random_solo("skelp", "9,10,11", 77)
    rec1, rec2 = s1.record(), s2.record()
    assert rec1.to_json() == rec2.to_json()
    assert s1.allen is not None and s2.allen is not None
    assert s1.allen.to_json(s1.comp.tile_id) == s2.allen.to_json(s2.comp.tile_id)
    back = replay(GameRecord.from_json(json.loads(json.dumps(rec1.to_json()))))
    assert back.observation(0) == s1.observation(0)
    # a different seed gives her other cards
    other = random_solo("skelp", "9,10,11", 78)
    assert other.record().to_json()["moves"] != rec1.to_json()["moves"]


def test_her_deck_order_is_never_observed() -> None:
    s = GAME.new_state(1, seed=5, options=options("reglar", "9"), auto_chance=False)
    while not s.is_terminal():
        if s.is_chance():
            text = json.dumps(s.observation(0))
            assert '"deck"' not in text
            # a redeal of everything hidden (none: the order is never stored) looks the same
            assert s.determinize(0, Rng(3)).observation(0) == s.observation(0)
            s.apply_trusted(s.sample_chance(s.rng))
        else:
            seat = s.players_to_move()[0]
            s.apply_trusted(s.legal_moves(seat)[0], seat)
    obs = s.observation(None)
    assert obs["allenarly"]["draws_before_shuffle"] >= 0


def test_the_heuristic_agent_plays_a_solo_game() -> None:
    s = GAME.new_state(1, seed=9, options=options("bodach", "10"))
    agent = make_agent(GAME, "heuristic", seed=1)
    while not s.is_terminal():
        seat = s.players_to_move()[0]
        s.apply(agent.choose(s, seat), seat)
    assert isinstance(s, GlenMore2State) and s.final is not None
    assert s.scores()[0] == s.vp[0]


def test_cli_plays_solo_to_the_end_with_scripted_input() -> None:
    script = "1\n" * 3000
    out = CliRunner().invoke(app, ["play", "glen-more-2", "--solo", "--level", "skelp",
                                   "--provisional", "--seed", "3"], input=script)
    assert out.exit_code == 0, out.output
    text = " ".join(out.output.split())
    assert "Allenarly (Skelp)" in text and "Allenarly takes " in text
    assert "against Allenarly" in text or "Allenarly wins" in text
