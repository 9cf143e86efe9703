"""Ctrl-C stops ``clanboard bot``'s account mode at once, whatever its stream is doing."""

from __future__ import annotations

import os
import signal
import threading

import pytest

from clanboard.cli.bot import BotError, until_interrupted


def test_ctrl_c_interrupts_the_wait_while_the_work_holds_its_lock() -> None:
    lock = threading.Lock()
    release = threading.Event()

    def stuck() -> None:  # a read that holds its connection's lock and never returns
        with lock:
            release.wait()

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    try:
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            until_interrupted(stuck)
        assert lock.locked()  # the interrupt landed in the wait, not in the work
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
        release.set()


def test_what_the_work_raises_reaches_the_caller() -> None:
    def refused() -> None:
        raise BotError("the event stream was refused (401)")

    with pytest.raises(BotError, match="refused"):
        until_interrupted(refused)
    done: list[int] = []
    until_interrupted(lambda: done.append(1))
    assert done == [1]
