"""Resign and abort at the table in every game, two browsers (one per player); a 3-player
Glen More going on after a resignation with an AI in the seat; the open-table limit's
message in Russian in the lobby, naming the tables as links."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from clanboard.core import games as all_games
from tests.support.liveserver import live_server

pytestmark = pytest.mark.browser
INSTALLED = [g.id for g in all_games()]
GAMES = [g for g in ("schotten-totten", "glen-more", "isle-of-skye", "glen-more-2")
         if g in INSTALLED]


def duel(base: str, game: str) -> tuple[str, str, str]:
    """A table for two people: the creator's seat 0 and seat 1 joined; both tokens."""
    body: dict[str, Any] = {"game": game, "num_players": 2,
                            "seats": [{"kind": "human", "name": "Ailsa"}, {"kind": "open"}]}
    if game == "glen-more-2":  # its component pack is playable as the provisional preset
        body["variant"] = "provisional"
    r = httpx.post(f"{base}/api/tables", json=body)
    assert r.status_code == 201, r.text
    t = r.json()
    j = httpx.post(f"{base}/api/tables/{t['table']}/join", json={"name": "Brodie"})
    assert j.status_code == 200, j.text
    return t["table"], t["tokens"]["0"], j.json()["token"]


class Seat:
    """One player's browser context at one seat of a table."""

    def __init__(self, browser: Any, base: str, table: str, seat: int, token: str,
                 errors: list[str], lang: str = "en") -> None:
        self.context = browser.new_context(viewport={"width": 1366, "height": 900},
                                           bypass_csp=True)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: errors.append(f"seat {seat}: {e}"))
        self.page.goto(f"{base}/t/{table}?seat={seat}&lang={lang}#token={token}")
        self.page.wait_for_function("document.body.dataset.status === 'playing'")

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def errors() -> Iterator[list[str]]:
    found: list[str] = []
    yield found
    assert not found, f"script errors: {found}"


@pytest.mark.parametrize("game", GAMES)
def test_resign_at_the_table_and_the_other_player_sees_the_win(
        browser: Any, base_url: str, game: str, errors: list[str]) -> None:
    table, t0, t1 = duel(base_url, game)
    ailsa = Seat(browser, base_url, table, 0, t0, errors)
    brodie = Seat(browser, base_url, table, 1, t1, errors)
    try:
        page = ailsa.page
        page.click("[data-testid=resign]")
        assert "Your opponent wins" in page.inner_text("[data-testid=endings-confirm]")
        page.click("[data-testid=endings-no]")  # changed her mind: nothing happens
        assert page.is_visible("[data-testid=resign]")
        assert httpx.get(f"{base_url}/api/tables/{table}/view").json()["status"] == "playing"
        page.click("[data-testid=resign]")
        page.click("[data-testid=endings-yes]")
        for p in (page, brodie.page):
            p.wait_for_function("document.body.dataset.status === 'over'")
        assert brodie.page.inner_text("[data-testid=result-text]") == "You win!"
        assert "Ailsa resigned: Brodie wins" in brodie.page.inner_text("[data-testid=result-why]")
        assert "Ailsa resigned" in brodie.page.inner_text("[data-testid=log]")
        assert page.is_hidden("[data-testid=resign]")
    finally:
        ailsa.close()
        brodie.close()


@pytest.mark.parametrize("game", GAMES)
def test_abort_before_both_have_moved(browser: Any, base_url: str, game: str,
                                      errors: list[str]) -> None:
    table, t0, t1 = duel(base_url, game)
    ailsa = Seat(browser, base_url, table, 0, t0, errors, lang="ru")
    brodie = Seat(browser, base_url, table, 1, t1, errors)
    try:
        brodie.page.click("[data-testid=abort]")
        assert "no rating change" in brodie.page.inner_text("[data-testid=endings-confirm]")
        brodie.page.click("[data-testid=endings-yes]")
        for p in (ailsa.page, brodie.page):
            p.wait_for_function("document.body.dataset.status === 'over'")
        # the headline says why, with no winner line and no scores (no result at all)
        assert "отменяет игру" in ailsa.page.inner_text("[data-testid=result-text]")
        for p in (ailsa.page, brodie.page):
            shown = p.inner_text("#result")
            assert "0 : 0" not in shown and "No winner" not in shown, shown
        view = httpx.get(f"{base_url}/api/tables/{table}/view").json()
        assert view["result"]["reason"] == "aborted" and view["result"]["winners"] == []
    finally:
        ailsa.close()
        brodie.close()


@pytest.mark.skipif("glen-more" not in INSTALLED, reason="needs Glen More")
def test_three_player_glen_more_goes_on_with_an_ai_after_a_resignation(
        browser: Any, base_url: str, errors: list[str]) -> None:
    r = httpx.post(f"{base_url}/api/tables", json={
        "game": "glen-more", "num_players": 3, "seats": [
            {"kind": "human", "name": "Ailsa"}, {"kind": "open"},
            {"kind": "ai", "agent": "random"}]})
    t = r.json()
    j = httpx.post(f"{base_url}/api/tables/{t['table']}/join", json={"name": "Brodie"}).json()
    ailsa = Seat(browser, base_url, t["table"], 0, t["tokens"]["0"], errors)
    brodie = Seat(browser, base_url, t["table"], 1, j["token"], errors)
    try:
        page = ailsa.page
        page.click("[data-testid=resign]")
        assert "An AI plays your seat" in page.inner_text("[data-testid=endings-confirm]")
        page.click("[data-testid=endings-yes]")
        brodie.page.wait_for_function(
            "document.querySelector('[data-testid=log]').innerText.includes('Ailsa resigned')")
        assert "from now on this seat is played by AI — random" in brodie.page.inner_text(
            "[data-testid=log]")
        # Ailsa's page watches from now on: it no longer shows the seat's hand as hers
        page.wait_for_function("document.querySelector('[data-testid=status]').innerText"
                               ".includes('You left this seat')")
        assert page.is_hidden("[data-testid=resign]")
        view = httpx.get(f"{base_url}/api/tables/{t['table']}/view").json()
        assert view["status"] == "playing" and view["seats"][0]["kind"] == "ai"
        # the game goes on: Brodie moves whenever it is his turn, and the AI plays seat 0
        since = view["events"][-1]["seq"]
        auth = {"Authorization": f"Bearer {j['token']}"}
        for _ in range(300):
            view = httpx.get(f"{base_url}/api/tables/{t['table']}/view?seat=1",
                             headers=auth).json()
            if any(e["player"] == 0 for e in view["log"][since:]):
                break
            if view["legal_moves"]:
                httpx.post(f"{base_url}/api/tables/{t['table']}/moves", headers=auth,
                           json={"seat": 1, "move": view["legal_moves"][0], "seq": view["seq"]})
            else:
                brodie.page.wait_for_timeout(100)
        assert any(e["player"] == 0 for e in view["log"][since:]), "the AI never moved"
    finally:
        ailsa.close()
        brodie.close()


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(tmp_path_factory.mktemp("limited"), max_open_tables=1) as url:
        yield url


def test_the_open_table_limit_in_russian_names_the_tables_with_links(
        phone: Any, limited: str) -> None:
    phone.goto(f"{limited}/?lang=ru")
    phone.wait_for_selector("[data-testid=game] option", state="attached")
    phone.click("[data-testid=create]")
    phone.wait_for_url("**/t/**")
    first = phone.url.split("/t/")[1].split("?")[0]
    phone.goto(f"{limited}/?lang=ru")
    phone.wait_for_selector("[data-testid=game] option", state="attached")
    phone.click("[data-testid=create]")
    phone.wait_for_selector("[data-testid=limit-tables] a")
    text = phone.inner_text("#create-error")
    assert "С одного адреса может быть не больше 1 незаконченных столов" in text
    assert first not in text  # tables are named by game and players, not by id
    assert "Доиграйте, сдайте или закройте один из этих столов" in text
    link = phone.locator("[data-testid=limit-tables] a").first
    assert link.get_attribute("href") == f"/t/{first}?seat=0"
    link.click()
    phone.wait_for_url(f"**/t/{first}?seat=0")
    phone.wait_for_selector("[data-testid=resign]")  # the link lands at the creator's seat


def test_the_creator_closes_a_table_nobody_joined(browser: Any, base_url: str,
                                                   errors: list[str]) -> None:
    r = httpx.post(f"{base_url}/api/tables", json={
        "game": "schotten-totten", "seats": [{"kind": "human", "name": "Ailsa"},
                                             {"kind": "open"}]})
    t = r.json()
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{base_url}/t/{t['table']}?seat=0&lang=uk#token={t['tokens']['0']}")
        page.wait_for_selector("[data-testid=abandon]")
        # the share link comes with the page's own render, the button with endings.js: wait
        page.wait_for_selector("[data-testid=join-link]", state="visible", timeout=5000)
        page.click("[data-testid=abandon]")
        page.click("[data-testid=endings-yes]")
        page.wait_for_function("document.body.dataset.status === 'over'")
        assert "закриває стіл" in page.inner_text("[data-testid=result-text]")  # the headline
        assert page.is_hidden("[data-testid=join-link]")
        assert page.locator("[data-testid=rematch-offer]").count() == 0
        joined = httpx.post(f"{base_url}/api/tables/{t['table']}/join", json={})
        assert joined.status_code == 409
    finally:
        context.close()
