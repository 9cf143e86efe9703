"""Isle of Skye moves and the final result in words (:meth:`State.describe_move`,
:meth:`State.result_explanation`).

The discard and the prices are chosen behind the screen: for anyone but the mover those
moves say only that a choice was made, the same words whichever tile or price it was."""

from __future__ import annotations

from collections.abc import Sequence
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
from clanboard.games.isle_of_skye.tiles import ICON_KINDS, LETTERS, scoring_tiles

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
    "place": "{who} places {tile} {where}",  # not Glen More's "{at}": its own id
    "castle_of": "the castle",
    "return": "{who} puts the unwanted {tile} back in the bag",
    "draw": "a tile is drawn",
    "deal": "scoring tile {letter} is {name}",
    "icons": "{id} ({icons})",
    "round": "Round {n}",
    "scoring_row": "{letter}: {name}",
    "final": "End of the game",
    "scrolls": "scrolls",
    "gold": "gold (1 point per 5)",
    "total": "total",
    "tiebreak_leftover": "tied on points: the most gold left over after the exchange wins",
    "tiebreak_total": "tied on points: the most gold wins",
    "counted": "{n} {kind}",
    "scroll": "scroll",
}
"""User-facing words (one place, for catalogues)."""

# game terms shown in words, catalogued like the messages
ICONS = {k: k for k in ICON_KINDS} | {"road": "road"}
SCORING_NAMES = {t.name: t.name for t in scoring_tiles().values()}


def tile_words(state: SkyeState, tile_id: str, lang: str = "en") -> str:
    """"L12 (whisky, 2 sheep, road)": the tile's id and what it shows."""
    tile = state.tiles.get(tile_id)
    if tile is None:
        return tile_id
    m, icons = words(MESSAGES, lang), words(ICONS, lang)
    parts = [m["counted"].format(n=n, kind=icons.get(kind, kind)) if n > 1
             else icons.get(kind, kind) for kind, n in sorted(tile.counts.items()) if n]
    if tile.scroll:
        parts.append(m["scroll"])
    if not parts:
        return tile_id
    return m["icons"].format(id=tile_id, icons=", ".join(parts))


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
                                 where=where(move.x, move.y, lang))
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
