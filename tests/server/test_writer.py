"""The group-commit move writer (PostgreSQL): moves of several tables in one statement,
each all or nothing; a refused move does not sink its batch; a move is acknowledged only
once committed; the queue is bounded."""

from __future__ import annotations

import asyncio
from typing import Any

import psycopg
import pytest

from clanboard.server.cluster import writer as writer_module
from clanboard.server.cluster.notify import connect_kwargs
from clanboard.server.cluster.writer import MoveConflict, MoveWriter
from clanboard.server.core.storage import (
    ClockWrite,
    Store,
    StoredSeat,
    StoredTable,
    make_engine,
    migrate,
)


@pytest.fixture
def store(pg_url: str) -> Any:
    engine = make_engine(pg_url)
    migrate(engine)
    store = Store(engine)
    for tid in ("a", "b", "c"):
        store.create_table(StoredTable(tid, "schotten-totten", None, {}, 2, 1, "playing",
                                       [StoredSeat(0, "human", "x"), StoredSeat(1, "human", "y")]))
    yield store
    engine.dispose()


def fresh(store: Store, tid: str) -> StoredTable:
    """The table as stored, read through a new connection."""
    engine = make_engine(store.engine.url.render_as_string(hide_password=False))
    try:
        loaded = Store(engine).load(tid)
    finally:
        engine.dispose()
    assert loaded is not None
    return loaded


def test_moves_of_several_tables_in_one_statement(store: Store) -> None:
    async def run() -> int:
        writer = MoveWriter(store.engine.url)
        await writer.start()
        try:
            await asyncio.gather(
                writer.write("a", 0, [(0, "1r@1", [0, -1, 1])], "playing"),
                writer.write("b", 0, [(0, "1r@2", [0]), (0, "draw clan", [0])], "over",
                             ClockWrite({"remaining": [5.0, 6.0]}, 123.5)),
                writer.write("c", 0, [(1, "2r@3", [1])], "playing"))
            return writer.batches
        finally:
            await writer.stop()

    assert asyncio.run(run()) == 1  # queued together: one statement
    a, b, c = (fresh(store, t) for t in "abc")
    assert a.moves == [(0, "1r@1", [0, -1, 1])] and a.status == "playing"
    assert a.clock_state is None and a.clock_deadline is None  # untimed: left alone
    assert b.moves == [(0, "1r@2", [0]), (0, "draw clan", [0])] and b.status == "over"
    assert b.clock_state == {"remaining": [5.0, 6.0]} and b.clock_deadline == 123.5
    with store.engine.connect() as conn:  # the clocks after the move, on each step
        steps = conn.exec_driver_sql("SELECT clock FROM moves WHERE table_id = 'b'").all()
    assert [r[0] for r in steps] == [{"remaining": [5.0, 6.0]}] * 2
    assert c.moves == [(1, "2r@3", [1])]


def test_a_refused_move_does_not_sink_its_batch(store: Store) -> None:
    store.add_moves("b", 0, [(0, "1r@1", [0]), (1, "2r@1", [1])], "playing")

    async def run() -> list[Any]:
        writer = MoveWriter(store.engine.url)
        await writer.start()
        try:
            return list(await asyncio.gather(
                writer.write("a", 0, [(0, "1r@1", [0])], "playing"),
                # steps 1 and 2: step 1 is stored already (another process's move), so
                # step 2 must not be stored either
                writer.write("b", 1, [(1, "3r@1", [1]), (1, "draw clan", [1])], "over"),
                writer.write("c", 0, [(1, "2r@3", [1])], "playing"),
                return_exceptions=True))
        finally:
            await writer.stop()

    a, b, c = asyncio.run(run())
    assert a is None and c is None
    assert isinstance(b, MoveConflict)
    assert fresh(store, "a").moves == [(0, "1r@1", [0])]
    assert fresh(store, "c").moves == [(1, "2r@3", [1])]
    stored_b = fresh(store, "b")
    assert stored_b.moves == [(0, "1r@1", [0]), (1, "2r@1", [1])]
    assert stored_b.status == "playing"


def test_acknowledged_moves_survive_and_unacknowledged_fail(store: Store) -> None:
    """A move whose write returned is committed (read back on a new connection); when the
    writer's connection dies mid-write the move is refused, not acknowledged, and the
    writer goes on through a new connection."""
    kwargs = connect_kwargs(store.engine.url)

    async def run() -> tuple[BaseException | None, list[BaseException | None]]:
        writer = MoveWriter(store.engine.url)
        await writer.start()
        try:
            await writer.write("a", 0, [(0, "1r@1", [0])], "playing")
            assert fresh(store, "a").moves == [(0, "1r@1", [0])]  # acknowledged: stored
            assert writer._conn is not None
            pid = writer._conn.info.backend_pid
            # a lock on table b holds the next write in flight; then its connection dies
            async with await psycopg.AsyncConnection.connect(**kwargs) as blocker:
                await blocker.execute("SELECT 1 FROM tables WHERE id = 'b' FOR UPDATE")
                pending = asyncio.ensure_future(writer.write("b", 0, [(0, "x", [0])], "playing"))
                await asyncio.sleep(0.3)
                assert not pending.done()  # not committed: not acknowledged
                queued = [asyncio.ensure_future(writer.write("c", k, [(0, f"m{k}", [0])],
                                                             "playing")) for k in range(2)]
                await asyncio.sleep(0.1)
                async with await psycopg.AsyncConnection.connect(autocommit=True,
                                                                 **kwargs) as admin:
                    await admin.execute("SELECT pg_terminate_backend(%s)", [pid])
                failed = (await asyncio.gather(pending, return_exceptions=True))[0]
                await blocker.rollback()
            later = await asyncio.gather(*queued, return_exceptions=True)
            return failed, later
        finally:
            await writer.stop()

    failed, later = asyncio.run(run())
    assert isinstance(failed, psycopg.OperationalError)
    assert fresh(store, "b").moves == []
    # the moves queued behind it were written through a new connection, in order
    assert later == [None, None]
    assert fresh(store, "c").moves == [(0, "m0", [0]), (0, "m1", [0])]


def test_the_queue_is_bounded(store: Store) -> None:
    """With the writer held up, a full queue makes movers wait (none is dropped, none
    stored early); once the database answers, all are stored."""
    kwargs = connect_kwargs(store.engine.url)

    async def run() -> None:
        writer = MoveWriter(store.engine.url, max_queue=2)
        await writer.start()
        try:
            async with await psycopg.AsyncConnection.connect(**kwargs) as blocker:
                await blocker.execute("SELECT 1 FROM tables WHERE id = 'a' FOR UPDATE")
                first = asyncio.ensure_future(writer.write("a", 0, [(0, "1r@1", [0])],
                                                           "playing"))
                await asyncio.sleep(0.2)  # taken from the queue, held by the lock
                rest = [asyncio.ensure_future(writer.write(t, 0, [(0, "1r@1", [0])], "playing"))
                        for t in ("b", "c")]
                more = asyncio.ensure_future(writer.write("b", 1, [(1, "2r@1", [1])],
                                                          "playing"))
                await asyncio.sleep(0.2)
                assert writer.queue.full() and writer.queue.qsize() == 2
                assert not any(f.done() for f in [first, *rest, more])
                await blocker.rollback()
            await asyncio.wait_for(asyncio.gather(first, *rest, more), 10)
        finally:
            await writer.stop()

    asyncio.run(run())
    assert fresh(store, "b").moves == [(0, "1r@1", [0]), (1, "2r@1", [1])]
    assert [len(fresh(store, t).moves) for t in "ac"] == [1, 1]


def test_stopping_refuses_what_is_queued(store: Store) -> None:
    kwargs = connect_kwargs(store.engine.url)

    async def run() -> list[Any]:
        writer = MoveWriter(store.engine.url)
        await writer.start()
        async with await psycopg.AsyncConnection.connect(**kwargs) as blocker:
            await blocker.execute("SELECT 1 FROM tables WHERE id = 'a' FOR UPDATE")
            held = asyncio.ensure_future(writer.write("a", 0, [(0, "1r@1", [0])], "playing"))
            await asyncio.sleep(0.2)
            queued = asyncio.ensure_future(writer.write("b", 0, [(0, "1r@1", [0])], "playing"))
            await asyncio.sleep(0.1)
            await writer.stop()
            await blocker.rollback()
        out = await asyncio.gather(held, queued, return_exceptions=True)
        with pytest.raises(RuntimeError):
            await writer.write("c", 0, [(0, "1r@1", [0])], "playing")
        return list(out)

    held, queued = asyncio.run(run())
    assert isinstance(held, BaseException) and isinstance(queued, RuntimeError)
    assert fresh(store, "b").moves == []


def test_a_connection_lost_while_idle_is_replaced_before_a_write(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """The database closed the writer's idle connection (a restart, an idle timeout): the
    next move is stored through a new one, not refused."""
    kwargs = connect_kwargs(store.engine.url)
    monkeypatch.setattr(writer_module, "IDLE_CHECK", 0.0)

    async def run() -> None:
        writer = MoveWriter(store.engine.url)
        await writer.start()
        try:
            assert writer._conn is not None
            pid = writer._conn.info.backend_pid
            async with await psycopg.AsyncConnection.connect(autocommit=True,
                                                             **kwargs) as admin:
                await admin.execute("SELECT pg_terminate_backend(%s)", [pid])
            await asyncio.sleep(0.2)
            await writer.write("a", 0, [(0, "1r@1", [0])], "playing")
            assert writer._conn.info.backend_pid != pid
        finally:
            await writer.stop()

    asyncio.run(run())
    assert fresh(store, "a").moves == [(0, "1r@1", [0])]
