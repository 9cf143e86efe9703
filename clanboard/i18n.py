"""Languages: gettext catalogues read with Babel, the translator API and language choice.

Catalogues are ``clanboard/locale/<lang>/LC_MESSAGES/clanboard.po``, read at first use with
Babel's ``read_po`` (no compiled ``.mo`` to keep in step). A message id is the English text
with named placeholders (``"{who} plays {card} at stone {stone}"``); the words of the core
and the games live in their ``MESSAGES`` dicts (see :func:`sources`), the CLI's in ``_()``
calls. ``python -m clanboard.i18n`` brings every catalogue up to date with the sources
(new ids get an empty translation, which falls back to English).

Counted messages are :class:`~clanboard.core.plural.Plural` values in those dicts (or
:func:`ngettext` calls): the catalogue holds them as gettext plural entries (``msgid`` /
``msgid_plural`` / ``msgstr[0..n]``, with the ``Plural-Forms`` header Babel writes for the
language: three forms for ru and uk, one for ja), and the form is chosen by Babel's CLDR rule.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from functools import cache, lru_cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

from clanboard.core.messages import MESSAGES as CORE
from clanboard.core.plural import LanguageRule, Plural

LANGUAGES = ("en", "ru", "uk", "ja")
"""The languages offered, English first (the message ids are English)."""
LANGUAGE_NAMES = {"en": "English", "ru": "Русский", "uk": "Українська", "ja": "日本語"}
DEFAULT = "en"
DOMAIN = "clanboard"
LOCALE = Path(__file__).parent / "locale"

#: modules whose ``MESSAGES`` (and game-term) dicts hold user-facing words
WORD_SOURCES: dict[str, tuple[str, ...]] = {
    "clanboard.core.messages": ("MESSAGES", "ERRORS", "SETUP_ERRORS", "OPTION_KINDS"),
    "clanboard.core.squares": ("MESSAGES",),
    "clanboard.i18n": ("MESSAGES", "AI_LEVELS", "CLANS"),
    "clanboard.games.schotten_totten.describe": ("MESSAGES", "COLOURS", "DECKS",
                                                 "TACTIC_WORDS_BY_NAME"),
    "clanboard.games.schotten_totten.claims": ("MESSAGES", "CATEGORIES", "CARD_NAMES"),
    "clanboard.games.schotten_totten.state": ("ERRORS", "PHASE_NAMES"),
    "clanboard.games.schotten_totten.moves": ("NOTATION",),
    "clanboard.games.schotten_totten.render": ("WORDS", "COLOUR_WORDS", "TACTIC_SHOWN"),
    "clanboard.games.glen_more.describe": ("MESSAGES", "TILE_NAMES", "RESOURCE_NAMES",
                                           "RULE_WORDS"),
    "clanboard.games.glen_more.explain": ("ERRORS", "_PHASE_OPS", "KINDS"),
    "clanboard.games.glen_more.territory": ("PLACEMENT",),
    "clanboard.games.glen_more.moves": ("NOTATION",),
    "clanboard.games.glen_more.state": ("PHASES",),
    "clanboard.games.glen_more.render": ("WORDS", "DATA_WORDS"),
    "clanboard.games.isle_of_skye.describe": ("MESSAGES", "ICONS", "SCORING_NAMES",
                                              "TILE_WORDS"),
    "clanboard.games.isle_of_skye.state": ("ERRORS", "PHASE_WORDS"),
    "clanboard.games.isle_of_skye.territory": ("MISFITS", "TERRAINS", "SIDES"),
    "clanboard.games.isle_of_skye.moves": ("NOTATION",),
    "clanboard.games.isle_of_skye.render": ("WORDS", "COLOUR_WORDS", "SCORING_RULES"),
    "clanboard.games.glen_more_2.solo_describe": ("MESSAGES",),
    "clanboard.games.glen_more_2.describe": ("MESSAGES",),
    "clanboard.games.glen_more_2.render": ("MESSAGES",),
    "clanboard.games.glen_more_2.territory": ("ERRORS",),
    "clanboard.games.glen_more_2.words": ("MESSAGES", "NAMES"),
    "clanboard.games.glen_more_2.pack_words": ("MESSAGES",),
    "clanboard.server.packs.editor": ("MESSAGES",),
    "clanboard.server.clocks.clock": ("MESSAGES",),
    "clanboard.server.tables.together": ("MESSAGES",),
    "clanboard.server.core.errors": ("MESSAGES",),
    "clanboard.server.endings.outcomes": ("MESSAGES",),
    "clanboard.server.endings.actions": ("MESSAGES",),
    "clanboard.server.accounts.limits": ("MESSAGES",),
    "clanboard.server.core.textcheck": ("MESSAGES",),
    "clanboard.server.coach.hints": ("MESSAGES",),
    "clanboard.server.coach.tutorials": ("MESSAGES",),
    "clanboard.server.seeks.pool": ("MESSAGES",),
    "clanboard.server.friends.follows": ("MESSAGES",),
    "clanboard.server.notifications.push": ("MESSAGES",),
    "clanboard.cli.play": ("MESSAGES",),
    "clanboard.cli.analyse": ("MESSAGES", "MARKS"),
    "clanboard.cli.arena": ("MESSAGES",),
    "clanboard.cli.serve": ("MESSAGES", "UVICORN"),
    "clanboard.cli.bench": ("MESSAGES",),
    "clanboard.cli.localize": ("CLICK", "ARGUMENTS"),
    "clanboard.cli.main": ("HELP",),
}
#: folders whose Python files call ``_("...")`` (found with Babel's extractor)
CALL_SOURCES = (Path(__file__).parent / "cli",)

Translator = Callable[[str], str]

MESSAGES = {"ai": "AI ({agent})", "ai_name": "AI — {level}",
            "ai_seat": "{clan} (AI, {level})"}
"""Words of this module: the default name of an AI seat (stored as ``AI (<agent spec>)``,
or a rated table's bot account ``AI-<level>``; shown as ``<clan> (AI, <level>)``) and an AI
level's name (``AI — <level>``)."""
CLANS = {"MacLeod": "MacLeod", "Campbell": "Campbell", "Stewart": "Stewart",
         "Gordon": "Gordon", "Buchanan": "Buchanan", "MacGregor": "MacGregor",
         "Douglas": "Douglas", "Lindsay": "Lindsay"}
"""Scottish clans whose names AI seats bear, one per seat (seat ``i``: the ``i``-th), so
that every AI seat at a table has its own; none is a clan Glen More II prints on its
components. The web app's ``ai.clan.<i>`` words follow this order."""
AI_LEVELS = {"easy": "easy", "normal": "normal", "hard": "hard", "heuristic": "quick",
             "random": "random"}
"""An AI seat's agent spec (``ismcts:hard``: its level) in words a player reads."""
_DEFAULT_NAME = re.compile(r"^(?:Player (\d+)|AI \((.+)\)|AI-([a-z][a-z0-9.-]*))$")


def normalize(lang: str | None) -> str:
    """``lang`` if offered (``"ru-RU"`` counts as ``"ru"``), else English."""
    if not lang:
        return DEFAULT
    base = lang.strip().lower().replace("_", "-").split("-")[0]
    return base if base in LANGUAGES else DEFAULT


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def _read(lang: str) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """A catalogue's translated entries: plain ones by id, plural ones (every form filled)
    by their singular id."""
    if lang == DEFAULT:
        return {}, {}
    with po_path(lang).open("rb") as f:
        cat = read_po(f, locale=lang, domain=DOMAIN)
    plain: dict[str, str] = {}
    counted: dict[str, tuple[str, ...]] = {}
    for m in cat:
        if not m.id or m.fuzzy:
            continue
        if isinstance(m.id, (list, tuple)):
            forms = tuple(str(f) for f in m.string or ())
            if forms and all(forms):
                counted[str(m.id[0])] = forms
        elif m.string:
            plain[str(m.id)] = str(m.string)
    return plain, counted


def _catalog(lang: str) -> dict[str, str]:
    return _read(lang)[0]


@cache
def rule(lang: str) -> LanguageRule:
    """``lang``'s plural rule (CLDR, through Babel): the form index for a count."""
    return LanguageRule(lang)


def gettext(lang: str, message: str) -> str:
    """``message`` (an English message id) in ``lang``; itself when not translated. A
    :class:`Plural` comes back as a :class:`Plural` of ``lang``."""
    if isinstance(message, Plural):
        return plural(lang, message)
    return _catalog(normalize(lang)).get(message, message)


def plural(lang: str, message: Plural) -> Plural:
    """A counted message with ``lang``'s forms and rule; the English one when the catalogue
    has no complete translation."""
    code = normalize(lang)
    forms = _read(code)[1].get(str(message))
    return message.translated(forms, rule(code)) if forms else message


def ngettext(lang: str, singular: str, plural_: str, n: int, number: str = "n") -> str:
    """The form of ``singular``/``plural_`` for ``n`` in ``lang`` (unformatted; the ids
    must also be in a word dict as a :class:`Plural` to be catalogued)."""
    return plural(lang, Plural(singular, plural_, number)).form(n)


def translate(lang: str | None) -> Translator:
    """The ``_`` function of ``lang``: ``_ = translate("ru"); _("Scores")``."""
    code = normalize(lang)
    if code == DEFAULT:
        return _identity
    table = _catalog(code)
    return lambda message: (plural(code, message) if isinstance(message, Plural)
                            else table.get(message, message))


def _identity(message: str) -> str:
    return message


_LOCALIZED: dict[tuple[int, str], Mapping[str, str]] = {}


def localized(messages: Mapping[str, str], lang: str) -> Mapping[str, str]:
    """A word dict (``MESSAGES``) with every value in ``lang`` (kept per dict and language:
    the dicts are module constants)."""
    key = (id(messages), lang)
    out = _LOCALIZED.get(key)
    if out is None:
        _ = translate(lang)
        out = _LOCALIZED[key] = {k: _(v) for k, v in messages.items()}
    return out


def ai_name(agent: str, lang: str) -> str:
    """An AI seat's name for a reader of ``lang``: ``ismcts:hard`` -> "AI — hard",
    "ИИ — сложный"; a spec with no word for it (``ismcts:2s``) is shown as it is."""
    return gettext(lang, MESSAGES["ai_name"]).format(level=ai_level(agent, lang))


@cache
def _web_words(lang: str) -> dict[str, str]:
    import json

    path = Path(__file__).parent / "web" / "i18n" / f"{lang}.json"
    data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return data if isinstance(data, dict) else {}


def game_name(game: object, lang: str) -> str:
    """A game's name in ``lang``, as the web pages show it (their catalogue's
    ``game.<id>.name``); the game's own name when it has none."""
    gid, name = str(getattr(game, "id", "")), str(getattr(game, "name", ""))
    return str(_web_words(normalize(lang)).get(f"game.{gid}.name") or name)


def ai_seat_name(agent: str, seat: int, lang: str) -> str:
    """The name of the AI seat ``seat`` playing ``agent``: its clan and level,
    ``ismcts:hard`` at seat 1 -> "Campbell (AI, hard)", "Кэмпбелл (ИИ, сложный)"."""
    clans = list(CLANS.values())
    clan = gettext(lang, clans[seat % len(clans)])
    return gettext(lang, MESSAGES["ai_seat"]).format(clan=clan, level=ai_level(agent, lang))


def ai_level(agent: str, lang: str) -> str:
    """An AI level in words of ``lang``: ``ismcts:hard`` -> "hard", "сложный"."""
    base, _, level = agent.partition(":")
    word = AI_LEVELS.get(level if base == "ismcts" and level else base)
    return gettext(lang, word) if word else (level if base == "ismcts" and level else agent)


def bot_agent(name: str) -> str | None:
    """The agent spec of an AI level's bot account name (``AI-ismcts-hard`` ->
    ``ismcts:hard``), ``None`` for any other name."""
    m = _DEFAULT_NAME.match(name)
    return m.group(3).replace("-", ":", 1) if m and m.group(3) else None


def default_names(names: Iterable[str], lang: str) -> list[str]:
    """Seat names with the server's English defaults ("Player 2", "AI (ismcts:hard)", a
    rated table's "AI-ismcts-hard") in words of ``lang`` ("Игрок 2", "Кэмпбелл (ИИ,
    сложный)": each AI seat its own clan); names people chose stay as they are."""
    return [_default_name(name, seat, lang) for seat, name in enumerate(names)]


@lru_cache(maxsize=4096)  # every view asks again for the same few names
def _default_name(name: str, seat: int, lang: str) -> str:
    if name == CORE["open_seat"]:  # the server's name of a seat still open
        return gettext(lang, name)
    m = _DEFAULT_NAME.match(name)
    if m is None:
        return name
    if m.group(1):
        return gettext(lang, CORE["seat"]).format(n=m.group(1))
    agent = m.group(2) or m.group(3).replace("-", ":", 1)
    return ai_seat_name(agent, seat, lang)


def negotiate(accept_language: str | None, explicit: str | None = None) -> str:
    """The language to speak: ``explicit`` (a ``lang`` parameter or cookie) when offered,
    else the best match of an ``Accept-Language`` header by its q-values, else English."""
    if explicit and explicit.strip().lower().replace("_", "-").split("-")[0] in LANGUAGES:
        return normalize(explicit)
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept_language or "").split(",")[:32]):
        tag, *params = part.strip().split(";")
        q = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0  # a malformed weight: not a language asked for
        code = tag.strip().lower().split("-")[0]
        if code in LANGUAGES and q > 0:
            ranked.append((-q, i, code))
    return sorted(ranked)[0][2] if ranked else DEFAULT


PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def placeholders(text: str) -> set[str]:
    """The named placeholders of a message (``{who}`` -> ``who``)."""
    return set(PLACEHOLDER.findall(text))


def _words(value: object) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _words(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _words(v)


def called_ids() -> list[str]:
    """The ids of every ``_("...")`` call in :data:`CALL_SOURCES`."""
    out: list[str] = []
    for folder in CALL_SOURCES:
        for path in sorted(folder.glob("*.py")):
            with path.open("rb") as f:
                for _line, message, _comments, _context in extract("python", f,
                                                                   keywords={"_": None}):
                    if isinstance(message, str) and message:
                        out.append(message)
    return out


def sources() -> list[str]:
    """Every message id: the word dicts of :data:`WORD_SOURCES` and the ``_()`` calls of
    :data:`CALL_SOURCES`, in order, without repeats."""
    out: dict[str, None] = {}
    for module, names in WORD_SOURCES.items():
        mod = importlib.import_module(module)
        for name in names:
            for text in _words(getattr(mod, name)):
                if text and (text not in out or isinstance(text, Plural)):
                    out.pop(text, None)  # a counted id wins over the same plain one
                    out[text] = None
    for text in called_ids():
        out.setdefault(text, None)
    return list(out)


def update(langs: Iterable[str] = LANGUAGES[1:]) -> list[Path]:
    """Rewrite each catalogue with exactly the ids of :func:`sources`, keeping the
    translations it has and its order (new ids go at the end, so that branches adding words
    merge cleanly); a :class:`Plural` id becomes a plural entry with as many forms as the
    language has. Returns the files written."""
    wanted = {str(text): text for text in sources()}
    written = []
    for lang in langs:
        path = po_path(lang)
        old: dict[str, str | tuple[str, ...]] = {}
        created = None  # the header's date stays as it was (a date per run would conflict)
        if path.exists():
            with path.open("rb") as f:
                was = read_po(f, locale=lang)
                created = was.creation_date
                for m in was:
                    if isinstance(m.id, (list, tuple)):
                        old[str(m.id[0])] = tuple(str(x) for x in m.string or ())
                    elif m.id:
                        old[str(m.id)] = str(m.string)
        cat = Catalog(locale=lang, domain=DOMAIN, project="clanboard", version="0.1",
                      charset="utf-8", fuzzy=False, creation_date=created)
        ids = [wanted[k] for k in old if k in wanted]
        ids += [text for k, text in wanted.items() if k not in old]
        for text in ids:
            had = old.get(text, "")
            if isinstance(text, Plural):
                forms = had if isinstance(had, tuple) else ()
                n = cat.num_plurals
                cat.add((str(text), text.plural), tuple((*forms, *[""] * n)[:n]))
            else:
                cat.add(text, had if isinstance(had, str) else "")
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, cat, width=100, omit_header=False, sort_output=False)
        written.append(path)
    _read.cache_clear()
    _LOCALIZED.clear()
    return written


if __name__ == "__main__":  # pragma: no cover - a maintainer's tool
    for p in update(sys.argv[1:] or LANGUAGES[1:]):
        print(p)


# -- rules help ----------------------------------------------------------------------------

def rules_markdown(game: object, lang: str) -> tuple[str, str] | None:
    """A game's rules help in our own words: ``(language, Markdown)`` from
    ``<game package>/rules/<lang>.md``, falling back to English; ``None`` if it has none."""
    from importlib import resources

    package = type(game).__module__.rsplit(".", 1)[0]
    for code in dict.fromkeys((normalize(lang), DEFAULT)):
        try:
            path = resources.files(package) / "rules" / f"{code}.md"
            if path.is_file():
                return code, path.read_text(encoding="utf-8")
        except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
            return None
    return None


# a line of Japanese wrapped in the source: the break between two of its characters (kana,
# kanji, their punctuation and full-width forms) is no space in the text
_CJK = "\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef"
_CJK_BREAK = re.compile(f"(?<=[{_CJK}])\n[ \t]*(?=[{_CJK}])")


def rules_html(markdown: str) -> str:
    """Markdown as HTML by markdown-it-py's ``js-default`` preset: raw HTML in the text is
    escaped, not passed through, and links are validated (no ``javascript:``). A line break
    between two Japanese characters goes (a browser shows it as a space: '城）の まわり')."""
    from markdown_it import MarkdownIt

    return str(MarkdownIt("js-default").enable("table").render(_CJK_BREAK.sub("", markdown)))
