"""What a side could still make at a stone: the strongest formation it can complete
from a pool of clan cards. The heuristic player and the search hints build on it."""

from __future__ import annotations

import clanboard.games.schotten_totten.formations as formations
from clanboard.games.schotten_totten.cards import CLAN_CARDS, WILD_VALUES, value
from clanboard.games.schotten_totten.state import SchottenState


def card_mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def potential(state: SchottenState, player: int, stone: int, extra: int, pool: int) -> int:
    """The best formation ``player`` could still make at ``stone`` with the card ``extra``
    added (-1: none) and the rest from ``pool``; -1 if the pool cannot complete it."""
    side = state.sides[player][stone]
    return potential_of([*side, extra] if extra >= 0 else side, pool,
                        bool(state.mud >> stone & 1), bool(state.blind >> stone & 1))


def potential_of(cards: list[int], pool: int, mud: bool = False, blind: bool = False) -> int:
    """The best formation a side holding ``cards`` (clan cards and elite troops) could
    complete from ``pool``, at a stone under Mud Fight and/or Blind-Man's Bluff or not."""
    if len(cards) <= 3 and not (mud or blind):
        wild = -1
        mask = 0
        for c in cards:
            if c < CLAN_CARDS:
                mask |= 1 << c
            elif wild < 0:
                wild = c
            else:
                break  # two elite troops: the general solver
        else:
            if wild < 0:
                return formations.best_plain(mask, pool)  # the common case, by table
            return formations.best_plain_wild(mask, pool, wild)
    concrete = [c for c in cards if c < CLAN_CARDS]
    wilds = [c for c in cards if c >= CLAN_CARDS]
    return formations.best_strength(concrete, wilds, pool & ~card_mask(concrete),
                                    4 if mud else 3, blind)


def sum_potential(cards: list[int], pool: int, size: int) -> int:
    """The best side of ``size`` cards under Blind-Man's Bluff (only the sum counts):
    its cards, elite troops at their highest, the rest the highest in ``pool``."""
    total = sum(value(c) if c < CLAN_CARDS else WILD_VALUES[c][0] for c in cards)
    need = size - len(cards)
    v = 9
    while need > 0 and v > 0:
        n = min(need, (pool & _VALUE_CARDS[v]).bit_count())
        total += n * v
        need -= n
        v -= 1
    return total if need <= 0 else -1


_VALUE_CARDS = [sum(1 << c for c in range(CLAN_CARDS) if value(c) == v) for v in range(10)]
