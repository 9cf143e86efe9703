"""Glen More II's tutorial in headless Chromium: started from the lobby's "Learn to play",
its guided moves played by clicking the board (the rondel, the dashed squares, the glowing
tiles and their buttons, End turn) until the hand-over, in English and Japanese; the first
step and the hand-over photographed on a desktop and a phone in all four languages."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from clanboard.core import games as all_games
from clanboard.server.coach.tutorial import words
from clanboard.server.coach.tutorials import TUTORIALS
from tests.e2e.conftest import SIZES, page_at
from tests.support.liveserver import live_server

pytestmark = [
    pytest.mark.browser,
    # clicked through in the browser in two languages, screenshots in four: minutes of the
    # default run; the server plays every tutorial's plan in it (tests/server/test_tutorials.py)
    pytest.mark.slow,
    pytest.mark.skipif("glen-more-2" not in [g.id for g in all_games()],
                       reason="Glen More II is not installed"),
]

LANGS = ("en", "ru", "uk", "ja")
ME = "[data-territory='0']"
MY_TURN = "document.body.dataset.myturn === '1'"


@pytest.fixture(scope="module")
def tut_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # every test makes its own tables; the coach looks at each move with a small search
    with live_server(tmp_path_factory.mktemp("data"), coach_iterations=20, hint_iterations=20,
                     rate_tables=0, max_open_tables=0, rate_writes=2000) as url:
        yield url


def learn(browser: Any, base_url: str, tid: str, lang: str, size: str) -> Any:
    """The lobby in ``lang``; the tutorial ``tid`` started from "Learn to play"."""
    page = page_at(browser, f"{base_url}/?lang={lang}", size)
    page.click(f"[data-testid=learn-{tid}]")
    page.wait_for_selector("[data-testid=tutorial-text]", timeout=60_000)
    return page


def wait_for_text(page: Any, text: str) -> None:
    page.wait_for_function(
        f"document.querySelector('[data-testid=tutorial-text]') && "
        f"document.querySelector('[data-testid=tutorial-text]').textContent === {text!r}",
        timeout=60_000)


def click_planned(page: Any, move: str) -> int:
    """Play ``move`` the way a learner does: on the board, never by its notation; returns
    how many clicks it took."""
    verb, _, rest = move.partition(" ")
    if verb == "take":
        tile = page.locator(f"[data-testid=g2-rondel] g.take[data-move='{move}']")
        if tile.count():
            tile.click()
            return 1
        # a tile with several costs lists them
        page.click(f"[data-testid=g2-rondel] g.choose[data-key='{rest.split(':')[0]}']")
        page.click(f"[data-testid=g2-choose] button[data-move='{move}']")
        return 2
    if verb == "place":
        page.click(f"{ME} rect.place[data-move='{move}']")
        return 1
    if verb == "end":
        page.click("[data-testid=g2-end]")
        return 1
    if verb == "buy":
        page.click(f"[data-testid=g2-market] tr.buy[data-move='{move}']")
        return 1
    if verb == "move":
        start = rest.split(">")[0]
        tile = page.locator(f"{ME} g[data-key='{start}']")
        chooses = "choose" in (tile.get_attribute("class") or "")
        tile.click()
        if chooses:
            page.click("[data-testid=g2-move-from]")
        page.click(f"{ME} g.dest[data-move='{move}']")
        return 3 if chooses else 2
    # act, pay, sell: on the tile (its buttons when it offers several moves)
    key = rest.split(":")[0] if verb == "act" else rest.split()[-1]
    direct = page.locator(f"{ME} g.play[data-move='{move}']")
    if direct.count():
        direct.click()
        return 1
    page.click(f"{ME} g.choose[data-key='{key}']")
    page.click(f"[data-testid=g2-choose] button[data-move='{move}']")
    return 2


def play_guided(page: Any, tid: str, lang: str, shots: Path | None = None) -> None:
    """Click every planned move, each when its step's words are shown; in English a step
    that takes two clicks says "then" (click this, then that), a one-click step does not.
    With ``shots``, each step is photographed where its click is (``<shots>-<step>.png``)."""
    tutorial = TUTORIALS[tid]
    for i, move in enumerate(tutorial.plan):
        text = words(tutorial.steps[i], lang)
        wait_for_text(page, text)
        page.wait_for_function(MY_TURN, timeout=60_000)
        step = page.inner_text("[data-testid=tutorial-step]")
        assert str(i + 1) in step and str(len(tutorial.steps)) in step, step
        seq = page.evaluate("document.body.dataset.seq")
        if shots is not None:  # the board scrolled to the step's click, the step in sight
            board = page.locator("[data-testid=g2-end]" if move == "end" else "#board")
            board.scroll_into_view_if_needed()
            assert in_view(page, "[data-testid=tutorial-text]")
            page.screenshot(path=f"{shots}-{i + 1}.png", full_page=False)
        clicks = click_planned(page, move)
        if lang == "en":
            assert bool(re.search(r"\bthen\b", text)) == (clicks > 1), (move, clicks, text)
        page.wait_for_function(f"document.body.dataset.seq !== '{seq}'", timeout=30_000)
    wait_for_text(page, words(tutorial.steps[-1], lang))


def in_view(page: Any, selector: str) -> bool:
    """Whether the element's top is on the screen (not scrolled or pushed out of it), read
    in the page in one go (the coach panel is redrawn when a verdict arrives)."""
    return bool(page.evaluate("""(sel) => {
        const el = document.querySelector(sel);
        if (!el) return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.top >= 0 && r.top < window.innerHeight && r.left >= 0
            && r.right <= window.innerWidth + 1;
    }""", selector))


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_step_on_a_desktop_and_a_phone(tut_server: str, browser: Any, shots: Path,
                                                 lang: str) -> None:
    tutorial = TUTORIALS["glen-more-2"]
    for size in SIZES:
        page = learn(browser, tut_server, "glen-more-2", lang, size)
        wait_for_text(page, words(tutorial.steps[0], lang))
        assert in_view(page, "[data-testid=tutorial-text]")
        # the tile the step names is on the board, framed green
        assert page.locator("[data-testid=g2-rondel] g.take[data-move='take T02']").count() == 1
        page.screenshot(path=str(shots / f"tut-gm2-first-{lang}-{size}.png"), full_page=False)
        assert not page.errors, page.errors
        page.context.close()


def reach_hand_over(base_url: str, tid: str) -> tuple[str, str]:
    """A table of tutorial ``tid`` with its plan played through the API."""
    listed = {t["id"]: t for t in httpx.get(base_url + "/api/tutorials").json()["tutorials"]}
    made = httpx.post(base_url + "/api/tables", json=listed[tid]["table"]).json()
    table, token = made["table"], made["tokens"]["0"]
    headers = {"Authorization": f"Bearer {token}"}
    r = httpx.post(f"{base_url}/api/tables/{table}/tutorial", json={"seat": 0, "game": tid},
                   headers=headers)
    assert r.status_code == 200, r.text
    for move in TUTORIALS[tid].plan:
        deadline = time.monotonic() + 60
        while 0 not in httpx.get(f"{base_url}/api/tables/{table}/view?seat=0",
                                 headers=headers).json()["to_move"]:
            assert time.monotonic() < deadline, "the AI did not move"
            time.sleep(0.05)
        r = httpx.post(f"{base_url}/api/tables/{table}/moves", json={"seat": 0, "move": move},
                       headers=headers)
        assert r.status_code == 200, r.text
    return table, token


@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_over_on_a_desktop_and_a_phone(tut_server: str, browser: Any, shots: Path,
                                                lang: str) -> None:
    table, token = reach_hand_over(tut_server, "glen-more-2")
    for size in SIZES:
        page = page_at(browser, f"{tut_server}/t/{table}?seat=0&lang={lang}#token={token}",
                       size)
        wait_for_text(page, words("glen-more-2.done", lang))
        assert in_view(page, "[data-testid=tutorial-text]")
        page.screenshot(path=str(shots / f"tut-gm2-done-{lang}-{size}.png"), full_page=False)
        assert not page.errors, page.errors
        page.context.close()


@pytest.mark.parametrize(("lang", "size"), [("en", "desktop"), ("ja", "phone")])
def test_the_guided_moves_are_played_by_clicking(tut_server: str, browser: Any, shots: Path,
                                                 lang: str, size: str) -> None:
    page = learn(browser, tut_server, "glen-more-2", lang, size)
    play_guided(page, "glen-more-2", lang, shots / f"tut-gm2-step-{lang}-{size}")
    # the learner is still on the plan (not told "the game is yours"), and may go on:
    # the turn is theirs to finish, End turn on the board
    assert page.evaluate(MY_TURN)
    assert page.locator("[data-testid=g2-end]").is_visible()
    assert page.locator(f"{ME} g.last-move").count() >= 1
    page.screenshot(path=str(shots / f"tut-gm2-clicked-{lang}-{size}.png"), full_page=False)
    assert not page.errors, page.errors
    page.context.close()
