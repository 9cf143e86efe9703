"""API errors: a status, a short code, the reason in words, and what is allowed instead."""

from __future__ import annotations

from typing import Any

#: the most characters of a client's own input an error echoes back
ECHO = 40


def echo(value: Any, limit: int = ECHO) -> str:
    """``value`` as text for an error's reason, cut to ``limit`` characters (a client's
    4,000-digit number or 2,000-character id is not sent back in full)."""
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "..."


class ApiError(Exception):
    def __init__(self, status: int, code: str, reason: str, allowed: list[str] | None = None,
                 **extra: Any) -> None:
        super().__init__(reason)
        self.status = status
        self.code = code
        self.reason = reason
        self.allowed = allowed
        self.extra = extra

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"error": self.code, "reason": self.reason}
        if self.allowed is not None:
            data["allowed"] = self.allowed
        data.update(self.extra)
        return data
