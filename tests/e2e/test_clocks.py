"""Clocks and presence in Chromium: a seat's clock ticks on the page between the server's
updates, warns when low, and each seat shows a presence dot that follows its player."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser


def new_table(base_url: str, clock: dict[str, Any]) -> dict[str, Any]:
    r = httpx.post(f"{base_url}/api/tables", json={
        "game": "toy-duel", "seed": 3, "clock": clock,
        "seats": [{"kind": "human", "name": "Eilidh"}, {"kind": "human", "name": "Ruaridh"}]})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def test_a_clock_ticks_and_presence_dots_follow_the_players(base_url: str, browser: Any,
                                                            phone: Any) -> None:
    t = new_table(base_url, {"kind": "realtime", "initial_s": 600, "increment_s": 15})
    phone.goto(f"{base_url}{t['links']['play']['0']}")
    clock = phone.locator("[data-testid=clock-0]")
    clock.wait_for()
    first = clock.inner_text()
    assert re.fullmatch(r"10:00|9:[0-5]\d", first), first  # m:ss, counting down from 10:00
    assert "running" in (clock.get_attribute("class") or "")
    phone.wait_for_function(
        "t => document.querySelector('[data-testid=clock-0]').textContent !== t", arg=first,
        timeout=5000)
    assert phone.locator("[data-testid=clock-1]").inner_text() == "10:00"  # not running
    dot = phone.locator("[data-testid=presence-0]")
    assert dot.get_attribute("data-presence") == "connected"
    assert phone.locator("[data-testid=presence-1]").get_attribute("data-presence") == \
        "disconnected"
    # the other player opens the page: this page's dot for seat 1 turns to connected
    other = browser.new_context(bypass_csp=True)
    try:
        page = other.new_page()
        page.goto(f"{base_url}{t['links']['play']['1']}")
        page.locator("[data-testid=clock-1]").wait_for()
        phone.wait_for_selector("[data-testid=presence-1][data-presence=connected]",
                                timeout=5000)
        assert page.locator("[data-testid=presence-0]").get_attribute("data-presence") == \
            "connected"
    finally:
        other.close()
    phone.wait_for_selector("[data-testid=presence-1][data-presence=disconnected]",
                            timeout=5000)


def test_a_low_clock_warns_and_the_end_screen_says_time_ran_out(base_url: str,
                                                                 phone: Any) -> None:
    t = new_table(base_url, {"kind": "realtime", "initial_s": 10})
    phone.goto(f"{base_url}{t['links']['play']['0']}")
    phone.wait_for_selector("[data-testid=clock-0].low", timeout=5000)
    # only a running clock warns: seat 1 has as little time, but is not to move
    assert "low" not in (phone.locator("[data-testid=clock-1]").get_attribute("class") or "")
    # nobody moves: the server ends the game on time and the page says so in words
    phone.wait_for_selector("[data-testid=result-text]", timeout=20000)
    assert phone.locator("[data-testid=result-why]").inner_text().startswith(
        "Eilidh ran out of time: Ruaridh wins on time")
    assert phone.locator("[data-testid=result-text]").inner_text() == "Ruaridh wins"
    assert phone.locator("[data-testid=log-event]").inner_text() == \
        "Eilidh ran out of time: Ruaridh wins on time"
    assert phone.locator("[data-testid=clock-0]").inner_text() == "0:00"


def test_the_lobby_offers_time_controls(base_url: str, phone: Any) -> None:
    phone.goto(base_url + "/")
    phone.select_option("[data-testid=game]", "toy-duel")
    labels = phone.locator("[data-testid=clock] option").all_inner_texts()
    assert labels[0] == "No clock" and "10 min + 15 s per move" in labels
    assert "1 day per move" in labels and "3 days per move" in labels
    phone.select_option("[data-testid=clock]", label="1 day per move")
    phone.click("[data-testid=create]")
    phone.locator("[data-testid=clock-0]").wait_for()
    assert phone.locator("[data-testid=clock-0]").inner_text() in ("1 d 0 h", "23 h 59 min")
    assert "1 day per move" in phone.locator("[data-testid=clocks]").inner_text()
