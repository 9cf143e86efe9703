"""Rules at the point of need and the coach's better move, in headless Chromium: on each of
the four boards every component has a rules section, a tap (or a long press: a right click
on a desktop, a touch held by pointer events on a touch-screen phone) on one offers
"Rules: <section>" and the link lands on that section's heading in the page's language; in
coach mode the planted blunder's better move is shown on the board and "Back to the game"
returns to it; a tutorial's suggested move is shown the same way until the next move.
Screenshots (desktop and phone, four languages) of the popovers and the look-back boards
go to $CLANBOARD_SCREENSHOTS when set."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from clanboard.server.tables.rules_links import headings, point_links
from tests.e2e.conftest import SIZES, page_at
from tests.e2e.test_coach import coach_on, planted_until_blunder
from tests.e2e.test_phone import PRESS, open_page
from tests.support.liveserver import live_server

pytestmark = pytest.mark.browser
LANGS = ("en", "ru", "uk", "ja")
AI = {"kind": "ai", "agent": "random"}
#: per game: the table, the board's selector, and the components to try: (selector, how
#: (tap or a long press), the kind of component it is)
GAMES: dict[str, dict[str, Any]] = {
    "schotten-totten": {
        "table": {"seed": 3, "seats": [{"kind": "human"}, AI]},
        "board": "[data-testid=st-board]",
        "try": [(".st-stone[data-stone='4']", "tap", "stone"),
                ("[data-testid=hand] .st-card", "press", "clan-card")]},
    "glen-more": {
        "table": {"seed": 5, "seats": [{"kind": "human"}, AI]},
        "board": "[data-testid=gm-track]",
        "try": [("[data-testid=gm-market] h3", "tap", "market"),
                ("[data-testid=gm-track] .kit-face", "press", "tile")]},
    "isle-of-skye": {
        "table": {"seed": 5, "seats": [{"kind": "human"}, AI]},
        "board": "[data-testid=sk-board]",
        "try": [(".sk-stile[data-letter='B']", "tap", "scoring-tile"),
                ("[data-territory='0'] .kit-face", "press", "tile")]},
    "glen-more-2": {
        "table": {"seed": 5, "options": {"provisional": True, "chronicles": "9,10,11"},
                  "seats": [{"kind": "human"}, AI]},
        "board": "[data-testid=g2-rondel]",
        "try": [("[data-testid=g2-feasts] h3", "tap", "feast"),
                ("[data-testid=g2-rondel] .kit-face", "press", None)]},
}
#: every component on the board: its kind, and whether the page has a link for it
UNLINKED = """() => {
  const kit = window.clanboard.kit, links = kit.rulesLinks();
  const els = [...document.querySelectorAll(
    '#board [data-rules], #board .kit-icon, #board .kit-face')];
  const missing = els.map((el) => kit.rulesKind(el)).filter((k) => !k || !links[k]);
  return {count: els.length, missing: [...new Set(missing.map(String))]};
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(tmp_path_factory.mktemp("data"), coach_iterations=200, rate_tables=0,
                     max_open_tables=0) as url:
        yield url


def open_table(server: str, browser: Any, game: str, lang: str, size: str) -> Any:
    made = httpx.post(server + "/api/tables", json={"game": game, **GAMES[game]["table"]})
    assert made.status_code == 201, made.text
    body = made.json()
    # a phone has a touch screen (test_phone.open_page): its long press is a held touch
    page = open_page(browser, f"{server}/t/{body['table']}?seat=0&lang={lang}"
                              f"#token={body['tokens']['0']}", size)
    page.wait_for_selector(GAMES[game]["board"], timeout=60_000)
    page.wait_for_function("Object.keys(window.clanboard.kit.rulesLinks()).length > 0",
                           timeout=30_000)
    return page


def open_popover(page: Any, selector: str, how: str) -> Any:
    target = page.locator(selector).first
    if how == "tap":
        target.click()
    elif page.evaluate("navigator.maxTouchPoints") > 0:  # a finger held: pointer events only
        target.scroll_into_view_if_needed()
        page.evaluate(PRESS, [selector, 700, 0])
    else:  # a mouse's long press: a right click, the browser's context menu event
        target.click(button="right")
    pop = page.locator("[data-testid=kit-popover]")
    pop.wait_for(timeout=10_000)
    return pop


@pytest.mark.parametrize("game", list(GAMES))
def test_every_component_opens_its_rules_section(server: str, browser: Any, shots: Path,
                                                 game: str) -> None:
    for lang in LANGS:
        links = point_links(game, lang)
        for size in SIZES:
            page = open_table(server, browser, game, lang, size)
            found = page.evaluate(UNLINKED)
            assert found["count"] > 5 and not found["missing"], found  # none left without
            for i, (selector, how, kind) in enumerate(GAMES[game]["try"]):
                pop = open_popover(page, selector, how)
                assert pop.locator("strong").inner_text().strip()  # the component's name
                link = pop.locator("[data-testid=kit-rules-link]")
                got = link.get_attribute("data-kind")
                assert got == kind or (kind is None and got in links), got
                section = links[got]
                assert link.inner_text().endswith(section["title"])
                assert link.get_attribute("href") == section["url"]
                page.screenshot(path=str(shots / f"rules-{game}-{lang}-{size}-{i + 1}.png"))
                if size == "phone" and i == len(GAMES[game]["try"]) - 1:
                    with page.context.expect_page() as opened:
                        link.click()  # a new tab: the game stays open in this one
                    rules = opened.value
                    heading = rules.locator("h2.rule-target")  # its heading, in this language
                    heading.wait_for(timeout=30_000)
                    assert heading.get_attribute("id") == section["anchor"]
                    assert heading.inner_text() == section["title"]
                    assert section["title"] in headings(game, lang)
                    rules.screenshot(path=str(shots / f"rules-page-{game}-{lang}-phone.png"))
                    assert page.locator(GAMES[game]["board"]).count() == 1
                else:
                    page.keyboard.press("Escape")
                    assert not page.locator("[data-testid=kit-popover]").count()
            assert not page.errors, page.errors
            page.context.close()


def best_move(server: str, table: str, token: str) -> str:
    view = httpx.get(f"{server}/api/tables/{table}/view?seat=1",
                     headers={"Authorization": f"Bearer {token}"}).json()
    return str(view["coach"]["verdict"]["best"])


@pytest.mark.parametrize("lang", LANGS)
def test_the_coach_shows_the_better_move_on_the_board(server: str, browser: Any, shots: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      lang: str) -> None:
    table, token = planted_until_blunder(server, monkeypatch)
    pages = {size: page_at(browser, f"{server}/t/{table}?seat=1&lang={lang}#token={token}",
                           size) for size in SIZES}
    page = pages["desktop"]
    coach_on(page)
    r = httpx.post(f"{server}/api/tables/{table}/moves", json={"seat": 1, "move": "7r@8"},
                   headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    for size, p in pages.items():
        p.locator("[data-testid=coach-verdict]").wait_for(timeout=120_000)
        p.wait_for_function("document.body.dataset.status === 'over'", timeout=60_000)
        card, stone = best_move(server, table, token).split("@")
        p.click("[data-testid=coach-show-better]")
        p.locator("[data-testid=look-back-board]").wait_for(timeout=30_000)
        assert p.locator("#board.look-back").count() == 1
        # the coach's card at its stone, highlighted; the blunder's card is not there
        best = p.locator("[data-testid=look-back-board] "
                         f"[data-stone-side='{stone}'][data-side='1'] "
                         f".st-card.last-move[data-card='{card}']")
        assert best.count() == 1
        assert not p.locator("[data-testid=look-back-board] [data-stone-side='8'][data-side='1'] "
                             ".st-card[data-card='7r']").count()
        assert p.locator("[data-testid=look-back]").inner_text().strip()
        p.screenshot(path=str(shots / f"coach-better-{lang}-{size}.png"))
        p.click("[data-testid=look-back-return]")
        p.locator("[data-testid=look-back-board]").wait_for(state="detached", timeout=10_000)
        assert p.locator("#board [data-stone-side='8'][data-side='1'] "
                         ".st-card[data-card='7r']").count() == 1  # the live game again
        assert not p.errors, p.errors
        p.context.close()


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_tutorials_move_is_shown_until_the_next_move(server: str, browser: Any,
                                                         shots: Path, lang: str) -> None:
    from tests.e2e.test_coach import tutorial_page

    page = tutorial_page(browser, server, lang, "phone")
    # on the live board: the suggested card and its stone
    page.wait_for_selector("[data-testid=hand] .st-card.suggested[data-card='4y']", timeout=30_000)
    assert page.locator("#board .st-stone.suggested").get_attribute("data-stone") == "5"
    assert page.locator("#board .suggested").count() == 2
    page.screenshot(path=str(shots / f"tutorial-live-{lang}-phone.png"))
    page.click("[data-testid=tutorial-show-move]")
    page.locator("[data-testid=look-back-board]").wait_for(timeout=30_000)
    assert page.locator("[data-testid=look-back-board] [data-stone-side='5'][data-side='0'] "
                        ".st-card.last-move[data-card='4y']").count() == 1
    page.screenshot(path=str(shots / f"tutorial-move-{lang}-phone.png"))
    # the move played (here through the API, as another tab would): back to the live board
    table = page.evaluate("window.clanboard.table.id")
    token = page.evaluate(f"localStorage.getItem('clanboard:{table}:0')")
    r = httpx.post(f"{server}/api/tables/{table}/moves", json={"seat": 0, "move": "4y@5"},
                   headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    page.locator("[data-testid=look-back-board]").wait_for(state="detached", timeout=30_000)
    assert page.locator("#board [data-stone-side='5'][data-side='0'] "
                        ".st-card[data-card='4y']").count() == 1
    assert not page.errors, page.errors
    page.context.close()



BOARDS = {"schotten-totten": ("[data-testid=st-board]", "en"),
          "glen-more": ("[data-testid=gm-track]", "ru"),
          "isle-of-skye": ("[data-testid=sk-board]", "uk"),
          "glen-more-2": ("[data-testid=g2-rondel]", "ja")}


@pytest.mark.parametrize("game", list(BOARDS))
def test_the_better_move_is_drawn_on_every_board(server: str, browser: Any, shots: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 game: str) -> None:
    """Any game's marked move: the coach's move (here, by a stand-in analysis, another legal
    move) drawn on that game's board, highlighted, then the live board again."""
    from clanboard.ai import analysis
    from clanboard.core import get_game

    def stand_in(task: Any) -> Any:
        legal = [str(m) for m in get_game(task.game).state_from_json(task.state)
                 .legal_moves(task.player)]
        other = next(m for m in reversed(legal) if m != task.move)
        return analysis.MoveAnalysis(task.index, task.player, task.move, other, 0.8, 0.3)

    monkeypatch.setattr(analysis, "analyse_position", stand_in)
    selector, lang = BOARDS[game]
    options = {"provisional": True} if game == "glen-more-2" else {}
    made = httpx.post(server + "/api/tables", json={
        "game": game, "seed": 5, "options": options, "seats": [{"kind": "human"}, AI]}).json()
    table, token = made["table"], made["tokens"]["0"]
    headers = {"Authorization": f"Bearer {token}"}
    page = page_at(browser, f"{server}/t/{table}?seat=0&lang={lang}#token={token}", "desktop")
    page.wait_for_selector(selector, timeout=60_000)
    coach_on(page)
    page.wait_for_function("document.body.dataset.myturn === '1'", timeout=60_000)
    view = httpx.get(f"{server}/api/tables/{table}/view?seat=0", headers=headers).json()
    r = httpx.post(f"{server}/api/tables/{table}/moves", headers=headers,
                   json={"seat": 0, "move": view["legal_moves"][0]})
    assert r.status_code == 200, r.text
    verdict = page.locator("[data-testid=coach-verdict][data-mark=blunder]")
    verdict.wait_for(timeout=60_000)
    page.click("[data-testid=coach-show-better]")
    shown = page.locator("[data-testid=look-back-board]")
    shown.wait_for(timeout=30_000)
    assert shown.locator(selector).count() == 1  # the game's own board, not a generic view
    marked = shown.locator(".last-move, [data-testid=sk-last-move], [data-testid=sk-last]")
    assert marked.count() >= 1
    page.screenshot(path=str(shots / f"coach-better-{game}-{lang}-desktop.png"))
    page.click("[data-testid=look-back-return]")
    shown.wait_for(state="detached", timeout=10_000)
    assert page.locator(f"#board {selector}").count() == 1
    assert not page.errors, page.errors
    page.context.close()
