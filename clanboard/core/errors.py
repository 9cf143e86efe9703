"""The error types every game and front end shares."""

from __future__ import annotations

from collections.abc import Iterable


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
        message = reason
        if self.allowed:
            shown = ", ".join(self.allowed[:30])
            more = f" (and {len(self.allowed) - 30} more)" if len(self.allowed) > 30 else ""
            message += f". Allowed: {shown}{more}"
        super().__init__(message)


class InvalidState(ClanboardError, ValueError):
    """A JSON state, record or option set that cannot describe a legal game."""


class UnknownGame(ClanboardError, KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class EndlessGame(ClanboardError, RuntimeError):
    """A game that did not end within its length bound: its agents go round in circles."""
