"""bench/oracle_ab.py: the searcher's determinizations become the true position, and the
weights_ab arena runs with it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHECK = """
import json, sys
sys.path.insert(0, "bench")
from clanboard.core import Rng, get_game
game = get_game("schotten-totten")
state = game.new_state(2, 5, game.variant_options("tactics"))
before = state.determinize(0, Rng(1)).to_json() == state.to_json()
import oracle_ab
oracle_ab.see_everything("schotten-totten")
after = state.determinize(0, Rng(1)).to_json() == state.to_json()
print(json.dumps([before, after]))
"""


def test_the_oracle_sees_the_true_position_and_plays_the_arena(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-c", CHECK], cwd=ROOT, check=True,
                         capture_output=True, text=True, env={"PATH": "", "CLANBOARD_PURE": "1"})
    assert json.loads(out.stdout) == [False, True]  # re-dealt before, the true one after
    log = tmp_path / "games.jsonl"
    subprocess.run([sys.executable, "bench/oracle_ab.py", "--game", "schotten-totten",
                    "--variant", "tactics", "--players", "2", "--agent", "ismcts:20",
                    "--games", "2", "--seed", "3", "--workers", "1", "--log", str(log),
                    "--weights", "oracle={}"], cwd=ROOT, check=True, capture_output=True)
    games = [json.loads(line) for line in log.read_text().splitlines()]
    assert [g["label"] for g in games] == ["oracle", "oracle"]
    assert sorted(g["index"] for g in games) == [0, 1]
