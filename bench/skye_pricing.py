"""Isle of Skye's price candidates, measured: the same arena played by ISMCTS with the
model's few prices per tile (as shipped) or with the fixed levels 1, 2, 3, 4, 6, 8, 12.

    python bench/skye_pricing.py --prices levels --agent ismcts:300 --games 30

Everything else (evaluation, priors) stays as shipped. Use iteration budgets on a
shared machine.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clanboard.ai.arena import GameOutcome, run_arena  # noqa: E402
from clanboard.ai.ismcts import _hints_cache  # noqa: E402
from clanboard.games.isle_of_skye.agents import SkyeHints as PlayoutHints  # noqa: E402
from clanboard.games.isle_of_skye.hints import SkyeHints  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--prices", choices=("model", "levels"), default="model")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--agent", default="ismcts:300")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    from rich.console import Console

    from clanboard.cli.arena import print_report

    if args.prices == "levels":  # workers fork: the patch reaches them
        SkyeHints.candidate_moves = PlayoutHints.candidate_moves  # type: ignore[method-assign]
        _hints_cache.clear()
    seats = [args.agent] + ["heuristic"] * (args.players - 1)
    report = run_arena("isle-of-skye", seats, args.games, seed=args.seed, workers=args.workers,
                       on_game=_progress)
    console = Console()
    console.print(f"[bold]{args.agent} with the {args.prices} price candidates[/bold]")
    print_report(console, report, None)


def _progress(outcome: GameOutcome) -> None:
    """One line per finished game (the searcher's win share), for runs cut short."""
    seat = list(outcome.seat_agents).index(0)
    print(f"game {outcome.index}: searcher {outcome.returns[seat]:g}", flush=True)


if __name__ == "__main__":
    main()
