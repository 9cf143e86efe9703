"""What new players stumbled on walking the web app: a public table's own address with a seat
open and no way to sit down; a board still asking a player to move once the game was resigned;
the table chat numbering its "no messages yet" line; the Learn-to-play times cut in two."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.e2e.conftest import page_at
from tests.support.liveserver import live_server

pytestmark = pytest.mark.browser

GAME_OVER = {"en": "Game over", "ru": "Игра окончена", "ja": "ゲーム終了"}


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # this module makes more tables than one address may make a minute: no table limits
    with live_server(tmp_path_factory.mktemp("data"), rate_tables=0, max_open_tables=0,
                     rate_logins=0) as url:
        yield url


def table(base: str, game: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "num_players": len(seats), "seats": seats}
    if game == "glen-more-2":  # its component pack is playable as the provisional preset
        body["variant"] = "provisional"
    r = httpx.post(f"{base}/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_visitor_at_a_public_tables_address_can_take_its_open_seat(
        browser: Any, base_url: str, size: str) -> None:
    t = table(base_url, "schotten-totten", [{"kind": "human", "name": "Ailsa"}, {"kind": "open"}])
    page = page_at(browser, f"{base_url}/t/{t['table']}?lang=ru", size)
    try:
        button = page.locator("[data-testid=take-seat-1]")
        button.wait_for(timeout=10_000)
        assert button.inner_text() == "Занять место 2"
        page.fill("[data-testid=join-name]", "Brodie")
        button.click()
        page.wait_for_url("**/t/*?seat=1", timeout=10_000)
        page.wait_for_function("document.body.dataset.status === 'playing'", timeout=10_000)
        assert page.errors == []
    finally:
        page.context.close()


def test_a_private_tables_address_without_its_invite_offers_no_seat(
        browser: Any, base_url: str) -> None:
    r = httpx.post(f"{base_url}/api/tables", json={
        "game": "schotten-totten", "private": True,
        "seats": [{"kind": "human", "name": "Ailsa"}, {"kind": "open"}]})
    assert r.status_code == 201, r.text
    page = page_at(browser, f"{base_url}/t/{r.json()['table']}", "desktop")
    try:
        page.wait_for_function("document.body.dataset.status === 'waiting'", timeout=10_000)
        assert page.locator("[data-testid^=take-seat-]").count() == 0
    finally:
        page.context.close()


@pytest.mark.parametrize(("game", "where"), [("schotten-totten", ".st-phase"),
                                             ("glen-more", "[data-testid=gm-turn]"),
                                             ("glen-more-2", "[data-testid=g2-turn]"),
                                             ("isle-of-skye", "[data-testid=sk-turn] strong")])
@pytest.mark.parametrize("lang", ["en", "ru", "ja"])
def test_a_resigned_game_asks_nobody_to_move(browser: Any, base_url: str, game: str,
                                             where: str, lang: str) -> None:
    t = table(base_url, game, [{"kind": "human", "name": "Ailsa"}, {"kind": "open"}])
    j = httpx.post(f"{base_url}/api/tables/{t['table']}/join", json={"name": "Brodie"})
    assert j.status_code == 200, j.text
    r = httpx.post(f"{base_url}/api/tables/{t['table']}/resign", json={"seat": 0},
                   headers={"Authorization": f"Bearer {t['tokens']['0']}"})
    assert r.status_code == 200, r.text
    token = j.json()["token"]
    url = f"{base_url}/t/{t['table']}?seat=1&lang={lang}#token={token}"
    page = page_at(browser, url, "desktop")
    try:
        page.wait_for_function("document.body.dataset.status === 'over'", timeout=10_000)
        line = page.locator(where).first
        line.wait_for()
        assert line.inner_text().strip() == GAME_OVER[lang]
        assert "Ailsa" not in line.inner_text()
        if game == "schotten-totten":  # nor asks why a stone cannot be claimed now
            assert page.locator(".st-ask, [data-testid=st-ask]").count() == 0
            assert page.locator("#board select").count() == 0
        assert page.errors == []
    finally:
        page.context.close()


def test_the_table_chat_numbers_nothing(browser: Any, base_url: str) -> None:
    t = table(base_url, "schotten-totten", [{"kind": "human", "name": "Ailsa"},
                                            {"kind": "ai", "agent": "random"}])
    page = page_at(browser, f"{base_url}/t/{t['table']}?seat=0#token={t['tokens']['0']}", "phone")
    try:
        empty = page.locator("[data-testid=chat-lines] li")
        empty.first.wait_for(timeout=10_000)
        style = page.eval_on_selector("[data-testid=chat-lines]",
                                      "e => getComputedStyle(e).listStyleType")
        assert style == "none"
        assert page.errors == []
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["ru", "uk", "ja"])
def test_learn_to_play_times_keep_the_number_with_its_unit_on_a_phone(
        browser: Any, base_url: str, lang: str) -> None:
    """'約15 / 分', 'около 15 / минут': the line broke between the number and the minutes."""
    page = page_at(browser, f"{base_url}/?lang={lang}", "phone")
    try:
        page.locator(".learn-list .muted").first.wait_for(timeout=10_000)
        split = page.eval_on_selector_all(".learn-list .muted", """els => els.map((e) => {
            const node = e.firstChild, text = node.textContent;
            const last = text.search(/\\d\\D*$/);  // the number's last digit
            let after = last + 1;
            while (/\\s/.test(text[after])) after += 1;
            const range = document.createRange();
            range.setStart(node, last); range.setEnd(node, after + 1);
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            return tops.size > 1 ? text : null; }).filter(Boolean)""")
        assert split == []
        assert page.errors == []
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "ru", "ja"])
def test_glen_more_2_names_the_tile_being_placed(browser: Any, base_url: str, lang: str) -> None:
    r = httpx.post(f"{base_url}/api/tables", json={
        "game": "glen-more-2", "variant": "provisional", "num_players": 2, "seed": 3,
        "seats": [{"kind": "human", "name": "Ailsa"}, {"kind": "human", "name": "Brodie"}]})
    assert r.status_code == 201, r.text
    t = r.json()
    seat = httpx.get(f"{base_url}/api/tables/{t['table']}/view").json()["to_move"][0]
    auth = {"Authorization": f"Bearer {t['tokens'][str(seat)]}"}
    view = httpx.get(f"{base_url}/api/tables/{t['table']}/view?seat={seat}", headers=auth).json()
    take = next(m for m in view["legal_moves"] if m.startswith("take "))
    moved = httpx.post(f"{base_url}/api/tables/{t['table']}/moves", headers=auth,
                       json={"seat": seat, "move": take})
    assert moved.status_code == 200, moved.text
    tile = moved.json()["observation"]["turn"]["tile"]  # an id such as T02
    page = page_at(browser, f"{base_url}/t/{t['table']}?seat={seat}&lang={lang}"
                   f"#token={t['tokens'][str(seat)]}", "desktop")
    try:
        line = page.locator("[data-testid=g2-turn]")
        line.wait_for(timeout=10_000)
        text = line.inner_text()
        assert tile not in text, text
        words = httpx.get(f"{base_url}/api/tables/{t['table']}/view?seat={seat}&lang={lang}",
                          headers=auth).json()["words"]
        assert words["tiles"][tile]["name"] in text, text
        assert page.errors == []
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "ru", "uk", "ja"])
def test_a_players_page_keeps_to_a_phones_width(browser: Any, base_url: str, lang: str) -> None:
    """The player page's tables (five columns of words) and the leaderboard's: once pushed
    the page wider than a phone (the Losses column out of its panel)."""
    name = f"Wide{lang}"
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(f"{base_url}/signup")
        made = page.evaluate("""async (n) => (await fetch('/api/account/signup', {method: 'POST',
            headers: {'content-type': 'application/json'},
            body: JSON.stringify({name: n, password: 'password123'})})).status""", name)
        assert made == 201
        t = page.evaluate("""async () => (await (await fetch('/api/tables', {method: 'POST',
            headers: {'content-type': 'application/json', 'X-CSRF-Token': decodeURIComponent(
              document.cookie.match(/clanboard_csrf=([^;]+)/)[1])},
            body: JSON.stringify({game: 'schotten-totten', rated: true,
              seats: [{kind: 'human'}, {kind: 'ai', agent: 'random'}]})})).json())""")
        r = page.evaluate("""async (id) => (await fetch(`/api/tables/${id}/resign`, {method: 'POST',
            headers: {'content-type': 'application/json', 'X-CSRF-Token': decodeURIComponent(
              document.cookie.match(/clanboard_csrf=([^;]+)/)[1])},
            body: JSON.stringify({seat: 0})})).status""", t["table"])
        assert r == 200
        for path in (f"/u/{name}", "/leaderboard/schotten-totten"):
            page.goto(f"{base_url}{path}?lang={lang}")
            page.locator("table.grid").first.wait_for(timeout=10_000)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, (path, width)
    finally:
        context.close()


def test_the_challenge_form_keeps_to_a_phones_width(browser: Any, base_url: str) -> None:
    """Friends on a phone: opening a friend's challenge form pushed Challenge and Unfollow off
    the screen (the page 482 px wide on a 390 px phone)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    try:
        friend = httpx.post(f"{base_url}/api/account/signup",
                            json={"name": "Eilidh", "password": "password123"})
        assert friend.status_code == 201, friend.text
        page = context.new_page()
        page.goto(f"{base_url}/signup")
        made = page.evaluate("""async (n) => (await fetch('/api/account/signup', {
            method: 'POST', headers: {'content-type': 'application/json'},
            body: JSON.stringify({name: n, password: 'password123'})})).status""", "Fionnlagh")
        assert made == 201
        page.goto(f"{base_url}/friends?lang=ru")
        page.locator("[data-testid=friends] li").first.wait_for(timeout=10_000)  # the page's ready
        page.fill("[data-testid=follow-name]", "Eilidh")
        page.click("[data-testid=follow]")
        page.click("[data-testid=challenge]")
        page.locator("[data-testid=send-challenge]").wait_for(timeout=10_000)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        box = page.locator("[data-testid=unfollow]").bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "words"), [("en", "10 s + 0 s per move"),
                                             ("ru", "10 с + 0 с за ход"),
                                             ("ja", "10秒 + 1手ごとに0秒")])
def test_a_clock_of_seconds_is_said_in_seconds(browser: Any, base_url: str, lang: str,
                                               words: str) -> None:
    """A 10-second bank (a bot's challenge, the API's least) read '0 min + 0 s per move'; once
    it ran out, the loser was still marked as the one to move."""
    r = httpx.post(f"{base_url}/api/tables", json={
        "game": "schotten-totten", "clock": {"kind": "realtime", "initial_s": 10},
        "seats": [{"kind": "human", "name": "Ailsa"}, {"kind": "human", "name": "Brodie"}]})
    assert r.status_code == 201, r.text
    t = r.json()
    page = page_at(browser, f"{base_url}/t/{t['table']}?seat=0&lang={lang}"
                   f"#token={t['tokens']['0']}", "phone")
    try:
        page.locator("[data-testid=clock-0]").wait_for(timeout=10_000)
        assert page.locator("#clocks > .muted").inner_text() == words
        page.wait_for_function("document.body.dataset.status === 'over'", timeout=30_000)
        page.locator("[data-testid=result]").wait_for()
        assert page.locator("#status .seats li.to-move").count() == 0
        assert page.errors == []
    finally:
        page.context.close()


def test_your_games_link_has_no_underlined_space(browser: Any, base_url: str) -> None:
    """The header's 'Your games' link ended in a space kept for its badge, underlined as
    'Your games_ · Friends' while the badge was hidden."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(f"{base_url}/signup")
        made = page.evaluate("""async () => (await fetch('/api/account/signup', {method: 'POST',
            headers: {'content-type': 'application/json'},
            body: JSON.stringify({name: 'Mhairi', password: 'password123'})})).status""")
        assert made == 201
        page.goto(f"{base_url}/friends?lang=uk")
        link = page.locator("[data-testid=my-games-link]")
        link.wait_for(timeout=10_000)
        assert page.locator("[data-testid=games-badge]").is_hidden()
        words = link.evaluate("a => [...a.childNodes].filter((n) => n.nodeType === 3)"
                              ".map((n) => n.textContent).join('')")
        assert words == "Ваші ігри"
    finally:
        context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("lang", ["ru", "ja"])
def test_a_wrong_address_says_so_and_leads_back(browser: Any, base_url: str, size: str,
                                                lang: str) -> None:
    """A table or a player that is not there: the reason in the page's language and a link to
    the lobby, no empty panels (the table's chat panel read 'Details' in English)."""
    for path, panels in (("/t/nosuchtable", "details.log, #chat"),
                         ("/u/nobodyhere", "section.panel")):
        page = page_at(browser, f"{base_url}{path}?lang={lang}", size)
        try:
            back = page.locator("[data-testid=back-to-lobby]")
            back.wait_for(timeout=10_000)
            assert back.get_attribute("href") == "/"
            assert page.locator(f"main {panels}").evaluate_all(
                "els => els.filter((e) => e.offsetParent !== null).length") == 0
            text = page.evaluate("document.body.innerText")
            assert "Details" not in text and "Back to" not in text
            assert page.errors == []
        finally:
            page.context.close()
