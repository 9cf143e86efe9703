"""A heuristic Schotten Totten player and search hints for the generic ISMCTS."""

from __future__ import annotations

import math

from clanboard.core import Move, Rng, SearchHints, State
from clanboard.games.schotten_totten import formations
from clanboard.games.schotten_totten.cards import ALL_CLAN, ALL_TACTICS, CLAN_CARDS, bits, value
from clanboard.games.schotten_totten.moves import (
    DONE,
    PASS,
    PLAYS,
    Claim,
    Draw,
    Play,
    Return,
    Word,
)
from clanboard.games.schotten_totten.state import CLAIM, OVER, PLAY, STONES, SchottenState


def _potential(state: SchottenState, player: int, stone: int, extra: int, pool: int) -> int:
    """The best formation ``player`` could still make at ``stone`` with ``extra`` added."""
    cards = [*state.sides[player][stone], extra] if extra >= 0 else state.sides[player][stone]
    concrete = [c for c in cards if c < CLAN_CARDS]
    wilds = [c for c in cards if c >= CLAN_CARDS]
    size = state.capacity(stone)
    blind = bool(state.blind >> stone & 1)
    return formations.best_strength(concrete, wilds, pool & ~_mask(concrete), size, blind)


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class HeuristicAgent:
    """Plays each card where it builds the strongest formation it can still complete,
    preferring stones it can win and avoiding ones already lost; claims whatever it can
    prove; keeps tactic cards for when no clan card fits. Uses only its own view."""

    name = "heuristic"

    def __init__(self, seed: int = 0, **_: object) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, player: int) -> Move:
        assert isinstance(state, SchottenState)
        moves = state.legal_moves(player)
        claims = [m for m in moves if isinstance(m, Claim)]
        if claims:
            return claims[0]
        if DONE in moves:
            return DONE
        if any(isinstance(m, Draw) for m in moves):
            clan_in_hand = (state.hands[player] & ALL_CLAN).bit_count()
            want = 1 if clan_in_hand >= 5 and not state.hands[player] & ALL_TACTICS else 0
            return next((m for m in moves if isinstance(m, Draw) and m.deck == want), moves[0])
        if any(isinstance(m, Return) for m in moves):
            # give back the weakest clan card (or a tactic card if no clan card)
            return min(moves, key=lambda m: value(m.card) if m.card < CLAN_CARDS else 10)  # type: ignore[attr-defined]
        plays = [m for m in moves if isinstance(m, Play) and m.card < CLAN_CARDS]
        if plays:
            return max(plays, key=lambda m: self._score(state, player, m))
        troops = [m for m in moves if isinstance(m, Play) and m.card < 58]
        if troops:
            return max(troops, key=lambda m: self._score(state, player, m))
        others = [m for m in moves if m != PASS and not isinstance(m, Word)]
        if others and self.rng.random() < 0.5:
            return self.rng.choice(others)
        return PASS if PASS in moves else self.rng.choice(moves)

    def _score(self, state: SchottenState, player: int, move: Play) -> float:
        pool = ALL_CLAN & ~state.seen  # what could still come (the opponent sees the same)
        stone = move.stone
        mine = _potential(state, player, stone, move.card, pool)
        theirs = _potential(state, 1 - player, stone, -1, pool & ~(1 << move.card))
        filled = len(state.sides[player][stone]) + 1
        score = mine / 10 + 3 * filled * (mine >= theirs)
        if mine < theirs:
            score -= 20 + value(move.card)  # do not feed a stone that is being lost
        if formations.category(mine) == formations.SUM:
            score -= value(move.card)  # keep high cards for real formations
        return score + self.rng.random() * 0.01


class SchottenHints(SearchHints):
    """Claims are never worse than not claiming: take them in playouts and in the tree.
    A position is estimated from the stones held and, for each open stone, the best
    formation each side could still complete from the unseen cards."""

    def evaluate(self, state: State) -> list[float] | None:
        if not isinstance(state, SchottenState) or state.rounds > 1:
            return None  # match play: let playouts run
        if state.phase == OVER:
            return state.returns()
        pool = ALL_CLAN & ~state.seen
        total = 0.0
        for stone in range(STONES):
            owner = state.owner[stone]
            if owner >= 0:
                total += 1.0 if owner == 0 else -1.0
                continue
            mine = _potential(state, 0, stone, -1, pool)
            theirs = _potential(state, 1, stone, -1, pool)
            total += max(-0.9, min(0.9, (mine - theirs) / 150))
        x = math.tanh(0.6 * total)
        return [x, -x]

    def rollout_move(self, state: State, player: int, rng: Rng) -> Move:
        assert isinstance(state, SchottenState)
        if state.phase == PLAY and not state.hands[player] & ALL_TACTICS:
            # uniform over (clan card, free stone) without building the move list
            free = state.free_stones(player)
            cards = bits(state.hands[player])
            if free and cards:
                i = rng.randrange(len(free) * len(cards))
                return PLAYS[cards[i // len(free)]][free[i % len(free)]]
        moves = state.legal_moves(player)
        if state.phase == CLAIM and len(moves) > 1:
            return moves[0]
        return rng.choice(moves)

    def candidate_moves(self, state: State, player: int) -> list[Move]:
        moves = state.legal_moves(player)
        if isinstance(state, SchottenState) and state.phase == CLAIM and len(moves) > 1:
            return [m for m in moves if m != DONE]
        return moves
