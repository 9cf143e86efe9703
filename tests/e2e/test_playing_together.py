"""Issue 19 end to end: two accounts in two browsers play a rated real-time Schotten Totten
table made in the lobby — a card undone within the turn, chat, live clocks — to its end,
their ratings change, and a rematch puts them at a new rated, timed table, seats rotated."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from clanboard.core import games as all_games

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif("schotten-totten" not in [g.id for g in all_games()],
                       reason="Schotten Totten is not installed"),
]

PASSWORD = "heather and peat"
TEN_AND_FIFTEEN = {"kind": "realtime", "initial_s": 600, "increment_s": 15}


class Player:
    """A browser context logged in as one account; its HTTP calls carry the session cookie
    and the CSRF header, as the pages' own ``api()`` does."""

    def __init__(self, browser: Any, base: str, name: str, errors: list[str]) -> None:
        self.base, self.name = base, name
        self.context = browser.new_context(viewport={"width": 420, "height": 900},
                                           bypass_csp=True)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: errors.append(f"{name}: {e}"))

    def sign_up(self) -> None:
        page = self.page
        page.goto(self.base + "/signup")
        page.fill("[data-testid=name]", self.name)
        page.fill("[data-testid=password]", PASSWORD)
        page.click("[data-testid=submit]")
        page.wait_for_url(f"**/u/{self.name}")

    def csrf(self) -> str:
        return next(c["value"] for c in self.context.cookies() if c["name"] == "clanboard_csrf")

    def get(self, path: str) -> Any:
        r = self.context.request.get(self.base + path)
        assert r.ok, f"GET {path}: {r.status} {r.text()}"
        return r.json()

    def post(self, path: str, body: Any) -> Any:
        r = self.context.request.post(self.base + path, data=body,
                                      headers={"X-CSRF-Token": self.csrf()})
        assert r.ok, f"POST {path}: {r.status} {r.text()}"
        return r.json()

    def seq(self, n: int) -> None:
        self.page.wait_for_function(f"document.body.dataset.seq === '{n}'")


def play_until(players: dict[int, Player], table: str, stop: Any, pick: int = 0
               ) -> dict[str, Any]:
    """Moves through the API, each seat's through its own account, until ``stop(view)``;
    each seat plays its legal move number ``pick``."""
    while True:
        v = players[0].get(f"/api/tables/{table}/view")
        if stop(v) or v["status"] == "over":
            return v  # type: ignore[no-any-return]
        seat = v["to_move"][0]
        mine = players[seat].get(f"/api/tables/{table}/view?seat={seat}")
        players[seat].post(f"/api/tables/{table}/moves",
                           {"seat": seat, "move": mine["legal_moves"][pick], "seq": mine["seq"]})


def test_two_accounts_play_a_rated_timed_game_with_takeback_chat_and_rematch(
        base_url: str, browser: Any, shots: Path) -> None:
    expect = pytest.importorskip("playwright.sync_api").expect
    errors: list[str] = []
    ailsa = Player(browser, base_url, "Ailsa19", errors)
    morag = Player(browser, base_url, "Morag19", errors)
    try:
        ailsa.sign_up()
        morag.sign_up()

        # Ailsa makes a rated 10 min + 15 s table in the lobby, the other seat open
        page = ailsa.page
        page.goto(base_url + "/")
        page.locator("[data-testid=rated]").wait_for()
        assert page.input_value("[data-testid=game]") == "schotten-totten"
        page.select_option("[data-testid=seat-1]", "open")
        page.select_option("[data-testid=clock]", label="10 min + 15 s per move")
        page.check("[data-testid=rated]")
        page.click("[data-testid=create]")
        page.wait_for_url("**/t/**")
        tid = page.url.split("/t/")[1].split("?")[0]

        # Morag joins it from the link a friend would follow
        morag.page.goto(f"{base_url}/t/{tid}?join=1")
        morag.page.click("[data-testid=take-seat-1]")
        morag.page.wait_for_url("**?seat=1")
        for p in (ailsa, morag):
            p.page.wait_for_selector("[data-testid=hand] .st-card")
        v = ailsa.get(f"/api/tables/{tid}/view")
        assert v["rated"] is True and v["status"] == "playing"
        assert [(s["name"], s["account"]) for s in v["seats"]] == \
            [("Ailsa19", True), ("Morag19", True)]
        assert {k: v["clock"][k] for k in TEN_AND_FIFTEEN} == TEN_AND_FIFTEEN

        # both clocks shown; Ailsa's runs and ticks on both pages, Morag's waits at 10:00
        for p in (ailsa, morag):
            clock = p.page.locator("[data-testid=clock-0]")
            clock.wait_for()
            first = clock.inner_text()
            assert re.fullmatch(r"10:00|9:[0-5]\d", first), first
            p.page.wait_for_function(
                "t => document.querySelector('[data-testid=clock-0]').textContent !== t",
                arg=first, timeout=5000)
            assert p.page.locator("[data-testid=clock-1]").inner_text() == "10:00"
        ailsa.page.wait_for_selector("[data-testid=presence-1][data-presence=connected]")

        # moves through the API (each account's session, no token) until Ailsa plays a card
        # that leaves her a stone to claim before her draw: that card can be taken back.
        # Playing the last legal move (the highest card, on the last stone) fills stones
        # fast: on 1000 seeds such a card came for seat 0 every time, by move 77
        seats = {0: ailsa, 1: morag}
        v = play_until(seats, tid, lambda v: v["to_move"] == [0] and bool(v["log"])
                       and v["log"][-1]["player"] == 0, pick=-1)
        assert v["status"] == "playing", "no claim before the draw in the whole game"
        seq, card = v["seq"], v["log"][-1]["move"]
        ailsa.seq(seq)
        # her turn is not over (the claim step, then the draw): undone at once, rated or
        # not, nobody asked (what she did is hers until the draw ends her turn)
        ailsa.page.click("[data-testid=takeback]")
        for p in (ailsa, morag):
            p.seq(seq - 1)
        mine = ailsa.get(f"/api/tables/{tid}/view?seat=0")
        assert len(mine["log"]) == seq - 1 and card in mine["legal_moves"]
        assert mine["to_move"] == [0]
        # Morag has moved by now: her clock shows the time she used and her increments
        morag.page.wait_for_function(
            "document.querySelector('[data-testid=clock-1]').textContent !== '10:00'")

        # chat: each sees the other's words, markup shown as text
        ailsa.page.fill("[data-testid=chat-input]", "<b>Sorry</b>, misclick!")
        ailsa.page.click("[data-testid=chat-send]")
        line = morag.page.locator("[data-testid=chat-line]").first
        line.wait_for()
        assert "Ailsa19: <b>Sorry</b>, misclick!" in line.inner_text()
        assert morag.page.locator("[data-testid=chat-lines] b").count() == 0
        morag.page.fill("[data-testid=chat-input]", "No harm done")
        morag.page.press("[data-testid=chat-input]", "Enter")
        expect(ailsa.page.locator("[data-testid=chat-line]").nth(1)).to_contain_text(
            "Morag19: No harm done")

        # the rest of the game through the API
        end = play_until(seats, tid, lambda v: False)
        assert end["status"] == "over" and end["result"]["winners"]
        for p in (ailsa, morag):
            p.page.wait_for_function("document.body.dataset.status === 'over'")
            expect(p.page.locator("[data-testid=result-text]")).to_be_visible()
        winner = end["result"]["winners"][0]
        assert seats[winner].page.locator("[data-testid=result-text]").inner_text() == \
            "You win!"
        ailsa.page.screenshot(path=str(shots / "rated-end.png"))

        # both ratings moved from the new account's 1500, the winner's up
        for s, p in seats.items():
            user = ailsa.get(f"/api/users/{p.name}")
            game = next(g for g in user["recent"] if g["table"] == tid)
            assert game["rated"] is True and game["rating_before"] == pytest.approx(1500)
            won = s == winner
            assert (game["rating_after"] > 1500) if won else (game["rating_after"] < 1500)
            assert any(r["game"] == "schotten-totten" and r["games"] == 1
                       for r in user["ratings"])
        morag.page.goto(f"{base_url}/u/{morag.name}")
        expect(morag.page.locator("[data-testid=games]")).to_contain_text("Schotten")
        morag.page.go_back()
        morag.page.wait_for_function("document.body.dataset.status === 'over'")

        # a rematch: Ailsa offers, Morag accepts, both follow the link to their new seats
        ailsa.page.click("[data-testid=rematch-offer]")
        ailsa.page.wait_for_selector("[data-testid=rematch-waiting]")
        morag.page.wait_for_selector("[data-testid=rematch-offered]")
        morag.page.click("[data-testid=rematch-accept]")
        for p, new_seat in ((ailsa, 1), (morag, 0)):
            link = p.page.locator("[data-testid=rematch-link]")
            link.wait_for()
            p.page.wait_for_function(
                "s => document.querySelector('[data-testid=rematch-link]')"
                ".getAttribute('href').endsWith(s)", arg=f"?seat={new_seat}")
            link.click()
            p.page.wait_for_url(f"**?seat={new_seat}")
            p.page.wait_for_selector("[data-testid=hand] .st-card")
            expect(p.page.locator("[data-testid=status]")).to_contain_text(
                f"{p.name} (you)")
            expect(p.page.locator("[data-testid=rematch-previous]")).to_have_count(1)
        new = morag.page.url.split("/t/")[1].split("?")[0]
        assert new != tid
        v = morag.get(f"/api/tables/{new}/view")
        assert v["rated"] is True and v["status"] == "playing"
        assert v["rematch"]["of"] == tid
        assert [(s["name"], s["account"]) for s in v["seats"]] == \
            [("Morag19", True), ("Ailsa19", True)]
        assert {k: v["clock"][k] for k in TEN_AND_FIFTEEN} == TEN_AND_FIFTEEN
        morag.page.wait_for_function("document.body.dataset.myturn === '1'")
        expect(morag.page.locator("[data-testid=clock-0]")).to_have_class(re.compile("running"))
        # the accounts hold their new seats: a move by session alone is taken
        mine = morag.get(f"/api/tables/{new}/view?seat=0")
        morag.post(f"/api/tables/{new}/moves",
                   {"seat": 0, "move": mine["legal_moves"][0], "seq": mine["seq"]})
        ailsa.seq(1)
        morag.page.screenshot(path=str(shots / "rated-rematch.png"))
    finally:
        ailsa.context.close()
        morag.context.close()
    assert not errors, f"script errors in the page: {errors}"
