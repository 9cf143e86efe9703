"""Browser tests: a live server on 127.0.0.1 and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from clanboard.core import register
from tests.support.liveserver import live_server
from tests.support.toygame import TOY

register(TOY)  # every real game has its renderer: the generic view is tried on the toy game

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason="/usr/bin/chromium is missing: apt-get install -y chromium")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(tmp_path_factory.mktemp("data"), ai_workers=0) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@pytest.fixture
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: $CLANBOARD_SCREENSHOTS, else a temporary directory."""
    where = os.environ.get("CLANBOARD_SCREENSHOTS")
    path = Path(where) if where else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A page the size of a phone, failing the test on any script error."""
    # Playwright's wait_for_function evaluates its string with eval, which the pages'
    # Content-Security-Policy forbids; test_friends checks the pages under the policy
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, f"script errors in the page: {errors}"


SIZES = {"desktop": (1280, 900), "phone": (390, 844)}
"""The screen sizes the pages are looked at in."""


def page_at(browser: Any, url: str, size: str, *, screens: dict[str, tuple[int, int]] = SIZES,
            touch: bool = False) -> Any:
    """A new page of ``size`` (a ``screens`` key) at ``url``, with a touch screen if
    ``touch``; ``page.errors`` collects the page's script errors."""
    width, height = screens[size]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  bypass_csp=True, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.errors = errors
    return page


def tutorial_shown(page: Any) -> None:
    """Wait for a tutorial table's step panel (a page whose coach script came after the first
    view once showed none: test_coach.py's slow-script test)."""
    page.wait_for_selector("[data-testid=tutorial-text]", timeout=30_000)
