"""The error types every game and front end shares."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


class Text(str):
    """A translatable message: a ``str`` holding the English text, which also keeps its
    message id (the English template, e.g. ``"stone {stone} is already claimed"``) and
    parameters, so :meth:`render` can say it in another language through the gettext
    catalogues. A parameter that is itself a :class:`Text` (a game term such as a phase
    name) is translated too; other parameters are shown as they are."""

    template: str
    params: Mapping[str, Any]

    def __new__(cls, template: str, **params: Any) -> Text:
        self = super().__new__(cls, template.format(**params) if params else template)
        self.template = template
        self.params = params
        return self

    def render(self, lang: str = "en") -> str:
        """The message in ``lang`` (English when the catalogue has no translation)."""
        if lang == "en":
            return str.__str__(self)
        from clanboard.i18n import gettext  # Babel loads only when a language is asked for

        params = {k: v.render(lang) if isinstance(v, Text) else v
                  for k, v in self.params.items()}
        return gettext(lang, self.template).format(**params)

    def __reduce__(self) -> tuple[Any, ...]:  # pickles (process pools) keep the template
        return (_text, (self.template, dict(self.params)))


def _text(template: str, params: dict[str, Any]) -> Text:
    return Text(template, **params)


class Players(Text):
    """Seats as people name them: seat indexes (counted from 0, as the APIs count) said as
    "Player 2, Player 3" (``Players([1, 2])``), in the reader's language when rendered; a
    :class:`Text` parameter of a refusal that waits for several players."""

    seats: tuple[int, ...]

    def __new__(cls, seats: Iterable[int]) -> Players:
        from clanboard.core.messages import MESSAGES

        numbers = tuple(seats)
        english = ", ".join(MESSAGES["seat"].format(n=s + 1) for s in numbers)
        self = str.__new__(cls, english)
        self.template, self.params, self.seats = english, {}, numbers
        return self

    def render(self, lang: str = "en") -> str:
        if lang == "en":
            return str.__str__(self)
        from clanboard.core.messages import MESSAGES
        from clanboard.i18n import gettext

        word = gettext(lang, MESSAGES["seat"])
        return ("、" if lang == "ja" else ", ").join(word.format(n=s + 1) for s in self.seats)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Players, (self.seats,))


def say(messages: Mapping[str, str], key: str, **params: Any) -> Text:
    """``messages[key]`` (a module's dict of English templates, listed for the
    catalogues) as a :class:`Text` with ``params``."""
    return Text(messages[key], **params)


def in_language(text: str, lang: str) -> str:
    """``text`` in ``lang`` when it is a :class:`Text`, else as it is."""
    return text.render(lang) if isinstance(text, Text) else str(text)


class ClanboardError(Exception):
    """Base class of all clanboard errors."""


class IllegalMove(ClanboardError, ValueError):
    """A move that is malformed, out of turn or against the rules.

    ``reason`` says what is wrong; ``allowed`` lists what the player may do
    instead (move notations, or a short description). The state that raised
    it is unchanged.
    """

    def __init__(self, reason: str, allowed: Iterable[str] = ()) -> None:
        self.reason = reason
        self.allowed = list(allowed)
        message = str.__str__(reason)
        if self.allowed:
            shown = ", ".join(self.allowed[:30])
            more = f" (and {len(self.allowed) - 30} more)" if len(self.allowed) > 30 else ""
            message += f". Allowed: {shown}{more}"
        super().__init__(message)

    def reason_in(self, lang: str) -> str:
        """``reason`` in ``lang`` (see :class:`Text`); English text stays as it is."""
        return in_language(self.reason, lang)


class InvalidState(ClanboardError, ValueError):
    """A JSON state, record or option set that cannot describe a legal game."""


class UnknownGame(ClanboardError, KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class EndlessGame(ClanboardError, RuntimeError):
    """A game that did not end within its length bound: its agents go round in circles."""
