"""Glen More, Isle of Skye and Schotten Totten tables, in the middle of a game and at its
end, in every language on a desktop and a phone: the board shows no raw code and no
untranslated English where a translation exists; screenshots are written for review."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.liveserver import live_server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server that lets the API play whole games quickly (moves are writes)."""
    with live_server(tmp_path_factory.mktemp("data"), ai_workers=0, rate_writes=20_000,
                     rate_reads=50_000) as url:
        yield url

#: data identifiers, notation arrows, JSON brackets, catalogue keys
RAW = re.compile(r"\w_\w|[A-Za-z]:\w|->|[\[\]{}]|\b(?:kit|gmx|skx|gm|sk|st)\.[a-z_]+")
#: English words a translated board must not show (each has a translation)
ENGLISH = {
    "glen-more": ("Meadow", "Quarry", "Grain field", "Village", "Start village", "Market"),
    "isle-of-skye": ("Landscape tile", "Round", "scored"),
    "schotten-totten": ("Strategist", "Recruiter", "Banshee", "Str", "Rec"),
}
GAMES = {"glen-more": ({}, 60), "isle-of-skye": ({}, 30),
         "schotten-totten": ({"variant": "tactics"}, 24)}
VIEWPORTS = {"desktop": (1366, 900), "phone": (390, 844)}
#: a component's id a player never sees (Isle of Skye names a tile by what it shows)
IDS = {"isle-of-skye": re.compile(r"\b[LS]\d\d\b|castle-\w")}


def play(request: Any, base_url: str, game: str, upto: int | None, seed: int) -> tuple[str, str]:
    """A two-seat table played by random legal moves through the API (to the end: None)."""
    extra, _ = GAMES[game]
    r = request.post(f"{base_url}/api/tables", data={
        "game": game, "seed": seed, **extra,
        "seats": [{"kind": "human", "name": "Alice"}, {"kind": "human", "name": "Bob"}]})
    assert r.ok, r.text()
    table, tokens = r.json()["table"], r.json()["tokens"]
    rng = random.Random(seed)
    made = 0
    while upto is None or made < upto:
        view = request.get(f"{base_url}/api/tables/{table}/view").json()
        if view["status"] == "over":
            break
        assert made < 2000, "the game did not end"
        seat = view["to_move"][0]
        auth = {"Authorization": "Bearer " + tokens[str(seat)]}
        mine = request.get(f"{base_url}/api/tables/{table}/view?seat={seat}", headers=auth).json()
        moves = mine["legal_moves"]
        quick = [m for m in moves if m == "end" or m.startswith(("claim", "pass"))]
        move = rng.choice(quick if quick and rng.random() < .6 else moves)
        r = request.post(f"{base_url}/api/tables/{table}/moves", headers=auth,
                         data={"seat": seat, "move": move, "seq": mine["seq"]})
        assert r.ok, r.text()
        made += 1
    return table, tokens["0"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_boards_in_every_language(base_url: str, browser: Any, shots: Path, game: str) -> None:
    context = browser.new_context(bypass_csp=True)
    tables = {"mid": play(context.request, base_url, game, GAMES[game][1], 11),
              "end": play(context.request, base_url, game, None, 11)}
    context.close()
    for stage, (table, token) in tables.items():
        for view_name, (w, h) in VIEWPORTS.items():
            context = browser.new_context(viewport={"width": w, "height": h}, bypass_csp=True)
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
            for lang in ("en", "ru", "uk", "ja"):
                page.goto(f"{base_url}/t/{table}?seat=0&lang={lang}#token={token}")
                page.wait_for_selector("[data-testid=board] > *")
                if stage == "end":
                    page.wait_for_selector("[data-testid=result-text]")
                page.screenshot(path=str(shots / f"{game}-{stage}-{lang}-{view_name}.png"),
                                full_page=True)
                where = f"{game} {stage} {lang} {view_name}"
                board = page.locator("[data-testid=board]")
                text = board.inner_text()
                titles = "\n".join(board.locator("title").all_text_contents())
                assert not RAW.search(text), (where, RAW.search(text))
                assert not RAW.search(titles), (where, RAW.search(titles))
                if game in IDS:
                    log = page.locator("[data-testid=log]").inner_text()
                    for part in (text, titles, log):
                        assert not IDS[game].search(part), (where, IDS[game].search(part))
                if lang != "en":
                    shown = [w for w in ENGLISH[game] if re.search(rf"\b{w}\b", text + titles)]
                    assert not shown, (where, shown)
                # every drawn tile carries its full name: the lines on it, put together
                for g in board.locator("g.kit-face").all()[:40]:
                    name = g.get_attribute("data-kit-name")
                    lines = g.locator("text.kit-name").all_text_contents()
                    if lines:
                        assert " ".join(lines) == " ".join(name.split()), (where, name, lines)
            context.close()
            assert not errors, errors
