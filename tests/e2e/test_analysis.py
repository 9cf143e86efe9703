"""The replay's post-game analysis in headless Chromium: request it, watch the progress, see
the graph with the planted blunder marked, jump to it, see the AI's move on the board."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from clanboard.core import GameRecord
from clanboard.core import games as all_games
from tests.support.liveserver import live_server

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif("schotten-totten" not in [g.id for g in all_games()],
                       reason="Schotten Totten is not installed"),
]
PLANTED = Path(__file__).parents[1] / "ai" / "data" / "planted_blunder.json"
BLUNDER = 43  # tests/ai/test_analysis.py: seat 1's 7r@8 lets seat 0 win at once


@pytest.fixture(scope="module")
def small_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(tmp_path_factory.mktemp("data"), analysis_iterations=100) as url:
        yield url


def planted_table(base_url: str) -> str:
    """The planted game played move by move through the API."""
    record = GameRecord.load(PLANTED)
    t = httpx.post(base_url + "/api/tables", json={
        "game": record.game, "seed": record.seed,
        "seats": [{"kind": "human", "name": "Ailsa"}, {"kind": "human", "name": "Bram"}]}).json()
    for seat, move in record.moves:
        r = httpx.post(f"{base_url}/api/tables/{t['table']}/moves",
                       headers={"Authorization": f"Bearer {t['tokens'][str(seat)]}"},
                       json={"seat": seat, "move": move})
        assert r.status_code == 200, r.text
    return str(t["table"])


def test_the_replay_graph_marks_the_planted_blunder(small_server: str, phone: Any,
                                                    shots: Path) -> None:
    tid = planted_table(small_server)
    page = phone
    page.goto(f"{small_server}/t/{tid}?lang=en")
    page.click("[data-testid=open-replay]")
    page.click("[data-testid=analysis-request]")
    points = page.locator("[data-testid=analysis-graph] circle")
    total = len(GameRecord.load(PLANTED).moves)
    page.wait_for_function(
        f"document.querySelectorAll('[data-testid=analysis-graph] circle').length === {total}"
        " && !document.querySelector('[data-testid=analysis-progress]')", timeout=120_000)
    assert points.count() == total
    point = page.locator(f"[data-testid=analysis-point-{BLUNDER + 1}]")
    assert point.get_attribute("data-mark") == "blunder"
    assert "Bram" in page.locator("[data-testid=analysis-summary]").inner_text()
    point.click()
    assert page.locator("[data-testid=replay-label]").inner_text().startswith(f"{BLUNDER + 1}/")
    assert page.locator("[data-testid=analysis-mark]").inner_text() == "Blunder"
    best = page.locator("[data-testid=analysis-best]").inner_text()
    assert best.startswith("The AI preferred:") and "7r@8" not in best
    page.click("[data-testid=analysis-show-best]")
    label = page.locator("[data-testid=replay-label]")
    page.wait_for_function("!document.querySelector('[data-testid=replay-label]')"
                           ".textContent.includes('/')")
    assert label.inner_text() in best
    assert page.locator("#rp-board [data-testid=st-board]").count() == 1
    page.screenshot(path=str(shots / "st-analysis.png"), full_page=True)
    # stepping on leaves the AI's move and shows the next move's analysis
    page.click("[data-testid=replay-forward]")
    assert label.inner_text().startswith(f"{BLUNDER + 2}/")
