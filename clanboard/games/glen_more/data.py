"""Glen More components, read once from the CSV files in ``data/`` (see data/README.md).

Tiles are numbered 0..71 in file order: 0..66 are the stack tiles T01..T67, 67..71 the
start villages S1..S5. Costs, bonuses and activations are parsed from the data's
notation into :class:`Need` (what is paid) and :class:`Rule` (input -> output).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path
from typing import Final

DATA_DIR = Path(__file__).with_name("data")

RESOURCES = ("wood", "stone", "sheep", "cattle", "grain")
RES_INDEX = {name: i for i, name in enumerate(RESOURCES)}
RES_LETTER = "wsScg"  # wood stone Sheep cattle grain (render only)

# Need.mode
FIXED: Final = 0
DISTINCT: Final = 1
ANY: Final = 2
WHISKY: Final = 3
CLAN: Final = 4

PRODUCTION_KINDS = frozenset({"quarry", "forest", "meadow", "pasture", "field"})
GREY_KINDS = frozenset({"village", "castle", "start_village"})
VILLAGE_KINDS = frozenset({"village", "start_village"})


@dataclass(frozen=True, slots=True)
class Need:
    """Something to pay: FIXED ``counts`` of each resource, ``n`` DISTINCT resources,
    ``n`` resources of ANY kinds, ``n`` WHISKY barrels, or a clansman/chieftain (CLAN)."""

    mode: int
    counts: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    n: int = 0

    @property
    def total(self) -> int:
        return sum(self.counts) if self.mode == FIXED else self.n


@dataclass(frozen=True, slots=True)
class Rule:
    """One activation rule: pay ``need`` (None = free), then gain the outputs."""

    need: Need | None
    vp: int = 0
    whisky: int = 0
    move: int = 0
    produce: int = -1  # resource index put on the tile; -2 = any (Iona Abbey)
    text: str = ""


@dataclass(frozen=True, slots=True)
class Tile:
    index: int
    id: str
    stack: int  # 0..3, or -1 for a start village
    name: str
    name_ru: str
    frame: str
    kind: str
    cost: Need | None
    cost_text: str
    bonus_clansman: int
    bonus_whisky: int
    card: int  # index into CARDS, -1 if none
    rules: tuple[Rule, ...]
    activation_text: str
    river: bool
    road: bool


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    id: str
    name: str
    name_ru: str
    tile: int  # tile index
    timing: str
    effect: str
    hats: int
    text: str


def _items(text: str) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for part in text.split("+"):
        words = part.split()
        if not words:
            continue
        if len(words) == 2:
            out.append((int(words[0]), words[1]))
        elif len(words) == 1:
            out.append((1, words[0]))
        else:
            raise ValueError(f"bad item {part!r}")
    return out


def _need(items: list[tuple[int, str]]) -> Need:
    counts = [0] * 5
    for n, tok in items:
        if tok in RES_INDEX:
            counts[RES_INDEX[tok]] += n
        elif tok == "distinct":
            return Need(DISTINCT, n=n)
        elif tok == "any":
            return Need(ANY, n=n)
        elif tok == "whisky":
            return Need(WHISKY, n=n)
        elif tok in ("clansman", "chieftain"):
            return Need(CLAN, n=1)
        else:
            raise ValueError(f"unknown token {tok!r}")
    return Need(FIXED, (counts[0], counts[1], counts[2], counts[3], counts[4]))


def _cost(text: str) -> Need | None:
    text = text.strip()
    if not text:
        return None
    alts = [_need(_items(a)) for a in text.split("|")]
    if len(alts) > 1 and not all(a.mode == CLAN for a in alts):
        raise ValueError(f"unsupported cost alternatives {text!r}")
    return alts[0]


def _rule(text: str) -> Rule:
    left, _, right = text.partition("->")
    need = _need(_items(left)) if left.strip() else None
    vp = whisky = move = 0
    produce = -1
    for n, tok in _items(right):
        if tok == "vp":
            vp += n
        elif tok == "whisky":
            whisky += n
        elif tok == "move":
            move += n
        elif tok in RES_INDEX:
            produce = RES_INDEX[tok]
        elif tok == "any":
            produce = -2
        else:
            raise ValueError(f"unknown activation output {tok!r}")
    return Rule(need, vp, whisky, move, produce, text.strip())


def _load() -> tuple[tuple[Tile, ...], tuple[Card, ...]]:
    with (DATA_DIR / "specials.csv").open(encoding="utf-8", newline="") as f:
        card_rows = list(csv.DictReader(f))
    with (DATA_DIR / "tiles.csv").open(encoding="utf-8", newline="") as f:
        tile_rows = list(csv.DictReader(f))
    tile_ids = [r["id"] for r in tile_rows]
    card_names = {r["name"]: i for i, r in enumerate(card_rows)}
    cards = tuple(
        Card(i, r["id"], r["name"], r["name_ru"], tile_ids.index(r["tile_id"]), r["timing"],
             r["effect"], int(r["hats"]), r["effect_text"])
        for i, r in enumerate(card_rows)
    )
    tiles = []
    for i, r in enumerate(tile_rows):
        bonus = dict((tok, n) for n, tok in _items(r["placement_bonus"]))
        card = card_names[r["special_card"]] if r["special_card"] else -1
        if ("card" in bonus) != (card >= 0):
            raise ValueError(f"tile {r['id']}: card bonus and special_card disagree")
        rules = tuple(_rule(t) for t in r["activation"].split("|") if t.strip())
        tiles.append(Tile(
            index=i, id=r["id"], stack=-1 if r["stack"] == "start" else int(r["stack"]),
            name=r["name"], name_ru=r["name_ru"], frame=r["frame"], kind=r["kind"],
            cost=_cost(r["cost"]), cost_text=r["cost"], bonus_clansman=bonus.get("clansman", 0),
            bonus_whisky=bonus.get("whisky", 0), card=card, rules=rules,
            activation_text=r["activation"], river=r["river"] == "1", road=r["road"] == "1",
        ))
    return tuple(tiles), cards


TILES, CARDS = _load()
TILE_BY_ID = {t.id: t.index for t in TILES}
CARD_BY_NAME = {c.name: c.index for c in CARDS}
STACK_TILES = tuple(t.index for t in TILES if t.stack >= 0)
START_TILES = tuple(t.index for t in TILES if t.stack < 0)
NUM_STACK_TILES = len(STACK_TILES)


def _card(name: str) -> int:
    return CARD_BY_NAME[name]


MEY = _card("Castle of Mey")
LOCHY = _card("Loch Lochy")
STALKER = _card("Castle Stalker")
CAWDOR = _card("Cawdor Castle")
MORAR = _card("Loch Morar")
NESS = _card("Loch Ness")
IONA = _card("Iona Abbey")
DUART = _card("Duart Castle")
MOIL = _card("Castle Moil")
SHIEL = _card("Loch Shiel")
DONAN = _card("Donan Castle")
OICH = _card("Loch Oich")
ARMADALE = _card("Armadale Castle")

#: difference to the player with the least -> VP (board table; 5 or more -> 8)
SCORE_TABLE = (0, 1, 2, 3, 5, 8)


def table_vp(diff: int) -> int:
    return SCORE_TABLE[min(diff, 5)]


def final_vp_per_tile(card: Card) -> tuple[int, str]:
    """(VP, what) for a final-scoring card: ``vp_per_tile 2 yellow`` -> (2, 'yellow')."""
    words = card.effect.split()
    return int(words[1]), words[2]


def _check() -> None:
    assert len(TILES) == 72 and len(CARDS) == 13 and NUM_STACK_TILES == 67
    assert all(TILES[i].stack >= 0 for i in range(67))
    for c in CARDS:
        assert TILES[c.tile].card == c.index


_check()
