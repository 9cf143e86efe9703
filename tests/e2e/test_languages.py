"""The pages in every language: a browser whose Accept-Language is Russian, Ukrainian or
Japanese gets the lobby, a table, its log and the end screen in that language, with no
untranslated catalogue key showing; the switcher keeps a choice."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.test_schotten_totten import MY_TURN_OR_OVER, click_a_move, wait_after

pytestmark = pytest.mark.browser

#: what a catalogue key looks like if one leaks onto the page untranslated
RAW_KEY = re.compile(r"\b(?:common|lobby|table|rules|st|gm|sk|game)\.[a-z][\w.-]*[a-z]\b")
#: words of each language's script (Cyrillic, kana/kanji)
SCRIPT = {"ru": re.compile("[А-Яа-яЁё]"), "uk": re.compile("[А-Яа-яІіЇїЄєҐґ]"),
          "ja": re.compile("[\u3040-\u30ff\u4e00-\u9fff]")}


@pytest.fixture
def in_language(browser: Any) -> Iterator[Any]:
    """``open(lang)``: a page whose browser asks for ``lang`` (Accept-Language)."""
    contexts, errors = [], []

    def open_(lang: str) -> Any:
        context = browser.new_context(viewport={"width": 1100, "height": 900}, locale=lang,
                                      bypass_csp=True)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        return page

    yield open_
    for c in contexts:
        c.close()
    assert not errors, f"script errors in the page: {errors}"


def visible_text(page: Any) -> str:
    """The page's text and the tooltips and labels a person can see."""
    return str(page.evaluate(
        "() => document.body.innerText + '\\n' + [...document.querySelectorAll("
        "'[title], [aria-label], option')].map(e => (e.title || '') + ' ' + "
        "(e.getAttribute('aria-label') || '') + ' ' + (e.tagName === 'OPTION' ? "
        "e.textContent : '')).join('\\n')"))


def assert_translated(text: str, lang: str, english: str | None) -> None:
    leaked = sorted(set(RAW_KEY.findall(text)))
    assert not leaked, f"untranslated keys in {lang}: {leaked}"
    if english is not None:
        assert text != english
        assert SCRIPT[lang].search(text), f"no {lang} words on the page"


def start_table(page: Any, base_url: str) -> None:
    page.goto(base_url + "/")
    page.wait_for_selector("[data-testid=game] option", state="attached")
    page.select_option("[data-testid=game]", "schotten-totten")
    page.select_option("[data-testid=variant]", "tactics")
    page.select_option("[data-testid=seat-1]", "ai:heuristic")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=st-board]")
    page.wait_for_function(MY_TURN_OR_OVER)


def test_lobby_table_and_log_in_each_language(base_url: str, in_language: Any) -> None:
    english: dict[str, str] = {}
    for lang in ("en", "ru", "uk", "ja"):
        page = in_language(lang)
        page.goto(base_url + "/")
        page.wait_for_selector("[data-testid=game] option", state="attached")
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.locator("[data-testid=lang]").input_value() == lang
        lobby = visible_text(page)
        assert_translated(lobby, lang, english.get("lobby"))
        start_table(page, base_url)
        seq = page.evaluate("document.body.dataset.seq")
        click_a_move(page, 0)
        wait_after(page, seq)
        page.wait_for_function("document.querySelectorAll('[data-testid=log] li').length > 0")
        table = visible_text(page)
        assert_translated(table, lang, english.get("table"))
        log = page.locator("[data-testid=log]").inner_text()
        if lang != "en":
            assert SCRIPT[lang].search(log), f"the log is not in {lang}: {log[:200]}"
            assert log != english["log"]
        # the rules page of the game, from the table's link
        page.click("[data-testid=rules-link]")
        page.wait_for_function("document.querySelector('[data-testid=rules]')?.textContent")
        rules = visible_text(page)
        assert_translated(rules, lang, english.get("rules"))
        if lang == "en":
            english.update(lobby=lobby, table=table, log=log, rules=rules)


def test_the_switcher_keeps_the_choice(base_url: str, in_language: Any) -> None:
    page = in_language("en")
    page.goto(base_url + "/")
    page.wait_for_selector("[data-testid=game] option", state="attached")
    with page.expect_navigation():
        page.select_option("[data-testid=lang]", "uk")
    page.wait_for_selector("[data-testid=game] option", state="attached")
    assert page.evaluate("document.documentElement.lang") == "uk"
    page.goto(base_url + "/")  # kept across pages, though the browser asks for English
    page.wait_for_selector("[data-testid=game] option", state="attached")
    assert page.locator("[data-new-game], h2").first.inner_text() == "Нова гра"
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert cookies.get("clanboard_lang") == "uk"


def test_end_screen_in_russian(base_url: str, in_language: Any) -> None:
    page = in_language("ru")
    start_table(page, base_url)
    moves = 0
    while page.evaluate("document.body.dataset.status") != "over":
        seq = page.evaluate("document.body.dataset.seq")
        click_a_move(page, moves)
        wait_after(page, seq)
        moves += 1
        assert moves < 200, "the game did not end"
    result = page.locator("[data-testid=result]").inner_text()
    assert result.startswith(("Вы победили!", "Побеждает", "Победителя нет")), result
    why = page.locator("[data-testid=result-why]").inner_text()
    assert "Захваченные камни" in why
    assert any(w in why for w in ("пятью камнями", "тремя соседними", "не может продвинуться"))
    assert_translated(visible_text(page), "ru", None)


@pytest.mark.parametrize("game_id,board", [("glen-more", "gm-board"),
                                           ("isle-of-skye", "sk-board")])
@pytest.mark.parametrize("lang", ["ru", "ja"])
def test_other_boards_in_the_language(base_url: str, in_language: Any, game_id: str,
                                      board: str, lang: str) -> None:
    page = in_language(lang)
    page.goto(base_url + "/")
    page.wait_for_selector("[data-testid=game] option", state="attached")
    page.select_option("[data-testid=game]", game_id)
    if game_id == "isle-of-skye":
        page.select_option("[data-testid=players]", "3")
        page.select_option("[data-testid=seat-2]", "ai:random")
    page.select_option("[data-testid=seat-1]", "ai:random")
    assert_translated(visible_text(page), lang, None)  # the game's options and variants
    page.click("[data-testid=create]")
    page.wait_for_selector(f"[data-testid={board}]")
    page.wait_for_function(MY_TURN_OR_OVER)
    text = visible_text(page)
    assert_translated(text, lang, None)
    assert len(SCRIPT[lang].findall(text)) > 40


def finished_table(page: Any, base_url: str) -> str:
    """A Schotten Totten game against the random AI, played to its end through the HTTP API
    (claims first, else the first legal move); returns the human seat's table link."""
    made = page.request.post(base_url + "/api/tables", data={
        "game": "schotten-totten", "variant": "tactics", "seed": 18,
        "seats": [{"kind": "human"}, {"kind": "ai", "agent": "random"}]})
    assert made.ok, made.text()
    made = made.json()
    table, auth = made["table"], {"Authorization": "Bearer " + made["tokens"]["0"]}
    view_url = f"{base_url}/api/tables/{table}/view?seat=0"
    deadline = time.monotonic() + 60
    while True:
        view = page.request.get(view_url, headers=auth).json()
        if view["status"] == "over":
            return str(made["links"]["play"]["0"])
        assert time.monotonic() < deadline, "the game did not end"
        legal = view["legal_moves"]
        if not legal:  # the AI is thinking
            time.sleep(0.05)
            continue
        move = next((m for m in legal if m.startswith("claim")), legal[0])
        played = page.request.post(f"{base_url}/api/tables/{table}/moves", headers=auth,
                                   data={"seat": 0, "move": move, "seq": view["seq"]})
        assert played.ok, played.text()


def end_screen_text(page: Any) -> str:
    """The end screen as a person reads it: the result, the why lines and the tables."""
    return str(page.locator("[data-testid=result]").evaluate(
        "r => r.innerText + '\\n' + [...r.querySelectorAll('[title], [aria-label]')].map("
        "e => (e.title || '') + ' ' + (e.getAttribute('aria-label') || '')).join('\\n')"))


#: a word in Latin letters, which a translated end screen should not keep from English
ASCII_WORD = re.compile(r"\b[A-Za-z]{3,}\b")
#: names kept as they are in every language (AI seats read as a clan and a level in words:
#: none now)
NAMES: set[str] = set()


def test_end_screen_in_each_language(base_url: str, in_language: Any) -> None:
    link = finished_table(in_language("en"), base_url)
    english: dict[str, str] = {}
    for lang in ("en", "ru", "uk", "ja"):
        page = in_language(lang)
        page.goto(base_url + link)
        page.wait_for_selector("[data-testid=result-why]")
        assert page.evaluate("document.documentElement.lang") == lang
        text = end_screen_text(page)
        why = page.locator("[data-testid=result-why]")
        assert why.locator("table.why-table").count() >= 1
        assert_translated(text, lang, english.get("end"))
        assert_translated(visible_text(page), lang, english.get("page"))
        if lang == "en":
            english.update(end=text, page=visible_text(page))
            assert "Stones held" in text
            continue
        # no English left where the language has its own words
        leftover = (set(ASCII_WORD.findall(text)) & set(ASCII_WORD.findall(english["end"]))
                    - NAMES)
        assert not leftover, f"English words on the {lang} end screen: {sorted(leftover)}"
        for part in ("result-text", "result-why"):
            words = page.locator(f"[data-testid={part}]").inner_text()
            assert SCRIPT[lang].search(words), f"the {part} is not in {lang}: {words[:200]}"
