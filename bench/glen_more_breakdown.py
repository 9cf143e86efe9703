"""Where Glen More's points came from, per agent and outcome, over a saved arena.

    python bench/glen_more_breakdown.py DIR [--agent PREFIX]

DIR is a ``clanboard arena glen-more ... --save-dir DIR`` folder. Each game is replayed;
the table gives, for the agent whose label starts with PREFIX (default ``ismcts``) and
for the other seats, the mean over the games that agent won and over those it lost: VP
from each scoring round, the lead over the lowest seat in each category summed over the
rounds, VP scored during play (tiles, activations), the final cards, coins and tile-count
penalty, territory size and resources left. Where several seats are that agent (two
heuristic players, say), each counts under its own result.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from clanboard.core.record import GameRecord, replay  # noqa: E402
from clanboard.games.glen_more.state import GlenMoreState  # noqa: E402

ROWS = ("total", "play", "round 1", "round 2", "round 3", "whisky", "chieftains", "cards",
        "final cards", "coins", "penalty", "tiles", "resources left")


def breakdown(s: GlenMoreState, p: int) -> dict[str, float]:
    """Seat ``p``'s points by source in a finished game."""
    final = s.final
    assert final is not None, "the game is not over"
    out = dict.fromkeys(ROWS, 0.0)
    for sc in s.scorings:
        out[f"round {sc['round']}"] += sc["vp"][p]
        values = {c: [float(v) for v in sc[c]] for c in ("whisky", "chieftains", "cards")}
        for c, v in values.items():
            out[c] += v[p] - min(v)  # the lead that scored
    out["play"] = final["before"][p] - sum(sc["vp"][p] for sc in s.scorings)
    out["final cards"] = final["cards"][p]
    out["coins"] = final["coins"][p]
    out["penalty"] = final["penalty"][p]
    out["tiles"] = final["tiles"][p]
    out["resources left"] = final["resources"][p]
    out["total"] = final["total"][p]
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("folder")
    parser.add_argument("--agent", default="ismcts", help="the agent label's start")
    args = parser.parse_args(argv)
    sums: dict[str, dict[str, float]] = defaultdict(lambda: dict.fromkeys(ROWS, 0.0))
    counts: dict[str, int] = defaultdict(int)
    for path in sorted(Path(args.folder).glob("game-*.json")):
        record = GameRecord.load(path)
        state = replay(record)
        if not isinstance(state, GlenMoreState) or not state.final:
            raise SystemExit(f"{path.name}: not a finished Glen More game")
        seats = [i for i, name in enumerate(record.players or ())
                 if name.startswith(args.agent)]
        if not seats:
            raise SystemExit(f"{path.name}: no agent starting with {args.agent!r}")
        winners = state.winners()
        for p in range(state.num_players):
            me = p if p in seats else seats[0]
            outcome = "won" if winners == [me] else "lost"
            column = f"{args.agent if p in seats else 'others'}, {args.agent} {outcome}"
            counts[column] += 1
            for k, v in breakdown(state, p).items():
                sums[column][k] += v
    columns = sorted(sums, key=lambda c: (not c.startswith(args.agent), "lost" in c))
    print("| VP source | " + " | ".join(f"{c}, {counts[c]}" for c in columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for row in ROWS:
        print(f"| {row} | " + " | ".join(f"{sums[c][row] / counts[c]:.1f}" for c in columns)
              + " |")


if __name__ == "__main__":
    main()
