"""Isle of Skye moves and the final result in words (:meth:`State.describe_move`,
:meth:`State.result_explanation`).

The discard and the prices are chosen behind the screen: for anyone but the mover those
moves say only that a choice was made, the same words whichever tile or price it was."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from clanboard.core import CHANCE, Move, Plural, seat_name, winners_text, words
from clanboard.core.squares import offset_words
from clanboard.games.isle_of_skye.moves import (
    Buy,
    Deal,
    Discard,
    Draw,
    Offer,
    Pass,
    Place,
    Price,
    Return,
)
from clanboard.games.isle_of_skye.tiles import ICON_KINDS, LETTERS, Tile, scoring_tiles

if TYPE_CHECKING:
    from clanboard.games.isle_of_skye.state import SkyeState

MESSAGES = {
    "take_back_drawn": "new tiles were drawn after it, and they cannot be un-seen",
    "take_back_revealed": "it revealed every player's prices, which cannot be un-seen",
    "discard": "{who} discards {tile}",
    "discard_hidden": "{who} chooses a tile to discard",
    "price": Plural("{who} prices {tile} at {gold} gold", "{who} prices {tile} at {gold} gold",
                    "gold"),
    "price_hidden": "{who} sets a price behind the screen",
    "offer": "{who} discards {discard} and prices {tile1} at {gold1} and {tile2} at {gold2} gold",
    "offer_hidden": "{who} sets prices behind the screen",
    "buy": Plural("{who} buys {tile} from {owner} for {gold} gold",
                  "{who} buys {tile} from {owner} for {gold} gold", "gold"),
    "pass": "{who} buys nothing",
    "place": "{who} places {tile} {where}, {turn}",  # not Glen More's "{at}": its own id
    # how the tile was turned from the way the hand shows it (quarter turns clockwise)
    "turn0": "not turned",
    "turn1": "turned a quarter clockwise",
    "turn2": "turned half round",
    "turn3": "turned a quarter anticlockwise",
    "castle_of": "the castle",
    "return": "{who} puts the unwanted {tile} back in the bag",
    "draw": "a tile is drawn",
    "deal": "scoring tile {letter} is {name}",
    "round": "Round {n}",
    "scoring_row": "{letter}: {name}",
    "final": "End of the game",
    "scrolls": "scrolls",
    "gold": "gold (1 point per 5)",
    "total": "total",
    "tiebreak_leftover": "tied on points: the most gold left over after the exchange wins",
    "tiebreak_total": "tied on points: the most gold wins",
}
"""User-facing words (one place, for catalogues)."""

# game terms shown in words, catalogued like the messages
ICONS = {k: k for k in ICON_KINDS} | {"road": "road", "scroll": "scroll"}
SCORING_NAMES = {t.name: t.name for t in scoring_tiles().values()}

TILE_WORDS = {
    "with": "the tile with {things}",
    "name": "tile with {things}",
    "where": "{tile} ({where})",
    "and": "{things} and {last}",
    "comma": ", ",
    "left": "on the left",
    "middle": "in the middle",
    "right": "on the right",
    "nth": "number {n} from the left",
    "whisky": "a whisky barrel",
    "whisky_2": "two whisky barrels",
    "whisky_3": "three whisky barrels",
    "sheep": "a sheep",
    "sheep_2": "two sheep",
    "sheep_3": "three sheep",
    "cattle": "a cow",
    "cattle_2": "two cattle",
    "cattle_3": "three cattle",
    "farm": "a farm",
    "farm_2": "two farms",
    "farm_3": "three farms",
    "broch": "a broch",
    "broch_2": "two brochs",
    "broch_3": "three brochs",
    "lighthouse": "a lighthouse",
    "lighthouse_2": "two lighthouses",
    "lighthouse_3": "three lighthouses",
    "ship": "a ship",
    "ship_2": "two ships",
    "ship_3": "three ships",
    "many": "{n} × {kind}",
    "road": "a road",
    "scroll": "a scroll",
    "P": "pasture land",
    "M": "mountains",
    "W": "open water",
}
"""A landscape tile named by what it shows (:func:`tile_words`). In Russian and Ukrainian
the things are in the instrumental case ("квадрат с бочонком виски и дорогой"), the word
for the tile itself being in the move's message ("{who} сбрасывает квадрат {tile}"), so
``with`` is only the preposition there; ``name`` is the whole noun phrase, for a board."""


@lru_cache(maxsize=1024)  # a tile's things never change: every view names every tile
def _things(tile: Tile, lang: str) -> tuple[str, ...]:
    """What the tile shows, in the order of the icons, then its road, its scroll, and its
    terrain when it has no icon (whose terrain covers most of its edges first)."""
    t = words(TILE_WORDS, lang)
    parts = [t[kind] if n == 1 else t[f"{kind}_{n}"] if n < 4  # no tile shows 4 alike
             else t["many"].format(n=n, kind=words(ICONS, lang)[kind])
             for kind in ICON_KINDS if (n := tile.count(kind))]
    icons = bool(parts)
    if any(r >= 0 for r in tile.roads):
        parts.append(t["road"])
    if tile.scroll:
        parts.append(t["scroll"])
    if not icons:
        parts += [t[c] for c in sorted(set(tile.edges), key=lambda c: -tile.edges.count(c))]
    return tuple(parts)


def _joined(parts: tuple[str, ...], t: Mapping[str, str]) -> str:
    if len(parts) < 2:
        return "".join(parts)
    return t["and"].format(things=t["comma"].join(parts[:-1]), last=parts[-1])


def _neighbours(state: SkyeState, tile_id: str) -> list[str]:
    """The tiles shown in a row with ``tile_id``, in the order shown: the hand it was
    drawn into, or, once building (the hands are put away), the tiles its owner has still
    to build."""
    rows = (*state.pending, *state.drawn) if state.phase == "build" else \
        (*state.drawn, *state.pending)
    for row in rows:
        if tile_id in row:
            return list(row)
    return [tile_id]


def tile_words(state: SkyeState, tile_id: str, lang: str = "en", *, name: bool = False) -> str:
    """A tile in words, by what it shows: "the tile with a whisky barrel, 2 sheep and a
    road" (``name``: "tile with ...", the noun phrase a board shows on its own). Where
    another tile in the same row reads the same, its place in the row is added: "(on the
    left)". Never the tile's id."""
    tile = state.tiles.get(tile_id)
    if tile is None:
        return words(TILE_WORDS, lang)["name" if name else "with"].format(things="?")
    t = words(TILE_WORDS, lang)
    form = t["name" if name else "with"]
    things = _things(tile, lang)
    text = form.format(things=_joined(things, t))
    row = _neighbours(state, tile_id)
    same = [x for x in row if x in state.tiles and _things(state.tiles[x], lang) == things]
    if len(same) < 2:
        return text
    i, n = row.index(tile_id), len(row)
    where = (t["left"] if i == 0 else t["right"] if i == n - 1
             else t["middle"] if n == 3 else t["nth"].format(n=i + 1))
    return t["where"].format(tile=text, where=where)


def tile_names(state: SkyeState, lang: str = "en") -> dict[str, str]:
    """Every landscape tile's name for a board (:func:`tile_words` with ``name``), each
    told apart from its neighbours in a row where two read the same."""
    return {tid: tile_words(state, tid, lang, name=True) for tid in state.tiles}


def where(x: int, y: int, lang: str = "en") -> str:
    """Square ``x, y`` of a territory in words, from the castle (which stands on ``0,0``;
    the board's y grows down the screen): "right of the castle", "2 squares left of the
    castle"; never its coordinates."""
    return offset_words(x, y, words(MESSAGES, lang)["castle_of"], lang)


def describe_move(state: SkyeState, move: Move, player: int, viewer: int | None,
                  names: Sequence[str] | None = None, lang: str = "en") -> str:
    """``move`` by ``player`` for ``viewer``, from the position before it, in ``lang``."""
    m = words(MESSAGES, lang)
    if player == CHANCE or isinstance(move, (Draw, Deal)):
        if isinstance(move, Deal):
            letter = LETTERS[len(state.scoring)] if len(state.scoring) < 4 else "?"
            name = words(SCORING_NAMES, lang)[scoring_tiles()[move.scoring].name]
            return m["deal"].format(letter=letter, name=name)
        return m["draw"]
    who = seat_name(names, player, lang)
    mine = viewer == player
    if isinstance(move, Discard):
        return m["discard"].format(who=who, tile=tile_words(state, move.tile, lang)) if mine \
            else m["discard_hidden"].format(who=who)
    if isinstance(move, Price):
        return m["price"].format(who=who, tile=tile_words(state, move.tile, lang),
                                 gold=move.amount) if mine \
            else m["price_hidden"].format(who=who)
    if isinstance(move, Offer):
        if not mine:
            return m["offer_hidden"].format(who=who)
        (t1, g1), (t2, g2) = move.prices
        return m["offer"].format(who=who, discard=tile_words(state, move.discard, lang),
                                 tile1=tile_words(state, t1, lang), gold1=g1,
                                 tile2=tile_words(state, t2, lang), gold2=g2)
    if isinstance(move, Buy):
        owner = next((q for q in range(state.num_players) if move.tile in state.prices[q]), -1)
        gold = state.prices[owner][move.tile] if owner >= 0 else 0
        return m["buy"].format(who=who, tile=tile_words(state, move.tile, lang),
                               owner=seat_name(names, owner, lang), gold=gold)
    if isinstance(move, Pass):
        return m["pass"].format(who=who)
    if isinstance(move, Place):
        return m["place"].format(who=who, tile=tile_words(state, move.tile, lang),
                                 where=where(move.x, move.y, lang), turn=m[f"turn{move.rot}"])
    if isinstance(move, Return):
        return m["return"].format(who=who, tile=tile_words(state, move.tile, lang))
    return f"{who}: {move}"


def result_explanation(state: SkyeState, viewer: int | None,
                       names: Sequence[str] | None = None, lang: str = "en") -> dict[str, Any]:
    """The scoring tiles' points round by round, then scrolls and gold, per player."""
    n = state.num_players
    seats = [seat_name(names, p, lang) for p in range(n)]
    m = words(MESSAGES, lang)
    scoring_names = words(SCORING_NAMES, lang)
    tiles = scoring_tiles()
    tables: list[dict[str, Any]] = []
    for i, points in enumerate(state.round_points):
        rows = []
        for sid, vps in points.items():
            letter = LETTERS[state.scoring.index(sid)] if sid in state.scoring else "?"
            rows.append({"label": m["scoring_row"].format(letter=letter,
                                                           name=scoring_names[tiles[sid].name]),
                         "values": list(vps)})
        tables.append({"title": m["round"].format(n=i + 1), "columns": seats, "rows": rows})
    final = state.final
    rows = []
    if final:
        rows = [{"label": m["scrolls"], "values": list(final.get("scrolls", []))},
                {"label": m["gold"], "values": list(final.get("gold", []))}]
    rows.append({"label": m["total"], "values": list(state.vp)})
    tables.append({"title": m["final"], "columns": seats, "rows": rows})
    lines = []
    best = max(state.vp)
    if sum(1 for v in state.vp if v == best) > 1:
        leftover = state.options.get("tiebreak", "leftover") == "leftover"
        lines.append(m["tiebreak_leftover" if leftover else "tiebreak_total"])
    return {"summary": winners_text(state.winners(), seats, lang), "lines": lines, "tables": tables}
