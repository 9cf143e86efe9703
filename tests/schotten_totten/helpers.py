"""Build Schotten Totten positions for tests through the public JSON format."""

from __future__ import annotations

from typing import Any

from clanboard import get_game
from clanboard.games.schotten_totten.cards import CLAN_CARDS, card_name
from clanboard.games.schotten_totten.state import SchottenState

GAME = get_game("schotten-totten")
PHASES = ("play", "claim", "draw", "recruit-draw", "recruit-return", "over")


def position(
    sides: dict[int, tuple[str, str]] | None = None,
    hands: tuple[str, str] = ("", ""),
    owner: dict[int, int] | None = None,
    to_move: int = 0,
    phase: str = "play",
    tactics: bool = False,
    expert: bool = False,
    mud: tuple[int, ...] = (),
    blind: tuple[int, ...] = (),
    discard: str = "",
    deck_top: str = "",
    **extra: Any,
) -> SchottenState:
    """A position: ``sides`` maps a stone (1-9) to each player's cards as text
    ("7g 4p 3b", ...) in the order played; every card not placed lies in its deck,
    ``deck_top`` (first = next drawn) on top."""
    sides = sides or {}
    placed: list[str] = []
    side_lists: list[list[list[str]]] = [[[] for _ in range(9)] for _ in range(2)]
    completed = [[-1] * 9, [-1] * 9]
    ply = 0
    for stone, pair in sorted(sides.items()):
        for p in (0, 1):
            cards = pair[p].split()
            side_lists[p][stone - 1] = cards
            placed += cards
            ply += len(cards)
            cap = 4 if stone in mud else 3
            if len(cards) == cap:
                completed[p][stone - 1] = ply + p  # seat 0 completes first unless told
    hand_lists = [h.split() for h in hands]
    discard_list = discard.split()
    used = placed + hand_lists[0] + hand_lists[1] + discard_list
    used += ["mud"] * bool(mud) + ["blind"] * bool(blind)  # lying on their stones
    top = deck_top.split()
    clan = [card_name(c) for c in range(CLAN_CARDS)]
    tactic = [card_name(c) for c in range(CLAN_CARDS, 64)] if tactics else []

    def remaining(pool: list[str]) -> list[str]:
        out = list(pool)
        for name in used + top:
            if name in out:
                out.remove(name)
        return out

    clan_deck = remaining(clan) + [c for c in reversed(top) if c[0].isdigit()]
    tactic_deck = remaining(tactic) + [c for c in reversed(top) if not c[0].isdigit()]
    body: dict[str, Any] = {
        "round": 1, "match_points": [0, 0], "first_player": 0, "completed_at": completed,
        "owner": [(owner or {}).get(s + 1, -1) for s in range(9)],
        "mud": sum(1 << (s - 1) for s in mud), "blind": sum(1 << (s - 1) for s in blind),
        "tactics_played": [0, 0], "jokers_played": [0, 0], "bottom": [0, 0],
        "bottom_by": [[], []], "to_move": to_move, "phase": PHASES.index(phase),
        "pending": -1, "pending_for": -1, "deal_left": 0, "claims_first": False,
        "acted": False, "null_turns": 0, "ply": ply + 2, "recruit_left": 0,
        "round_winners": [], "hands": hand_lists, "sides": side_lists,
        "decks": [clan_deck, tactic_deck], "discard": discard_list,
    }
    body.update(extra)
    data = {
        "game": "schotten-totten", "version": 1, "num_players": 2,
        "options": {"tactics": tactics, "expert": expert, "rounds": 1},
        "seed": 0, "rng": 0, "state": body,
    }
    state = GAME.state_from_json(data)
    assert isinstance(state, SchottenState)
    return state


def moves(state: SchottenState, player: int | None = None) -> set[str]:
    return {str(m) for m in state.legal_moves(player)}
