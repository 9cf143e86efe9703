"""bench/schotten_fit.py: the logistic fit recovers known weights, and a short run writes
a weights file the game reads back."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np

from clanboard.core.weights import read_weights

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from schotten_fit import fit, fit_ramp, per_stone  # noqa: E402


def test_the_fit_recovers_the_weights_of_a_known_estimate() -> None:
    """Outcomes drawn with win chance (1 + tanh(x . w)) / 2 give back w."""
    rng = np.random.default_rng(5)
    truth = np.array([0.3, 0.2, 0.6, 0.15])
    x = rng.normal(size=(40_000, 4)) * np.array([1.0, 1.1, 0.25, 0.4])
    y = (rng.random(len(x)) < (1 + np.tanh(x @ truth)) / 2).astype(float)
    assert np.allclose(fit(x, y), truth, atol=0.06)


def test_the_ramp_fit_recovers_a_slope_growing_along_the_round() -> None:
    """Outcomes drawn with a slope of ``1 - t + t * drawn`` times the coefficients give
    back both; a floor on the slope at the deal stops the share below it."""
    rng = np.random.default_rng(6)
    truth, share = np.array([0.6, 0.4, 1.2, 0.3]), 0.7
    x = rng.normal(size=(60_000, 4)) * np.array([1.0, 1.1, 0.25, 0.4])
    drawn = rng.random(len(x))
    z = (x @ truth) * (1 - share + share * drawn)
    y = (rng.random(len(x)) < (1 + np.tanh(z)) / 2).astype(float)
    coef, t = fit_ramp(x, drawn, y, min_scale=0.0)
    assert abs(t - share) <= 0.06 and np.allclose(coef, truth, atol=0.08)
    coef, t = fit_ramp(x, drawn, y, min_scale=0.2)
    assert (1 - t) * coef[1] >= 0.2 and 0 < t < share


def test_a_short_run_writes_a_weights_file_within_its_bounds(tmp_path: Path) -> None:
    out, terms = tmp_path / "fitted.json", str(tmp_path / "terms.npz")
    run = subprocess.run([sys.executable, "bench/schotten_fit.py", "--games", "5",
                          "--agent", "10", "--workers", "1", "--seed", "3", "--out", str(out),
                          "--save", terms],
                         cwd=ROOT, check=True, capture_output=True, text=True)
    assert "| fitted | early |" in run.stdout
    fitted = read_weights(out, "schotten-totten")
    for name in ("scale", "held_stone", "hand_share", "adjacent_pair"):
        lo, hi = fitted.bounds[name]
        assert lo <= fitted.weights[name] <= hi
    again = subprocess.run([sys.executable, "bench/schotten_fit.py", "--load", terms,
                            "--per-stone"],
                           cwd=ROOT, check=True, capture_output=True, text=True)
    assert again.stdout.splitlines()[0] == run.stdout.splitlines()[0]  # the same fit
    assert "| per stone | early |" in again.stdout
    assert "| training games | four terms, held-out log-loss | per stone |" in again.stdout
    subprocess.run([sys.executable, "bench/schotten_fit.py", "--load", terms, "--ramp",
                    "--out", str(out)], cwd=ROOT, check=True, capture_output=True)
    ramped = read_weights(out, "schotten-totten")
    lo, hi = ramped.bounds["scale_ramp"]
    assert lo <= ramped.weights["scale_ramp"] <= hi
    assert ramped.weights["scale"] >= ramped.bounds["scale"][0]


def test_the_per_stone_columns() -> None:
    """Mirror stones share a column; three adjacent stones held by seat 0 make its chance
    of a run 1; every column comes again times the share drawn."""
    held = np.array([[1, 1, 1, 0, 0, 0, 0, 0, -1]], float)
    opened = np.array([[0, 0, 0, 0.5, -0.5, 0, 0.2, 0, 0]], float)
    x = np.array([[2.0, 0.2, 0.3, 2.0]])  # held, open, hands, pairs
    cols = per_stone(x, np.hstack([held, opened]), np.array([0.5]))[0]
    assert cols.shape == (26,)
    # (held, open) per group: stones 0 and 8, 1 and 7, 2 and 6, 3 and 5, 4
    assert cols[:10].tolist() == [0, 0, 1, 0, 1, 0.2, 0, 0.5, 0, -0.5]
    assert (cols[10], cols[11]) == (0.3, 2.0)
    # runs: stones 0-2 are sure (1); 1-3 gives 0.75, 2-4 0.75 * 0.25, 3-5 .75*.25*.5, ...
    mine = [1, 1, 1, 0.75, 0.25, 0.5, 0.6, 0.5, 0]
    theirs = [0, 0, 0, 0.25, 0.75, 0.5, 0.4, 0.5, 1]
    run = sum(np.prod(mine[i:i + 3]) - np.prod(theirs[i:i + 3]) for i in range(7))
    assert abs(cols[12] - run) < 1e-12
    assert np.allclose(cols[13:], cols[:13] * 0.5)


def test_a_terms_file_without_the_share_drawn_is_refused(tmp_path: Path) -> None:
    old = tmp_path / "old.npz"
    np.savez(old, x=np.zeros((2, 4)), y=np.zeros(2), stage=np.zeros(2), test=np.zeros(2))
    run = subprocess.run([sys.executable, "bench/schotten_fit.py", "--load", str(old)],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 2 and "lacks drawn" in run.stderr and run.stdout == ""
    np.savez(old, x=np.zeros((2, 4)), y=np.zeros(2), stage=np.zeros(2), drawn=np.zeros(2),
             test=np.zeros(2))
    run = subprocess.run([sys.executable, "bench/schotten_fit.py", "--load", str(old),
                          "--per-stone"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 2 and "lacks stones, game" in run.stderr and run.stdout == ""
