"""Glen More II in headless Chromium: 3-player tables started from the lobby's default
(provisional) preset and played to the end by clicking the board: chronicle 9 (feast bids),
and chronicles 9, 10 and 11 together (the Highland Games board, historic places) against two
heuristic AI seats."""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from clanboard.core import games as all_games
from tests.support.liveserver import live_server

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif("glen-more-2" not in [g.id for g in all_games()],
                       reason="Glen More II is not installed"),
]

ME = "[data-territory='0']"


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A whole game is some 300 clicks in a minute or two: above the default write limit."""
    with live_server(tmp_path_factory.mktemp("data"), ai_workers=0, rate_writes=2000) as url:
        yield url


#: the boards of chronicles 10 and 11: a tile's options, the central track's offered step and
#: the Highland Games buttons (decline, representative), blueprint resources
HIGHLAND = [("[data-testid=g2-choose-option] button.move", "option"),
            ("[data-testid=g2-highland] tr.claim", "central"),
            ("[data-testid=g2-highland] button.move", "highland"),
            ("[data-testid=g2-blueprints-0] button.move", "plan")]


def click_on_board(page: Any, turn: int) -> str:
    """Play one move by clicking the board; returns what kind of click it was."""
    # the secret bid: feasts clicked in order (top of the stack first), then Submit
    if page.locator(".feast.pick").count():
        picks = page.locator(".feast.pick")
        for _ in range(1 + turn % 3):
            if not picks.count():
                break
            picks.first.click()
        submit = page.locator("[data-testid=g2-bid-submit]")
        if submit.is_enabled():
            submit.click()
            return "bid"
        page.locator("[data-testid=g2-bid-none]").click()
        return "bid none"
    # a tile offering several moves lists them; a Scotsman is moved in two clicks
    order = [("[data-testid=g2-rondel] g.take", "take"),
             ("[data-testid=g2-rondel] g.choose", "choose"),
             (f"{ME} g.choose", "choose"), (f"{ME} rect.place", "place"), (f"{ME} g.play", "play"),
             (f"{ME} g.from", "move"), ("[data-testid=g2-market] tr.buy", "buy"),
             ("[data-testid=g2-gain] button", "gain"), ("[data-testid=g2-clan] tr.claim", "clan"),
             *HIGHLAND, ("[data-testid=g2-end]", "end")]
    for sel, kind in order:
        loc = page.locator(sel)
        if not loc.count():
            continue
        loc.first.click()
        if kind == "choose":
            buttons = page.locator("[data-testid=g2-choose] button.move")
            buttons.nth(turn % buttons.count()).click()
        elif kind == "move":
            page.locator(f"{ME} g.dest").first.click()
        return kind
    raise AssertionError("nothing to click on the board")


def play_by_clicking(page: Any, shots: Path, name: str) -> Counter[str]:
    """Click the board until the game is over; every move is on the board (no fallback
    buttons). Returns the kinds of clicks made."""
    clicks: Counter[str] = Counter()
    stalls = 0
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    for turn in range(2500):
        page.wait_for_function("document.body.dataset.myturn === '1' || "
                               "document.body.dataset.status === 'over'", timeout=30_000)
        if page.evaluate("document.body.dataset.status") == "over":
            return clicks
        assert page.locator("#moves button.move").count() == 0, \
            page.locator("#moves button.move").all_inner_texts()
        seq = page.evaluate("document.body.dataset.seq")
        kind = click_on_board(page, turn)
        if clicks[kind] == 0:
            page.screenshot(path=str(shots / f"{name}-{kind}.png"), full_page=True)
        clicks[kind] += 1
        try:
            page.wait_for_function(f"document.body.dataset.seq !== '{seq}'", timeout=10_000)
        except PlaywrightTimeout:
            refused = page.locator("#move-error").inner_text()
            assert not refused, refused
            stalls += 1
            assert stalls <= 5, f"the board did not answer: {kind}"
    raise AssertionError(f"the game did not end: {clicks}")


def open_highland_table(page: Any, base_url: str) -> None:
    """A 3-player table with chronicles 9, 10 and 11 against two heuristic AI seats."""
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto(base_url + "/")
    page.select_option("[data-testid=game]", "glen-more-2")
    assert page.locator("#variant").input_value() == "provisional"
    page.select_option("[data-option=chronicles]", "9,10,11")
    page.select_option("#players", "3")
    page.select_option("[data-testid=seat-1]", "ai:heuristic")
    page.select_option("[data-testid=seat-2]", "ai:heuristic")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=g2-board]")


def test_highland_games_board_and_historic_places_in_two_languages(base_url: str, phone: Any,
                                                                  shots: Path) -> None:
    page = phone
    open_highland_table(page, base_url)
    assert page.locator("[data-testid=provisional-badge]").is_visible()
    # the Highland Games board: three tracks (caber, central, stone), every step drawn
    hg = page.locator("[data-testid=g2-highland]")
    assert hg.is_visible() and "Highland Games" in hg.locator("h3").inner_text()
    assert page.locator("[data-testid=g2-highland] [data-track]").count() == 3
    assert page.locator("[data-testid=g2-highland] tr[data-step^='central ']").count() == 5
    assert page.locator("[data-testid=g2-highland] tr[data-step^='caber ']").count() == 6
    # historic places: the doubles beside the rondel
    assert page.locator("[data-testid=g2-historic] [data-double]").count() >= 1
    page.screenshot(path=str(shots / "gm2-hg-start.png"), full_page=True)
    # the same board in Russian: the catalogue's words and the pack's Russian tile names
    table = page.url
    page.goto(table + ("&" if "?" in table else "?") + "lang=ru")
    page.wait_for_selector("[data-testid=g2-highland]")
    assert "Игры горцев" in page.locator("[data-testid=g2-highland] h3").inner_text()
    assert "Метатели брёвен" in page.locator("[data-testid=g2-highland]").inner_text()
    assert "Временные компоненты" in page.locator("[data-testid=provisional-badge]").inner_text()
    assert "Начальная деревня" in page.locator(ME).inner_html()
    page.screenshot(path=str(shots / "gm2-hg-ru.png"), full_page=True)


@pytest.mark.slow  # some 70 s on an idle machine (the feasts game below: about the same)
def test_chronicles_9_10_11_against_ai_by_clicking(base_url: str, phone: Any,
                                                   shots: Path) -> None:
    page = phone
    open_highland_table(page, base_url)
    assert page.locator("[data-testid=provisional-badge]").is_visible()
    assert page.locator("[data-testid=g2-highland]").is_visible()

    clicks = play_by_clicking(page, shots, "gm2-hg")

    page.wait_for_selector("[data-testid=result-text]")
    # the end screen: scorings 1-4 and the final scoring, one row per scored item; the board
    # does not repeat them
    assert page.locator("[data-testid=result-why] table.why-table").count() == 5
    assert page.locator("[data-testid=g2-final]").count() == 0
    assert page.locator("[data-testid=provisional-badge]").is_visible()
    page.screenshot(path=str(shots / "gm2-hg-end.png"), full_page=True)
    assert clicks["take"] + clicks["choose"] >= 5 and clicks["place"] >= 5, clicks
    # the chronicles' own moves were clicked on their boards
    assert clicks["plan"] >= 1 and clicks["bid"] + clicks["bid none"] >= 1, clicks
    assert clicks["central"] + clicks["highland"] + clicks["option"] >= 1, clicks


@pytest.mark.slow  # 144 s in a fresh-clone run of the default suite (now that every tile is drawn)
def test_a_whole_game_with_feasts_by_clicking(base_url: str, phone: Any, shots: Path) -> None:
    page = phone
    page.set_viewport_size({"width": 1000, "height": 900})
    page.goto(base_url + "/")
    page.select_option("[data-testid=game]", "glen-more-2")
    # the lobby's default choice is the preset that starts: provisional components allowed
    assert page.locator("#variant").input_value() == "provisional"
    assert page.locator("[data-option=provisional]").is_checked()
    page.select_option("[data-option=chronicles]", "9")
    page.select_option("#players", "3")
    page.select_option("[data-testid=seat-1]", "ai:random")
    page.select_option("[data-testid=seat-2]", "ai:random")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=g2-board]")

    badge = page.locator("[data-testid=provisional-badge]")
    assert badge.is_visible() and "Provisional components" in badge.inner_text()
    badge.locator("summary").click()
    listed = page.locator("[data-testid=provisional-list]").inner_text()
    # named, not as file keys ("settings.csv rondel_spaces", "tiles.csv T01"), nor by id
    assert "rule settings: " in listed and "Quarry ×" in listed and ".csv" not in listed
    assert "T01" not in listed and "(HV)" not in listed
    assert page.locator("[data-testid=g2-feasts] .feast").count() == 5
    page.screenshot(path=str(shots / "gm2-start.png"), full_page=True)

    clicks: Counter[str] = Counter()
    highlighted = stalls = 0
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    for turn in range(1500):
        page.wait_for_function("document.body.dataset.myturn === '1' || "
                               "document.body.dataset.status === 'over'", timeout=30_000)
        if page.evaluate("document.body.dataset.status") == "over":
            break
        # every move of the game is on the board: no fallback buttons under it
        assert page.locator("#moves button.move").count() == 0, \
            page.locator("#moves button.move").all_inner_texts()
        seq = page.evaluate("document.body.dataset.seq")
        kind = click_on_board(page, turn)
        clicks[kind] += 1
        if kind.startswith("bid") and clicks["bid"] + clicks["bid none"] == 1:
            # the own stack is shown to its maker; the others' only as "has bid"
            page.screenshot(path=str(shots / "gm2-bid.png"), full_page=True)
        try:
            page.wait_for_function(f"document.body.dataset.seq !== '{seq}'", timeout=10_000)
        except PlaywrightTimeout:
            # a click that landed while a new view was being drawn is lost: look again,
            # but a refused move is an error
            refused = page.locator("#move-error").inner_text()
            assert not refused, refused
            stalls += 1
            assert stalls <= 5, f"the board did not answer: {kind}"
            continue
        if kind == "place":  # the tile just placed is highlighted (the turn goes on)
            highlighted += page.locator(f"{ME} g.last-move").count()
        if kind == "bid":
            # read in one go: the AI seats' moves may redraw the board (and end the
            # bidding) between a count and a later read, which then waits for nothing;
            # they may also have finished that bidding and opened the next, where this
            # seat is choosing again
            with contextlib.suppress(PlaywrightTimeout):  # the bid reaches the board
                page.wait_for_function(
                    "[...document.querySelectorAll(\"[data-bid-seat='0']\")]"
                    ".every(e => e.textContent.includes('bid '))", timeout=5_000)
            for text in page.locator("[data-bid-seat='0']").all_inner_texts():
                assert "hidden" not in text, text
                assert "bid " in text or "choosing" in text, text
    else:
        raise AssertionError(f"the game did not end: {clicks}")

    page.wait_for_selector("[data-testid=result-text]")
    # the end screen: scorings 1-4 and the final scoring, one row per scored item; the board
    # does not repeat them
    assert page.locator("[data-testid=result-why] table.why-table").count() == 5
    assert page.locator("[data-testid=g2-final]").count() == 0
    assert page.locator("[data-testid=provisional-badge]").is_visible()
    # the badge was left open; at the end it also says which provisional values were used
    used = page.locator("[data-testid=provisional-used]")
    text = used.inner_text()
    assert used.is_visible() and "Quarry" in text and ".csv" not in text and "(T" not in text
    page.screenshot(path=str(shots / "gm2-end.png"), full_page=True)
    assert clicks["take"] + clicks["choose"] >= 5 and clicks["place"] >= 5
    assert clicks["bid"] >= 1 and clicks["end"] >= 1, clicks
    assert highlighted >= 1
    # the replay draws every frame with the same board
    page.click("[data-testid=open-replay]")
    page.wait_for_selector("#rp-board [data-testid=g2-board]")
    page.click("#rp-first")
    assert page.locator("#rp-board [data-testid=g2-rondel]").count() == 1
    page.click("#rp-last")
    assert page.locator("#rp-board [data-testid=g2-rondel]").count() == 1
