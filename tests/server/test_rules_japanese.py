"""The rules help in Japanese: a line wrapped in the Markdown source between two Japanese
characters is no space on the page (a browser showed '城）の まわりに', 'ます。 このパック')."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from clanboard.i18n import rules_html

CJK = "\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef"
GAP = re.compile(f"[{CJK}]\\s+[{CJK}]")


@pytest.mark.parametrize("game", ["schotten-totten", "glen-more", "isle-of-skye", "glen-more-2"])
def test_no_space_between_japanese_characters(client: TestClient, game: str) -> None:
    r = client.get(f"/api/games/{game}/rules?lang=ja")
    assert r.status_code == 200 and r.json()["lang"] == "ja"
    assert GAP.findall(r.json()["html"]) == []  # within a paragraph: between two tags is none


def test_other_line_breaks_stay() -> None:
    html = rules_html("# 見出し\n\n本文の一行目\n二行目 and English\nwords.\n\n"
                      "- 項目\n- 次の項目\n")
    assert "本文の一行目二行目" in html  # joined: both sides Japanese
    assert "English\nwords" in html  # a break between English words stays a space
    assert html.count("<li>") == 2 and "<h1>見出し</h1>" in html
