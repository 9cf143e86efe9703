"""A person's table page while a bot plays the other seat through the bot API: the bot's
move and chat appear (a chat line said through ``POST /api/bot/game/{table}/chat``, another
while the page is open), and the status line shows nothing but words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

pytestmark = [pytest.mark.browser]

YOUR_TURN = {"en": "Your turn", "ru": "Ваш ход", "uk": "Ваш хід", "ja": "あなたの番です"}


@pytest.mark.parametrize("lang", ["en", "ru", "uk", "ja"])
def test_a_person_sees_the_bots_chat_and_move(base_url: str, phone: Any, shots: Path,
                                              lang: str) -> None:
    t = httpx.post(f"{base_url}/api/tables", json={"game": "schotten-totten", "seed": 3,
                                                    "seats": [{"kind": "human", "name": "my-bot"},
                                                              {"kind": "human", "name": "Ann"}]})
    assert t.status_code == 201, t.text
    table, tokens = t.json()["table"], t.json()["tokens"]
    bot = {"Authorization": f"Bearer {tokens['0']}"}
    view = httpx.get(f"{base_url}/api/tables/{table}/view?seat=0", headers=bot).json()
    assert httpx.post(f"{base_url}/api/bot/game/{table}/move", headers=bot,
                      json={"move": view["legal_moves"][0], "seq": 0}).status_code == 200
    assert httpx.post(f"{base_url}/api/bot/game/{table}/chat", headers=bot,
                      json={"text": "Good luck!"}).status_code == 201
    phone.goto(f"{base_url}/t/{table}?seat=1&lang={lang}#token={tokens['1']}")
    lines = phone.get_by_test_id("chat-line")
    lines.first.wait_for()
    assert "my-bot" in lines.first.inner_text() and "Good luck!" in lines.first.inner_text()
    assert httpx.post(f"{base_url}/api/bot/game/{table}/chat", headers=bot,
                      json={"text": "Your move."}).status_code == 201
    lines.nth(1).wait_for()
    assert "Your move." in lines.nth(1).inner_text()
    status = phone.locator("#status").inner_text()
    assert YOUR_TURN[lang] in status and "null" not in status and "undefined" not in status
    phone.screenshot(path=str(shots / f"bot-chat-{lang}.png"), full_page=True)
