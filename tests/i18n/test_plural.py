"""Counted messages: the CLDR rule picks the form (Python :class:`Plural` and the web's
``t()``), the catalogue updater writes gettext plural entries with the language's
``Plural-Forms``, and every counted entry has every form its language needs."""

from __future__ import annotations

import json
import pickle
import shutil
import subprocess
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.pofile import read_po

from clanboard import i18n
from clanboard.core import Plural, words
from clanboard.core.plural import LanguageRule

ROOT = Path(i18n.__file__).parent
OTHERS = [lang for lang in i18n.LANGUAGES if lang != "en"]
COIN = Plural("{n} coin", "{n} coins")


@pytest.mark.parametrize("lang,counts", [
    ("ru", {1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 12: 2, 21: 0, 22: 1, 25: 2, 111: 2}),
    ("uk", {1: 0, 3: 1, 5: 2, 14: 2, 21: 0, 101: 0}),
    ("ja", {1: 0, 2: 0, 21: 0}),
    ("en", {0: 1, 1: 0, 2: 1, 21: 1}),
])
def test_language_rule_gives_gettext_form_index(lang: str, counts: dict[int, int]) -> None:
    rule = LanguageRule(lang)
    assert {n: rule(n) for n in counts} == counts
    assert pickle.loads(pickle.dumps(rule))(21) == counts.get(21, rule(21))


def test_plural_formats_by_its_count_placeholder() -> None:
    msg = Plural("{who} pays {price} coin", "{who} pays {price} coins", "price")
    assert msg == "{who} pays {price} coin"  # the msgid: a str in a word dict
    assert msg.format(who="Ann", price=1) == "Ann pays 1 coin"
    assert msg.format(who="Ann", price=3) == "Ann pays 3 coins"
    ru = msg.translated(("{who} платит {price} монету", "{who} платит {price} монеты",
                         "{who} платит {price} монет"), LanguageRule("ru"))
    assert [ru.format(who="А", price=n) for n in (1, 2, 5, 21)] == [
        "А платит 1 монету", "А платит 2 монеты", "А платит 5 монет", "А платит 21 монету"]
    assert pickle.loads(pickle.dumps(ru)).format(who="А", price=3) == "А платит 3 монеты"


def test_translated_word_dict_picks_the_catalogue_forms() -> None:
    from clanboard.games.glen_more.describe import MESSAGES

    take = [words(MESSAGES, "ru")["take"].format(who="Анна", steps=n, tile="Луг (T03)")
            for n in (1, 2, 5)]
    assert take == ["Анна проходит 1 клетку по дорожке хода и берёт тайл «Луг (T03)»",
                    "Анна проходит 2 клетки по дорожке хода и берёт тайл «Луг (T03)»",
                    "Анна проходит 5 клеток по дорожке хода и берёт тайл «Луг (T03)»"]
    assert i18n.ngettext("uk", "{who} buys 1 {res} for {price} coin",
                         "{who} buys 1 {res} for {price} coins", 2, "price").endswith("монети")
    assert i18n.ngettext("en", "{n} coin", "{n} coins", 2) == "{n} coins"


def test_updater_writes_plural_entries_with_the_languages_forms(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(i18n.LOCALE, tmp_path / "locale")
    monkeypatch.setattr(i18n, "LOCALE", tmp_path / "locale")
    monkeypatch.setattr(i18n, "WORD_SOURCES", {**i18n.WORD_SOURCES,
                                               "tests.i18n.test_plural": ("EXTRA",)})
    try:
        i18n.update()
        for lang, n in (("ru", 3), ("uk", 3), ("ja", 1)):
            text = i18n.po_path(lang).read_text(encoding="utf-8")
            assert f"nplurals={n};" in text
            with i18n.po_path(lang).open("rb") as f:
                cat = read_po(f, locale=lang)
            entry = cat.get(("{n} test pebble", "{n} test pebbles"))
            assert entry is not None and entry.pluralizable and len(tuple(entry.string or ())) == n
            # the catalogue's order is kept: the new entry comes last
            assert text.rstrip().endswith(f'msgstr[{n - 1}] ""')
    finally:
        i18n._read.cache_clear()
        i18n._LOCALIZED.clear()


EXTRA = {"pebble": Plural("{n} test pebble", "{n} test pebbles")}  # an id no game uses


def _po_plurals(lang: str) -> dict[str, tuple[str, ...]]:
    with i18n.po_path(lang).open("rb") as f:
        return {str(m.id[0]): tuple(str(x) for x in m.string or ()) for m in read_po(f, locale=lang)
                if isinstance(m.id, tuple)}


@pytest.mark.parametrize("lang", OTHERS)
def test_every_counted_message_has_all_its_forms(lang: str) -> None:
    counted = [t for t in i18n.sources() if isinstance(t, Plural)]
    assert counted, "no counted message in the sources"
    cat = _po_plurals(lang)
    need = len(LanguageRule(lang).tags) if lang == "ja" else 3
    for text in counted:
        forms = cat.get(str(text))
        assert forms is not None, f"{text!r} is not a plural entry in {lang}"
        assert len(forms) == need and all(f.strip() for f in forms), (lang, text, forms)
        for form in forms:
            assert i18n.placeholders(form) == i18n.placeholders(text), (lang, form)


def _categories(lang: str) -> set[str]:
    return {str(t) for t in Locale.parse(lang).plural_form.tags} | {"other"}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_web_counted_keys_have_the_languages_categories(lang: str) -> None:
    en = json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))
    data = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    counted = {k for k, v in en.items() if isinstance(v, dict)}
    assert counted == {k for k, v in data.items() if isinstance(v, dict)}
    for key in counted:
        assert set(data[key]) == _categories(lang), (lang, key, sorted(data[key]))
        for form in data[key].values():
            assert form.strip() and "{n}" in form or "{n}" not in json.dumps(en[key]), key


NODE_T = r"""
global.window = {}; global.location = {search: "", href: "http://x/"};
global.document = {cookie: "", documentElement: {}, querySelector: () => null,
                   querySelectorAll: () => []};
global.navigator = {languages: [LANG]};
global.localStorage = {getItem: () => null, setItem() {}};
global.fetch = async (url) => ({ok: true, json: async () => (url.endsWith(".json")
  ? CATALOGUES[url.match(/(\w+)\.json$/)[1]] : {user: null})});
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_web_t_picks_the_form_with_intl_plural_rules(tmp_path: Path) -> None:
    source = (ROOT / "web" / "common.js").read_text(encoding="utf-8")
    cats = {"en": {"x.coins": {"one": "{n} coin", "other": "{n} coins"}, "x.plain": "plain",
                   "x.of": {"one": "{sum} of {gold} coin", "other": "{sum} of {gold} coins"},
                   "x.en": {"one": "{n} hat", "other": "{n} hats"}},
            "ru": {"x.coins": {"one": "{n} монета", "few": "{n} монеты", "many": "{n} монет",
                               "other": "{n} монеты"}, "x.plain": "просто",
                   "x.of": {"one": "{sum} из {gold} монеты", "few": "{sum} из {gold} монет",
                            "many": "{sum} из {gold} монет", "other": "{sum} из {gold} монет"}}}
    script = (NODE_T.replace("LANG", '"ru"').replace("CATALOGUES", json.dumps(cats)) + source
              + """
window.clanboard.ready.then(() => {
  const t = window.clanboard.t;
  console.log(JSON.stringify([1, 2, 5, 21, 11].map((n) => t("x.coins", {n})).concat(
    [t("x.plain"), t("x.of", {sum: 2, gold: 21}), t("x.of", {sum: 1, gold: 5}),
     t("x.en", {n: 2})])));
});""")
    path = tmp_path / "t.js"
    path.write_text(script, encoding="utf-8")
    out = subprocess.run(["node", str(path)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.strip().splitlines()[-1]) == [
        "1 монета", "2 монеты", "5 монет", "21 монета", "11 монет", "просто",
        "2 из 21 монеты", "1 из 5 монет", "2 hats"]
