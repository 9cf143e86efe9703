"""Accounts in headless Chromium: sign up, log out, log in, the player page, and the
account's seat opened from a second browser."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

PASSWORD = "heather and peat"


def test_sign_up_log_in_and_the_player_page(base_url: str, browser: Any, phone: Any,
                                            shots: Path) -> None:
    page = phone
    page.goto(base_url + "/")
    page.click("[data-testid=signup-link]")
    page.wait_for_url("**/signup")
    page.fill("[data-testid=name]", "x")
    page.fill("[data-testid=password]", PASSWORD)
    page.click("[data-testid=submit]")
    error = page.locator("[data-testid=account-error]")
    error.wait_for()
    page.wait_for_function("document.querySelector('[data-testid=account-error]')?.textContent")
    assert "3–24" in error.inner_text()  # the page's words, not the server's
    page.fill("[data-testid=name]", "Ailsa")
    page.click("[data-testid=submit]")
    page.wait_for_url("**/u/Ailsa")
    expect = pytest.importorskip("playwright.sync_api").expect
    expect(page.locator("[data-testid=player-name]")).to_have_text("Ailsa")
    expect(page.locator("[data-testid=me]")).to_have_text("Ailsa")  # the header
    expect(page.locator("[data-testid=games]")).to_contain_text("No games yet")
    # the session cookie is out of the scripts' reach
    assert "clanboard_session" not in page.evaluate("document.cookie")

    page.click("[data-testid=logout]")
    page.locator("[data-testid=login-link]").wait_for()
    page.click("[data-testid=login-link]")
    page.wait_for_url("**/login")
    page.fill("[data-testid=name]", "ailsa")
    page.fill("[data-testid=password]", "not the password")
    page.click("[data-testid=submit]")
    page.wait_for_function("document.querySelector('[data-testid=account-error]')?.textContent")
    assert error.inner_text() == "Wrong name or password"
    page.fill("[data-testid=password]", PASSWORD)
    page.click("[data-testid=submit]")
    page.wait_for_url("**/u/Ailsa")
    expect(page.locator("[data-testid=player-name]")).to_have_text("Ailsa")
    page.screenshot(path=str(shots / "player-page.png"), full_page=True)

    # a rated table from the lobby, then the same account in another browser takes its seat
    page.goto(base_url + "/")
    page.locator("[data-testid=rated]").wait_for()
    page.select_option("[data-testid=game]", "toy-duel")
    page.select_option("[data-testid=seat-1]", "ai:random")
    page.check("[data-testid=rated]")
    page.click("[data-testid=create]")
    page.wait_for_url("**/t/**")
    table = page.url.split("/t/")[1].split("?")[0]
    other = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    try:
        second = other.new_page()
        second.goto(base_url + "/login")
        second.fill("[data-testid=name]", "Ailsa")
        second.fill("[data-testid=password]", PASSWORD)
        second.click("[data-testid=submit]")
        second.wait_for_url("**/u/Ailsa")
        second.goto(f"{base_url}/t/{table}")
        status = second.locator("[data-testid=status]")
        status.wait_for()
        second.wait_for_function(
            "document.querySelector('[data-testid=status]').textContent.includes('(you)')")
        assert "Ailsa (you)" in status.inner_text()
    finally:
        other.close()
