"""The Schotten Totten position and its rules.

A turn is a short sequence of moves by one player: play a card (or pass), claim
stones (expert variant: claims come first), choose the deck to draw from (tactics
variant), then a chance draw. Card sets are bitmasks, the sides of the nine stones
lists of card ids in the order played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any

import clanboard.games.schotten_totten.formations as formations
import clanboard.games.schotten_totten.playout as playout
from clanboard.core import (
    CHANCE,
    TERMINAL,
    Game,
    IllegalMove,
    InvalidState,
    Move,
    Plural,
    Rng,
    State,
    Text,
    say,
)
from clanboard.games.schotten_totten.cards import (
    ALL_CLAN,
    ALL_TACTICS,
    BANSHEE,
    BLIND,
    CLAN_CARDS,
    COMBAT_MODES,
    ELITE_TROOPS,
    JOKER_A,
    JOKER_B,
    JOKER_MASK,
    JOKERS,
    MUD,
    RECRUITER,
    STRATEGIST,
    TRAITOR,
    bits,
    card_name,
)
from clanboard.games.schotten_totten.claims import explain_claim
from clanboard.games.schotten_totten.constants import (
    CLAIM,
    DRAW,
    JSON_FIELDS,
    OVER,
    PHASE_NAMES,
    PLAY,
    RECRUIT_DRAW,
    RECRUIT_RETURN,
    STONES,
    distinct,
    has_three_adjacent,
)
from clanboard.games.schotten_totten.describe import MESSAGES as DESCRIBE_WORDS
from clanboard.games.schotten_totten.describe import describe_move, result_explanation
from clanboard.games.schotten_totten.encoding import (
    action_to_move,
    move_to_action,
    observation_tensor,
)
from clanboard.games.schotten_totten.moves import (
    CLAIMS,
    CLAN_DECK,
    DEALS,
    DONE,
    DRAWS,
    PASS,
    PLAYS,
    RECRUIT,
    TACTIC_DECK,
    Claim,
    Deal,
    Draw,
    NotationError,
    Play,
    Return,
    Ruse,
    Word,
    parse,
    ruse,
)
from clanboard.games.schotten_totten.render import render

ERRORS = {
    "deal": "{move} is not a possible draw now",
    "claim_step": "claims are made in the claim step, now it is the {phase} step",
    "claimed": "stone {stone} is already claimed",
    "claim_cards": Plural("your side of stone {stone} needs {n} card to claim it",
                          "your side of stone {stone} needs {n} cards to claim it"),
    "claim_unproven": "you cannot claim stone {stone}: your formation does not beat the "
                      "opponent's, or it is not yet proven that it cannot be beaten",
    "play_step": "cards are played in the play step; now it is the {phase} step",
    "not_in_hand": "{card} is not in your hand",
    "no_tactics": "tactic cards are used only in the tactics variant",
    "tactic_limit": "you may play at most one tactic card more than your opponent "
                    "(you {you}, opponent {them})",
    "one_joker": "each player may play only one joker; the second stays in hand",
    "full": Plural("your side of stone {stone} is full ({n} card)",
                   "your side of stone {stone} is full ({n} cards)"),
    "has_mode": "stone {stone} already has {card}",
    "pass": "you may pass only when you cannot play a clan card",
    "not_in_step": "{move} is not possible in the {phase} step",
    "ruse": "{move} is not possible: check the card, its stone and the destination",
    "not_legal": "{move} is not a legal move in the {phase} step",
    "not_st": "{move} is not a Schotten Totten move",
}
"""Why a move is refused (English message ids; see :class:`clanboard.core.Text`)."""


class SchottenState(State):
    """One Schotten Totten position (one round, or a match of several rounds)."""

    def __init__(self, game: Game, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, num_players, seed, options)
        self.tactics: bool = options["tactics"]
        self.expert: bool = options["expert"]
        self.rounds: int = options["rounds"]
        self.hand_limit = 7 if self.tactics else 6
        self.round = 1
        self.match_points = [0, 0]
        self.round_winners: list[int | None] = []
        self.first_player = 0
        self._reset_round(deal=False)

    # -- set-up ---------------------------------------------------------------------------

    def _reset_round(self, deal: bool = True) -> None:
        self.hands = [0, 0]
        self.sides: list[list[list[int]]] = [[[] for _ in range(STONES)] for _ in range(2)]
        self.completed_at = [[-1] * STONES, [-1] * STONES]
        self.owner = [-1] * STONES
        self.full = [0, 0]  # bitmask of stones where each side is complete (derived)
        self.strength = [[-1] * STONES, [-1] * STONES]  # cache of complete sides' strengths
        self.mud = 0  # bitmask of stones under Mud Fight
        self.blind = 0  # bitmask of stones under Blind-Man's Bluff
        self.seen = 0  # clan cards on the table or in the discard
        self.discard: list[int] = []
        self.tactics_played = [0, 0]
        self.jokers_played = [0, 0]
        # decks: a list in draw order (last = top); the first ``bottom[d]`` cards were put
        # under the deck by a Recruiter, in order, and are known to ``bottom_known`` seats
        self.decks: list[list[int]] = [[], []]
        self.bottom = [0, 0]
        self.bottom_by: list[list[int]] = [[], []]
        self.to_move = self.first_player
        self.phase = PLAY
        self.pending = -1  # deck awaiting a chance draw
        self.pending_for = -1
        self.deal_left = 0
        self.claims_first = False
        self.acted = False  # a card was played or a stone claimed this turn
        self.null_turns = 0
        self.ply = 0
        self.recruit_left = 0
        if deal:
            self._shuffle_and_deal()

    def _shuffle_and_deal(self) -> None:
        clan = list(range(CLAN_CARDS))
        playout.shuffle(self.rng, clan)  # rng.shuffle(clan), in C when built
        self.decks[CLAN_DECK] = clan
        if self.tactics:
            tactic = [c for c in range(CLAN_CARDS, 64)]
            self.rng.shuffle(tactic)
            self.decks[TACTIC_DECK] = tactic
        self.deal_left = 2 * self.hand_limit
        self._next_deal()

    def _next_deal(self) -> None:
        if self.deal_left:
            self.pending = CLAN_DECK
            # deal alternately, starting with the first player
            self.pending_for = self.first_player ^ (self.deal_left & 1)
        else:
            self._start_turn(self.first_player)

    # -- whose turn -----------------------------------------------------------------------

    def current_player(self) -> int:
        if self.pending >= 0:
            return CHANCE
        if self.phase == OVER:
            return TERMINAL
        return self.to_move

    def random_playout(self, rng: Rng) -> int:
        """The generic random playout; without tactic cards in play it runs in the compiled
        kernel (``_playout.c``, when built), which makes the same moves from the same
        generators and writes back the same final position and history."""
        if not self.tactics:
            moves = playout.playout(self, rng)
            if moves >= 0:
                return moves
        return super().random_playout(rng)

    # -- stones -----------------------------------------------------------------------------

    def capacity(self, stone: int) -> int:
        return 4 if self.mud >> stone & 1 else 3

    def side_strength(self, player: int, stone: int) -> int:
        """Strength of a complete side, its elite troops at their best (cached)."""
        cached = self.strength[player][stone]
        if cached >= 0:
            return cached
        self.strength[player][stone] = value = self._side_strength(player, stone)
        return value

    def _side_strength(self, player: int, stone: int) -> int:
        cards = self.sides[player][stone]
        blind = bool(self.blind >> stone & 1)
        if len(cards) == 3 and not blind and cards[0] < CLAN_CARDS and cards[1] < CLAN_CARDS \
                and cards[2] < CLAN_CARDS and not self.mud >> stone & 1:
            return formations.TRIPLE_STRENGTH[(1 << cards[0]) | (1 << cards[1]) | (1 << cards[2])]
        concrete = [c for c in cards if c < CLAN_CARDS]
        wilds = [c for c in cards if c >= CLAN_CARDS]
        return formations.best_strength(concrete, wilds, 0, self.capacity(stone), blind)

    def can_claim(self, player: int, stone: int) -> bool:
        """Whether ``player`` may claim ``stone`` now: their side is complete and stronger,
        or the opponent provably cannot beat it with the cards still unseen (the
        claimer's own hand counts as unseen; unplayed tactic cards are ignored)."""
        if self.owner[stone] >= 0:
            return False
        size = self.capacity(stone)
        mine = self.sides[player][stone]
        if len(mine) < size:
            return False
        other = self.sides[1 - player][stone]
        strength = self.side_strength(player, stone)
        if len(other) == size:
            theirs = self.side_strength(1 - player, stone)
            if strength != theirs:
                return strength > theirs
            return self.completed_at[player][stone] < self.completed_at[1 - player][stone]
        pool = ALL_CLAN & ~self.seen
        blind = bool(self.blind >> stone & 1)
        if size == 3 and not blind and all(c < CLAN_CARDS for c in other):
            mask = 0
            for c in other:
                mask |= 1 << c
            return not formations.can_beat_plain(mask, pool, strength)
        concrete = [c for c in other if c < CLAN_CARDS]
        wilds = [c for c in other if c >= CLAN_CARDS]
        return formations.best_strength(concrete, wilds, pool, size, blind) <= strength

    def claimable(self, player: int) -> list[int]:
        """The stones ``player`` may claim now, ascending."""
        out = []
        full = self.full[player]
        while full:
            low = full & -full
            full ^= low
            s = low.bit_length() - 1
            if self.owner[s] < 0 and self.can_claim(player, s):
                out.append(s)
        return out

    def recount_full(self) -> None:
        self.full = [
            sum(1 << s for s in range(STONES) if len(self.sides[p][s]) == self.capacity(s))
            for p in (0, 1)
        ]

    # -- legal moves --------------------------------------------------------------------------

    def legal_moves(self, player: int | None = None) -> list[Move]:
        if self.pending >= 0:
            return [o for o, _ in self.chance_outcomes()] if player in (None, CHANCE) else []
        p = self.to_move
        if self.phase == OVER or (player is not None and player != p):
            return []
        phase = self.phase
        if phase == PLAY:
            return self._play_moves(p)
        if phase == CLAIM:
            moves: list[Move] = [CLAIMS[s] for s in self.claimable(p)]
            moves.append(DONE)
            return moves
        if phase in (DRAW, RECRUIT_DRAW):
            return [DRAWS[d] for d in (CLAN_DECK, TACTIC_DECK) if self.decks[d]]
        # RECRUIT_RETURN
        hand = self.hands[p]
        if hand & JOKER_MASK == JOKER_MASK:
            hand &= ~(1 << JOKER_B)
        return [Return(c) for c in bits(hand)]

    def free_stones(self, p: int) -> list[int]:
        """Unclaimed stones where ``p``'s side has room."""
        owner = self.owner
        sides_p = self.sides[p]
        mud = self.mud
        return [s for s in range(STONES)
                if owner[s] < 0 and len(sides_p[s]) < (4 if mud >> s & 1 else 3)]

    def _play_moves(self, p: int) -> list[Move]:
        free = self.free_stones(p)
        hand = self.hands[p]
        moves: list[Move] = []
        clan = hand & ALL_CLAN
        if clan and free:
            pick = itemgetter(*free)
            while clan:
                low = clan & -clan
                clan ^= low
                row = PLAYS[low.bit_length() - 1]
                if len(free) == 1:
                    moves.append(row[free[0]])
                else:
                    moves += pick(row)
        if not moves:
            moves.append(PASS)
        if self.tactics and hand & ALL_TACTICS and \
                self.tactics_played[p] <= self.tactics_played[1 - p]:
            moves += self._tactic_moves(p, hand, free)
        return moves

    def _tactic_moves(self, p: int, hand: int, free: list[int]) -> list[Move]:
        moves: list[Move] = []
        open_stones = [s for s in range(STONES) if self.owner[s] < 0]
        for card in bits(hand & ALL_TACTICS):
            if card in JOKERS:
                if self.jokers_played[p] or (card == JOKER_B and hand >> JOKER_A & 1):
                    continue
                moves += [PLAYS[card][s] for s in free]
            elif card in ELITE_TROOPS:
                moves += [PLAYS[card][s] for s in free]
            elif card == MUD:
                moves += [PLAYS[card][s] for s in open_stones if not self.mud >> s & 1]
            elif card == BLIND:
                moves += [PLAYS[card][s] for s in open_stones if not self.blind >> s & 1]
            elif card == RECRUITER:
                moves.append(RECRUIT)
            elif card == STRATEGIST:
                for s in open_stones:
                    for c in distinct(self.sides[p][s]):
                        moves += [ruse(STRATEGIST, c, s, d) for d in free if d != s]
                        moves.append(ruse(STRATEGIST, c, s, -1))
            elif card == BANSHEE:
                for s in open_stones:
                    moves += [ruse(BANSHEE, c, s) for c in distinct(self.sides[1 - p][s])]
            elif card == TRAITOR:
                for s in open_stones:
                    for c in self.sides[1 - p][s]:
                        if c < CLAN_CARDS:
                            moves += [ruse(TRAITOR, c, s, d) for d in free]
        return moves

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        if self.pending < 0:
            return []
        deck = self.decks[self.pending]
        shuffled = deck[self.bottom[self.pending]:]
        if not shuffled:
            return [(DEALS[deck[-1]], 1.0)]
        counts: dict[int, int] = {}
        for c in shuffled:  # the two jokers are one outcome (the lower id) of double weight
            key = JOKER_A if c == JOKER_B else c
            counts[key] = counts.get(key, 0) + 1
        return [(DEALS[c], n / len(shuffled)) for c, n in sorted(counts.items())]

    def sample_chance(self, rng: Rng) -> Move:
        # the deck list is already shuffled from the seed: the top card is the draw
        top = self.decks[self.pending][-1]
        if top == JOKER_B and len(self.decks[self.pending]) > self.bottom[self.pending]:
            top = JOKER_A  # the name chance_outcomes() uses for either joker
        return DEALS[top]

    def resolve_chance(self) -> None:
        """As :meth:`State.resolve_chance`, without building a move per draw: the outcome
        :meth:`sample_chance` names is the top card of the deck, which :meth:`_deal` takes."""
        while self.pending >= 0:
            self._deal(self.decks[self.pending][-1])

    # -- notation -------------------------------------------------------------------------------

    def parse_move(self, text: str, player: int | None = None) -> Move:
        p = self.to_move if player is None or player < 0 else player
        pick = {}
        if self.pending >= 0:
            deck = self.decks[self.pending]
            jokers = [c for c in deck if c in JOKERS]
        else:
            jokers = [c for c in JOKERS if self.hands[p] >> c & 1]
        if jokers:
            pick["joker"] = JOKER_A if self.pending >= 0 else jokers[0]
        try:
            move = parse(text, pick)
        except NotationError as exc:
            raise IllegalMove(exc.args[0], [str(m) for m in self.legal_moves(player)]) from None
        if "joker" in text.lower():  # two jokers share a name: take the one the move means
            wanted = str(move)
            for m in self.legal_moves(player):
                if str(m) == wanted:
                    return m
        return move

    def explain_illegal(self, move: Move, player: int) -> str:
        p = player
        phase = Text(PHASE_NAMES[self.phase])
        e = ERRORS
        if isinstance(move, Deal):
            return say(e, "deal", move=str(move))
        if isinstance(move, Claim):
            if self.phase not in (CLAIM,):
                return say(e, "claim_step", phase=phase)
            s = move.stone
            if self.owner[s] >= 0:
                return say(e, "claimed", stone=s + 1)
            if len(self.sides[p][s]) < self.capacity(s):
                return say(e, "claim_cards", stone=s + 1, n=self.capacity(s))
            return say(e, "claim_unproven", stone=s + 1)
        if isinstance(move, Play):
            if self.phase != PLAY:
                return say(e, "play_step", phase=phase)
            c, s = move.card, move.stone
            if not self.hands[p] >> c & 1:
                return say(e, "not_in_hand", card=card_name(c))
            if self.owner[s] >= 0:
                return say(e, "claimed", stone=s + 1)
            if c >= CLAN_CARDS and not self.tactics:
                return say(e, "no_tactics")
            if c >= CLAN_CARDS and self.tactics_played[p] > self.tactics_played[1 - p]:
                return say(e, "tactic_limit", you=self.tactics_played[p],
                           them=self.tactics_played[1 - p])
            if c in JOKERS and self.jokers_played[p]:
                return say(e, "one_joker")
            if c not in COMBAT_MODES and len(self.sides[p][s]) >= self.capacity(s):
                return say(e, "full", stone=s + 1, n=self.capacity(s))
            if c in COMBAT_MODES:
                return say(e, "has_mode", stone=s + 1, card=card_name(c))
        if move == PASS:
            return say(e, "pass")
        if isinstance(move, (Draw, Return)) or move == DONE:
            return say(e, "not_in_step", move=str(move), phase=phase)
        if isinstance(move, Ruse):
            return say(e, "ruse", move=str(move))
        return say(e, "not_legal", move=str(move), phase=phase)

    # -- applying moves ---------------------------------------------------------------------------

    def _apply(self, move: Move, player: int) -> None:
        if player == CHANCE:
            self._deal(move.card)  # type: ignore[attr-defined]
            return
        p = self.to_move
        cls = type(move)
        if cls is Play:
            self._play(p, move.card, move.stone)  # type: ignore[attr-defined]
        elif cls is Claim:
            self._claim(p, move.stone)  # type: ignore[attr-defined]
        elif move == DONE:
            self._after_claims()
        elif move == PASS:
            self._after_play()
        elif cls is Draw:
            self.pending, self.pending_for = move.deck, p  # type: ignore[attr-defined]
        elif move == RECRUIT:
            self._use_tactic(p, RECRUITER)
            self.discard.append(RECRUITER)
            self.recruit_left = 3
            self._recruit_step()
        elif cls is Return:
            self._return(p, move.card)  # type: ignore[attr-defined]
        elif cls is Ruse:
            self._ruse(p, move)  # type: ignore[arg-type]
        else:
            raise IllegalMove(say(ERRORS, "not_st", move=str(move)))

    def _deal(self, card: int) -> None:
        d = self.pending
        deck = self.decks[d]
        if deck[-1] == card or (card in JOKERS and deck[-1] in JOKERS):
            card = deck.pop()
        elif card == JOKER_A and JOKER_A not in deck:
            deck.remove(JOKER_B)  # either joker: the outcome names the pair
            card = JOKER_B
        else:  # an explicit chance outcome other than the top card
            deck.remove(card)
        if len(deck) < self.bottom[d]:
            self.bottom[d] -= 1
            self.bottom_by[d].pop()
        self.hands[self.pending_for] |= 1 << card
        self.pending = -1
        if self.deal_left:
            self.deal_left -= 1
            self._next_deal()
        elif self.phase == RECRUIT_DRAW:
            self.recruit_left -= 1
            self._recruit_step()
        else:
            self._end_turn()

    def _use_tactic(self, p: int, card: int) -> None:
        self.hands[p] &= ~(1 << card)
        self.tactics_played[p] += 1
        self.acted = True

    def _play(self, p: int, card: int, stone: int) -> None:
        self.acted = True
        if card >= CLAN_CARDS:
            self.tactics_played[p] += 1
            if card in (MUD, BLIND):
                self.hands[p] &= ~(1 << card)
                if card == MUD:
                    self.mud |= 1 << stone
                    self.completed_at[0][stone] = self.completed_at[1][stone] = -1
                    self.full[0] &= ~(1 << stone)
                    self.full[1] &= ~(1 << stone)
                else:
                    self.blind |= 1 << stone
                self.strength[0][stone] = self.strength[1][stone] = -1
                self._after_play()
                return
            if card in JOKERS:
                self.jokers_played[p] += 1
        self.hands[p] &= ~(1 << card)
        self._place(p, card, stone)
        self._after_play()

    def _place(self, p: int, card: int, stone: int) -> None:
        side = self.sides[p][stone]
        side.append(card)
        self.strength[p][stone] = -1
        if card < CLAN_CARDS:
            self.seen |= 1 << card
        self.ply += 1
        if len(side) == (4 if self.mud >> stone & 1 else 3):
            self.completed_at[p][stone] = self.ply
            self.full[p] |= 1 << stone

    def _remove(self, p: int, card: int, stone: int) -> None:
        self.sides[p][stone].remove(card)
        self.completed_at[p][stone] = -1
        self.full[p] &= ~(1 << stone)
        self.strength[p][stone] = -1

    def _after_play(self) -> None:
        p = self.to_move
        if not self.expert and self.claimable(p):
            self.phase = CLAIM
            self.claims_first = False
        else:
            self._draw_step()

    def _claim(self, p: int, stone: int) -> None:
        self.owner[stone] = p
        self.acted = True
        mine = sum(1 for o in self.owner if o == p)
        if mine >= 5 or has_three_adjacent(self.owner, p):
            self._end_round(p)
        elif not self.claimable(p):
            self._after_claims()

    def _after_claims(self) -> None:
        if self.claims_first:
            self.claims_first = False
            self.phase = PLAY
        else:
            self._draw_step()

    def _draw_step(self) -> None:
        p = self.to_move
        if self.hands[p].bit_count() >= self.hand_limit:
            self._end_turn()
            return
        decks = [d for d in (CLAN_DECK, TACTIC_DECK) if self.decks[d]]
        if not decks:
            self._end_turn()
        elif len(decks) == 2:
            self.phase = DRAW
        else:
            self.pending, self.pending_for = decks[0], p

    def _end_turn(self) -> None:
        self.null_turns = 0 if self.acted else self.null_turns + 1
        if self.null_turns >= 2 and not self.claimable(0) and not self.claimable(1):
            # neither player can make progress: not covered by the rulebook (see docs)
            mine, theirs = (sum(1 for o in self.owner if o == q) for q in (0, 1))
            self._end_round(None if mine == theirs else (0 if mine > theirs else 1))
            return
        self._start_turn(1 - self.to_move)

    def _start_turn(self, p: int) -> None:
        self.to_move = p
        self.acted = False
        self.phase = PLAY
        if self.expert and self.claimable(p):
            self.phase = CLAIM
            self.claims_first = True

    def _recruit_step(self) -> None:
        p = self.to_move
        available = [d for d in (CLAN_DECK, TACTIC_DECK) if self.decks[d]]
        if self.recruit_left and available:
            if len(available) == 2:
                self.phase = RECRUIT_DRAW
            else:
                self.phase = RECRUIT_DRAW
                self.pending, self.pending_for = available[0], p
            return
        self.recruit_left = 2 if self.hands[p] else 0
        self.phase = RECRUIT_RETURN
        if not self.recruit_left:
            self._finish_recruit()

    def _return(self, p: int, card: int) -> None:
        self.hands[p] &= ~(1 << card)
        d = CLAN_DECK if card < CLAN_CARDS else TACTIC_DECK
        self.decks[d].insert(0, card)
        self.bottom[d] += 1
        self.bottom_by[d].insert(0, p)
        self.recruit_left -= 1
        if not self.recruit_left or not self.hands[p]:
            self._finish_recruit()

    def _finish_recruit(self) -> None:
        self.recruit_left = 0
        self.phase = PLAY
        self._after_play()

    def _ruse(self, p: int, move: Ruse) -> None:
        self._use_tactic(p, move.tactic)
        self.discard.append(move.tactic)
        if move.tactic == STRATEGIST:
            self._remove(p, move.card, move.src)
            if move.dst < 0:
                self.discard.append(move.card)
            else:
                self._place(p, move.card, move.dst)
        elif move.tactic == BANSHEE:
            self._remove(1 - p, move.card, move.src)
            self.discard.append(move.card)
        else:  # TRAITOR
            self._remove(1 - p, move.card, move.src)
            self._place(p, move.card, move.dst)
        self._after_play()

    def _end_round(self, winner: int | None) -> None:
        self.round_winners.append(winner)
        for q in (0, 1):
            held = sum(1 for o in self.owner if o == q)
            self.match_points[q] += 5 if q == winner else held
        if self.round < self.rounds:
            self.round += 1
            self.first_player = 1 - self.first_player
            self._reset_round()
        else:
            self.phase = OVER

    # -- outcome ----------------------------------------------------------------------------------

    def scores(self) -> list[float]:
        if self.rounds > 1:
            return [float(x) for x in self.match_points]
        return [float(sum(1 for o in self.owner if o == q)) for q in (0, 1)]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        if self.rounds == 1:
            w = self.round_winners[-1]
            return [0, 1] if w is None else [w]
        a, b = self.match_points
        return [0, 1] if a == b else [0 if a > b else 1]

    def returns(self) -> list[float]:
        w = self.winners()
        if len(w) != 1:
            return [0.0, 0.0]
        return [1.0, -1.0] if w[0] == 0 else [-1.0, 1.0]

    # -- information -------------------------------------------------------------------------------

    def observation(self, player: int | None) -> dict[str, Any]:
        hand_tactics = [(h & ALL_TACTICS).bit_count() for h in self.hands]
        claimable: list[int] = []
        if self.phase == CLAIM and self.pending < 0:
            claimable = [s + 1 for s in self.claimable(self.to_move)]
        obs: dict[str, Any] = {
            "game": "schotten-totten",
            "options": dict(self.options),
            "round": self.round,
            "match_points": list(self.match_points),
            "viewer": player,
            "to_move": self.current_player() if self.pending < 0 else self.pending_for,
            "phase": PHASE_NAMES[self.phase],
            "hand": _names_sorted(self.hands[player]) if player is not None else None,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "hand_tactics": hand_tactics,
            "deck": {"clan": len(self.decks[CLAN_DECK]), "tactic": len(self.decks[TACTIC_DECK])},
            "stones": [
                {
                    "stone": s + 1,
                    "owner": self.owner[s] if self.owner[s] >= 0 else None,
                    "modes": [n for n, m in (("mud", self.mud), ("blind", self.blind))
                              if m >> s & 1],
                    "sides": [[card_name(c) for c in self.sides[q][s]] for q in (0, 1)],
                    "first_complete": self._first_complete(s),
                }
                for s in range(STONES)
            ],
            "discard": [card_name(c) for c in self.discard],
            "tactics_played": list(self.tactics_played),
            "claimable": claimable,
            "winners": self.winners(),
            "scores": self.scores(),
        }
        if player is not None:
            # cards this player put under the decks (Recruiter), bottom-most first
            obs["known_bottom"] = {
                name: [card_name(c) for c, by in zip(self.decks[d], self.bottom_by[d],
                                                     strict=False) if by == player]
                for d, name in ((CLAN_DECK, "clan"), (TACTIC_DECK, "tactic"))
            }
        return obs

    def public_viewers(self, move: Move, player: int) -> list[int]:
        """Every move is played in the open except the cards a Recruiter puts back."""
        return [player] if isinstance(move, Return) else [-1, 0, 1]

    def take_back_words(self) -> Mapping[str, str]:
        return DESCRIBE_WORDS

    def describe_move(self, move: Move, player: int, viewer: int | None,
                      names: Sequence[str] | None = None, lang: str = "en") -> str:
        return describe_move(self, move, player, viewer, names, lang)

    def result_explanation(self, viewer: int | None, names: Sequence[str] | None = None,
                           lang: str = "en") -> dict[str, Any] | None:
        return result_explanation(self, viewer, names, lang) if self.phase == OVER else None

    def explain(self, topic: str, viewer: int | None, params: Mapping[str, Any],
                names: Sequence[str] | None = None, lang: str = "en") -> dict[str, Any]:
        """``"claim"``: may ``params["player"]`` (default: ``viewer``) claim stone
        ``params["stone"]`` (1-9) now, and why (see :mod:`.claims`)."""
        if topic != "claim":
            raise InvalidState(f"Schotten Totten explains only 'claim', not {topic!r}")
        player = params.get("player", viewer)
        stone = params.get("stone")
        if player not in (0, 1):
            raise InvalidState("say whose claim to explain: player 0 or 1")
        if not isinstance(stone, int) or not 1 <= stone <= STONES:
            raise InvalidState(f"stone must be 1-{STONES}, not {stone!r}")
        return explain_claim(self, player, stone - 1, names, lang)

    def _first_complete(self, stone: int) -> int | None:
        a, b = self.completed_at[0][stone], self.completed_at[1][stone]
        if a < 0 and b < 0:
            return None
        if a < 0 or b < 0:
            return 0 if b < 0 else 1
        return 0 if a < b else 1

    def determinize(self, player: int, rng: Rng) -> State:
        """Re-deal the opponent's hand and the unknown deck cards at random, keeping the
        number of tactic cards in the opponent's hand (public: draws are seen) and the
        cards this player put under the decks."""
        clone = self.clone()
        assert isinstance(clone, SchottenState)
        other = 1 - player
        for d, in_hand_mask in ((CLAN_DECK, ALL_CLAN), (TACTIC_DECK, ALL_TACTICS)):
            deck = clone.decks[d]
            known = [i for i, by in enumerate(clone.bottom_by[d]) if by == player]
            pool = [c for i, c in enumerate(deck) if i not in known]
            pool += bits(clone.hands[other] & in_hand_mask)
            pool.sort()  # a fixed order: the sample must not depend on the hidden one
            playout.shuffle(rng, pool)  # rng.shuffle(pool), in C when built
            n_hand = (clone.hands[other] & in_hand_mask).bit_count()
            clone.hands[other] &= ~in_hand_mask
            for c in pool[:n_hand]:
                clone.hands[other] |= 1 << c
            rest = pool[n_hand:]
            new_deck = []
            for i in range(len(deck)):
                new_deck.append(deck[i] if i in known else rest.pop())
            clone.decks[d] = new_deck
        clone.rng = rng.fork()
        return clone

    def clone(self) -> SchottenState:
        # attribute by attribute (not a __dict__ copy): the class may be compiled (setup.py)
        new = SchottenState(self.game, self.num_players, self.seed, self.options)
        new.auto_chance = self.auto_chance
        new.round = self.round
        new.first_player = self.first_player
        new.mud = self.mud
        new.blind = self.blind
        new.seen = self.seen
        new.to_move = self.to_move
        new.phase = self.phase
        new.pending = self.pending
        new.pending_for = self.pending_for
        new.deal_left = self.deal_left
        new.claims_first = self.claims_first
        new.acted = self.acted
        new.null_turns = self.null_turns
        new.ply = self.ply
        new.recruit_left = self.recruit_left
        new.hands = self.hands[:]
        new.sides = [[side[:] for side in row] for row in self.sides]
        new.completed_at = [self.completed_at[0][:], self.completed_at[1][:]]
        new.owner = self.owner[:]
        new.full = self.full[:]
        new.strength = [self.strength[0][:], self.strength[1][:]]
        new.discard = self.discard[:]
        new.tactics_played = self.tactics_played[:]
        new.jokers_played = self.jokers_played[:]
        new.decks = [self.decks[0][:], self.decks[1][:]]
        new.bottom = self.bottom[:]
        new.bottom_by = [self.bottom_by[0][:], self.bottom_by[1][:]]
        new.match_points = self.match_points[:]
        new.round_winners = self.round_winners[:]
        new.history = self.history[:]
        new.rng = self.rng.copy()
        return new

    def move_to_action(self, move: Move) -> int:
        return move_to_action(move)

    def action_to_move(self, action: int) -> Move:
        return action_to_move(  # type: ignore[return-value]
            action, chance=self.pending >= 0, state=self)

    def observation_tensor(self, player: int) -> list[float]:
        return observation_tensor(self, player)

    def render(self, player: int | None = None, *, lang: str = "en") -> str:
        return render(self, player, lang)

    # -- JSON ------------------------------------------------------------------------------------

    def _to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {f: getattr(self, f) for f in JSON_FIELDS}
        data["round_winners"] = self.round_winners
        data["hands"] = [_names_sorted(h) for h in self.hands]
        data["sides"] = [[[card_name(c) for c in side] for side in row] for row in self.sides]
        data["decks"] = [[card_name(c) for c in deck] for deck in self.decks]
        data["discard"] = [card_name(c) for c in self.discard]
        return data

    def _parse_history(self, player: int, text: str) -> Move:
        return _Recorded(text)


class _Recorded(Word):
    """A past move restored from JSON (kept as its notation)."""


def _names_sorted(mask: int) -> list[str]:
    return [card_name(c) for c in bits(mask)]
