"""Playing-strength benchmark: ISMCTS against the random and heuristic players of each
game, through the arena (seats rotated, records optional).

    python bench/strength.py [--game ID] [--agent ismcts] [--players N] [--games N] [--json]

Prints one arena table per opponent; the targets are in docs/ai.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clanboard.ai.arena import run_arena  # noqa: E402
from clanboard.core import agent_names, games, get_game  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", action="append", help="game id (repeatable; default all)")
    parser.add_argument("--variant", help="a variant preset")
    parser.add_argument("--agent", default="ismcts", help="the agent under test")
    parser.add_argument("--players", type=int, help="seats (default: the game's minimum)")
    parser.add_argument("--games", type=int, default=20, help="games per opponent")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=0, help="processes (default: cores)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    from rich.console import Console

    from clanboard.cli.arena import print_report

    console = Console()
    reports = []
    for game in [get_game(g) for g in args.game] if args.game else games():
        options = game.variant_options(args.variant) if args.variant else {}
        for opponent in ("random", "heuristic"):
            if opponent not in agent_names(game):
                continue
            seats = [args.agent] + [opponent] * (game.check_players(args.players) - 1)
            report = run_arena(game.id, seats, args.games, seed=args.seed,
                               options=options, workers=args.workers or None)
            reports.append(report.to_json())
            if not args.json:
                print_report(console, report, None)
    if args.json:
        print(json.dumps(reports, indent=1))


if __name__ == "__main__":
    main()
