"""Progress when piped: plain lines to the stream, about every tenth of the job."""

from __future__ import annotations

import io

from clanboard.batch.progress import ProgressDisplay


def test_piped_progress_prints_plain_lines() -> None:
    stream = io.StringIO()
    with ProgressDisplay("arena", stream=stream) as progress:
        for done in range(0, 201):
            progress(done, 200)
    lines = stream.getvalue().splitlines()
    assert lines[0] == "arena: 0/200 games (0%)"
    assert lines[-1].startswith("arena: 200/200 games (100%), ")
    assert len(lines) == 11 and "20/200 games (10%)" in lines[1] and "eta" in lines[1]


def test_resumed_progress_starts_from_what_was_done() -> None:
    stream = io.StringIO()
    with ProgressDisplay("selfplay", unit="shards", stream=stream) as progress:
        progress(3, 4)
        progress(4, 4)
    assert stream.getvalue().splitlines()[0] == "selfplay: 3/4 shards (75%)"
