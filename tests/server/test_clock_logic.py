"""The clock arithmetic on its own: time is charged to the running seats only, never below
zero, the increment goes to the mover, correspondence gives a fresh allowance."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from clanboard.server.clocks.clock import DAY, Clocks, TimeControl

RT = TimeControl("realtime", initial_s=300, increment_s=3)


@given(st.lists(st.tuples(st.floats(0, 400), st.sets(st.integers(0, 2), min_size=1),
                          st.integers(0, 2)), max_size=30))
def test_realtime_charges_only_running_seats_and_credits_the_mover(
        turns: list[tuple[float, set[int], int]]) -> None:
    clocks = Clocks.start(RT, ["human", "human", "ai"], 0.0)
    now = 0.0
    for wait, waiting, mover in turns:
        running = sorted(waiting)
        before = list(clocks.remaining)
        now += wait
        spent = now - clocks.since  # since the running clocks last started
        left = clocks.left(running, now)
        for s in range(3):
            if before[s] is None:
                assert left[s] is None
            elif s in running:
                assert left[s] == max(0.0, before[s] - spent)  # type: ignore[operator]
            else:
                assert left[s] == before[s]
        if mover not in running:
            continue  # no move: the clocks run on
        clocks.moved(mover, running, running, now)
        assert clocks.since == now
        if before[mover] is not None:
            assert clocks.remaining[mover] == left[mover] + RT.increment_s  # type: ignore[operator]
        assert all(r is None or r >= 0 for r in clocks.remaining)
        assert clocks.remaining[2] is None  # an AI seat has no clock


def test_the_deadline_is_the_first_running_clock_to_run_out() -> None:
    clocks = Clocks(RT, [100.0, 40.0, None], 1000.0)
    assert clocks.deadline([0, 1]) == 1040.0
    assert clocks.deadline([0]) == 1100.0
    assert clocks.deadline([2]) is None and clocks.deadline([]) is None
    assert clocks.out_of_time([0, 1], 1039.9) == []
    assert clocks.out_of_time([0, 1], 1200.0) == [1, 0]  # the first to run out first


def test_correspondence_gives_each_move_its_days() -> None:
    corr = TimeControl("correspondence", days_per_move=3)
    clocks = Clocks.start(corr, ["human", "human", "human"], 0.0)
    assert clocks.remaining == [3 * DAY] * 3
    # a simultaneous step: seat 0 moves after a day; seats 1 and 2 still wait
    clocks.moved(0, [0, 1, 2], [1, 2], DAY)
    assert clocks.remaining == [3 * DAY, 2 * DAY, 2 * DAY]
    # seat 1 moves; seat 0 is newly to move: a fresh allowance; seat 2 keeps waiting
    clocks.moved(1, [1, 2], [0, 2], 1.5 * DAY)
    assert clocks.remaining == [3 * DAY, 3 * DAY, 1.5 * DAY]
