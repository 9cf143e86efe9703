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

from schotten_fit import fit  # noqa: E402


def test_the_fit_recovers_the_weights_of_a_known_estimate() -> None:
    """Outcomes drawn with win chance (1 + tanh(x . w)) / 2 give back w."""
    rng = np.random.default_rng(5)
    truth = np.array([0.3, 0.2, 0.6, 0.15])
    x = rng.normal(size=(40_000, 4)) * np.array([1.0, 1.1, 0.25, 0.4])
    y = (rng.random(len(x)) < (1 + np.tanh(x @ truth)) / 2).astype(float)
    assert np.allclose(fit(x, y), truth, atol=0.06)


def test_a_short_run_writes_a_weights_file_within_its_bounds(tmp_path: Path) -> None:
    out = tmp_path / "fitted.json"
    run = subprocess.run([sys.executable, "bench/schotten_fit.py", "--games", "5",
                          "--agent", "10", "--workers", "1", "--seed", "3", "--out", str(out),
                          "--save", str(tmp_path / "terms.npz")],
                         cwd=ROOT, check=True, capture_output=True, text=True)
    assert "| fitted | early |" in run.stdout
    fitted = read_weights(out, "schotten-totten")
    for name in ("scale", "held_stone", "hand_share", "adjacent_pair"):
        lo, hi = fitted.bounds[name]
        assert lo <= fitted.weights[name] <= hi
    again = subprocess.run([sys.executable, "bench/schotten_fit.py", "--load",
                            str(tmp_path / "terms.npz")],
                           cwd=ROOT, check=True, capture_output=True, text=True)
    assert again.stdout.splitlines()[0] == run.stdout.splitlines()[0]  # the same fit
