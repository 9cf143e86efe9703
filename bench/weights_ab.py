"""Evaluation weights, measured against reference players: the same arena (same seeds,
same seats) played by ISMCTS with each named set of weights.

    python bench/weights_ab.py --game glen-more --players 3 --agent ismcts:3000 --games 40 \
        --weights shipped={} --weights wide='{"spread_end": 4, "spread_per_tile": 0.18}'

A set is ``LABEL=JSON`` (the weights to change, by name; ``{}`` is the shipped file) or
``LABEL=@FILE`` (a weights file, e.g. what ``clanboard tune`` wrote). Seat 0's agent
searches with the set's weights; the other seats are ``--opponent``. Unlike ``clanboard
tune --measure`` (two weight sets against each other, seats alternating), this is the
configuration of issue 21's targets: one searcher against reference players. Use
iteration budgets on a shared machine. ``--log FILE`` appends each finished game as a
JSON line; ``--summarise FILE`` gives every set's win rate over all its games and over
the deals every set finished.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from clanboard.ai.arena import GameOutcome, run_arena  # noqa: E402
from clanboard.ai.ismcts import _hints_cache  # noqa: E402
from clanboard.ai.stats import wilson_interval  # noqa: E402
from clanboard.core import get_game  # noqa: E402
from clanboard.core.weights import read_weights  # noqa: E402


def parse_set(text: str, game: str) -> tuple[str, dict[str, float]]:
    label, sep, value = text.partition("=")
    if not sep or not label:
        raise SystemExit(f"--weights takes LABEL=JSON or LABEL=@FILE, not {text!r}")
    if value.startswith("@"):
        return label, read_weights(value[1:], game).weights
    given = json.loads(value)
    if not isinstance(given, dict):
        raise SystemExit(f"the weights of {label} must be a JSON object, not {value!r}")
    return label, given


def use_weights(game_id: str, weights: dict[str, float]) -> None:
    """Make the game's hints in this process (and the workers it forks) use ``weights``."""
    game = get_game(game_id)
    _hints_cache[id(game)] = (game, game.search_hints().with_weights(weights))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--variant", help="a variant preset of the game")
    parser.add_argument("--agent", default="ismcts:3000", help="the searcher (a level)")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--weights", action="append", default=[], metavar="LABEL=JSON|@FILE")
    parser.add_argument("--log", help="append each finished game to this JSON-lines file")
    parser.add_argument("--summarise", metavar="FILE", help="summarise a log and stop")
    args = parser.parse_args(argv)
    if args.summarise:
        summarise(Path(args.summarise))
        return
    sets = [parse_set(t, args.game) for t in args.weights or ["shipped={}"]]
    seats = [args.agent] + [args.opponent] * (args.players - 1)
    options = get_game(args.game).variant_options(args.variant) if args.variant else None
    for label, weights in sets:
        use_weights(args.game, weights)
        run_arena(args.game, seats, args.games, seed=args.seed, workers=args.workers,
                  options=options, on_game=_logger(args.log, label))
    if args.log:
        summarise(Path(args.log))


def _logger(path: str | None, label: str) -> Any:
    def log(outcome: GameOutcome) -> None:
        row = {"label": label, "index": outcome.index, "seat_agents": outcome.seat_agents,
               "returns": outcome.returns, "scores": outcome.scores}
        if path:
            with open(path, "a") as f:
                f.write(json.dumps(row) + "\n")
        else:
            print(json.dumps(row), flush=True)

    return log


def summarise(path: Path) -> None:
    """Win rate (a shared win counts 1/k) and mean scores of the searcher, per set."""
    games: dict[str, dict[int, dict[str, Any]]] = defaultdict(dict)
    for line in path.read_text().splitlines():
        row = json.loads(line)
        games[row["label"]][row["index"]] = row
    common = set.intersection(*(set(g) for g in games.values())) if games else set()
    for label, rows in games.items():
        for name, chosen in (("all", rows), ("common", {i: rows[i] for i in common})):
            if not chosen:
                continue
            won = mine = theirs = 0.0
            for row in chosen.values():
                seat = row["seat_agents"].index(0)
                ret = row["returns"]
                best = max(ret)
                if ret[seat] == best:
                    won += 1 / ret.count(best)
                mine += row["scores"][seat]
                others = [v for i, v in enumerate(row["scores"]) if i != seat]
                theirs += sum(others) / len(others)
            n = len(chosen)
            lo, hi = wilson_interval(won, n)
            print(f"{label:>12} {name:6} {n:4} games: searcher won {won / n:.1%} "
                  f"({lo:.1%}-{hi:.1%}), mean score {mine / n:.1f} against {theirs / n:.1f}")


if __name__ == "__main__":
    main()
