"""Glen More II's engine makes the very same seeded games as before its speed-up."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.engines.records_gm2 import CASES, PATH, play

RECORDS: list[dict[str, Any]] = json.loads(PATH.read_text())


def test_every_case_has_a_record() -> None:
    assert [(r["players"], r["options"], r["seed"]) for r in RECORDS] == CASES
    assert len(RECORDS) >= 190


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: "{}p-{}-{}".format(
    r["players"], ",".join(f"{k}={v}" for k, v in r["options"].items()) or "base", r["seed"]))
def test_same_seed_same_game(record: dict[str, Any]) -> None:
    now = play(record["players"], record["options"], record["seed"])
    if record["moves"] is not None:
        assert now["moves"] == record["moves"]
    assert now["length"] == record["length"]
    assert now["moves_digest"] == record["moves_digest"]
    assert now["scores"] == record["scores"]
    assert now["winners"] == record["winners"]
    assert now["legal"] == record["legal"]
    assert now["copies"] == record["copies"]
    assert now["final"] == record["final"]
