"""The 16 scoring tiles (rules §9.S), round scoring and end scoring (R-10).

Each scoring tile is a small function. Per-territory tiles take a :class:`Territory`
(and a :class:`Rules`) and return VP; majority tiles (S07, S08, S10) take every
player's value and return each player's VP.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from mypy_extensions import mypyc_attr

from clanboard.games.isle_of_skye.territory import Territory
from clanboard.games.isle_of_skye.tiles import SCROLLS


@mypyc_attr(native_class=False)  # a plain class when compiled: copies and pickles as before
@dataclass(frozen=True)
class Rules:
    """The [interp] switches that change scoring (game options, see game.py)."""

    castle_on_roads: bool = True  # S14: the castle counts as a road-connected tile
    animals_once: bool = True  # S09: an animal near several farms counts once
    vertical_runs: str = "each"  # S13: "each" run of >= 3, or at most one per "column"
    castle_whisky: bool = False  # the castle is not a whisky tile


def majority_5_2(values: Sequence[int]) -> list[int]:
    """5 VP to every highest (v >= 1); 2 VP to every next-highest (v >= 1) only when
    exactly one player is highest (rules §9.S)."""
    vp = [0] * len(values)
    present = sorted({v for v in values if v >= 1}, reverse=True)
    if not present:
        return vp
    top = [i for i, v in enumerate(values) if v == present[0]]
    for i in top:
        vp[i] = 5
    if len(top) == 1 and len(present) > 1:
        for i, v in enumerate(values):
            if v == present[1]:
                vp[i] = 2
    return vp


def whisky_tiles(t: Territory, rules: Rules = Rules()) -> int:
    """Tiles with whisky barrels (the castle only under the R-10.6 alternative)."""
    n = t.count("whisky")
    if rules.castle_whisky and any(tile.castle for tile, _ in t.cells.values()):
        n += 1
    return n


def s01_squares(t: Territory, rules: Rules = Rules()) -> int:
    cells = t.cells
    return 2 * sum(
        1 for (x, y) in cells
        if (x + 1, y) in cells and (x, y + 1) in cells and (x + 1, y + 1) in cells
    )


def s02_completed_areas(t: Territory, rules: Rules = Rules()) -> int:
    return sum(1 for a in t.areas() if a.completed)


def s03_sheep(t: Territory, rules: Rules = Rules()) -> int:
    return t.count("sheep")


def s04_large_completed_areas(t: Territory, rules: Rules = Rules()) -> int:
    return 3 * sum(1 for a in t.areas() if a.completed and a.size >= 3)


def s05_brochs_in_mountains(t: Territory, rules: Rules = Rules()) -> int:
    table = (0, 1, 3, 6)
    return sum(
        table[min(a.icons.get("broch", 0), 3)] for a in t.areas() if a.terrain == "M"
    )


def s06_broch_farm_lighthouse(t: Territory, rules: Rules = Rules()) -> int:
    return 5 * min(t.count("broch"), t.count("farm"), t.count("lighthouse"))


def s07_whisky_majority(ts: Sequence[Territory], rules: Rules = Rules()) -> list[int]:
    return majority_5_2([whisky_tiles(t, rules) for t in ts])


def s08_ships_majority(ts: Sequence[Territory], rules: Rules = Rules()) -> list[int]:
    return majority_5_2([t.count("ship") for t in ts])


def s09_animals_near_farms(t: Territory, rules: Rules = Rules()) -> int:
    farms = [c for c, (tile, _) in t.cells.items() if tile.count("farm")]

    def near(c: tuple[int, int], f: tuple[int, int]) -> bool:
        return abs(c[0] - f[0]) <= 1 and abs(c[1] - f[1]) <= 1

    total = 0
    for c, (tile, _) in t.cells.items():
        animals = tile.count("sheep") + tile.count("cattle")
        if not animals:
            continue
        k = sum(1 for f in farms if near(c, f))
        total += animals * (min(k, 1) if rules.animals_once else k)
    return total


def s10_gold_majority(gold: Sequence[int]) -> list[int]:
    return majority_5_2(list(gold))


def s11_cattle_on_roads(t: Territory, rules: Rules = Rules()) -> int:
    return 2 * sum(t.cells[c][0].count("cattle") for c in t.road_connected())


def s12_ship_and_lighthouse(t: Territory, rules: Rules = Rules()) -> int:
    return 3 * sum(
        1 for a in t.areas()
        if a.terrain == "W" and a.icons.get("ship", 0) >= 1 and a.icons.get("lighthouse", 0) >= 1
    )


def s13_vertical_lines(t: Territory, rules: Rules = Rules()) -> int:
    columns: dict[int, list[int]] = {}
    for x, y in t.cells:
        columns.setdefault(x, []).append(y)
    lines = 0
    for ys in columns.values():
        ys.sort()
        runs, length = 0, 1
        for a, b in zip(ys, ys[1:], strict=False):
            if b == a + 1:
                length += 1
            else:
                runs += length >= 3
                length = 1
        runs += length >= 3
        lines += min(runs, 1) if rules.vertical_runs == "column" else runs
    return 3 * lines


def s14_road_connected_tiles(t: Territory, rules: Rules = Rules()) -> int:
    connected = t.road_connected()
    if rules.castle_on_roads:
        return len(connected)
    return sum(1 for c in connected if not t.cells[c][0].castle)


def s15_largest_lake(t: Territory, rules: Rules = Rules()) -> int:
    return 2 * max((a.size for a in t.areas() if a.terrain == "W" and a.completed), default=0)


def s16_completed_mountains(t: Territory, rules: Rules = Rules()) -> int:
    return 2 * sum(1 for a in t.areas() if a.terrain == "M" and a.completed)


SOLO: Final[dict[str, Callable[[Territory, Rules], int]]] = {
    "S01": s01_squares,
    "S02": s02_completed_areas,
    "S03": s03_sheep,
    "S04": s04_large_completed_areas,
    "S05": s05_brochs_in_mountains,
    "S06": s06_broch_farm_lighthouse,
    "S09": s09_animals_near_farms,
    "S11": s11_cattle_on_roads,
    "S12": s12_ship_and_lighthouse,
    "S13": s13_vertical_lines,
    "S14": s14_road_connected_tiles,
    "S15": s15_largest_lake,
    "S16": s16_completed_mountains,
}


def score_tile(
    sid: str, territories: Sequence[Territory], gold: Sequence[int], rules: Rules
) -> list[int]:
    """VP each player gets from scoring tile ``sid`` now (R-9.2)."""
    if sid == "S07":
        return s07_whisky_majority(territories, rules)
    if sid == "S08":
        return s08_ships_majority(territories, rules)
    if sid == "S10":
        return s10_gold_majority(gold)
    f = SOLO[sid]
    return [f(t, rules) for t in territories]


def scroll_points(t: Territory, rules: Rules = Rules()) -> int:
    """End-game VP from the scrolls (R-10.1 to R-10.3): doubled in a completed area."""
    total = 0
    for cell, (tile, _) in t.cells.items():
        if not tile.scroll:
            continue
        kind, per = SCROLLS[tile.scroll]
        n = whisky_tiles(t, rules) if kind == "whisky" else t.count(kind)
        vp = n // per
        if tile.scroll_region >= 0 and t.analysis.area_of(cell, tile.scroll_region).completed:
            vp *= 2
        total += vp
    return total


def winners(vp: Sequence[int], gold: Sequence[int], tiebreak: str = "leftover") -> list[int]:
    """Most VP; ties broken by leftover gold (``gold % 5``, or total gold under the
    alternative); still tied: a shared win (R-10.5). ``vp`` already includes R-10.4."""
    key = [(v, g % 5 if tiebreak == "leftover" else g) for v, g in zip(vp, gold, strict=True)]
    best = max(key)
    return [i for i, k in enumerate(key) if k == best]
