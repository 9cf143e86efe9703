"""A terminal picture of a Schotten Totten position (rich console markup)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len

from clanboard.core import Plural, Text, words
from clanboard.games.schotten_totten.cards import (
    CLAN_CARDS,
    COLOUR_NAMES,
    TACTIC_NAMES,
    bits,
    colour,
    value,
)
from clanboard.games.schotten_totten.constants import PHASE_NAMES, STONES

if TYPE_CHECKING:
    from clanboard.games.schotten_totten.state import SchottenState

STYLES = ("bold red", "bold dark_orange", "bold yellow", "bold green", "bold blue",
          "bold magenta")


COLOUR_LETTERS = {"en": "roygbp", "ru": "кожзсф", "uk": "чпжзсф",
                  "ja": ("赤", "橙", "黄", "緑", "青", "紫")}
"""A clan card's colour after its value ("5g" in English, "5з" in Russian, "5緑" in Japanese):
the first letter of the colour's word (the Japanese word itself), explained under the board
(never the notation's Latin letter in another language)."""
COLOUR_WORDS = {c: c.capitalize() for c in COLOUR_NAMES}
"""The colours as the legend names them (capitalised: the lower-case words are the moves',
declined in Russian and Ukrainian)."""
TACTIC_SHOWN = {
    "joker": "Joker", "spy": "Spy", "shield": "Shield Bearer",
    "blind": "Blind-Man’s Bluff",  # ’: its own id, the other ("'") is the moves' object
    "mud": "Mud Fight", "recruiter": "Recruiter", "strategist": "Strategist",
    "banshee": "Banshee", "traitor": "Traitor",
}
"""The tactic cards by name, as a hand or a stone shows them (the moves' words are objects:
"plays the Spy", in the accusative in Russian and Ukrainian)."""


def card_text(card: int, lang: str = "en") -> str:
    """A card as the board shows it, in ``lang``: value and colour letter, or the tactic's name."""
    if card < CLAN_CARDS:
        letters = COLOUR_LETTERS.get(lang, COLOUR_LETTERS["en"])
        return f"{value(card)}{letters[colour(card)]}"
    return words(TACTIC_SHOWN, lang)[TACTIC_NAMES[card]]


def card_markup(card: int, lang: str = "en") -> str:
    name = card_text(card, lang)
    if card < CLAN_CARDS:
        return f"[{STYLES[colour(card)]}]{name:>2}[/]"
    return f"[bold white on grey23]{name}[/]"


def _side(cards: list[int], lang: str = "en") -> str:
    return " ".join(card_markup(c, lang) for c in cards)


def _width(cards: list[int], lang: str) -> int:
    """The cells ``_side`` takes on screen (a kanji takes two)."""
    return cell_len(" ".join(f"{card_text(c, lang):>2}" for c in cards))


def _colours(lang: str) -> str:
    """The legend of the colour letters ("r red, o orange, …"); none where the letter is the
    colour's word itself (Japanese)."""
    if lang == "ja":
        return ""
    letters = COLOUR_LETTERS.get(lang, COLOUR_LETTERS["en"])
    names = words(COLOUR_WORDS, lang)
    return words(WORDS, lang)["colours"].format(colours=", ".join(
        f"{letters[i]} {names[c].lower()}" for i, c in enumerate(COLOUR_NAMES)))


WORDS = {
    "title": "Schotten Totten",
    "round": "Round {n}/{total}",
    "over": "game over",
    "to_move": "player {n} to move ({phase})",
    "clan_deck": "clan deck {n}",
    "tactic_deck": "tactic deck {n}",
    "match": "match points: {a} - {b}",
    "player": "Player {n}",
    "you": "You",
    "opponent": "Opponent",
    "stone": "Stone",
    "discard": "discard: {cards}",
    "hand": "your hand: {cards}",
    "holds": Plural("opponent holds {n} card", "opponent holds {n} cards"),
    "draw": "a draw",
    "wins": "player {n} wins",
    "modes": "m: Mud Fight, b: Blind-Man's Bluff",
    "colours": "colours: {colours}",
}
"""The picture's words (English message ids, translated through the catalogues)."""


def render(state: SchottenState, viewer: int | None, lang: str = "en") -> str:
    w = words(WORDS, lang)
    me = 0 if viewer is None else viewer
    them = 1 - me
    label = (w["player"].format(n=1), w["player"].format(n=2)) if viewer is None \
        else (w["you"], w["opponent"])
    lines = []
    head = w["round"].format(n=state.round, total=state.rounds) if state.rounds > 1 \
        else w["title"]
    phase = Text(PHASE_NAMES[state.phase]).render(lang)
    status = w["over"] if state.is_terminal() else \
        w["to_move"].format(n=state.to_move + 1, phase=phase)
    decks = w["clan_deck"].format(n=len(state.decks[0]))
    if state.tactics:
        decks += ", " + w["tactic_deck"].format(n=len(state.decks[1]))
    lines.append(f"[bold]{head}[/] · {status} · {decks}")
    if state.rounds > 1:
        lines.append(w["match"].format(a=state.match_points[0], b=state.match_points[1]))
    lines.append(f"{label[them if viewer is not None else 1]:>24}   {w['stone']:^5}   "
                 f"{label[me if viewer is not None else 0]}")
    top, bottom = (them, me) if viewer is not None else (1, 0)
    modes_shown = False
    for s in range(STONES):
        owner = state.owner[s]
        mark = f"[bold cyan]({s + 1})[/]"
        if owner >= 0:
            arrow_in, arrow_out = ("<", "") if owner == top else ("", ">")
            mark = f"[reverse]{arrow_in}{s + 1}{arrow_out}[/]"
        modes = ("m" if state.mud >> s & 1 else "") + ("b" if state.blind >> s & 1 else "")
        modes_shown = modes_shown or bool(modes)
        left = _side(state.sides[top][s], lang)
        pad = 24 - _width(state.sides[top][s], lang)
        right = _side(state.sides[bottom][s], lang)
        lines.append(f"{' ' * max(pad, 0)}{left}   {mark:^5}{modes:<2} {right}")
    if modes_shown:
        lines.append(f"[dim]{w['modes']}[/]")
    if state.discard:
        lines.append(w["discard"].format(cards=_side(state.discard, lang)))
    if viewer is not None:
        lines.append(w["hand"].format(cards=_side(sorted_cards(state.hands[viewer]), lang)))
        lines.append(w["holds"].format(n=state.hands[them].bit_count()))
    legend = _colours(lang)
    if legend:
        lines.append(f"[dim]{legend}[/]")
    if state.is_terminal():
        winners = state.winners()
        lines.append(f"[bold]{w['draw']}[/]" if len(winners) != 1
                     else f"[bold]{w['wins'].format(n=winners[0] + 1)}[/]")
    return "\n".join(lines)


def sorted_cards(mask: int) -> list[int]:
    return sorted(bits(mask), key=lambda c: (c >= CLAN_CARDS, c % 9 if c < CLAN_CARDS else c, c))
