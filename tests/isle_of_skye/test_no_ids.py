"""A player never sees a tile's id: every word of an Isle of Skye game (each move as each
viewer reads it, the board's tile names, the terminal picture, the result, the tutorial's
steps) names a tile by what it shows, in all four languages; two tiles of one row that read
the same are told apart by where they lie."""

from __future__ import annotations

import re

import pytest

from clanboard.core import Rng
from clanboard.games.isle_of_skye.describe import tile_names, tile_words
from clanboard.games.isle_of_skye.moves import Place
from clanboard.games.isle_of_skye.state import SkyeState
from clanboard.games.isle_of_skye.tiles import landscape_tiles
from clanboard.server.coach.tutorial import words as tutorial_words
from clanboard.server.coach.tutorials import TUTORIALS
from tests.isle_of_skye.helpers import state as new_state

LANGS = ("en", "ru", "uk", "ja")
ID = re.compile(r"\b[LS]\d\d\b|castle-\w+")
"""A landscape or scoring tile's id (L05, S14) or a castle's (castle-blue)."""
PAIR = re.compile(r"-?\d+\s*,\s*-?\d+")
"""A coordinate pair ("0,-1"): a placement's square is in words too ("left of the castle")."""
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def _plain(text: str) -> str:
    return re.sub(r"\[/?[a-z0-9 ]*\]", "", text)  # rich markup


def _seen(s: SkyeState, players: int, seed: int, every: int = 9) -> list[tuple[str, str]]:
    """(what, text) for every word a seeded random game shows its players."""
    rng, out, i = Rng(seed), [], 0
    while not s.is_terminal():
        seat = s.players_to_move()[0]
        move = rng.choice(s.legal_moves(seat))
        for lang in LANGS:
            for viewer in (None, *range(players)):
                text = s.describe_move(move, seat, viewer, NAMES[:players], lang)
                if isinstance(move, Place):
                    assert tile_words(s, move.tile, lang) in text
                out.append((f"{type(move).__name__} for {viewer}", text))
            if i % every == 0:
                out += [("name", n) for n in (s.view_words(0, lang) or {})["tiles"].values()]
                out += [("board", line) for line in _plain(s.render(0, lang=lang)).split("\n")]
        s.apply_trusted(move, seat)
        i += 1
    for lang in LANGS:
        why = s.result_explanation(None, NAMES[:players], lang) or {}
        out.append(("result", repr(why)))
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 7), (4, 11)])
def test_no_player_visible_word_is_a_tile_id(players: int, seed: int) -> None:
    s = new_state(players, seed)
    seen = _seen(s, players, seed)
    assert len(seen) > 1000
    for what, text in seen:
        assert not ID.search(text), (what, text)
        if what != "result":  # a table's numbers
            assert not PAIR.search(text), (what, text)


def test_tutorial_steps_name_tiles_in_words() -> None:
    for key in TUTORIALS["isle-of-skye"].steps:
        for lang in LANGS:
            text = tutorial_words(key, lang)
            assert not ID.search(text), (key, lang, text)


@pytest.mark.parametrize("lang", LANGS)
def test_two_tiles_that_read_the_same_are_told_apart_by_place(lang: str) -> None:
    s = new_state(2, 1)
    while s.phase != "price":
        s.apply_trusted(s.legal_moves()[0], s.players_to_move()[0])
    plain = [t for t, tile in landscape_tiles().items() if tile.counts == {"broch": 1}
             and any(r >= 0 for r in tile.roads) and not tile.scroll]
    assert len(plain) >= 3  # three tiles showing a broch and a road, nothing else
    s.drawn[0] = plain[:3]
    said = [tile_words(s, t, lang) for t in plain[:3]]
    assert len(set(said)) == 3, said  # left, middle, right
    first = said[0].split(" (")[0].split("（")[0]
    assert all(x.startswith(first) for x in said), said
    names = tile_names(s, lang)
    assert len({names[t] for t in plain[:3]}) == 3
    s.drawn[0] = [plain[0], *s.drawn[1][:2]]  # alone of its kind in the row: no place word
    assert tile_words(s, plain[0], lang) == first
    s.phase, s.pending[0] = "build", plain[:2]  # building: the row of tiles still to build
    assert tile_words(s, plain[0], lang) != first and tile_words(s, plain[2], lang) == first


def test_a_tile_without_icons_names_its_terrain() -> None:
    s = new_state(2, 1)
    bare = [t for t, tile in s.tiles.items() if not tile.counts]
    assert bare  # tiles with only a road and a scroll
    for t in bare:
        en = tile_words(s, t, "en")
        terrain = {"P": "pasture land", "M": "mountains", "W": "open water"}
        assert all(terrain[c] in en for c in set(s.tiles[t].edges)), en
        assert tile_words(s, t, "ru").startswith("с ")  # after "квадрат" in the move's words
        assert tile_words(s, t, "ru", name=True).startswith("квадрат с ")


def test_the_example_of_the_brief() -> None:
    s = new_state(2, 1)
    assert tile_words(s, "L21", "en") == "the tile with a whisky barrel, a sheep and a road"
    assert tile_words(s, "L21", "ru") == "с бочонком виски, овцой и дорогой"
    assert tile_words(s, "L21", "uk") == "з барильцем віскі, вівцею і дорогою"
    assert tile_words(s, "L21", "ja") == "ウイスキー樽、羊、道のタイル"
    assert tile_words(s, "L60", "en", name=True) == "tile with two ships"
