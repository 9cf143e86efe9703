"""Glen More's evaluation weights come from a data file: the shipped file holds the values
once written in the code and gives the same projection; other weights change it; bad
weights are refused; ``clanboard tune glen-more`` runs."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clanboard.ai import ISMCTS
from clanboard.ai.agent import TUNED
from clanboard.cli.main import app
from clanboard.core import get_game
from clanboard.core.weights import BadWeights, read_weights
from clanboard.games.glen_more.agents import HeuristicAgent
from clanboard.games.glen_more.data import TILES, table_vp
from clanboard.games.glen_more.hints import (
    _JUDGE,
    GlenMoreHints,
    _final_cards,
    play_ahead,
    progress_left,
    projected_scores,
    scorings_left,
    turn_step,
)
from clanboard.games.glen_more.state import P_OVER, P_TAKE, GlenMoreState, marker

#: The values the evaluation had as constants in the code before they moved to the file.
HAND_SET = {
    "scoring": 1.0, "final_cards": 1.0, "penalty_share": 0.7, "resource": 1.2,
    "resource_late": 0.0, "activation": 1.5, "activation_late": 0.0, "clansman": 1.0,
    "clansman_early": 0.0, "tempo": 0.6, "tempo_late": 0.0, "spread_end": 2.0,
    "spread_per_tile": 0.12,
}


def hand_set_projection(s: GlenMoreState) -> list[float]:
    """The projection as the code computed it with its constants (the reference)."""
    n = s.num_players
    out = [float(v) for v in s.vp]
    rounds, left = scorings_left(s), progress_left(s)
    if rounds:
        for values in ([*s.whisky], [s.chieftain_strength(p) for p in range(n)],
                       [s.cards[p].bit_count() for p in range(n)]):
            for p in range(n):
                out[p] += rounds * table_vp(values[p] - min(values))
    smallest = min(len(t) for t in s.terr)
    for p in range(n):
        terr = s.terr[p]
        out[p] += s.coins[p] + _final_cards(s, p) - 3 * 0.7 * (len(terr) - smallest)
        out[p] += 1.2 * left * sum(terr.have())
        out[p] += 1.5 * left * sum(1 for tl in terr.tiles if TILES[tl].rules)
        out[p] += 1.0 * (terr.clansmen() - 1) - 0.6 * left * s.track.index(marker(p))
    return out


def positions(games: int = 3, players: int = 3) -> list[GlenMoreState]:
    """Turn starts of heuristic games."""
    out = []
    for seed in range(games):
        s = get_game("glen-more").new_state(players, seed)
        assert isinstance(s, GlenMoreState)
        agents = [HeuristicAgent(seed=seed * 10 + i) for i in range(players)]
        while not s.is_terminal():
            p = s.current_player()
            if s.phase == P_TAKE:
                out.append(s.clone())
            s.apply_trusted(agents[p].choose(s, p), p)
    return out


def test_the_shipped_file_holds_the_hand_set_values_and_projects_as_before() -> None:
    shipped = read_weights(GlenMoreHints().weights_file(), "glen-more")
    assert GlenMoreHints().weights() == shipped.weights
    assert set(shipped.bounds) == set(shipped.weights)
    assert all(lo <= shipped.weights[k] <= hi for k, (lo, hi) in shipped.bounds.items())
    hand_set = GlenMoreHints(weights=HAND_SET)
    states = positions()
    assert len(states) > 60
    for s in states:
        assert projected_scores(s, hand_set._weights) == pytest.approx(hand_set_projection(s))


def test_other_weights_change_the_projection_and_the_win_chances() -> None:
    base = GlenMoreHints(weights=HAND_SET)
    more = base.with_weights({"resource": 2.4, "spread_end": 6.0})
    assert more.weights()["resource"] == 2.4 and base.weights()["resource"] == 1.2
    changed = 0
    for s in positions(games=1):
        left = progress_left(s)
        have = [sum(t.have()) for t in s.terr]
        a, b = projected_scores(s, base._weights), projected_scores(s, more._weights)
        for p in range(s.num_players):
            assert b[p] - a[p] == pytest.approx(1.2 * left * have[p])
        ea, eb = base.evaluate(s), more.evaluate(s)
        assert ea is not None and eb is not None and sum(eb) == pytest.approx(1.0)
        changed += ea != pytest.approx(eb)
    assert changed > 10


def test_the_lookahead_plays_legal_heuristic_moves_to_a_turn_end_on_a_copy() -> None:
    """``lookahead`` N: N moves as heuristic players would make them, each legal by the
    rules (replayed through ``apply``), then the turn in progress to its end; the
    estimate is the projection of the position reached, and the state judged is left
    as it was."""
    ahead = GlenMoreHints(weights={"lookahead": 12})
    ended = 0
    for s in positions(games=2, players=2)[::4]:
        before = s.to_json()
        played = s.clone()
        played.auto_chance = True
        play_ahead(played, 12)
        assert played.phase in (P_TAKE, P_OVER)
        checked = s.clone()
        checked.auto_chance = True
        for n in range(60):
            if checked.is_terminal() or (n >= 12 and checked.phase == P_TAKE):
                break
            p = checked.cur
            move = (_JUDGE.take(checked, p, checked.legal_moves(p)) if checked.phase == P_TAKE
                    else turn_step(checked, p))
            checked.apply(move, p)  # raises on an illegal move
        assert checked.to_json() == played.to_json()
        ended += played.phase == P_OVER
        assert ahead.evaluate(s) == GlenMoreHints(weights={"lookahead": 0}).evaluate(played)
        assert s.to_json() == before
    assert ended  # positions near the end too: the look-ahead stops at the game's end


def test_bad_weights_are_refused() -> None:
    with pytest.raises(BadWeights, match="no weight 'resources'.*resource"):
        GlenMoreHints().with_weights({"resources": 1.0})
    with pytest.raises(BadWeights, match="finite number"):
        GlenMoreHints(weights={"tempo": float("nan")})


def test_the_search_reads_the_weights() -> None:

    s = get_game("glen-more").new_state(3, 5)
    visits = []
    for w in ({}, {"tempo": 3.0, "tempo_late": 2.0, "activation": 0.0}):
        hints = GlenMoreHints().with_weights(w)
        result = ISMCTS(replace(TUNED, iterations=300, seconds=None), seed=1, hints=hints).search(
            s.clone(), s.current_player())
        visits.append({k: v[0] for k, v in result.children.items()})
    assert visits[0] != visits[1]


def test_cli_tune_glen_more_tiny(tmp_path: Path) -> None:
    out = tmp_path / "gm.json"
    args = ["tune", "glen-more", "--level", "4", "--iterations", "1", "--games", "2",
            "--weights", "resource,tempo", "--seed", "3", "--measure-games", "2",
            "--workers", "1", "--out", str(out), "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    tuned = read_weights(out, "glen-more").weights
    assert GlenMoreHints().with_weights(tuned).weights() == tuned
    assert {k for k, v in tuned.items() if v != GlenMoreHints().weights()[k]} <= {
        "resource", "tempo"}
    assert len(data["history"]) == 1
