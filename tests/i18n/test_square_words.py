"""Over seeded random games of Glen More, Glen More II and Isle of Skye: no move reads as
coordinates in any language, and every placement names a square that really lies the way
it says (checked against the state: the named tile is there, the start tile or castle is
named when it touches the square by a side)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from clanboard.core import Rng, get_game, words
from clanboard.core import squares as core_squares
from clanboard.games.glen_more import describe as gm_describe
from clanboard.games.glen_more.data import TILES
from clanboard.games.glen_more.moves import OPS as GM_OPS
from clanboard.games.glen_more.moves import pos, xy
from clanboard.games.glen_more.state import GlenMoreState
from clanboard.games.glen_more_2 import describe as gm2_describe
from clanboard.games.glen_more_2 import words as W
from clanboard.games.glen_more_2.moves import OPS as GM2_OPS
from clanboard.games.glen_more_2.moves import Sq
from clanboard.games.glen_more_2.state import GlenMore2State
from clanboard.games.isle_of_skye import describe as sk_describe
from clanboard.games.isle_of_skye.moves import Place
from clanboard.i18n import LANGUAGES

COORDS = re.compile(r"-?\d+\s*,\s*-?\d+")
#: which way the placed square lies from the neighbour named, by the English words
WAYS = {"above and to the left of": (-1, -1), "above and to the right of": (1, -1),
        "below and to the left of": (-1, 1), "below and to the right of": (1, 1),
        "left of": (-1, 0), "right of": (1, 0), "above": (0, -1), "below": (0, 1)}
WAY = "|".join(map(re.escape, WAYS))
SIDES = [(1, 0), (-1, 0), (0, 1), (0, -1)]
CORNERS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
NAMES = ["Ann", "Bob", "Cat"]


def _play(state: Any, seed: int, check: Any, limit: int = 2000) -> int:
    """Play ``state`` with seeded random moves, calling ``check(before, move, seat)`` with
    each move's position before it; returns how many placements were checked."""
    rng = Rng(seed)
    placed = 0
    for _ in range(limit):
        if state.is_terminal():
            break
        to_move = state.players_to_move()
        seat = to_move[0] if to_move else state.current_player()
        move = rng.choice(state.legal_moves(seat) if seat >= 0 else state.legal_moves())
        placed += bool(check(state, move, seat))
        state.apply_trusted(move, seat) if seat >= 0 else state.apply_trusted(move)
    return placed


def _no_coordinates(state: Any, move: Any, seat: int) -> dict[str, str]:
    texts = {lang: state.describe_move(move, seat, seat, NAMES, lang) for lang in LANGUAGES}
    for lang, text in texts.items():
        assert not COORDS.search(text), (lang, text, str(move))
        assert "{" not in text, (lang, text)
    return texts


def _neighbour(cells: dict[tuple[int, int], str], target: tuple[int, int], way: str,
               name: str, first: set[str]) -> None:
    """The square ``target`` lies ``way`` from a tile named ``name``; a corner only when no
    tile touches it by a side; a start tile (``first``) touching it by a side is the one
    named."""
    dx, dy = WAYS[way]
    assert cells.get((target[0] - dx, target[1] - dy)) == name, (target, way, name, cells)
    sides = [cells[(target[0] + a, target[1] + b)] for a, b in SIDES
             if (target[0] + a, target[1] + b) in cells]
    assert bool(sides) == (abs(dx) + abs(dy) == 1), (target, way, sides)
    if any(n in first for n in sides):
        assert name in first, (target, name, sides)


def test_glen_more_placements_name_a_real_neighbour() -> None:
    game = get_game("glen-more")
    checked = 0
    for seed in range(3):
        def check(s: Any, move: Any, seat: int) -> bool:
            if seat < 0:
                return False
            texts = _no_coordinates(s, move, seat)
            op = GM_OPS[move.op]
            terr = s.terr[seat]
            cells = {xy(p): TILES[terr.tiles[slot]].name for p, slot in terr.cells.items()}
            start = {TILES[terr.tiles[0]].name}
            if op == "place":
                m = re.fullmatch(rf"\w+ places (.+?) ({WAY}) the (.+) tile", texts["en"])
                assert m, texts["en"]
                assert m.group(1) == TILES[s.tile].name
                _neighbour(cells, xy(move.p), m.group(2), m.group(3), start)
                dx, dy = WAYS[m.group(2)]
                x, y = xy(move.p)
                shown = gm_describe.tile_name(terr.tiles[terr.cells[pos(x - dx, y - dy)]], "ru")
                assert f"тайла «{shown}»" in texts["ru"], texts["ru"]
                return True
            if op in ("pay", "sell", "act", "retire", "payclan") and move.p in terr.cells:
                name = cells[xy(move.p)]
                twins = sum(n == name for n in cells.values())
                told = re.search(rf"{re.escape(name)} \(({WAY}) the (.+?) tile\)", texts["en"])
                assert (told is not None) == (twins > 1), (texts["en"], twins)
                if told:
                    _neighbour(cells, xy(move.p), told.group(1), told.group(2), start)
            return False
        checked += _play(game.new_state(3, seed), seed, check)
    assert checked > 30


def test_glen_more_2_placements_name_a_real_neighbour() -> None:
    game = get_game("glen-more-2")
    checked = 0
    for seed in range(2):
        state = game.new_state(3, seed, {"provisional": True, "chronicles": "9,10,11"})

        def check(s: Any, move: Any, seat: int) -> bool:
            if seat < 0 or GM2_OPS[move.op] == "bid":  # a bid lists feasts ("3, 1, 2")
                return False
            texts = _no_coordinates(s, move, seat)
            if GM2_OPS[move.op] != "place":
                return False
            terr = s.terr[seat]
            cells = {(x, y): W.tile_name(s.comp, terr.tiles[slot], "en")
                     for (x, y), slot in terr.cells.items()}
            home = {W.tile_name(s.comp, s.comp.home_castle, "en")}
            m = re.fullmatch(rf"\w+ places (.+?) ({WAY}) the (.+)", texts["en"])
            assert m, texts["en"]
            target = (move.a.x, move.a.y)
            _neighbour(cells, target, m.group(2), m.group(3), home)
            dx, dy = WAYS[m.group(2)]
            tile = terr.tiles[terr.cells[(target[0] - dx, target[1] - dy)]]
            for lang, carrier in (("ru", "жетона «{}»"), ("uk", "жетона «{}»"),
                                  ("ja", "「{}」")):
                assert carrier.format(W.tile_name(s.comp, tile, lang)) in texts[lang], texts
            return True
        checked += _play(state, seed, check)
    assert checked > 20


_SKYE = re.compile(r"\w+ places .+? (?:(?P<way>" + WAY + r") the castle|"
                   r"(?P<n>\d+) squares? (?P<line>above|below|left of|right of) the castle|"
                   r"(?P<h>\d+) squares? (?P<hw>left|right) and (?P<v>\d+) squares? "
                   r"(?P<vw>up|down) from the castle), (?P<turn>not turned|turned a quarter "
                   r"clockwise|turned half round|turned a quarter anticlockwise)")


def _skye_offset(text: str) -> tuple[int, int]:
    m = _SKYE.fullmatch(text)
    assert m, text
    if m["way"]:
        return WAYS[m["way"]]
    if m["n"]:
        dx, dy = WAYS[m["line"]]
        return dx * int(m["n"]), dy * int(m["n"])
    return ((1 if m["hw"] == "right" else -1) * int(m["h"]),
            (1 if m["vw"] == "down" else -1) * int(m["v"]))


def test_isle_of_skye_placements_say_where_from_the_castle() -> None:
    game = get_game("isle-of-skye")
    checked = 0
    far = 0
    for seed in range(3):
        def check(s: Any, move: Any, seat: int) -> bool:
            nonlocal far
            if seat < 0:
                return False
            texts = _no_coordinates(s, move, seat)
            if not isinstance(move, Place):
                return False
            assert _skye_offset(texts["en"]) == (move.x, move.y)
            far += abs(move.x) + abs(move.y) > 2
            castle = words(sk_describe.MESSAGES, "ru")["castle_of"]
            assert castle == "замка" and castle in texts["ru"]
            return True
        checked += _play(game.new_state(3, seed), seed, check)
    assert checked > 30 and far > 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tile_held_once_is_named_alone_and_twins_by_their_place(lang: str) -> None:
    game = get_game("glen-more")
    s = game.new_state(2, 1)
    assert isinstance(s, GlenMoreState)
    terr = s.terr[0]
    village = next(t.index for t in TILES if t.name == "Village")
    terr.add(village, pos(1, 0))
    shown = gm_describe.tile_name(village, lang)
    assert gm_describe._at(s, 0, pos(1, 0), lang) == shown
    terr.add(village, pos(2, 0))
    twin = gm_describe._at(s, 0, pos(2, 0), lang)
    assert twin != shown and twin.startswith(shown)
    first = gm_describe._at(s, 0, pos(1, 0), lang)
    assert first != twin  # the two read apart
    start = gm_describe.tile_name(terr.tiles[0], lang)
    assert start in first  # the start tile, beside the first one, names it
    if lang in ("ru", "uk"):  # quoted inside the message's «»: the inner quotes are „“
        assert "«" not in first and "„" in first


def test_glen_more_2_twins_read_apart_by_their_place() -> None:
    game = get_game("glen-more-2")
    s = game.new_state(2, 1, {"provisional": True})
    assert isinstance(s, GlenMore2State)
    terr = s.terr[0]
    forest = next(i for i, t in enumerate(s.comp.tiles) if t.name == "Forest")
    terr.add(forest, (0, 1))
    assert gm2_describe._at(s, 0, Sq(0, 1), "en") == "Forest"
    terr.add(forest, (1, 1))
    assert gm2_describe._at(s, 0, Sq(0, 1), "en") == "Forest below the Starting village"
    assert gm2_describe._at(s, 0, Sq(1, 1), "en") == "Forest below the Home castle"
    assert gm2_describe._at(s, 0, Sq(1, 1), "ru", "from") == \
        "с жетона «Лес» снизу от жетона «Родовой замок»"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_glen_more_2_terminal_names_each_square_in_words_only(lang: str) -> None:
    from rich.text import Text

    game = get_game("glen-more-2")
    s = game.new_state(2, 1, {"provisional": True})
    assert isinstance(s, GlenMore2State)
    forest = next(i for i, t in enumerate(s.comp.tiles) if t.name == "Forest")
    s.terr[0].add(forest, (1, -1))
    lines = Text.from_markup(s.render(0, lang=lang)).plain.splitlines()
    above = gm2_describe.where(s, 0, Sq(1, -1), lang)
    castle = words(gm2_describe.MESSAGES, lang)["tile_of"].format(
        name=W.tile_name(s.comp, s.comp.home_castle, lang))
    assert above == words(core_squares.MESSAGES, lang)["above"].format(name=castle)
    line = next(x for x in lines  # the territory's line (the rondel's are indented less)
                if x.startswith("     " + W.tile_name(s.comp, forest, lang)))
    assert line.rstrip().endswith(f"— {above}"), line  # where it lies, as the log says it
    assert not any(re.search(r"-?\d+,-?\d+", x) for x in lines)  # never a square's code


def test_glen_more_twins_are_told_apart_when_a_neighbour_allows() -> None:
    s = get_game("glen-more").new_state(2, 1)
    assert isinstance(s, GlenMoreState)
    terr = s.terr[0]
    first = {name: next(t.index for t in TILES if t.name == name)
             for name in ("Forest", "Quarry")}
    for name, x, y in (("Forest", 0, -1), ("Quarry", 1, -1), ("Forest", 0, 1),
                       ("Quarry", 1, 1), ("Forest", 1, 2)):
        terr.add(first[name], pos(x, y))
    assert gm_describe._at(s, 0, pos(1, -1)) == "Quarry (right of the Forest tile)"
    assert gm_describe._at(s, 0, pos(1, 1)) == "Quarry (above the Forest tile)"
    assert gm_describe._at(s, 0, pos(1, 1), "ru") == "Каменный карьер (сверху от тайла „Лес“)"
