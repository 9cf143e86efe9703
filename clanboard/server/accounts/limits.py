"""Limits that fit people: whose unfinished tables count against the open-table cap, and
the refusal that names them.

A logged-in player's tables count against its account alone; a guest's against its
address (a hash of it), shared by everyone behind that address. The refusal is in the
request's language and lists the tables to finish, resign or abandon, with their links.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

from sqlalchemy import select

from clanboard.core import UnknownGame, get_game
from clanboard.i18n import localized
from clanboard.server.core.errors import ApiError
from clanboard.server.core.models import SeatRow, TableRow
from clanboard.server.core.storage import Store

MESSAGES = {
    "cap_account": "you may have at most {cap} unfinished tables created in the last "
                   "{hours} hours",
    "cap_address": "one address may have at most {cap} unfinished tables created in the "
                   "last {hours} hours (log in and only your own tables count)",
    "finish": "finish, resign or abandon one of these first: {tables}",
    "joined": "{limit}; {then}",
}
"""Words of the open-table limit."""

#: the web pages' words (the games' names as players know them)
WEB_WORDS = Path(__file__).resolve().parent.parent / "web" / "i18n"
#: the most tables a refusal lists
LISTED = 50


def address_hash(ip: str) -> str:
    """What is stored of a guest creator's address: a hash, enough to count its tables."""
    return hashlib.sha256(f"clanboard:{ip}".encode()).hexdigest()


def creator_key(user_id: int | None, ip: str) -> str:
    """Whose tables a new table counts with: the account's when logged in, else the
    address's (stored as ``tables.creator``)."""
    return f"account:{user_id}" if user_id is not None else address_hash(ip)


def open_tables_of(store: Store, creator: str, hours: float,
                   limit: int = LISTED) -> list[dict[str, Any]]:
    """The unfinished tables ``creator`` made in the last ``hours``, oldest first."""
    since = datetime.now(UTC).replace(tzinfo=None) - timedelta(hours=hours)
    with store.sessions() as s:
        rows = list(s.execute(select(TableRow.id, TableRow.game, TableRow.status)
                              .where(TableRow.creator == creator, TableRow.status != "over",
                                     TableRow.created_at >= since)
                              .order_by(TableRow.created_at, TableRow.id).limit(limit)))
        names: dict[str, list[str]] = {}
        for table_id, name in s.execute(select(SeatRow.table_id, SeatRow.name)
                                        .where(SeatRow.table_id.in_([r.id for r in rows]))
                                        .order_by(SeatRow.table_id, SeatRow.seat)):
            names.setdefault(table_id, []).append(name)
        return [{"table": r.id, "game": r.game, "status": r.status, "link": f"/t/{r.id}",
                 "seats": names.get(r.id, [])} for r in rows]


@cache
def _web_words(lang: str) -> dict[str, str]:
    path = WEB_WORDS / f"{lang}.json"
    try:
        return dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return {}


def game_name(game_id: str, lang: str = "en") -> str:
    """A game's name as the pages show it in ``lang`` (the web catalogue's)."""
    shown = _web_words(lang).get(f"game.{game_id}.name")
    if shown:
        return shown
    try:
        return get_game(game_id).name
    except (UnknownGame, KeyError):
        return game_id


def too_many_tables(store: Store, creator: str, cap: int, hours: float,
                    lang: str = "en") -> ApiError:
    """The refusal of one table too many, in ``lang``, naming the tables that count:
    ``reason`` says it all, ``summary`` the limit alone, ``tables`` lists them (with links)."""
    listed = open_tables_of(store, creator, hours)
    words = ", ".join(f"{game_name(t['game'], lang)} {t['link']}" for t in listed)
    m = localized(MESSAGES, lang)
    key = "cap_account" if creator.startswith("account:") else "cap_address"
    limit = m[key].format(cap=cap, hours=f"{hours:g}")
    reason = m["joined"].format(limit=limit, then=m["finish"].format(tables=words))
    return ApiError(429, "too_many_open_tables", reason, retry_after=int(hours * 3600),
                    summary=limit, tables=listed)
