"""No untranslated copy: a translation that has English words and not one letter of its own
language is English left in place (brand names aside). The catalogues' completeness itself
(every id and key in every language, every plural form) is checked in
``tests/core/test_i18n.py`` and ``tests/i18n/test_plural.py``."""

from __future__ import annotations

import re

import pytest

from tests.i18n.catalogues import entries

#: names printed in Latin letters on the boxes of every edition
BRANDS = {"Schotten Totten", "Schotten Totten [dim](2 players)[/]"}
NATIVE = {"ru": re.compile("[А-Яа-яЁё]"), "uk": re.compile("[А-Яа-яІіЇїЄєҐґ]"),
          "ja": re.compile("[\u3040-\u30ff\u4e00-\u9fff]")}
MARKUP = re.compile(r"\{[^{}]*\}|\[/?[\w ]*\]|`[^`]*`|https?://\S+")


@pytest.mark.parametrize("lang", ["ru", "uk", "ja"])
def test_no_english_left_in_place(lang: str) -> None:
    left = []
    for e in entries(lang):
        if e.source == "rules" or e.text in BRANDS:
            continue
        text = MARKUP.sub("", e.text)
        if re.search(r"[A-Za-z]{3,}", text) and not NATIVE[lang].search(text):
            left.append((e.owner, e.text))
    assert left == []
