"""Glen More II's rules help through the server (API and page) and the CLI, in each language,
naming its chronicles and the provisional pack."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from clanboard.cli.main import app

WORDS = {"en": ("Highland Games", "Provisional components"),
         "ru": ("Игры горцев", "Временные компоненты"),
         "uk": ("Ігри горян", "Тимчасові компоненти"),
         "ja": ("ハイランドゲーム", "暫定コンポーネント")}


@pytest.mark.parametrize("lang", list(WORDS))
def test_rules_help_served_in_each_language(client: TestClient, lang: str) -> None:
    r = client.get(f"/api/games/glen-more-2/rules?lang={lang}")
    assert r.status_code == 200 and r.json()["lang"] == lang
    html = r.json()["html"]
    assert all(w in html for w in WORDS[lang]) and "<h1>" in html
    assert "9,10,11" in html  # how to play it in the terminal
    out = CliRunner().invoke(app, ["rules", "glen-more-2", "--lang", lang])
    assert out.exit_code == 0 and WORDS[lang][0] in out.output


def test_rules_page(client: TestClient) -> None:
    assert client.get("/rules/glen-more-2").status_code == 200
