"""Schotten Totten's estimate fitted to game outcomes: how sure of a win the search
should be, from the estimate's own terms.

    python bench/schotten_fit.py --variant tactics --games 1500 --seed 30000 --out fitted.json

Plays ``--games`` games of ISMCTS (``--agent``) against itself (or ``--opponent``, seats
alternating), records at the start of every turn the terms of the estimate for seat 0 (stones
held, the open stones' terms, the hands' values, adjacent held stones) and fits by
logistic regression how they predict the round's winner, in the estimate's form
``tanh(scale * (held_stone * held + open + hand_share * hands + adjacent_pair * pairs))``
(a win probability of ``(1 + estimate) / 2``). Every fifth game is held out: the table
compares the shipped weights and the fitted ones there by stage (clan cards left in the
deck): log-loss and how often the side the estimate favours wins. With ``--ramp`` the
slope also grows with the share of the clan deck drawn since the deal, ``scale +
scale_ramp * drawn`` in place of ``scale`` (the slope at the deal held at least at
``scale``'s lower bound). The fitted file can be measured in play with
``bench/weights_ab.py --weights fitted=@FILE``.

A fit learns what goes with winning in these games, which is not always what causes it
(against the heuristic player, which keeps its tactic cards, a strong hand marks the
heuristic's side, and the fit makes it count against its holder): measure a fitted set
in play before shipping it.

With ``--per-stone`` the same positions also fit a richer linear value and compare it on the
held-out games: each stone's own coefficient for being held and for its open term (a stone
and its mirror image share them: 5 + 5), the hands and adjacent pairs, the two sides'
chances of holding three adjacent stones (each open stone taken with chance ``0.5 + 0.5 ×
its term``), and all of these again times the share of the clan deck drawn. A table shows
how both fits' held-out log-loss moves with the number of training games: whether more
self-play would let the richer value pull ahead.
"""

from __future__ import annotations

import argparse
import sys
from multiprocessing import Pool
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from clanboard.ai.agent import ISMCTSAgent  # noqa: E402
from clanboard.core import get_game, make_agent  # noqa: E402
from clanboard.core.weights import WeightsFile, write_weights  # noqa: E402
from clanboard.games.schotten_totten import hints as H  # noqa: E402
from clanboard.games.schotten_totten.cards import ALL_CLAN  # noqa: E402
from clanboard.games.schotten_totten.moves import CLAN_DECK  # noqa: E402
from clanboard.games.schotten_totten.potential import card_mask  # noqa: E402
from clanboard.games.schotten_totten.state import PLAY, STONES, SchottenState  # noqa: E402

#: the columns of :func:`terms`, and the weight each coefficient becomes
COLUMNS = ("held", "open", "hands", "pairs")
STAGES = ((27, 99, "early"), (12, 27, "middle"), (0, 12, "late"))
#: each stone's group for --per-stone: a stone and its mirror image share coefficients
MIRROR = (0, 1, 2, 3, 4, 3, 2, 1, 0)


def terms(s: SchottenState) -> tuple[int, float, list[float]]:
    """(clan cards left in the deck, the share drawn since the deal, the estimate's terms
    for seat 0 by :data:`COLUMNS`)."""
    return (len(s.decks[CLAN_DECK]), H.deck_drawn(s),
            list(H.round_terms(s, H._default_weights())))


def stone_terms(s: SchottenState) -> list[float]:
    """Per stone, for seat 0: +1 / -1 when seat 0 / seat 1 holds it, else 0; then per stone
    its open term (0 when held), as the estimate computes it."""
    w = H._default_weights()
    deck = card_mask(s.decks[CLAN_DECK])
    pools = (deck | s.hands[0] & ALL_CLAN, deck | s.hands[1] & ALL_CLAN)
    held = [0.0 if o < 0 else 1.0 - 2.0 * o for o in s.owner]
    opened = [0.0 if s.owner[st] >= 0 else H._open_term(s, st, w, pools)
              for st in range(STONES)]
    return held + opened


def play(job: tuple[int, str, str | None, str]
         ) -> tuple[list[tuple[int, float]], list[list[float]], float]:
    """One game from seed ``seed``: every turn start's stage (cards left, share drawn) and
    terms (then :func:`stone_terms`), and seat 0's result (1 won, 0 lost, 0.5 shared)."""
    seed, level, variant, opponent = job
    game = get_game("schotten-totten")
    opts = game.variant_options(variant) if variant else {}
    state = game.new_state(2, seed, opts)
    assert isinstance(state, SchottenState)
    searcher = seed % 2
    other = (ISMCTSAgent(seed=seed + 1, level=level) if opponent == "self"
             else make_agent(game, opponent, seed=seed + 1))
    agents = {searcher: ISMCTSAgent(seed=seed, level=level), 1 - searcher: other}
    stages: list[tuple[int, float]] = []
    rows: list[list[float]] = []
    last_turn = None
    while not state.is_terminal():
        seat = state.players_to_move()[0]
        if state.phase == PLAY and (state.round, seat, len(state.history)) != last_turn:
            left, drawn, row = terms(state)
            stages.append((left, drawn))
            rows.append(row + stone_terms(state))
            last_turn = (state.round, seat, len(state.history))
        state.apply(agents[seat].choose(state, seat), seat)
    r = state.returns()
    return stages, rows, 0.5 if r[0] == r[1] else float(r[0] > r[1])


def fit(x: np.ndarray, y: np.ndarray, iterations: int = 50) -> np.ndarray:
    """Logistic regression without a constant (the estimate is antisymmetric) of
    ``y`` on ``2 x`` (``P = (1 + tanh z) / 2 = sigmoid(2 z)``), by Newton's method."""
    x2 = 2 * x
    w = np.zeros(x.shape[1])
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-x2 @ w))
        grad = x2.T @ (y - p)
        hess = (x2 * (p * (1 - p))[:, None]).T @ x2 + 1e-9 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w += step
        if np.abs(step).max() < 1e-10:
            break
    return w


def log_loss(z: np.ndarray, y: np.ndarray) -> float:
    """Mean log-loss of win chances ``(1 + tanh z) / 2`` against results ``y``."""
    p = np.clip((1 + np.tanh(z)) / 2, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit_ramp(x: np.ndarray, drawn: np.ndarray, y: np.ndarray, min_scale: float,
             steps: int = 100) -> tuple[np.ndarray, float]:
    """The fit with a slope growing along the round: the coefficients at the deck's end
    and the share ``t`` of them that grows with ``drawn`` (the factor ``1 - t + t *
    drawn``), the best of ``steps + 1`` shares whose slope at the deal (``1 - t`` times
    the open stones' coefficient) stays at least ``min_scale``."""
    best: tuple[float, np.ndarray, float] | None = None
    for t in np.linspace(0.0, 1.0, steps + 1):
        xg = x * (1 - t + t * drawn)[:, None]
        coef = fit(xg, y)
        if (1 - t) * coef[1] < min_scale and t > 0:
            break  # the slope at the deal only falls as t grows
        loss = log_loss(xg @ coef, y)
        if best is None or loss < best[0]:
            best = (loss, coef, float(t))
    assert best is not None
    return best[1], best[2]


def per_stone(x: np.ndarray, stones: np.ndarray, drawn: np.ndarray) -> np.ndarray:
    """The richer value's columns (see the module docstring) from :data:`COLUMNS`'
    terms ``x`` and the positions' :func:`stone_terms`."""
    held, opened = stones[:, :STONES], stones[:, STONES:]
    cols = []
    for group in range(max(MIRROR) + 1):
        idx = [i for i, g in enumerate(MIRROR) if g == group]
        cols += [held[:, idx].sum(1), opened[:, idx].sum(1)]
    cols += [x[:, 2], x[:, 3]]
    mine = np.where(held != 0, (held + 1) / 2, 0.5 + 0.5 * opened)  # seat 0 takes it
    theirs = np.where(held != 0, (1 - held) / 2, 0.5 - 0.5 * opened)
    cols.append(sum(mine[:, i] * mine[:, i + 1] * mine[:, i + 2]
                    - theirs[:, i] * theirs[:, i + 1] * theirs[:, i + 2]
                    for i in range(STONES - 2)))
    cols += [c * drawn for c in cols]
    return np.column_stack(cols)


def compare_per_stone(x: np.ndarray, stones: np.ndarray, drawn: np.ndarray, y: np.ndarray,
                      stage: np.ndarray, test: np.ndarray, game: np.ndarray) -> None:
    """The richer value against the four terms' fit, on the held-out games, and both
    fitted on more and more of the training games."""
    rich = per_stone(x, stones, drawn)
    coef = fit(rich[~test], y[~test])
    print(f"per stone: {rich.shape[1]} coefficients "
          + ", ".join(f"{c:.3f}" for c in coef))
    print("| set | stage | positions | log-loss | favoured side wins |")
    print("| --- | --- | --- | --- | --- |")
    report("per stone", rich[test] @ coef, y[test], stage[test])
    games = np.unique(game[~test])
    print("| training games | four terms, held-out log-loss | per stone |")
    print("| --- | --- | --- |")
    for n in sorted({len(games) // 8, len(games) // 4, len(games) // 2, len(games)} - {0}):
        use = ~test & np.isin(game, games[:n])
        losses = [log_loss(f[test] @ fit(f[use], y[use]), y[test]) for f in (x, rich)]
        print(f"| {n} | {losses[0]:.4f} | {losses[1]:.4f} |")


def report(name: str, z: np.ndarray, y: np.ndarray, stage: np.ndarray) -> None:
    for lo, hi, label in STAGES:
        sel = (stage >= lo) & (stage < hi)
        if not sel.any():
            continue
        right = np.mean((z[sel] > 0) == (y[sel] > 0.5))
        print(f"| {name} | {label} | {sel.sum()} | {log_loss(z[sel], y[sel]):.3f} "
              f"| {right:.1%} |")


def collect(args: argparse.Namespace) -> tuple[np.ndarray, ...]:
    """Play the games: every position's terms, its game's result for seat 0, its stage
    (clan cards left), the share of the clan deck drawn, whether its game is held out,
    its :func:`stone_terms` and its game's index."""
    jobs = [(args.seed + i, args.agent, args.variant, args.opponent)
            for i in range(args.games)]
    stages, rows, ys, held_out, index = [], [], [], [], []
    with Pool(args.workers) as pool:
        for i, (st, rs, y) in enumerate(pool.imap(play, jobs, chunksize=4)):
            stages += st
            rows += rs
            ys += [y] * len(rs)
            held_out += [i % 5 == 4] * len(rs)
            index += [i] * len(rs)
            if (i + 1) % 100 == 0:
                print(f"{i + 1} games", file=sys.stderr, flush=True)
    left, drawn = zip(*stages, strict=True)
    table = np.array(rows)
    return (table[:, :len(COLUMNS)], np.array(ys), np.array(left), np.array(drawn),
            np.array(held_out), table[:, len(COLUMNS):], np.array(index))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--variant", default="tactics")
    parser.add_argument("--agent", default="200", help="the searcher's level (default 200)")
    parser.add_argument("--opponent", default="self",
                        help="the searcher's opponent: self (the same search, the default) "
                        "or an agent such as heuristic")
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=30000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", help="write the fitted weights file here")
    parser.add_argument("--save", help="keep the positions' terms in this .npz file")
    parser.add_argument("--load", help="fit the terms of a --save file instead of playing")
    parser.add_argument("--ramp", action="store_true",
                        help="also fit scale_ramp, the slope's growth along the round")
    parser.add_argument("--per-stone", action="store_true",
                        help="also fit and compare a value with each stone's own "
                        "coefficients (see the module docstring)")
    args = parser.parse_args(argv)
    if args.load:
        data = np.load(args.load)
        needed = ["x", "y", "stage", "drawn", "test"]
        if args.per_stone:
            needed += ["stones", "game"]
        missing = [k for k in needed if k not in data]
        if missing:
            parser.error(f"{args.load} lacks {', '.join(missing)}: it was not saved by this "
                         "script's --save (files saved before the share drawn was kept "
                         "lack 'drawn', before --per-stone 'stones' and 'game'; play the "
                         "games again)")
        x, y, stage, drawn, test = (data["x"], data["y"], data["stage"], data["drawn"],
                                    data["test"])
        stones, game = data.get("stones"), data.get("game")
    else:
        x, y, stage, drawn, test, stones, game = collect(args)
        if args.save:
            np.savez(args.save, x=x, y=y, stage=stage, drawn=drawn, test=test,
                     stones=stones, game=game)
    shipped_file = H.SHIPPED.file
    weights = H.SchottenHints().weights()
    t = 0.0
    if args.ramp:
        coef, t = fit_ramp(x[~test], drawn[~test], y[~test], shipped_file.bounds["scale"][0])
    else:
        coef = fit(x[~test], y[~test])
    # the coefficients the shipped weights amount to, at the deck's end
    shipped = (weights["scale"] + weights["scale_ramp"]) * np.array(
        [weights["held_stone"], 1.0, weights["hand_share"], weights["adjacent_pair"]])
    shipped_t = weights["scale_ramp"] / (weights["scale"] + weights["scale_ramp"])
    print(f"{len(x)} positions; coefficients "
          + ", ".join(f"{c} {v:.3f} (shipped {s:.3f})"
                      for c, v, s in zip(COLUMNS, coef, shipped, strict=True))
          + f"; share growing along the round {t:.2f} (shipped {shipped_t:.2f})")
    print("| set | stage | positions | log-loss | favoured side wins |")
    print("| --- | --- | --- | --- | --- |")
    for name, c, share in (("shipped", shipped, shipped_t), ("fitted", coef, t)):
        report(name, (x[test] * (1 - share + share * drawn[test])[:, None]) @ c, y[test],
               stage[test])
    if args.per_stone:
        assert stones is not None and game is not None
        compare_per_stone(x, stones, drawn, y, stage, test, game)
    if args.out:
        end = float(coef[1])  # the fitted coefficients as weights
        fitted = {"scale": (1 - t) * end, "scale_ramp": t * end,
                  "held_stone": float(coef[0]) / end,
                  "hand_share": float(coef[2]) / end, "adjacent_pair": float(coef[3]) / end}
        for name, value in fitted.items():  # a weights file holds values in its bounds
            lo, hi = shipped_file.bounds[name]
            fitted[name] = round(min(hi, max(lo, value)), 3)
            if not lo <= value <= hi:
                print(f"{name} {value:.3f} is outside its bounds {lo}..{hi}: written as "
                      f"{fitted[name]}")
        print("fitted weights:", fitted)
        write_weights(args.out, WeightsFile("schotten-totten", {**weights, **fitted},
                                            shipped_file.bounds, shipped_file.about))


if __name__ == "__main__":
    main()
