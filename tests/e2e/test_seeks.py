"""Two browsers: a seek posted in one lobby and joined from the other starts a rated game;
the your-games page follows the opponent's moves; a background tab gets a notification."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.liveserver import live_server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own: many accounts sign up here (no log-in rate limit)."""
    with live_server(tmp_path_factory.mktemp("data"), ai_workers=0, rate_logins=0,
                     max_seeks_per_address=0) as url:
        yield url

# a background tab: the page's document reports hidden while window.__hidden is set, and
# every Notification the page makes is recorded (the real one is still made)
HIDDEN = """
Object.defineProperty(document, "hidden", {get: () => window.__hidden === true});
window.__shown = [];
if (window.Notification) {
  const Real = window.Notification;
  const Spy = function (title, options) {
    window.__shown.push({title, body: (options || {}).body});
    return new Real(title, options);
  };
  Spy.requestPermission = Real.requestPermission.bind(Real);
  Object.defineProperty(Spy, "permission", {get: () => Real.permission});
  window.Notification = Spy;
}
"""


def account(browser: Any, base_url: str, name: str, lang: str = "en",
            size: tuple[int, int] = (1366, 900)) -> Any:
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, bypass_csp=True,
                              locale=lang)
    ctx.grant_permissions(["notifications"], origin=base_url)
    ctx.add_init_script(HIDDEN)
    r = ctx.request.post(base_url + "/api/account/signup",
                         data={"name": name, "password": "correct horse battery"})
    assert r.status == 201, r.text()
    return ctx


def errors_of(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def test_a_seek_joined_from_another_browser_starts_a_rated_game_and_is_followed(
        base_url: str, browser: Any, shots: Path) -> None:
    host_ctx = account(browser, base_url, "seek-host")
    guest_ctx = account(browser, base_url, "seek-guest", size=(390, 844))
    try:
        host = host_ctx.new_page()
        host_errors = errors_of(host)
        host.goto(base_url + "/")
        host.select_option("[data-testid=game]", "schotten-totten")
        host.select_option("[data-testid=clock]", "cor-1")
        host.locator("[data-testid=rated]").check()
        host.locator("[data-testid=post-seek]").click()
        row = host.locator("[data-testid=seeks] li[data-seek]")
        row.wait_for()
        seek = row.get_attribute("data-seek")
        assert host.locator(f"[data-testid=cancel-seek-{seek}]").is_visible()

        guest = guest_ctx.new_page()
        guest_errors = errors_of(guest)
        guest.goto(base_url + "/")
        join = guest.locator(f"[data-testid=join-seek-{seek}]")
        join.wait_for()
        assert "seek-host (1500)" in guest.locator(f"[data-seek='{seek}']").inner_text()
        guest.screenshot(path=str(shots / "seeks-lobby-phone.png"))
        join.click()

        # both are taken to the new table, each at their own seat, and the table is rated
        guest.wait_for_url("**/t/*?seat=*")
        host.wait_for_url("**/t/*?seat=*")
        table = host.url.split("/t/")[1].split("?")[0]
        assert table in guest.url
        view = host_ctx.request.get(f"{base_url}/api/tables/{table}/view").json()
        assert view["rated"] and view["status"] == "playing"
        assert sorted(s["name"] for s in view["seats"]) == ["seek-guest", "seek-host"]
        assert host.locator("[data-testid=seeks]").count() == 0  # the table page

        # the one not to move watches the your-games page; the other moves
        to_move = view["to_move"][0]
        mover_name = view["seats"][to_move]["name"]
        mover, mover_ctx, waiter, waiter_ctx = ((host, host_ctx, guest, guest_ctx)
                                                if mover_name == "seek-host"
                                                else (guest, guest_ctx, host, host_ctx))
        waiter.goto(base_url + "/my-games")
        row = waiter.locator(f"[data-testid=game-{table}]")
        row.wait_for()
        assert "Waiting for" in row.locator("[data-testid=turn]").inner_text()
        assert "23 h" in row.locator("[data-testid=left]").inner_text()  # 1 day per move
        assert waiter.title().startswith("clanboard")
        waiter.evaluate("window.__hidden = true")  # the tab goes to the background

        mover.wait_for_function("document.body.dataset.myturn === '1'")
        assert mover.title().startswith("(1) ")
        seat = view["to_move"][0]
        legal = mover_ctx.request.get(f"{base_url}/api/tables/{table}/view?seat={seat}").json()
        r = mover_ctx.request.post(f"{base_url}/api/tables/{table}/moves", data={
            "seat": seat, "move": legal["legal_moves"][0], "seq": legal["seq"]},
            headers={"X-CSRF-Token": next(c["value"] for c in mover_ctx.cookies()
                                          if c["name"] == "clanboard_csrf")})
        assert r.status == 200, r.text()

        # live: the row says it is your turn, the title counts it, a notification showed
        waiter.wait_for_function(
            f"document.querySelector('[data-testid=game-{table}] [data-testid=turn]')"
            ".textContent === 'Your turn'")
        assert waiter.title().startswith("(1) ")
        assert waiter.locator("[data-testid=games-badge]").inner_text() == "1"
        waiter.wait_for_function("window.__shown.length > 0")
        shown = waiter.evaluate("window.__shown")
        assert shown[0]["title"] == "Your turn — Schotten Totten"
        assert mover_name in shown[0]["body"]
        waiter.evaluate("window.__hidden = false")
        waiter.screenshot(path=str(shots / "mygames-desktop.png"))
        assert not host_errors and not guest_errors
    finally:
        host_ctx.close()
        guest_ctx.close()


@pytest.mark.skipif(not os.environ.get("CLANBOARD_SCREENSHOTS"),
                    reason="screenshots only: set CLANBOARD_SCREENSHOTS")
@pytest.mark.parametrize("lang", ["en", "ru", "uk", "ja"])
@pytest.mark.parametrize("size", [(1366, 900), (390, 844)])
def test_screenshots_of_the_seek_list_your_games_and_friends(
        base_url: str, browser: Any, shots: Path, lang: str, size: tuple[int, int]) -> None:
    tag = f"{lang}-{size[0]}"
    one = account(browser, base_url, f"shots-a-{tag}", lang, size)
    two = account(browser, base_url, f"shots-b-{tag}", lang, size)
    try:
        csrf = next(c["value"] for c in one.cookies() if c["name"] == "clanboard_csrf")
        page_two = two.new_page()
        page_two.goto(base_url + "/")  # online: its seek stays
        csrf2 = next(c["value"] for c in two.cookies() if c["name"] == "clanboard_csrf")
        two.request.post(base_url + "/api/seeks", data={
            "game": "glen-more", "num_players": 3, "rated": True,
            "clock": {"kind": "correspondence", "days_per_move": 3},
            "rating_min": 1300, "rating_max": 1800}, headers={"X-CSRF-Token": csrf2})
        one.request.put(f"{base_url}/api/friends/shots-b-{tag}", headers={"X-CSRF-Token": csrf})
        # a game to list (before any page of one's is open: it would go to the table)
        seek = one.request.post(base_url + "/api/seeks", data={
            "game": "schotten-totten", "rated": True,
            "clock": {"kind": "correspondence", "days_per_move": 1}},
            headers={"X-CSRF-Token": csrf}).json()
        two.request.post(f"{base_url}/api/seeks/{seek['id']}/accept",
                         headers={"X-CSRF-Token": csrf2})
        page = one.new_page()
        errors = errors_of(page)
        page.goto(base_url + "/")
        page.locator("[data-testid=seeks] li[data-seek]").first.wait_for()
        page.screenshot(path=str(shots / f"lobby-{tag}.png"), full_page=True)
        page.goto(base_url + "/my-games")
        page.locator("[data-testid=games] li").first.wait_for()
        page.screenshot(path=str(shots / f"mygames-{tag}.png"), full_page=True)
        page.goto(base_url + "/friends")
        page.locator(f"[data-testid=friend-shots-b-{tag}]").wait_for()
        page.locator("[data-testid=challenge]").click()
        page.screenshot(path=str(shots / f"friends-{tag}.png"), full_page=True)
        page.select_option("[data-testid=challenge-game]", "schotten-totten")
        page.locator("[data-testid=send-challenge]").click()
        page_two.locator("[data-testid=accept-challenge]").wait_for()
        page_two.screenshot(path=str(shots / f"challenge-{tag}.png"))
        assert not errors
    finally:
        one.close()
        two.close()


def test_a_friend_is_followed_seen_online_and_challenged(base_url: str, browser: Any) -> None:
    me_ctx = account(browser, base_url, "friend-asks", size=(390, 844))
    them_ctx = account(browser, base_url, "friend-answers", "ru")
    try:
        them = them_ctx.new_page()
        them_errors = errors_of(them)
        them.goto(base_url + "/")  # online
        me = me_ctx.new_page()
        my_errors = errors_of(me)
        me.goto(base_url + "/friends")
        me.locator("[data-testid=friends] li").first.wait_for()  # the page is ready
        me.fill("[data-testid=follow-name]", "no-such-player")
        me.click("[data-testid=follow]")
        me.locator("[data-testid=friends-error]").wait_for()
        assert "no-such-player" in me.locator("[data-testid=friends-error]").inner_text()
        me.fill("[data-testid=follow-name]", "friend-answers")
        me.click("[data-testid=follow]")
        row = me.locator("[data-testid=friend-friend-answers]")
        row.wait_for()
        assert row.locator("[data-testid=online]").inner_text() == "connected"
        them.goto(base_url + "/rules/schotten-totten")  # a moment away: offline, then back
        row.locator("[data-testid=challenge]").click()
        me.select_option("[data-testid=challenge-game]", "schotten-totten")
        me.locator("[data-testid=challenge-rated]").check()
        me.click("[data-testid=send-challenge]")
        me.wait_for_function("document.querySelector('[data-testid=challenge-state]')"
                             ".textContent.length > 0")
        accept = them.locator("[data-testid=accept-challenge]")
        accept.wait_for()
        assert "friend-asks вызывает вас" in them.locator("[data-toast]").inner_text()
        accept.click()
        them.wait_for_url("**/t/*?seat=*")
        me.wait_for_url("**/t/*?seat=*")
        table = me.url.split("/t/")[1].split("?")[0]
        assert table in them.url
        view = me_ctx.request.get(f"{base_url}/api/tables/{table}/view").json()
        assert view["rated"] and view["status"] == "playing"
        assert not my_errors and not them_errors
    finally:
        me_ctx.close()
        them_ctx.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_your_games_with_none_leads_to_the_lobby(base_url: str, browser: Any,
                                                 lang: str) -> None:
    context = account(browser, base_url, f"nogames-{lang}", lang, (390, 844))
    try:
        page = context.new_page()
        errors = errors_of(page)
        page.goto(f"{base_url}/my-games?lang={lang}")
        link = page.locator("[data-testid=mygames-none] a")
        link.wait_for()
        link.click()
        page.wait_for_url(f"{base_url}/")
        assert not errors, errors
    finally:
        context.close()
