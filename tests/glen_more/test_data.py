"""The component data: shipped copies equal the verified data set; counts and parsing."""

from pathlib import Path

import pytest

from clanboard.games.glen_more.data import (
    CARDS,
    DATA_DIR,
    DISTINCT,
    FIXED,
    START_TILES,
    TILE_BY_ID,
    TILES,
)

FILES = ("tiles.csv", "start-tiles.csv", "specials.csv", "README.md")


def _shared() -> Path | None:
    for parent in Path(__file__).resolve().parents:
        for cand in (parent / "shared" / "data" / "glen-more",
                     parent.parent / "shared" / "data" / "glen-more"):
            if cand.is_dir():
                return cand
    return None


@pytest.mark.parametrize("name", FILES)
def test_shipped_csv_equals_shared_data(name):
    shared = _shared()
    if shared is None:
        pytest.skip("no shared/data/glen-more directory above this checkout to compare with")
    assert (DATA_DIR / name).read_bytes() == (shared / name).read_bytes()


def test_counts_from_the_data():
    assert len(TILES) == 72 and len(START_TILES) == 5
    stacks = [sum(1 for t in TILES if t.stack == s) for s in range(4)]
    assert stacks == [8, 23, 19, 17]
    assert sum(1 for t in TILES if t.card >= 0) == 13 == len(CARDS)
    # every stack-0 tile carries a river or a road (a first tile must)
    assert all(t.river != t.road for t in TILES if t.stack == 0)
    assert all(t.river and t.road for t in TILES if t.stack < 0)


def test_parsed_costs_and_rules():
    ness = TILES[TILE_BY_ID["T37"]]
    assert ness.cost is not None and ness.cost.mode == 4  # clansman | chieftain
    oich = TILES[TILE_BY_ID["T60"]]
    assert oich.cost is not None and oich.cost.mode == DISTINCT and oich.cost.n == 2
    mey = TILES[TILE_BY_ID["T38"]]
    assert mey.cost is not None and mey.cost.mode == FIXED and mey.cost.counts == (1, 1, 0, 1, 0)
    large_fair = TILES[TILE_BY_ID["T55"]]
    assert [r.vp for r in large_fair.rules] == [1, 3, 5, 8, 12] and not large_fair.road
    grocer = TILES[TILE_BY_ID["T56"]]
    need = grocer.rules[0].need
    assert grocer.rules[0].vp == 8 and need is not None and need.n == 3
