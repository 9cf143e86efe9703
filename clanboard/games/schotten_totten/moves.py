"""Schotten Totten moves: small immutable values whose ``str()`` is the notation.

See docs/schotten-totten.md. Stones are 0-based inside, 1-9 in the notation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from clanboard.core import say
from clanboard.games.schotten_totten.cards import (
    BANSHEE,
    STRATEGIST,
    TRAITOR,
    card_name,
    cards_named,
)

CLAN_DECK, TACTIC_DECK = 0, 1
DECK_NAMES = ("clan", "tactic")


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from hand at a stone (clan card, elite troop or combat mode)."""

    card: int
    stone: int

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles, also when compiled
        return (Play, (self.card, self.stone))

    def __str__(self) -> str:
        return _PLAY_TEXT[self.card * 9 + self.stone]  # by table: searches key nodes by it


_PLAY_TEXT = [f"{card_name(card)}@{stone + 1}" for card in range(64) for stone in range(9)]


@dataclass(frozen=True, slots=True)
class Claim:
    stone: int

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles, also when compiled
        return (Claim, (self.stone,))

    def __str__(self) -> str:
        return f"claim {self.stone + 1}"


@mypyc_attr(allow_interpreted_subclasses=True)  # a restored move (state.py)
@dataclass(frozen=True, slots=True)
class Word:
    """A move with no argument: ``done`` (end claims), ``pass``, ``recruiter``."""

    word: str

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles, also when compiled
        return (type(self), (self.word,))

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Draw:
    deck: int

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles, also when compiled
        return (Draw, (self.deck,))

    def __str__(self) -> str:
        return f"draw {DECK_NAMES[self.deck]}"


@dataclass(frozen=True, slots=True)
class Return:
    """Recruiter: put a card from hand under its deck."""

    card: int

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles, also when compiled
        return (Return, (self.card,))

    def __str__(self) -> str:
        return f"return {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class Ruse:
    """Strategist, Banshee or Traitor acting on ``card`` at stone ``src``; ``dst`` is the
    stone it goes to, or -1 for the discard (Strategist) / unused (Banshee)."""

    tactic: int
    card: int
    src: int
    dst: int = -1

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles, also when compiled
        return (Ruse, (self.tactic, self.card, self.src, self.dst))

    def __str__(self) -> str:  # by table: searches key nodes by it
        return _RUSE_TEXT[_ruse_index(self.tactic, self.card, self.src, self.dst)]


def _ruse_index(tactic: int, card: int, src: int, dst: int) -> int:
    """The place of a ruse in the tables of ruses (its text, its shared move)."""
    return (((tactic - STRATEGIST) * 64 + card) * 9 + src) * 10 + dst + 1


def _ruse_text(tactic: int, card: int, src: int, dst: int) -> str:
    head = f"{card_name(tactic)} {card_name(card)}@{src + 1}"
    if tactic == BANSHEE:
        return head
    return f"{head}>{'x' if dst < 0 else dst + 1}"


_RUSE_TEXT = [_ruse_text(t, c, s, d) for t in (STRATEGIST, BANSHEE, TRAITOR)
              for c in range(64) for s in range(9) for d in range(-1, 9)]


@dataclass(frozen=True, slots=True)
class Deal:
    """A chance outcome: the card drawn."""

    card: int

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles, also when compiled
        return (Deal, (self.card,))

    def __str__(self) -> str:
        return f"deals {card_name(self.card)}"


DONE, PASS, RECRUIT = Word("done"), Word("pass"), Word("recruiter")
PLAYS = [[Play(c, s) for s in range(9)] for c in range(64)]
CLAIMS = [Claim(s) for s in range(9)]
DRAWS = (Draw(CLAN_DECK), Draw(TACTIC_DECK))
DEALS = [Deal(c) for c in range(64)]
_RUSES: list[Ruse | None] = [None] * len(_RUSE_TEXT)  # made when first asked for


def ruse(tactic: int, card: int, src: int, dst: int = -1) -> Ruse:
    """``Ruse(tactic, card, src, dst)``, made once and shared (a dataclass's generated
    constructor runs as Python even when compiled)."""
    i = _ruse_index(tactic, card, src, dst)
    move = _RUSES[i]
    if move is None:
        move = _RUSES[i] = Ruse(tactic, card, src, dst)
    return move

_CARD = r"([1-9][roygbp]|joker|spy|shield|blind|mud|recruiter|strategist|banshee|traitor)"
_PLAY = re.compile(rf"{_CARD}\s*@\s*([1-9])")
_RUSE = re.compile(rf"(strategist|banshee|traitor)\s+{_CARD}\s*@\s*([1-9])(?:\s*>\s*([1-9x]))?")
_FORMS = ("5g@3, claim 3, done, pass, draw clan, draw tactic, recruiter, return 5g, "
          "strategist 5g@3>7, strategist 5g@3>x, banshee 5g@3, traitor 5g@3>7")
NOTATION = {
    "banshee": "banshee takes no destination: write banshee 5g@3",
    "destination": "{tactic} needs a destination: write {example}",
    "traitor": "traitor must place the card at a stone, not discard it",
    "unreadable": "cannot read {text}: moves look like {forms} (a card at a stone: 5g@3)",
}
"""Why text is not a move (English message ids; see :class:`clanboard.core.Text`)."""


class NotationError(ValueError):
    """Text that is not Schotten Totten move notation."""


def parse(text: str, pick: dict[str, int]) -> object:
    """Read a move. ``pick`` maps a card name to the id to use where two cards share a
    name (the jokers); other names map to their only card."""
    t = " ".join(text.strip().lower().split())

    def card(name: str) -> int:
        return pick.get(name, cards_named(name)[0])

    if t in ("done", "pass", "recruiter"):
        return Word(t)
    if m := _PLAY.fullmatch(t):
        return PLAYS[card(m[1])][int(m[2]) - 1]
    if m := re.fullmatch(r"claim\s*([1-9])", t):
        return CLAIMS[int(m[1]) - 1]
    if m := re.fullmatch(r"draw\s+(clan|tactic|tactics)", t):
        return DRAWS[CLAN_DECK if m[1] == "clan" else TACTIC_DECK]
    if m := re.fullmatch(rf"return\s+{_CARD}", t):
        return Return(card(m[1]))
    if m := _RUSE.fullmatch(t):
        tactic = {"strategist": STRATEGIST, "banshee": BANSHEE, "traitor": TRAITOR}[m[1]]
        dst = m[4]
        if tactic == BANSHEE:
            if dst is not None:
                raise NotationError(say(NOTATION, "banshee"))
            return Ruse(tactic, card(m[2]), int(m[3]) - 1)
        if dst is None:
            raise NotationError(say(NOTATION, "destination", tactic=m[1],
                                    example=f"{m[1]} {m[2]}@{m[3]}>7"))
        if dst == "x" and tactic == TRAITOR:
            raise NotationError(say(NOTATION, "traitor"))
        return Ruse(tactic, card(m[2]), int(m[3]) - 1, -1 if dst == "x" else int(dst) - 1)
    if m := re.fullmatch(rf"deals\s+{_CARD}", t):
        return Deal(card(m[1]))
    raise NotationError(say(NOTATION, "unreadable", text=repr(text), forms=_FORMS))
