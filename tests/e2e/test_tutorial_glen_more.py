"""Glen More's tutorial in headless Chromium: started from the lobby's "Learn to play", its
guided steps played by clicking the board (the Track, the territory, the Market, the End
turn button) in two languages up to the hand-over; screenshots of the first step and of the
hand-over on a desktop and a phone in all four languages (kept when $CLANBOARD_SCREENSHOTS
is set)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from clanboard.core import games as all_games
from clanboard.server.coach.tutorial import TUTORIALS, words
from tests.e2e.conftest import SIZES, page_at
from tests.support.liveserver import live_server

pytestmark = [
    pytest.mark.browser,
    # clicked through in the browser in two languages, screenshots in four: minutes of the
    # default run; the server plays every tutorial's plan in it (tests/server/test_tutorials.py)
    pytest.mark.slow,
    pytest.mark.skipif("glen-more" not in [g.id for g in all_games()],
                       reason="Glen More is not installed"),
]
TUTORIAL = TUTORIALS["glen-more"]
LANGS = ("en", "ru", "uk", "ja")
FIRST_STEP = {"en": f"step 1 of {len(TUTORIAL.steps)}", "ru": f"шаг 1 из {len(TUTORIAL.steps)}",
              "uk": f"крок 1 з {len(TUTORIAL.steps)}", "ja": f"ステップ1／{len(TUTORIAL.steps)}"}
MY_TURN = "document.body.dataset.myturn === '1'"
#: a move made on one of the learner's tiles, and that tile's square
ON_A_TILE = re.compile(r"^(?:act|pay \w+|sell \w+|move|retire) (-?\d+,-?\d+)")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # several tutorial tables a minute from one address: no table limits; a light coach
    with live_server(tmp_path_factory.mktemp("data"), hint_iterations=100,
                     coach_iterations=100, rate_tables=0, max_open_tables=0) as url:
        yield url


def start_from_the_lobby(browser: Any, base_url: str, lang: str, size: str) -> Any:
    """The lobby in ``lang`` with 'Learn to play' for Glen More clicked: the table's page."""
    page = page_at(browser, f"{base_url}/?lang={lang}", size)
    page.click("[data-testid=learn-glen-more]")
    try:
        page.wait_for_url("**/t/**", timeout=60_000)
    except Exception as exc:  # the panel says why the table was not made
        raise AssertionError(page.inner_text("[data-testid=learn]")) from exc
    page.wait_for_selector("[data-testid=tutorial-text]", timeout=60_000)
    page.wait_for_selector("[data-testid=gm-board]")
    return page


def wait_for_step(page: Any, key: str, lang: str) -> None:
    """The learner's turn, with the step ``key``'s words shown."""
    page.wait_for_function(
        f"{MY_TURN} && document.querySelector('[data-testid=tutorial-text]').textContent "
        f"=== {words(key, lang)!r}", timeout=60_000)


def click_move(page: Any, move: str) -> None:
    """Make ``move`` by clicking the board as a player would."""
    if move.startswith("take "):
        page.click(f"[data-testid=gm-track] g.take[data-move='{move}']")
    elif move.startswith("place "):
        page.click(f"[data-territory='0'] rect.place[data-move='{move}']")
    elif move.startswith("buy "):
        page.click(f"[data-testid=gm-market] tr.buy[data-move='{move}']")
    elif move == "end":
        page.click("[data-testid=gm-actions] button[data-move=end]")
    else:
        found = ON_A_TILE.match(move)
        assert found, move
        tile = page.locator(f"[data-territory='0'] g[data-key='{found[1]}']")
        if tile.get_attribute("data-move") == move:  # the tile's only move: a click plays it
            tile.click()
        else:  # several: the click lists them in words
            tile.click()
            button = page.locator(f"[data-testid=gm-choose] button[data-move='{move}']")
            assert ">" not in button.inner_text() and move not in button.inner_text()
            button.click()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_guided_steps_are_played_by_clicking(server: str, browser: Any, shots: Path,
                                                 lang: str) -> None:
    page = start_from_the_lobby(browser, server, lang, "phone")
    for i, move in enumerate(TUTORIAL.plan):
        wait_for_step(page, TUTORIAL.steps[i], lang)
        step = page.inner_text("[data-testid=tutorial-step]")
        assert f"{i + 1}" in step and f"{len(TUTORIAL.steps)}" in step, step
        # what the learner sees when the step comes (the page where the last click left it):
        # the step's words stay on the screen however far down the board was clicked
        page.screenshot(path=str(shots / f"tutorial-gm-step{i + 1}-{lang}-phone.png"))
        top = page.evaluate("document.querySelector('[data-testid=tutorial-text]')"
                            ".getBoundingClientRect().top")
        assert 0 <= top < SIZES["phone"][1] - 20, (i + 1, top)
        seq = page.evaluate("document.body.dataset.seq")
        click_move(page, move)
        page.wait_for_function(f"document.body.dataset.seq !== '{seq}'", timeout=30_000)
    wait_for_step(page, "glen-more.done", lang)
    table = page.url.split("/t/")[1].split("?")[0].split("#")[0]
    token = page.evaluate(f"window.clanboard.tokens.get({table!r}, 0)")
    view = httpx.get(f"{server}/api/tables/{table}/view?seat=0",
                     headers={"Authorization": f"Bearer {token}"}).json()
    tutorial = view["tutorial"]
    assert tutorial["done"] and tutorial["following"] and tutorial["move"] is None
    mine = [e["move"] for e in view["log"] if e["player"] == 0]
    assert tuple(mine) == TUTORIAL.plan
    me = view["observation"]["players"][0]  # two turns built a Quarry and a Distillery
    assert (me["tile_count"], me["whisky"], me["resources"]) == (3, 2, {"stone": 1})
    page.screenshot(path=str(shots / f"tutorial-gm-clicked-{lang}-phone.png"), full_page=False)
    assert not page.errors, page.errors
    page.context.close()


def play_the_plan(base_url: str, table: str, token: str) -> None:
    """The guided steps made through the API (the clicks are tested above)."""
    headers = {"Authorization": f"Bearer {token}"}
    for i, move in enumerate(TUTORIAL.plan):
        for _ in range(600):
            v = httpx.get(f"{base_url}/api/tables/{table}/view?seat=0", headers=headers).json()
            if 0 in v["to_move"]:
                break
            time.sleep(0.1)
        assert v["tutorial"]["step"] == i + 1 and v["tutorial"]["move"] == move
        r = httpx.post(f"{base_url}/api/tables/{table}/moves", headers=headers,
                       json={"seat": 0, "move": move})
        assert r.status_code == 200, r.text


@pytest.mark.parametrize("lang", LANGS)
def test_first_step_and_hand_over_screenshots(server: str, browser: Any, shots: Path,
                                              lang: str) -> None:
    for size in SIZES:
        page = start_from_the_lobby(browser, server, lang, size)
        wait_for_step(page, TUTORIAL.steps[0], lang)
        assert FIRST_STEP[lang] in page.inner_text("[data-testid=tutorial-step]")
        # the step's panel is on the screen, not pushed off it sideways
        box = page.locator("[data-testid=tutorial]").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size][0] + 1, box
        page.screenshot(path=str(shots / f"tutorial-gm-1-{lang}-{size}.png"), full_page=False)
        table = page.url.split("/t/")[1].split("?")[0].split("#")[0]
        token = page.evaluate(f"window.clanboard.tokens.get({table!r}, 0)")
        play_the_plan(server, table, token)
        wait_for_step(page, "glen-more.done", lang)
        page.screenshot(path=str(shots / f"tutorial-gm-done-{lang}-{size}.png"),
                        full_page=False)
        assert not page.errors, page.errors
        page.context.close()
