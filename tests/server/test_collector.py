"""The serving process's garbage collector policy (server/core/collector.py)."""

from __future__ import annotations

import gc
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from clanboard.server import Settings, create_app
from clanboard.server.core.collector import Collector
from tests.server.conftest import TestClient


class Node:
    me: Node | None = None


@pytest.fixture
def unfrozen() -> Iterator[None]:
    yield
    gc.unfreeze()


def cycle() -> weakref.ref[Node]:
    """A reference cycle nothing else holds, alive until a collection traces it."""
    node = Node()
    node.me = node
    return weakref.ref(node)


def doubling(collector: Collector) -> list[list[int]]:
    """Objects that make the frozen heap ``growth`` times what it was at the last full
    collection, whatever else the process freed meanwhile (the test process has other
    threads, xdist's among them: doubling only what is frozen now left no margin)."""
    return [[] for _ in range(int(collector.growth * collector.baseline) + 1)]


def test_a_tick_freezes_what_is_alive_and_stop_hands_it_back(unfrozen: None) -> None:
    collector = Collector()
    collector.start()
    assert gc.get_freeze_count() > 0
    kept = [[i] for i in range(1000)]
    before = gc.get_freeze_count()
    assert collector.tick() is None  # no full collection: the heap did not double
    assert gc.get_freeze_count() >= before + len(kept)
    assert collector.full_collections == 0
    collector.stop()
    assert gc.get_freeze_count() == 0


def test_frozen_cycles_wait_for_the_full_collection_that_doubling_brings(
        unfrozen: None) -> None:
    collector = Collector(growth=2.0, min_interval=0, floor=1)
    gone = cycle()
    collector.start()  # the cycle is frozen while it is garbage
    assert gc.collect() >= 0 and gone() is not None  # a standard collection skips it
    assert collector.tick() is None and gone() is not None
    ballast = doubling(collector)
    found = collector.tick()
    # at least the node (Python 3.11 keeps an instance's attributes without a dict object
    # until one is asked for, so whether its __dict__ is a second object varies)
    assert found is not None and found >= 1
    assert gone() is None
    assert collector.full_collections == 1
    assert collector.baseline >= len(ballast)  # the next one waits for another doubling
    assert collector.tick() is None
    collector.stop()


def test_no_full_collection_within_the_interval(unfrozen: None) -> None:
    collector = Collector(growth=2.0, min_interval=3600, floor=1)
    gone = cycle()
    collector.start()
    ballast = doubling(collector)
    assert collector.tick() is None and gone() is not None and ballast
    collector.last_full -= 3600  # an hour later
    collector.last_count -= 3600
    assert collector.tick() is not None and gone() is None
    collector.stop()


def test_growth_must_be_above_one() -> None:
    with pytest.raises(ValueError, match="growth must be above 1"):
        Collector(growth=1.0)


@contextmanager
def serving(tmp_path: Path, freeze_seconds: float) -> Iterator[None]:
    """A server running (in this process) with ``gc_freeze_seconds=freeze_seconds``."""
    settings = Settings(data_dir=tmp_path, ai_workers=0, probe_workers=-1,
                        gc_freeze_seconds=freeze_seconds)
    gc.unfreeze()
    with TestClient(create_app(settings)) as client:
        assert client.get("/api/games").status_code == 200
        yield


def test_the_server_freezes_while_it_runs_and_not_after(tmp_path: Path) -> None:
    with serving(tmp_path, 0.05):
        deadline = time.monotonic() + 10
        while gc.get_freeze_count() == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0


def test_a_server_may_leave_the_collector_alone(tmp_path: Path) -> None:
    with serving(tmp_path, 0):
        time.sleep(0.2)
        assert gc.get_freeze_count() == 0
