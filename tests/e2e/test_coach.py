"""Hints and coach mode in headless Chromium: the Hint button explains the AI's move, and
coach mode marks the planted blunder at the table, in two languages (screenshots of both
in all four languages when $CLANBOARD_SCREENSHOTS is set)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from clanboard.core import GameRecord
from clanboard.server.tables import timers
from tests.e2e.conftest import SIZES, page_at, tutorial_shown
from tests.support.liveserver import live_server

pytestmark = pytest.mark.browser
PLANTED = Path(__file__).parents[1] / "ai" / "data" / "planted_blunder.json"
BLUNDER = 43  # seat 1's 7r@8 lets seat 0 win at once (tests/ai/test_analysis.py)
LANGS = ("en", "ru", "uk", "ja")
HINT_WORDS = {"en": "The AI would play", "ru": "ИИ сыграл бы", "uk": "ШІ зіграв би",
              "ja": "AIならこの手を選びます"}
BETTER = {"en": "Better:", "ru": "Лучше:", "uk": "Краще:", "ja": "より良い手"}


@pytest.fixture(scope="module")
def coach_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # this module makes more tables than one address may make a minute: no table limits
    with live_server(tmp_path_factory.mktemp("data"), hint_iterations=200,
                     coach_iterations=200, rate_tables=0, max_open_tables=0) as url:
        yield url


@pytest.mark.parametrize("lang", LANGS)
def test_the_hint_button_explains_the_ais_move(coach_server: str, browser: Any, shots: Path,
                                               lang: str) -> None:
    made = httpx.post(coach_server + "/api/tables", json={
        "game": "schotten-totten", "seed": 3,
        "seats": [{"kind": "human", "name": "Ailsa"}, {"kind": "ai", "agent": "random"}]}).json()
    for size in SIZES:
        page = page_at(browser, f"{coach_server}/t/{made['table']}?seat=0&lang={lang}"
                                f"#token={made['tokens']['0']}", size)
        page.click("[data-testid=hint]")
        hint = page.locator("[data-testid=coach-hint]")
        hint.wait_for(timeout=60_000)
        assert HINT_WORDS[lang] in hint.inner_text()
        assert "%" in hint.inner_text()
        count = page.locator("[data-testid=coach-hint-count]").inner_text()
        assert "1" in count
        page.screenshot(path=str(shots / f"coach-hint-{lang}-{size}.png"), full_page=False)
        assert not page.errors, page.errors
        page.context.close()
    # the same position asked again on the second page: still one hint taken
    view = httpx.get(f"{coach_server}/api/tables/{made['table']}/view").json()
    assert view["coach"]["hints"] == [1, 0]


def coach_on(page: Any) -> None:
    """Tick coach mode and wait for the server's answer: the box shows ticked before the
    server hears of it, and a move made in between goes unreviewed."""
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/coach")
                              and r.request.method == "POST") as switched:
        page.check("[data-testid=coach-mode]")
    assert switched.value.ok, switched.value.text()


def planted_until_blunder(base_url: str, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """The planted game against a 'seat 0 AI' replaying its moves, seat 1 (human) coached,
    played up to (not including) the blunder."""
    record = GameRecord.load(PLANTED)
    theirs = iter(m for p, m in record.moves if p == 0)
    monkeypatch.setattr(timers, "choose_move", lambda *a, **k: next(theirs))
    made = httpx.post(base_url + "/api/tables", json={
        "game": record.game, "seed": record.seed, "options": dict(record.options),
        "seats": [{"kind": "ai", "agent": "random", "name": "Ailsa"},
                  {"kind": "human", "name": "Bram"}]}).json()
    table, token = made["table"], made["tokens"]["1"]
    headers = {"Authorization": f"Bearer {token}"}
    import time

    for index, (player, move) in enumerate(record.moves[:BLUNDER]):
        deadline = time.monotonic() + 30
        while httpx.get(f"{base_url}/api/tables/{table}/view").json()["seq"] < index:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        if player == 1:
            r = httpx.post(f"{base_url}/api/tables/{table}/moves", headers=headers,
                           json={"seat": 1, "move": move})
            assert r.status_code == 200, r.text
    return table, token


@pytest.mark.parametrize("lang", LANGS)
def test_coach_mode_marks_the_planted_blunder(coach_server: str, browser: Any, shots: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              lang: str) -> None:
    table, token = planted_until_blunder(coach_server, monkeypatch)
    pages = {size: page_at(browser, f"{coach_server}/t/{table}?seat=1&lang={lang}"
                                    f"#token={token}", size) for size in SIZES}
    page = pages["desktop"]
    coach_on(page)
    r = httpx.post(f"{coach_server}/api/tables/{table}/moves?lang={lang}",
                   headers={"Authorization": f"Bearer {token}"},
                   json={"seat": 1, "move": "7r@8"})
    assert r.status_code == 200, r.text
    for size, p in pages.items():
        verdict = p.locator("[data-testid=coach-verdict]")
        verdict.wait_for(timeout=120_000)
        assert verdict.get_attribute("data-mark") in ("mistake", "blunder")
        assert BETTER[lang] in verdict.inner_text()
        p.screenshot(path=str(shots / f"coach-verdict-{lang}-{size}.png"), full_page=False)
        assert not p.errors, p.errors
        p.context.close()


TUTORIAL_STEP = {"en": "step 1 of 7", "ru": "шаг 1 из 7", "uk": "крок 1 з 7", "ja": "ステップ1／7"}


def tutorial_page(browser: Any, base_url: str, lang: str, size: str) -> Any:
    """The lobby in ``lang``; 'Learn to play' for Schotten Totten clicked."""
    page = page_at(browser, f"{base_url}/?lang={lang}", size)
    page.click("[data-testid=learn-schotten-totten]")
    tutorial_shown(page)
    return page


@pytest.mark.parametrize("lang", LANGS)
def test_the_tutorial_starts_from_the_lobby(coach_server: str, browser: Any, shots: Path,
                                            lang: str) -> None:
    for size in SIZES:
        page = tutorial_page(browser, coach_server, lang, size)
        assert TUTORIAL_STEP[lang] in page.inner_text("[data-testid=tutorial-step]")
        page.screenshot(path=str(shots / f"tutorial-{lang}-{size}.png"), full_page=False)
        assert not page.errors, page.errors
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_tutorial_is_played_to_its_end_by_clicking(coach_server: str, browser: Any,
                                                      shots: Path, lang: str) -> None:
    from clanboard.server.coach.tutorial import TUTORIALS, words
    from tests.e2e.test_schotten_totten import MY_TURN_OR_OVER, click_a_move

    page = tutorial_page(browser, coach_server, lang, "phone")
    plan = TUTORIALS["schotten-totten"].plan
    steps = TUTORIALS["schotten-totten"].steps
    for i, move in enumerate(plan):
        page.wait_for_function(MY_TURN_OR_OVER, timeout=30_000)
        page.wait_for_function(
            f"document.querySelector('[data-testid=tutorial-text]').textContent === "
            f"{words(steps[i], lang)!r}", timeout=30_000)
        seq = page.evaluate("document.body.dataset.seq")
        card, stone = move.split("@")
        page.click(f"[data-testid=hand] .st-card[data-card='{card}']")
        page.click(f".st-stone.target[data-stone='{stone}']")
        page.wait_for_function(f"document.body.dataset.seq !== '{seq}'", timeout=30_000)
    page.wait_for_function(MY_TURN_OR_OVER, timeout=30_000)
    assert page.inner_text("[data-testid=tutorial-text]") == words("schotten-totten.done", lang)
    page.screenshot(path=str(shots / f"tutorial-done-{lang}-phone.png"), full_page=False)
    # the rest of the game, as a learner would play it
    for turn in range(200):
        page.wait_for_function(MY_TURN_OR_OVER, timeout=60_000)
        if page.evaluate("document.body.dataset.status") == "over":
            break
        seq = page.evaluate("document.body.dataset.seq")
        click_a_move(page, turn)
        page.wait_for_function(f"document.body.dataset.seq !== '{seq}'", timeout=60_000)
    assert page.evaluate("document.body.dataset.status") == "over"
    page.wait_for_selector("[data-testid=tutorial-text]")
    page.screenshot(path=str(shots / f"tutorial-over-{lang}-phone.png"), full_page=True)
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_refusals_rules_link_opens_its_section(coach_server: str, browser: Any,
                                                 lang: str) -> None:
    made = httpx.post(coach_server + "/api/tables", json={
        "game": "schotten-totten", "seed": 3,
        "seats": [{"kind": "human"}, {"kind": "ai", "agent": "random"}]}).json()
    refused = httpx.post(f"{coach_server}/api/tables/{made['table']}/moves?lang={lang}",
                         headers={"Authorization": f"Bearer {made['tokens']['0']}"},
                         json={"seat": 0, "move": "claim 1"}).json()
    page = page_at(browser, coach_server + refused["rules"]["url"], "phone")
    heading = page.locator("h2.rule-target")
    heading.wait_for(timeout=30_000)
    assert heading.get_attribute("id") == "claiming-with-proof"
    assert heading.inner_text() == refused["rules"]["title"]
    assert not page.errors, page.errors
    page.context.close()


def test_the_step_shows_when_the_coach_script_comes_after_the_first_view(
        coach_server: str, browser: Any) -> None:
    """The coach's script, slow to arrive, missed the table's first view: the step panel
    stayed empty until the next move (seen about once a CI run). The table now opens its
    WebSocket only once every script of the page has run."""
    import time

    context = browser.new_context(viewport={"width": 1280, "height": 900})

    def slow(route: Any) -> None:
        response = route.fetch()
        time.sleep(1.5)  # the view reaches the page before this script
        route.fulfill(response=response)

    context.route("**/static/coach.js", slow)
    page = context.new_page()
    page.goto(f"{coach_server}/?lang=en")
    page.click("[data-testid=learn-schotten-totten]")
    page.wait_for_selector("[data-testid=tutorial-text]", timeout=15_000)
    assert page.get_attribute("body", "data-seq") == "0"  # shown before any move was made
    context.close()
