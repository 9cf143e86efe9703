"""Isle of Skye's evaluation weights come from a data file: the shipped file holds the
values once written in the code and drives the same search decisions as they did."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from clanboard.ai import ISMCTS
from clanboard.ai.agent import TUNED
from tests.isle_of_skye.helpers import GAME

DECISIONS = Path(__file__).with_name("data") / "search_decisions.json"


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
