"""Glen More II in words on the real page: tables in the middle of a game and at its end
(3 players with chronicles 9-11, and solo against Allenarly), each read in en/ru/uk/ja on a
desktop (1366x900) and a phone (390x844): the board, the log and the end screen show no raw
code and, in ru/uk/ja, no English; the end screen's winner line agrees with the result and its
tables have rows. Screenshots of every page go to the screenshots folder."""

from __future__ import annotations

import json
import random
import re
import urllib.request
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

LANGS = ("en", "ru", "uk", "ja")
DEVICES = {"desktop": (1366, 900), "phone": (390, 844)}
#: identifiers with "_" or ":" (take_discard, tile:HUME), the effect language's arrows and
#: comparisons, JSON brackets
RAW = re.compile(r"[A-Za-z]\w*_\w+|[A-Za-z]+:[A-Za-z0-9]|->|>=|[\[\]{}]")
#: a Latin word of 3+ letters with a lower-case letter (tile ids like T01 may stay)
ENGLISH = re.compile(r"\b[A-Za-z]*[a-z][A-Za-z]*\b")
#: what the page shows that is typed as it is: the command listing the provisional values
KEPT = ("clanboard pack provisional",)
SHOWN = ("[data-testid=g2-board]", "#result", "[data-testid=log]")


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def table_played(base: str, solo: bool, to_end: bool, seed: int = 7) -> tuple[str, str]:
    """A table played by random moves over the API, to its middle or its end; returns its
    id and seat 0's token."""
    options: dict[str, Any] = {"chronicles": "9,10,11"}
    if solo:
        options.update(solo=True, level="reglar")
    seats = [{"kind": "human"}] * (1 if solo else 3)
    t = call(base, "POST", "/api/tables", {"game": "glen-more-2", "variant": "provisional",
                                           "seed": seed, "options": options, "seats": seats})
    tid, tokens = t["table"], t["tokens"]
    rng = random.Random(seed)
    view = call(base, "GET", f"/api/tables/{tid}/view?seat=0", token=tokens["0"])
    moves = 0
    while view["status"] != "over" and (to_end or moves < (60 if solo else 120)):
        seat = view["to_move"][0]
        if seat != view["viewer"]:
            view = call(base, "GET", f"/api/tables/{tid}/view?seat={seat}",
                        token=tokens[str(seat)])
        move = rng.choice(view["legal_moves"])
        view = call(base, "POST", f"/api/tables/{tid}/moves",
                    {"seat": seat, "move": move, "seq": view["seq"]}, token=tokens[str(seat)])
        moves += 1
    return tid, tokens["0"]


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(tmp_path_factory.mktemp("data"), ai_workers=0, rate_writes=100_000,
                     rate_reads=100_000) as url:
        yield url


@pytest.fixture(scope="module")
def tables(base_url: str) -> dict[str, tuple[str, str]]:
    return {f"{kind}-{stage}": table_played(base_url, kind == "solo", stage == "end")
            for kind in ("multi", "solo") for stage in ("middle", "end")}


def problems(text: str, lang: str) -> list[str]:
    out = []
    for line in text.splitlines():
        plain = line
        for kept in KEPT:
            plain = plain.replace(kept, "")
        if RAW.search(plain):
            out.append(f"raw code in {line!r}")
        elif lang != "en" and ENGLISH.search(plain):
            out.append(f"English {ENGLISH.search(plain).group()!r} in {line!r}")  # type: ignore[union-attr]
    return out


@pytest.mark.parametrize("device", sorted(DEVICES))
@pytest.mark.parametrize("lang", LANGS)
def test_the_page_speaks_in_words(base_url: str, browser: Any, tables: dict[str, Any],
                                  shots: Path, lang: str, device: str) -> None:
    w, h = DEVICES[device]
    context = browser.new_context(viewport={"width": w, "height": h}, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        for name, (tid, token) in sorted(tables.items()):
            page.goto(f"{base_url}/t/{tid}?seat=0&lang={lang}#token={token}")
            page.wait_for_selector("[data-testid=g2-board]")
            badge = page.locator("[data-testid=provisional-badge] summary")
            if badge.count():
                badge.click()  # the provisional values, named
            page.wait_for_timeout(200)
            page.screenshot(path=str(shots / f"gm2-words-{name}-{lang}-{device}.png"),
                            full_page=True)
            text = "\n".join(page.locator(sel).inner_text() for sel in SHOWN
                             if page.locator(sel).count() and page.locator(sel).is_visible())
            assert problems(text, lang) == [], name
            check_kit(page, lang, name.startswith("solo"))
            if name.endswith("end"):
                check_end_screen(page, name.startswith("solo"), lang)
            if name == "multi-middle":
                check_tile_tap(page, shots, f"gm2-words-tap-{lang}-{device}.png")
    finally:
        context.close()
    assert not errors, errors


def check_tile_tap(page: Any, shots: Path, shot: str) -> None:
    """A tile that offers no move, tapped, shows the kit's popover: its full name and what it
    does in words (one description: the page has no sheet of its own)."""
    tile = page.locator("[data-territory='1'] [data-tile] .kit-face").first
    tile.scroll_into_view_if_needed()
    tile.click()
    info = page.locator("[data-testid=kit-popover]")
    info.wait_for()
    assert info.locator("strong").inner_text() == tile.get_attribute("data-kit-name")
    assert info.locator("div").count() >= 3  # its kind, its cost and one more line
    page.screenshot(path=str(shots / shot))
    info.locator("button").click()
    assert page.locator("[data-testid=kit-popover]").count() == 0


#: every component on the board, its kit face (data-gm2: its type) and its words' name
KIT_FACES = """(words) => {
  const out = [];
  const take = (el, type, name) => {
    const g = el.querySelector(".kit-face[data-gm2]");
    const title = g ? g.querySelector("title").textContent : "";
    out.push({type, want: name, drawn: g ? g.getAttribute("data-gm2") : null,
              name: g ? g.getAttribute("data-kit-name") : null, title});
  };
  document.querySelectorAll("[data-tile]").forEach((el) => {
    const id = el.getAttribute("data-tile"), half = /^(.+)-\\d[LR]$/.exec(id);
    const w = words.tiles[id] || words.historic[half ? half[1] : id];
    take(el, "tile", w ? w.name : null);
  });
  document.querySelectorAll("[data-feast]").forEach((el) => {
    const f = window.__view.observation.feasts[Number(el.getAttribute("data-feast")) - 1];
    take(el, "feast", words.feasts[f.id].name);
  });
  document.querySelectorAll("[data-landmark]").forEach((el) =>
    take(el, "landmark", words.landmarks[el.getAttribute("data-landmark")].name));
  document.querySelectorAll("[data-double], [data-blueprint]").forEach((el) =>
    take(el, "historic", null));
  return out;
}"""


def check_kit(page: Any, lang: str, solo: bool) -> None:
    """Every component on the board is drawn by the kit, with the describer's full name in
    the page's language on the face and first in its title, and no code in its words."""
    view = page.evaluate("fetch(location.pathname.replace('/t/', '/api/tables/') + '/view')"
                         ".then((r) => r.json())")
    page.evaluate("(v) => { window.__view = v; }", view)
    faces = page.evaluate(KIT_FACES, view["words"])
    kinds = {f["type"] for f in faces}
    assert {"tile", "feast"} <= kinds, kinds
    if solo:  # her trade row is drawn as tiles
        assert page.locator("[data-testid=g2-allenarly-trade] .kit-face").count() >= 1
    for f in faces:
        assert f["drawn"], f
        if f["want"]:
            assert f["name"] == f["want"], f
        assert f["title"].split("\n")[0] == f["name"], f
        assert len(f["title"].split("\n")) >= 2, f  # the name and its description
        assert problems(f["title"], lang) == [], f


def check_end_screen(page: Any, solo: bool, lang: str) -> None:
    """One winner line that agrees with the result; every scoring table has rows."""
    view = page.evaluate("fetch(location.pathname.replace('/t/', '/api/tables/') + '/view')"
                         ".then((r) => r.json())")
    result = view["result"]
    headline = page.locator("[data-testid=result-text]").inner_text()
    why = page.locator("[data-testid=result-why]")
    tables = why.locator("table.why-table")
    assert tables.count() == 5  # scorings 1-4 and the final scoring
    for i in range(tables.count()):
        assert tables.nth(i).locator("tbody tr").count() >= 2
    if solo:
        assert headline == result["explanation"]["headline"]
        her = {"en": "Allenarly", "ru": "Алленарли", "uk": "Алленарлі", "ja": "アレナーリ"}[lang]
        assert tables.nth(4).locator("thead th").last.inner_text() == her
        # no second, contradicting line ("No winner" above "Allenarly wins")
        assert why.locator(".why-summary").count() == 0
    else:
        assert result["winners"] and headline
