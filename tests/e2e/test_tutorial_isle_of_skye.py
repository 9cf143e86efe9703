"""Isle of Skye's tutorial in headless Chromium: started from the lobby's "Learn to play",
its guided steps played by clicking the board only (the pricing panel's tiles, + and Offer,
the offered tiles, the highlighted cells, Turn and Place) in English and Japanese until the
hand-over; screenshots of the first step and the hand-over, desktop and phone, in all four
languages (kept when $CLANBOARD_SCREENSHOTS is set)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from clanboard.core import games as all_games
from clanboard.server.coach.tutorial import TUTORIALS, words
from tests.support.liveserver import live_server

pytestmark = [
    pytest.mark.browser,
    # clicked through in the browser in two languages, screenshots in four: minutes of the
    # default run; the server plays every tutorial's plan in it (tests/server/test_tutorials.py)
    pytest.mark.slow,
    pytest.mark.skipif("isle-of-skye" not in [g.id for g in all_games()],
                       reason="Isle of Skye is not installed"),
]

TID = "isle-of-skye"
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}
LANGS = ("en", "ru", "uk", "ja")
STEP_ONE = {"en": "step 1 of 14", "ru": "шаг 1 из 14", "uk": "крок 1 з 14", "ja": "ステップ1／14"}
# my turn with no pricing commit under way, or the game over
READY = ("document.body.dataset.status === 'over' || "
         "(document.body.dataset.myturn === '1' && !document.querySelector('[data-sk-plan]'))")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # a table per test from the same address: no table limits; a light coach (it rates
    # each of the learner's moves in the background on a small machine)
    with live_server(tmp_path_factory.mktemp("data"), hint_iterations=50,
                     coach_iterations=50, rate_tables=0, max_open_tables=0) as url:
        yield url


def open_page(context: Any, url: str, size: str) -> Any:
    page = context.new_page()
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(url)
    return page


def new_context(browser: Any) -> Any:
    # bypass_csp: wait_for_function evaluates its string with eval (see conftest's phone)
    return browser.new_context(bypass_csp=True)


def start(context: Any, base_url: str, lang: str, size: str) -> Any:
    """The lobby in ``lang``; 'Learn to play' for Isle of Skye clicked."""
    page = open_page(context, f"{base_url}/?lang={lang}", size)
    page.click(f"[data-testid=learn-{TID}]")
    page.wait_for_selector("[data-testid=tutorial-text]", timeout=60_000)
    return page


def shows(page: Any, text: str) -> None:
    page.wait_for_function(
        f"document.querySelector('[data-testid=tutorial-text]').textContent === {text!r}",
        timeout=60_000)


def fits(page: Any) -> None:
    """Nothing sticks out sideways, and the step's words are on the screen when it opens
    (read in the page in one go: the coach panel is redrawn when a verdict arrives)."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.wait_for_function("""() => {
        const el = document.querySelector('[data-testid=tutorial]');
        if (!el) return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.left >= 0 && r.right <= window.innerWidth
            && r.top >= 0 && r.top < window.innerHeight;
    }""", timeout=10_000)


def seq(page: Any) -> str:
    return str(page.evaluate("document.body.dataset.seq"))


def click_move(page: Any, plan: tuple[str, ...], i: int) -> int:
    """Click plan[i] on the board (a pricing commit: the discard, the prices with +, Offer);
    returns how many plan moves the clicks played."""
    move = plan[i]
    kind, tile = move.split()[:2]
    before = seq(page)
    if kind == "discard":
        panel = page.locator("[data-testid=sk-pricing]")
        panel.locator(f"[data-testid=sk-discard-{tile}]").click()
        prices = [m.split() for m in plan[i + 1:i + 3]]
        assert [p[0] for p in prices] == ["price", "price"]
        for _, priced, amount in prices:
            for _ in range(int(amount) - 1):
                panel.locator(f"[data-testid=sk-price-up-{priced}]").click()
            assert panel.locator(f"[data-testid=sk-price-{priced}]").inner_text() == amount
        panel.locator("[data-testid=sk-offer]").click()
        page.wait_for_function("!document.querySelector('[data-testid=sk-pricing]')",
                               timeout=60_000)
        return 3
    if kind == "buy":
        page.click(f"[data-testid=sk-buy][data-drawn={tile}]")
    elif kind == "pass":
        page.click("[data-testid=sk-pass]")
    else:
        assert kind == "place", move
        cell = move.split()[2]
        confirm = page.locator("[data-testid=sk-confirm]")
        if not confirm.count() or confirm.get_attribute("data-move").split()[2] != cell:
            page.click(f"[data-territory='0'] rect.place[data-cell='{cell}']")
        for _ in range(4):  # turn the tile until it shows the planned rotation
            if confirm.get_attribute("data-move") == move:
                break
            page.click("[data-testid=sk-rotate]")
        assert confirm.get_attribute("data-move") == move
        confirm.click()
    page.wait_for_function(f"document.body.dataset.seq !== '{before}'", timeout=60_000)
    return 1


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_step_fits_on_desktop_and_phone(server: str, browser: Any, shots: Path,
                                                  lang: str) -> None:
    tutorial = TUTORIALS[TID]
    for size in SIZES:
        context = new_context(browser)
        page = start(context, server, lang, size)
        page.wait_for_selector("[data-testid=sk-pricing]")
        shows(page, words(tutorial.steps[0], lang))
        assert STEP_ONE[lang] in page.inner_text("[data-testid=tutorial-step]")
        fits(page)
        page.screenshot(path=str(shots / f"skye-tutorial-{lang}-{size}.png"), full_page=False)
        assert not page.errors, page.errors
        context.close()


@pytest.mark.parametrize(("lang", "size", "others"),
                         [("en", "desktop", ("en", "ru")), ("ja", "phone", ("ja", "uk"))])
def test_the_guided_steps_are_played_by_clicking(server: str, browser: Any, shots: Path,
                                                 lang: str, size: str,
                                                 others: tuple[str, ...]) -> None:
    tutorial = TUTORIALS[TID]
    context = new_context(browser)
    page = start(context, server, lang, size)
    i = 0
    while i < len(tutorial.plan):
        page.wait_for_function(READY, timeout=60_000)
        shows(page, words(tutorial.steps[i], lang))
        fits(page)  # each new step's words come into view, even from down at the board
        step = page.inner_text("[data-testid=tutorial-step]")
        assert f"{i + 1}" in step and "14" in step, step
        if tutorial.plan[i].startswith(("buy", "place L70")):  # the open offers; a turned tile
            if i == len(tutorial.plan) - 1:
                cell = tutorial.plan[i].split()[2]
                page.click(f"[data-territory='0'] rect.place[data-cell='{cell}']")
            page.screenshot(path=str(shots / f"skye-tutorial-step{i + 1}-{lang}-{size}.png"),
                            full_page=True)
        i += click_move(page, tutorial.plan, i)
    page.wait_for_function(READY, timeout=60_000)
    shows(page, words(tutorial.steps[-1], lang))
    fits(page)
    # the learner's moves are the plan's, as the log has them
    table = page.url.split("/t/")[1].split("?")[0]
    token = page.evaluate(f"localStorage.getItem('clanboard:{table}:0')")
    view = page.request.get(f"{server}/api/tables/{table}/view?seat=0",
                            headers={"Authorization": f"Bearer {token}"}).json()
    assert [e["move"] for e in view["log"] if e["player"] == 0] == list(tutorial.plan)
    assert view["status"] == "playing" and view["observation"]["round"] == 3
    assert not page.errors, page.errors
    # the hand-over, in this language and another, on both sizes (the same browser: its
    # storage holds the seat's token)
    for other in others:
        for where in SIZES:
            shot = open_page(context, f"{server}/t/{table}?seat=0&lang={other}", where)
            shot.wait_for_selector("[data-testid=sk-pricing]", timeout=60_000)
            shows(shot, words(tutorial.steps[-1], other))
            fits(shot)
            shot.screenshot(path=str(shots / f"skye-tutorial-done-{other}-{where}.png"),
                            full_page=False)
            assert not shot.errors, shot.errors
            shot.close()
    context.close()
