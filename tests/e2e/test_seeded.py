"""A table whose shuffle the creator chose with a seat open: the lobby and the table page
say so to whoever may join, in the reader's language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from clanboard.core import games as all_games

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif("schotten-totten" not in [g.id for g in all_games()],
                       reason="Schotten Totten is not installed"),
]


def test_a_seeded_table_is_marked_in_the_lobby_and_at_the_table(
        base_url: str, phone: Any, shots: Path) -> None:
    seeded = httpx.post(f"{base_url}/api/tables", json={
        "game": "schotten-totten", "seed": 4,
        "seats": [{"kind": "human", "name": "Morag"}, {"kind": "open"}]}).json()["table"]
    fair = httpx.post(f"{base_url}/api/tables", json={
        "game": "schotten-totten",
        "seats": [{"kind": "human", "name": "Angus"}, {"kind": "open"}]}).json()["table"]
    phone.goto(f"{base_url}/?lang=ru")
    mark = phone.wait_for_selector(f"[data-testid=seeded-{seeded}]")
    assert "нечестная игра" in mark.inner_text()
    assert phone.query_selector(f"[data-testid=seeded-{fair}]") is None
    phone.goto(f"{base_url}/t/{seeded}?join=1&lang=ru")
    note = phone.wait_for_selector("[data-testid=seeded]")
    assert "может знать" in note.inner_text()
    phone.screenshot(path=str(shots / "seeded-table-ru.png"))
    phone.goto(f"{base_url}/t/{fair}?join=1")
    phone.wait_for_selector("[data-testid=take-seat-1]")
    assert phone.query_selector("[data-testid=seeded]") is None
