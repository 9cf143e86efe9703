"""Results and Glicko-2 ratings of finished games, and the leaderboards.

When a table's game ends (:meth:`Tables.game_over`), each account seat's place is stored;
at a rated table every seat is an account, and each player's rating changes once, as one
Glicko-2 rating period of pairwise games against every other seat by final ranking (a
better place is a win, the same place a draw). Ratings are per game and variant preset.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse

from clanboard.core import games, get_game
from clanboard.server.accounts.store import AccountStore, SeatResult
from clanboard.server.core.errors import ApiError, echo, say
from clanboard.server.endings.outcomes import NO_RESULT, left_seats
from clanboard.server.ratings.glicko2 import Rating, rate
from clanboard.server.tables.live import LiveTable
from clanboard.server.tables.service import Tables

log = logging.getLogger("clanboard.server")
#: finished but unrecorded tables looked at after a start
PENDING_LIMIT = 500


def final_ranking(table: LiveTable, losers: Collection[int] = ()) -> list[int]:
    """Each seat's rank at the end (0: first; equal places share a rank). Winners share
    first place; the other seats follow by final score. ``losers`` (e.g. seats that ran
    out of time) rank below everyone else, and then the game need not be over: the other
    seats rank by score only when it is, and share first place otherwise."""
    state = table.state
    n = state.num_players
    over = state.is_terminal()
    winners = set(state.winners()) if over else set()
    scores = state.scores() if over else [0.0] * n

    def key(p: int) -> tuple[int, int, float]:
        if p in losers:
            return (0, 0, 0.0)
        if p in winners:
            return (1, 1, 0.0)
        return (1, 0, float(scores[p] or 0))

    keys = [key(p) for p in range(n)]
    return [sum(1 for q in range(n) if keys[q] > keys[p]) for p in range(n)]


def outcome(rank: int, ranking: list[int]) -> str:
    """``win`` (first place not shared by all), ``draw`` (everyone shares it) or ``loss``."""
    if all(r == 0 for r in ranking):
        return "draw"
    return "win" if rank == 0 else "loss"


def pairwise_scores(ranking: list[int]) -> list[list[tuple[int, float]]]:
    """Per seat: (other seat, 1 for a better place, 0.5 the same, 0 worse)."""
    return [[(j, 1.0 if ranking[i] < ranking[j] else 0.5 if ranking[i] == ranking[j] else 0.0)
             for j in range(len(ranking)) if j != i] for i in range(len(ranking))]


def rate_game(before: list[Rating], ranking: list[int]) -> list[Rating]:
    """Everyone's rating after one game: a rating period of pairwise games, each against
    the other's rating before this game."""
    return [rate(before[i], [(before[j], score) for j, score in games])
            for i, games in enumerate(pairwise_scores(ranking))]


def variant_key(table: LiveTable) -> str:
    return table.variant or ""


async def record_results(tables: Tables, table: LiveTable,
                         losers: Collection[int] = ()) -> bool:
    """Store the results of the account seats of a finished table and, if it is rated,
    the new ratings; once only (False when already stored or nothing to store)."""
    accounts = [s for s in table.seats if s.user_id is not None]
    override = table.result_override or {}
    if not accounts or override.get("reason") in NO_RESULT:  # aborted, abandoned
        return False
    if not losers:  # lost on time (clanboard.server.clocks.clock), resigned or left (endings)
        losers = sorted({*left_seats(table.events),
                         *([table.forfeit] if table.forfeit is not None else [])})
    ranking = final_ranking(table, losers)
    seats = [SeatResult(s.seat, s.user_id, ranking[s.seat], outcome(ranking[s.seat], ranking))
             for s in accounts if s.user_id is not None]
    rated = table.rated and not table.seeded and len(accounts) == len(table.seats)
    if table.rated and not rated:
        log.error("rated table %s has seats without an account: not rated", table.id)
    store = AccountStore(tables.store.engine)
    return await tables.run_db(store.record_game, table.id, table.state.game.id,
                               variant_key(table), table.state.num_players, seats, rated,
                               lambda before: rate_game(before, ranking))


def install(tables: Tables) -> None:
    """Record results when a game ends (the hook of :class:`Tables`)."""

    async def hook(table: LiveTable) -> None:
        await record_results(tables, table)

    tables.game_over_hooks.append(hook)


async def record_pending(tables: Tables) -> int:
    """After a start: record finished tables whose results were not stored (the server
    stopped in between). Returns how many were recorded."""
    store = AccountStore(tables.store.engine)
    done = 0
    for table_id in await tables.run_db(store.unrecorded_tables, PENDING_LIMIT):
        if tables.closing:
            break
        try:
            table = await tables.get(table_id)
            done += await record_results(tables, table)
        except ApiError as exc:
            log.error("table %s: results not recorded: %s", table_id, exc.reason)
    return done


def known_game(game_id: str) -> str:
    try:
        return get_game(game_id).id
    except KeyError:
        raise ApiError(404, "no_such_game", say("no_such_game", game=echo(game_id),
                                                games=", ".join(g.id for g in games()))
                       ) from None


def ratings_router(page: str) -> APIRouter:
    """The leaderboard: ``GET /api/leaderboard/{game}`` and its page (``page``: the file)."""
    router = APIRouter()

    @router.get("/api/leaderboard/{game_id}", tags=["accounts"],
                summary="The rated accounts at a game, best first")
    async def leaderboard(game_id: str, request: Request,
                          variant: str | None = Query(None, max_length=64,
                                                      description="one variant preset "
                                                      "(\"\": no preset); default: all"),
                          limit: int = Query(50, ge=1, le=200)) -> dict[str, Any]:
        game = known_game(game_id)
        tables: Tables = request.app.state.tables
        store = AccountStore(tables.store.engine)
        rows = await tables.run_db(store.leaderboard, game, variant, limit)
        return {"game": game, "variant": variant, "players": rows}

    @router.get("/leaderboard/{game_id}", include_in_schema=False)
    def leaderboard_page(game_id: str) -> FileResponse:
        return FileResponse(page)

    return router
