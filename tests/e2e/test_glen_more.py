"""Glen More in headless Chromium: take a tile from the track and place it by clicking."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from clanboard.core import games as all_games

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif("glen-more" not in [g.id for g in all_games()],
                       reason="Glen More is not installed"),
]


def test_take_and_place_a_tile(base_url: str, phone: Any, shots: Path) -> None:
    page = phone
    page.goto(base_url + "/")
    page.select_option("[data-testid=game]", "glen-more")
    page.select_option("[data-testid=seat-1]", "ai:random")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=gm-board]")
    page.wait_for_function("document.body.dataset.myturn === '1'")
    page.screenshot(path=str(shots / "gm-start.png"), full_page=True)

    take = page.locator("[data-testid=gm-track] g.take").first
    move = take.get_attribute("data-move")
    assert move and move.startswith("take T")
    take.click()
    page.wait_for_function("document.body.dataset.seq === '1' && "
                           "document.body.dataset.myturn === '1'")
    spot = page.locator("[data-territory='0'] rect.place").first
    placed = spot.get_attribute("data-move")
    assert placed and placed.startswith("place ")
    spot.click()
    page.wait_for_function("document.body.dataset.seq === '2'")
    page.screenshot(path=str(shots / "gm-placed.png"), full_page=True)

    log = page.locator("[data-testid=log]").inner_text()
    assert move in log and placed in log
    tile = move.split()[1]
    assert page.locator(f"[data-territory='0'] g[data-tile='{tile}']").count() == 1
    assert page.locator(f"[data-testid=gm-track] g[data-tile='{tile}']").count() == 0
