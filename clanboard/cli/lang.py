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


def environment_language() -> str:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return normalize(value.split(":")[0].split(".")[0])
    return "en"


def set_language(lang: str | None) -> str:
    """Speak ``lang`` (or the environment's language) from now on; returns its code.
    An unknown language is refused with the list of those offered."""
    if lang is not None and lang.strip().lower().split("-")[0] not in LANGUAGES:
        raise typer.BadParameter(f"unknown language {lang!r}; choose one of "
                                 f"{', '.join(LANGUAGES)}", param_hint="--lang")
    _current[0] = normalize(lang) if lang else environment_language()
    return _current[0]


def current_language() -> str:
    """The language set by :func:`set_language` (English before)."""
    return _current[0]


def _(message: str) -> str:
    """``message`` in the current language."""
    return gettext(_current[0], message)
