"""Your games: every unfinished table where the logged-in account has a seat, whose turn
it is and the time left (``GET /api/my-games`` and the ``/my-games`` page), kept live over
``/api/live`` (a ``game`` message per change); and the moment it becomes an account's
turn (a ``turn`` message to its pages, else a Web Push for a correspondence game).
"""

from __future__ import annotations

from collections import OrderedDict
from importlib import resources
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse

from clanboard.server.lobby.hub import Hub, hub_of
from clanboard.server.tables.live import LiveTable
from clanboard.server.tables.service import Tables

WEB = resources.files("clanboard.web")
#: tables listed on the page (the newest changed first)
MAX_GAMES = 50
#: (table, account) pairs whose turn is remembered (the oldest forgotten first)
MAX_TRACKED = 100_000


def game_row(table: LiveTable, user_id: int) -> dict[str, Any] | None:
    """One row of an account's games: its seat, whether it is to move, who is, and the
    time left of the seat the game waits for (``None``: no seat there, or only seats an AI
    took over when their player resigned or left)."""
    seats = [s.seat for s in table.seats if s.user_id == user_id and s.kind == "human"]
    if not seats:
        return None
    status = table.status
    waiting = table.state.players_to_move() if status == "playing" else []
    mine = [s for s in seats if s in waiting]
    seat = mine[0] if mine else seats[0]
    clock = table.clock_view()
    left = None
    if clock is not None and waiting:
        left = clock["remaining"][mine[0] if mine else waiting[0]]
    return {"table": table.id, "game": table.state.game.id, "variant": table.variant,
            "status": status, "rated": table.rated, "seat": seat, "my_turn": bool(mine),
            "to_move": [table.seats[s].name for s in waiting],
            "opponents": [s.name for s in table.seats if s.user_id != user_id],
            "clock": None if clock is None else {
                "kind": clock["kind"], "left": left,
                "days_per_move": clock.get("days_per_move")},
            "seq": table.seq, "link": f"/t/{table.id}?seat={seat}"}


class Turns:
    """Sends an account's pages each change of its tables, and notices when it becomes
    its turn (``notify(user_id, table, row)`` is called then: Web Push, when set up)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        #: whether it was the account's turn at the table (None: it left its seat to an AI)
        self.last: OrderedDict[tuple[str, int], bool | None] = OrderedDict()
        self.notify: list[Any] = []
        hub.on_table.append(self.changed)

    def changed(self, table: LiveTable) -> None:
        users = {s.user_id for s in table.seats if s.user_id is not None}
        for uid in users:
            row = game_row(table, uid)
            key = (table.id, uid)
            if row is None:  # resigned, an AI plays on: the table leaves their games, once
                if key not in self.last or self.last[key] is not None:
                    self.last.pop(key, None)
                    self._remember(key, None)
                    self.hub.send(uid, {"type": "game", "game": {"table": table.id,
                                                                 "status": "over"}})
                continue
            before = bool(self.last.pop(key, False))
            if row["status"] != "over":
                self._remember(key, row["my_turn"])
            self.hub.send(uid, {"type": "game", "game": row})
            if row["my_turn"] and not before:
                sent = self.hub.send(uid, {"type": "turn", "game": row})
                for notify in self.notify:
                    notify(uid, table, row, sent)

    def _remember(self, key: tuple[str, int], turn: bool | None) -> None:
        self.last[key] = turn
        while len(self.last) > MAX_TRACKED:
            self.last.popitem(last=False)


async def my_games(tables: Tables, user_id: int) -> list[dict[str, Any]]:
    """The rows of an account's unfinished tables, those where it is to move first."""
    from clanboard.server.accounts.store import AccountStore

    store = AccountStore(tables.store.engine)
    ids = await tables.run_db(store.open_tables, user_id, MAX_GAMES)
    rows = []
    for table_id in ids:
        table = await tables.get(table_id)
        row = game_row(table, user_id)
        if row is not None and row["status"] != "over":
            rows.append(row)
    rows.sort(key=lambda r: not r["my_turn"])
    return rows


def start(app: FastAPI) -> Turns:
    """At start-up (after :func:`hub.start`)."""
    app.state.turns = Turns(hub_of(app))
    return app.state.turns  # type: ignore[no-any-return]


def mygames_router() -> APIRouter:
    router = APIRouter(tags=["accounts"])

    @router.get("/api/my-games", summary="Your unfinished tables: whose turn, time left")
    async def list_games(request: Request) -> dict[str, Any]:
        from clanboard.server.seeks.pool import seeker

        user = await seeker(request, "login_games")
        rows = await my_games(request.app.state.tables, user.id)
        return {"games": rows, "my_turn": sum(1 for r in rows if r["my_turn"])}

    @router.get("/my-games", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(str(WEB / "mygames.html"))

    return router
