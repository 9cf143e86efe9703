"""Glen More II's mypyc build (setup.py; ``clanboard.compiled.COMPILED``) against its Python
source (``CLANBOARD_PURE=1``): the same legal moves in the same order, the same states,
determinizations and results along seeded random games with and without chronicles and
in the solo mode, the same search, and states that copy and pickle whole."""

from __future__ import annotations

import copy
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import clanboard.games.glen_more_2 as glen_more_2
from clanboard.core import get_game
from tests.engines.records_gm2 import CASES, play

ROOT = Path(__file__).resolve().parents[2]

#: every third recorded setting-and-seed: chronicles, both chronicle-9 readings, solo
SAMPLE = CASES[::3]

PLAY = """
import json, sys
from tests.engines.records_gm2 import play
print(json.dumps([play(n, opts, seed) for n, opts, seed in json.loads(sys.argv[1])]))
"""

SEARCH = """
import json, sys
from dataclasses import replace
from clanboard.ai.agent import TUNED
from clanboard.ai.ismcts import ISMCTS
from clanboard.core import get_game
out = []
for n, opts, seed in json.loads(sys.argv[1]):
    state = get_game("glen-more-2").new_state(n, seed, {"provisional": True, **opts})
    seat = state.players_to_move()[0]
    config = replace(TUNED, iterations=150, seconds=None, stop_early=False)
    result = ISMCTS(config, seed).search(state, seat)
    out.append([str(result.move), result.iterations])
print(json.dumps(out))
"""

SEARCHES = [[2, {}, 3], [3, {"chronicles": "9,10,11"}, 4], [1, {"solo": True}, 5]]


def _in_source(script: str, cases: Any) -> Any:
    env = {**os.environ, "CLANBOARD_PURE": "1", "PYTHONPATH": str(ROOT)}
    got = subprocess.run([sys.executable, "-c", script, json.dumps(cases)], env=env, cwd=ROOT,
                         check=True, capture_output=True, text=True)
    return json.loads(got.stdout)


compiled_only = pytest.mark.skipif(
    not glen_more_2.COMPILED_IN_USE,
    reason="Glen More II's rules are not compiled here (python setup.py build_ext --inplace)")


@compiled_only
def test_compiled_rules_play_the_games_of_the_python_source() -> None:
    here = [play(n, opts, seed) for n, opts, seed in SAMPLE]
    assert _in_source(PLAY, SAMPLE) == here


@compiled_only
def test_compiled_rules_search_as_the_python_source() -> None:
    out = []
    from dataclasses import replace

    from clanboard.ai.agent import TUNED
    from clanboard.ai.ismcts import ISMCTS
    for n, opts, seed in SEARCHES:
        assert isinstance(n, int) and isinstance(opts, dict) and isinstance(seed, int)
        state = get_game("glen-more-2").new_state(n, seed, {"provisional": True, **opts})
        seat = state.players_to_move()[0]
        config = replace(TUNED, iterations=150, seconds=None, stop_early=False)
        result = ISMCTS(config, seed).search(state, seat)
        out.append([str(result.move), result.iterations])
    assert _in_source(SEARCH, SEARCHES) == out


@pytest.mark.parametrize("players,options", [(3, {"chronicles": "9,10,11"}), (1, {"solo": True})])
def test_states_deep_copy_and_pickle_whole(players: int, options: dict[str, Any]) -> None:
    state = get_game("glen-more-2").new_state(players, 5, {"provisional": True, **options})
    for _ in range(60):  # mid-game: tiles placed, resources held
        seats = state.players_to_move()
        if not seats:
            break
        state.apply(state.legal_moves(seats[0])[0], seats[0])
    for copied in (copy.deepcopy(state), pickle.loads(pickle.dumps(state)), state.clone()):
        assert copied.to_json() == state.to_json()
        seat = state.players_to_move()[0]
        assert [str(m) for m in copied.legal_moves(seat)] == \
            [str(m) for m in state.legal_moves(seat)]


FIELDS = """
from clanboard.core import Rng, get_game
game = get_game("glen-more-2")
missing = set()
for n, opts in [(3, {"chronicles": "9,10,11"}), (1, {"solo": True, "chronicles": "9,10,11"})]:
    s = game.new_state(n, 3, {"provisional": True, **opts})
    rng = Rng(3)
    while s.players_to_move():
        missing |= set(s.__dict__) ^ set(s.clone().__dict__)
        seat = s.players_to_move()[0]
        s.apply_trusted(rng.choice(s.legal_moves(seat)), seat)
print(sorted(missing))
"""


def test_clone_copies_every_field() -> None:
    """clone lists the fields one by one (a compiled state has no __dict__ to copy): the
    Python source's states show that it forgets none."""
    assert _in_source(FIELDS, []) == []
