"""API errors: a status, a short code, the reason in words, and what is allowed instead."""

from __future__ import annotations

from typing import Any


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
