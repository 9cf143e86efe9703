"""CPU time per ISMCTS iteration in Isle of Skye, by phase: searches with the game's hints
switched on over every third decision of one game between heuristic players.

    python bench/skye_cost.py --iterations 300 --players 3 --seed 11

Run it at two commits to compare evaluations (CPU time, so load matters little).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clanboard.ai.agent import ISMCTSAgent  # noqa: E402
from clanboard.core import get_game  # noqa: E402
from clanboard.games.isle_of_skye.agents import HeuristicAgent  # noqa: E402
from clanboard.games.isle_of_skye.hints import SkyeHints  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    state = get_game("isle-of-skye").new_state(args.players, args.seed)
    players = [HeuristicAgent(seed=i) for i in range(args.players)]
    searcher = ISMCTSAgent(seed=1, level=str(args.iterations), hints=SkyeHints(enabled=True))
    per: dict[str, list[float]] = {}
    k = 0
    while state.players_to_move():
        for seat in state.players_to_move():
            if seat == 0 and k % 3 == 0:
                t = time.process_time()
                searcher.choose(state, seat)
                row = per.setdefault(state.phase, [0, 0.0, 0])
                assert searcher.last is not None
                row[0] += searcher.last.iterations
                row[1] += time.process_time() - t
                row[2] += 1
            k += 1
            state.apply(players[seat].choose(state, seat), seat)
            if state.current_player() >= 0:
                break
    print("| phase | searches | iterations | CPU s | ms per iteration |")
    print("| --- | --- | --- | --- | --- |")
    for phase, (it, cpu, n) in per.items():
        print(f"| {phase} | {n} | {it:.0f} | {cpu:.2f} | {1000 * cpu / max(it, 1):.2f} |")


if __name__ == "__main__":
    main()
