"""A game's search evaluation and move priors, measured: the same arena (same seeds, same
seats) played by ISMCTS without them and with them.

    python bench/hints_ab.py --game glen-more --players 3 --agent ismcts:300 --games 45

"Without" keeps the game's playout policy and candidates but drops ``evaluate`` and
``move_priors`` (the search plays every playout to the end and widens in the game's
order); "with" is the game's hints as shipped. Prints both arena tables (win rates
with Wilson intervals) and the difference. Use iteration budgets, not seconds, on a
shared machine.

``--log FILE`` appends each finished game as a JSON line (side, game index, seats,
returns, scores), and ``--summarise FILE`` reads such logs back: the win rates of both
sides over the games that *both* finished (the same deals), for runs cut short.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clanboard.ai.arena import ArenaReport, GameOutcome, run_arena  # noqa: E402
from clanboard.ai.ismcts import _hints_cache  # noqa: E402
from clanboard.ai.stats import wilson_interval  # noqa: E402
from clanboard.core import SearchHints, get_game  # noqa: E402


def without_knowledge(game_id: str) -> None:
    """Switch off the game's evaluation and priors in this process (workers fork)."""
    cls = type(get_game(game_id).search_hints())
    cls.evaluate = SearchHints.evaluate  # type: ignore[method-assign]
    cls.move_priors = SearchHints.move_priors  # type: ignore[method-assign]


def clear_hints_cache() -> None:
    _hints_cache.clear()


def with_knowledge(game_id: str) -> None:
    """Switch on hints a game ships switched off (an ``enabled`` flag, e.g. Isle of
    Skye's) in this process (workers fork)."""
    cls = type(get_game(game_id).search_hints())
    if hasattr(cls(), "enabled"):
        original = cls.__init__

        def enabled_init(self: Any, *a: Any, **k: Any) -> None:
            original(self, *a, **k)
            self.enabled = True

        cls.__init__ = enabled_init  # type: ignore[method-assign]
        clear_hints_cache()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--agent", default="ismcts:300", help="the searcher (a level)")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--games", type=int, default=45)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", choices=("with", "without"), help="play one side only")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--log", help="append each finished game to this JSON-lines file")
    parser.add_argument("--summarise", metavar="FILE", help="summarise a log and stop")
    args = parser.parse_args(argv)
    if args.summarise:
        summarise_log(Path(args.summarise))
        return
    from rich.console import Console

    from clanboard.cli.arena import print_report

    console = Console()
    seats = [args.agent] + [args.opponent] * (args.players - 1)
    reports: dict[str, ArenaReport] = {}
    # "with" first: "without" patches the hints class for the rest of the process
    for side in ("with", "without"):
        if args.only and side != args.only:
            continue
        if side == "with":
            with_knowledge(args.game)
        if side == "without":
            without_knowledge(args.game)
        reports[side] = run_arena(args.game, seats, args.games, seed=args.seed,
                                  workers=args.workers, on_game=_logger(args.log, side))
        if not args.json:
            console.print(f"[bold]{args.agent} {side} the evaluation and priors[/bold]")
            print_report(console, reports[side], None)
    summary: dict[str, dict[str, Any]] = {}
    for side, report in reports.items():
        a = report.agents[0]
        summary[side] = {"agent": a.label, "games": a.games, "win_rate": a.win_rate,
                         "interval": a.interval, "mean_score": a.mean_score,
                         "mean_think_s": a.mean_think}
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        for side, row in summary.items():
            lo, hi = row["interval"]
            console.print(f"{side:8} {row['agent']}: win rate {row['win_rate']:.1%} "
                          f"[{lo:.1%}, {hi:.1%}] over {row['games']} games, "
                          f"mean score {row['mean_score']:.1f}")


def _logger(path: str | None, side: str) -> Any:
    if not path:
        return None

    def log(outcome: GameOutcome) -> None:
        with open(path, "a") as f:
            f.write(json.dumps({"side": side, "index": outcome.index,
                                "seat_agents": outcome.seat_agents,
                                "returns": outcome.returns, "scores": outcome.scores}) + "\n")

    return log


def summarise_log(path: Path) -> None:
    """Win rate and mean score of agent 0 (the searcher) per side, over the game indices
    both sides finished."""
    games: dict[str, dict[int, tuple[float, float]]] = {}
    for line in path.read_text().splitlines():
        row = json.loads(line)
        seat = list(row["seat_agents"]).index(0)
        games.setdefault(row["side"], {})[row["index"]] = (row["returns"][seat],
                                                           row["scores"][seat])
    common = sorted(set.intersection(*(set(g) for g in games.values())))
    for side, rows in games.items():
        wins = sum(rows[i][0] for i in common)
        score = sum(rows[i][1] for i in common) / max(1, len(common))
        lo, hi = wilson_interval(wins, len(common))
        print(f"{side:8} {len(common)} common games: win rate {wins / max(1, len(common)):.1%} "
              f"[{lo:.1%}, {hi:.1%}], mean score {score:.2f}")


if __name__ == "__main__":
    main()
