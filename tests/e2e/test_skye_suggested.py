"""Isle of Skye's tutorial outlines its suggested move on the board (the renderer marks it
"suggested"): the tile to discard, the tile to price and its + until the price is reached,
the AI's tile to buy, the tile to place and its cell, then Turn until the planned rotation
shows and Place. The plan's moves are posted with the seat's token to get on quickly; on a
phone the outlined tile is in sight above the step's panel docked at the bottom. Screenshots
of the first step and the first placement, desktop and phone, in all four languages (kept
when $CLANBOARD_SCREENSHOTS is set)."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

import pytest

from clanboard.core import games as all_games
from clanboard.server.coach.tutorial import TUTORIALS, words
from tests.e2e import test_tutorial_isle_of_skye as skye_tutorial

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif("isle-of-skye" not in [g.id for g in all_games()],
                       reason="Isle of Skye is not installed"),
]

TID = "isle-of-skye"
PLAN = TUTORIALS[TID].plan
LANGS = ("en", "ru", "uk", "ja")
#: what the board outlines: each marked element by its data-testid and the tile or cell
#: its data-* (or the tile drawn in it) names
OUTLINED = """() => [...document.querySelectorAll('#board .suggested')].map((e) => {
  const tile = e.getAttribute('data-drawn') || e.getAttribute('data-tile')
    || (e.querySelector('[data-tile]') || {getAttribute: () => null}).getAttribute('data-tile');
  return [e.getAttribute('data-testid') || e.tagName.toLowerCase(),
          tile || e.getAttribute('data-cell') || ''];
}).sort().map((p) => p.join(' ')).join(' | ')"""
#: the outlined elements' boxes and the free part of the screen (above a docked panel)
SIGHT = """() => {
  const c = document.getElementById('coach');
  const docked = getComputedStyle(c).position === 'fixed';
  const bottom = docked ? c.getBoundingClientRect().top : innerHeight;
  return {docked, bottom, boxes: [...document.querySelectorAll('#board .suggested')].map((e) => {
    const r = e.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; })};
}"""


server = skye_tutorial.server  # the same light server, a fixture of this module too
open_page = skye_tutorial.open_page


class Tutorial:
    """The Skye tutorial started from the lobby in ``lang``, its table and the seat's token."""

    def __init__(self, browser: Any, server: str, lang: str) -> None:
        self.server, self.lang = server, lang
        # bypass_csp: wait_for_function evaluates its string with eval
        self.context = browser.new_context(bypass_csp=True)
        self.page = open_page(self.context, f"{server}/?lang={lang}", "desktop")
        self.page.click(f"[data-testid=learn-{TID}]")
        self.page.wait_for_selector("[data-testid=tutorial-text]", timeout=60_000)
        self.table = self.page.url.split("/t/")[1].split("?")[0]
        token = self.page.evaluate(f"localStorage.getItem('clanboard:{self.table}:0')")
        self.auth = {"Authorization": f"Bearer {token}"}
        self.made = 0

    def view(self) -> dict[str, Any]:
        return dict(self.page.request.get(f"{self.server}/api/tables/{self.table}/view?seat=0",
                                          headers=self.auth).json())

    def play_until(self, step: int) -> None:
        """The plan's moves posted until ``step`` (0-based) is the next, once each is legal."""
        while self.made < step:
            move = PLAN[self.made]
            deadline = time.monotonic() + 60
            while move not in self.view()["legal_moves"]:
                assert time.monotonic() < deadline, (move, self.view()["legal_moves"])
                time.sleep(0.05)
            r = self.page.request.post(f"{self.server}/api/tables/{self.table}/moves",
                                       headers=self.auth, data={"seat": 0, "move": move})
            assert r.ok, r.text()
            self.made += 1
        deadline = time.monotonic() + 60
        while self.view()["tutorial"]["move"] != PLAN[step] or \
                PLAN[step] not in self.view()["legal_moves"]:
            assert time.monotonic() < deadline, self.view()["tutorial"]
            time.sleep(0.05)

    def phone(self) -> Any:
        return open_page(self.context, f"{self.server}/t/{self.table}?seat=0&lang={self.lang}",
                         "phone")


def outlined(page: Any, expected: str) -> None:
    """The board outlines exactly ``expected`` (as OUTLINED lists it)."""
    # timed out: the assertion says what is outlined instead
    with contextlib.suppress(Exception):
        page.wait_for_function(f"({OUTLINED})() === {expected!r}", timeout=30_000)
    assert page.evaluate(OUTLINED) == expected


def in_sight(page: Any) -> None:
    """Every outlined element is on the screen, above the step's panel docked at the
    bottom (the coach scrolls it there)."""
    page.wait_for_timeout(400)
    sight = page.evaluate(SIGHT)
    assert sight["docked"] and sight["boxes"], sight
    for top, bottom, left, right in sight["boxes"]:
        assert top >= 0 and bottom <= sight["bottom"] and left >= 0 and right <= 390, sight


def test_the_pricing_buying_and_placing_steps_are_outlined(server: str, browser: Any) -> None:
    tut = Tutorial(browser, server, "en")
    page = tut.page
    assert PLAN[:5] == ("discard L03", "price L21 1", "price L26 2", "buy L31",
                        "place L26 -1,0 r0")
    # step 1: the tile to discard, nothing else; a click on another tile leaves it outlined
    outlined(page, "sk-discard-L03 L03")
    page.click("[data-testid=sk-discard-L21]")
    outlined(page, "sk-discard-L03 L03")
    page.click("[data-testid=sk-discard-L03]")
    outlined(page, "sk-discard-L03 L03")
    # the discard made: the tile to price at 1 (already at 1: no +)
    tut.play_until(1)
    outlined(page, "sk-discard-L21 L21")
    # the next price, 2: the tile and its + until it shows 2
    tut.play_until(2)
    outlined(page, "sk-discard-L26 L26 | sk-price-up-L26 ")
    page.click("[data-testid=sk-price-up-L26]")
    outlined(page, "sk-discard-L26 L26")
    page.click("[data-testid=sk-price-up-L26]")  # one too many: − now
    outlined(page, "sk-discard-L26 L26 | sk-price-down-L26 ")
    # the AI's tile to buy
    tut.play_until(3)
    outlined(page, "sk-buy L31")
    # the first placement: the tile being placed and its cell, then Place
    tut.play_until(4)
    outlined(page, "sk-cell -1,0 | sk-pending-L26 L26")
    page.click("[data-territory='0'] rect.place[data-cell='0,1']")  # another cell
    outlined(page, "sk-cell -1,0 | sk-pending-L26 L26")
    page.click("[data-territory='0'] rect.place[data-cell='-1,0']")
    outlined(page, "sk-cell -1,0 | sk-confirm  | sk-pending-L26 L26")
    # turned away from the planned way: Turn is outlined until it shows again
    confirm = page.locator("[data-testid=sk-confirm]")
    assert confirm.get_attribute("data-move") == PLAN[4]
    page.click("[data-testid=sk-rotate]")
    assert confirm.get_attribute("data-move") != PLAN[4]
    outlined(page, "sk-cell -1,0 | sk-pending-L26 L26 | sk-rotate ")
    for _ in range(3):
        if confirm.get_attribute("data-move") == PLAN[4]:
            break
        page.click("[data-testid=sk-rotate]")
    outlined(page, "sk-cell -1,0 | sk-confirm  | sk-pending-L26 L26")
    # the last placement (one way only): the tile and its cell, then Place
    last = len(PLAN) - 1
    assert PLAN[last] == "place L70 0,2 r2"
    tut.play_until(last)
    outlined(page, "sk-cell 0,2 | svg L70")
    page.click("[data-territory='0'] rect.place[data-cell='0,2']")
    outlined(page, "sk-cell 0,2 | sk-confirm  | svg L70")
    assert not page.errors, page.errors
    tut.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_outline_is_in_sight_on_a_phone(server: str, browser: Any, shots: Path,
                                            lang: str) -> None:
    tut = Tutorial(browser, server, lang)
    steps = TUTORIALS[TID].steps
    for step, expected in ((0, "sk-discard-L03 L03"), (4, "sk-cell -1,0 | sk-pending-L26 L26")):
        tut.play_until(step)
        page = tut.page
        outlined(page, expected)
        page.wait_for_function(
            "document.querySelector('[data-testid=tutorial-text]').textContent === "
            f"{words(steps[step], lang)!r}", timeout=30_000)
        page.screenshot(path=str(shots / f"skye-suggested-step{step + 1}-{lang}-desktop.png"))
        phone = tut.phone()
        outlined(phone, expected)
        in_sight(phone)
        phone.screenshot(path=str(shots / f"skye-suggested-step{step + 1}-{lang}-phone.png"))
        assert not phone.errors, phone.errors
        phone.close()
    assert not tut.page.errors, tut.page.errors
    tut.context.close()
