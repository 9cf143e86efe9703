"""Glen More in headless Chromium: take a tile from the track and place it by clicking."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from clanboard.core import games as all_games

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif("glen-more" not in [g.id for g in all_games()],
                       reason="Glen More is not installed"),
]


def test_take_and_place_a_tile(base_url: str, phone: Any, shots: Path) -> None:
    page = phone
    page.goto(base_url + "/")
    page.select_option("[data-testid=game]", "glen-more")
    page.select_option("[data-testid=seat-1]", "ai:random")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=gm-board]")
    page.wait_for_function("document.body.dataset.myturn === '1'")
    page.screenshot(path=str(shots / "gm-start.png"), full_page=True)
    # every tile is drawn by the kit with its full name, and described in words on hover
    faces = page.locator("[data-testid=gm-track] g.kit-face")
    assert faces.count() >= 10
    for g in faces.all():
        name = g.get_attribute("data-kit-name")
        assert " ".join(g.locator("text.kit-name").all_text_contents()) == name
        title = g.locator(":scope > title").text_content()
        assert title.split("\n")[0] == name and "->" not in title and "+" not in title, title
    # a tile that offers no move opens its description on a tap
    home = page.locator("[data-territory='0'] g.kit-face").first
    home.click()
    pop = page.locator("[data-testid=kit-popover]")
    assert pop.is_visible() and home.get_attribute("data-kit-name") in pop.inner_text()
    page.keyboard.press("Escape")
    assert pop.count() == 0

    take = page.locator("[data-testid=gm-track] g.take").first
    move = take.get_attribute("data-move")
    assert move and move.startswith("take T")
    take.click()
    page.wait_for_function("document.body.dataset.seq === '1' && "
                           "document.body.dataset.myturn === '1'")
    spot = page.locator("[data-territory='0'] rect.place").first
    placed = spot.get_attribute("data-move")
    assert placed and placed.startswith("place ")
    spot.click()
    page.wait_for_function("document.body.dataset.seq === '2'")
    page.screenshot(path=str(shots / "gm-placed.png"), full_page=True)

    logged = page.locator("[data-testid=log] li").evaluate_all(
        "els => els.map(e => e.dataset.move)")
    assert logged[:2] == [move, placed]
    words = page.locator("[data-testid=log] li").all_inner_texts()
    assert words[0].startswith("Player 1 moves ") and " on the rondel and takes " in words[0]
    assert words[1].startswith("Player 1 places ")
    # the tile just placed is highlighted
    assert page.locator("[data-territory='0'] g.last-move").count() >= 1
    tile = move.split()[1]
    assert page.locator(f"[data-territory='0'] g[data-tile='{tile}']").count() == 1
    assert page.locator(f"[data-testid=gm-track] g[data-tile='{tile}']").count() == 0


def click_on_board(page: Any) -> str | None:
    """Play one move by clicking the board where possible; returns the move's notation."""
    for sel in ("[data-testid=gm-track] g.take", "[data-territory='0'] rect.place",
                "[data-territory='0'] g.play", "[data-testid=gm-market] tr.buy",
                "[data-testid=gm-actions] button"):
        loc = page.locator(sel)
        if loc.count():
            move = loc.first.get_attribute("data-move")
            loc.first.click()
            return move
    choose = page.locator("[data-territory='0'] g.choose")
    if choose.count():
        choose.first.click()
        buttons = page.locator("[data-testid=gm-choose] button")
        # a tile's several actions are listed in words, not in notation
        for text in buttons.all_inner_texts():
            assert not re.match(r"^(move|retire|act|pay|sell) ", text) and ">" not in text, text
        button = buttons.first
        move = button.get_attribute("data-move")
        button.click()
        return move
    button = page.locator("#moves button.move").first
    move = button.get_attribute("data-move")
    button.click()
    return move


def test_a_few_turns_by_clicking_the_board(base_url: str, phone: Any, shots: Path) -> None:
    page = phone
    page.goto(base_url + "/")
    page.select_option("[data-testid=game]", "glen-more")
    page.select_option("[data-testid=seat-1]", "ai:random")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=gm-board]")
    played = []
    for _ in range(14):
        page.wait_for_function("document.body.dataset.myturn === '1' || "
                               "document.body.dataset.status === 'over'", timeout=20_000)
        seq = page.evaluate("document.body.dataset.seq")
        played.append(click_on_board(page))
        page.wait_for_function(f"document.body.dataset.seq !== '{seq}'", timeout=20_000)
    page.screenshot(path=str(shots / "gm-turns.png"), full_page=True)
    entries = page.locator("[data-testid=log] li").evaluate_all(
        "els => els.map(e => [e.dataset.move, e.textContent])")
    mine = [m for m, text in entries if text.startswith("Player 1 ")]
    assert all(m in mine for m in played)
    assert sum(m is not None and m.startswith("take ") for m in played) >= 2


#: what the board offers, in the order a quick game takes it: a tile, its square, end the
#: turn as soon as allowed, then whatever the turn still asks for (resources owed, gains)
QUICK_ORDER = ("[data-testid=gm-track] g.take", "[data-territory='0'] rect.place",
               "[data-testid=gm-actions] button[data-move=end]",
               "[data-testid=gm-actions] button", "[data-testid=gm-market] tr.buy",
               "[data-territory='0'] g.play")


def quick_click(page: Any) -> str:
    """One move made on the board only, choosing what ends the game soonest."""
    for sel in QUICK_ORDER:
        loc = page.locator(sel)
        if loc.count():
            move = loc.first.get_attribute("data-move")
            loc.first.click()
            assert move
            return move
    choose = page.locator("[data-territory='0'] g.choose")
    assert choose.count(), "no move can be made on the board: " + str(page.locator(
        "#moves button.move").evaluate_all("bs => bs.map(b => b.dataset.move)"))
    choose.first.click()
    button = page.locator("[data-testid=gm-choose] button").first
    move = button.get_attribute("data-move")
    button.click()
    assert move
    return move


def test_whole_game_to_the_end_screen(base_url: str, phone: Any, shots: Path) -> None:
    page = phone
    page.goto(base_url + "/")
    page.select_option("[data-testid=game]", "glen-more")
    page.select_option("[data-testid=seat-1]", "ai:random")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=gm-board]")
    played: list[str] = []
    while True:
        page.wait_for_function("document.body.dataset.myturn === '1' || "
                               "document.body.dataset.status === 'over'", timeout=20_000)
        if page.evaluate("document.body.dataset.status") == "over":
            break
        # every legal move is on the board: no move is left to the buttons under it
        assert page.locator("#moves button.move").count() == 0
        seq = page.evaluate("document.body.dataset.seq")
        played.append(quick_click(page))
        page.wait_for_function(f"document.body.dataset.seq !== '{seq}'", timeout=20_000)
        assert len(played) < 400, "the game did not end"
    page.screenshot(path=str(shots / "gm-over.png"), full_page=True)
    # the board's final scoring: a column per player, rows of points adding up to the total
    final = page.locator("[data-testid=gm-final] table")
    table_id = page.url.split("/t/")[1].split("?")[0].split("#")[0]
    seats = page.request.get(f"{base_url}/api/tables/{table_id}/view").json()["seats"]
    assert final.locator("thead th").all_inner_texts()[1:] == [s["name"] for s in seats]
    assert final.get_attribute("data-adds-up") == "1"
    rows = final.locator("tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.children].map(c => c.textContent))")
    assert [r[0] for r in rows][:2] == ["points during the game (tiles)", "Scoring 1"]
    for col in (1, 2):
        assert sum(int(r[col]) for r in rows[:-1]) == int(rows[-1][col])
    kinds = {m.split()[0] for m in played}
    assert {"take", "place", "end"} <= kinds, kinds

    result = page.locator("[data-testid=result-text]").inner_text()
    assert result in ("You win!", "Campbell (AI, random) wins", "No winner") \
        or " win" in result, result
    # the final scoring broken down per player: three scoring rounds and the final scoring
    tables = page.locator("[data-testid=result-why] table.why-table")
    captions = tables.locator("caption").all_inner_texts()
    assert captions == ["Scoring 1", "Scoring 2", "Scoring 3", "Final scoring"], captions
    for i in range(tables.count()):
        heads = tables.nth(i).locator("thead th").all_inner_texts()
        assert heads[1:] == ["Player 1", "Campbell (AI, random)"], heads
    final = tables.nth(3).locator("tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.children].map(c => c.textContent))")
    labels = [row[0] for row in final]
    assert labels[0] == "points before the final scoring" and labels[-1] == "total", labels
    assert "coins (1 point each)" in labels and "tiles in the territory" not in labels
    why = page.locator("[data-testid=result-why]").inner_text()
    assert "tiles in the territory: Player 1 " in why
    # each column's total is the sum of its points (the tile count is said under the table)
    # and the player's score on the server
    table_id = page.url.split("/t/")[1].split("?")[0].split("#")[0]
    view = page.request.get(f"{base_url}/api/tables/{table_id}/view").json()
    scores = view["result"]["scores"]
    for col in (1, 2):
        parts = [int(row[col]) for row in final[:-1]]
        assert sum(parts) == int(final[-1][col]) == scores[col - 1], (final, scores)
