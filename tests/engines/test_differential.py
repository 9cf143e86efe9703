"""The faster engines against the original code (tests/engines/reference_*.py) on random
positions: the same legal moves in the same order, the same placements and areas, the
same payability answers."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from clanboard.core import Rng, State, get_game
from clanboard.games.glen_more import market
from clanboard.games.glen_more.data import ANY, DISTINCT, FIXED
from clanboard.games.glen_more.state import GlenMoreState
from clanboard.games.isle_of_skye.state import SkyeState
from clanboard.games.isle_of_skye.territory import Territory
from clanboard.games.isle_of_skye.tiles import landscape_tiles
from tests.engines import reference_glen_more as ref_gm
from tests.engines import reference_skye as ref_skye


def _position(game_id: str, players: int, seed: int, steps: int) -> State:
    """The position after ``steps`` random moves of a seeded game (or its end)."""
    state = get_game(game_id).new_state(players, seed)
    rng = Rng(seed + 17)
    for _ in range(steps):
        seats = state.players_to_move()
        if not seats:
            break
        state.apply_trusted(rng.choice(state.legal_moves(seats[0])), seats[0])
    return state


positions = st.tuples(st.integers(2, 5), st.integers(0, 10**6), st.integers(0, 400))


@settings(max_examples=60, deadline=None)
@given(positions)
def test_glen_more_legal_moves_match_the_original(args: tuple[int, int, int]) -> None:
    players, seed, steps = args
    state = _position("glen-more", players, seed, steps)
    assert isinstance(state, GlenMoreState)
    reference = state.clone()
    reference.__class__ = ref_gm.ReferenceGlenMore
    for seat in [*state.players_to_move(), *range(players)]:
        assert state.legal_moves(seat) == reference.legal_moves(seat)
    for terr in state.terr:
        assert terr.spots() == ref_gm.ref_spots(terr)
        assert terr.have() == ref_gm.ref_have(terr)


@settings(max_examples=60, deadline=None)
@given(positions)
def test_glen_more_spots_follow_direct_changes(args: tuple[int, int, int]) -> None:
    """The remembered spots notice clansmen written straight into the lists."""
    players, seed, steps = args
    state = _position("glen-more", players, seed, steps)
    assert isinstance(state, GlenMoreState)
    terr = state.terr[0]
    terr.spots()
    rng = Rng(seed)
    slot = rng.randrange(len(terr))
    terr.clan[slot] = 1 - min(terr.clan[slot], 1)
    assert terr.spots() == ref_gm.ref_spots(terr)


counts = st.lists(st.integers(0, 6), min_size=5, max_size=5)


@settings(max_examples=300, deadline=None)
@given(counts, st.lists(st.integers(0, 3), min_size=5, max_size=5), st.integers(0, 20),
       st.sampled_from([FIXED, DISTINCT, ANY]), st.lists(st.integers(0, 2), min_size=5,
       max_size=5), st.integers(0, 5), st.integers(0, 31))
def test_payable_matches_the_original(have: list[int], rows: list[int], coins: int, mode: int,
                                      owed: list[int], left: int, used: int) -> None:
    for _ in range(2):  # the second answer comes from the memo
        assert market.payable(have, rows, coins, mode, owed, left, used) == \
            ref_gm.ref_payable(have, rows, coins, mode, owed, left, used)


def _reference_territory(terr: object) -> ref_skye.Territory:
    copy = ref_skye.Territory()
    copy.cells = dict(terr.cells)  # type: ignore[attr-defined]
    return copy


def _areas(areas: list[Any]) -> list[tuple[str, tuple[Any, ...], bool, tuple[Any, ...]]]:
    # cells as sorted tuples: frozensets do not sort (< is the subset test)
    return sorted((a.terrain, tuple(sorted(a.cells)), a.completed,
                   tuple(sorted(a.icons.items()))) for a in areas)


@settings(max_examples=60, deadline=None)
@given(positions)
def test_skye_territories_match_the_original(args: tuple[int, int, int]) -> None:
    players, seed, steps = args
    state = _position("isle-of-skye", players, seed, steps // 2)
    assert isinstance(state, SkyeState)
    tiles = list(landscape_tiles(state.options["tile_reading"]).values())
    for seat, terr in enumerate(state.territories):
        old = _reference_territory(terr)
        for tile in tiles[seed % 7::7]:
            assert terr.placements(tile) == old.placements(tile)
            assert terr.can_place(tile) == old.can_place(tile)
        assert _areas(terr.areas()) == _areas(old.areas())
        for cell, (tile, _) in terr.cells.items():
            for region in range(len(tile.region_terrain)):
                new_area = terr.analysis.area_of(cell, region)
                old_area = old.analysis.area_of(cell, region)
                assert _areas([new_area]) == _areas([old_area])
        assert terr.road_connected() == old.road_connected()
        if state.phase == "build" and state.builder() == seat:
            moves = state.legal_moves(seat)
            places = [(str(m)) for m in moves]
            expected = []
            for t in state.pending[seat]:
                expected += [f"place {t} {x},{y} r{r}"
                             for (x, y), r in old.placements(state.tiles[t])]
            assert [p for p in places if p.startswith("place")] == expected


def _fresh(cells: dict[Any, Any]) -> Territory:
    """A territory that finds everything again from its cells."""
    terr = Territory()
    terr.cells = dict(cells)
    return terr


@settings(max_examples=60, deadline=None)
@given(positions)
def test_skye_what_placements_keep_up_to_date_matches_a_fresh_territory(
        args: tuple[int, int, int]) -> None:
    """The frontier and the castle's roads, kept up to date on each placement and shared
    between copies, are what a territory made from the same cells finds; placing on a
    copy leaves the original as it was."""
    players, seed, steps = args
    state = _position("isle-of-skye", players, seed, steps // 2)
    assert isinstance(state, SkyeState)
    tiles = list(landscape_tiles(state.options["tile_reading"]).values())
    rng = Rng(seed)
    for terr in state.territories:
        terr.slots()
        terr.road_connected()
        squares, demands = terr.slots()
        before = ((list(squares), list(demands)), set(terr.road_connected()))
        networks = set(terr._reached or ())  # shared with the copy: never changed in place
        copy = terr.copy()
        for tile in tiles[seed % 5::5][:6]:
            spots = copy.placements(tile)
            if spots and tile.id not in {t.id for t, _ in copy.cells.values()}:
                cell, rot = spots[rng.randrange(len(spots))]
                copy.place(tile, cell, rot)
                fresh = _fresh(copy.cells)
                assert copy.slots() == fresh.slots()
                assert copy.road_connected() == fresh.road_connected()
                assert _areas(copy.areas()) == _areas(fresh.areas())
        assert (terr.slots(), terr.road_connected()) == before
        assert terr._reached == networks
        assert terr.road_connected() == _fresh(terr.cells).road_connected()
