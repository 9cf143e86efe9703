"""The terminal's language: ``--lang`` or the environment (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``), and the ``_`` of the command modules."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from clanboard.i18n import LANGUAGES, gettext, normalize

LangOption = Annotated[str | None, typer.Option(
    "--lang", help=f"language: {', '.join(LANGUAGES)} (default: from LANG)")]

_current = ["en"]
#: the language the command line asks for with --lang, wherever it stands (the root
#: command reads it before parsing: clanboard.cli.localize.LocalGroup)
_asked: list[str | None] = [None]


def environment_language() -> str:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return normalize(value.split(":")[0].split(".")[0])
    return "en"


def set_language(lang: str | None) -> str:
    """Speak ``lang`` (else the command line's ``--lang``, else the environment's language)
    from now on; returns its code. An unknown language is refused with the list of those
    offered."""
    if lang is not None and lang.strip().lower().split("-")[0] not in LANGUAGES:
        raise typer.BadParameter(_("unknown language {lang}; choose one of {languages}").format(
            lang=repr(lang), languages=", ".join(LANGUAGES)), param_hint="--lang")
    _current[0] = normalize(lang) if lang else (_asked[0] or environment_language())
    return _current[0]


def ask_language(lang: str | None) -> str:
    """Start a run of the command in ``lang`` (``None``: the environment's language), the
    language each command then speaks unless its own ``--lang`` says otherwise."""
    _asked[0] = lang
    return set_language(None)


def current_language() -> str:
    """The language set by :func:`set_language` (English before)."""
    return _current[0]


def _(message: str) -> str:
    """``message`` in the current language."""
    return gettext(_current[0], message)


def said(exc: BaseException) -> str:
    """An error's message in the current language: a message of the core or a game (a
    :class:`~clanboard.core.errors.Text`) is translated, any other is shown as it is."""
    from clanboard.core.errors import Text

    if exc.args and isinstance(exc.args[0], Text):
        return exc.args[0].render(_current[0])
    return str(exc)
