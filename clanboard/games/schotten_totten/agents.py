"""A heuristic Schotten Totten player and search hints for the generic ISMCTS."""

from __future__ import annotations

import math

from clanboard.core import Move, Rng, SearchHints, State
from clanboard.games.schotten_totten import formations
from clanboard.games.schotten_totten.cards import (
    ALL_CLAN,
    ALL_TACTICS,
    BLIND,
    CLAN_CARDS,
    bits,
    value,
)
from clanboard.games.schotten_totten.moves import (
    CLAN_DECK,
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
    if len(cards) <= 3 and not (state.mud | state.blind) >> stone & 1 \
            and all(c < CLAN_CARDS for c in cards):
        return formations.best_plain(_mask(cards), pool)  # the common case, by table
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
        return play_score(state, player, move) + self.rng.random() * 0.01


def play_score(state: SchottenState, player: int, move: Play) -> float:
    """How good placing a clan card or elite troop looks, from public information only:
    the best formation it can still grow into at its stone against the opponent's."""
    pool = ALL_CLAN & ~state.seen  # what could still come (the opponent sees the same)
    stone = move.stone
    mine = _potential(state, player, stone, move.card, pool)
    theirs = _potential(state, 1 - player, stone, -1, pool & ~(1 << move.card))
    return _placement_score(mine, theirs, len(state.sides[player][stone]) + 1, move.card)


def _placement_score(mine: int, theirs: int, filled: int, card: int) -> float:
    score = mine / 10 + 3 * filled * (mine >= theirs)
    if mine < theirs:
        score -= 20 + value(card)  # do not feed a stone that is being lost
    if formations.category(mine) == formations.SUM:
        score -= value(card)  # keep high cards for real formations
    return score


class SchottenHints(SearchHints):
    """Claims are never worse than not claiming: take them in playouts and in the tree.
    A position is estimated from the stones held and, for each open stone, the best
    formation each side could still complete from its own hand and the clan deck.
    Troop placements are ranked like the heuristic player ranks them."""

    def evaluate(self, state: State) -> list[float] | None:
        """The search calls this on determinizations, where both hands are dealt: each
        side's completions come from its own hand and the deck, not the other's hand."""
        if not isinstance(state, SchottenState) or state.rounds > 1:
            return None  # match play: let playouts run
        if state.phase == OVER:
            return state.returns()
        deck = _mask(state.decks[CLAN_DECK])
        pools = (deck | state.hands[0] & ALL_CLAN, deck | state.hands[1] & ALL_CLAN)
        total = 0.0
        for stone in range(STONES):
            owner = state.owner[stone]
            if owner >= 0:
                total += 1.0 if owner == 0 else -1.0
                continue
            mine = _potential(state, 0, stone, -1, pools[0])
            theirs = _potential(state, 1, stone, -1, pools[1])
            total += max(-0.9, min(0.9, (mine - theirs) / 150))
        x = math.tanh(0.6 * total)
        return [x, -x]

    def move_priors(self, state: State, player: int, moves: list[Move]) -> list[float] | None:
        """Troop placements by :func:`play_score`; other moves rank in the middle."""
        if not isinstance(state, SchottenState):
            return None
        pool = ALL_CLAN & ~state.seen
        plain = ~(state.mud | state.blind)
        theirs: dict[int, int] = {}  # per stone, ignoring that the card leaves the pool
        out: list[float] = []
        for m in moves:
            if type(m) is not Play or m.card >= BLIND:
                out.append(0.0)
                continue
            card, stone = m.card, m.stone  # type: ignore[attr-defined]
            side = state.sides[player][stone]
            if card >= CLAN_CARDS or not plain >> stone & 1 or any(c >= CLAN_CARDS for c in side):
                out.append(play_score(state, player, m))  # type: ignore[arg-type]
                continue
            if stone not in theirs:
                theirs[stone] = _potential(state, 1 - player, stone, -1, pool)
            mine = _potential(state, player, stone, card, pool)
            out.append(_placement_score(mine, theirs[stone], len(side) + 1, card))
        return out

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
