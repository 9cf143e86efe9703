"""Integer actions and the fixed-size observation tensor (for RL adapters).

Actions: ``Play(card, stone)`` is ``card * 9 + stone`` (0-575); claims 576-584; done,
pass, recruiter, draw clan, draw tactic 585-589; ``Return(card)`` 590-653; Strategist
``654 + card*90 + src*10 + dst+1``; Banshee ``6414 + card*9 + src``; Traitor
``6990 + card*81 + src*9 + dst``: 11,364 ids with tactic cards. Without them only the first
590 (plays, claims, the words) can be legal, and the game has those 590 ids. Chance
outcomes ``Deal(card)`` are ``card`` (0-63). Either joker has the card id of the first
(54), as in the notation and the JSON.
"""

from __future__ import annotations

from array import array
from itertools import compress, repeat
from operator import itemgetter, ne
from typing import TYPE_CHECKING, Any

from clanboard.core import Move
from clanboard.games.schotten_totten.cards import (
    ALL_CLAN,
    ALL_TACTICS,
    BANSHEE,
    BLIND,
    CLAN_CARDS,
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
)
from clanboard.games.schotten_totten.constants import (
    CLAIM,
    DRAW,
    PLAY,
    RECRUIT_DRAW,
    RECRUIT_RETURN,
    distinct,
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
    Play,
    Return,
    Ruse,
    ruse,
)

if TYPE_CHECKING:
    from clanboard.games.schotten_totten.state import SchottenState

_CLAIM0, _WORD0, _RETURN0, _STRAT0, _BANSHEE0, _TRAITOR0 = 576, 585, 590, 654, 6414, 6990
NUM_ACTIONS = _TRAITOR0 + 54 * 81
#: the ids of the variants without tactic cards: returns and ruses need tactic cards
BASE_ACTIONS = _RETURN0
_WORDS = (DONE, PASS, RECRUIT, DRAWS[0], DRAWS[1])


def move_to_action(move: object) -> int:
    """The move's id. The two jokers are one card to the rules and the notation, so a move
    with either joker has the id of the first (a legal move list never holds both)."""
    if isinstance(move, Play):
        return _card(move.card) * 9 + move.stone
    if isinstance(move, Claim):
        return _CLAIM0 + move.stone
    if isinstance(move, Deal):
        return move.card
    if isinstance(move, Return):
        return _RETURN0 + _card(move.card)
    if isinstance(move, Ruse):
        card = _card(move.card)
        if move.tactic == STRATEGIST:
            return _STRAT0 + card * 90 + move.src * 10 + move.dst + 1
        if move.tactic == BANSHEE:
            return _BANSHEE0 + card * 9 + move.src
        return _TRAITOR0 + card * 81 + move.src * 9 + move.dst
    if isinstance(move, Draw) or move in _WORDS:
        return _WORD0 + _WORDS.index(move)  # type: ignore[arg-type]
    raise ValueError(f"not a Schotten Totten move: {move!r}")


def _card(card: int) -> int:
    return JOKER_A if card == JOKER_B else card


def num_actions(tactics: bool) -> int:
    """How many action ids a variant has (with or without tactic cards)."""
    return NUM_ACTIONS if tactics else BASE_ACTIONS


def action_to_move(action: int, chance: bool = False,
                   state: SchottenState | None = None) -> object:
    """The move of an id; with ``state``, a joker id names the joker the player holds (in
    hand, or on the stone side the ruse acts on), and an id beyond its variant's is refused."""
    move = _decode(action, chance, NUM_ACTIONS if state is None else num_actions(state.tactics))
    if state is None or chance:
        return move
    p = state.to_move
    if isinstance(move, (Play, Return)) and move.card == JOKER_A:
        hand = state.hands[p]
        if not hand >> JOKER_A & 1 and hand >> JOKER_B & 1:
            return PLAYS[JOKER_B][move.stone] if isinstance(move, Play) else Return(JOKER_B)
    if isinstance(move, Ruse) and move.card == JOKER_A:
        side = state.sides[p if move.tactic == STRATEGIST else 1 - p][move.src]
        if JOKER_A not in side and JOKER_B in side:
            return ruse(move.tactic, JOKER_B, move.src, move.dst)
    return move


def _decode(action: int, chance: bool, limit: int) -> object:
    if chance:
        return Deal(action)
    if not 0 <= action < limit:
        raise ValueError(f"action {action} is outside 0..{limit - 1}")
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
        return ruse(STRATEGIST, a // 90, a % 90 // 10, a % 10 - 1)
    if action < _TRAITOR0:
        a = action - _BANSHEE0
        return ruse(BANSHEE, a // 9, a % 9)
    a = action - _TRAITOR0
    return ruse(TRAITOR, a // 81, a % 81 // 9, a % 9)


# one-hot cards: own hand, each side of each stone (viewer's side first), discard
OBSERVATION_SIZE = 64 + 9 * 2 * 64 + 64 + 9 * 3 + 9 * 2 + 9 * 2 + 6 + 8


#: the most cards a hand can hold: 6 clan cards, 7 with the tactic cards (rules: set-up and
#: "Тактичний варіант"), and under the Recruiter, played from a full hand, 3 more drawn
#: before 2 go back ("Вербувальник"): 7 - 1 + 3
MAX_HAND = (6, 9)


def observation_tensor_bounds(tactics: bool) -> tuple[list[float], list[float]]:
    """``(low, high)``: each item of :func:`observation_tensor` lies between them: in
    [0, 1] but the opponent's hand size (``cards / 7``), up to ``MAX_HAND / 7``."""
    high = [1.0] * OBSERVATION_SIZE
    high[_PHASE0 + 6 + 1] = MAX_HAND[tactics] / 7
    return [0.0] * OBSERVATION_SIZE, high


def observation_tensor(state: SchottenState, player: int) -> list[float]:
    """The viewer-relative encoding of ``state.observation(player)``.

    The two jokers are one card to the rules and the notation, so they are one card here
    too: a group of cards holding k jokers sets the first k joker items (54, 55) whichever
    joker ids it holds."""
    out = [0.0] * OBSERVATION_SIZE
    _write_reference(state, player, out)
    return out


def _write_reference(state: SchottenState, player: int, out: Any) -> None:
    """The straightforward encoder (the reference the fast writer is tested against)."""
    hand = state.hands[player]
    jokers = (hand & JOKER_MASK).bit_count()
    for c in bits(hand & ~JOKER_MASK):
        out[c] = 1.0
    for k in range(jokers):
        out[JOKER_A + k] = 1.0
    base = 64
    other = 1 - player
    sides = state.sides
    for s in range(9):
        for q in (player, other):
            side = sides[q][s]
            if side:
                _cards(out, base, side)
            base += 64
    _cards(out, base, state.discard)
    base += 64
    owner = state.owner
    for s in range(9):
        o = owner[s]
        out[base + (0 if o == player else 1 if o == other else 2)] = 1.0
        base += 3
    mud, blind = state.mud, state.blind
    for s in range(9):
        if mud >> s & 1:
            out[base] = 1.0
        if blind >> s & 1:
            out[base + 1] = 1.0
        base += 2
    for s in range(9):
        first = state._first_complete(s)
        if first is not None:
            out[base + (0 if first == player else 1)] = 1.0
        base += 2
    out[base + state.phase] = 1.0
    base += 6
    tail = (
        float(state.current_player() == player),
        state.hands[other].bit_count() / 7,
        (state.hands[other] & ALL_TACTICS).bit_count() / 10,
        len(state.decks[0]) / 54,
        len(state.decks[1]) / 10,
        state.tactics_played[player] / 10,
        state.tactics_played[other] / 10,
        state.round / max(1, state.rounds),
    )
    for i, v in enumerate(tail):
        if v:
            out[base + i] = v


_OWNER0 = 64 + 9 * 2 * 64 + 64  # where the stone owners start
_MUD0 = _OWNER0 + 9 * 3
_FIRST0 = _MUD0 + 9 * 2
_PHASE0 = _FIRST0 + 9 * 2
#: per viewer, indexed by a stone's owner (0, 1, or -1 for none): its item among the three
_OWNER_ITEM = ((0, 1, 2), (1, 0, 2))


def write_observation_tensor(state: SchottenState, player: int, out: Any) -> None:
    """Write :func:`observation_tensor` into ``out`` (zero-filled, item assignment): the
    same items as the reference, in one pass over the stones and without calls per side."""
    _write_hand(out, state.hands[player])
    other = 1 - player
    sides = state.sides
    for start, row in ((64, sides[player]), (128, sides[other])):
        base = start
        if state.tactics:  # jokers only come with the tactic cards
            for side in row:
                if side:
                    for c in side:
                        out[base + c] = 1.0
                    if JOKER_B in side and JOKER_A not in side:  # one joker is item 54
                        out[base + JOKER_B] = 0.0
                        out[base + JOKER_A] = 1.0
                base += 128
        else:
            for side in row:
                for c in side:
                    out[base + c] = 1.0
                base += 128
    discard = state.discard
    if discard:
        _cards(out, _DISCARD0, discard)
    _write_tail(state, player, out)


_DISCARD0 = 64 + 9 * 128
_BLOCK_ZEROS = array("f", bytes(4 * 64))  # one group of cards (a hand, a side, the discard)


def update_observation_tensor(state: SchottenState, player: int, out: Any,
                              memo: dict[Any, Any]) -> None:
    """``Game.update_observation_tensor``: only what differs from what ``memo`` says
    ``out`` holds is rewritten: the hand's changed cards, the changed sides, the discard,
    the changed stone owners and first completions, the combat modes, the phase; the
    8 counts always."""
    if not memo:
        memo.update(hand=0, rows=[[[] for _ in range(9)] for _ in range(2)], discard=[],
                    owner=None, done=None, modes=(0, 0), phase=None)
    hand = state.hands[player]
    old = memo["hand"]
    if hand != old:
        if (hand | old) & JOKER_MASK:  # the joker items count jokers: write it all
            out[0:64] = _BLOCK_ZEROS
            _write_hand(out, hand)
        else:
            diff = hand ^ old
            while diff:
                low = diff & -diff
                diff ^= low
                out[low.bit_length() - 1] = 1.0 if hand & low else 0.0
        memo["hand"] = hand
    sides = state.sides
    rows = memo["rows"]
    tactics = state.tactics
    row = sides[player]
    if row != rows[0]:  # lists compared in C: most steps change one side at most
        _update_row(out, 64, row, rows[0], tactics)
    row = sides[1 - player]
    if row != rows[1]:
        _update_row(out, 128, row, rows[1], tactics)
    discard = state.discard
    if discard != memo["discard"]:
        out[_DISCARD0:_DISCARD0 + 64] = _BLOCK_ZEROS
        _cards(out, _DISCARD0, discard)
        memo["discard"] = discard[:]
    _update_board(state, player, out, memo)
    phase = memo["phase"]
    if state.phase != phase:
        if phase is not None:
            out[_PHASE0 + phase] = 0.0
        out[_PHASE0 + state.phase] = 1.0
        memo["phase"] = state.phase
    _write_count_items(state, player, out)


def _update_row(out: Any, start: int, row: list[list[int]], seen: list[list[int]],
                tactics: bool) -> None:
    """Rewrite the sides of ``row`` that differ from ``seen`` (then updated): a side that
    only grew gets its new cards (no jokers without the tactic cards), any other all."""
    for s in compress(range(9), map(ne, row, seen)):
        side = row[s]
        old = seen[s]
        base = start + 128 * s
        n = len(old)
        if not tactics and side[:n] == old:
            for c in side[n:]:
                out[base + c] = 1.0
        else:
            out[base:base + 64] = _BLOCK_ZEROS
            _cards(out, base, side)
        seen[s] = side[:]


def _update_board(state: SchottenState, player: int, out: Any, memo: dict[Any, Any]) -> None:
    """The owners, combat modes and first completions that differ from ``memo``'s."""
    owner = state.owner
    seen = memo["owner"]
    if owner != seen:
        rel = _OWNER_ITEM[player]
        for s in range(9):
            o = owner[s]
            if seen is None or o != seen[s]:
                at = _OWNER0 + 3 * s
                out[at] = out[at + 1] = out[at + 2] = 0.0
                out[at + rel[o]] = 1.0
        memo["owner"] = owner[:]
    modes = (state.mud, state.blind)
    if modes != memo["modes"]:
        mud, blind = modes
        for s in range(9):
            out[_MUD0 + 2 * s] = float(mud >> s & 1)
            out[_MUD0 + 2 * s + 1] = float(blind >> s & 1)
        memo["modes"] = modes
    done0, done1 = state.completed_at
    seen = memo["done"]
    if seen is None or done0 != seen[0] or done1 != seen[1]:
        for s in range(9):
            a, b = done0[s], done1[s]
            if seen is None or a != seen[0][s] or b != seen[1][s]:
                at = _FIRST0 + 2 * s
                out[at] = out[at + 1] = 0.0
                if a >= 0 or b >= 0:
                    first = 0 if b < 0 or 0 <= a < b else 1
                    out[at + (0 if first == player else 1)] = 1.0
        memo["done"] = (done0[:], done1[:])


def _write_count_items(state: SchottenState, player: int, out: Any) -> None:
    """The 8 count items after the phase (every item written, zeros too)."""
    other = 1 - player
    base = _PHASE0 + 6
    hands = state.hands
    opponent = hands[other]
    decks = state.decks
    played = state.tactics_played
    out[base] = 1.0 if state.current_player() == player else 0.0
    out[base + 1] = opponent.bit_count() / 7
    out[base + 2] = (opponent & ALL_TACTICS).bit_count() / 10
    out[base + 3] = len(decks[0]) / 54
    out[base + 4] = len(decks[1]) / 10
    out[base + 5] = played[player] / 10
    out[base + 6] = played[other] / 10
    out[base + 7] = state.round / max(1, state.rounds)


def _write_hand(out: Any, hand: int) -> None:
    jokers = hand & JOKER_MASK
    rest = hand ^ jokers
    while rest:
        low = rest & -rest
        out[low.bit_length() - 1] = 1.0
        rest ^= low
    if jokers:
        out[JOKER_A] = 1.0
        if jokers == JOKER_MASK:
            out[JOKER_B] = 1.0


def _write_tail(state: SchottenState, player: int, out: Any) -> None:
    """Owners, combat modes, first completions, phase and counts (zero-filled ``out``)."""
    _write_board(state, player, out)
    _write_counts(state, player, out)


def _write_board(state: SchottenState, player: int, out: Any) -> None:
    """Owners, combat modes and first completions (zero-filled ``out``)."""
    at = _OWNER0
    rel = _OWNER_ITEM[player]
    for o in state.owner:
        out[at + rel[o]] = 1.0
        at += 3
    mud, blind = state.mud, state.blind
    if mud or blind:
        for s in range(9):
            if mud >> s & 1:
                out[_MUD0 + 2 * s] = 1.0
            if blind >> s & 1:
                out[_MUD0 + 2 * s + 1] = 1.0
    done0, done1 = state.completed_at
    at = _FIRST0
    for a, b in zip(done0, done1, strict=True):
        if a >= 0 or b >= 0:
            first = 0 if b < 0 or 0 <= a < b else 1
            out[at + (0 if first == player else 1)] = 1.0
        at += 2


def _write_counts(state: SchottenState, player: int, out: Any) -> None:
    """The phase and the public counts (zero-filled ``out``)."""
    other = 1 - player
    out[_PHASE0 + state.phase] = 1.0
    base = _PHASE0 + 6
    if state.current_player() == player:
        out[base] = 1.0
    hands = state.hands
    opponent = hands[other]
    if opponent:
        out[base + 1] = opponent.bit_count() / 7
        if opponent & ALL_TACTICS:
            out[base + 2] = (opponent & ALL_TACTICS).bit_count() / 10
    decks = state.decks
    if decks[0]:
        out[base + 3] = len(decks[0]) / 54
    if decks[1]:
        out[base + 4] = len(decks[1]) / 10
    played = state.tactics_played
    if played[player]:
        out[base + 5] = played[player] / 10
    if played[other]:
        out[base + 6] = played[other] / 10
    if state.round:
        out[base + 7] = state.round / max(1, state.rounds)


def _cards(out: Any, base: int, cards: list[int]) -> None:
    jokers = 0
    for c in cards:
        if c in (JOKER_A, JOKER_B):
            out[base + JOKER_A + jokers] = 1.0
            jokers += 1
        else:
            out[base + c] = 1.0


# -- the adapters' fast paths (equal to the Game defaults; see Game.legal_actions) ----------

# the action id of each prebuilt move (plays, claims, words), by object identity: the
# tables keep these objects alive, so no other object can share their id()
_ACTION_BY_ID = {id(m): move_to_action(m)
                 for m in [*(m for row in PLAYS for m in row), *CLAIMS, *_WORDS]}


def legal_actions(state: SchottenState, player: int) -> dict[int, Move]:
    moves = state.legal_moves(player)
    try:  # all in C: no Python code runs per move
        return dict(zip(map(_ACTION_BY_ID.__getitem__, map(id, moves)), moves, strict=True))
    except KeyError:  # a move made on the fly (tactic cards)
        get = _ACTION_BY_ID.get
        return {a if (a := get(id(m))) is not None else move_to_action(m): m for m in moves}


#: per card, the ids of playing it on each stone (a joker's are the first joker's)
_PLAY_IDS = [[_card(c) * 9 + s for s in range(9)] for c in range(64)]
_PASS_ID = _WORD0 + _WORDS.index(PASS)
_DONE_ID = _WORD0 + _WORDS.index(DONE)
_RECRUIT_ID = _WORD0 + _WORDS.index(RECRUIT)
_DRAW_IDS = [_WORD0 + _WORDS.index(d) for d in DRAWS]


def legal_action_ids(state: SchottenState, player: int) -> list[int]:
    """``list(legal_actions(state, player))`` without the moves: the ids of
    ``state.legal_moves(player)``, in its order, listed directly (chance nodes and seats
    not to move through ``legal_actions``)."""
    phase = state.phase
    if state.pending >= 0 or player != state.to_move:
        return list(legal_actions(state, player))
    if phase == PLAY:
        hand = state.hands[player]
        free = state.free_stones(player)
        clan = hand & ALL_CLAN
        ids: list[int] = []
        if clan and free:
            if len(free) == 1:
                stone = free[0]
                while clan:
                    low = clan & -clan
                    clan ^= low
                    ids.append(_PLAY_IDS[low.bit_length() - 1][stone])
            else:
                pick = itemgetter(*free)
                while clan:
                    low = clan & -clan
                    clan ^= low
                    ids += pick(_PLAY_IDS[low.bit_length() - 1])
        else:
            ids.append(_PASS_ID)
        played = state.tactics_played
        if state.tactics and hand & ALL_TACTICS and played[player] <= played[1 - player]:
            _tactic_ids(state, player, hand, free, ids)
        return ids
    if phase == CLAIM:
        ids = [_CLAIM0 + s for s in state.claimable(player)]
        ids.append(_DONE_ID)
        return ids
    if phase in (DRAW, RECRUIT_DRAW):
        decks = state.decks
        return [_DRAW_IDS[d] for d in (CLAN_DECK, TACTIC_DECK) if decks[d]]
    if phase == RECRUIT_RETURN:
        hand = state.hands[player]
        if hand & JOKER_MASK == JOKER_MASK:
            hand ^= 1 << JOKER_B  # one joker: the two are one card
        return [_RETURN0 + _card(c) for c in bits(hand)]
    return list(legal_actions(state, player))


def _tactic_ids(state: SchottenState, p: int, hand: int, free: list[int],
                ids: list[int]) -> None:
    """Append the ids of ``state._tactic_moves(p, hand, free)``, in its order."""
    owner = state.owner
    open_stones = [s for s in range(9) if owner[s] < 0]
    sides = state.sides
    for card in bits(hand & ALL_TACTICS):
        if card in ELITE_TROOPS:  # played at a free stone, a joker unless one was played
            if card in JOKERS and (state.jokers_played[p] or
                                   (card == JOKER_B and hand >> JOKER_A & 1)):
                continue
            row = _PLAY_IDS[card]
            ids += [row[s] for s in free]
        elif card == MUD:
            mud = state.mud
            ids += [MUD * 9 + s for s in open_stones if not mud >> s & 1]
        elif card == BLIND:
            blind = state.blind
            ids += [BLIND * 9 + s for s in open_stones if not blind >> s & 1]
        elif card == RECRUITER:
            ids.append(_RECRUIT_ID)
        elif card == STRATEGIST:
            own = sides[p]
            for s in open_stones:
                for c in distinct(own[s]):
                    base = _STRAT0 + _card(c) * 90 + s * 10 + 1
                    ids += [base + d for d in free if d != s]
                    ids.append(base - 1)  # to the discard
        elif card == BANSHEE:
            theirs = sides[1 - p]
            for s in open_stones:
                ids += [_BANSHEE0 + _card(c) * 9 + s for c in distinct(theirs[s])]
        elif card == TRAITOR:
            theirs = sides[1 - p]
            for s in open_stones:
                for c in theirs[s]:
                    if c < CLAN_CARDS:
                        base = _TRAITOR0 + c * 81 + s * 9
                        ids += [base + d for d in free]


def legal_action_move(state: SchottenState, player: int, action: int) -> Move:
    """The legal move of id ``action`` (one of ``legal_action_ids(state, player)``)."""
    if action < _CLAIM0:
        card = action // 9
        if card == JOKER_A and not state.hands[player] >> JOKER_A & 1:
            card = JOKER_B  # the joker the player holds
        return PLAYS[card][action % 9]
    if action < _WORD0:
        return CLAIMS[action - _CLAIM0]
    if action < _RETURN0:
        return _WORDS[action - _WORD0]
    move = _decode(action, False, NUM_ACTIONS)
    if isinstance(move, Return):
        if move.card == JOKER_A and not state.hands[player] >> JOKER_A & 1:
            return Return(JOKER_B)
    elif isinstance(move, Ruse) and move.card == JOKER_A:
        # the legal move names the first joker on the side (state.legal_moves' order)
        side = state.sides[player if move.tactic == STRATEGIST else 1 - player][move.src]
        first = next(c for c in side if c in (JOKER_A, JOKER_B))
        if first != JOKER_A:
            return ruse(move.tactic, first, move.src, move.dst)
    return move


def chance_actions(state: SchottenState) -> list[tuple[int, Move, float]]:
    """As ``[(move_to_action(m), m, p) for m, p in state.chance_outcomes()]``."""
    if state.pending < 0:
        return []
    deck = state.decks[state.pending]
    shuffled = deck[state.bottom[state.pending]:]
    if not shuffled:
        return [(deck[-1], DEALS[deck[-1]], 1.0)]
    n = len(shuffled)
    if state.pending == 0:  # the clan deck: distinct cards, each 1/n (built in C)
        cards = sorted(shuffled)
        return list(zip(cards, map(DEALS.__getitem__, cards), repeat(1 / n)))
    counts: dict[int, int] = {}
    for c in shuffled:  # the two jokers are one outcome (the lower id), as in the state
        key = JOKER_A if c == JOKER_B else c
        counts[key] = counts.get(key, 0) + 1
    return [(c, DEALS[c], k / n) for c, k in sorted(counts.items())]


def chance_action_probs(state: SchottenState) -> list[tuple[int, float]]:
    """``[(a, p) for a, _, p in chance_actions(state)]`` without the outcomes."""
    if state.pending < 0:
        return []
    deck = state.decks[state.pending]
    shuffled = deck[state.bottom[state.pending]:]
    if not shuffled:
        return [(deck[-1], 1.0)]
    n = len(shuffled)
    if state.pending == 0:
        return list(zip(sorted(shuffled), repeat(1 / n)))
    return [(a, p) for a, _, p in chance_actions(state)]


def chance_action_move(state: SchottenState, action: int) -> Move:
    """The outcome of chance id ``action`` (one of :func:`chance_action_probs`')."""
    return DEALS[action]
