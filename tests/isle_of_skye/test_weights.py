"""Isle of Skye's evaluation weights come from a data file: the shipped file holds the
values once written in the code, evaluates and drives the search as they did; other
weights change the evaluation; bad weights are refused; ``clanboard tune isle-of-skye``
runs."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clanboard.ai import ISMCTS
from clanboard.ai.agent import TUNED
from clanboard.cli.main import app
from clanboard.core import Move
from clanboard.core.weights import BadWeights, read_weights
from clanboard.games.isle_of_skye import model, scoring
from clanboard.games.isle_of_skye.agents import HeuristicAgent, remaining_weights
from clanboard.games.isle_of_skye.hints import (
    MAJORITY,
    SkyeHints,
    contact,
    projected_scores,
    rounds_left,
    whisky_income,
)
from clanboard.games.isle_of_skye.moves import Place
from clanboard.games.isle_of_skye.state import CASTLE_INCOME, SkyeState
from tests.isle_of_skye.helpers import GAME

DECISIONS = Path(__file__).with_name("data") / "search_decisions.json"

#: The values the code had as constants before they moved to the file.
HAND_SET = {"gold_per_vp": 3.0, "spread_end": 2.0, "spread_per_round": 3.0, "contact": 0.01}


def reference_projection(s: SkyeState) -> list[float]:
    """The projection as the code computed it with its constants (the reference)."""
    n = s.num_players
    out = [float(v) for v in s.vp]
    if s.phase == "over":
        return out
    gold = [s.total_gold(p) for p in range(n)]
    for sid, times in remaining_weights(s).items():
        if sid in MAJORITY:
            vps = scoring.score_tile(sid, s.territories, gold, s.rules)
            for p in range(n):
                out[p] += times * vps[p]
        else:
            for p in range(n):
                out[p] += times * scoring.SOLO[sid](s.territories[p], s.rules)
    later = rounds_left(s) - 1
    for p in range(n):
        out[p] += scoring.scroll_points(s.territories[p], s.rules)
        income = later * (CASTLE_INCOME + whisky_income(s, p))
        out[p] += (gold[p] + income) / (3.0 if later > 0 else 5.0)
    return out


def reference_evaluation(state: SkyeState) -> list[float]:
    """The evaluation as the code computed it with its constants (the reference)."""
    if state.phase == "over":
        return state.returns()
    if state.phase != "price" or any(state.discard):
        state = state.clone()
        state.auto_chance = True
        model.finish_round(state)
        if state.phase == "over":
            return state.returns()
    spread = 2.0 + 3.0 * rounds_left(state)
    scores = reference_projection(state)
    top = max(scores)
    weights = [math.exp((v - top) / spread) for v in scores]
    return [w / sum(weights) for w in weights]


def positions(games: int = 2, players: int = 3, every: int = 3) -> list[SkyeState]:
    """Every ``every``-th position of seeded heuristic games, in every phase."""
    out = []
    for seed in range(games):
        s = GAME.new_state(players, seed)
        assert isinstance(s, SkyeState)
        agents = [HeuristicAgent(seed=seed * 10 + i) for i in range(players)]
        step = 0
        while seats := s.players_to_move():
            if step % every == 0:
                out.append(s.clone())
            step += 1
            for seat in seats:
                s.apply_trusted(agents[seat].choose(s, seat), seat)
                if s.current_player() >= 0:
                    break
    return out


def test_the_shipped_file_holds_the_hand_set_values_and_evaluates_as_before() -> None:
    shipped = read_weights(SkyeHints().weights_file(), "isle-of-skye")
    assert shipped.weights == HAND_SET and SkyeHints().weights() == HAND_SET
    assert set(shipped.bounds) == set(HAND_SET)
    assert all(lo <= HAND_SET[k] <= hi for k, (lo, hi) in shipped.bounds.items())
    hints = SkyeHints()
    states = positions()
    assert len(states) > 40 and {s.phase for s in states} >= {"price", "buy", "build"}
    for s in states:
        assert projected_scores(s) == reference_projection(s)
        assert hints.evaluate(s) == reference_evaluation(s)


def test_the_loaded_weights_make_the_same_search_decisions() -> None:
    """Root visit counts recorded with the constants in the code (before the weights
    moved to the data file), on positions of seeded heuristic games, 2 and 3 players,
    in every phase, at a fixed iteration budget."""
    data = json.loads(DECISIONS.read_text(encoding="utf-8"))
    config = replace(TUNED, iterations=data["iterations"], seconds=None)
    assert len(data["positions"]) >= 15
    for case in data["positions"]:
        state = GAME.state_from_json(case["state"])
        result = ISMCTS(config, seed=data["search_seed"]).search(state, case["seat"])
        assert str(result.move) == case["move"]
        assert {k: v[0] for k, v in result.children.items()} == case["visits"]


def test_other_weights_change_the_projection_and_the_win_chances() -> None:
    base = SkyeHints()
    other = base.with_weights({"gold_per_vp": 4.5, "spread_per_round": 6.0})
    assert other.weights()["gold_per_vp"] == 4.5 and base.weights()["gold_per_vp"] == 3.0
    assert other.weights()["spread_end"] == 2.0
    changed = checked = 0
    for s in positions(games=1, players=2):
        later = rounds_left(s) - 1
        a, b = projected_scores(s, base._weights), projected_scores(s, other._weights)
        for p in range(s.num_players):
            money = s.total_gold(p) + later * (CASTLE_INCOME + whisky_income(s, p))
            gap = money * (1 / 3.0 - 1 / 4.5) if later > 0 else 0.0
            assert a[p] - b[p] == pytest.approx(gap)
            checked += gap > 0
        ea, eb = base.evaluate(s), other.evaluate(s)
        assert ea is not None and eb is not None and sum(eb) == pytest.approx(1.0)
        changed += ea != pytest.approx(eb)
    assert checked > 10 and changed > 10


def test_the_contact_weight_moves_the_placement_priors() -> None:
    base, other = SkyeHints(), SkyeHints(weights={"contact": 1.0})
    seen = 0
    for s in positions(games=1, players=2, every=1):
        if s.phase != "build":
            continue
        seat = s.builder()
        moves: list[Move] = [m for m in s.legal_moves(seat) if isinstance(m, Place)]
        a, b = base.move_priors(s, seat, moves), other.move_priors(s, seat, moves)
        assert a is not None and b is not None
        for m, x, y in zip(moves, a, b, strict=True):
            assert isinstance(m, Place)
            touching = contact(s.territories[seat].cells, m.x, m.y)
            assert y - x == pytest.approx(0.99 * touching)
            seen += touching > 1
    assert seen > 10


def test_bad_weights_are_refused_and_enabled_is_kept() -> None:
    with pytest.raises(BadWeights, match="no weight 'gold'.*gold_per_vp"):
        SkyeHints().with_weights({"gold": 1.0})
    with pytest.raises(BadWeights, match="finite number"):
        SkyeHints(weights={"spread_end": float("inf")})
    with pytest.raises(BadWeights, match="finite number"):
        SkyeHints().with_weights({"contact": float("nan")})
    off = SkyeHints(enabled=False).with_weights({"spread_end": 4.0})
    assert not off.enabled and off.weights()["spread_end"] == 4.0
    assert off.evaluate(GAME.new_state(2, 1)) is None


def test_cli_tune_isle_of_skye_tiny(tmp_path: Path) -> None:
    out = tmp_path / "skye.json"
    args = ["tune", "isle-of-skye", "--level", "4", "--iterations", "1", "--games", "2",
            "--weights", "gold_per_vp,spread_end", "--seed", "3", "--measure-games", "2",
            "--workers", "1", "--out", str(out), "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    tuned = read_weights(out, "isle-of-skye").weights
    assert SkyeHints().with_weights(tuned).weights() == tuned
    assert {k for k, v in tuned.items() if v != HAND_SET[k]} <= {"gold_per_vp", "spread_end"}
    assert len(data["history"]) == 1
