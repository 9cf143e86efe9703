"""No Russian inside the Ukrainian catalogues (the review found Russian tile names and
words in Ukrainian text): no letter Ukrainian lacks (ы, э, ъ, ё) and none of the common
Russian-only words, in the .po catalogue, the web catalogue and the rules help."""

from __future__ import annotations

import re

import pytest

from tests.i18n.catalogues import entries

#: letters of Russian that Ukrainian does not have
RUSSIAN_LETTERS = re.compile("[ыэъёЫЭЪЁ]")
#: frequent words that are Russian, never Ukrainian (Ukrainian: і/й, це, що, або, немає,
#: якщо, коли, гравець, гра, не можна, можна, буде, ще, лише/тільки, зараз, щоб, усе, його,
#: хід, камінь, клітинка, ринок, село, ярмарок, абатство, кам'яний)
RUSSIAN_WORDS = re.compile(
    r"(?<![\w'’])(и|это|что|или|нет|если|когда|игрок\w*|игр[аыу]|нельзя|можно|будет|ещё|"
    r"только|сейчас|чтобы|всё|его|её|ход|камень|клетк\w*|рынок|деревня|ярмарка|аббатство|"
    r"каменный|очков|шапк\w*|который|которая|которое)(?![\w'’])", re.IGNORECASE)


def test_the_checks_catch_russian() -> None:
    assert RUSSIAN_LETTERS.search("Каменный карьер")
    assert RUSSIAN_WORDS.search("Алленарли берёт Деревня и монету")
    assert not RUSSIAN_WORDS.search("Алленарлі бере ділянку «Село» і монету; хід гравця")
    assert not RUSSIAN_LETTERS.search("з'єднану дорогою, ґанок, їжак")


@pytest.mark.parametrize("source", ["po", "web", "rules"])
def test_no_russian_in_ukrainian(source: str) -> None:
    found = [(e.owner, e.text) for e in entries("uk") if e.source == source
             and (RUSSIAN_LETTERS.search(e.text) or RUSSIAN_WORDS.search(e.text))]
    assert found == []
    assert any(e.source == source for e in entries("uk"))
