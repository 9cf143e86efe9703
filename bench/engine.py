"""Engine benchmark for every registered game: random playouts, clone, legal moves,
determinize and ISMCTS iterations per second.

    python bench/engine.py [--game ID ...] [--all-variants] [--seconds S] [--json]

The same measurement as ``clanboard bench``; see docs/ai.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clanboard.ai.bench import machine, run_bench, table  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", action="append", help="game id (repeatable; default all)")
    parser.add_argument("--variant", help="a variant preset")
    parser.add_argument("--all-variants", action="store_true", help="every variant preset")
    parser.add_argument("--players", type=int, help="number of players")
    parser.add_argument("--seconds", type=float, default=1.0, help="time scale per part")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    results = run_bench(args.game, args.all_variants, args.variant, args.players,
                        args.seconds, args.seed)
    if args.json:
        print(json.dumps({"machine": machine(), "results": [r.to_json() for r in results]},
                         indent=1))
    else:
        from rich.console import Console

        console = Console()
        console.width = max(console.width, 150)
        console.print(table(results))


if __name__ == "__main__":
    main()
