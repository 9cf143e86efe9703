"""Schotten Totten's evaluation weights come from a data file: the shipped file holds the
values once written in the code, and drives the same search decisions as they did."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from clanboard.ai import ISMCTS
from clanboard.ai.agent import TUNED
from clanboard.core import Rng
from clanboard.core.weights import BadWeights, WeightsFile, read_weights, write_weights
from clanboard.games.schotten_totten import hints as hints_module
from clanboard.games.schotten_totten.cards import ALL_CLAN
from clanboard.games.schotten_totten.hints import SchottenHints, holding_value
from tests.schotten_totten.helpers import GAME

DECISIONS = Path(__file__).with_name("data") / "search_decisions.json"

#: The values the evaluation had in the code before they moved to the data file.
HAND_SET = {
    "holding.joker": 0.45, "holding.spy": 0.3, "holding.shield": 0.25, "holding.blind": 0.2,
    "holding.mud": 0.2, "holding.recruiter": 0.15, "holding.strategist": 0.2,
    "holding.banshee": 0.3, "holding.traitor": 0.4, "blocked_share": 0.25,
    "room_for_full_value": 4.0, "clan_in_hand": 0.12, "round_swing": 3.0,
    "shape": 0.0,  # added later; 0 keeps the estimate as it was
    "blocked_draw_cap": 0.0,  # added later; 0 keeps every draw a candidate
    "open_card_discount": 0.0,  # added later; 0 keeps the estimate as it was
    "decided_stone": 0.0,  # added later; 0 keeps the estimate as it was
    # added later, the constants of tanh(0.6 * (held + open + hands)) made weights
    "scale": 0.6, "held_stone": 1.0, "hand_share": 1.0, "adjacent_pair": 0.0,
    "scale_ramp": 0.0,  # added later; 0 keeps the slope as it was
}


#: The weights changed since, each by a measurement recorded in docs/ai.md.
MEASURED = {"blocked_draw_cap": 1.0}


def test_the_shipped_file_holds_the_hand_set_values() -> None:
    shipped = read_weights(SchottenHints().weights_file(), "schotten-totten")
    assert shipped.weights == {**HAND_SET, **MEASURED}
    assert SchottenHints().weights() == shipped.weights
    assert set(shipped.bounds) == set(HAND_SET)
    assert all(lo <= v <= hi for k, (lo, hi) in shipped.bounds.items()
               for v in (HAND_SET[k], shipped.weights[k]))


def test_the_loaded_weights_make_the_same_search_decisions() -> None:
    """Root visit counts recorded with the hand-set constants in the code (before the
    weights moved to the data file), on tactics positions at 300 iterations: the file's
    values with the hand-set ones in place of those measured since."""
    data = json.loads(DECISIONS.read_text(encoding="utf-8"))
    config = replace(TUNED, iterations=data["iterations"], seconds=None)
    hints = SchottenHints().with_weights({k: HAND_SET[k] for k in MEASURED})
    for case in data["positions"]:
        state = GAME.state_from_json(case["state"])
        result = ISMCTS(config, seed=data["search_seed"], hints=hints).search(
            state, case["seat"])
        assert str(result.move) == case["move"]
        assert {k: v[0] for k, v in result.children.items()} == case["visits"]


def test_other_weights_change_the_evaluation() -> None:
    base = SchottenHints()
    doubled = base.with_weights({"clan_in_hand": 0.24})
    assert doubled.weights()["clan_in_hand"] == 0.24
    assert base.weights()["clan_in_hand"] == 0.12  # the original is unchanged
    for seed in range(5):
        det = GAME.new_state(2, seed, {"tactics": True}).determinize(0, Rng(1))
        clan = (det.hands[0] & ALL_CLAN).bit_count()  # type: ignore[attr-defined]
        gain = holding_value(det, 0, doubled._weights) - holding_value(det, 0)  # type: ignore[arg-type,attr-defined]
        assert clan > 0 and gain == pytest.approx(0.12 * clan)


def test_a_written_file_is_read_back_by_the_game(tmp_path: Path) -> None:
    tuned = {**HAND_SET, "holding.joker": 0.7}
    path = tmp_path / "w.json"
    write_weights(path, WeightsFile("schotten-totten", tuned, SchottenHints().weight_bounds()))
    hints = SchottenHints().with_weights(read_weights(path, "schotten-totten").weights)
    assert hints.weights()["holding.joker"] == 0.7
    state = GAME.new_state(2, 3, {"tactics": True})
    det = state.determinize(0, Rng(0))
    w = hints._weights
    assert holding_value(det, 0, w) >= holding_value(det, 0)  # type: ignore[arg-type]


@pytest.mark.parametrize("weights, error", [
    ({"holding.dragon": 1.0}, "no weight 'holding.dragon'"),
    ({"clan_in_hand": "a lot"}, "must be a finite number"),
    ({"clan_in_hand": float("nan")}, "must be a finite number"),
])
def test_bad_weights_are_refused(weights: dict[str, object], error: str) -> None:
    with pytest.raises(BadWeights, match=error):
        SchottenHints().with_weights(weights)  # type: ignore[arg-type]


@pytest.mark.parametrize("content, error", [
    ("not json", "is not JSON"),
    ('{"format": "other"}', "not a clanboard weights file"),
    ('{"format": "clanboard-weights", "version": 9}', "unsupported weights file version"),
    ('{"format": "clanboard-weights", "version": 1, "game": "glen-more", "weights": {"a": 1}}',
     "holds weights for 'glen-more'"),
    ('{"format": "clanboard-weights", "version": 1, "game": "schotten-totten", '
     '"weights": {"a": 1}, "bounds": {"a": [2, 1]}}', "low < high"),
    ('{"format": "clanboard-weights", "version": 1, "game": "schotten-totten", '
     '"weights": {"a": 3}, "bounds": {"a": [0, 1]}}', "outside its range"),
])
def test_damaged_weights_files_are_refused(tmp_path: Path, content: str, error: str) -> None:
    path = tmp_path / "w.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(BadWeights, match=error):
        read_weights(path, "schotten-totten")


def test_the_shipped_weights_are_read_once(monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    shipped = hints_module.SHIPPED
    shipped.__dict__.pop("file", None)
    hints_module._default_weights.cache_clear()
    try:
        first = SchottenHints().weights()
        monkeypatch.setattr(shipped, "path", tmp_path / "missing.json")
        assert SchottenHints().weights() == first  # not read again
        assert SchottenHints({"clan_in_hand": 0.2}).weights()["clan_in_hand"] == 0.2
        shipped.__dict__.pop("file")
        with pytest.raises(BadWeights, match="cannot read weights file"):
            SchottenHints({"clan_in_hand": 0.2})  # a new read finds no file
    finally:
        shipped.__dict__.pop("file", None)
        hints_module._default_weights.cache_clear()
