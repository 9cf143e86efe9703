"""Component data: landscape tiles, castles, scoring tiles and the round track.

Read once from the CSV files shipped in ``data/`` (copies of ``shared/data/isle-of-skye``).
A :class:`Tile` knows its terrain regions: edges are numbered N=0, E=1, S=2, W=3 in the
tile's printed orientation; a rotation of ``r`` clockwise quarter turns shows local edge
``(d - r) % 4`` on direction ``d`` (R-8.1, E-21).
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

DIRS = "NESW"
#: grid offsets per direction: x grows east, y grows south (E-21)
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))
TERRAIN_NAMES = {"P": "pasture", "M": "mountain", "W": "water"}
TERRAIN_CODES = {v: k for k, v in TERRAIN_NAMES.items()}
ICON_KINDS = ("whisky", "sheep", "cattle", "farm", "broch", "lighthouse", "ship")
#: scroll key -> (icon counted, objects per VP); whisky counts tiles (R-10.1)
SCROLLS: dict[str, tuple[str, int]] = {
    "sheep_per_2": ("sheep", 2),
    "cattle_per_1": ("cattle", 1),
    "whisky_tiles_per_2": ("whisky", 2),
    "broch_per_1": ("broch", 1),
    "ships_per_2": ("ship", 2),
    "farm_per_1": ("farm", 1),
    "lighthouse_per_1": ("lighthouse", 1),
}
LETTERS = "ABCD"

# The classes below have ``__reduce__``: copies and pickles work also when this module is
# compiled (setup.py), where a frozen dataclass cannot be rebuilt field by field.


@dataclass(frozen=True)
class Tile:
    """One square tile in its printed orientation.

    ``edge_region[i]`` is the local region id of edge ``i``; regions ``0..n-1`` have
    terrains ``region_terrain``; internal regions touch no edge. ``roads[i]`` is the road
    network id on edge ``i`` (``-1``: no road). ``icons`` lists ``(kind, count, region)``.
    """

    id: str
    edges: str
    edge_region: tuple[int, int, int, int]
    region_terrain: tuple[str, ...]
    internal: tuple[int, ...]
    roads: tuple[int, int, int, int]
    counts: dict[str, int] = field(hash=False, compare=False)
    icons: tuple[tuple[str, int, int], ...] = ()
    scroll: str = ""
    scroll_region: int = -1
    castle: bool = False

    def count(self, kind: str) -> int:
        return self.counts.get(kind, 0)

    @property
    def turned(self) -> tuple[str, str, str, str]:
        """The edge strings (N,E,S,W) shown at rotations 0-3."""
        e = self.edges
        return (e, e[3] + e[:3], e[2:] + e[:2], e[1:] + e[0])

    def __reduce__(self) -> tuple[Any, ...]:
        return (Tile, (self.id, self.edges, self.edge_region, self.region_terrain,
                       self.internal, self.roads, self.counts, self.icons, self.scroll,
                       self.scroll_region, self.castle))

    def edge(self, direction: int, rot: int) -> str:
        """Terrain shown on ``direction`` when turned ``rot`` quarter turns clockwise."""
        return self.edges[(direction - rot) % 4]

    def road(self, direction: int, rot: int) -> int:
        return self.roads[(direction - rot) % 4]

    def region_at(self, direction: int, rot: int) -> int:
        return self.edge_region[(direction - rot) % 4]

    def __repr__(self) -> str:
        return f"Tile({self.id} {self.edges})"


def make_tile(
    tile_id: str,
    edges: str,
    roads: str = "",
    road_networks: str = "",
    joins: str = "",
    internal: str = "",
    counts: dict[str, int] | None = None,
    icon_areas: str = "",
    scroll: str = "",
    castle: bool = False,
) -> Tile:
    """Build a tile from the data-file columns (also used by tests for made-up tiles)."""
    edges = edges.upper()
    if len(edges) != 4 or any(c not in "PMW" for c in edges):
        raise ValueError(f"tile {tile_id}: edges must be four of P/M/W, got {edges!r}")
    parent = list(range(4))

    def find(i: int) -> int:
        while parent[i] != i:
            i = parent[i]
        return i

    for i in range(4):  # adjacent equal edges are one region (data README)
        j = (i + 1) % 4
        if edges[i] == edges[j]:
            parent[find(i)] = find(j)
    for pair in filter(None, joins.split("|")):
        a, b = (DIRS.index(c) for c in pair.split("+"))
        if edges[a] != edges[b]:
            raise ValueError(f"tile {tile_id}: join {pair} links different terrains")
        parent[find(a)] = find(b)
    ids: dict[int, int] = {}
    edge_region = []
    terrains: list[str] = []
    for i in range(4):
        root = find(i)
        if root not in ids:
            ids[root] = len(terrains)
            terrains.append(edges[i])
        edge_region.append(ids[root])
    internal_ids = []
    internal_of: dict[str, int] = {}
    for name in filter(None, (s.strip() for s in internal.split(";"))):
        internal_of[name] = len(terrains)
        internal_ids.append(len(terrains))
        terrains.append(TERRAIN_CODES[name])
    road_ids = [-1, -1, -1, -1]
    nets = road_networks or ("+".join(roads) if roads else "")
    for k, net in enumerate(filter(None, nets.split("|"))):
        for c in net.split("+"):
            road_ids[DIRS.index(c)] = k
    for c in roads:
        if road_ids[DIRS.index(c)] < 0:
            raise ValueError(f"tile {tile_id}: road exit {c} is in no road network")

    def region_of(loc: str) -> int:
        if loc.startswith("edge-"):
            return edge_region[DIRS.index(loc[5:])]
        if loc.startswith("internal-"):
            return internal_of[loc[9:]]
        raise ValueError(f"tile {tile_id}: unknown icon location {loc!r}")

    icons = []
    scroll_region = -1
    for part in filter(None, (s.strip() for s in icon_areas.split(";"))):
        m = re.fullmatch(r"(\w+)x(\d+)@([\w-]+)", part)
        if not m:
            raise ValueError(f"tile {tile_id}: cannot read icon area {part!r}")
        kind, n, loc = m.group(1), int(m.group(2)), m.group(3)
        if kind == "scroll":
            scroll_region = region_of(loc)
        else:
            icons.append((kind, n, region_of(loc)))
    return Tile(
        id=tile_id,
        edges=edges,
        edge_region=(edge_region[0], edge_region[1], edge_region[2], edge_region[3]),
        region_terrain=tuple(terrains),
        internal=tuple(internal_ids),
        roads=(road_ids[0], road_ids[1], road_ids[2], road_ids[3]),
        counts={k: v for k, v in (counts or {}).items() if v},
        icons=tuple(icons),
        scroll=scroll,
        scroll_region=scroll_region,
        castle=castle,
    )


def _read(name: str) -> list[dict[str, str]]:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


def _hq_reading(row: dict[str, str]) -> dict[str, str]:
    """HQ's reading of a disputed tile: the fields its ``differences`` note names,
    taken from HQ's raw code (edges, roads, centre) or the note itself (icon counts)."""
    row = dict(row)
    code = row["hq_code"]
    centre, pairs = code[0], [code[1 + 2 * i: 3 + 2 * i] for i in range(4)]
    hq_edges = "".join({"g": "P", "m": "M", "w": "W"}[p[0]] for p in pairs)
    diff = row["differences"]
    if diff.startswith("road exits"):
        nets: dict[str, list[str]] = {}
        for d, p in zip(DIRS, pairs, strict=True):
            if p[1] != "-":
                nets.setdefault(p[1], []).append(d)
        row["roads"] = "".join(d for d in DIRS if any(d in v for v in nets.values()))
        row["road_networks"] = "|".join("+".join(v) for v in nets.values())
    elif diff.startswith("edges"):
        row["edges"] = hq_edges
    elif diff.startswith("area topology"):
        t = {"g": "P", "m": "M", "w": "W"}[centre]
        row["joins"] = "|".join(
            pair for pair, (a, b) in (("N+S", (0, 2)), ("E+W", (1, 3)))
            if hq_edges[a] == hq_edges[b] == t
        )
    else:
        m = re.match(r"(\w+) HQ=(\d+) vs CN=(\d+)", diff)
        if not m:
            raise ValueError(f"cannot read the difference note of {row['id']}: {diff!r}")
        kind = m.group(1)
        row[kind] = m.group(2)
        old = int(m.group(3))
        new = int(m.group(2))

        def fix(part: str) -> str:
            k, _, rest = part.partition("x")
            if k != kind:
                return part
            n, _, loc = rest.partition("@")
            return f"{k}x{int(n) - old + new}@{loc}" if int(n) - old + new > 0 else ""

        row["icon_areas"] = ";".join(
            filter(None, (fix(p) for p in row["icon_areas"].split(";")))
        )
    return row


def _tile_from_row(row: dict[str, str], castle: bool = False) -> Tile:
    counts = {k: int(row[k] or 0) for k in ICON_KINDS}
    return make_tile(
        row["id"] if not castle else f"castle-{row['color']}",
        row["edges"],
        row["roads"],
        row["road_networks"],
        row["joins"],
        row.get("internal", ""),
        counts,
        row.get("icon_areas", ""),
        row["scroll"],
        castle,
    )


@cache
def landscape_tiles(reading: str = "cn") -> dict[str, Tile]:
    """The 73 bag tiles by id. ``reading="hq"`` swaps in HQ's reading of the disputed tiles."""
    tiles = {}
    for row in _read("landscape-tiles.csv"):
        if reading == "hq" and row["status"] == "disputed":
            row = _hq_reading(row)
        tiles[row["id"]] = _tile_from_row(row)
    return tiles


@cache
def castles() -> dict[str, Tile]:
    """The five castle tiles by colour, in the file's order."""
    return {row["color"]: _tile_from_row(row, castle=True) for row in _read("castle-tiles.csv")}


@dataclass(frozen=True)
class ScoringTile:
    id: str
    key: str
    name: str
    rule: str

    def __reduce__(self) -> tuple[Any, ...]:
        return (ScoringTile, (self.id, self.key, self.name, self.rule))


@cache
def scoring_tiles() -> dict[str, ScoringTile]:
    return {
        r["id"]: ScoringTile(r["id"], r["key"], r["name"], r["rule"])
        for r in _read("scoring-tiles.csv")
    }


@dataclass(frozen=True)
class RoundInfo:
    letters: tuple[str, ...]
    catchup: int

    def __reduce__(self) -> tuple[Any, ...]:
        return (RoundInfo, (self.letters, self.catchup))


@cache
def round_track(num_players: int) -> tuple[RoundInfo, ...]:
    """Per round (1-based list index + 1): active letters and catch-up gold (R-4.2, R-9.1)."""
    side = "5" if num_players == 5 else "2-4"
    rows = sorted(
        (r for r in _read("round-track.csv") if r["players"] == side), key=lambda r: int(r["round"])
    )
    return tuple(
        RoundInfo(tuple(r["active_letters"].split("|")), int(r["catchup_gold_per_player_ahead"]))
        for r in rows
    )


def tile_ids() -> list[str]:
    return sorted(landscape_tiles())


def raw_rows(name: str) -> list[dict[str, Any]]:
    """The rows of one data file (for tests and documentation)."""
    return _read(name)
