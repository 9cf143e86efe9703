"""The live tables (:class:`Tables`): creating and joining a table, over the cache
(:mod:`.cache`), the move path (:mod:`.moves`) and the AI seats, clocks and presence
(:mod:`.timers`).
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

from clanboard.core import InvalidState, UnknownGame, get_game
from clanboard.server.accounts.limits import too_many_tables
from clanboard.server.clocks.clock import Clocks, TimeControl
from clanboard.server.core.errors import ApiError, echo, say
from clanboard.server.core.storage import ClockWrite, StoredSeat
from clanboard.server.lobby.games import check_pack_offered
from clanboard.server.tables.ai import check_agent, resolve_agent
from clanboard.server.tables.live import (
    LiveTable,
    hash_token,
)
from clanboard.server.tables.timers import Timers

log = logging.getLogger("clanboard.server")


class Tables(Timers):
    """The live tables (an LRU of at most ``settings.max_live_tables``, idle ones dropped
    and replayed from storage on demand), the database thread and the AI pool."""

    # -- creating and joining ----------------------------------------------------------------

    async def create(self, game_id: str, variant: str | None, options: dict[str, Any],
                     num_players: int | None, seed: int | None,
                     seats: list[dict[str, Any]], private: bool = False,
                     creator: str | None = None, rated: bool = False,
                     clock: dict[str, Any] | None = None, lang: str = "en",
                     on_resign: str = "ai") -> tuple[LiveTable, dict[int, str], str | None]:
        """A new table; returns it, the tokens of its human seats, and for a private table
        the invite secret its open seats need (only hashes are stored). A seat spec's
        ``user_id`` is the account playing it (checked by the caller). ``creator``: whose
        tables it counts with (:func:`clanboard.server.accounts.limits.creator_key`); ``lang``: the
        language of a refusal."""
        try:
            game = get_game(game_id)
        except UnknownGame as exc:
            raise ApiError(404, "no_such_game", str(exc)) from exc
        chosen = seed is not None
        try:
            opts = dict(game.variant_options(variant)) if variant else {}
            opts.update(options)
            n = game.check_players(num_players if num_players is not None
                                   else (len(seats) or None))
            seed = secrets.randbits(62) if seed is None else seed
            refused = check_pack_offered(game, opts, self.settings.allowed_packs())
            if refused:
                raise ApiError(422, "pack_not_offered", refused)
            state = game.new_state(n, seed, opts)
        except InvalidState as exc:
            raise ApiError(422, "bad_options", str(exc)) from exc
        control = TimeControl.parse(clock)
        if not seats:
            seats = [{"kind": "human"}] + [{"kind": "ai"}] * (n - 1)
        if len(seats) != n:
            raise ApiError(422, "bad_seats", f"{n} players need {n} seats, not {len(seats)}")
        tokens: dict[int, str] = {}
        stored: list[StoredSeat] = []
        for i, spec in enumerate(seats):
            kind = spec.get("kind", "human")
            name = (spec.get("name") or "").strip()[:40]
            if kind == "human":
                tokens[i] = secrets.token_urlsafe(24)
                stored.append(StoredSeat(i, "human", name or f"Player {i + 1}", None,
                                         hash_token(tokens[i]), spec.get("user_id")))
            elif kind == "ai":
                try:
                    agent = check_agent(
                        game, resolve_agent(game, spec.get("agent"), spec.get("difficulty")),
                        self.settings.ai_max_seconds, self.settings.ai_max_iterations)
                except ValueError as exc:
                    raise ApiError(422, "bad_seats", f"seats[{i}] (Player {i + 1}): {exc}") from exc
                stored.append(StoredSeat(i, "ai", name or f"AI ({agent})", agent, None,
                                         spec.get("user_id")))
            elif kind == "open":
                stored.append(StoredSeat(i, "open", name or "(open)", None, None))
            else:
                raise ApiError(422, "bad_seats",
                               f"seats[{i}] (Player {i + 1}): kind must be human, ai or open, "
                               f"not {kind!r}")
        if on_resign not in ("ai", "last"):
            raise ApiError(422, "bad_options",
                           f"on_resign must be 'ai' or 'last', not {echo(on_resign)!r}")
        # a chosen shuffle is fair only when no one else's hidden cards depend on it (every
        # human seat the creator's own); with a seat open for someone else it is marked,
        # shown to whoever joins, and never rated
        seeded = chosen and any(s.kind == "open" for s in stored)
        if seeded and rated:
            raise ApiError(422, "bad_options", "a rated table's shuffle is secret: leave seed out")
        invite = secrets.token_urlsafe(16) if private else None
        table = LiveTable(secrets.token_urlsafe(9), variant, stored, state, [],
                          private=private, invite_hash=hash_token(invite) if invite else None,
                          rated=rated, seeded=seeded, on_resign=on_resign)
        if control is not None:
            table.clocks = Clocks.start(control, [s.kind for s in stored], self.clock.now())
        record = table.stored()
        record.creator = creator
        cap = self.settings.max_open_tables
        async with self._create_lock:  # the count and the insert together
            if creator is not None and cap > 0:
                hours = self.settings.open_tables_hours
                if await self.run_db(self.store.open_tables_by, creator, hours) >= cap:
                    raise await self.run_db(too_many_tables, self.store, creator, cap,
                                            hours, lang)
            await self.run_db(self.store.create_table, record)
        self._keep(table)
        self.kick_ai(table)
        self.arm_clock(table)
        return table, tokens, invite

    async def join(self, table_id: str, seat: int | None, name: str | None,
                   invite: str | None = None, user: tuple[int, str] | None = None
                   ) -> tuple[int, str]:
        """Take an open seat; ``user`` (id, name): the logged-in account taking it."""
        table = await self.get(table_id)
        if table.rated and user is None:
            raise ApiError(401, "account_required", say("rated_join"))
        if table.invite_hash is not None and not (
                invite and secrets.compare_digest(table.invite_hash, hash_token(invite))):
            raise ApiError(403, "invite_required", say("invite_required"))
        async with table.lock:
            if table.status == "over":
                raise ApiError(409, "game_over", "this table is closed: its game is over")
            open_seats = [s.seat for s in table.seats if s.kind == "open"]
            if seat is None:
                if not open_seats:
                    raise ApiError(409, "no_open_seat", say("no_open_seat"))
                seat = open_seats[0]
            if not 0 <= seat < len(table.seats):
                raise ApiError(404, "no_such_seat",
                               say("no_such_seat", players=len(table.seats), player=seat + 1))
            if seat not in open_seats:
                raise ApiError(409, "seat_taken", say("seat_taken", player=seat + 1),
                               allowed=[str(s) for s in open_seats])
            if table.rated and user is not None and any(
                    s.user_id == user[0] for s in table.seats):
                raise ApiError(409, "already_seated", say("already_seated"))
            token = secrets.token_urlsafe(24)
            shown = user[1] if user else (name or "").strip()[:40] or f"Player {seat + 1}"
            new = StoredSeat(seat, "human", shown, None, hash_token(token),
                             user[0] if user else None)
            after = [new if s.seat == seat else s for s in table.seats]
            status = "waiting" if any(s.kind == "open" for s in after) else "playing"
            clocks = None
            if table.clocks is not None and status == "playing":  # the clocks start now
                clocks = Clocks(table.clocks.control, list(table.clocks.remaining),
                                self.clock.now())
            write = None if clocks is None else ClockWrite(
                clocks.to_json(), clocks.deadline(table.state.players_to_move()))
            if not await self.run_db(self.store.take_seat, table.id, seat, new.name,
                                     new.token_hash, status, new.user_id, write):
                raise ApiError(409, "seat_taken", say("seat_taken", player=seat + 1))
            table.seats = after
            if clocks is not None:
                table.clocks = clocks
        await self.broadcast(table)
        self.kick_ai(table)
        self.arm_clock(table)
        return seat, token
