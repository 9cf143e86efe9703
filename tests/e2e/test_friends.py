"""Two browsers: one creates a table with an open seat, the other joins by the link."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from clanboard.core import games as all_games

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif("schotten-totten" not in [g.id for g in all_games()],
                       reason="Schotten Totten is not installed"),
]


def test_a_friend_joins_by_link_and_sees_the_move(base_url: str, browser: Any,
                                                  shots: Path) -> None:
    host_ctx = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    friend_ctx = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    try:
        host = host_ctx.new_page()
        host.goto(base_url + "/")
        host.select_option("[data-testid=game]", "schotten-totten")
        host.select_option("[data-testid=seat-1]", "open")
        host.click("[data-testid=create]")
        link = host.locator("[data-testid=join-link]")
        link.wait_for()
        assert "Waiting for a friend" in host.locator("[data-testid=status]").inner_text()
        url = link.input_value()
        assert url.startswith(base_url) and url.endswith("?join=1")

        friend = friend_ctx.new_page()
        friend.goto(url)
        friend.fill("[data-testid=join-name]", "Morag")
        friend.click("[data-testid=take-seat-1]")
        friend.wait_for_url("**/t/*?seat=1")
        friend.wait_for_selector("[data-testid=hand] .st-card")
        assert friend.locator("[data-testid=hand] .st-card").count() == 6

        host.wait_for_function("document.body.dataset.myturn === '1'")
        assert "Morag" in host.locator("[data-testid=status]").inner_text()
        host.locator("[data-testid=hand] .st-card.playable").first.click()
        target = host.locator(".st-stone.target").first
        stone = target.get_attribute("data-stone")
        target.click()
        friend.wait_for_function("document.body.dataset.myturn === '1'")
        # the log line is revealed once the server has worked out that the move is public
        friend.wait_for_function("!document.querySelector('[data-testid=log] li')"
                                 ".textContent.includes('hidden')")
        line = friend.locator("[data-testid=log] li").first
        played = line.get_attribute("data-move")
        assert played and played.endswith(f"@{stone}")
        card = played.split("@")[0]
        colour = {"r": "red", "o": "orange", "y": "yellow", "g": "green", "b": "blue",
                  "p": "purple"}[card[1]]
        assert line.inner_text() == f"Player 1 plays {colour} {card[0]} at stone {stone}"
        assert friend.locator(f"[data-side='0'][data-stone-side='{stone}'] "
                              f"[data-card='{card}']").count() == 1
        friend.screenshot(path=str(shots / "st-friend.png"), full_page=True)
    finally:
        host_ctx.close()
        friend_ctx.close()


def test_hotseat_covers_the_screen_between_turns(base_url: str, phone: Any,
                                                 shots: Path) -> None:
    page = phone
    page.goto(base_url + "/")
    page.select_option("[data-testid=game]", "schotten-totten")
    page.select_option("[data-testid=seat-1]", "human")
    page.click("[data-testid=create]")
    page.wait_for_function("document.body.dataset.myturn === '1'")
    first_hand = page.locator("[data-testid=hand]").inner_text()
    page.locator("[data-testid=hand] .st-card.playable").first.click()
    page.locator(".st-stone.target").first.click()
    cover = page.locator("#cover")
    cover.wait_for(state="visible")
    assert "Player 2's turn" in cover.inner_text()
    assert page.locator("[data-testid=hand]").count() == 0, "a hand shows under the cover"
    page.screenshot(path=str(shots / "st-hotseat-cover.png"))
    page.click("#cover-ok")
    page.wait_for_function("location.search === '?seat=1' && "
                           "document.body.dataset.myturn === '1'")
    assert page.locator("[data-testid=hand]").inner_text() != first_hand
    assert "Player 2 (you)" in page.locator("[data-testid=status]").inner_text()


def test_a_private_table_is_joined_by_its_invite_link_under_the_csp(
        base_url: str, browser: Any) -> None:
    """The pages as served (Content-Security-Policy on; only selector waits, which need no
    eval): a private table's join link carries the invite, a link without it is refused."""
    contexts = [browser.new_context(viewport={"width": 390, "height": 844}) for _ in range(3)]
    blocked: list[str] = []
    try:
        host, friend, stranger = (c.new_page() for c in contexts)
        for page in (host, friend, stranger):
            page.on("console", lambda m: blocked.append(m.text)
                    if "Content Security Policy" in m.text else None)
            page.on("pageerror", lambda e: blocked.append(str(e)))
        host.goto(base_url + "/")
        host.select_option("[data-testid=game]", "schotten-totten")
        host.select_option("[data-testid=seat-1]", "open")
        host.check("[data-testid=private]")
        host.click("[data-testid=create]")
        link = host.locator("[data-testid=join-link]")
        link.wait_for()
        url = link.input_value()
        assert "?join=1#invite=" in url

        stranger.goto(url.split("#")[0])
        stranger.click("[data-testid=take-seat-1]")
        stranger.wait_for_selector("#join-error:has-text('private')")

        friend.goto(url)
        friend.click("[data-testid=take-seat-1]")
        friend.wait_for_url("**/t/*?seat=1")
        friend.wait_for_selector("[data-testid=hand] .st-card")
        host.wait_for_selector("[data-testid=your-turn]")
        host.locator("[data-testid=hand] .st-card.playable").first.click()
        host.locator(".st-stone.target").first.click()
        friend.wait_for_selector("[data-testid=your-turn]")
    finally:
        for c in contexts:
            c.close()
    assert blocked == []
