"""The terminal's board pictures read as words: a tile game's picture (Glen More, Isle of
Skye, Glen More II) names every component by its name and every place in words, in all four
languages, at any point of a game and for any viewer — never a tile's id (``T06``, ``L12``,
the pack's ``HV``/``HC``), a square's coordinates (``0,1``, ``x=0``), an empty placeholder
(``— —``) or a hint that teaches the notation with ids (``'offer L54 L08=2 L55=1'``)."""

from __future__ import annotations

import random
import re

import pytest
from rich.text import Text

from clanboard.core import State, get_game, picture

LANGS = ("en", "ru", "uk", "ja")
ID = re.compile(r"(?<![\w-])(?:[TLG]\d\d|[FNP]\d{1,2}|HV|HC|HUME|S\d\d?-\w+|Lxx)(?![\w])")
"""A component's id: Glen More's tiles (T06), Isle of Skye's (L12), the Glen More II pack's
tiles, feasts, personalities and clan spaces (T01, HV, HC, G01, F3, N2, HUME, S9-Cameron)."""
PAIR = re.compile(r"-?\d+,-?\d+")
"""A square's coordinates as the notation writes them ("0,1", "-2,0")."""
LEFT_OVER = re.compile(r"[xy]=-?\d|—\s*—|\(square|@\d|->|\d(?:distinct|any|vp)\b|"
                       r"'(?:offer|discard|price|buy|place|return|bid) ")
"""Axis labels, an empty placeholder after a dash, a square's number, a price as notation
("@4"), the tile data's shorthand ("->cattle", "3any->8vp"), notation to copy."""


def _plain(text: str) -> str:
    return Text.from_markup(text).plain


def _positions(game_id: str, players: int, seed: int, every: int,
               options: dict[str, object]) -> list[State]:
    """Positions along a seeded random game: its start, one every ``every`` moves, its end."""
    state = get_game(game_id).new_state(players, seed, options)
    rng = random.Random(seed)
    out, n = [state.clone()], 0
    while not state.is_terminal():
        seat = state.players_to_move()[0]
        state.apply(rng.choice(state.legal_moves(seat)), seat)
        n += 1
        if n % every == 0:
            out.append(state.clone())
    out.append(state)
    return out


def _offences(text: str) -> list[str]:
    return [line for line in text.splitlines()
            if ID.search(line) or PAIR.search(line) or LEFT_OVER.search(line)]


PROVISIONAL = {"provisional": True}


@pytest.mark.parametrize(("game_id", "players", "seed", "every", "options"), [
    pytest.param(*case, id=f"{case[0]}-{case[1]}p-seed{case[2]}") for case in [
        ("glen-more", 2, 3, 11, {}), ("glen-more", 3, 5, 17, {}),
        ("isle-of-skye", 2, 3, 5, {}), ("isle-of-skye", 3, 7, 7, {}),
        ("glen-more-2", 2, 3, 23, PROVISIONAL), ("glen-more-2", 3, 4, 37, PROVISIONAL),
        ("glen-more-2", 3, 6, 29, {**PROVISIONAL, "chronicles": "9,10,11"}),
        ("glen-more-2", 1, 6, 7, {**PROVISIONAL, "solo": True, "level": "skelp"})]])
def test_no_picture_holds_an_id_or_coordinates(game_id: str, players: int, seed: int,
                                               every: int, options: dict[str, object]) -> None:
    shown = 0
    for state in _positions(game_id, players, seed, every, options):
        viewers = {None, *state.players_to_move()} if not state.is_terminal() else {None, 0}
        for viewer in viewers:
            for lang in LANGS:
                text = _plain(picture(state, viewer, lang))
                assert not _offences(text), (lang, viewer, _offences(text))
                shown += 1
    assert shown >= 40


def test_the_check_catches_what_the_pictures_used_to_show() -> None:
    """The patterns above do find the old pictures' codes (so the test above can fail)."""
    old = ["  T01* Quarry — material; when activated: gain 1 stone",
           "     HV* Starting village — village — left of the Home castle (square 0,0)",
           "  clan MacKay (road cost 0): no effect (provisional) — —",
           "   3  T06 Pasture, ->cattle, river", "手元のタイル T04 村", "  11  Grocer, 3any->8vp",
           "        x=0   ", "y=0   M=CAS W",
           "you have 5 gold: discard one tile, e.g. 'offer L54 L08=2 L55=1'",
           "price the next tile: 'price Lxx N'", "  tiles: tile with two ships @4 bought by 2"]
    assert all(_offences(line) for line in old), [x for x in old if not _offences(x)]
    assert not _offences("  Quarry* — material; when activated: gain 1 stone")


@pytest.mark.parametrize(("game_id", "options", "after"), [
    ("glen-more", {}, r","), ("glen-more-2", PROVISIONAL, r"\*? —")])
def test_the_rondel_counts_spaces_as_the_move_list_does(game_id: str, options: dict[str, object],
                                                        after: str) -> None:
    """Each tile on the track stands by the number of spaces a take moves to reach it."""
    state = get_game(game_id).new_state(3, 5, options)
    rng = random.Random(5)
    for _ in range(25):  # a later turn: the chain's back is no longer the board's space 0
        state.apply(rng.choice(state.legal_moves()))
    while "takes" not in state.describe_move(state.legal_moves()[0], state.current_player(),
                                             None, None, "en"):
        state.apply(rng.choice(state.legal_moves()))
    assert getattr(state, "head", 1) != 0  # Glen More's board space 0 is not the back
    text = _plain(picture(state, state.current_player(), "en"))
    takes = [state.describe_move(m, state.current_player(), None, None, "en")
             for m in state.legal_moves()]
    found = [re.search(r"moves (\d+) spaces? (?:ahead )?on the rondel and takes (.+?)"
                       r"(?:, paying .*)?$", t) for t in takes]
    assert sum(f is not None for f in found) >= 3, takes
    for f in found:
        if f is not None:
            assert re.search(rf"^\s*{f.group(1)}  {re.escape(f.group(2))}{after}", text,
                             re.M), (f[0], text)


def test_glen_more_2_clan_board_names_markers_in_words() -> None:
    state = get_game("glen-more-2").new_state(2, 3, {"provisional": True})
    first = next(iter(state.clan))  # type: ignore[attr-defined]
    lines = [x for x in _plain(picture(state, 0, "en")).splitlines() if "road cost" in x]
    assert lines and not any("—" in x.split(":", 1)[1].rstrip()[-2:] for x in lines), lines
    assert not any("clan markers" in x for x in lines)  # nobody has one yet: nothing said
    state.clan[first] = [1]  # type: ignore[attr-defined]
    for lang, said in (("en", "clan markers: Player 2"), ("ru", "маркеры клана: Игрок 2"),
                       ("uk", "маркери клану: Гравець 2"), ("ja", "クランマーカー：プレイヤー2")):
        assert said in _plain(picture(state, 0, lang)), lang


@pytest.mark.parametrize("lang", LANGS)
def test_schotten_totten_cards_in_the_viewers_words(lang: str) -> None:
    """A clan card shows its value and its colour's letter in the viewer's language (explained
    under the board), a tactic card its name: never the notation's Latin letter elsewhere, nor
    an English card name."""
    from clanboard.games.schotten_totten.render import COLOUR_LETTERS

    tactic_words = re.compile(r"\b(joker|spy|shield|blind|mud|recruiter|strategist|banshee|"
                              r"traitor)\b", re.I)
    seen_tactic = False
    for state in _st_positions():
        text = _plain(picture(state, 0, lang))
        if lang != "en":
            assert not re.search(r"\d[roygbp]\b", text), text
            assert not tactic_words.search(text.replace("m: ", "").replace("b: ", "")), text
        hand = next(x for x in text.splitlines() if ":" in x and x.split(":")[0] in (
            "your hand", "ваша рука", "手札"))
        letters = COLOUR_LETTERS[lang]
        assert re.search(rf"\d({'|'.join(letters)})", hand) or not re.search(r"\d", hand), hand
        seen_tactic = seen_tactic or not all(re.fullmatch(r"\d\S+", c) for c in
                                             hand.split(":", 1)[1].split())
        legend = [x for x in text.splitlines() if x.startswith(("colours:", "цвета:", "кольори:"))]
        assert len(legend) == (0 if lang == "ja" else 1), text
    assert seen_tactic


def _st_positions() -> list[State]:
    state = get_game("schotten-totten").new_state(2, 4, {"tactics": True})
    rng = random.Random(4)
    out = []
    for n in range(60):
        if state.is_terminal():
            break
        seat = state.players_to_move()[0]
        state.apply(rng.choice(state.legal_moves(seat)), seat)
        if n % 10 == 9 and state.players_to_move() == [0]:
            out.append(state.clone())
    return out
