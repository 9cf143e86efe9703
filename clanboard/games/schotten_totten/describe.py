"""Schotten Totten moves and results in words (:meth:`State.describe_move`,
:meth:`State.result_explanation`).

Every move is played in the open except the cards a Recruiter puts under the decks:
for anyone but the mover that move names only the deck (its size is public)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from clanboard.core import CHANCE, Move, seat_name, winners_text, words
from clanboard.games.schotten_totten.cards import (
    BANSHEE,
    BLIND,
    CLAN_CARDS,
    COLOUR_NAMES,
    JOKERS,
    MUD,
    RECRUITER,
    SHIELD,
    SPY,
    STRATEGIST,
    TRAITOR,
    colour,
    value,
)
from clanboard.games.schotten_totten.claims import explain_claim
from clanboard.games.schotten_totten.constants import STONES, has_three_adjacent
from clanboard.games.schotten_totten.moves import (
    DECK_NAMES,
    Claim,
    Deal,
    Draw,
    Play,
    Return,
    Ruse,
    Word,
)

if TYPE_CHECKING:
    from clanboard.games.schotten_totten.state import SchottenState

TACTIC_WORDS = {
    JOKERS[0]: "a Joker", JOKERS[1]: "a Joker", SPY: "the Spy", SHIELD: "the Shield Bearer",
    BLIND: "Blind-Man's Bluff", MUD: "Mud Fight", RECRUITER: "the Recruiter",
    STRATEGIST: "the Strategist", BANSHEE: "the Banshee", TRAITOR: "the Traitor",
}
MESSAGES = {
    "take_back_drawn": "a card was drawn after it, and a drawn card cannot be un-seen",
    "play": "{who} plays {card} at stone {stone}",
    "mode": "{who} plays {card} on stone {stone}",
    "claim": "{who} claims stone {stone}: {why}",
    "done": "{who} ends the claims",
    "pass": "{who} passes (no clan card can be played)",
    "draw": "{who} draws a {deck} card",
    "recruiter": "{who} plays the Recruiter",
    "return": "{who} puts {card} under the {deck} deck",
    "return_hidden": "{who} puts a {deck} card under the {deck} deck",
    "strategist": "{who} plays the Strategist: moves {card} from stone {src} to stone {dst}",
    "strategist_x": "{who} plays the Strategist: discards {card} from stone {src}",
    "banshee": "{who} plays the Banshee: discards {owner}'s {card} from stone {src}",
    "traitor": "{who} plays the Traitor: takes {owner}'s {card} from stone {src} "
               "to stone {dst}",
    "deal": "a card is dealt",
    "five": "{who} holds five stones",
    "adjacent": "{who} holds three adjacent stones ({stones})",
    "five_adjacent": "{who} holds five stones, three of them adjacent ({stones})",
    "deadlock": "neither player could make progress: {result}",
    "deadlock_more": "{who} holds more stones",
    "deadlock_draw": "equal stones, a draw",
    "stones": "Stones held",
    "match": "Match points",
    "round": "Round {n}",
    "round_won": "Round {n}: won by {who}",
    "round_drawn": "Round {n}: drawn",
    "held": "stones {stones}",
    "card": "{colour} {value}",
}
"""User-facing words (one place, for catalogues)."""


def card_words(card: int, lang: str = "en") -> str:
    """"green 5", "the Spy", "a Joker"."""
    if card < CLAN_CARDS:
        return words(MESSAGES, lang)["card"].format(
            colour=words(COLOURS, lang)[COLOUR_NAMES[colour(card)]], value=value(card))
    return words(TACTIC_WORDS_BY_NAME, lang)[TACTIC_WORDS[card]]


# game terms shown in words, catalogued like the messages (in Russian and Ukrainian the
# colours and tactic cards are in the accusative: a card named in a move is its object)
COLOURS = {c: c for c in COLOUR_NAMES}
DECKS = {d: d for d in DECK_NAMES}
TACTIC_WORDS_BY_NAME = {w: w for w in TACTIC_WORDS.values()}


def describe_move(state: SchottenState, move: Move, player: int, viewer: int | None,
                  names: Sequence[str] | None = None, lang: str = "en") -> str:
    """``move`` by ``player`` for ``viewer``, from the position before it, in ``lang``."""
    who = seat_name(names, player, lang)
    m = words(MESSAGES, lang)
    decks = words(DECKS, lang)
    if player == CHANCE or isinstance(move, Deal):
        return m["deal"]
    if isinstance(move, Play):
        key = "mode" if move.card in (MUD, BLIND) else "play"
        return m[key].format(who=who, card=card_words(move.card, lang), stone=move.stone + 1)
    if isinstance(move, Claim):
        why = explain_claim(state, player, move.stone, names, lang)["reason"]
        return m["claim"].format(who=who, stone=move.stone + 1, why=why)
    if isinstance(move, Draw):
        return m["draw"].format(who=who, deck=decks[DECK_NAMES[move.deck]])
    if isinstance(move, Return):
        deck = decks[DECK_NAMES[0 if move.card < CLAN_CARDS else 1]]
        if viewer != player:
            return m["return_hidden"].format(who=who, deck=deck)
        return m["return"].format(who=who, card=card_words(move.card, lang), deck=deck)
    if isinstance(move, Ruse):
        owner = seat_name(names, 1 - player, lang)
        key = {STRATEGIST: "strategist" if move.dst >= 0 else "strategist_x",
               BANSHEE: "banshee", TRAITOR: "traitor"}[move.tactic]
        return m[key].format(who=who, card=card_words(move.card, lang), src=move.src + 1,
                             dst=move.dst + 1, owner=owner)
    if isinstance(move, Word) and move.word in ("done", "pass", "recruiter"):
        return m[move.word].format(who=who)
    return f"{who}: {move}"


def result_explanation(state: SchottenState, viewer: int | None,
                       names: Sequence[str] | None = None, lang: str = "en") -> dict[str, Any]:
    """Why the round (or match) ended: five stones, three adjacent stones or a deadlock;
    the stones held and, in a match, each round's winner and the match points."""
    seats = [seat_name(names, p, lang) for p in (0, 1)]
    last = state.round_winners[-1] if state.round_winners else None
    held = [[s + 1 for s in range(STONES) if state.owner[s] == q] for q in (0, 1)]
    m = words(MESSAGES, lang)
    adjacent = last is not None and has_three_adjacent(state.owner, last)
    if last is not None and len(held[last]) >= 5 and adjacent:
        reason = m["five_adjacent"].format(who=seats[last], stones="-".join(
            str(s + 1) for s in _adjacent(state.owner, last)))
    elif last is not None and len(held[last]) >= 5:
        reason = m["five"].format(who=seats[last])
    elif last is not None and adjacent:
        run = _adjacent(state.owner, last)
        reason = m["adjacent"].format(who=seats[last],
                                      stones="-".join(str(s + 1) for s in run))
    else:  # neither player could make progress: more stones wins, if either has more
        mine, theirs = len(held[0]), len(held[1])
        result = m["deadlock_draw"] if mine == theirs else m["deadlock_more"].format(
            who=seats[0 if mine > theirs else 1])
        reason = m["deadlock"].format(result=result)
    lines = [reason]
    tables: list[dict[str, Any]] = [{
        "title": m["stones"], "columns": seats,
        "rows": [{"label": m["round"].format(n=state.round),
                  "values": [m["held"].format(stones=", ".join(map(str, h))) if h else "-"
                             for h in held]}],
    }]
    if state.rounds > 1:
        lines += [m["round_drawn"].format(n=i + 1) if w is None
                  else m["round_won"].format(n=i + 1, who=seats[w])
                  for i, w in enumerate(state.round_winners)]
        tables.append({"title": m["match"], "columns": seats,
                       "rows": [{"label": m["match"], "values": list(state.match_points)}]})
    summary = winners_text(state.winners(), seats, lang)
    return {"summary": f"{summary}: {reason}" if state.rounds == 1 else summary,
            "lines": lines, "tables": tables}


def _adjacent(owner: list[int], player: int) -> list[int]:
    for s in range(STONES - 2):
        if owner[s] == owner[s + 1] == owner[s + 2] == player:
            return [s, s + 1, s + 2]
    return []
