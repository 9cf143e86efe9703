"""Claims in words: why a stone can or cannot be claimed now, with the proof.

Built on the engine's own proof (:meth:`SchottenState.can_claim`): a claim against an
incomplete side holds when no completion from the cards still unseen — every clan card
not on the table and not in the discard, whoever holds it (the rulebook counts only the
cards already played) — beats the claimer's formation. When it fails, the witness is the
opponent's strongest such completion. Everything used is public: the sides, the discard
and the rule; no hand is looked at.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import clanboard.games.schotten_totten.formations as formations
from clanboard.core import Plural, seat_name, words
from clanboard.games.schotten_totten.cards import (
    ALL_CLAN,
    CLAN_CARDS,
    COLOUR_NAMES,
    bits,
    card_name,
    colour,
    value,
)

if TYPE_CHECKING:
    from clanboard.games.schotten_totten.state import SchottenState

MESSAGES = {
    "claimed": "stone {stone} is already claimed by {owner}",
    "incomplete": "{who}'s side of stone {stone} has {have} of its {size} cards: "
                  "only a complete side can claim",
    "beats": "{mine} beats {theirs}",
    "beaten": "{theirs} beats {mine}",
    "tie_first": "{mine} ties {theirs}, and {who} completed first",
    "tie_later": "{mine} ties {theirs}, but {other} completed first",
    "cannot_complete": "{other}'s side cannot be completed any more: too few clan cards "
                       "are still unplayed",
    "unbeatable": "{mine} cannot be beaten: the best {other} can still make is {best}",
    "witness": Plural("{best} is still possible for {other}: {cards} has not been played",
                      "{best} is still possible for {other}: {cards} have not been played",
                      "k"),
    "witness_none": "{best} is still possible for {other}",
    "formation": "{category} ({cards})",
    "blind": "sum {total} ({cards})",
}
"""User-facing words of claim explanations (one place, for catalogues)."""


CATEGORIES = {c: c for c in formations.CATEGORY_NAMES.values()}
#: a card as a formation lists it (nominative: "green 7"; the tactic cards a side may hold)
CARD_NAMES = {**{c: c + " {value}" for c in COLOUR_NAMES},
              "joker": "Joker", "spy": "Spy", "shield": "Shield Bearer"}


def card_text(card: int, lang: str = "en") -> str:
    """A card in a formation in words: "green 7", "Spy"."""
    names = words(CARD_NAMES, lang)
    if card < CLAN_CARDS:
        return names[COLOUR_NAMES[colour(card)]].format(value=value(card))
    return names[card_name(card)]


def cards_text(cards: Sequence[int], lang: str = "en") -> str:
    """Cards in words, in the order a formation shows them ("green 7, green 8")."""
    return ", ".join(card_text(c, lang) for c in sorted(cards, key=_display_order))


def formation_text(cards: Sequence[int], strength: int, blind: bool = False,
                   lang: str = "en") -> str:
    """"colour-run (green 7, green 8, green 9)": the category the strength names and the
    cards."""
    names = cards_text(cards, lang)
    m = words(MESSAGES, lang)
    if blind:
        return m["blind"].format(total=strength, cards=names)
    category = words(CATEGORIES, lang)[formations.CATEGORY_NAMES[formations.category(strength)]]
    return m["formation"].format(category=category, cards=names)


def _display_order(card: int) -> tuple[int, int]:
    return (card % 9, card) if card < CLAN_CARDS else (9, card)


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        if c < CLAN_CARDS:
            m |= 1 << c
    return m


def best_completion(cards: Sequence[int], pool: int, size: int,
                    blind: bool) -> tuple[int, list[int]]:
    """The strongest formation a side holding ``cards`` can still reach with cards from
    ``pool``, and the cards it adds (one such completion); ``(-1, [])`` if none."""
    concrete = [c for c in cards if c < CLAN_CARDS]
    wilds = [c for c in cards if c >= CLAN_CARDS]
    pool &= ~_mask(concrete)
    best = formations.best_strength(concrete, wilds, pool, size, blind)
    if best < 0:
        return -1, []
    added: list[int] = []
    for _ in range(size - len(cards)):
        # the best completion contains some card of the pool: fix it and go on
        for c in reversed(bits(pool)):
            rest = pool & ~(1 << c)
            if formations.best_strength([*concrete, *added, c], wilds, rest, size,
                                        blind) == best:
                added.append(c)
                pool = rest
                break
    return best, sorted(added, key=_display_order)


def explain_claim(state: SchottenState, player: int, stone: int,
                  names: Sequence[str] | None = None, lang: str = "en") -> dict[str, Any]:
    """Whether ``player`` may claim ``stone`` (0-based) now by the proof rule, and why:
    ``{"player", "stone" (1-based), "holds", "reason", "mine", "theirs", "witness"}``.
    ``holds`` equals :meth:`SchottenState.can_claim`; ``witness`` lists the cards (by
    name) of the opponent's best completion still possible from unplayed cards."""
    who, other = seat_name(names, player, lang), seat_name(names, 1 - player, lang)
    m = words(MESSAGES, lang)
    out: dict[str, Any] = {"player": player, "stone": stone + 1, "holds": False,
                           "reason": "", "mine": None, "theirs": None, "witness": None}
    if state.owner[stone] >= 0:
        out["reason"] = m["claimed"].format(
            stone=stone + 1, owner=seat_name(names, state.owner[stone], lang))
        return out
    size = state.capacity(stone)
    blind = bool(state.blind >> stone & 1)
    mine_cards = state.sides[player][stone]
    if len(mine_cards) < size:
        out["reason"] = m["incomplete"].format(
            who=who, stone=stone + 1, have=len(mine_cards), size=size)
        return out
    strength = state.side_strength(player, stone)
    mine = formation_text(mine_cards, strength, blind, lang)
    out["mine"] = mine
    theirs_cards = state.sides[1 - player][stone]
    if len(theirs_cards) == size:
        theirs_strength = state.side_strength(1 - player, stone)
        theirs = formation_text(theirs_cards, theirs_strength, blind, lang)
        out["theirs"] = theirs
        if strength != theirs_strength:
            out["holds"] = strength > theirs_strength
            key = "beats" if out["holds"] else "beaten"
        else:
            out["holds"] = (state.completed_at[player][stone]
                            < state.completed_at[1 - player][stone])
            key = "tie_first" if out["holds"] else "tie_later"
        out["reason"] = m[key].format(mine=mine, theirs=theirs, who=who, other=other)
        return out
    pool = ALL_CLAN & ~state.seen
    best, added = best_completion(theirs_cards, pool, size, blind)
    if best < 0:
        out["holds"] = True
        out["reason"] = m["cannot_complete"].format(other=other)
        return out
    completion = [*theirs_cards, *added]
    best_text = formation_text(completion, best, blind, lang)
    out["theirs"] = best_text
    out["holds"] = best <= strength
    if out["holds"]:
        out["reason"] = m["unbeatable"].format(mine=mine, other=other, best=best_text)
    else:
        out["witness"] = [card_name(c) for c in completion]
        key = "witness" if added else "witness_none"
        out["reason"] = m[key].format(best=best_text, other=other,
                                      cards=cards_text(added, lang), k=len(added))
    return out
