"""What every route reads from a request the same way: the seat token of its
``Authorization`` header and the language to answer in."""

from __future__ import annotations

from typing import Annotated

from fastapi import Header, Request, WebSocket

from clanboard.i18n import negotiate
from clanboard.server.core.errors import ApiError

#: a route's ``Authorization`` header: a seat's (or a bot account's) token
Token = Annotated[str | None, Header(alias="Authorization",
                                     description="Bearer <seat token>")]

#: the cookie that keeps a browser's chosen language (the page's switcher sets it)
LANG_COOKIE = "clanboard_lang"


def bearer(value: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header (nothing else is taken)."""
    if value is None:
        return None
    scheme, _, token = value.strip().partition(" ")
    if scheme.lower() != "bearer" or " " in token.strip():
        raise ApiError(401, "malformed_authorization",
                       "the Authorization header must be 'Bearer <seat token>'")
    return token.strip() or None


def request_lang(conn: Request | WebSocket) -> str:
    """The language to answer in: a ``lang`` query parameter, else the language cookie,
    else the best offered match of ``Accept-Language``, else English."""
    explicit = conn.query_params.get("lang") or conn.cookies.get(LANG_COOKIE)
    return negotiate(conn.headers.get("accept-language"), explicit)
