"""The reads and writes of accounts, sessions, results and ratings (synchronous: the app
runs them on its database threads, like :class:`clanboard.server.core.storage.Store`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, delete, exists, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

from clanboard.server.core.models import (
    RatingRow,
    ResultRow,
    SeatRow,
    SessionRow,
    TableRow,
    UserRow,
)
from clanboard.server.endings.outcomes import NO_RESULT
from clanboard.server.ratings.glicko2 import Rating


class NameTaken(Exception):
    """Sign-up with a name an account already has (in any case)."""


@dataclass(frozen=True)
class User:
    id: int
    name: str
    bot: bool = False


@dataclass(frozen=True)
class SeatResult:
    """One account seat's end of a game, the input of :meth:`AccountStore.record_game`."""

    seat: int
    user_id: int
    rank: int
    outcome: str


#: new ratings from the old ones (same order), for a rated game
Rater = Callable[[list[Rating]], list[Rating]]


class AccountStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions = sessionmaker(engine, expire_on_commit=False)

    # -- accounts and sessions -----------------------------------------------------------------

    def create_user(self, name: str, password_hash: str | None, bot: bool = False) -> User:
        try:
            with self.sessions.begin() as s:
                row = UserRow(name=name, name_key=name.lower(), password_hash=password_hash,
                              bot=bot)
                s.add(row)
                s.flush()
                return User(row.id, row.name, row.bot)
        except IntegrityError:
            raise NameTaken(name) from None

    def user_login(self, name: str) -> tuple[User, str | None] | None:
        """The account named ``name`` (any case) and its password hash."""
        with self.sessions() as s:
            row = s.scalar(select(UserRow).where(UserRow.name_key == name.lower()))
            return None if row is None else (User(row.id, row.name, row.bot), row.password_hash)

    def bot_user(self, name: str) -> User:
        """The bot account ``name``, made on first use."""
        found = self.user_login(name)
        if found is not None:
            return found[0]
        try:
            return self.create_user(name, None, bot=True)
        except NameTaken:  # made meanwhile by another request
            again = self.user_login(name)
            assert again is not None
            return again[0]

    def set_bot_token(self, user_id: int, token_hash: str | None) -> User | None:
        """Give the account a bot API token (only its hash kept; it replaces any earlier
        one, and the account is a bot from now on), or revoke it (``None``)."""
        with self.sessions.begin() as s:
            row = s.get(UserRow, user_id)
            if row is None:
                return None
            row.api_token_hash = token_hash
            if token_hash is not None:
                row.bot = True
            return User(row.id, row.name, row.bot)

    def token_user(self, token_hash: str) -> User | None:
        """The account of a bot API token's hash (one indexed lookup)."""
        with self.sessions() as s:
            row = s.scalar(select(UserRow).where(UserRow.api_token_hash == token_hash))
            return None if row is None else User(row.id, row.name, row.bot)

    def open_tables(self, user_id: int, limit: int) -> list[str]:
        """The unfinished tables where the account has a seat (newest first)."""
        with self.sessions() as s:
            return list(s.scalars(
                select(TableRow.id).join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.user_id == user_id, TableRow.status != "over")
                .order_by(TableRow.updated_at.desc()).limit(limit)))

    def set_password(self, user_id: int, password_hash: str) -> None:
        with self.sessions.begin() as s:
            row = s.get(UserRow, user_id)
            if row is not None:
                row.password_hash = password_hash

    def add_session(self, id_hash: str, user_id: int, now: datetime, expires: datetime) -> None:
        with self.sessions.begin() as s:
            # expired sessions of this account go when it logs in again
            s.execute(delete(SessionRow).where(SessionRow.user_id == user_id,
                                               SessionRow.expires_at <= now))
            s.add(SessionRow(id_hash=id_hash, user_id=user_id, created_at=now,
                             expires_at=expires))

    def session_user(self, id_hash: str, now: datetime) -> User | None:
        """The account of a live session (an expired one is deleted)."""
        with self.sessions.begin() as s:
            row = s.get(SessionRow, id_hash)
            if row is None:
                return None
            if row.expires_at <= now:
                s.delete(row)
                return None
            user = s.get(UserRow, row.user_id)
            return None if user is None else User(user.id, user.name, user.bot)

    def drop_session(self, id_hash: str) -> None:
        with self.sessions.begin() as s:
            s.execute(delete(SessionRow).where(SessionRow.id_hash == id_hash))

    # -- results and ratings ----------------------------------------------------------------

    def has_results(self, table_id: str) -> bool:
        with self.sessions() as s:
            return bool(s.scalar(select(exists().where(ResultRow.table_id == table_id))))

    def record_game(self, table_id: str, game: str, variant: str, players: int,
                    seats: Sequence[SeatResult], rated: bool, rater: Rater) -> bool:
        """Store how each account seat finished and, for a rated game, everyone's new rating
        (``rater`` maps the ratings read here to the new ones), in one transaction. False
        when the table's results were already stored (the results' key refuses a second
        time, so a restart or a second process never rates a game twice)."""
        try:
            with self.sessions.begin() as s:
                before: list[Rating] = []
                rows: list[RatingRow | None] = []
                if rated:
                    for seat in seats:
                        row = s.scalar(select(RatingRow).where(
                            RatingRow.user_id == seat.user_id, RatingRow.game == game,
                            RatingRow.variant == variant).with_for_update())
                        rows.append(row)
                        before.append(Rating() if row is None
                                      else Rating(row.rating, row.rd, row.volatility))
                after = rater(before) if rated else []
                for i, seat in enumerate(seats):
                    s.add(ResultRow(
                        table_id=table_id, seat=seat.seat, user_id=seat.user_id, game=game,
                        variant=variant, rank=seat.rank, players=players,
                        outcome=seat.outcome, rated=rated,
                        rating_before=before[i].rating if rated else None,
                        rating_after=after[i].rating if rated else None,
                        rd_after=after[i].rd if rated else None))
                s.flush()  # the results' key: a second recording stops here
                for i, seat in enumerate(seats if rated else ()):
                    new = after[i]
                    row = rows[i]
                    if row is None:
                        s.add(RatingRow(user_id=seat.user_id, game=game, variant=variant,
                                        rating=new.rating, rd=new.rd,
                                        volatility=new.volatility, games=1))
                    else:
                        row.rating, row.rd, row.volatility = new.rating, new.rd, new.volatility
                        row.games += 1
                        row.updated_at = func.now()
        except IntegrityError:
            return False
        return True

    def unrecorded_tables(self, limit: int) -> list[str]:
        """Finished tables with an account seat whose results are not stored yet (the
        server stopped between the last move and the results)."""
        with self.sessions() as s:
            with_user = select(SeatRow.table_id).where(SeatRow.user_id.is_not(None))
            done = select(ResultRow.table_id)
            rows = s.execute(
                select(TableRow.id, TableRow.result_override)
                .where(TableRow.status == "over", TableRow.id.in_(with_user),
                       TableRow.id.not_in(done))
                .order_by(TableRow.updated_at).limit(limit))
            # aborted and abandoned tables have no result to record (server/endings/actions.py)
            return [r.id for r in rows
                    if (r.result_override or {}).get("reason") not in NO_RESULT]

    def player(self, name: str, recent: int) -> dict[str, Any] | None:
        """An account's page: per game, its results; its ratings; its latest games."""
        with self.sessions() as s:
            user = s.scalar(select(UserRow).where(UserRow.name_key == name.lower()))
            if user is None:
                return None
            per_game: dict[str, dict[str, int]] = {}
            for game, outcome, n in s.execute(
                    select(ResultRow.game, ResultRow.outcome, func.count())
                    .where(ResultRow.user_id == user.id)
                    .group_by(ResultRow.game, ResultRow.outcome)):
                entry = per_game.setdefault(game, {"played": 0, "win": 0, "draw": 0,
                                                   "loss": 0})
                entry[outcome] = entry.get(outcome, 0) + int(n)
                entry["played"] += int(n)
            ratings = [
                {"game": r.game, "variant": r.variant or None, "rating": round(r.rating, 2),
                 "rd": round(r.rd, 2), "volatility": round(r.volatility, 6), "games": r.games}
                for r in s.scalars(select(RatingRow).where(RatingRow.user_id == user.id)
                                   .order_by(RatingRow.game, RatingRow.variant))]
            games = [
                {"table": r.table_id, "game": r.game, "variant": r.variant or None,
                 "seat": r.seat, "place": r.rank + 1, "players": r.players,
                 "outcome": r.outcome, "rated": r.rated,
                 "rating_before": _round(r.rating_before),
                 "rating_after": _round(r.rating_after),
                 "at": r.created_at.isoformat() + "Z",
                 "links": {"table": f"/t/{r.table_id}",
                           "record": f"/api/tables/{r.table_id}/record",
                           "replay": f"/api/tables/{r.table_id}/replay"}}
                for r in s.scalars(select(ResultRow).where(ResultRow.user_id == user.id)
                                   .order_by(ResultRow.created_at.desc(),
                                             ResultRow.table_id).limit(recent))]
            return {"name": user.name, "bot": user.bot,
                    "joined": user.created_at.isoformat() + "Z",
                    "games": [{"game": g, **v} for g, v in sorted(per_game.items())],
                    "ratings": ratings, "recent": games}

    def leaderboard(self, game: str, variant: str | None, limit: int) -> list[dict[str, Any]]:
        """The accounts rated at ``game`` (one variant, or every one), best first."""
        query = (select(UserRow.name, UserRow.bot, RatingRow)
                 .join(UserRow, UserRow.id == RatingRow.user_id)
                 .where(RatingRow.game == game))
        if variant is not None:
            query = query.where(RatingRow.variant == variant)
        query = query.order_by(RatingRow.rating.desc(), UserRow.name_key).limit(limit)
        with self.sessions() as s:
            return [{"rank": i + 1, "name": name, "bot": bot, "variant": r.variant or None,
                     "rating": round(r.rating, 2), "rd": round(r.rd, 2), "games": r.games}
                    for i, (name, bot, r) in enumerate(s.execute(query))]


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 2)
