"""Isle of Skye in headless Chromium: a whole 3-player game against two AI seats, by clicking
the board only (pricing panel, offered tiles, highlighted cells, turn and place buttons)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from clanboard.core import games as all_games

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif("isle-of-skye" not in [g.id for g in all_games()],
                       reason="Isle of Skye is not installed"),
]

READY = ("document.body.dataset.status === 'over' || "
         "(document.body.dataset.myturn === '1' && !document.querySelector('[data-sk-plan]'))")


def logged_moves(page: Any) -> list[str]:
    """The notation of every log line this page may read (the words are the line's text)."""
    return [str(m) for m in page.locator("[data-testid=log] li").evaluate_all(
        "lines => lines.map(l => l.dataset.move)") if m]


@pytest.fixture
def desk(browser: Any) -> Iterator[Any]:
    """A laptop-sized page, failing the test on any script error."""
    # bypass_csp: wait_for_function evaluates its string with eval (see conftest's phone)
    context = browser.new_context(viewport={"width": 1100, "height": 900}, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, f"script errors in the page: {errors}"


def seq(page: Any) -> str:
    return str(page.evaluate("document.body.dataset.seq"))


def wait_moved(page: Any, before: str) -> None:
    page.wait_for_function(f"document.body.dataset.seq !== '{before}'", timeout=20_000)


def price(page: Any, rng: random.Random) -> str:
    """Discard one drawn tile, raise a price with +, offer; the three sub-moves follow."""
    panel = page.locator("[data-testid=sk-pricing]")
    assert panel.locator(".sk-offer").count() == 3
    panel.locator("[data-testid^=sk-discard-]").nth(rng.randrange(3)).click()
    ups = panel.locator("[data-testid^=sk-price-up-]")
    assert ups.count() == 2
    for _ in range(rng.randrange(3)):
        up = ups.nth(rng.randrange(2))
        if up.is_enabled():
            up.click()
    shown = [int(x) for x in panel.locator("output").all_inner_texts()]
    assert all(p >= 1 for p in shown)
    panel.locator("[data-testid=sk-offer]").click()
    page.wait_for_function("!document.querySelector('[data-testid=sk-pricing]') || "
                           "document.body.dataset.status === 'over'", timeout=20_000)
    return f"offer {shown}"


def build(page: Any, rng: random.Random) -> str:
    """Click a highlighted cell, turn the tile through its rotations, place it."""
    cells = page.locator("[data-territory='0'] rect.place")
    cells.nth(rng.randrange(cells.count())).click()
    turn = page.locator("[data-testid=sk-rotate]")
    if turn.is_enabled():
        before = page.locator("[data-preview]").get_attribute("data-rot")
        if rng.random() < .5:
            turn.click()
        else:
            page.keyboard.press("r")
        assert page.locator("[data-preview]").get_attribute("data-rot") != before
    move = page.locator("[data-testid=sk-confirm]").get_attribute("data-move")
    before_seq = seq(page)
    page.locator("[data-testid=sk-confirm]").click()
    wait_moved(page, before_seq)
    return str(move)


def one_turn(page: Any, rng: random.Random) -> str:
    if page.locator("[data-testid=sk-pricing]").count():
        return price(page, rng)
    before = seq(page)
    buys = page.locator("[data-testid=sk-buy]")
    if page.locator("[data-testid=sk-pass]").count():
        if buys.count() and rng.random() < .6:
            move = buys.first.get_attribute("data-move")
            buys.first.click()
        else:
            move = "pass"
            page.locator("[data-testid=sk-pass]").click()
        wait_moved(page, before)
        return str(move)
    if page.locator("[data-territory='0'] rect.place").count():
        return build(page, rng)
    back = page.locator("[data-testid^=sk-return-]").first
    move = back.get_attribute("data-move")
    back.click()
    wait_moved(page, before)
    return str(move)


def test_a_whole_three_player_game_by_clicking(base_url: str, desk: Any, shots: Path) -> None:
    page = desk
    rng = random.Random(18)
    page.goto(base_url + "/")
    page.select_option("[data-testid=game]", "isle-of-skye")
    page.select_option("[data-testid=players]", "3")
    page.select_option("[data-testid=seat-1]", "ai:random")
    page.select_option("[data-testid=seat-2]", "ai:random")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=sk-board]")
    page.wait_for_function(READY, timeout=20_000)
    # the pricing panel is private: the AI seats' tiles show without discard or prices
    assert page.locator("[data-testid=sk-scoring] .sk-stile").count() == 4
    assert page.locator("[data-testid=sk-scoring] .sk-stile.active").count() == 1
    assert page.locator("[data-testid=sk-gold-1]").inner_text() == "gold hidden"
    page.screenshot(path=str(shots / "skye-pricing.png"), full_page=True)

    played: list[str] = []
    shot_build = False
    for _ in range(200):
        page.wait_for_function(READY, timeout=30_000)
        if page.evaluate("document.body.dataset.status") == "over":
            break
        if not shot_build and page.locator("[data-territory='0'] rect.place").count():
            page.screenshot(path=str(shots / "skye-build.png"), full_page=True)
            shot_build = True
        played.append(one_turn(page, rng))
    else:
        pytest.fail(f"the game did not end after {len(played)} turns")

    page.wait_for_selector("[data-testid=result-text]")
    page.screenshot(path=str(shots / "skye-over.png"), full_page=True)
    assert sum(m.startswith("offer") for m in played) == 6  # one commit a round
    assert any(m.startswith("place ") for m in played)
    log = logged_moves(page)
    assert all(m in log for m in played if m.startswith(("place ", "buy ")))
    # the end: every round scored, gold shown for everyone, the newest tiles outlined
    assert page.locator("[data-testid=sk-points] tr").count() >= 8
    # the points table: a column per player, rows of points that add up to each total
    points = page.locator("[data-testid=sk-points] table")
    assert points.get_attribute("data-adds-up") == "1"
    table_id = page.url.split("/t/")[1].split("?")[0].split("#")[0]
    seats = page.request.get(f"{base_url}/api/tables/{table_id}/view").json()["seats"]
    assert points.locator("tr").first.locator("th").all_inner_texts()[1:] == [
        s["name"] for s in seats]
    # a tile described in words on a tap: its name, its edges, roads and icons
    tile = page.locator("[data-territory='1'] g[data-tile]").first
    name = tile.get_attribute("data-kit-name")
    assert name.startswith(("Tile with ", "blue castle", "yellow castle", "red castle",
                            "white castle", "green castle")), name
    assert not re.search(r"\bL\d\d\b", name)  # a tile named by what it shows, never its id
    board = page.locator("[data-testid=board]")
    shown = board.inner_text() + "\n".join(board.locator("title").all_text_contents())
    assert not re.search(r"\bL\d\d\b", shown), re.search(r"\bL\d\d\b", shown)
    tile.click()
    pop = page.locator("[data-testid=kit-popover]")
    assert name in pop.inner_text() and "Edges: north: " in pop.inner_text()
    page.keyboard.press("Escape")
    assert "?" not in page.locator("[data-testid=sk-gold-1]").inner_text()
    assert page.locator("[data-territory] .newest, [data-territory] .last-move").count() >= 1
    territory = page.locator("[data-territory='0'] g[data-tile]")
    placed = sum(m.startswith("place ") for m in played)
    on_table = territory.count()
    assert on_table >= placed + 1
    # the replay draws each frame with the same board
    page.click("[data-testid=open-replay]")
    page.wait_for_selector("#rp-board [data-testid=sk-board]")
    drawn = page.locator("#rp-board [data-territory='0'] g[data-tile]")
    frames = drawn.count()
    assert frames == on_table  # the last frame is the table as it ended
    # step back to seat 0's last placement (the AI seats may have placed long after it)
    for _ in range(len(played) * 3):
        page.click("[data-testid=replay-back]")
        if drawn.count() < frames:
            break
    assert drawn.count() == frames - 1
    page.click("[data-testid=replay-first]")
    assert drawn.count() == 1  # the castle alone
    page.screenshot(path=str(shots / "skye-replay.png"), full_page=True)


def test_pricing_on_a_phone_keeps_offers_hidden_and_fits(base_url: str, phone: Any,
                                                          shots: Path) -> None:
    page = phone
    page.goto(base_url + "/")
    page.select_option("[data-testid=game]", "isle-of-skye")
    page.select_option("[data-testid=players]", "3")
    page.select_option("[data-testid=seat-1]", "ai:random")
    page.select_option("[data-testid=seat-2]", "ai:random")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=sk-pricing]")
    page.wait_for_function("document.querySelectorAll('[data-offers] .tag').length === 6")
    # the AI seats have committed, but their discards and prices stay hidden until mine
    others = page.locator("[data-offers='1']").inner_text()
    assert "ready" in others and "gold" not in others and "discard" not in others
    assert others.count("price hidden") == 3 and "?" not in others  # words, not a bare "?"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(shots / "skye-phone-pricing.png"), full_page=True)
    panel = page.locator("[data-testid=sk-pricing]")
    assert panel.locator("[data-testid=sk-offer]").is_disabled()  # no discard chosen yet
    first = panel.locator("[data-testid^=sk-discard-]").first
    discarded = str(first.get_attribute("data-testid")).removeprefix("sk-discard-")
    first.click()
    up = panel.locator("[data-testid^=sk-price-up-]").first
    priced = str(up.get_attribute("data-testid")).removeprefix("sk-price-up-")
    up.click()
    up.click()
    assert panel.locator(f"[data-testid=sk-price-{priced}]").inner_text() == "3"
    panel.locator(f"[data-testid=sk-price-down-{priced}]").click()
    page.screenshot(path=str(shots / "skye-phone-prices-set.png"), full_page=True)
    panel.locator("[data-testid=sk-offer]").click()
    page.wait_for_selector("[data-testid=sk-pass]")
    # revealed: my offer and the others' prices show; I can buy or pass
    mine = page.locator("[data-offers='0']").inner_text()
    assert "discarded" in mine and "2 gold" in mine
    assert not re.search(r"\bL\d\d\b", page.locator("[data-testid=board]").inner_text())
    assert "gold" in page.locator("[data-offers='1']").inner_text()
    log = logged_moves(page)
    assert f"discard {discarded}" in log and f"price {priced} 2" in log
    page.screenshot(path=str(shots / "skye-phone-buy.png"), full_page=True)
