"""The engines make the very same seeded games as before their speed-up."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.engines.records import CASES, PATH, play

RECORDS: list[dict[str, Any]] = json.loads(PATH.read_text())


def test_every_case_has_a_record() -> None:
    assert [(r["game"], r["players"], r["policy"], r["seed"]) for r in RECORDS] == CASES


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: "{game}-{players}p-{policy}-{seed}"
                         .format(**r))
def test_same_seed_same_game(record: dict[str, Any]) -> None:
    now = play(record["game"], record["players"], record["policy"], record["seed"])
    assert now["moves"] == record["moves"]
    assert now["scores"] == record["scores"]
    assert now["winners"] == record["winners"]
    assert now["legal"] == record["legal"]
    assert now["determinized"] == record["determinized"]
