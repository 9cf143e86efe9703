"""The mypyc build of the three games' rules and RL encodings (setup.py; Schotten Totten's
and Glen More's search hints too): it plays the same games, searches the same way and gives
the same action ids and tensors as the Python source, and a build older than its source is
never imported."""

from __future__ import annotations

import copy
import json
import os
import pickle
import subprocess
import sys
import warnings
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import clanboard.games.glen_more as glen_more
import clanboard.games.isle_of_skye as isle_of_skye
import clanboard.games.schotten_totten as schotten_totten
from clanboard.compiled import StaleBuildWarning, fresh, use_compiled
from clanboard.core import Rng, get_game

ROOT = Path(__file__).resolve().parents[2]

PLAY = """
import json, sys
from clanboard.core import Rng, get_game
out = []
for game, n, seed in json.loads(sys.argv[1]):
    s = get_game(game).new_state(n, seed)
    s.random_playout(Rng(seed * 7 + n))
    clone = s.clone()
    out.append([[str(m) for _, m in s.history], s.scores(), clone.to_json() == s.to_json()])
print(json.dumps(out))
"""

CASES = [[game, n, seed] for game in ("glen-more", "isle-of-skye") for n in (2, 3, 4)
         for seed in range(4)]


def _play_here() -> list[list[object]]:
    out: list[list[object]] = []
    for game, n, seed in CASES:
        assert isinstance(game, str) and isinstance(n, int) and isinstance(seed, int)
        s = get_game(game).new_state(n, seed)
        s.random_playout(Rng(seed * 7 + n))
        clone = s.clone()
        out.append([[str(m) for _, m in s.history], s.scores(), clone.to_json() == s.to_json()])
    return out


@pytest.mark.skipif(not (glen_more.COMPILED_IN_USE and isle_of_skye.COMPILED_IN_USE),
                    reason="the rules are not compiled here (python setup.py build_ext --inplace)")
def test_compiled_rules_play_the_games_of_the_python_source() -> None:
    env = {**os.environ, "CLANBOARD_PURE": "1", "PYTHONPATH": str(ROOT)}
    got = subprocess.run([sys.executable, "-c", PLAY, json.dumps(CASES)], env=env, cwd=ROOT,
                         check=True, capture_output=True, text=True)
    assert json.loads(got.stdout) == _play_here()


ENCODE = """
import hashlib, json, sys
from array import array
from clanboard.core import Rng, get_game
out = []
for game_id, n, seed in json.loads(sys.argv[1]):
    game = get_game(game_id)
    state = game.new_state(n, seed, auto_chance=False)
    size = game.observation_tensor_size(n, state.options)
    kept = [(array("f", bytes(4 * size)), {}) for _ in range(n)]
    digest = hashlib.sha256()
    rng = Rng(seed)
    while True:
        for p, (buf, memo) in enumerate(kept):
            game.update_observation_tensor(state, p, buf, memo)
            digest.update(buf.tobytes())
        if state.is_terminal():
            break
        if state.is_chance():
            digest.update(repr(game.chance_action_probs(state)).encode())
            state.apply_trusted(rng.choice([m for m, _ in state.chance_outcomes()]))
        else:
            seat = state.players_to_move()[0]
            ids = game.legal_action_ids(state, seat)
            digest.update(repr(ids).encode())
            action = rng.choice(ids)
            state.apply_trusted(game.legal_action_move(state, seat, action), seat)
    out.append(digest.hexdigest())
print(json.dumps(out))
"""

ENCODE_CASES = [[game, n, seed] for game in ("glen-more", "isle-of-skye", "schotten-totten")
                for n in (2, 3) for seed in range(2) if game != "schotten-totten" or n == 2]


@pytest.mark.skipif(not (glen_more.COMPILED_IN_USE and isle_of_skye.COMPILED_IN_USE
                         and schotten_totten.COMPILED_IN_USE),
                    reason="the encodings are not compiled here (python setup.py build_ext "
                    "--inplace)")
def test_compiled_encodings_give_the_ids_and_tensors_of_the_python_source() -> None:
    """Along random games with explicit chance: every seat's kept tensor, the chance ids
    and probabilities, the legal ids, and the moves they decode to."""
    cases = json.dumps(ENCODE_CASES)
    pure = subprocess.run([sys.executable, "-c", ENCODE, cases], cwd=ROOT, check=True,
                          env={**os.environ, "CLANBOARD_PURE": "1", "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True)
    here = subprocess.run([sys.executable, "-c", ENCODE, cases], cwd=ROOT, check=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True)
    assert json.loads(here.stdout) == json.loads(pure.stdout)


def _source_and_build(script: str, cases: str) -> tuple[dict[str, object], dict[str, object]]:
    """What ``script`` prints (JSON) run on the Python source, then on the build."""
    runs = [subprocess.run([sys.executable, "-c", script, cases], cwd=ROOT, check=True,
                           env={**os.environ, "CLANBOARD_PURE": pure, "PYTHONPATH": str(ROOT)},
                           capture_output=True, text=True).stdout for pure in ("1", "0")]
    source, built = (json.loads(run) for run in runs)
    return source, built


SCHOTTEN = """
import json, sys
from clanboard.core import Rng, get_game
from clanboard.core.agents import make_agent
from clanboard.games.schotten_totten.hints import SchottenHints
game = get_game("schotten-totten")
hints = SchottenHints()
out = []
for variant, seed in json.loads(sys.argv[1]):
    opts = game.variant_options(variant)
    s = game.new_state(2, seed, opts)
    s.random_playout(Rng(seed))
    out.append([[str(m) for _, m in s.history], s.scores(), s.clone().to_json() == s.to_json()])
    # a search against the heuristic player: every move, the estimate and the priors
    s = game.new_state(2, seed, opts)
    agents = [make_agent(game, "ismcts:150", seed), make_agent(game, "heuristic", seed)]
    trace = []
    while not s.is_terminal():
        seat = s.players_to_move()[0]
        legal = s.legal_moves(seat)
        priors = hints.move_priors(s, seat, legal)
        move = agents[seat].choose(s, seat)
        trace.append([str(move), round(hints.evaluate(s)[0], 9),
                      [round(p, 9) for p in priors or []]])
        s.apply(move, seat)
    out.append(trace)
import clanboard.games.schotten_totten.state as rules
print(json.dumps({"source": rules.__file__.endswith(".py"), "games": out}))
"""


@pytest.mark.skipif(not schotten_totten.COMPILED_IN_USE,
                    reason="the rules are not compiled here (python setup.py build_ext --inplace)")
def test_compiled_schotten_totten_plays_and_searches_as_the_python_source() -> None:
    """Random games of both variants, and a search against the heuristic player: the same
    moves, estimates and move priors from the build as from the source."""
    cases = json.dumps([["base", 1], ["tactics", 2], ["tactics", 3]])
    source, built = _source_and_build(SCHOTTEN, cases)
    assert source["source"] and not built["source"]
    assert built["games"] == source["games"]


GLEN_MORE = """
import json, sys
from clanboard.core import get_game
from clanboard.core.agents import make_agent
from clanboard.games.glen_more.hints import GlenMoreHints
import clanboard.games.glen_more.hints as module
game = get_game("glen-more")
hints = GlenMoreHints()
out = []
for n, seed in json.loads(sys.argv[1]):
    # a search against the heuristic player: every move, the estimate and the priors
    s = game.new_state(n, seed)
    agents = [make_agent(game, "ismcts:100", seed)]
    agents += [make_agent(game, "heuristic", seed + k) for k in range(1, n)]
    trace = []
    for _ in range(60):
        seat = s.players_to_move()[0]
        legal = s.legal_moves(seat)
        priors = hints.move_priors(s, seat, legal)
        move = agents[seat].choose(s, seat)
        trace.append([str(move), [round(v, 9) for v in hints.evaluate(s)],
                      [round(p, 9) for p in priors or []]])
        s.apply(move, seat)
    out.append(trace)
print(json.dumps({"source": module.__file__.endswith(".py"), "games": out}))
"""


@pytest.mark.skipif(not glen_more.COMPILED_IN_USE,
                    reason="the rules are not compiled here (python setup.py build_ext --inplace)")
def test_compiled_glen_more_hints_search_as_the_python_source() -> None:
    """A search against heuristic players: the same moves, estimates and move priors from
    the build of Glen More's hints as from their source."""
    cases = json.dumps([[2, 1], [3, 2]])
    source, built = _source_and_build(GLEN_MORE, cases)
    assert source["source"] and not built["source"]
    assert built["games"] == source["games"]


SOURCES = """
import importlib, json
from clanboard.compiled import COMPILED
out = {}
for package, modules in COMPILED.items():
    importlib.import_module(package)
    for module in modules:
        out[f"{package}.{module}"] = importlib.import_module(f"{package}.{module}").__file__
print(json.dumps(out))
"""


def test_pure_runs_every_listed_module_from_its_source() -> None:
    """With ``CLANBOARD_PURE=1`` (or a stale build) each package loads its compiled
    modules' sources in the listed order; a module listed before one it imports would
    pull that one in from the build, and moves from two classes would never be equal."""
    out = subprocess.run([sys.executable, "-c", SOURCES], cwd=ROOT, check=True,
                         env={**os.environ, "CLANBOARD_PURE": "1", "PYTHONPATH": str(ROOT)},
                         capture_output=True, text=True)
    files = json.loads(out.stdout)
    assert files and all(path.endswith(".py") for path in files.values()), files


def _fake_package(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    (folder / "rules.py").write_text("WHERE = 'source'\n")
    (folder / f"rules{EXTENSION_SUFFIXES[0]}").write_bytes(b"not a real build")
    return folder


def _import_package(tmp_path: Path, name: str) -> None:
    sys.path.insert(0, str(tmp_path))
    try:
        __import__(name)
    finally:
        sys.path.remove(str(tmp_path))


def test_a_build_older_than_its_source_is_not_imported(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _fake_package(tmp_path, "stale_rules_pkg")
    build = folder / f"rules{EXTENSION_SUFFIXES[0]}"
    os.utime(build, (1_000_000, 1_000_000))
    assert not fresh(folder, ["rules"])
    library = tmp_path / "group_library.so"  # a rebuild renews the group's library only
    library.write_bytes(b"")
    assert fresh(folder, ["rules"], library)
    monkeypatch.delenv("CLANBOARD_PURE", raising=False)
    _import_package(tmp_path, "stale_rules_pkg")
    old_library = tmp_path / f"clanboard_stale_rules_pkg__mypyc{EXTENSION_SUFFIXES[0]}"
    old_library.write_bytes(b"")
    os.utime(old_library, (1_000_000, 1_000_000))
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        with pytest.warns(StaleBuildWarning, match="older than its source"):
            assert not use_compiled("stale_rules_pkg", ["rules"])
        assert sys.modules["stale_rules_pkg.rules"].WHERE == "source"
        from stale_rules_pkg import rules  # type: ignore[import-not-found]

        assert rules.WHERE == "source"
    finally:
        for key in [k for k in sys.modules if k.startswith("stale_rules_pkg")]:
            del sys.modules[key]


def test_a_fresh_build_is_used_unless_pure_is_asked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _fake_package(tmp_path, "fresh_rules_pkg")
    os.utime(folder / "rules.py", (1_000_000, 1_000_000))
    assert fresh(folder, ["rules"])
    assert not fresh(folder, ["rules", "other"])  # every module needs its build
    _import_package(tmp_path, "fresh_rules_pkg")
    try:
        monkeypatch.delenv("CLANBOARD_PURE", raising=False)
        # a build whose group library is not on the path cannot load: the source is used
        with pytest.warns(StaleBuildWarning, match="incomplete"):
            assert not use_compiled("fresh_rules_pkg", ["rules"])
        assert sys.modules.pop("fresh_rules_pkg.rules").WHERE == "source"
        library = tmp_path / f"clanboard_fresh_rules_pkg__mypyc{EXTENSION_SUFFIXES[0]}"
        library.write_bytes(b"")
        os.utime(library, (1_000_000, 1_000_000))
        monkeypatch.syspath_prepend(str(tmp_path))
        assert use_compiled("fresh_rules_pkg", ["rules"])
        assert "fresh_rules_pkg.rules" not in sys.modules  # left to the ordinary import
        monkeypatch.setenv("CLANBOARD_PURE", "1")
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # asked for: no warning
            assert not use_compiled("fresh_rules_pkg", ["rules"])
        assert sys.modules["fresh_rules_pkg.rules"].WHERE == "source"
    finally:
        for key in [k for k in sys.modules if k.startswith("fresh_rules_pkg")]:
            del sys.modules[key]


@pytest.mark.skipif(not glen_more.COMPILED_IN_USE, reason="no compiled build here")
def test_the_build_is_used_outside_the_source_tree(tmp_path: Path) -> None:
    # an editable install maps only the clanboard package, not the mypyc group libraries
    # beside it: a program started elsewhere (the clanboard command) must still load them
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CLANBOARD_PURE")}
    root = str(Path(glen_more.__file__).resolve().parent.parent.parent)
    out = subprocess.run(
        [sys.executable, "-W", "error::RuntimeWarning", "-c",
         "import sys; import clanboard.games.glen_more.state as s, clanboard.core.rng as r; "
         f"print(s.__file__, r.__file__, {root!r} in sys.path)"],
        cwd=tmp_path, env=env, capture_output=True, text=True, check=False)
    if "No module named 'clanboard'" in out.stderr:
        pytest.skip("clanboard is not installed in this interpreter (only on the path)")
    assert out.returncode == 0, out.stderr
    state, rng, on_path = out.stdout.split()
    assert on_path == "False"
    assert state.endswith(EXTENSION_SUFFIXES[0]) and rng.endswith(EXTENSION_SUFFIXES[0])


@pytest.mark.parametrize("game", ["glen-more", "isle-of-skye"])
def test_states_deep_copy_and_pickle_whole(game: str) -> None:
    state = get_game(game).new_state(3, 5)
    for _ in range(40):  # mid-game, with tiles placed and areas analysed
        seat = state.players_to_move()[0]
        state.apply(state.legal_moves(seat)[0], seat)
    state.scores()
    for copied in (copy.deepcopy(state), pickle.loads(pickle.dumps(state)), state.clone()):
        assert copied.to_json() == state.to_json()
        assert [str(m) for m in copied.legal_moves()] == [str(m) for m in state.legal_moves()]
        copied.random_playout(Rng(1))
        assert copied.to_json() != state.to_json()  # independent of the original
