"""Glen More II's solo tutorial in headless Chromium: listed in the lobby under its own title,
started from "Learn to play", its guided moves played by clicking the board until the
hand-over in English and Japanese, with Allenarly's decision on her board; the first step
and the hand-over photographed on a desktop and a phone in all four languages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from clanboard.core import games as all_games
from clanboard.server.coach.tutorial import words
from clanboard.server.coach.tutorials import TUTORIALS
from tests.e2e.test_tutorial_glen_more_2 import (
    LANGS,
    ME,
    MY_TURN,
    SIZES,
    in_view,
    learn,
    page_at,
    play_guided,
    reach_hand_over,
    wait_for_text,
)
from tests.support.liveserver import live_server

pytestmark = [
    pytest.mark.browser,
    # clicked through in the browser in two languages, screenshots in four: minutes of the
    # default run; the server plays every tutorial's plan in it (tests/server/test_tutorials.py)
    pytest.mark.slow,
    pytest.mark.skipif("glen-more-2" not in [g.id for g in all_games()],
                       reason="Glen More II is not installed"),
]

TID = "glen-more-2-solo"
#: the lobby's titles of the two Glen More II tutorials, in each language
TITLES = {"en": ("Glen More II: Chronicles", "Glen More II: Chronicles — solo"),
          "ru": ("Гленн-Мор II: Хроники", "Гленн-Мор II: Хроники — одиночная игра"),
          "uk": ("Гленн-Мор II: Хроніки", "Гленн-Мор II: Хроніки — одиночна гра"),
          "ja": ("グレンモアII: クロニクル", "グレンモアII: クロニクル（ソロ）")}


@pytest.fixture(scope="module")
def tut_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(tmp_path_factory.mktemp("data"), coach_iterations=20, hint_iterations=20,
                     rate_tables=0, max_open_tables=0, rate_writes=2000) as url:
        yield url


@pytest.mark.parametrize("lang", LANGS)
def test_the_lobby_lists_both_tutorials_by_their_titles(tut_server: str, browser: Any,
                                                        shots: Path, lang: str) -> None:
    for size in SIZES:
        page = page_at(browser, f"{tut_server}/?lang={lang}", size)
        page.wait_for_selector(f"[data-testid=learn-title-{TID}]")
        duo, solo = TITLES[lang]
        assert page.inner_text("[data-testid=learn-title-glen-more-2]") == duo
        assert page.inner_text(f"[data-testid=learn-title-{TID}]") == solo
        page.locator("#learn").screenshot(path=str(shots / f"tut-gm2-lobby-{lang}-{size}.png"))
        assert not page.errors, page.errors
        page.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_step_on_a_desktop_and_a_phone(tut_server: str, browser: Any, shots: Path,
                                                 lang: str) -> None:
    for size in SIZES:
        page = learn(browser, tut_server, TID, lang, size)
        wait_for_text(page, words(TUTORIALS[TID].steps[0], lang))
        assert in_view(page, "[data-testid=tutorial-text]")
        # one seat: Allenarly is on the board, not at the table (the board may be drawn
        # just after the coach's panel)
        page.wait_for_selector("[data-testid=g2-allenarly]", timeout=30_000)
        assert page.locator("[data-testid=g2-allenarly]").count() == 1
        assert page.locator("[data-testid=g2-rondel] g.take[data-move='take T05']").count() == 1
        page.screenshot(path=str(shots / f"tut-gm2solo-first-{lang}-{size}.png"),
                        full_page=False)
        assert not page.errors, page.errors
        page.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_over_on_a_desktop_and_a_phone(tut_server: str, browser: Any, shots: Path,
                                                lang: str) -> None:
    table, token = reach_hand_over(tut_server, TID)
    for size in SIZES:
        page = page_at(browser, f"{tut_server}/t/{table}?seat=0&lang={lang}#token={token}",
                       size)
        wait_for_text(page, words(f"{TID}.done", lang))
        assert in_view(page, "[data-testid=tutorial-text]")
        page.screenshot(path=str(shots / f"tut-gm2solo-done-{lang}-{size}.png"),
                        full_page=False)
        assert not page.errors, page.errors
        page.context.close()


@pytest.mark.parametrize(("lang", "size"), [("en", "phone"), ("ja", "desktop")])
def test_the_guided_moves_are_played_by_clicking(tut_server: str, browser: Any, shots: Path,
                                                 lang: str, size: str) -> None:
    page = learn(browser, tut_server, TID, lang, size)
    play_guided(page, TID, lang, shots / f"tut-gm2solo-step-{lang}-{size}")
    # step 8 told of Allenarly's turn: her board shows that decision (card and range)
    last = page.inner_text("[data-testid=g2-allenarly-last]")
    assert {"en": "range", "ja": "範囲"}[lang] in last, last
    # the Distillery turned the grain into a whisky barrel, and the turn is the learner's
    assert page.evaluate(MY_TURN)
    assert page.locator("[data-testid=g2-end]").is_visible()
    assert page.locator(f"{ME} g[data-tile='T11']").count() == 1
    page.screenshot(path=str(shots / f"tut-gm2solo-clicked-{lang}-{size}.png"),
                    full_page=False)
    assert not page.errors, page.errors
    page.context.close()
