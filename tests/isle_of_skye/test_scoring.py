"""The 16 scoring tiles on hand-built territories (rules §9.S, E-6 to E-16)."""

from __future__ import annotations

from clanboard.games.isle_of_skye import scoring as S
from clanboard.games.isle_of_skye.scoring import Rules
from clanboard.games.isle_of_skye.tiles import Tile
from tests.isle_of_skye.helpers import terr, tile

PPPP = tile("PPPP")
MMMM = tile("MMMM")
WWWW = tile("WWWW")


def pocket(terrain: str, length: int) -> list[Tile]:
    """Tiles in a row whose ``terrain`` area is enclosed: end caps show it only on the
    inner edge, middles join it E+W; every other edge is of another terrain."""
    other = "M" if terrain != "M" else "P"
    o = other
    if length == 1:
        return [tile(o * 4, internal={"P": "pasture", "M": "mountain", "W": "water"}[terrain])]
    left = tile(f"{o}{terrain}{o}{o}")
    right = tile(f"{o}{o}{o}{terrain}")
    middle = tile(f"{o}{terrain}{o}{terrain}", joins="E+W")
    return [left] + [middle] * (length - 2) + [right]


def row(tiles: list, y: int, x0: int = 0) -> dict:
    return {(x0 + i, y): t for i, t in enumerate(tiles)}


# -- S01 squares (E-6) ------------------------------------------------------------------


def test_s01_squares_e6() -> None:
    square = terr({(0, 0): PPPP, (1, 0): PPPP, (0, 1): PPPP, (1, 1): PPPP})
    assert S.s01_squares(square) == 2
    assert S.s01_squares(terr(row([PPPP] * 3, 0))) == 0


def test_s01_squares_overlap() -> None:
    block = terr({(x, y): PPPP for x in range(3) for y in range(2)})  # 3x2: two blocks
    assert S.s01_squares(block) == 4


# -- S02 completed areas (E-7) ------------------------------------------------------------


def test_s02_completed_areas_e7() -> None:
    # a pasture pocket across two tiles (completed) + an internal water (completed)
    # while the mountain around them stays open
    left = tile("MPMM", internal="water")
    right = tile("MMMP")
    t = terr({(0, 0): left, (1, 0): right})
    kinds = sorted((a.terrain, a.completed) for a in t.areas())
    assert ("P", True) in kinds and ("W", True) in kinds and ("M", False) in kinds
    assert S.s02_completed_areas(t) == 2


def test_s02_open_area_is_not_completed() -> None:
    t = terr({(0, 0): tile("MPMM")})  # the pasture edge faces an empty cell
    assert S.s02_completed_areas(t) == 0


# -- S03 sheep ------------------------------------------------------------------------------


def test_s03_counts_sheep_icons_not_tiles() -> None:
    t = terr({(0, 0): tile("PPPP", counts={"sheep": 3}), (1, 0): tile("PPPP", counts={"sheep": 1})})
    assert S.s03_sheep(t) == 4


# -- S04 large completed areas (E-8) ----------------------------------------------------------


def test_s04_large_completed_areas_e8() -> None:
    t = terr({**row(pocket("P", 3), 0), **row(pocket("W", 2), 2), **row([PPPP] * 4, 4)})
    sizes = sorted((a.size, a.completed) for a in t.areas() if a.terrain in "PW")
    assert (3, True) in sizes and (2, True) in sizes and (4, False) in sizes
    assert S.s04_large_completed_areas(t) == 3
    assert S.s04_large_completed_areas(terr(row(pocket("P", 4), 0))) == 3


# -- S05 brochs in mountain areas (E-9) ---------------------------------------------------------


def broch_tile(terrain: str, n: int) -> Tile:
    return tile(terrain * 4, counts={"broch": n}, icon_areas=f"brochx{n}@edge-N")


def test_s05_brochs_in_mountains_e9() -> None:
    t = terr({
        (0, 0): broch_tile("M", 1), (2, 0): broch_tile("M", 2), (4, 0): broch_tile("M", 4),
        (6, 0): broch_tile("P", 2),
    })
    assert S.s05_brochs_in_mountains(t) == 1 + 3 + 6


def test_s05_counts_per_area_across_tiles() -> None:
    joined = terr({(0, 0): broch_tile("M", 1), (1, 0): broch_tile("M", 1)})
    assert S.s05_brochs_in_mountains(joined) == 3  # one area with 2 brochs, not 1 + 1


# -- S06 sets (E-10) ---------------------------------------------------------------------------


def test_s06_broch_farm_lighthouse_e10() -> None:
    t = terr({(0, 0): tile("PPPP", counts={"broch": 2, "farm": 3, "lighthouse": 4})})
    assert S.s06_broch_farm_lighthouse(t) == 10
    t = terr({(0, 0): tile("PPPP", counts={"broch": 1, "farm": 0, "lighthouse": 3})})
    assert S.s06_broch_farm_lighthouse(t) == 0


# -- majorities S07, S08, S10 (E-11) --------------------------------------------------------------


def counted(kind: str, n: int):
    return terr({(i, 0): tile("PPPP", counts={kind: 1}) for i in range(n)})


def test_majority_rule() -> None:
    assert S.majority_5_2([3, 1]) == [5, 2]
    assert S.majority_5_2([2, 2]) == [5, 5]
    assert S.majority_5_2([4, 4, 1]) == [5, 5, 0]  # tie for first: nobody gets 2
    assert S.majority_5_2([4, 2, 2, 0]) == [5, 2, 2, 0]  # tie for second: 2 each
    assert S.majority_5_2([0, 0]) == [0, 0]  # v >= 1 to take part
    assert S.majority_5_2([3, 0]) == [5, 0]


def test_s07_whisky_majority_e11() -> None:
    assert S.s07_whisky_majority([counted("whisky", 3), counted("whisky", 1)]) == [5, 2]


def test_s07_castle_is_not_whisky_by_default() -> None:
    """R-10.6: the castle's income icon is not a whisky tile (alternative: it is)."""
    with_castle = terr({}, castle=True)
    assert S.s07_whisky_majority([with_castle, counted("whisky", 0)]) == [0, 0]
    assert S.s07_whisky_majority([with_castle, terr({(0, 0): PPPP})],
                                 Rules(castle_whisky=True)) == [5, 0]


def test_s08_ships_majority_e11() -> None:
    assert S.s08_ships_majority([counted("ship", 2), counted("ship", 2)]) == [5, 5]


def test_s10_gold_majority_e11() -> None:
    assert S.s10_gold_majority([7, 3]) == [5, 2]


# -- S09 animals at farms (E-12) --------------------------------------------------------------


def test_s09_animals_near_farms_e12() -> None:
    a = terr({
        (0, 0): tile("PPPP", counts={"farm": 1, "sheep": 1}),
        (1, 1): tile("PPPP", counts={"cattle": 2}),  # diagonal neighbour counts
        (3, 0): tile("PPPP", counts={"sheep": 3}),  # too far
        (1, 0): PPPP, (2, 0): PPPP, (0, 1): PPPP,
    })
    b = terr({(0, 0): tile("PPPP", counts={"farm": 1}), (0, 1): tile("PPPP", counts={"sheep": 1})})
    assert [S.s09_animals_near_farms(a), S.s09_animals_near_farms(b)] == [3, 1]


def test_s09_animal_near_two_farms_counts_once_by_default() -> None:
    t = terr({
        (0, 0): tile("PPPP", counts={"farm": 1}),
        (1, 0): tile("PPPP", counts={"sheep": 2}),
        (2, 0): tile("PPPP", counts={"farm": 1}),
    })
    assert S.s09_animals_near_farms(t) == 2
    assert S.s09_animals_near_farms(t, Rules(animals_once=False)) == 4


# -- S11 cattle on roads (E-12) -------------------------------------------------------------------


def test_s11_cattle_on_roads_e12() -> None:
    # the blue castle has road exits N, S and W
    road_s = tile("PPPP", roads="S", counts={"cattle": 1})  # linked to the castle's N exit
    road_n = tile("PPPP", roads="N", counts={"cattle": 1})  # linked to its S exit
    off_road = tile("PPPP", counts={"cattle": 3})
    two = terr({(0, -1): road_s, (0, 1): road_n, (1, 1): off_road}, castle=True)
    one = terr({(0, -1): road_s, (0, 1): tile("PPPP", counts={"cattle": 1})}, castle=True)
    assert [S.s11_cattle_on_roads(two), S.s11_cattle_on_roads(one)] == [4, 2]


# -- S12 ship and lighthouse (E-13) --------------------------------------------------------------


def test_s12_ship_and_lighthouse_e13() -> None:
    lake1 = tile("WWWW", counts={"ship": 2, "lighthouse": 1},
                 icon_areas="shipx2@edge-N;lighthousex1@edge-N")
    lake2 = tile("WWWW", counts={"ship": 1}, icon_areas="shipx1@edge-N")
    t = terr({(0, 0): lake1, (2, 0): lake2})
    assert S.s12_ship_and_lighthouse(t) == 3
    t = terr({(0, 0): lake1, (2, 0): lake1})
    assert S.s12_ship_and_lighthouse(t) == 6


def test_s12_ship_and_lighthouse_may_be_on_different_tiles_of_one_area() -> None:
    ship = tile("WWWW", counts={"ship": 1}, icon_areas="shipx1@edge-N")
    light = tile("WWWW", counts={"lighthouse": 1}, icon_areas="lighthousex1@edge-S")
    assert S.s12_ship_and_lighthouse(terr({(0, 0): ship, (1, 0): light})) == 3
    # a lighthouse next to another water area does not help
    split = tile("MMMW", counts={"lighthouse": 1}, icon_areas="lighthousex1@edge-W")
    t = terr({(0, 0): ship, (2, 0): split})
    assert S.s12_ship_and_lighthouse(t) == 0


# -- S13 vertical lines (E-14) ------------------------------------------------------------------


def test_s13_vertical_lines_e14() -> None:
    cells = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (1, 3), (1, 4)]
    t = terr({c: PPPP for c in cells})
    assert S.s13_vertical_lines(t) == 6
    assert S.s13_vertical_lines(terr({(0, y): PPPP for y in range(6)})) == 3  # counts once


def test_s13_two_runs_in_one_column() -> None:
    t = terr({(0, y): PPPP for y in (0, 1, 2, 4, 5, 6)})
    assert S.s13_vertical_lines(t) == 6
    assert S.s13_vertical_lines(t, Rules(vertical_runs="column")) == 3
    assert S.s13_vertical_lines(terr(row([PPPP] * 5, 0))) == 0  # horizontal does not count


# -- S14 road network -----------------------------------------------------------------------------


def test_s14_road_connected_tiles() -> None:
    t = terr({
        (0, -1): tile("PPPP", roads="S"),
        (0, 1): tile("PPPP", roads="NS"),
        (0, 2): tile("PPPP", roads="N"),
        (1, 1): tile("PPPP", roads="W"),  # its road meets no road on (0,1)'s east edge
    }, castle=True)
    assert S.s14_road_connected_tiles(t) == 4  # castle + 3
    assert S.s14_road_connected_tiles(t, Rules(castle_on_roads=False)) == 3


def test_s14_separate_networks_on_one_tile() -> None:
    # a tile with two roads (N-W and E-S) passes on only the network that is linked
    two = tile("PPPP", roads="NESW", road_networks="N+W|E+S")
    t = terr({(0, 1): two, (1, 1): tile("PPPP", roads="W"), (-1, 1): tile("PPPP", roads="E")},
             castle=True)
    assert S.s14_road_connected_tiles(t) == 3  # castle, (0,1), (-1,1) via W; not (1,1)


# -- S15 largest lake (E-15) -------------------------------------------------------------------


def test_s15_largest_lake_e15() -> None:
    t = terr({**row(pocket("W", 3), 0), **row(pocket("W", 2), 2), **row([WWWW] * 5, 4)})
    assert S.s15_largest_lake(t) == 6
    assert S.s15_largest_lake(terr(row([WWWW] * 5, 0))) == 0


def test_s15_internal_lake_is_completed() -> None:
    t = terr({(0, 0): tile("PPPP", internal="water")})
    assert S.s15_largest_lake(t) == 2


# -- S16 mountains (E-16) ----------------------------------------------------------------------


def test_s16_completed_mountains_e16() -> None:
    t = terr({**row(pocket("M", 2), 0), **row(pocket("M", 1), 2), **row([MMMM] * 2, 4)})
    assert S.s16_completed_mountains(t) == 4


def test_every_scoring_tile_has_a_function() -> None:
    rules = Rules()
    ts = [terr({(0, 0): PPPP}), terr({(0, 0): MMMM})]
    for sid in [f"S{i:02d}" for i in range(1, 17)]:
        assert len(S.score_tile(sid, ts, [3, 1], rules)) == 2
