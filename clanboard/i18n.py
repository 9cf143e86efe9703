"""Languages: gettext catalogues read with Babel, the translator API and language choice.

Catalogues are ``clanboard/locale/<lang>/LC_MESSAGES/clanboard.po``, read at first use with
Babel's ``read_po`` (no compiled ``.mo`` to keep in step). A message id is the English text
with named placeholders (``"{who} plays {card} at stone {stone}"``); the words of the core
and the games live in their ``MESSAGES`` dicts (see :func:`sources`), the CLI's in ``_()``
calls. ``python -m clanboard.i18n`` brings every catalogue up to date with the sources
(new ids get an empty translation, which falls back to English).
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

LANGUAGES = ("en", "ru", "uk", "ja")
"""The languages offered, English first (the message ids are English)."""
LANGUAGE_NAMES = {"en": "English", "ru": "Русский", "uk": "Українська", "ja": "日本語"}
DEFAULT = "en"
DOMAIN = "clanboard"
LOCALE = Path(__file__).parent / "locale"

#: modules whose ``MESSAGES`` (and game-term) dicts hold user-facing words
WORD_SOURCES: dict[str, tuple[str, ...]] = {
    "clanboard.core.game": ("MESSAGES", "ERRORS"),
    "clanboard.i18n": ("MESSAGES", "AI_LEVELS"),
    "clanboard.games.schotten_totten.describe": ("MESSAGES", "COLOURS", "DECKS",
                                                 "TACTIC_WORDS_BY_NAME"),
    "clanboard.games.schotten_totten.claims": ("MESSAGES", "CATEGORIES"),
    "clanboard.games.schotten_totten.state": ("ERRORS", "PHASE_NAMES"),
    "clanboard.games.schotten_totten.moves": ("NOTATION",),
    "clanboard.games.schotten_totten.render": ("WORDS",),
    "clanboard.games.glen_more.describe": ("MESSAGES", "TILE_NAMES", "RESOURCE_NAMES"),
    "clanboard.games.glen_more.explain": ("ERRORS", "_PHASE_OPS", "KINDS"),
    "clanboard.games.glen_more.territory": ("PLACEMENT",),
    "clanboard.games.glen_more.moves": ("NOTATION",),
    "clanboard.games.glen_more.state": ("PHASES",),
    "clanboard.games.glen_more.render": ("WORDS", "DATA_WORDS"),
    "clanboard.games.isle_of_skye.describe": ("MESSAGES", "ICONS", "SCORING_NAMES"),
    "clanboard.games.isle_of_skye.state": ("ERRORS", "PHASE_WORDS"),
    "clanboard.games.isle_of_skye.territory": ("MISFITS", "TERRAINS", "SIDES"),
    "clanboard.games.isle_of_skye.moves": ("NOTATION",),
    "clanboard.games.isle_of_skye.render": ("WORDS", "COLOUR_WORDS", "SCORING_RULES"),
    "clanboard.games.glen_more_2.solo_describe": ("MESSAGES",),
    "clanboard.games.glen_more_2.describe": ("MESSAGES", "RESOURCE_NAMES"),
    "clanboard.games.glen_more_2.render": ("MESSAGES",),
    "clanboard.server.clocks": ("MESSAGES",),
    "clanboard.server.seeks": ("MESSAGES",),
    "clanboard.server.friends": ("MESSAGES",),
    "clanboard.server.notifications": ("MESSAGES",),
}
#: folders whose Python files call ``_("...")`` (found with Babel's extractor)
CALL_SOURCES = (Path(__file__).parent / "cli",)

Translator = Callable[[str], str]

MESSAGES = {"ai": "AI ({agent})", "ai_name": "AI — {level}"}
"""Words of this module: the default name of an AI seat (stored as ``AI (<agent spec>)``,
shown as ``AI — <level>``)."""
AI_LEVELS = {"easy": "easy", "normal": "normal", "hard": "hard", "heuristic": "quick",
             "random": "random"}
"""An AI seat's agent spec (``ismcts:hard``: its level) in words a player reads."""
_DEFAULT_NAME = re.compile(r"^(?:Player (\d+)|AI \((.+)\))$")


def normalize(lang: str | None) -> str:
    """``lang`` if offered (``"ru-RU"`` counts as ``"ru"``), else English."""
    if not lang:
        return DEFAULT
    base = lang.strip().lower().replace("_", "-").split("-")[0]
    return base if base in LANGUAGES else DEFAULT


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def _catalog(lang: str) -> dict[str, str]:
    if lang == DEFAULT:
        return {}
    with po_path(lang).open("rb") as f:
        cat = read_po(f, locale=lang, domain=DOMAIN)
    return {str(m.id): str(m.string) for m in cat if m.id and m.string and not m.fuzzy}


def gettext(lang: str, message: str) -> str:
    """``message`` (an English message id) in ``lang``; itself when not translated."""
    return _catalog(normalize(lang)).get(message, message)


def translate(lang: str | None) -> Translator:
    """The ``_`` function of ``lang``: ``_ = translate("ru"); _("Scores")``."""
    code = normalize(lang)
    if code == DEFAULT:
        return _identity
    table = _catalog(code)
    return lambda message: table.get(message, message)


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
    base, _, level = agent.partition(":")
    word = AI_LEVELS.get(level if base == "ismcts" and level else base)
    shown = gettext(lang, word) if word else (level if base == "ismcts" and level else agent)
    return gettext(lang, MESSAGES["ai_name"]).format(level=shown)


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


def default_names(names: Iterable[str], lang: str) -> list[str]:
    """Seat names with the server's English defaults ("Player 2", "AI (ismcts:hard)") in
    words of ``lang`` ("Игрок 2", "ИИ — сложный"); names people chose stay as they are."""
    return [_default_name(name, lang) for name in names]


@lru_cache(maxsize=4096)  # every view asks again for the same few names
def _default_name(name: str, lang: str) -> str:
    from clanboard.core.game import MESSAGES as CORE

    m = _DEFAULT_NAME.match(name)
    if m is None:
        return name
    if m.group(1):
        return gettext(lang, CORE["seat"]).format(n=m.group(1))
    return ai_name(m.group(2), lang)


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
                if text:
                    out.setdefault(text, None)
    for text in called_ids():
        out.setdefault(text, None)
    return list(out)


def update(langs: Iterable[str] = LANGUAGES[1:]) -> list[Path]:
    """Rewrite each catalogue with exactly the ids of :func:`sources` (keeping the
    translations it has); returns the files written."""
    ids = sources()
    written = []
    for lang in langs:
        path = po_path(lang)
        old: dict[str, str] = {}
        if path.exists():
            with path.open("rb") as f:
                old = {str(m.id): str(m.string) for m in read_po(f, locale=lang) if m.id}
        cat = Catalog(locale=lang, domain=DOMAIN, project="clanboard", version="0.1",
                      charset="utf-8", fuzzy=False)
        for text in ids:
            cat.add(text, old.get(text, ""))
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, cat, width=100, omit_header=False, sort_output=False)
        written.append(path)
    _catalog.cache_clear()
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


def rules_html(markdown: str) -> str:
    """Markdown as HTML by markdown-it-py's ``js-default`` preset: raw HTML in the text is
    escaped, not passed through, and links are validated (no ``javascript:``)."""
    from markdown_it import MarkdownIt

    return str(MarkdownIt("js-default").enable("table").render(markdown))
