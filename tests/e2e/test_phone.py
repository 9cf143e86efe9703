"""The table on a phone, in headless Chromium with a touch screen (``has_touch``,
``is_mobile``): a long press by touch opens a component's words and rules link without a
contextmenu event (iOS Safari fires none on touch) and makes no move, a short tap still
makes it; a tutorial's step is docked at the bottom of a phone at most a third of the screen
high, folds to a one-line bar that the table remembers, and leaves the suggested move in
sight; on a desktop it stays pinned above the board; no fixed bar hides any of the board.
Screenshots (every tutorial's first step, a long-press popover; phone and desktop, four
languages) go to $CLANBOARD_SCREENSHOTS when set."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from clanboard.server.coach.tutorial import TUTORIALS
from tests.e2e.conftest import SIZES, page_at, tutorial_shown
from tests.support.liveserver import live_server

pytestmark = pytest.mark.browser
LANGS = ("en", "ru", "uk", "ja")
AI = {"kind": "ai", "agent": "random"}
PHONE_H = SIZES["phone"][1]
#: the screens looked at: the desktop, the phone, and the phone held sideways
SCREENS = {**SIZES, "sideways": (844, 390)}
#: the Glen More table whose Track tiles are taken by a click, and such a tile
GM_TABLE = {"game": "glen-more", "seed": 5, "seats": [{"kind": "human"}, AI]}
TAKE = "[data-testid=gm-track] g.take[data-move]"
MY_TURN = "document.body.dataset.myturn === '1'"
#: a press by touch through pointer events (no contextmenu), held ``ms``, moved ``drift``
#: px, then released; a release after a press this short is followed by a click
PRESS = """async ([sel, ms, drift]) => {
  const el = document.querySelector(sel);
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const target = document.elementFromPoint(x, y);
  const at = (dx) => ({bubbles: true, cancelable: true, composed: true, pointerId: 7,
    pointerType: "touch", isPrimary: true, clientX: x + dx, clientY: y, button: 0});
  target.dispatchEvent(new PointerEvent("pointerdown", {...at(0), buttons: 1}));
  if (drift) target.dispatchEvent(new PointerEvent("pointermove", {...at(drift), buttons: 1}));
  await new Promise((ok) => setTimeout(ok, ms));
  target.dispatchEvent(new PointerEvent("pointerup", at(drift)));
  if (!drift) target.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true,
    clientX: x, clientY: y}));
  return {inside: el.contains(target) || target.contains(el), y};
}"""
COUNT_CONTEXTMENU = """() => { window.menus = 0;
  document.addEventListener("contextmenu", () => { window.menus += 1; }, true); }"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(tmp_path_factory.mktemp("data"), hint_iterations=100,
                     coach_iterations=100, rate_tables=0, max_open_tables=0) as url:
        yield url


def open_page(browser: Any, url: str, size: str) -> Any:
    """A page of ``size`` (a :data:`SCREENS` key); a phone has a touch screen.
    ``page.errors``: its script errors."""
    return page_at(browser, url, size, screens=SCREENS, touch=size != "desktop")


def gm_table(server: str, browser: Any, lang: str, size: str = "phone") -> Any:
    made = httpx.post(server + "/api/tables", json=GM_TABLE)
    assert made.status_code == 201, made.text
    body = made.json()
    page = open_page(browser, f"{server}/t/{body['table']}?seat=0&lang={lang}"
                              f"#token={body['tokens']['0']}", size)
    page.wait_for_selector(TAKE, timeout=60_000)
    page.wait_for_function(MY_TURN, timeout=60_000)
    page.wait_for_function("Object.keys(window.clanboard.kit.rulesLinks()).length > 0",
                           timeout=30_000)
    page.evaluate(COUNT_CONTEXTMENU)
    page.locator(TAKE).first.scroll_into_view_if_needed()
    return page


def seq(page: Any) -> str:
    return str(page.evaluate("document.body.dataset.seq"))


@pytest.mark.parametrize("lang", LANGS)
def test_a_long_press_by_touch_opens_the_words_and_makes_no_move(server: str, browser: Any,
                                                                  shots: Path,
                                                                  lang: str) -> None:
    for size in SIZES:
        page = gm_table(server, browser, lang, size)
        before = seq(page)
        pop = page.locator("[data-testid=kit-popover]")
        pressed = page.evaluate(PRESS, [TAKE, 700, 0])
        assert pressed["inside"]
        pop.wait_for(timeout=5_000)
        box = pop.bounding_box()  # above the finger, which would hide it
        assert box["y"] >= 0 and box["y"] + box["height"] <= pressed["y"] - 10, (box, pressed)
        assert pop.locator("strong").inner_text().strip()  # the tile's name
        link = pop.locator("[data-testid=kit-rules-link]")
        assert link.get_attribute("data-kind") == "tile" and link.inner_text().strip()
        page.screenshot(path=str(shots / f"phone-long-press-{lang}-{size}.png"))
        page.wait_for_timeout(800)  # the AI would have answered a move by now
        assert seq(page) == before and page.locator(TAKE).count()  # no move was made
        assert pop.count() == 1  # the click after the press did not close it either
        assert page.evaluate("window.menus") == 0  # no contextmenu event was involved
        page.keyboard.press("Escape")
        # a press that wanders off (a scroll) or ends soon opens nothing; the short one is a
        # tap: it takes the tile
        page.evaluate(PRESS, [TAKE, 700, 30])
        page.wait_for_timeout(200)
        assert not pop.count() and seq(page) == before
        move = page.locator(TAKE).first.get_attribute("data-move")
        page.evaluate(PRESS, [TAKE, 80, 0])
        page.wait_for_function(f"document.body.dataset.seq !== '{before}'", timeout=10_000)
        assert not pop.count()
        log = page.locator("[data-testid=log] li").first.inner_text()
        assert log.strip() and move not in log  # said in words, and it was that move
        assert not page.errors, page.errors
        page.context.close()


def test_a_real_touch_held_and_a_real_tap(server: str, browser: Any) -> None:
    """The browser's own touch sequence (through the DevTools protocol, as a finger): held,
    the words open and no move is made, whatever contextmenu the browser adds; tapped, the
    tile is taken."""
    page = gm_table(server, browser, "en")
    before = seq(page)
    box = page.locator(TAKE).first.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    page.wait_for_timeout(800)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.locator("[data-testid=kit-popover]").wait_for(timeout=5_000)
    page.wait_for_timeout(500)
    assert seq(page) == before and page.locator("[data-testid=kit-popover]").count() == 1
    page.keyboard.press("Escape")
    page.locator(TAKE).first.tap()
    page.wait_for_function(f"document.body.dataset.seq !== '{before}'", timeout=10_000)
    assert not page.errors, page.errors
    page.context.close()


def test_a_long_press_on_a_hand_card_selects_nothing(server: str, browser: Any) -> None:
    """Schotten Totten's hand: a tap picks a card up, a long press only says what it is."""
    made = httpx.post(server + "/api/tables", json={"game": "schotten-totten", "seed": 3,
                                                    "seats": [{"kind": "human"}, AI]}).json()
    page = open_page(browser, f"{server}/t/{made['table']}?seat=0&lang=uk"
                              f"#token={made['tokens']['0']}", "phone")
    card = "[data-testid=hand] .st-card.playable"
    page.wait_for_selector(card, timeout=60_000)
    page.evaluate(COUNT_CONTEXTMENU)
    page.evaluate(PRESS, [card, 700, 0])
    page.locator("[data-testid=kit-popover]").wait_for(timeout=5_000)
    assert not page.locator("[data-testid=hand] .st-card.selected").count()
    assert page.evaluate("window.menus") == 0
    page.keyboard.press("Escape")
    page.evaluate(PRESS, [card, 80, 0])
    page.wait_for_selector("[data-testid=hand] .st-card.selected", timeout=5_000)
    assert not page.locator("[data-testid=kit-popover]").count()
    assert not page.errors, page.errors
    page.context.close()


def start_tutorial(browser: Any, server: str, tid: str, lang: str, size: str) -> Any:
    page = open_page(browser, f"{server}/?lang={lang}", size)
    page.click(f"[data-testid=learn-{tid}]")
    tutorial_shown(page)
    page.wait_for_function(MY_TURN, timeout=60_000)
    page.wait_for_timeout(300)  # the suggested move scrolled into sight
    return page


#: the fixed (or stuck) elements that cover part of the board, at the page's top and end
COVERED = """() => {
  const board = document.getElementById("board").getBoundingClientRect();
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const st = getComputedStyle(el);
    if (st.position !== "fixed" && st.position !== "sticky") continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || st.display === "none" || st.visibility === "hidden") continue;
    const last = [...document.querySelector("main").children].filter((c) => c.offsetHeight).pop();
    out.push({id: el.id || el.className, pos: st.position, top: r.top, bottom: r.bottom,
              boardTop: board.top, boardBottom: board.bottom,
              pageEnd: last.getBoundingClientRect().bottom});
  }
  return out;
}"""


def board_clear_of_fixed_bars(page: Any) -> None:
    """Scrolled to the top and to the end, the board's top and bottom are not under a fixed
    element: every part of it can be brought into sight, and so can the page's end."""
    page.evaluate("window.scrollTo(0, 0)")
    for bar in page.evaluate(COVERED):
        if bar["pos"] == "fixed":
            assert bar["top"] >= bar["boardTop"] or bar["bottom"] <= bar["boardTop"], bar
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    for bar in page.evaluate(COVERED):
        if bar["pos"] == "fixed":
            assert bar["top"] >= bar["boardBottom"] - 1, bar  # the board's end above the dock
            assert bar["top"] >= bar["pageEnd"] - 1, bar  # and the page's: the chat, the log


def suggested_in_sight(page: Any, marked: str = "#board .suggested") -> None:
    """Every component of the suggested move (``marked``) is on the screen and not under
    the panel."""
    free = page.evaluate("""() => {
      const c = document.getElementById("coach").getBoundingClientRect();
      const fixed = getComputedStyle(document.getElementById("coach")).position === "fixed";
      return fixed ? [0, c.top] : [Math.max(0, c.bottom), innerHeight];
    }""")
    boxes = page.evaluate("(sel) => [...document.querySelectorAll(sel)].map((e) => {"
                          " const r = e.getBoundingClientRect(); return [r.top, r.bottom]; })",
                          marked)
    assert boxes or marked == "#board .suggested"
    for box in boxes:
        assert free[0] - 1 <= box[0] and box[1] <= free[1] + 1, (box, free)


@pytest.mark.parametrize("tid", list(TUTORIALS))
def test_every_tutorials_first_step_on_a_phone_and_a_desktop(server: str, browser: Any,
                                                             shots: Path, tid: str) -> None:
    for lang in LANGS:
        for size in SIZES:
            page = start_tutorial(browser, server, tid, lang, size)
            coach = page.locator("[data-testid=coach]")
            box = coach.bounding_box()
            where = coach.evaluate("(e) => getComputedStyle(e).position")
            if size == "phone":  # docked at the bottom, at most a third of the screen high
                assert where == "fixed" and abs(box["y"] + box["height"] - PHONE_H) < 2, box
                assert box["height"] <= PHONE_H * 0.35, box
                assert page.locator("[data-testid=tutorial-fold]").is_visible()
            else:  # pinned above the board, as before; it never folds
                assert where == "sticky" and box["y"] < page.locator("#board").bounding_box()["y"]
                assert not page.locator("[data-testid=tutorial-fold]").is_visible()
            assert page.locator("[data-testid=tutorial-text]").inner_text().strip()
            suggested_in_sight(page)
            page.screenshot(path=str(shots / f"phone-tutorial-{tid}-{lang}-{size}.png"))
            board_clear_of_fixed_bars(page)
            assert not page.errors, page.errors
            page.context.close()


def test_the_step_folds_to_a_bar_the_table_remembers(server: str, browser: Any,
                                                     shots: Path) -> None:
    page = start_tutorial(browser, server, "schotten-totten", "ru", "phone")
    coach = page.locator("[data-testid=coach]")
    fold = page.locator("[data-testid=tutorial-fold]")
    tall = coach.bounding_box()["height"]
    assert fold.get_attribute("aria-expanded") == "true" and fold.inner_text() == "Скрыть"
    suggested_in_sight(page)  # the card in hand and stone 5 above the panel
    fold.click()
    page.wait_for_function("document.getElementById('coach').classList.contains('folded')")
    short = coach.bounding_box()
    assert short["height"] < 90 < tall and abs(short["y"] + short["height"] - PHONE_H) < 2
    assert fold.inner_text() == "Показать шаг" and fold.get_attribute("aria-expanded") == "false"
    assert not page.locator("[data-testid=tutorial-text]").is_visible()
    assert page.locator("[data-testid=tutorial-step]").is_visible()  # the bar: the step, its start
    page.screenshot(path=str(shots / "phone-tutorial-folded-ru.png"))
    board_clear_of_fixed_bars(page)
    page.reload()  # the table remembers
    page.wait_for_selector("[data-testid=tutorial-step]", timeout=30_000)
    page.wait_for_function("document.getElementById('coach').classList.contains('folded')")
    assert not page.locator("[data-testid=tutorial-text]").is_visible()
    page.locator("[data-testid=tutorial-fold]").click()
    page.locator("[data-testid=tutorial-text]").wait_for(timeout=5_000)
    page.wait_for_timeout(300)
    suggested_in_sight(page)
    # "Show the suggested move": the position after it, its card on its stone in sight
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("[data-testid=tutorial-show-move]").tap()
    page.locator("[data-testid=look-back-board] .last-move").first.wait_for(timeout=30_000)
    page.wait_for_timeout(400)
    suggested_in_sight(page, "[data-testid=look-back-board] .last-move")
    page.screenshot(path=str(shots / "phone-tutorial-shown-move-ru.png"))
    page.locator("[data-testid=look-back-return]").first.tap()
    page.locator("[data-testid=look-back-board]").wait_for(state="detached", timeout=10_000)
    # the next step (the first move made by the page): its move brought into sight again
    step = page.inner_text("[data-testid=tutorial-step]")
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("[data-testid=hand] .st-card.suggested").tap()
    page.locator("#board .st-stone.suggested").tap()
    page.wait_for_function(f"document.querySelector('[data-testid=tutorial-step]').textContent"
                           f" !== {step!r} && {MY_TURN}", timeout=60_000)
    page.wait_for_selector("#board .suggested", timeout=10_000)
    page.wait_for_timeout(400)
    suggested_in_sight(page)
    assert not page.errors, page.errors
    page.context.close()


#: a plain table of each game (two people, a clock): its board's selector
PLAIN = {"schotten-totten": ({}, "[data-testid=st-board]"),
         "glen-more": ({}, "[data-testid=gm-track]"),
         "isle-of-skye": ({}, "[data-testid=sk-board]"),
         "glen-more-2": ({"provisional": True}, "[data-testid=g2-rondel]")}


@pytest.mark.parametrize("game", list(PLAIN))
def test_a_plain_table_on_a_phone_hides_none_of_the_board(server: str, browser: Any,
                                                          shots: Path, game: str) -> None:
    """A table with clocks, chat and the coach's row: no bar fixed over the board."""
    options, board = PLAIN[game]
    made = httpx.post(server + "/api/tables", json={
        "game": game, "seed": 5, "options": options,
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "clock": {"kind": "realtime", "initial_s": 600, "increment_s": 15}})
    assert made.status_code == 201, made.text
    body = made.json()
    page = open_page(browser, f"{server}/t/{body['table']}?seat=0&lang=ja"
                              f"#token={body['tokens']['0']}", "phone")
    page.wait_for_selector(board, timeout=60_000)
    page.locator("[data-testid=clock-0]").wait_for(timeout=10_000)
    page.locator("[data-testid=chat]").wait_for(timeout=10_000)
    assert page.evaluate("getComputedStyle(document.getElementById('coach')).position") != "fixed"
    board_clear_of_fixed_bars(page)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(shots / f"phone-plain-table-{game}-ja.png"), full_page=True)
    assert not page.errors, page.errors
    page.context.close()


def test_a_phone_held_sideways_docks_the_step_too(server: str, browser: Any,
                                                  shots: Path) -> None:
    page = start_tutorial(browser, server, "glen-more", "uk", "sideways")
    coach = page.locator("[data-testid=coach]")
    box = coach.bounding_box()
    height = SCREENS["sideways"][1]
    assert coach.evaluate("(e) => getComputedStyle(e).position") == "fixed"
    assert abs(box["y"] + box["height"] - height) < 2 and box["height"] <= height * 0.35, box
    suggested_in_sight(page)
    page.screenshot(path=str(shots / "phone-tutorial-sideways-uk.png"))
    board_clear_of_fixed_bars(page)
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_logs_two_switches_share_a_line_on_a_phone(server: str, browser: Any,
                                                       lang: str) -> None:
    """'show notation' and 'sound on moves' side by side, neither indented under the other."""
    page = gm_table(server, browser, lang)
    page.wait_for_selector("[data-testid=sound]")
    boxes = page.evaluate("""() => ['log-notation', 'sound'].map((id) => {
        const r = document.getElementById(id).closest('label').getBoundingClientRect();
        return [r.top, r.left, r.right]; })""")
    (top1, left1, right1), (top2, left2, _) = boxes
    assert abs(top1 - top2) < 4 and left2 > right1, boxes
    page.context.close()
