"""A game's name in Russian, Ukrainian and Japanese is the one its lobby entry gives
(``game.<id>.name``: Глен Мор, Гленн-Мор II, Остров Скай, グレンモア…), never the English one
among the words (the pack editor's title and the Glen More rules' heading once said
'Glen More')."""

from __future__ import annotations

import re

import pytest

from tests.i18n.catalogues import entries

ENGLISH_NAMES = re.compile(r"Glen More|Isle of Skye")


@pytest.mark.parametrize("lang", ["ru", "uk", "ja"])
def test_no_game_is_named_in_english(lang: str) -> None:
    found = [f"{e.source} {e.owner}: {e.text[:80]}" for e in entries(lang)
             if ENGLISH_NAMES.search(e.text)]
    assert found == []
