"""A terminal picture of a Schotten Totten position (rich console markup)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from clanboard.games.schotten_totten.cards import CLAN_CARDS, card_name, colour
from clanboard.games.schotten_totten.state import PHASE_NAMES, STONES

if TYPE_CHECKING:
    from clanboard.games.schotten_totten.state import SchottenState

STYLES = ("bold red", "bold dark_orange", "bold yellow", "bold green", "bold blue",
          "bold magenta")


def card_markup(card: int) -> str:
    name = card_name(card)
    if card < CLAN_CARDS:
        return f"[{STYLES[colour(card)]}]{name:>2}[/]"
    return f"[bold white on grey23]{name}[/]"


def _side(cards: list[int]) -> str:
    return " ".join(card_markup(c) for c in cards)


def render(state: SchottenState, viewer: int | None) -> str:
    me = 0 if viewer is None else viewer
    them = 1 - me
    label = ("Player 0", "Player 1") if viewer is None else ("You", "Opponent")
    lines = []
    head = f"Round {state.round}/{state.rounds}" if state.rounds > 1 else "Schotten Totten"
    status = "game over" if state.is_terminal() else \
        f"player {state.to_move} to move ({PHASE_NAMES[state.phase]})"
    decks = f"clan deck {len(state.decks[0])}"
    if state.tactics:
        decks += f", tactic deck {len(state.decks[1])}"
    lines.append(f"[bold]{head}[/] · {status} · {decks}")
    if state.rounds > 1:
        lines.append(f"match points: {state.match_points[0]} - {state.match_points[1]}")
    lines.append(f"{label[them if viewer is not None else 1]:>24}   stone   "
                 f"{label[me if viewer is not None else 0]}")
    top, bottom = (them, me) if viewer is not None else (1, 0)
    for s in range(STONES):
        owner = state.owner[s]
        mark = f"[bold cyan]({s + 1})[/]"
        if owner >= 0:
            arrow_in, arrow_out = ("<", "") if owner == top else ("", ">")
            mark = f"[reverse]{arrow_in}{s + 1}{arrow_out}[/]"
        modes = ("m" if state.mud >> s & 1 else "") + ("b" if state.blind >> s & 1 else "")
        left = _side(state.sides[top][s])
        pad = 24 - len(" ".join(f"{card_name(c):>2}" for c in state.sides[top][s]))
        right = _side(state.sides[bottom][s])
        lines.append(f"{' ' * max(pad, 0)}{left}   {mark:^5}{modes:<2} {right}")
    if state.discard:
        lines.append("discard: " + _side(state.discard))
    if viewer is not None:
        lines.append("your hand: " + _side(sorted_cards(state.hands[viewer])))
        lines.append(f"opponent holds {state.hands[them].bit_count()} cards")
    if state.is_terminal():
        w = state.winners()
        lines.append("[bold]draw[/]" if len(w) != 1 else f"[bold]player {w[0]} wins[/]")
    return "\n".join(lines)


def sorted_cards(mask: int) -> list[int]:
    from clanboard.games.schotten_totten.cards import bits

    return sorted(bits(mask), key=lambda c: (c >= CLAN_CARDS, c % 9 if c < CLAN_CARDS else c, c))
