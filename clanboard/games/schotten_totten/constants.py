"""Schotten Totten's board size and turn phases, shared by the state and the modules it
calls (description, claims, encoding, drawing), so that these need not import the state."""

from __future__ import annotations

from clanboard.games.schotten_totten.cards import JOKERS

STONES = 9
PLAY, CLAIM, DRAW, RECRUIT_DRAW, RECRUIT_RETURN, OVER = range(6)
PHASE_NAMES = ("play", "claim", "draw", "recruit-draw", "recruit-return", "over")
#: the state's plain fields in its JSON body (the cards are written by name)
JSON_FIELDS = ("round", "match_points", "first_player", "completed_at", "owner", "mud", "blind",
               "tactics_played", "jokers_played", "bottom", "bottom_by", "to_move", "phase",
               "pending", "pending_for", "deal_left", "claims_first", "acted", "null_turns",
               "ply", "recruit_left")


def has_three_adjacent(owner: list[int], player: int) -> bool:
    """Whether ``player`` owns three adjacent stones (``owner``: each stone's owner)."""
    run = 0
    for o in owner:
        run = run + 1 if o == player else 0
        if run == 3:
            return True
    return False


def distinct(cards: list[int]) -> list[int]:
    """The cards of a side that differ as a move target (two jokers count once)."""
    out: list[int] = []
    for c in cards:
        if not (c in JOKERS and any(o in JOKERS for o in out)):
            out.append(c)
    return out
