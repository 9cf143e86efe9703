"""Cards of Schotten Totten as small integers, and their notation.

Clan cards are ``colour * 9 + (value - 1)`` (0-53); the ten tactic cards are 54-63.
A set of cards is a bitmask (bit ``card``). Notation: a clan card is its value and
colour letter (``5g``); a tactic card is its name (``joker``).
"""

from __future__ import annotations

COLOURS = "roygbp"
COLOUR_NAMES = ("red", "orange", "yellow", "green", "blue", "purple")
CLAN_CARDS = 54

JOKER_A, JOKER_B, SPY, SHIELD, BLIND, MUD, RECRUITER, STRATEGIST, BANSHEE, TRAITOR = range(54, 64)
TACTIC_NAMES = {
    JOKER_A: "joker", JOKER_B: "joker", SPY: "spy", SHIELD: "shield", BLIND: "blind",
    MUD: "mud", RECRUITER: "recruiter", STRATEGIST: "strategist", BANSHEE: "banshee",
    TRAITOR: "traitor",
}
JOKERS = (JOKER_A, JOKER_B)
ELITE_TROOPS = (JOKER_A, JOKER_B, SPY, SHIELD)  # played at a stone like clan cards
COMBAT_MODES = (BLIND, MUD)  # played on the stone itself
RUSES = (RECRUITER, STRATEGIST, BANSHEE, TRAITOR)  # effect, then discarded

ALL_CLAN = (1 << CLAN_CARDS) - 1
ALL_TACTICS = ((1 << 64) - 1) ^ ALL_CLAN
JOKER_MASK = (1 << JOKER_A) | (1 << JOKER_B)

#: values an elite troop may take (its colour is always free)
WILD_VALUES = {
    JOKER_A: (9, 8, 7, 6, 5, 4, 3, 2, 1),
    JOKER_B: (9, 8, 7, 6, 5, 4, 3, 2, 1),
    SPY: (7,),
    SHIELD: (3, 2, 1),
}


def value(card: int) -> int:
    return card % 9 + 1


def colour(card: int) -> int:
    return card // 9


def clan_card(value: int, colour: int) -> int:
    return colour * 9 + value - 1


def is_clan(card: int) -> bool:
    return card < CLAN_CARDS


def card_name(card: int) -> str:
    if card < CLAN_CARDS:
        return f"{card % 9 + 1}{COLOURS[card // 9]}"
    return TACTIC_NAMES[card]


_BY_NAME: dict[str, tuple[int, ...]] = {}
for _c in range(64):
    _BY_NAME.setdefault(card_name(_c), ())
    _BY_NAME[card_name(_c)] += (_c,)


def cards_named(name: str) -> tuple[int, ...]:
    """The card ids a notation names (two for ``joker``); raises KeyError if none."""
    return _BY_NAME[name.strip().lower()]


def bits(mask: int) -> list[int]:
    """The cards in a bitmask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
