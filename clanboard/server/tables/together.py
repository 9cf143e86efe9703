"""Playing together at a table: taking a move back with the others' approval, a rematch,
and chat (see docs/web-api.md, "Takeback, rematch and chat").

State per live table is a :class:`Together` (``LiveTable.together``), loaded from storage
with the table. Views carry the pending takeback and rematch offer (a view hook); chat
goes out as its own ``{"type": "chat"}`` messages, filtered per watcher: the players'
channel reaches seats and spectators, the spectators' channel spectators only, and a seat
never receives the chat of a seat it muted.
"""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from fastapi import APIRouter, Query, Request
from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt
from sqlalchemy import delete, func, insert, select, update

from clanboard.i18n import localized
from clanboard.server.accounts.auth import seated
from clanboard.server.core import textcheck
from clanboard.server.core.errors import ApiError
from clanboard.server.core.errors import say as reason
from clanboard.server.core.guard import client_ip
from clanboard.server.core.models import ChatRow, MoveRow, MuteRow, RematchRow, SeatRow, TableRow
from clanboard.server.core.requests import Token, request_lang
from clanboard.server.core.schemas import Name
from clanboard.server.core.storage import Store, _now
from clanboard.server.tables.live import LOAD_HOOKS, VIEW_HOOKS, LiveTable, hash_token
from clanboard.server.tables.service import Tables

MESSAGES = {
    "not_in_play": "only a game in play takes moves back",
    "over": "the game is over",
    "not_human": "only a human seat asks for a takeback",
    "not_enough": "there are not {n} moves to take back",
    "too_late": "another seat has moved since: only your own last moves, before anyone "
                "else acts, can be taken back",
    "pending": "a takeback is already being asked for",
    "rated_ai": "an AI seat does not agree to takebacks in a rated game",
    "no_takeback": "no takeback is being asked for now",
    "not_asked": "you are not asked about this takeback",
}
"""Words of takebacks a player may read (refusals; the game's own come from the game)."""

#: the longest chat message, in characters
CHAT_LENGTH = 300
#: messages one sender (a seat, or a spectator's address) may send per table
CHAT_RATE = parse("5 per 10 seconds")
#: messages a table keeps (then its chat is full)
CHAT_CAP = 2000
#: messages sent to a watcher when it connects (the latest)
CHAT_BACKLOG = 100
PLAYERS, SPECTATORS = "players", "spectators"
#: WebSocket message types handled here
SOCKET_TYPES = frozenset({"takeback", "takeback_answer", "rematch", "rematch_decline",
                          "chat", "mute"})

_limiter = MovingWindowRateLimiter(MemoryStorage())


def is_rated(table: LiveTable) -> bool:
    """Whether the table is rated (AI seats then refuse takebacks). Accounts and ratings
    set it; until then no table is."""
    return bool(getattr(table, "rated", False))


#: called as ``hook(old, new)`` after a rematch table is made, to copy more settings
#: (clocks, rating) from the old table to the new
REMATCH_HOOKS: list[Callable[[LiveTable, LiveTable], Any]] = []


@dataclass
class Takeback:
    by: int
    n: int
    seq: int
    waiting: set[int]


@dataclass
class Chat:
    seq: int
    channel: str
    seat: int | None
    name: str
    text: str

    def public(self) -> dict[str, Any]:
        return {"seq": self.seq, "channel": self.channel, "seat": self.seat,
                "name": self.name, "text": self.text}


@dataclass
class Together:
    takeback: Takeback | None = None
    #: the seats that accepted (or offered) a rematch
    rematch_offer: set[int] = field(default_factory=set)
    rematch: str | None = None
    rematch_of: str | None = None
    chat: list[Chat] = field(default_factory=list)
    #: seat -> the seats it muted
    mutes: dict[int, set[int]] = field(default_factory=dict)
    #: the last position's take-back code: ((seq, takebacks), code), worked out once
    take_back_code: tuple[tuple[int, int], str | None] | None = None
    #: old seat -> (new seat, its token), kept in memory until asked for
    new_tokens: dict[int, tuple[int, str]] = field(default_factory=dict)


def of(table: LiveTable) -> Together:
    if table.together is None:
        table.together = Together()
    return table.together  # type: ignore[no-any-return]


def pending_takeback(table: LiveTable) -> Takeback | None:
    """The takeback asked for at the current position (one asked earlier lapsed when
    anyone moved)."""
    tb = of(table).takeback
    if tb is not None and tb.seq != table.seq:
        of(table).takeback = tb = None
    return tb


def view_hook(table: LiveTable, seat: int | None, view: dict[str, Any]) -> None:
    """Adds ``takeback``, ``rematch`` and (for a seat) ``muted`` to a view."""
    t = of(table)
    tb = pending_takeback(table)
    view["takeback"] = (None if tb is None else
                        {"by": tb.by, "n": tb.n, "waiting": sorted(tb.waiting)})
    view["rematch"] = {"offered": sorted(t.rematch_offer), "table": t.rematch,
                       "of": t.rematch_of}
    if seat is not None:
        view["muted"] = sorted(t.mutes.get(seat, ()))
        view["take_back"] = take_back_offer(table, seat, view.get("lang", "en"))


def _code(table: LiveTable) -> str | None:
    """The game's take-back code of the last move (replayed once per position)."""
    t = of(table)
    key = (table.seq, table.takebacks)
    if t.take_back_code is None or t.take_back_code[0] != key:
        t.take_back_code = (key, table.state.take_back_code(1))
    return t.take_back_code[1]


def refusal(table: LiveTable, seat: int, n: int = 1) -> tuple[str, str] | None:
    """Why ``seat`` may not take its last ``n`` moves back now: (error code, words key or
    ``game:<the game's code>``), ``None`` when it may."""
    if table.status != "playing":
        return "takeback_refused", "not_in_play" if table.status != "over" else "over"
    if table.seats[seat].kind != "human":
        return "takeback_refused", "not_human"
    if n < 1 or n > len(table.moves):
        return "takeback_refused", "not_enough"
    if any(p != seat for p, _, _ in table.moves[-n:]):
        return "takeback_too_late", "too_late"
    if pending_takeback(table) is not None:
        return "takeback_pending", "pending"
    code = _code(table) if n == 1 else table.state.take_back_code(n)
    if code is not None:
        return "takeback_refused", f"game:{code}"
    if (is_rated(table) and any(s.kind == "ai" for s in table.seats)
            and not (n == 1 and undoing(table, seat))):
        return "takeback_refused", "rated_ai"
    return None


def undoing(table: LiveTable, seat: int) -> bool:
    """Whether taking ``seat``'s last move back undoes a step of its own turn, which it
    has not finished (it is still to move): done at once, nobody is asked (nothing it
    did has been committed to the others; what the game revealed is refused anyway)."""
    return (table.status == "playing" and bool(table.moves)
            and table.moves[-1][0] == seat and seat in table.state.players_to_move())


def refusal_words(table: LiveTable, key: str, lang: str, n: int = 1) -> str:
    if key.startswith("game:"):
        return table.state.take_back_reason(key[5:], lang)
    return localized(MESSAGES, lang)[key].format(n=n)


def take_back_offer(table: LiveTable, seat: int, lang: str) -> dict[str, Any] | None:
    """For a seat's view: may it take its last move back now (``allowed``), is that an
    undo within its own turn (``undo``: done at once), and if not, why (``reason``, in
    words of ``lang``). ``None`` when it has nothing to take back (its own move is not the
    last, or the game is not in play)."""
    if table.status != "playing" or not table.moves or table.moves[-1][0] != seat:
        return None
    refused = refusal(table, seat)
    return {"allowed": refused is None, "undo": undoing(table, seat),
            "reason": None if refused is None else refusal_words(table, refused[1], lang)}


# -- storage -------------------------------------------------------------------------------

def load(store: Store, table_id: str) -> Together:
    with store.engine.connect() as conn:
        rows = conn.execute(select(ChatRow.seq, ChatRow.channel, ChatRow.seat, ChatRow.name,
                                   ChatRow.text).where(ChatRow.table_id == table_id)
                            .order_by(ChatRow.id)).all()
        mutes = conn.execute(select(MuteRow.seat, MuteRow.muted)
                             .where(MuteRow.table_id == table_id)).all()
        ahead = conn.execute(select(RematchRow.rematch_id)
                             .where(RematchRow.table_id == table_id)).scalar()
        behind = conn.execute(select(RematchRow.table_id)
                              .where(RematchRow.rematch_id == table_id)).scalar()
    t = Together(rematch=ahead, rematch_of=behind,
                 chat=[Chat(r.seq, r.channel, r.seat, r.name, r.text) for r in rows])
    for seat, muted in mutes:
        t.mutes.setdefault(seat, set()).add(muted)
    return t


def truncate_moves(store: Store, table_id: str, keep: int, status: str) -> None:
    """Drop the moves numbered ``keep`` and up, in one transaction."""
    with store.engine.begin() as conn:
        conn.execute(delete(MoveRow.__table__)  # type: ignore[arg-type]
                     .where(MoveRow.__table__.c.table_id == table_id,
                            MoveRow.__table__.c.seq >= keep))
        conn.execute(update(TableRow.__table__)  # type: ignore[arg-type]
                     .where(TableRow.__table__.c.id == table_id)
                     .values(status=status, updated_at=_now()))


def add_chat(store: Store, table_id: str, msg: Chat) -> None:
    with store.engine.begin() as conn:
        conn.execute(insert(ChatRow.__table__).values(  # type: ignore[arg-type]
            table_id=table_id, seq=msg.seq, channel=msg.channel, seat=msg.seat,
            name=msg.name, text=msg.text, created_at=_now()))


def set_mute(store: Store, table_id: str, seat: int, muted: int, on: bool) -> None:
    with store.engine.begin() as conn:
        conn.execute(delete(MuteRow.__table__)  # type: ignore[arg-type]
                     .where(MuteRow.__table__.c.table_id == table_id,
                            MuteRow.__table__.c.seat == seat,
                            MuteRow.__table__.c.muted == muted))
        if on:
            conn.execute(insert(MuteRow.__table__).values(  # type: ignore[arg-type]
                table_id=table_id, seat=seat, muted=muted))


def link_rematch(store: Store, old: str, new: str) -> None:
    with store.engine.begin() as conn:
        conn.execute(insert(RematchRow.__table__).values(  # type: ignore[arg-type]
            table_id=old, rematch_id=new))


def set_token(store: Store, table_id: str, seat: int, token_hash: str) -> None:
    with store.engine.begin() as conn:
        conn.execute(update(SeatRow.__table__)  # type: ignore[arg-type]
                     .where(SeatRow.__table__.c.table_id == table_id,
                            SeatRow.__table__.c.seat == seat)
                     .values(token_hash=token_hash))


def chat_count(store: Store, table_id: str) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(ChatRow)
                                .where(ChatRow.table_id == table_id)).scalar() or 0)


async def load_hook(tables: Tables, table: LiveTable) -> None:
    """Reads a table's chat, mutes and rematch links when it is loaded."""
    table.together = await tables.run_db(load, tables.store, table.id)


# -- takeback --------------------------------------------------------------------------------

def humans(table: LiveTable) -> list[int]:
    return [s.seat for s in table.seats if s.kind == "human"]


async def ask_takeback(tables: Tables, table: LiveTable, seat: int, n: int = 1,
                       lang: str = "en") -> None:
    """``seat`` asks to take its last ``n`` moves back: refused at once when they cannot
    be, done at once when nobody need agree, else every other human seat is asked."""
    async with table.lock:
        refused = refusal(table, seat, n)
        if refused is not None:
            error, key = refused
            status = 403 if key == "not_human" else 409
            raise ApiError(status, error, refusal_words(table, key, lang, n))
        others = {s for s in humans(table) if s != seat}
        if not others or (n == 1 and undoing(table, seat)):
            # AI seats agree in an unrated game; a step of one's own turn is one's own
            await _take_back(tables, table, n)
        else:
            of(table).takeback = Takeback(seat, n, table.seq, others)
    await tables.broadcast(table)
    tables.kick_ai(table)


async def answer_takeback(tables: Tables, table: LiveTable, seat: int, accept: bool,
                          lang: str = "en") -> None:
    async with table.lock:
        tb = pending_takeback(table)
        if tb is None:
            raise ApiError(409, "no_takeback", localized(MESSAGES, lang)["no_takeback"])
        if seat not in tb.waiting:
            raise ApiError(409, "no_takeback", localized(MESSAGES, lang)["not_asked"])
        if not accept:
            of(table).takeback = None
            _tell(table, {"type": "takeback_declined", "table": table.id, "by": seat})
        else:
            tb.waiting.discard(seat)
            if not tb.waiting:
                await _take_back(tables, table, tb.n)
    await tables.broadcast(table)
    tables.kick_ai(table)


async def _take_back(tables: Tables, table: LiveTable, n: int) -> None:
    """Truncate the stored moves, then the table (the caller holds the lock)."""
    before = table.state.without_last(n)
    keep = len(table.moves) - n
    status = "waiting" if any(s.kind == "open" for s in table.seats) else "playing"
    await tables.run_db(truncate_moves, tables.store, table.id, keep, status)
    if table.clocks is not None:  # settle the running clocks before the seat to move changes
        from clanboard.server.clocks.clock import Clocks

        now = tables.clock.now()
        c = table.clocks
        table.clocks = Clocks(c.control, c.left(table.running(), now), now)
    table.state = before
    del table.moves[keep:]
    del table.texts[keep:]
    del table.move_clocks[keep:]
    table.takebacks += 1
    of(table).takeback = None
    _tell(table, {"type": "takeback_done", "table": table.id, "seq": table.seq})
    tables.arm_clock(table)


def _tell(table: LiveTable, message: dict[str, Any]) -> None:
    for w in list(table.watchers):
        w.offer(message)


# -- rematch -----------------------------------------------------------------------------------

async def offer_rematch(tables: Tables, table: LiveTable, seat: int
                        ) -> tuple[str, int, str] | None:
    """``seat`` offers (or accepts) a rematch. Once every human seat has, the new table is
    made; returns ``(table, seat, token)`` of the caller's seat there once it exists."""
    t = of(table)
    made = False
    async with table.lock:
        if table.status != "over":
            raise ApiError(409, "game_not_over", reason("rematch_not_yet"))
        if table.seats[seat].kind != "human":
            raise ApiError(403, "not_a_player", reason("rematch_humans"))
        if t.rematch is None:
            t.rematch_offer.add(seat)
            if set(humans(table)) <= t.rematch_offer:
                await _make_rematch(tables, table)
                made = True
    if made:
        for w in list(table.watchers):  # each seat's token on its own connection only
            got = t.new_tokens.get(w.seat) if w.seat is not None else None
            w.offer({"type": "rematch", "table": table.id, "rematch": t.rematch,
                     **({"seat": got[0], "token": got[1]} if got else {})})
    await tables.broadcast(table)
    return rematch_token(table, seat) if t.rematch else None


def rematch_token(table: LiveTable, seat: int) -> tuple[str, int, str] | None:
    t = of(table)
    got = t.new_tokens.get(seat)
    return None if got is None or t.rematch is None else (t.rematch, got[0], got[1])


async def _make_rematch(tables: Tables, table: LiveTable) -> None:
    n = table.state.num_players
    specs: list[dict[str, Any]] = [{}] * n
    for s in table.seats:  # seat s plays as seat s + 1
        spec: dict[str, Any] = {"kind": s.kind, "name": s.name}
        if s.kind == "ai":
            spec["agent"] = s.agent
        if s.user_id is not None:
            spec["user_id"] = s.user_id
        specs[(s.seat + 1) % n] = spec
    new, tokens, _ = await tables.create(table.state.game.id, table.variant,
                                         dict(table.state.options), n, None, specs,
                                         private=table.private, rated=table.rated,
                                         clock=(table.clocks.control.to_json()
                                                if table.clocks is not None else None))
    await tables.run_db(link_rematch, tables.store, table.id, new.id)
    t = of(table)
    t.rematch = new.id
    t.rematch_offer.clear()
    t.new_tokens = {(ns - 1) % n: (ns, tok) for ns, tok in tokens.items()}
    of(new).rematch_of = table.id
    for hook in REMATCH_HOOKS:
        hook(table, new)


async def decline_rematch(tables: Tables, table: LiveTable, seat: int) -> None:
    t = of(table)
    if not t.rematch_offer or t.rematch is not None:
        raise ApiError(409, "no_rematch_offer", reason("no_rematch_offer"))
    t.rematch_offer.clear()
    _tell(table, {"type": "rematch_declined", "table": table.id, "by": seat})
    await tables.broadcast(table)


async def reissue_token(tables: Tables, table: LiveTable, seat: int) -> tuple[str, int, str]:
    """The caller's seat at the rematch: its token while the server still holds it, else a
    new one (the old one stops working)."""
    t = of(table)
    if t.rematch is None:
        raise ApiError(404, "no_rematch", reason("no_rematch"))
    got = rematch_token(table, seat)
    if got is not None:
        return got
    if table.seats[seat].kind != "human":
        raise ApiError(403, "not_a_player", reason("rematch_seat"))
    new = await tables.get(t.rematch)
    n = table.state.num_players
    new_seat = (seat + 1) % n
    token = secrets.token_urlsafe(24)
    async with new.lock:
        await tables.run_db(set_token, tables.store, new.id, new_seat, hash_token(token))
        # only the token changes: the seat keeps its account (a rated table's seat)
        new.seats[new_seat] = replace(new.seats[new_seat], token_hash=hash_token(token))
    t.new_tokens[seat] = (new_seat, token)
    return new.id, new_seat, token


# -- chat --------------------------------------------------------------------------------------

def clean_text(text: Any, lang: str = "en") -> str:
    if not isinstance(text, str):
        raise ApiError(400, "malformed_request", 'send {"type": "chat", "text": "..."}')
    text = text.strip()
    if not text:
        raise ApiError(422, "bad_chat", reason("chat_empty"))
    if len(text) > CHAT_LENGTH:
        raise ApiError(422, "bad_chat", reason("chat_long", most=CHAT_LENGTH, n=len(text)))
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in text):
        raise ApiError(422, "bad_chat", reason("chat_control"))
    return textcheck.check(text, lang)


def reaches(msg: Chat, t: Together, seat: int | None) -> bool:
    """Whether a watcher of ``seat`` (``None``: a spectator) receives ``msg``."""
    if msg.channel == SPECTATORS:
        return seat is None
    return seat is None or msg.seat is None or msg.seat not in t.mutes.get(seat, ())


async def say(tables: Tables, table: LiveTable, seat: int | None, text: Any,
              name: str | None, sender: str, lang: str = "en") -> Chat:
    """Store and deliver a chat message from ``seat`` (``None``: a spectator, whose
    ``sender`` key is its address); refusals are worded in ``lang``."""
    text = clean_text(text, lang)
    key = f"{table.id}:seat:{seat}" if seat is not None else f"{table.id}:ip:{sender}"
    if not _limiter.hit(CHAT_RATE, "chat", key):
        raise ApiError(429, "rate_limited",
                       reason("chat_rate", n=CHAT_RATE.amount, seconds=CHAT_RATE.multiples),
                       retry_after=CHAT_RATE.multiples)
    t = of(table)
    if len(t.chat) >= CHAT_CAP:
        raise ApiError(409, "chat_full", reason("chat_full", n=CHAT_CAP))
    if seat is not None:
        who, channel = table.seats[seat].name, PLAYERS
    else:
        who = clean_name(name, lang) or "Spectator"
        channel = SPECTATORS
    msg = Chat(table.seq, channel, seat, who, text)
    await tables.run_db(add_chat, tables.store, table.id, msg)
    t.chat.append(msg)
    for w in list(table.watchers):
        if reaches(msg, t, w.seat):
            w.offer({"type": "chat", "table": table.id, "messages": [msg.public()]})
    return msg


def clean_name(name: Any, lang: str = "en") -> str | None:
    if not isinstance(name, str):
        return None
    name = name.strip()[:40]
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in name):
        raise ApiError(422, "bad_chat", reason("chat_name"))
    return textcheck.check(name, lang) or None


def chat_for(table: LiveTable, seat: int | None, limit: int = CHAT_BACKLOG
             ) -> list[dict[str, Any]]:
    t = of(table)
    return [m.public() for m in t.chat if reaches(m, t, seat)][-limit:]


async def mute(tables: Tables, table: LiveTable, seat: int, target: Any, on: Any) -> None:
    if not isinstance(target, int) or isinstance(target, bool) \
            or not 0 <= target < len(table.seats) or target == seat:
        raise ApiError(422, "bad_mute", reason("mute_other", players=len(table.seats),
                                               player=seat + 1))
    if not isinstance(on, bool):
        raise ApiError(400, "malformed_request", "muted must be true or false")
    await tables.run_db(set_mute, tables.store, table.id, seat, target, on)
    muted = of(table).mutes.setdefault(seat, set())
    (muted.add if on else muted.discard)(target)
    for w in list(table.watchers):
        if w.seat == seat:
            w.offer({"type": "view", "view": table.view(seat, getattr(w, "lang", "en"))})


def on_watch(table: LiveTable, watcher: Any) -> None:
    """A new watcher gets the chat it may read (nothing while there is none)."""
    messages = chat_for(table, watcher.seat)
    if messages:
        watcher.offer({"type": "chat", "table": table.id, "messages": messages,
                       "backlog": True})


async def on_socket(tables: Tables, table: LiveTable, watcher: Any, msg: dict[str, Any],
                    ip: str) -> None:
    """A WebSocket message of one of :data:`SOCKET_TYPES`."""
    seat = watcher.seat
    kind = msg.get("type")
    lang = getattr(watcher, "lang", "en")
    if kind == "chat":
        await say(tables, table, seat, msg.get("text"), msg.get("name"), ip, lang)
        return
    if seat is None:
        raise ApiError(403, "spectator", reason("spectators_cannot"))
    if kind == "takeback":
        n = msg.get("n", 1)
        if not isinstance(n, int) or isinstance(n, bool):
            raise ApiError(400, "malformed_request", "n must be a number")
        await ask_takeback(tables, table, seat, n, lang)
    elif kind == "takeback_answer":
        accept = msg.get("accept")
        if not isinstance(accept, bool):
            raise ApiError(400, "malformed_request", "accept must be true or false")
        await answer_takeback(tables, table, seat, accept, lang)
    elif kind == "rematch":
        existed = of(table).rematch is not None
        got = await offer_rematch(tables, table, seat)
        if existed:  # asked again (another tab, a reload): this seat's token, to it only
            got = got or await reissue_token(tables, table, seat)
            watcher.offer({"type": "rematch", "table": table.id, "rematch": got[0],
                           "seat": got[1], "token": got[2]})
    elif kind == "rematch_decline":
        await decline_rematch(tables, table, seat)
    elif kind == "mute":
        await mute(tables, table, seat, msg.get("seat"), msg.get("muted", True))


# -- REST ----------------------------------------------------------------------------------------

class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt = Field(ge=0,
                            description="your seat (its token in the Authorization header)")


class TakebackIn(SeatIn):
    n: StrictInt = Field(default=1, ge=1, le=50, description="how many of your last moves")


class AnswerIn(SeatIn):
    accept: StrictBool


class ChatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt | None = Field(default=None, ge=0,
                                   description="your seat; none: a spectator")
    text: str = Field(max_length=CHAT_LENGTH * 4)
    name: Name = None


class MuteIn(SeatIn):
    target: StrictInt = Field(ge=0, description="the seat to mute or unmute")
    muted: StrictBool = True


def together_router() -> APIRouter:
    router = APIRouter(tags=["together"])

    @router.post("/api/tables/{table_id}/takeback",
                 summary="Ask to take your last move(s) back; the others are asked")
    async def takeback(table_id: str, body: TakebackIn, request: Request,
                       authorization: Token = None) -> dict[str, Any]:
        tables, table = await seated(request, table_id, body.seat, authorization)
        await ask_takeback(tables, table, body.seat, body.n, request_lang(request))
        return table.view(body.seat, request_lang(request))

    @router.post("/api/tables/{table_id}/takeback/answer",
                 summary="Accept or decline the takeback asked for")
    async def takeback_answer(table_id: str, body: AnswerIn, request: Request,
                              authorization: Token = None) -> dict[str, Any]:
        tables, table = await seated(request, table_id, body.seat, authorization)
        await answer_takeback(tables, table, body.seat, body.accept, request_lang(request))
        return table.view(body.seat, request_lang(request))

    @router.post("/api/tables/{table_id}/rematch",
                 summary="Offer or accept a rematch; once all human seats have, your seat "
                         "at the new table (with its token) comes back")
    async def rematch(table_id: str, body: SeatIn, request: Request,
                      authorization: Token = None) -> dict[str, Any]:
        tables, table = await seated(request, table_id, body.seat, authorization)
        got = await offer_rematch(tables, table, body.seat)
        if got is None and of(table).rematch is not None:
            got = await reissue_token(tables, table, body.seat)
        return _rematch_answer(table, got)

    @router.post("/api/tables/{table_id}/rematch/decline", summary="Decline a rematch")
    async def rematch_decline(table_id: str, body: SeatIn, request: Request,
                              authorization: Token = None) -> dict[str, Any]:
        tables, table = await seated(request, table_id, body.seat, authorization)
        await decline_rematch(tables, table, body.seat)
        return _rematch_answer(table, None)

    @router.get("/api/tables/{table_id}/chat",
                summary="The chat a seat (with its token) or a spectator may read")
    async def chat(table_id: str, request: Request, authorization: Token = None,
                   seat: int | None = Query(None, ge=0)) -> dict[str, Any]:
        _, table = await seated(request, table_id, seat, authorization)
        return {"table": table.id, "messages": chat_for(table, seat, CHAT_CAP)}

    @router.post("/api/tables/{table_id}/chat", status_code=201,
                 summary="Say something: a seat in the players' chat, a spectator in the "
                         "spectators'")
    async def chat_post(table_id: str, body: ChatIn, request: Request,
                        authorization: Token = None) -> dict[str, Any]:
        tables, table = await seated(request, table_id, body.seat, authorization)
        msg = await say(tables, table, body.seat, body.text, body.name,
                        client_ip(request.scope), request_lang(request))
        return msg.public()

    @router.post("/api/tables/{table_id}/mute",
                 summary="Mute (or unmute) another seat's chat for your seat")
    async def mute_post(table_id: str, body: MuteIn, request: Request,
                        authorization: Token = None) -> dict[str, Any]:
        tables, table = await seated(request, table_id, body.seat, authorization)
        await mute(tables, table, body.seat, body.target, body.muted)
        return {"table": table.id, "seat": body.seat,
                "muted": sorted(of(table).mutes.get(body.seat, ()))}

    return router


def _rematch_answer(table: LiveTable, got: tuple[str, int, str] | None) -> dict[str, Any]:
    t = of(table)
    out: dict[str, Any] = {"table": table.id, "offered": sorted(t.rematch_offer),
                           "rematch": t.rematch}
    if got is not None:
        out.update({"seat": got[1], "token": got[2],
                    "link": f"/t/{got[0]}?seat={got[1]}#token={got[2]}"})
    return out


def replay_chat(table: LiveTable) -> list[dict[str, Any]]:
    """The whole chat of a finished game, both channels (nothing is secret any more)."""
    return [m.public() for m in of(table).chat]


VIEW_HOOKS.append(view_hook)
LOAD_HOOKS.append(load_hook)
