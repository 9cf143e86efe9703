"""Post-game analysis: reproducible numbers, a planted blunder found, multi-player games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clanboard.ai.analysis import (
    THRESHOLDS,
    Cancelled,
    MoveAnalysis,
    analyse,
    mark_for,
    position_before,
)
from clanboard.core import GameRecord, State, get_game, make_agent, play_game

PLANTED = Path(__file__).parent / "data" / "planted_blunder.json"
#: the move of PLANTED that was replaced: seat 1 plays 7r@8 where the heuristic played 7r@6
BLUNDER = 43
WINDOW = range(BLUNDER - 4, BLUNDER + 4)


def finish_turn(state: State, seat: int) -> None:
    """``seat`` claims every stone it can, then ends its claim step."""
    while state.current_player() == seat:
        moves = {str(m): m for m in state.legal_moves(seat)}
        claim = next((m for k, m in moves.items() if k.startswith("claim")), None)
        if claim is None and "done" not in moves:
            return
        state.apply_trusted(claim if claim is not None else moves["done"], seat)


def loses_at_once(state: State, seat: int) -> bool:
    """Whether, with ``seat``'s turn finished, the opponent wins on its next turn whatever
    card it plays (so it needs no hidden card: the proof is on the table)."""
    state = state.clone()
    finish_turn(state, seat)
    other = 1 - seat
    if state.is_terminal():
        return state.winners() == [other]
    for play in state.legal_moves(other):
        after = state.clone()
        after.apply_trusted(play, other)
        finish_turn(after, other)
        if not (after.is_terminal() and after.winners() == [other]):
            return False
    return True


def test_the_planted_move_loses_by_the_rules() -> None:
    record = GameRecord.load(PLANTED)
    before = position_before(record, BLUNDER)
    seat, planted = record.moves[BLUNDER]
    assert planted == "7r@8"
    after = before.clone()
    after.apply(planted, seat)
    assert loses_at_once(after, seat)
    played_instead = before.clone()
    played_instead.apply("7r@6", seat)  # the heuristic's move there
    assert not loses_at_once(played_instead, seat)


def test_a_planted_blunder_is_marked_and_the_moves_around_it_are_not() -> None:
    record = GameRecord.load(PLANTED)
    analysis = analyse(record, iterations=200, seed=1, indices=set(WINDOW))
    by_index = {m.index: m for m in analysis.moves}
    assert set(by_index) == set(WINDOW)
    planted = by_index[BLUNDER]
    assert planted.mark == "blunder", planted
    assert planted.best != planted.move
    assert planted.before >= 0.5 and planted.after < 0.2
    for m in analysis.moves:
        if m.index != BLUNDER:
            assert m.mark not in ("blunder", "mistake"), m


def test_the_same_seed_gives_the_same_numbers() -> None:
    record = GameRecord.load(PLANTED)
    picks = {BLUNDER - 1, BLUNDER}
    first = analyse(record, iterations=60, seed=7, indices=picks).to_json()
    again = analyse(record, iterations=60, seed=7, indices=picks).to_json()
    assert first == again
    other = analyse(record, iterations=60, seed=8, indices=picks).to_json()
    assert [m["before"] for m in other["moves"]] != [m["before"] for m in first["moves"]]


def test_progress_cancel_and_resume() -> None:
    record = GameRecord.load(PLANTED)
    picks = set(range(10, 16))
    seen: list[tuple[int, int]] = []
    with pytest.raises(Cancelled) as stopped:
        analyse(record, iterations=30, seed=3, indices=picks,
                progress=lambda d, t: seen.append((d, t)),
                should_stop=lambda: len(seen) > 3)
    partial = stopped.value.done
    assert seen[0] == (0, 6) and seen[-1] == (3, 6) and len(partial) == 3
    resumed = analyse(record, iterations=30, seed=3, indices=picks,
                      done={m.index: m for m in partial})
    whole = analyse(record, iterations=30, seed=3, indices=picks)
    assert resumed.to_json() == whole.to_json()


def test_marks_follow_the_thresholds() -> None:
    assert dict(THRESHOLDS) == {"blunder": 0.30, "mistake": 0.20, "inaccuracy": 0.10}
    assert [mark_for(d) for d in (0.05, 0.1, 0.25, 0.3, 0.9)] == [
        None, "inaccuracy", "mistake", "blunder", "blunder"]
    same = MoveAnalysis(0, 0, "a", "a", 0.9, 0.1)
    assert same.mark is None  # the AI's own move is never marked
    assert MoveAnalysis(0, 0, "a", "b", 0.9, 0.78).mark == "inaccuracy"
    roundtrip = MoveAnalysis.from_json(json.loads(json.dumps(same.to_json())))
    assert roundtrip == same


def test_a_bad_record_is_refused() -> None:
    record = GameRecord.load(PLANTED)
    record.moves[3] = (1, "9z@1")
    with pytest.raises(Exception, match="record move 4"):
        analyse(record, iterations=10)
    with pytest.raises(ValueError, match="at least 1 iteration"):
        analyse(GameRecord.load(PLANTED), iterations=0)


def test_glen_more_three_players_runs() -> None:
    game = get_game("glen-more")
    state = game.new_state(3, seed=2)
    play_game(state, [make_agent(game, "random", seed=s) for s in range(3)])
    record = state.record()
    analysis = analyse(record, iterations=6, seed=1, indices=set(range(4)))
    assert analysis.scale == "win_share" and len(analysis.moves) == 4
    assert {m.player for m in analysis.moves} <= {0, 1, 2}
    for m in analysis.moves:
        assert 0.0 <= m.after <= 1.0 and 0.0 <= m.before <= 1.0
    assert analysis.to_json() == analyse(record, iterations=6, seed=1,
                                         indices=set(range(4))).to_json()
