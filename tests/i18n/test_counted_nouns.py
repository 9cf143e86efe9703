"""Numbers take the noun form CLDR gives them: every log sentence of random games (Schotten
Totten, Glen More, Isle of Skye) and every message of their word dicts and of the web
catalogue, rendered in ru/uk/ja with counts 1, 2, 5 and 21, puts after each number the
noun form of that number's category ("1 монета, 2 монеты, 5 монет, 21 монета"), checked
against a lexicon of the nouns the games count, independently of the catalogues' own forms.
"""

from __future__ import annotations

import importlib
import json
import random
import re
from functools import cache

import pytest
from babel import Locale

from clanboard import i18n
from clanboard.core import Plural, get_game, words

COUNTS = (1, 2, 5, 21)
#: noun forms by CLDR category (ru/uk: "one" holds nominative and accusative)
LEXICON: dict[str, list[dict[str, set[str]]]] = {
    "ru": [
        {"one": {"монета", "монету"}, "few": {"монеты"}, "many": {"монет"}},
        {"one": {"клетка", "клетку"}, "few": {"клетки"}, "many": {"клеток"}},
        {"one": {"карта", "карту"}, "few": {"карты"}, "many": {"карт"}},
        {"one": {"квадрат"}, "few": {"квадрата"}, "many": {"квадратов"}},
        {"one": {"ресурс"}, "few": {"ресурса"}, "many": {"ресурсов"}},
        {"one": {"очко"}, "few": {"очка"}, "many": {"очков"}},
        {"one": {"член"}, "few": {"члена"}, "many": {"членов"}},
        {"one": {"вождь"}, "few": {"вождя"}, "many": {"вождей"}},
        {"one": {"бочка", "бочку"}, "few": {"бочки"}, "many": {"бочек"}},
        {"one": {"день"}, "few": {"дня"}, "many": {"дней"}},
        {"one": {"шотландец"}, "few": {"шотландца"}, "many": {"шотландцев"}},
        {"one": {"маркер"}, "few": {"маркера"}, "many": {"маркеров"}},
        {"one": {"место"}, "few": {"места"}, "many": {"мест"}},
        {"one": {"тайл"}, "few": {"тайла"}, "many": {"тайлов"}},
        {"one": {"ход"}, "few": {"хода"}, "many": {"ходов"}},
        {"one": {"значок"}, "few": {"значка"}, "many": {"значков"}},
    ],
    "uk": [
        {"one": {"монета", "монету"}, "few": {"монети"}, "many": {"монет"}},
        {"one": {"клітинка", "клітинку"}, "few": {"клітинки"}, "many": {"клітинок"}},
        {"one": {"карта", "карту"}, "few": {"карти"}, "many": {"карт"}},
        {"one": {"квадрат"}, "few": {"квадрати"}, "many": {"квадратів"}},
        {"one": {"ресурс"}, "few": {"ресурси"}, "many": {"ресурсів"}},
        {"one": {"очко"}, "few": {"очки"}, "many": {"очок"}},
        {"one": {"член"}, "few": {"члени"}, "many": {"членів"}},
        {"one": {"вождь"}, "few": {"вожді"}, "many": {"вождів"}},
        {"one": {"бочка", "бочку"}, "few": {"бочки"}, "many": {"бочок"}},
        {"one": {"день"}, "few": {"дні"}, "many": {"днів"}},
        {"one": {"шотландець"}, "few": {"шотландці"}, "many": {"шотландців"}},
        {"one": {"маркер"}, "few": {"маркери"}, "many": {"маркерів"}},
        {"one": {"місце"}, "few": {"місця"}, "many": {"місць"}},
        {"one": {"ділянка", "ділянку"}, "few": {"ділянки"}, "many": {"ділянок"}},
        {"one": {"хід"}, "few": {"ходи"}, "many": {"ходів"}},
        {"one": {"значок"}, "few": {"значки"}, "many": {"значків"}},
    ],
}
#: after "из" / "з" (out of): the genitive, singular for "one", plural otherwise
GENITIVE: dict[str, list[dict[str, set[str]]]] = {
    "ru": [{"one": {"монеты"}, "other": {"монет"}}, {"one": {"квадрата"}, "other": {"квадратов"}},
           {"one": {"хода"}, "other": {"ходов"}}, {"one": {"карты"}, "other": {"карт"}}],
    "uk": [{"one": {"монети"}, "other": {"монет"}}, {"one": {"квадрата"}, "other": {"квадратів"}},
           {"one": {"ходу"}, "other": {"ходів"}}, {"one": {"карти"}, "other": {"карт"}}],
}
#: a number, then up to one adjective, then a word
NUMBER_NOUN = re.compile(r"(?<![\w.,/-])(\d+) (?:(?:\w+(?:ий|ых|их|і|ый|ой|ую|ая|ое|е|ні)) )?(\w+)")


@cache
def _category(lang: str, n: int) -> str:
    return str(Locale.parse(lang).plural_form(n))


def wrong_forms(text: str, lang: str) -> list[str]:
    """The "<number> <noun>" pairs of ``text`` whose noun form is not the number's."""
    bad = []
    for match in NUMBER_NOUN.finditer(text):
        number, noun = match.groups()
        if re.search(r"(?:^|\s)(?:из|з|із)\s*$", text[:match.start()]):
            # "из 5 монет", "з 21 монети": the genitive the preposition asks for
            want = "one" if _category(lang, int(number)) == "one" else "other"
            bad += [f"{number} {noun}" for forms in GENITIVE[lang]
                    if any(noun.lower() in f for f in forms.values())
                    and noun.lower() not in forms[want]]
            continue
        for forms in LEXICON[lang]:
            if any(noun.lower() in f for f in forms.values()):
                if noun.lower() not in forms[_category(lang, int(number))]:
                    bad.append(f"{number} {noun}")
                break
    return bad


def test_the_lexicon_check_itself() -> None:
    assert wrong_forms("за 2 монет и 5 клеток", "ru") == ["2 монет"]
    assert wrong_forms("за 21 монету, 1 любой ресурс, 2 любых ресурса", "ru") == []
    assert wrong_forms("2 будь-яких ресурси", "uk") == []
    assert wrong_forms("5 разных ресурса", "ru") == ["5 ресурса"]
    assert wrong_forms("квадрат L11 за 2 монети", "uk") == []
    assert wrong_forms("цены: 3 из 21 монеты", "ru") == []
    assert wrong_forms("Анализ: 3 из 21 ходов", "ru") == ["21 ходов"]


# -- every message of the word dicts, with counts 1, 2, 5 and 21 ---------------------------------

GAME_MODULES = ("clanboard.core", "clanboard.games.schotten_totten",
                "clanboard.games.glen_more.", "clanboard.games.isle_of_skye",
                "clanboard.server", "clanboard.i18n")
COUNT_NAMES = {"n", "k", "gold", "price", "steps", "coins", "have", "size", "amount", "more",
               "cost", "catchup", "income", "hats", "whisky", "chiefs", "vp", "total", "top",
               "tiles", "resources", "gold1", "gold2", "value", "sum"}


def _messages() -> list[str]:
    out: dict[str, None] = {}
    for module, names in i18n.WORD_SOURCES.items():
        if module.startswith(GAME_MODULES):
            mod = importlib.import_module(module)
            for name in names:
                for text in i18n._words(getattr(mod, name)):
                    out.setdefault(text, None)
    return list(out)


def _fill(template: str, n: int) -> dict[str, object]:
    return {p: (n if p in COUNT_NAMES or (isinstance(template, Plural) and p == template.number)
                else "X") for p in i18n.placeholders(template) if p}


@pytest.mark.parametrize("lang", ["ru", "uk", "ja"])
def test_every_message_says_its_counts_with_the_right_noun(lang: str) -> None:
    messages = _messages()
    assert sum(isinstance(m, Plural) for m in messages) >= 10
    bad = []
    for text in messages:
        said = words({"m": text}, lang)["m"]
        for n in COUNTS:
            try:
                out = said.format(**_fill(text, n))
            except (KeyError, IndexError, ValueError):
                continue  # positional or structured templates: not a count sentence
            if lang == "ja":
                assert "{" not in out
                continue
            bad += [(text, w) for w in wrong_forms(out, lang)]
    assert bad == []


def _fill_web(text: str, n: int) -> str:
    def value(m: re.Match[str]) -> str:
        return str(n) if m.group(1) in COUNT_NAMES else "X"
    return re.sub(r"\{(\w+)\}", value, text)


@pytest.mark.parametrize("lang", ["ru", "uk", "ja"])
def test_every_counted_web_key_says_its_counts_with_the_right_noun(lang: str) -> None:
    data = json.loads((i18n.LOCALE.parent / "web" / "i18n" / f"{lang}.json")
                      .read_text(encoding="utf-8"))
    bad = []
    for key, value in data.items():
        for n in COUNTS:
            if isinstance(value, dict):
                text = value.get(_category(lang, n), value.get("other", ""))
            else:
                text = value
            out = _fill_web(str(text), n)
            if lang != "ja":
                bad += [(key, w) for w in wrong_forms(out, lang)]
    assert bad == []


# -- the log of random games -----------------------------------------------------------------

@pytest.mark.parametrize("game_id,variant,players", [
    ("schotten-totten", "tactics", 2), ("glen-more", None, 3), ("isle-of-skye", None, 4)])
@pytest.mark.parametrize("seed", [1, 2])
def test_log_of_random_games_uses_the_right_noun_forms(game_id: str, variant: str | None,
                                                         players: int, seed: int) -> None:
    game = get_game(game_id)
    opts = dict(game.variant_options(variant)) if variant else {}
    state = game.new_state(players, seed, opts)
    rng = random.Random(seed)
    names = ["Анна", "Борис", "Вера", "Галина"][:players]
    bad: list[tuple[str, str]] = []
    said = 0
    while not state.is_terminal():
        p = state.players_to_move()[0]
        move = rng.choice(state.legal_moves(p))
        for lang in ("ru", "uk", "ja"):
            text = state.describe_move(move, p, None, names, lang)
            said += 1
            if lang != "ja":
                bad += [(text, w) for w in wrong_forms(text, lang)]
            else:
                assert not re.search(r"\b[a-z]{4,}\b", text), text  # no English word
        state.apply(move, p)
    assert said > 30 and bad == []
