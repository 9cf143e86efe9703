"""The shipped component data: identical to shared/data, read correctly (R-1.x, R-2.x)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from clanboard.games.isle_of_skye.tiles import (
    castles,
    landscape_tiles,
    raw_rows,
    round_track,
    scoring_tiles,
)

DATA_FILES = ("landscape-tiles.csv", "castle-tiles.csv", "scoring-tiles.csv", "round-track.csv")


def _shared_dir() -> Path | None:
    for parent in Path(__file__).resolve().parents:
        d = parent / "shared" / "data" / "isle-of-skye"
        if (parent / "shared" / "data").is_dir() and d.is_dir():
            return d
    return None


@pytest.mark.parametrize("name", DATA_FILES)
def test_shipped_copy_equals_shared_data(name: str) -> None:
    shared = _shared_dir()
    if shared is None:
        pytest.skip("no shared/data/isle-of-skye directory above the tests; nothing to compare")
    shipped = resources.files("clanboard.games.isle_of_skye").joinpath("data", name)
    assert shipped.read_bytes() == (shared / name).read_bytes(), (
        f"{name} differs from shared/data/isle-of-skye/{name}: copy it again"
    )


def test_component_counts() -> None:
    """R-1.1 to R-1.3 and the totals the data README lists for CN's catalogue."""
    tiles = landscape_tiles()
    assert len(tiles) == 73
    assert len(castles()) == 5 and len(scoring_tiles()) == 16

    def total(k: str) -> int:
        return sum(t.count(k) for t in tiles.values())

    assert (total("whisky"), total("cattle"), total("farm")) == (27, 15, 15)
    assert (total("broch"), total("lighthouse"), total("sheep"), total("ship")) == (14, 15, 28, 28)
    assert sum(1 for t in tiles.values() if t.scroll) == 14
    assert sum(1 for t in tiles.values() if max(t.roads) >= 0) == 56
    edges = "".join(t.edges for t in tiles.values())
    assert (edges.count("P"), edges.count("W"), edges.count("M")) == (107, 96, 89)


def test_roads_never_end_on_water() -> None:
    """R-2.3: in the data every road exit is on pasture or mountain."""
    for t in [*landscape_tiles().values(), *castles().values()]:
        for d in range(4):
            if t.roads[d] >= 0:
                assert t.edges[d] != "W", t.id


def test_separate_road_networks_on_l33_l36() -> None:
    """R-2.4: L33 and L36 carry two roads, N-W and E-S."""
    for tid in ("L33", "L36"):
        roads = landscape_tiles()[tid].roads
        assert roads[0] == roads[3] != roads[1] == roads[2]
    assert len(set(landscape_tiles()["L18"].roads)) == 1  # one network of four exits


def test_regions_within_tiles() -> None:
    """R-2.6: adjacent equal edges are one region; joins link opposite edges; internal apart."""
    t = landscape_tiles()
    assert t["L01"].edge_region == (0, 0, 1, 1)  # PPMM: N-E pasture, S-W mountain
    assert t["L12"].edge_region[0] == t["L12"].edge_region[2]  # PMPM joined N+S
    assert t["L12"].edge_region[1] != t["L12"].edge_region[3]  # the mountains stay apart
    assert t["L16"].edge_region[0] != t["L16"].edge_region[2]  # WPWM: waters not joined
    assert t["L07"].internal and t["L07"].region_terrain[t["L07"].internal[0]] == "M"
    # L07's broch and whisky sit in its internal mountain (icon_areas)
    assert {(k, r) for k, _, r in t["L07"].icons} == {
        ("broch", t["L07"].internal[0]), ("whisky", t["L07"].internal[0])
    }


def test_castles_as_in_data() -> None:
    """R-1.2, R-3.4: blue/yellow/red PWPM with roads N,S,W; white/green turned 180 degrees."""
    c = castles()
    assert list(c) == ["blue", "yellow", "red", "white", "green"]
    assert c["blue"].edges == "PWPM" and c["white"].edges == "PMPW"
    assert [d for d in range(4) if c["blue"].roads[d] >= 0] == [0, 2, 3]
    assert c["blue"].edge_region[0] == c["blue"].edge_region[2]  # pasture N+S through it


def test_round_tracks() -> None:
    """R-4.2, R-9.1, R-11.1: letters and catch-up gold; every letter scores 3 times."""
    four = round_track(4)
    assert [r.letters for r in four] == [
        ("A",), ("B",), ("A", "C"), ("B", "D"), ("A", "C", "D"), ("B", "C", "D")
    ]
    assert [r.catchup for r in four] == [0, 0, 1, 2, 3, 4]
    assert round_track(2) == round_track(3) == four
    five = round_track(5)
    assert [r.letters for r in five] == [
        ("A", "B"), ("A", "C"), ("B", "D"), ("A", "C", "D"), ("B", "C", "D")
    ]
    assert [r.catchup for r in five] == [0, 0, 1, 2, 3]
    for track in (four, five):
        for letter in "ABCD":
            assert sum(letter in r.letters for r in track) == 3


def test_hq_reading_switches_only_the_disputed_tiles() -> None:
    """Disputed tiles: CN primary; option tile_reading=hq applies HQ's reading from the file."""
    cn, hq = landscape_tiles("cn"), landscape_tiles("hq")
    disputed = {r["id"] for r in raw_rows("landscape-tiles.csv") if r["status"] == "disputed"}
    assert len(disputed) == 14
    changed = {k for k in cn if (cn[k], cn[k].counts, cn[k].icons) != (hq[k], hq[k].counts,
                                                                        hq[k].icons)}
    assert changed == disputed
    assert [d for d in range(4) if hq["L02"].roads[d] >= 0] == [0, 1]  # road exits NE
    assert hq["L16"].count("sheep") == 2 and hq["L58"].count("ship") == 1
    assert hq["L63"].edges == "WWWP"
    # L20: HQ's mountain centre joins E+W and splits the pastures
    assert hq["L20"].edge_region[1] == hq["L20"].edge_region[3]
    assert hq["L20"].edge_region[0] != hq["L20"].edge_region[2]
