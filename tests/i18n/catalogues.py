"""Every translated string of a language, with where it comes from: the gettext catalogue
(by the module that owns the message id), the web catalogue (by key) and the rules help."""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from clanboard import i18n

ROOT = Path(i18n.__file__).parent


@dataclass(frozen=True)
class Entry:
    """One translated string: ``source`` is ``po``, ``web`` or ``rules``; ``owner`` the
    module of a .po id, the key of a web string, or the rules file."""

    source: str
    owner: str
    msgid: str
    text: str


@cache
def _owners() -> dict[str, tuple[str, ...]]:
    """Message id -> the modules whose word dicts hold it (an id may be shared)."""
    out: dict[str, tuple[str, ...]] = {}
    for module, names in i18n.WORD_SOURCES.items():
        mod = importlib.import_module(module)
        for name in names:
            for text in i18n._words(getattr(mod, name)):
                out[str(text)] = (*out.get(str(text), ()), module)
    for text in i18n.called_ids():
        out[text] = (*out.get(text, ()), "clanboard.cli")
    return out


@cache
def entries(lang: str) -> tuple[Entry, ...]:
    """Every translated string of ``lang`` (each plural form on its own)."""
    out: list[Entry] = []
    with i18n.po_path(lang).open("rb") as f:
        for m in read_po(f, locale=lang):
            if not m.id:
                continue
            msgid = str(m.id[0]) if isinstance(m.id, tuple) else str(m.id)
            forms = m.string if isinstance(m.string, (tuple, list)) else [m.string]
            for owner in _owners().get(msgid, ("",)):
                out += [Entry("po", owner, msgid, str(s)) for s in forms if s]
    data = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    for key, value in data.items():
        values = value.values() if isinstance(value, dict) else [value]
        out += [Entry("web", key, key, str(v)) for v in values]
    for path in sorted(ROOT.glob(f"games/*/rules/{lang}.md")):
        rel = str(path.relative_to(ROOT))
        out += [Entry("rules", rel, f"{rel}:{i}", line)
                for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)]
    return tuple(out)


def of_game(lang: str, modules: tuple[str, ...], keys: tuple[str, ...],
            rules: str | None) -> Iterator[Entry]:
    """The strings of one game: .po ids owned by ``modules`` (prefixes), web keys starting
    with ``keys``, and its rules help folder ``rules`` (``games/<package>/``)."""
    prefixes = {"po": modules, "web": keys, "rules": (rules,) if rules else ()}
    for e in entries(lang):
        if e.owner.startswith(prefixes[e.source]):
            yield e
