"""Does a post-game analysis slow live AI moves? Live AI move latency measured alone, while
the server's analysis runs (one position at a time in its own nice-19 process), and, for
contrast, while the same analysis runs in the AI pool itself (what a naive server would
do). The three are interleaved round by round in one run; the table gives medians and the
ratios to "alone".

    python bench/analysis_load.py [--rounds 6] [--moves 4] [--level ismcts:3000]
        [--workers 2] [--analysis-iterations 1000]

The AI pool is the server's (``server.ai.make_pool``), a live move is the server's
``choose_move`` on a Schotten Totten position, the analysis is the server's
``analyse_with_words`` over the positions of a finished game, one at a time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from concurrent.futures import Executor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import clanboard.ai  # noqa: E402,F401 - registers ismcts
from clanboard.ai.analysis import tasks  # noqa: E402
from clanboard.core import get_game, make_agent, play_game  # noqa: E402
from clanboard.server.analysis.jobs import analyse_with_words, make_executor  # noqa: E402
from clanboard.server.core.settings import Settings  # noqa: E402
from clanboard.server.tables.ai import choose_move, make_pool  # noqa: E402

GAME = "schotten-totten"


class Background:
    """Analyses positions one after the other on ``executor`` until stopped."""

    def __init__(self, executor: Executor, positions: list[object]) -> None:
        self.executor, self.positions = executor, positions
        self.stop = threading.Event()
        self.done = 0
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        i = 0
        while not self.stop.is_set():
            task = self.positions[i % len(self.positions)]
            self.executor.submit(analyse_with_words, task, ["A", "B"]).result()
            self.done += 1
            i += 1

    def __enter__(self) -> Background:
        self.thread.start()
        time.sleep(0.3)  # the first position is under way
        return self

    def __exit__(self, *_: object) -> None:
        self.stop.set()
        self.thread.join()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--moves", type=int, default=4, help="live moves timed per round and case")
    ap.add_argument("--level", default="ismcts:3000", help="the live AI seat's agent")
    ap.add_argument("--workers", type=int, default=2, help="AI pool processes (ai_workers)")
    ap.add_argument("--analysis-iterations", type=int, default=1000)
    args = ap.parse_args()

    game = get_game(GAME)
    finished = game.new_state(seed=3)
    play_game(finished, [make_agent(game, "heuristic", seed=s) for s in (1, 2)])
    positions: list[object] = list(tasks(finished.record(), args.analysis_iterations, 1))
    live = [p.state for p in positions[10:10 + args.moves]]  # type: ignore[attr-defined]
    seats = [p.player for p in positions[10:10 + args.moves]]  # type: ignore[attr-defined]

    settings = Settings(ai_workers=args.workers)
    ai_pool = make_pool(args.workers)
    analysis_pool = make_executor(settings)

    def one_round() -> list[float]:
        out = []
        for state, seat in zip(live, seats, strict=True):
            start = time.perf_counter()
            ai_pool.submit(choose_move, GAME, state, args.level, 7, seat).result()
            out.append(time.perf_counter() - start)
        return out

    cases = {"alone": [], "analysis (own nice-19 process)": [],
             "analysis in the AI pool (contrast)": []}
    positions_done = {k: 0 for k in cases}
    one_round()  # warm-up
    for _ in range(args.rounds):
        cases["alone"] += one_round()
        with Background(analysis_pool, positions) as bg:
            cases["analysis (own nice-19 process)"] += one_round()
        positions_done["analysis (own nice-19 process)"] += bg.done
        with Background(ai_pool, positions) as bg:
            cases["analysis in the AI pool (contrast)"] += one_round()
        positions_done["analysis in the AI pool (contrast)"] += bg.done
    ai_pool.shutdown(cancel_futures=True)
    analysis_pool.shutdown(cancel_futures=True)

    base = statistics.median(cases["alone"])
    print(f"live AI move: {args.level} on {GAME}, AI pool of {args.workers}, "
          f"{args.rounds} rounds x {args.moves} moves; analysis at "
          f"{args.analysis_iterations} iterations a search")
    print(f"{'case':38} {'median s':>9} {'mean s':>8} {'ratio':>6} {'positions analysed':>19}")
    for name, times in cases.items():
        med = statistics.median(times)
        print(f"{name:38} {med:9.3f} {statistics.mean(times):8.3f} {med / base:6.2f} "
              f"{positions_done.get(name, 0):19d}")


if __name__ == "__main__":
    main()
