"""Glen More's evaluation weights fitted to heuristic games, and how well each set
predicts the end.

    python bench/glen_more_fit.py --players 3 --games 1500 --seed 10000 --out fitted.json

Plays ``--games`` games between heuristic players, records every seat's projection
terms at the start of each turn (``hints.projected_scores`` split into its weights), and
fits the weights by least squares to the seats' final VP (today's VP and coins count
once; the shipped file's form, plus a constant). Then it fits the spread (``spread_end``,
``spread_per_tile``) by the likelihood of the actual winners under the search's own
``win_chances``. Every fifth game is held out: the table compares the shipped weights and
the fitted ones on those games by stage (share of stack tiles still to come): the mean
error of the seats' margins over the table's average, how often the projected leader
wins, and the winners' log-loss. The fitted file can be measured in play with
``bench/weights_ab.py --weights fitted=@fitted.json``.

A fit to heuristic games learns what goes with winning among heuristic players, which
is not always what causes it: measure a fitted set in play before shipping it.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from clanboard.core import get_game  # noqa: E402
from clanboard.core.weights import WeightsFile, write_weights  # noqa: E402
from clanboard.games.glen_more import hints as H  # noqa: E402
from clanboard.games.glen_more.agents import HeuristicAgent  # noqa: E402
from clanboard.games.glen_more.data import TILES, table_vp  # noqa: E402
from clanboard.games.glen_more.state import P_TAKE, GlenMoreState, marker  # noqa: E402

#: the weights fitted by least squares, in the order of :func:`terms`' columns
LINEAR = ("scoring", "final_cards", "penalty_share", "resource", "resource_late",
          "activation", "activation_late", "clansman", "clansman_early", "tempo",
          "tempo_late")
STAGES = ((0.66, 1.01, "early"), (0.33, 0.66, "middle"), (0.0, 0.33, "late"))


def terms(s: GlenMoreState) -> tuple[float, np.ndarray, np.ndarray]:
    """(share of stack tiles to come, each seat's VP + coins, each seat's term per weight
    of :data:`LINEAR`): ``projected_scores`` is base + terms @ weights."""
    n = s.num_players
    rounds, left = H.scorings_left(s), H.progress_left(s)
    scoring = [0.0] * n
    if rounds:
        for values in ([*s.whisky], [s.chieftain_strength(p) for p in range(n)],
                       [s.cards[p].bit_count() for p in range(n)]):
            for p in range(n):
                scoring[p] += rounds * table_vp(values[p] - min(values))
    smallest = min(len(t) for t in s.terr)
    base, rows = [], []
    for p in range(n):
        terr = s.terr[p]
        res = sum(terr.have())
        active = sum(1 for tl in terr.tiles if TILES[tl].rules)
        clan = terr.clansmen() - 1
        ahead = -s.track.index(marker(p))
        base.append(s.vp[p] + s.coins[p])
        rows.append([scoring[p], H._final_cards(s, p), -3 * (len(terr) - smallest),
                     res * left, res * (1 - left), active * left, active * (1 - left),
                     clan, clan * left, ahead * left, ahead * (1 - left)])
    return left, np.array(base, float), np.array(rows, float)


def play(games: int, players: int, seed: int) -> list[tuple[list[tuple], list[float], list[int]]]:
    out = []
    shipped = np.array([H.SHIPPED.file.weights[n] for n in LINEAR])
    for k in range(games):
        s = get_game("glen-more").new_state(players, seed + k)
        assert isinstance(s, GlenMoreState)
        agents = [HeuristicAgent(seed=(seed + k) * 7 + i) for i in range(players)]
        turns = []
        while not s.is_terminal():
            p = s.current_player()
            if s.phase == P_TAKE:
                turns.append(terms(s))
                _, base, rows = turns[-1]  # the split must add up to the search's projection
                assert np.allclose(base + rows @ shipped, H.projected_scores(s))
            s.apply_trusted(agents[p].choose(s, p), p)
        out.append((turns, [float(v) for v in s.vp], s.winners()))
    return out


def win_log_loss(pred: np.ndarray, winners: list[int], spread: float) -> float:
    chances = H.win_chances(list(pred), spread)
    return -math.log(max(1e-9, sum(chances[w] for w in winners) / len(winners)))


def spread_of(w: dict[str, float], left: float) -> float:
    return w["spread_end"] + w["spread_per_tile"] * H.STACK_TILES * left


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=10000)
    parser.add_argument("--out", help="write the fitted weights file here")
    args = parser.parse_args(argv)
    games = play(args.games, args.players, args.seed)
    train = [g for i, g in enumerate(games) if i % 5]
    test = [g for i, g in enumerate(games) if not i % 5]
    a, y = [], []
    for turns, final, _ in train:
        for _, base, rows in turns:
            a.append(np.c_[rows, np.ones(len(rows))])
            y.append(np.array(final) - base)
    coef, *_ = np.linalg.lstsq(np.concatenate(a), np.concatenate(y), rcond=None)
    shipped = H.SHIPPED.file
    fitted = dict(shipped.weights)
    for name, value in zip(LINEAR, coef, strict=False):
        lo, hi = shipped.bounds[name]
        fitted[name] = round(min(hi, max(lo, float(value))), 3)
    # the spread: the likelihood of the winners, on a grid
    best = (math.inf, 0.0, 0.0)
    lin = np.array([fitted[k] for k in LINEAR])
    for end in (1.0, 2.0, 3.0, 4.0, 6.0, 8.0):
        for per in (0.0, 0.04, 0.08, 0.12, 0.18, 0.25):
            w = {**fitted, "spread_end": end, "spread_per_tile": per}
            loss = sum(win_log_loss(base + rows @ lin, win, spread_of(w, left))
                       for turns, _, win in train for left, base, rows in turns)
            best = min(best, (loss, end, per))
    if best[1] in (1.0, 8.0):
        print(f"note: spread_end {best[1]} is at the edge of the grid searched")
    fitted["spread_end"], fitted["spread_per_tile"] = best[1], best[2]
    print(f"{args.games} heuristic games, {args.players} players (seed {args.seed}); "
          f"held out: {len(test)}")
    print("weight            shipped    fitted")
    for name in shipped.weights:
        print(f"{name:16} {shipped.weights[name]:8.3f} {fitted[name]:9.3f}")
    print("set      stage    turns  margin error  leader wins  winners' log-loss")
    for label, w in (("shipped", dict(shipped.weights)), ("fitted", fitted)):
        vec = np.array([w[k] for k in LINEAR])
        for lo, hi, stage in STAGES:
            err, lead, loss, n = 0.0, 0, 0.0, 0
            for turns, final, win in test:
                outcome = np.array(final)
                for left, base, rows in turns:
                    if not lo <= left < hi:
                        continue
                    pred = base + rows @ vec
                    err += float(np.mean(np.abs((pred - pred.mean()) - (outcome - outcome.mean()))))
                    lead += int(int(np.argmax(pred)) in win)
                    loss += win_log_loss(pred, win, spread_of(w, left))
                    n += 1
            print(f"{label:8} {stage:7} {n:6} {err / n:13.2f} {lead / n:12.1%} {loss / n:18.3f}")
    if args.out:
        write_weights(args.out, WeightsFile("glen-more", fitted, dict(shipped.bounds), {
            "source": "bench/glen_more_fit.py " + " ".join(argv or sys.argv[1:]),
            "meaning": shipped.about.get("meaning", "")}))
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
