"""Two browser contexts (guests with seat tokens) at a Schotten Totten table: a move taken
back with the other's approval, chat, then the game played out and a rematch."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from clanboard.core import games as all_games
from clanboard.core import get_game

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif("schotten-totten" not in [g.id for g in all_games()],
                       reason="Schotten Totten is not installed"),
]


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def opening_with_a_claim() -> tuple[int, list[str], str]:
    """A seed, moves to play, and a move of seat 0 after which seat 0 still acts (a stone
    to claim before the draw): such a move can be taken back."""
    game = get_game("schotten-totten")
    for seed in range(200):
        state = game.new_state(2, seed)
        moves: list[str] = []
        while not state.is_terminal() and len(moves) < 60:
            seat = state.players_to_move()[0]
            legal = state.legal_moves(seat)
            if seat == 0:
                for m in legal:
                    after = state.clone()
                    after.apply(m, 0)
                    if after.players_to_move() == [0] and after.can_take_back(1):
                        return seed, moves, str(m)
            m = legal[(len(moves) * 7) % len(legal)]
            state.apply(m, seat)
            moves.append(str(m))
    raise AssertionError("no opening with a claim found")


def test_takeback_chat_and_rematch_between_two_guests(base_url: str, browser: Any,
                                                      shots: Path) -> None:
    seed, opening, key_move = opening_with_a_claim()
    t = call(base_url, "POST", "/api/tables", {
        "game": "schotten-totten", "seed": seed,
        "seats": [{"kind": "human", "name": "Ailsa"}, {"kind": "human", "name": "Morag"}]})
    tid, tok = t["table"], t["tokens"]
    for text in opening:
        v = call(base_url, "GET", f"/api/tables/{tid}/view")
        seat = v["to_move"][0]
        call(base_url, "POST", f"/api/tables/{tid}/moves", {"seat": seat, "move": text},
             tok[str(seat)])
    contexts = [browser.new_context(viewport={"width": 420, "height": 900}, bypass_csp=True)
                for _ in range(2)]
    errors: list[str] = []
    try:
        pages = []
        for s, ctx in enumerate(contexts):
            page = ctx.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"{base_url}/t/{tid}?seat={s}#token={tok[str(s)]}")
            page.wait_for_selector("[data-testid=hand] .st-card")
            pages.append(page)
        ailsa, morag = pages
        seq = len(opening)
        ailsa.wait_for_function(f"document.body.dataset.seq === '{seq}'")

        # Ailsa plays a card (a stone is then hers to claim: the card is not drawn yet)
        call(base_url, "POST", f"/api/tables/{tid}/moves", {"seat": 0, "move": key_move},
             tok["0"])
        ailsa.wait_for_function(f"document.body.dataset.seq === '{seq + 1}'")
        # her turn is not over (the claim step, then the draw): an undo, nobody asked
        button = ailsa.locator("[data-testid=takeback]")
        assert button.inner_text() == "Undo" and button.is_enabled()
        ailsa.screenshot(path=str(shots / "takeback-undo.png"))
        button.click()
        for page in pages:
            page.wait_for_function(f"document.body.dataset.seq === '{seq}'")
        assert ailsa.locator("[data-testid=takeback]").count() == 0
        v = call(base_url, "GET", f"/api/tables/{tid}/view?seat=0", token=tok["0"])
        assert key_move in v["legal_moves"] and len(v["log"]) == seq

        # chat: shown as text, never as markup
        ailsa.fill("[data-testid=chat-input]", "<b>Sorry</b>, misclick!")
        ailsa.click("[data-testid=chat-send]")
        line = morag.locator("[data-testid=chat-line]").first
        line.wait_for()
        assert "<b>Sorry</b>, misclick!" in line.inner_text()
        assert morag.locator("[data-testid=chat-lines] b").count() == 0
        morag.fill("[data-testid=chat-input]", "No problem")
        morag.press("[data-testid=chat-input]", "Enter")
        ailsa.wait_for_function("document.querySelectorAll('[data-testid=chat-line]')"
                                ".length === 2")

        # the rest of the game through the API, quickly
        while True:
            v = call(base_url, "GET", f"/api/tables/{tid}/view")
            if v["status"] == "over":
                break
            seat = v["to_move"][0]
            mine = call(base_url, "GET", f"/api/tables/{tid}/view?seat={seat}",
                        token=tok[str(seat)])
            call(base_url, "POST", f"/api/tables/{tid}/moves",
                 {"seat": seat, "move": mine["legal_moves"][0]}, tok[str(seat)])
        for page in pages:
            page.wait_for_function("document.body.dataset.status === 'over'")

        # the replay shows the chat where it was said
        morag.click("[data-testid=open-replay]")
        chat = morag.locator("[data-testid=replay-chat]")
        chat.wait_for()
        assert "No problem" in chat.inner_text()
        morag.click("[data-testid=replay-first]")
        assert "No problem" not in chat.inner_text()

        # a rematch: Ailsa offers, Morag accepts, both follow the link
        ailsa.click("[data-testid=rematch-offer]")
        ailsa.wait_for_selector("[data-testid=rematch-waiting]")
        morag.wait_for_selector("[data-testid=rematch-offered]")
        morag.click("[data-testid=rematch-accept]")
        for page, new_seat in ((ailsa, 1), (morag, 0)):
            link = page.locator("[data-testid=rematch-link]")
            link.wait_for()
            assert link.get_attribute("href").endswith(f"?seat={new_seat}")
        ailsa.screenshot(path=str(shots / "rematch.png"))
        ailsa.click("[data-testid=rematch-link]")
        ailsa.wait_for_url("**?seat=1")
        ailsa.wait_for_selector("[data-testid=hand] .st-card")
        assert ailsa.locator("[data-testid=rematch-previous]").count() == 1
        morag.click("[data-testid=rematch-link]")
        morag.wait_for_url("**?seat=0")
        morag.wait_for_function("document.body.dataset.myturn === '1'")
        assert "Morag" in morag.locator("[data-testid=status]").inner_text()
    finally:
        for ctx in contexts:
            ctx.close()
    assert not errors, f"script errors in the page: {errors}"
