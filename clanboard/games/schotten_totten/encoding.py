"""Integer actions and the fixed-size observation tensor (for RL adapters).

Actions: ``Play(card, stone)`` is ``card * 9 + stone`` (0-575); claims 576-584; done,
pass, recruiter, draw clan, draw tactic 585-589; ``Return(card)`` 590-653; Strategist
``654 + card*90 + src*10 + dst+1``; Banshee ``6414 + card*9 + src``; Traitor
``6990 + card*81 + src*9 + dst``. Chance outcomes ``Deal(card)`` are ``card`` (0-63).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from clanboard.games.schotten_totten.cards import ALL_TACTICS, BANSHEE, STRATEGIST, bits
from clanboard.games.schotten_totten.moves import (
    CLAIMS,
    DONE,
    DRAWS,
    PASS,
    PLAYS,
    RECRUIT,
    Claim,
    Deal,
    Draw,
    Play,
    Return,
    Ruse,
)

if TYPE_CHECKING:
    from clanboard.games.schotten_totten.state import SchottenState

_CLAIM0, _WORD0, _RETURN0, _STRAT0, _BANSHEE0, _TRAITOR0 = 576, 585, 590, 654, 6414, 6990
NUM_ACTIONS = _TRAITOR0 + 54 * 81
_WORDS = (DONE, PASS, RECRUIT, DRAWS[0], DRAWS[1])


def move_to_action(move: object) -> int:
    if isinstance(move, Play):
        return move.card * 9 + move.stone
    if isinstance(move, Claim):
        return _CLAIM0 + move.stone
    if isinstance(move, Deal):
        return move.card
    if isinstance(move, Return):
        return _RETURN0 + move.card
    if isinstance(move, Ruse):
        if move.tactic == STRATEGIST:
            return _STRAT0 + move.card * 90 + move.src * 10 + move.dst + 1
        if move.tactic == BANSHEE:
            return _BANSHEE0 + move.card * 9 + move.src
        return _TRAITOR0 + move.card * 81 + move.src * 9 + move.dst
    if isinstance(move, Draw) or move in _WORDS:
        return _WORD0 + _WORDS.index(move)  # type: ignore[arg-type]
    raise ValueError(f"not a Schotten Totten move: {move!r}")


def action_to_move(action: int, chance: bool = False) -> object:
    from clanboard.games.schotten_totten.cards import TRAITOR

    if chance:
        return Deal(action)
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action {action} is outside 0..{NUM_ACTIONS - 1}")
    if action < _CLAIM0:
        return PLAYS[action // 9][action % 9]
    if action < _WORD0:
        return CLAIMS[action - _CLAIM0]
    if action < _RETURN0:
        return _WORDS[action - _WORD0]
    if action < _STRAT0:
        return Return(action - _RETURN0)
    if action < _BANSHEE0:
        a = action - _STRAT0
        return Ruse(STRATEGIST, a // 90, a % 90 // 10, a % 10 - 1)
    if action < _TRAITOR0:
        a = action - _BANSHEE0
        return Ruse(BANSHEE, a // 9, a % 9)
    a = action - _TRAITOR0
    return Ruse(TRAITOR, a // 81, a % 81 // 9, a % 9)


# one-hot cards: own hand, each side of each stone (viewer's side first), discard
OBSERVATION_SIZE = 64 + 9 * 2 * 64 + 64 + 9 * 3 + 9 * 2 + 9 * 2 + 6 + 8


def observation_tensor(state: SchottenState, player: int) -> list[float]:
    """The viewer-relative encoding of ``state.observation(player)``."""
    out = [0.0] * OBSERVATION_SIZE
    for c in bits(state.hands[player]):
        out[c] = 1.0
    base = 64
    other = 1 - player
    for s in range(9):
        for q in (player, other):
            for c in state.sides[q][s]:
                out[base + c] = 1.0
            base += 64
    for c in state.discard:
        out[base + c] = 1.0
    base += 64
    for s in range(9):
        o = state.owner[s]
        out[base + (0 if o == player else 1 if o == other else 2)] = 1.0
        base += 3
    for s in range(9):
        out[base] = float(state.mud >> s & 1)
        out[base + 1] = float(state.blind >> s & 1)
        base += 2
    for s in range(9):
        first = state._first_complete(s)
        if first is not None:
            out[base + (0 if first == player else 1)] = 1.0
        base += 2
    out[base + state.phase] = 1.0
    base += 6
    out[base:base + 8] = [
        float(state.current_player() == player),
        state.hands[other].bit_count() / 7,
        (state.hands[other] & ALL_TACTICS).bit_count() / 10,
        len(state.decks[0]) / 54,
        len(state.decks[1]) / 10,
        state.tactics_played[player] / 10,
        state.tactics_played[other] / 10,
        state.round / max(1, state.rounds),
    ]
    return out
