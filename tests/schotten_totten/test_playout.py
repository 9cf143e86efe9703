"""The compiled random-playout kernel (_playout.c) against the Python rules, the reference.

Two kinds of check, from the opening and from mid-game positions, in the base and expert
variants, single rounds and matches:

- replay: the kernel's log of every move and deal is replayed through ``apply()`` (which
  validates each move), and at every decision the kernel's number of legal moves and, at
  claim steps, its provable stones must equal the Python state's;
- identity: the kernel makes the same random choices as the generic loop
  (``State.random_playout``) from the same generators, so both must end in the same
  position, history and generator states, byte for byte.
"""

from __future__ import annotations

import json
import shutil
import sysconfig
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clanboard.core import CHANCE, Rng, State
from clanboard.games.schotten_totten import formations, playout
from clanboard.games.schotten_totten.cards import ALL_CLAN, CLAN_CARDS
from clanboard.games.schotten_totten.moves import CLAIMS, DONE
from clanboard.games.schotten_totten.state import CLAIM, SchottenState
from tests.schotten_totten.helpers import GAME

KERNEL = playout.KERNEL
needs_kernel = pytest.mark.skipif(
    KERNEL is None,
    reason="the C playout kernel (clanboard/games/schotten_totten/_playout.c) is not built: "
    "no C compiler or Python headers when the package was installed",
)
VARIANTS: dict[str, dict[str, Any]] = {
    "base": {}, "expert": {"expert": True}, "base-match": {"rounds": 3},
    "expert-match": {"expert": True, "rounds": 2}}


def test_extension_is_built_where_a_compiler_is() -> None:
    """CI must not silently lose the kernel: with a C compiler it has to be built."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler here: the Python rules are used instead of the kernel")
    headers = Path(sysconfig.get_paths()["include"], "Python.h").exists()
    assert KERNEL is not None, (
        f"a C compiler ({compiler}) is available but the playout kernel is not built; "
        + ("reinstall: pip install -e ." if headers else
           "the Python headers are missing (Debian: apt-get install python3-dev), "
           "then reinstall: pip install -e .")
    )


def start(seed: int, options: dict, prefix: int, auto_chance: bool = True) -> SchottenState:
    """A new game after ``prefix`` random Python moves (deals drawn as the state does)."""
    s = GAME.new_state(seed=seed, options=options, auto_chance=auto_chance)
    rng = Rng(seed ^ 0xABC)
    for _ in range(prefix):
        if s.is_terminal():
            break
        if s.is_chance():
            s.apply(s.sample_chance(s.rng))
        else:
            s.apply(rng.choice(s.legal_moves()))
    assert isinstance(s, SchottenState)
    return s


def replay_log(s: SchottenState, seed: int) -> int:
    """Run the kernel on a copy of ``s``, replay its log through ``apply()`` on ``s`` and
    check every decision; returns the number of player moves."""
    fast = s.clone()
    log: list = []
    moves = playout.playout(fast, Rng(seed), log)
    assert moves >= 0, "the kernel refused a position without tactic cards"
    s.auto_chance = False  # every deal is replayed and checked explicitly
    decisions = 0
    for actor, move, legal_count, claimable in log:
        if actor == CHANCE:
            assert s.is_chance()
            assert move == s.sample_chance(s.rng), "the kernel must deal the top card"
            s.apply(move)
            continue
        decisions += 1
        assert s.current_player() == actor
        legal = s.legal_moves()
        assert legal_count == len(legal), (s.to_json(), move, legal)
        if s.phase == CLAIM:
            stones = [m.stone for m in legal if m != DONE]  # type: ignore[attr-defined]
            assert [i for i in range(9) if claimable >> i & 1] == stones
            assert move == DONE or move in [CLAIMS[i] for i in stones]
        s.apply(move)
    assert s.is_terminal() and fast.is_terminal()
    assert decisions == moves
    assert s.owner == fast.owner
    assert s.winners() == fast.winners() and s.returns() == fast.returns()
    assert s.round_winners == fast.round_winners and s.match_points == fast.match_points
    # the whole position agrees too (the histories differ: the replay recorded the deals)
    assert s.to_json()["state"] == fast.to_json()["state"]
    assert s.rng.state == fast.rng.state
    return moves


def same_as_generic(s: SchottenState, seed: int) -> int:
    """The kernel and the generic loop from copies of ``s`` with equal generators."""
    slow, fast = s.clone(), s.clone()
    slow_rng, fast_rng = Rng(seed), Rng(seed)
    n_slow = State.random_playout(slow, slow_rng)
    n_fast = fast.random_playout(fast_rng)
    assert n_fast == n_slow
    assert json.dumps(fast.to_json()) == json.dumps(slow.to_json())
    assert fast_rng.state == slow_rng.state
    assert fast.winners() == slow.winners() and fast.scores() == slow.scores()
    return n_fast


@needs_kernel
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_replay_from_the_opening(variant: str) -> None:
    games = 600 if "match" not in variant else 150
    total = sum(replay_log(start(seed, VARIANTS[variant], 0), seed) for seed in range(games))
    assert total > games * 40


@needs_kernel
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_replay_from_mid_game(variant: str) -> None:
    for seed in range(300):
        replay_log(start(seed, VARIANTS[variant], 5 + seed % 60), seed)


@needs_kernel
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_same_games_as_the_generic_loop(variant: str) -> None:
    for seed in range(300):
        same_as_generic(start(seed, VARIANTS[variant], seed % 70), seed)


@needs_kernel
def test_same_games_without_auto_chance() -> None:
    """Chance steps at the top of the loop are drawn and recorded as the generic loop does."""
    for seed in range(150):
        options = VARIANTS[list(VARIANTS)[seed % 4]]
        s = start(seed, options, seed % 40, auto_chance=False)
        same_as_generic(s, seed)
    # one generator for both the choices and the state's chance (a new round's shuffle)
    a = start(3, {"rounds": 3}, 10)
    b = a.clone()
    State.random_playout(a, a.rng)
    b.random_playout(b.rng)
    assert json.dumps(a.to_json()) == json.dumps(b.to_json())


@needs_kernel
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(list(VARIANTS)), st.integers(0, 90),
       st.booleans())
def test_kernel_matches_the_rules_anywhere(seed, variant, prefix, auto_chance) -> None:
    s = start(seed, VARIANTS[variant], prefix, auto_chance)
    same_as_generic(s, seed)
    replay_log(s, seed)


@needs_kernel
def test_the_result_is_a_finished_game() -> None:
    s = start(11, {}, 0)
    moves = s.random_playout(Rng(1))
    assert s.is_terminal() and len(s.history) == moves
    assert s.winners() in ([0], [1], [0, 1])
    data = json.loads(json.dumps(s.to_json()))
    assert GAME.state_from_json(data).to_json() == s.to_json()  # consistent and loadable
    assert s.random_playout(Rng(2)) == 0  # nothing left to play


@needs_kernel
def test_positions_with_tactic_cards_fall_back_to_python() -> None:
    for options in ({"tactics": True}, {"tactics": True, "expert": True}):
        s = start(5, options, 10)
        before = json.dumps(s.to_json())
        assert playout.playout(s, Rng(1)) == -1
        assert json.dumps(s.to_json()) == before  # untouched
        assert same_as_generic(s, 5) > 0  # the Python loop plays it


@needs_kernel
def test_strength_table_matches_the_rules() -> None:
    for mask, strength in formations.TRIPLE_STRENGTH.items():
        assert KERNEL is not None and KERNEL.triple_strength(mask) == strength


def reference_best(fixed: int, pool: int) -> int:
    """The strongest completion, from the sorted list behind formations.can_beat_plain."""
    avail = fixed | pool
    return next((s for s, m in formations._completions(fixed) if m & avail == m), -1)


cards = st.integers(0, CLAN_CARDS - 1)


@needs_kernel
@settings(max_examples=400, deadline=None)
@given(st.lists(cards, max_size=2, unique=True), st.sets(cards, max_size=54),
       st.integers(0, 5))
def test_best_completion_matches_the_rules(fixed_cards, pool_cards, thin) -> None:
    fixed = sum(1 << c for c in fixed_cards)
    pool = sum(1 << c for c in pool_cards) & ~fixed
    if thin:  # small pools (late in a round) as well as large ones
        pool &= sum(1 << c for c in sorted(pool_cards)[:: thin + 1])
    assert KERNEL is not None
    best, witness = KERNEL.best_completion(fixed, pool)
    assert best == reference_best(fixed, pool)
    if best >= 0:
        assert witness & fixed == fixed and witness & ~(fixed | pool) == 0
        assert formations.TRIPLE_STRENGTH[witness] == best
    for target in {max(best - 1, 0), max(best, 0)}:  # the proof the claim step uses
        assert (best > target) == formations.can_beat_plain(fixed, pool & ALL_CLAN, target)


def test_shuffle_matches_rng_shuffle() -> None:
    for seed in range(50):
        a, b = list(range(54)), list(range(54))
        ra, rb = Rng(seed), Rng(seed)
        ra.shuffle(a)
        playout.shuffle(rb, b)
        assert a == b and ra.state == rb.state
