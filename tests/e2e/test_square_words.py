"""The move log of a Glen More, a Glen More II and an Isle of Skye table after a few
placements, in every language on a desktop and a phone: each placement names its square by
a neighbour (or the castle), never by coordinates."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.conftest import SIZES, page_at

pytestmark = pytest.mark.browser

COORDS = re.compile(r"-?\d+\s*,\s*-?\d+")
TABLES = {
    "glen-more": ({}, "gm-board", 6),
    "glen-more-2": ({"provisional": True}, "g2-board", 6),
    "isle-of-skye": ({}, "sk-board", 8),
}
#: how a placement reads in each language (the verb of its message)
PLACED = {"glen-more": {"en": " places ", "ru": " выкладывает ", "uk": " викладає ",
                        "ja": "に配置"},
          "glen-more-2": {"en": " places ", "ru": " выкладывает ", "uk": " викладає ",
                          "ja": "に置く"},
          "isle-of-skye": {"en": " places ", "ru": " присоединяет ",
                           "uk": " приєднує ", "ja": "に配置"}}


def _play_until_placed(url: str, game: str, options: dict[str, Any], placements: int) -> str:
    """A two-seat table played through the API with seeded random moves (a placement taken
    whenever one is legal) until ``placements`` tiles are placed; returns its id."""
    made = httpx.post(url + "/api/tables", json={
        "game": game, "options": options, "seed": 11,
        "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    table, tokens = made["table"], made["tokens"]
    rng = random.Random(11)
    placed = 0
    for _ in range(600):
        if placed >= placements:
            break
        seat = httpx.get(f"{url}/api/tables/{table}/view").json()["to_move"][0]
        head = {"Authorization": "Bearer " + tokens[str(seat)]}
        view = httpx.get(f"{url}/api/tables/{table}/view", params={"seat": seat},
                         headers=head).json()
        moves = view["legal_moves"]
        places = [m for m in moves if m.startswith("place ")]
        ends = [m for m in moves if m == "end"]
        move = rng.choice(places or ends or moves)
        placed += move.startswith("place ")
        answer = httpx.post(f"{url}/api/tables/{table}/moves", headers=head,
                            json={"seat": seat, "move": move})
        assert answer.status_code == 200, answer.text
    assert placed >= placements
    return str(table)


@pytest.mark.parametrize("game", sorted(TABLES))
def test_the_log_names_squares_in_words(base_url: str, browser: Any, shots: Path,
                                        game: str) -> None:
    options, board, placements = TABLES[game]
    table = _play_until_placed(base_url, game, options, placements)
    for lang in ("en", "ru", "uk", "ja"):
        for size in SIZES:
            page = page_at(browser, f"{base_url}/t/{table}?lang={lang}", size)
            page.wait_for_selector(f"[data-testid={board}]")
            page.wait_for_selector("[data-testid=log] li")
            log = page.locator("[data-testid=log]")
            lines = log.locator("li").all_inner_texts()
            placed = [x for x in lines if PLACED[game][lang] in x]
            assert len(placed) >= placements - 1, lines
            for line in lines:
                assert not COORDS.search(line), line
            log.scroll_into_view_if_needed()
            page.screenshot(path=str(shots / f"squares-{game}-{lang}-{size}.png"))
            log.screenshot(path=str(shots / f"squares-{game}-{lang}-{size}-log.png"))
            assert not page.errors, page.errors
            page.context.close()
