"""A heuristic Schotten Totten player, and the placement score it plays by."""

from __future__ import annotations

import clanboard.games.schotten_totten.formations as formations
from clanboard.core import Move, Rng, State
from clanboard.games.schotten_totten.cards import ALL_CLAN, ALL_TACTICS, CLAN_CARDS, value
from clanboard.games.schotten_totten.moves import DONE, PASS, Claim, Draw, Play, Return, Word
from clanboard.games.schotten_totten.potential import potential
from clanboard.games.schotten_totten.state import SchottenState


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
    mine = potential(state, player, stone, move.card, pool)
    theirs = potential(state, 1 - player, stone, -1, pool & ~(1 << move.card))
    return placement_score(mine, theirs, len(state.sides[player][stone]) + 1, move.card)


def placement_score(mine: int, theirs: int, filled: int, card: int) -> float:
    score = mine / 10 + 3 * filled * (mine >= theirs)
    if mine < theirs:
        score -= 20 + value(card)  # do not feed a stone that is being lost
    if formations.category(mine) == formations.SUM:
        score -= value(card)  # keep high cards for real formations
    return score
