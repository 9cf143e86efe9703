"""Names, the lobby list and the replay controls, in headless Chromium."""

from __future__ import annotations

import random
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


def test_a_named_player_and_a_readable_lobby(base_url: str, phone: Any, shots: Path) -> None:
    page = phone
    page.goto(base_url + "/")
    page.select_option("[data-testid=game]", "schotten-totten")
    page.select_option("[data-testid=variant]", "tactics")
    page.fill("[data-testid=seat-name-0]", "Ailsa")
    page.select_option("[data-testid=seat-1]", "ai:heuristic")
    assert page.locator("[data-testid=seat-name-1]").is_hidden()  # an AI has its own name
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=st-board]")
    assert "Ailsa (you)" in page.locator("[data-testid=status]").inner_text()
    table = page.url.split("/t/")[1].split("?")[0]

    page.goto(base_url + "/")
    assert page.locator("[data-testid=seat-name-0]").input_value() == "Ailsa"  # remembered
    row = page.locator(f"#recent li[data-table='{table}']")
    row.wait_for()
    assert row.inner_text().startswith("Schotten Totten (tactics) — Ailsa vs Campbell (AI, quick)")
    badge = page.locator(f"[data-testid=status-{table}]")
    assert badge.inner_text() == "playing"
    box = badge.bounding_box()
    assert box is not None and box["height"] < 30  # a pill, not stretched to the row
    page.screenshot(path=str(shots / "lobby.png"), full_page=True)


def _finished_table(base_url: str) -> str:
    t = httpx.post(base_url + "/api/tables", json={
        "game": "schotten-totten", "seed": 17,
        "seats": [{"kind": "human", "name": "Ailsa"}, {"kind": "human", "name": "Bram"}]}).json()
    tid, rng = t["table"], random.Random(17)
    while True:
        v = httpx.get(f"{base_url}/api/tables/{tid}/view").json()
        if v["status"] == "over":
            return str(tid)
        seat = v["to_move"][0]
        token = {"Authorization": f"Bearer {t['tokens'][str(seat)]}"}
        mine = httpx.get(f"{base_url}/api/tables/{tid}/view?seat={seat}", headers=token).json()
        httpx.post(f"{base_url}/api/tables/{tid}/moves", headers=token,
                   json={"seat": seat, "move": rng.choice(mine["legal_moves"])})


def test_a_spectator_replays_with_keys_and_sees_every_hand(base_url: str, phone: Any,
                                                           shots: Path) -> None:
    tid = _finished_table(base_url)
    page = phone
    page.goto(f"{base_url}/t/{tid}")
    page.click("[data-testid=open-replay]")
    label = page.locator("[data-testid=replay-label]")
    page.wait_for_function("document.querySelector('[data-testid=replay-label]')?.textContent")
    assert page.locator(".replay-controls button.icon svg").count() == 4
    last = label.inner_text()
    page.keyboard.press("ArrowLeft")
    before = label.inner_text()
    assert before != last
    page.keyboard.press("ArrowRight")
    assert label.inner_text() == last
    page.keyboard.press("Home")
    assert label.inner_text().startswith("start")
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    assert label.inner_text().startswith("5/")
    # the game is over: a spectator sees both hands, whichever side it sits at
    assert page.locator("#rp-board [data-testid=hand] .st-card").count() >= 5
    assert page.locator("#rp-board [data-testid=their-hand] .st-card:not(.back)").count() >= 5
    mine = page.locator("#rp-board [data-testid=hand] .st-card").all_inner_texts()
    page.click("[data-testid=replay-seat-1]")
    assert page.locator("#rp-board [data-testid=hand] .st-card").all_inner_texts() != mine
    page.screenshot(path=str(shots / "st-replay-spectator.png"), full_page=True)
