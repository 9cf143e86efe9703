"""Post-game analysis on the server: ``/api/tables/{id}/analysis`` (see docs/web-analysis.md).

A finished game's analysis (:mod:`clanboard.ai.analysis`) runs as a background job: one
per table, at most ``analysis_max_jobs`` queued or running over the server, at most
``analysis_max_iterations`` iterations a search. One worker takes the jobs in turn and
searches **one position at a time** in an executor of its own: a single process at nice
``analysis_nice`` (19: the kernel gives it the CPU only when the AI seats' processes leave
it idle), so live AI moves keep their pool and their priority; with ``ai_workers=0`` (tests)
a thread. After each position the results so far are stored with the game (table
``analyses``), so a job survives a restart and resumes where it stopped; the job's seed is
stored too (the same seed gives the same numbers) and never served.

With several server processes on one database each job is claimed by the one that runs it
(an atomic update; the claim lasts ``analysis_claim_seconds`` and is renewed after each
position and by a sweep every third of that, and given up when the process stops). The
same sweep, on every process, takes up the unfinished jobs nobody holds: a job whose
process died (kill -9, and a restart quicker than its claim) is run again once its claim
runs out, not only at the next start. A cancel is stored at once, so it also stops a job
another process runs (after its current position) or a job nobody runs any more.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import secrets
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from sqlalchemy import or_, select, update

from clanboard.server.cluster.lease import new_owner
from clanboard.server.core.errors import ApiError, say
from clanboard.server.core.models import AnalysisRow
from clanboard.server.core.requests import request_lang
from clanboard.server.core.settings import Settings
from clanboard.server.core.storage import Store
from clanboard.server.tables.live import LiveTable
from clanboard.server.tables.service import Tables

log = logging.getLogger("clanboard.server")

QUEUED, RUNNING, DONE, CANCELLED, FAILED = "queued", "running", "done", "cancelled", "failed"
UNFINISHED = (QUEUED, RUNNING)
#: how long a process's claim on a job lasts without news from it (seconds; the default of
#: the setting ``analysis_claim_seconds``)
CLAIM_SECONDS = 60.0


class AnalysisRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    iterations: StrictInt | None = Field(
        default=None, ge=1, description="ISMCTS iterations per search (default: the "
                                        "server's analysis_iterations; at most its cap)")


@dataclass
class Job:
    table_id: str
    iterations: int
    seed: int
    status: str = QUEUED
    total: int = 0
    moves: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None
    cancel: bool = False


# -- the work of one position (in the analysis process or thread) ------------------------------


def analyse_with_words(task: Any, names: list[str]) -> dict[str, Any]:
    """One position's :class:`MoveAnalysis` as JSON, with the AI's move in words for the
    mover in every language (``best_text``)."""
    import clanboard.ai  # noqa: F401 - registers the ismcts agent
    from clanboard.ai.analysis import analyse_position
    from clanboard.core import get_game
    from clanboard.i18n import LANGUAGES, default_names

    result = analyse_position(task)
    state = get_game(task.game).state_from_json(task.state)
    best = state.parse_move(result.best, task.player)
    words = {}
    for lang in LANGUAGES:
        try:
            words[lang] = state.describe_move(best, task.player, task.player,
                                              default_names(names, lang), lang)
        except Exception:  # words must not stop an analysis
            words[lang] = result.best
    return {**result.to_json(), "best_text": words}


def _nice(level: int) -> None:
    from clanboard.server.tables.ai import _worker_signals

    _worker_signals()
    with contextlib.suppress(OSError):
        os.nice(level)


def _pid() -> int:
    return os.getpid()


def make_executor(settings: Settings) -> Executor:
    """One process at nice ``analysis_nice`` (forked now, before the server starts its
    threads), or one thread when the AI seats run in a thread (``ai_workers`` 0)."""
    if settings.ai_workers <= 0:
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="clanboard-analysis")
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    pool = ProcessPoolExecutor(max_workers=1, mp_context=ctx, initializer=_nice,
                               initargs=(settings.analysis_nice,))
    pool.submit(_pid).result()
    return pool


# -- storage -----------------------------------------------------------------------------------


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def load_job(store: Store, table_id: str) -> Job | None:
    with store.sessions() as s:
        row = s.get(AnalysisRow, table_id)
        if row is None:
            return None
        return Job(row.table_id, row.iterations, int(row.seed), row.status, row.total,
                   list(row.moves), row.error)


def save_job(store: Store, job: Job, owner: str | None = None,
             seconds: float = CLAIM_SECONDS) -> None:
    """Store ``job``; ``owner``: the process running it renews its claim for ``seconds``
    (unless the job was cancelled meanwhile: then ``job.cancel`` is set and the cancel
    stays). A finished job is nobody's."""
    with store.sessions.begin() as s:
        row = s.get(AnalysisRow, job.table_id)
        if row is None:
            row = AnalysisRow(table_id=job.table_id, created_at=_now())
            s.add(row)
        elif owner is not None and row.status == CANCELLED and job.status in UNFINISHED:
            job.cancel = True  # cancelled through another process: stop after this
            row.moves, row.updated_at = list(job.moves), _now()
            return
        row.status, row.iterations, row.seed, row.total = (
            job.status, job.iterations, job.seed, job.total)
        row.moves, row.error, row.updated_at = list(job.moves), job.error, _now()
        if job.status not in UNFINISHED:
            row.claimed_by, row.claimed_until = None, None
        elif owner is not None:
            row.claimed_by = owner
            row.claimed_until = _now() + timedelta(seconds=seconds)


def claim_job(store: Store, table_id: str, owner: str, seconds: float = CLAIM_SECONDS
              ) -> bool:
    """Claim an unfinished job for ``owner`` in one update: True unless another process
    holds an unexpired claim on it (or it is finished)."""
    now = _now()
    table = AnalysisRow.__table__
    with store.engine.begin() as conn:
        done = conn.execute(
            update(table)  # type: ignore[arg-type]
            .where(table.c.table_id == table_id, table.c.status.in_(UNFINISHED),
                   or_(table.c.claimed_by.is_(None), table.c.claimed_by == owner,
                       table.c.claimed_until < now))
            .values(claimed_by=owner, claimed_until=now + timedelta(seconds=seconds)))
        return bool(done.rowcount == 1)


def renew_claims(store: Store, owner: str, seconds: float) -> None:
    """Extend ``owner``'s claims on its unfinished jobs (a long position's search)."""
    table = AnalysisRow.__table__
    with store.engine.begin() as conn:
        conn.execute(update(table)  # type: ignore[arg-type]
                     .where(table.c.claimed_by == owner, table.c.status.in_(UNFINISHED))
                     .values(claimed_until=_now() + timedelta(seconds=seconds)))


def cancel_stored(store: Store, table_id: str) -> bool:
    """Mark an unfinished job cancelled in the database (whoever runs it, if anyone):
    True if it was unfinished."""
    table = AnalysisRow.__table__
    with store.engine.begin() as conn:
        done = conn.execute(update(table)  # type: ignore[arg-type]
                            .where(table.c.table_id == table_id,
                                   table.c.status.in_(UNFINISHED))
                            .values(status=CANCELLED, claimed_by=None, claimed_until=None,
                                    updated_at=_now()))
        return bool(done.rowcount == 1)


def release_claims(store: Store, owner: str) -> None:
    """Give up ``owner``'s claims (a stopping process): others may run the jobs now."""
    table = AnalysisRow.__table__
    with store.engine.begin() as conn:
        conn.execute(update(table)  # type: ignore[arg-type]
                     .where(table.c.claimed_by == owner)
                     .values(claimed_by=None, claimed_until=None))


def unfinished_jobs(store: Store, limit: int) -> list[Job]:
    """The unfinished jobs no other process has a claim on (oldest first)."""
    with store.sessions() as s:
        ids = list(s.scalars(select(AnalysisRow.table_id)
                             .where(AnalysisRow.status.in_(UNFINISHED),
                                    or_(AnalysisRow.claimed_by.is_(None),
                                        AnalysisRow.claimed_until < _now()))
                             .order_by(AnalysisRow.created_at).limit(limit)))
    return [job for i in ids if (job := load_job(store, i)) is not None]


# -- the jobs ----------------------------------------------------------------------------------


class Analyses:
    """The server's analysis jobs: the unfinished ones in memory, one worker."""

    def __init__(self, tables: Tables, settings: Settings) -> None:
        self.tables = tables
        self.settings = settings
        self.executor = make_executor(settings)
        self.jobs: dict[str, Job] = {}  # queued or running
        self.queue: asyncio.Queue[str] = asyncio.Queue()
        self.queued: set[str] = set()  # ids in the queue: each at most once
        self.lock = asyncio.Lock()
        self.worker: asyncio.Task[None] | None = None
        self.sweeper: asyncio.Task[None] | None = None
        self.claim_seconds = settings.analysis_claim_seconds
        #: this process, as the claimant of the jobs it runs
        self.owner = new_owner()
        #: the worker's store of a job under way (its thread outlives a cancelled worker)
        self._saving: asyncio.Future[None] | None = None

    async def start(self) -> None:
        """Put back the jobs a stop interrupted (read before the server answers, so no
        request races this query) and start the worker."""
        await self.take_up()
        loop = asyncio.get_running_loop()
        self.worker = loop.create_task(self._work())
        self.sweeper = loop.create_task(self.sweep_forever())

    async def take_up(self) -> int:
        """Queue the unfinished jobs no process holds (a stop's, or a dead process's whose
        claim ran out); returns how many."""
        limit = self.settings.analysis_max_jobs or 1000
        taken = 0
        for stopped in await self.tables.run_db(unfinished_jobs, self.tables.store, limit):
            if stopped.table_id in self.jobs:  # this process has it already
                continue
            stopped.status = QUEUED
            self.jobs[stopped.table_id] = stopped
            self._enqueue(stopped.table_id)
            taken += 1
        return taken

    async def sweep_forever(self) -> None:
        """Every third of a claim's time: renew this process's claims (a position may take
        long) and take up the jobs whose claims ran out."""
        every = max(0.2, self.claim_seconds / 3)
        while True:
            await asyncio.sleep(every)
            try:
                await self.tables.run_db(renew_claims, self.tables.store, self.owner,
                                         self.claim_seconds)
                if await self.take_up():
                    log.info("analysis: took up jobs whose claims ran out")
            except Exception:
                log.exception("analysis sweep")

    async def close(self) -> None:
        for task in (self.sweeper, self.worker):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        if self._saving is not None:
            # a store still under way would renew this process's claim after its release
            # below, and the next process would leave the job alone until the claim ran out
            await asyncio.gather(self._saving, return_exceptions=True)
        self.executor.shutdown(wait=False, cancel_futures=True)
        try:
            await self.tables.run_db(release_claims, self.tables.store, self.owner)
        except Exception:  # its claims run out instead
            log.exception("giving up the analysis claims")

    # -- requests ------------------------------------------------------------------------

    async def get(self, table_id: str) -> Job | None:
        job = self.jobs.get(table_id)
        if job is not None:
            return job
        return await self.tables.run_db(load_job, self.tables.store, table_id)

    async def request(self, table: LiveTable, iterations: int | None) -> tuple[Job, bool]:
        """The table's job: the existing one, or a new one queued (True). A cancelled or
        failed one is queued again, keeping what it had done if the iterations match."""
        cap = self.settings.analysis_max_iterations
        wanted = iterations or self.settings.analysis_iterations
        if cap > 0 and wanted > cap:
            raise ApiError(422, "bad_iterations", f"{wanted} iterations a search asked for; "
                           f"this server allows 1 to {cap}")
        async with self.lock:
            job = await self.get(table.id)
            if job is not None and job.status in UNFINISHED:
                if job.cancel:  # asked for again before a cancel took effect
                    job.cancel = False
                    await self.tables.run_db(save_job, self.tables.store, job, self.owner,
                                             self.claim_seconds)
                return job, False
            if job is not None and job.status == DONE:
                return job, False
            limit = self.settings.analysis_max_jobs
            if limit > 0 and len(self.jobs) >= limit:
                raise ApiError(429, "too_many_analyses",
                               say("too_many_analyses", limit=limit), retry_after=60)
            if job is None or job.iterations != wanted:
                job = Job(table.id, wanted, secrets.randbits(62))
            job.status, job.error, job.cancel = QUEUED, None, False
            await self.tables.run_db(save_job, self.tables.store, job)
            self.jobs[table.id] = job
            self._enqueue(table.id)
            return job, True

    def _enqueue(self, table_id: str) -> None:
        if table_id not in self.queued:  # a cancelled job asked for again is still there
            self.queued.add(table_id)
            self.queue.put_nowait(table_id)

    async def cancel(self, table_id: str) -> Job | None:
        """Stop a queued or running job (a running one after its current position). The
        cancel is stored at once: a job another process runs stops there after its
        position, and one nobody runs any more (its process died) is cancelled."""
        job = self.jobs.get(table_id)
        if job is None:
            await self.tables.run_db(cancel_stored, self.tables.store, table_id)
            return await self.get(table_id)
        job.cancel = True
        if job.status == QUEUED:
            await self._finish(job, CANCELLED)
        else:
            await self.tables.run_db(cancel_stored, self.tables.store, table_id)
        return job

    # -- the worker ----------------------------------------------------------------------

    async def _work(self) -> None:
        while True:
            table_id = await self.queue.get()
            self.queued.discard(table_id)
            job = self.jobs.get(table_id)
            if job is None or job.status != QUEUED:
                continue
            if not await self.tables.run_db(claim_job, self.tables.store, table_id,
                                            self.owner, self.claim_seconds):
                log.info("analysis of table %s: another process runs it", table_id)
                self.jobs.pop(table_id, None)
                continue
            try:
                await self._run(job)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.exception("analysis of table %s failed", table_id)
                job.error = f"{type(exc).__name__}: {exc}"[:500]
                await self._finish(job, FAILED)

    async def _run(self, job: Job) -> None:
        from clanboard.ai.analysis import tasks

        table = await self.tables.get(job.table_id)
        table.jobs += 1  # keeps the table in memory while it is analysed
        try:
            record = table.state.record(table.names)
            todo = await asyncio.to_thread(tasks, record, job.iterations, job.seed)
            job.total = len(todo)
            job.status = RUNNING
            done = {m["index"] for m in job.moves}
            await self._save(job, self.owner)
            loop = asyncio.get_running_loop()
            for task in todo:
                if job.cancel:
                    await self._finish(job, CANCELLED)
                    return
                if task.index in done:
                    continue
                result = await loop.run_in_executor(self.executor, analyse_with_words, task,
                                                    table.names)
                job.moves = sorted([*job.moves, result], key=lambda m: m["index"])
                await self._save(job, self.owner)
            await self._finish(job, CANCELLED if job.cancel else DONE)
        finally:
            table.jobs -= 1

    async def _finish(self, job: Job, status: str) -> None:
        job.status = status
        self.jobs.pop(job.table_id, None)
        await self._save(job)

    async def _save(self, job: Job, owner: str | None = None) -> None:
        """Store the worker's job; :meth:`close` waits for a store under way."""
        saving = asyncio.ensure_future(
            self.tables.run_db(save_job, self.tables.store, job, owner, self.claim_seconds))
        self._saving = saving
        await asyncio.shield(saving)


# -- the routes --------------------------------------------------------------------------------


def served(job: Job, table: LiveTable, lang: str) -> dict[str, Any]:
    """A job as the API shows it (no seed), the moves' words in ``lang``."""
    from clanboard.ai.analysis import THRESHOLDS

    moves = []
    for m in job.moves:
        words = table.text(int(m["index"]), lang)
        best = m.get("best_text") or {}
        moves.append({**{k: v for k, v in m.items() if k != "best_text"},
                      "text": words[0] if words else m["move"],
                      "best_text": best.get(lang) or best.get("en") or m["best"]})
    return {"table": job.table_id, "status": job.status, "done": len(job.moves),
            "total": job.total, "iterations": job.iterations,
            "scale": "win_chance" if table.state.num_players == 2 else "win_share",
            "thresholds": dict(THRESHOLDS), "error": job.error, "moves": moves}


def analysis_router() -> APIRouter:
    """The ``/api/tables/{id}/analysis`` routes (the jobs live in ``app.state.analyses``)."""
    router = APIRouter(prefix="/api/tables", tags=["analysis"])
    refusals: dict[int | str, dict[str, Any]] = {
        404: {"description": "no such table (or no analysis yet: GET, DELETE)"},
        409: {"description": "the game is not over"}}

    def service(request: Request) -> Analyses:
        return request.app.state.analyses  # type: ignore[no-any-return]

    async def finished(request: Request, table_id: str) -> LiveTable:
        table = await service(request).tables.get(table_id)
        if table.status != "over":
            raise ApiError(409, "game_not_over", say("analysis_not_yet"))
        return table

    @router.post("/{table_id}/analysis", status_code=202, responses={
        **refusals, 422: {"description": "iterations over the server's cap"},
        429: {"description": "too many analyses queued on the server"}},
        summary="Start the post-game analysis of a finished game (or get the one there is)")
    async def start(table_id: str, request: Request,
                    body: AnalysisRequest | None = None) -> dict[str, Any]:
        table = await finished(request, table_id)
        job, _ = await service(request).request(table, body.iterations if body else None)
        return served(job, table, request_lang(request))

    @router.get("/{table_id}/analysis", responses=refusals,
                summary="A game's analysis: status, progress and the moves analysed so far")
    async def status(table_id: str, request: Request) -> dict[str, Any]:
        table = await finished(request, table_id)
        job = await service(request).get(table_id)
        if job is None:
            raise ApiError(404, "no_analysis", "this game has not been analysed: POST to "
                                               "start its analysis")
        return served(job, table, request_lang(request))

    @router.delete("/{table_id}/analysis", responses=refusals,
                   summary="Cancel a queued or running analysis (what is done is kept)")
    async def cancel(table_id: str, request: Request) -> dict[str, Any]:
        table = await finished(request, table_id)
        job = await service(request).cancel(table_id)
        if job is None:
            raise ApiError(404, "no_analysis", say("not_analysed"))
        return served(job, table, request_lang(request))

    @router.get("/{table_id}/analysis/{index}/alternative", responses=refusals,
                summary="The position after the AI's preferred move instead of move index")
    async def alternative(table_id: str, index: int, request: Request,
                          seat: int | None = Query(None, ge=0)) -> dict[str, Any]:
        """Like a replay frame (the game is over: every seat's view when they differ)."""
        from clanboard.ai.analysis import position_before

        table = await finished(request, table_id)
        job = await service(request).get(table_id)
        entry = next((m for m in (job.moves if job else []) if m["index"] == index), None)
        if entry is None:
            raise ApiError(404, "no_analysis", f"move {index} has not been analysed")
        if seat is not None and seat >= table.state.num_players:
            raise ApiError(404, "no_such_seat", say("seats_are", players=table.state.num_players))
        state = position_before(table.state.record(table.names), index)
        state.apply(entry["best"], entry["player"])
        every = [state.observation(p) for p in range(state.num_players)]
        bare = [{k: v for k, v in o.items() if k != "viewer"} for o in every]
        lang = request_lang(request)
        words = entry.get("best_text") or {}
        return {"index": index, "player": entry["player"], "move": entry["best"],
                "text": words.get(lang) or words.get("en") or entry["best"],
                "observations": None if all(b == bare[0] for b in bare[1:]) else every,
                "observation": state.observation(seat)}

    return router
