"""Glen More II solo in headless Chromium: the lobby offers "solo against Allenarly" with her
level; the table has one seat; her board and her decisions are drawn while you play by
clicking the board (whole solo games: tests/server/test_glen_more_2_solo.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from clanboard.core import games as all_games
from tests.e2e.test_glen_more_2 import click_on_board
from tests.e2e.test_glen_more_2_words import problems
from tests.support.liveserver import live_server

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif("glen-more-2" not in [g.id for g in all_games()],
                       reason="Glen More II is not installed"),
]


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(tmp_path_factory.mktemp("data"), ai_workers=0, rate_writes=2000) as url:
        yield url


def test_solo_against_allenarly_from_the_lobby(base_url: str, phone: Any, shots: Path) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page = phone
    page.set_viewport_size({"width": 1000, "height": 900})
    page.goto(base_url + "/")
    page.select_option("[data-testid=game]", "glen-more-2")
    solo = page.locator("[data-option=solo]")
    assert "Allenarly" in page.locator("label", has=solo).inner_text()
    assert page.locator("[data-testid=seat-1]").count() == 1  # 2 players by default
    solo.check()
    assert page.locator("[data-testid=seat-1]").count() == 0
    assert page.locator("#players-row").is_hidden()
    levels = page.locator("[data-option=level] option").all_inner_texts()
    assert "Skelp (hard)" in levels and len(levels) == 5
    page.select_option("[data-option=level]", "skelp")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=g2-allenarly]")
    assert "Skelp" in page.locator("[data-testid=g2-allenarly]").inner_text()
    clicks: Counter[str] = Counter()
    stalls = 0
    for turn in range(40):
        page.wait_for_function("document.body.dataset.myturn === '1' || "
                               "document.body.dataset.status === 'over'", timeout=30_000)
        # her turns are in the log (one before your first move: with that move)
        if "Allenarly takes " in (page.locator("[data-testid=log]").text_content() or ""):
            break
        seq = page.evaluate("document.body.dataset.seq")
        clicks[click_on_board(page, turn)] += 1
        try:
            page.wait_for_function(f"document.body.dataset.seq !== '{seq}'", timeout=10_000)
        except PlaywrightTimeout:
            assert not page.locator("#move-error").inner_text()
            stalls += 1
            assert stalls <= 5
    else:
        raise AssertionError(f"Allenarly took no turn: {clicks}")
    last = page.locator("[data-testid=g2-allenarly-last]").inner_text()
    assert "card " in last and "range " in last
    log = page.locator("[data-testid=log]").text_content() or ""
    assert "Allenarly takes " in log  # the log says it in words
    # her board and the log in words: no raw code (her tokens' spaces, her priority, ...)
    board = page.locator("[data-testid=g2-board]").inner_text()
    assert problems(board + "\n" + page.locator("[data-testid=log]").inner_text(), "en") == []
    page.screenshot(path=str(shots / "gm2-solo.png"), full_page=True)
