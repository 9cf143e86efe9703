"""Schotten Totten's hints for the generic search: a position evaluation, move priors,
a playout policy and candidate moves (see docs/ai.md)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from clanboard.core import Move, Rng, State
from clanboard.core.weights import ShippedWeights, WeightedHints
from clanboard.games.schotten_totten.agents import placement_score, play_score
from clanboard.games.schotten_totten.cards import (
    ALL_CLAN,
    ALL_TACTICS,
    BLIND,
    CLAN_CARDS,
    JOKER_A,
    JOKER_B,
    MUD,
    RECRUITER,
    STRATEGIST,
    TACTIC_NAMES,
    bits,
)
from clanboard.games.schotten_totten.constants import CLAIM, DRAW, OVER, PLAY, RECRUIT_DRAW, STONES
from clanboard.games.schotten_totten.moves import CLAN_DECK, DONE, DRAWS, PLAYS, Play, Ruse
from clanboard.games.schotten_totten.potential import (
    card_mask,
    potential,
    potential_of,
    sum_potential,
)
from clanboard.games.schotten_totten.state import SchottenState

WEIGHTS_FILE = Path(__file__).with_name("data") / "weights.json"
"""The evaluation's weights (read once): what holding each tactic card is worth, in held
stones, while it can still be played at a stone with room on its side (without it a card
in hand counts for nothing, and the search would spend one for the smallest gain: a
player may play only one tactic card more than the other, so the first one played blocks
the rest of the hand); the share of that for a card the player may not play yet
(``blocked_share``: it becomes playable only after the opponent plays a tactic card); the
stones with room below which a held card loses value proportionally
(``room_for_full_value``); what a clan card in hand is worth over the same card in the
deck (``clan_in_hand``: a sure card, and a slot a blocked tactic card would fill); and the
match points a round is worth to its winner over the loser (``round_swing``, roughly 5
against the stones the loser holds). ``clanboard tune`` fits them by self-play."""


SHIPPED = ShippedWeights(WEIGHTS_FILE, "schotten-totten")


class Weights:
    """The evaluation's weights, unpacked for speed (see :data:`WEIGHTS_FILE`)."""

    __slots__ = ("values", "holding", "blocked_share", "room_for_full_value",
                 "clan_in_hand", "round_swing", "shape", "blocked_draw_cap",
                 "open_card_discount", "decided_stone", "scale", "held_stone",
                 "hand_share", "adjacent_pair", "scale_ramp")

    def __init__(self, values: Mapping[str, float]) -> None:
        self.values = dict(values)
        self.holding = {c: values[f"holding.{TACTIC_NAMES[c]}"] for c in TACTIC_NAMES}
        self.blocked_share = values["blocked_share"]
        self.room_for_full_value = values["room_for_full_value"]
        self.clan_in_hand = values["clan_in_hand"]
        self.round_swing = values["round_swing"]
        self.shape = values["shape"]
        self.blocked_draw_cap = values["blocked_draw_cap"]
        self.open_card_discount = values["open_card_discount"]
        self.decided_stone = values["decided_stone"]
        self.scale = values["scale"]
        self.held_stone = values["held_stone"]
        self.hand_share = values["hand_share"]
        self.adjacent_pair = values["adjacent_pair"]
        self.scale_ramp = values["scale_ramp"]


@cache
def _default_weights() -> Weights:
    return Weights(SHIPPED.values())


_TOP = 1000.0  # prior of each tactic card's best move: always among the searched


def _stone_term(mine: float, theirs: float) -> float:
    """One open stone's share of the evaluation, from the two sides' potentials."""
    return max(-0.9, min(0.9, (mine - theirs) / 150))


class SchottenHints(WeightedHints):
    """Claims are never worse than not claiming: take them in playouts and in the tree.
    A position is estimated from the stones held, for each open stone the best formation
    each side could still complete from its own hand and the clan deck, and the tactic
    cards each side holds. Troop placements are ranked like the heuristic player ranks
    them; each tactic card's most promising use is always searched. ``weights`` changes
    some of the evaluation's weights (by name, see :data:`WEIGHTS_FILE`)."""

    shipped = SHIPPED

    def __init__(self, weights: Mapping[str, float] | None = None) -> None:
        if weights:
            self._weights = Weights(SHIPPED.values(weights))
        else:
            self._weights = _default_weights()

    def with_weights(self, weights: Mapping[str, float]) -> SchottenHints:
        return SchottenHints({**self._weights.values, **weights})

    def evaluate(self, state: State) -> list[float] | None:
        """The search calls this on determinizations, where both hands are dealt: each
        side's completions come from its own hand and the deck, not the other's hand.
        In a match, the round's estimate becomes an expected swing of match points."""
        if not isinstance(state, SchottenState):
            return None
        if state.phase == OVER:
            return state.returns()
        w = self._weights
        x = _round_value(state, w)
        if state.rounds > 1:
            # a round's winner scores 5 and the loser about 2 (the stones it holds); the
            # rounds still to come make the match margin less certain
            a, b = state.match_points
            later = state.rounds - state.round
            swing = w.round_swing
            x = math.tanh((a - b + swing * x) / (swing * math.sqrt(later + 1)))
        return [x, -x]

    def move_priors(self, state: State, player: int, moves: list[Move]) -> list[float] | None:
        """Troop placements by :func:`play_score`; each tactic card's moves by how much
        they shift the two sides' potentials, its best one first of all."""
        if not isinstance(state, SchottenState):
            return None
        pool = ALL_CLAN & ~state.seen
        plain = ~(state.mud | state.blind)
        theirs: dict[int, int] = {}  # per stone, ignoring that the card leaves the pool
        out: list[float] = []
        tactic: dict[int, list[int]] = {}  # tactic card -> indices of its moves
        for i, m in enumerate(moves):
            cls = type(m)
            if cls is Play:
                card, stone = m.card, m.stone  # type: ignore[attr-defined]
                if card >= CLAN_CARDS:
                    tactic.setdefault(card, []).append(i)
                    out.append(0.0)
                    continue
                side = state.sides[player][stone]
                if not plain >> stone & 1 or any(c >= CLAN_CARDS for c in side):
                    out.append(play_score(state, player, m))  # type: ignore[arg-type]
                    continue
                if stone not in theirs:
                    theirs[stone] = potential(state, 1 - player, stone, -1, pool)
                mine = potential(state, player, stone, card, pool)
                out.append(placement_score(mine, theirs[stone], len(side) + 1, card))
            elif cls is Ruse:
                tactic.setdefault(m.tactic, []).append(i)  # type: ignore[attr-defined]
                out.append(0.0)
            elif str(m) == "recruiter":
                tactic.setdefault(RECRUITER, []).append(i)
                out.append(0.0)
            else:
                out.append(0.0)
        if tactic:
            _rank_tactic_moves(state, player, moves, tactic, pool, out)
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
        if isinstance(state, SchottenState) and len(moves) > 1:
            # moves are shared constants: compared by identity, by phase first (a scan of
            # a placement list with ``in`` cost a quarter of the search's time)
            phase = state.phase
            if phase == CLAIM:
                return [m for m in moves if m is not DONE]
            if phase in (DRAW, RECRUIT_DRAW):  # both decks have cards: [clan, tactic]
                cap = self._weights.blocked_draw_cap
                if cap and blocked_tactics(state, player) >= cap:
                    return [DRAWS[CLAN_DECK]]
        return moves


def _round_value(state: SchottenState, weights: Weights) -> float:
    """The current round's estimate for seat 0, in -1..1 (see :class:`SchottenHints`)."""
    shape = weights.shape
    shares: list[float] | None = [] if shape else None
    scale = weights.scale
    if weights.scale_ramp:
        scale += weights.scale_ramp * deck_drawn(state)
    value = math.tanh(scale * _terms(state, weights, shares)[0])
    if shares is not None:
        won = _no_win([1.0 - q for q in shares]) - _no_win(shares)
        value = (1.0 - shape) * value + shape * won
    return value


def deck_drawn(state: SchottenState) -> float:
    """The share of the clan deck drawn since the round's deal, 0..1: how far the round
    is (the estimate grows surer by ``scale_ramp`` times it)."""
    at_deal = CLAN_CARDS - 2 * state.hand_limit
    return min(1.0, max(0.0, 1.0 - len(state.decks[CLAN_DECK]) / at_deal))


def round_terms(state: SchottenState, weights: Weights) -> tuple[float, float, float, float]:
    """The estimate's terms for seat 0, each seat 0's minus seat 1's: stones held, the
    open stones' terms, the hands' values (tactics variant) and pairs of adjacent stones
    held; the estimate is ``tanh((scale + scale_ramp * deck_drawn) * (held_stone * held +
    open + hand_share * hands + adjacent_pair * pairs))`` (``shape`` aside)."""
    return _terms(state, weights)[1:]


def _terms(state: SchottenState, w: Weights, shares: list[float] | None = None
           ) -> tuple[float, float, float, float, float]:
    """The weighted total of :func:`round_terms`, then the terms themselves; ``shares``,
    when given, receives seat 0's chance to take each stone (for ``shape``: 1 or 0 when
    held, else from its term). The total is summed stone by stone, as the estimate
    always was: a float sum in another order could change a search's choice between two
    equal moves."""
    total = held = open_ = pairs = 0.0
    owner = state.owner
    deck = card_mask(state.decks[CLAN_DECK])
    pools = (deck | state.hands[0] & ALL_CLAN, deck | state.hands[1] & ALL_CLAN)
    for stone in range(STONES):
        o = owner[stone]
        if o >= 0:
            sign = 1.0 if o == 0 else -1.0
            total += w.held_stone * sign
            held += sign
            if stone and owner[stone - 1] == o:
                pairs += sign
            if shares is not None:
                shares.append(1.0 if o == 0 else 0.0)
        else:
            term = _open_term(state, stone, w, pools)
            total += term
            open_ += term
            if shares is not None:
                shares.append(0.5 + 0.5 * term)
    hands = 0.0
    if state.tactics:
        hands = holding_value(state, 0, w) - holding_value(state, 1, w)
        total += w.hand_share * hands
    if w.adjacent_pair:
        total += w.adjacent_pair * pairs
    return total, held, open_, hands, pairs


def _open_term(state: SchottenState, stone: int, weights: Weights,
               pools: tuple[int, int]) -> float:
    """An open stone's term for seat 0 (see :func:`_stone_term`, ``decided_stone`` and
    ``open_card_discount``); ``pools``: each seat's clan cards to complete from (the
    clan deck and its own hand)."""
    mine = float(potential(state, 0, stone, -1, pools[0]))
    theirs = float(potential(state, 1, stone, -1, pools[1]))
    decided = weights.decided_stone
    if decided:
        winner = _decided(state, stone, mine, theirs)
        if winner:
            return decided * winner
    discount = weights.open_card_discount
    if discount:  # a formation still to complete is less sure than one made
        room = state.capacity(stone)
        if mine >= 0:
            mine -= discount * (room - len(state.sides[0][stone]))
        if theirs >= 0:
            theirs -= discount * (room - len(state.sides[1][stone]))
    return _stone_term(mine, theirs)


def _decided(state: SchottenState, stone: int, mine: float, theirs: float) -> int:
    """+1 (-1) when seat 0 (seat 1) has completed a side at ``stone`` that the other side's
    potential cannot beat (equal strengths go to the side completed first): a claim
    waiting for its owner's turn. 0 otherwise."""
    room = state.capacity(stone)
    full0 = len(state.sides[0][stone]) == room
    full1 = len(state.sides[1][stone]) == room
    if full0 and (mine > theirs or mine == theirs
                  and (not full1 or state._first_complete(stone) == 0)):
        return 1
    if full1 and (theirs > mine or theirs == mine
                  and (not full0 or state._first_complete(stone) == 1)):
        return -1
    return 0


def _no_win(shares: list[float]) -> float:
    """The chance that a side taking each stone with these chances (independently) ends
    with neither five stones nor three adjacent ones."""
    # state: stones taken (0-4) * 3 + the run of adjacent ones ending here (0-2)
    dist = [0.0] * 15
    dist[0] = 1.0
    for q in shares:
        nxt = [0.0] * 15
        miss = 1.0 - q
        for i in range(15):
            v = dist[i]
            if v:
                nxt[i - i % 3] += v * miss
                if q and i < 12 and i % 3 < 2:
                    nxt[i + 4] += v * q
        dist = nxt
    return sum(dist)


def _playable(state: SchottenState, player: int) -> int:
    """How many more tactic cards ``player`` may play before the opponent plays one (a side
    may play one more than the other has)."""
    return max(0, state.tactics_played[1 - player] - state.tactics_played[player] + 1)


def blocked_tactics(state: SchottenState, player: int) -> int:
    """The tactic cards in ``player``'s hand it may not play now."""
    held = (state.hands[player] & ALL_TACTICS).bit_count()
    return max(0, held - _playable(state, player))


def holding_value(state: SchottenState, player: int, weights: Weights | None = None) -> float:
    """What ``player``'s cards in hand are worth (see :data:`WEIGHTS_FILE`; default: the
    shipped weights): its tactic cards it may play now in full, the others in part, all
    less as the stones with room on its side run out (a second joker, never playable, is
    worth nothing), and its clan cards."""
    w = weights or _default_weights()
    clan = (state.hands[player] & ALL_CLAN).bit_count() * w.clan_in_hand
    hand = state.hands[player] & ALL_TACTICS
    if not hand:
        return clan
    if state.jokers_played[player]:
        hand &= ~((1 << JOKER_A) | (1 << JOKER_B))
    elif hand >> JOKER_A & 1:
        hand &= ~(1 << JOKER_B)
    holding = w.holding
    values = sorted((holding[c] for c in bits(hand)), reverse=True)
    playable = _playable(state, player)
    total = sum(values[:playable]) + w.blocked_share * sum(values[playable:])
    room = len(state.free_stones(player))
    return clan + total * min(1.0, room / w.room_for_full_value)


def _rank_tactic_moves(state: SchottenState, player: int, moves: list[Move],
                       by_card: dict[int, list[int]], pool: int, out: list[float]) -> None:
    """Score each tactic card's moves (in ``out``): its best move gets a prior above
    every placement, so that the search always considers it; the others rank last."""
    swing = _Swing(state, player, pool)
    for card, indices in by_card.items():
        if card == RECRUITER:
            scores = [0.0]
        elif card < BLIND:  # elite troop: placed like a clan card
            scores = [play_score(state, player, moves[i]) for i in indices]  # type: ignore[arg-type]
        else:
            scores = [swing.of(moves[i]) for i in indices]
        best = max(range(len(indices)), key=scores.__getitem__)
        for k, i in enumerate(indices):
            out[i] = _TOP + scores[k] if k == best else scores[k] - _TOP


class _Swing:
    """How much a combat mode or ruse shifts the evaluation's open-stone terms, from
    public information (the unseen cards as the pool of both sides)."""

    def __init__(self, state: SchottenState, player: int, pool: int) -> None:
        self.state, self.player, self.pool = state, player, pool
        self._now: dict[int, tuple[int, int]] = {}
        self._without: dict[tuple[int, int, int], int] = {}
        self._with: dict[tuple[int, int], int] = {}

    def now(self, stone: int) -> tuple[int, int]:
        """(mine, theirs) potentials at ``stone`` as it is."""
        if stone not in self._now:
            s, p = self.state, self.player
            self._now[stone] = (potential(s, p, stone, -1, self.pool),
                                potential(s, 1 - p, stone, -1, self.pool))
        return self._now[stone]

    def without(self, who: int, stone: int, card: int) -> int:
        """The potential of ``who``'s side at ``stone`` once ``card`` leaves it."""
        key = (who, stone, card)
        if key not in self._without:
            s = self.state
            left = list(s.sides[who][stone])
            left.remove(card)
            self._without[key] = potential_of(left, self.pool, bool(s.mud >> stone & 1),
                                              bool(s.blind >> stone & 1))
        return self._without[key]

    def added(self, stone: int, card: int) -> int:
        """The mover's potential at ``stone`` once ``card`` joins its side."""
        key = (stone, card)
        if key not in self._with:
            self._with[key] = potential(self.state, self.player, stone, card, self.pool)
        return self._with[key]

    def shift(self, stone: int, mine: int, theirs: int) -> float:
        return _stone_term(mine, theirs) - _stone_term(*self.now(stone))

    def of(self, move: Move) -> float:
        s, p, pool = self.state, self.player, self.pool
        if type(move) is Play:  # a combat mode on the stone
            stone = move.stone  # type: ignore[attr-defined]
            if move.card == MUD:  # type: ignore[attr-defined]
                # a fourth card each: the stone is open again, its outcome less certain
                return -0.5 * _stone_term(*self.now(stone))
            size = s.capacity(stone)
            return self.shift(stone, sum_potential(s.sides[p][stone], pool, size),
                              sum_potential(s.sides[1 - p][stone], pool, size))
        assert isinstance(move, Ruse)
        src, card = move.src, move.card
        mine, theirs = self.now(src)
        if move.tactic == STRATEGIST:
            total = self.shift(src, self.without(p, src, card), theirs)
        else:
            total = self.shift(src, mine, self.without(1 - p, src, card))
        if move.dst >= 0:
            total += self.shift(move.dst, self.added(move.dst, card), self.now(move.dst)[1])
        return total
