"""Glen More II's placement zone is kept by each territory as Scotsmen come and go and
tiles are placed, rebuilt over and removed (MacMillan, Loch Morar); along random games it
must always equal the zone counted from scratch (``territory.zone_of``), and the squares
where tiles may go must be those the plain definition gives (base specification 6.2, 6.4,
7.1: a free square of the zone, a rebuild tile over a tile of its kind there, the river
row)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from clanboard.core import CHANCE, Rng, get_game
from clanboard.games.glen_more_2.moves import REMOVE
from clanboard.games.glen_more_2.state import GlenMore2State
from clanboard.games.glen_more_2.territory import dirs, zone_of

SETTINGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (3, {}), (4, {}), (3, {"chronicles": "9,10,11"}), (2, {"chronicles": "11"}),
    (1, {"solo": True}), (1, {"solo": True, "chronicles": "10,11"})]


def plain_places(s: GlenMore2State, p: int, tile: int) -> list[tuple[int, int]]:
    """Where ``tile`` may go, from the definition (as the rules read before the zone was
    kept)."""
    comp, terr = s.comp, s.terr[p]
    zone = set()
    for i, n in enumerate(terr.scots):
        if n:
            x, y = terr.pos[i]
            zone.add((x, y))
            zone.update((x + dx, y + dy) for dx, dy in dirs(comp.settings.placement_adjacency))
    row = comp.tiles[tile]
    river = row.river if comp.settings.river_rule == "river_row" and not row.rebuild else None
    out = []
    for cell in sorted(zone):
        slot = terr.cells.get(cell)
        if row.rebuild:
            if slot is None or comp.tiles[terr.tiles[slot]].kind != row.kind:
                continue
        elif slot is not None:
            continue
        if river is not None and (cell[1] == 0) != river:
            continue
        out.append(cell)
    return out


def check_zones(s: GlenMore2State) -> None:
    adjacency = s.comp.settings.placement_adjacency
    for p, terr in enumerate(s.terr):
        if not len(terr):
            continue  # Allenarly's seat: no territory
        near, free = zone_of(terr, adjacency)
        if terr.adjacency:  # kept since the last check by the rules' updates, not counted
            assert terr.zoned == terr.scots, f"seat {p}: Scotsmen written past the zone"
            assert terr.near == near, f"seat {p}: the kept zone differs"
            assert terr.free == free, f"seat {p}: the kept free squares differ"
        assert terr.zone(adjacency) == near  # counted at the first check
    p = s.cur
    if p >= 0 and len(s.terr[p]):
        terr = s.terr[p]
        for adjacency in (4, 8):  # the removal test's one search against one per tile
            cut = terr.cut_slots(adjacency)
            whole = terr.connected_without(set(), adjacency)
            assert (cut is not None) == whole
            if cut is not None:
                assert cut == {i for i in range(len(terr))
                               if not terr.connected_without({i}, adjacency)}
        for tile in {*s.track[1:4], s.tile}:
            if tile >= 0 and s.comp.tiles[tile].kind not in ("worlds_end", "personality"):
                assert s.places(p, tile) == plain_places(s, p, tile)


def play_checked(n: int, opts: dict[str, Any], seed: int) -> int:
    """A random game, the zones checked after every move; the number of removals."""
    s = get_game("glen-more-2").new_state(n, seed, {"provisional": True, **opts})
    assert isinstance(s, GlenMore2State)
    rng = Rng(seed)
    removals = 0
    check_zones(s)  # counted here; kept from now on
    while not s.is_terminal():
        seat = s.players_to_move()[0]
        move = s.sample_chance(rng) if seat == CHANCE else rng.choice(s.legal_moves(seat))
        removals += getattr(move, "op", -1) == REMOVE
        s.apply_trusted(move, seat)
        check_zones(s)
    return removals


def test_the_zone_is_kept_through_removals() -> None:
    """The fixed seeds include games with removals (about one game in two has one)."""
    assert sum(play_checked(n, opts, seed) for n, opts in SETTINGS[:4]
               for seed in range(3)) > 0


@settings(max_examples=12, deadline=None)
@given(case=st.sampled_from(SETTINGS), seed=st.integers(0, 2**31))
def test_the_kept_zone_equals_the_counted_one(case: tuple[int, dict[str, Any]],
                                              seed: int) -> None:
    n, opts = case
    play_checked(n, opts, seed)


def test_a_clone_keeps_its_own_zone() -> None:
    s = get_game("glen-more-2").new_state(2, 7, {"provisional": True})
    assert isinstance(s, GlenMore2State)
    rng = Rng(7)
    while not s.is_terminal() and len(s.history) < 60:
        seat = s.players_to_move()[0]
        move = s.sample_chance(rng) if seat == CHANCE else rng.choice(s.legal_moves(seat))
        s.apply_trusted(move, seat)
    adjacency = s.comp.settings.placement_adjacency
    terr = s.terr[0]
    before = dict(terr.zone(adjacency))
    copy = s.clone()
    slot = next(i for i, n in enumerate(copy.terr[0].scots) if n)
    copy.terr[0].add_scots(slot, -copy.terr[0].scots[slot])
    assert dict(terr.zone(adjacency)) == before
    assert copy.terr[0].zone(adjacency) == zone_of(copy.terr[0], adjacency)[0]
    assert copy.terr[0].zone(adjacency) != before  # fewer Scotsmen near some squares
    again = s.clone()  # and the other way: the original changes, the clone keeps its zone
    terr.add_scots(slot, -terr.scots[slot])
    assert dict(again.terr[0].zone(adjacency)) == before
    assert terr.zone(adjacency) == zone_of(terr, adjacency)[0]
    assert again.terr[0].zone_free(adjacency) == zone_of(again.terr[0], adjacency)[1]


def test_scotsmen_written_directly_make_the_zone_counted_again() -> None:
    """A position set up by hand (tests, a loaded game) writes ``scots`` itself: the zone
    then follows what is written, also when the kept methods are used afterwards."""
    s = get_game("glen-more-2").new_state(2, 3, {"provisional": True})
    assert isinstance(s, GlenMore2State)
    adjacency = s.comp.settings.placement_adjacency
    terr = s.terr[0]
    assert terr.zone(adjacency)  # counted: the village's Scotsman
    village = terr.cells[(0, 0)]
    terr.scots[village] = 0  # by hand
    assert terr.zone(adjacency) == {} and terr.zone_free(adjacency) == set()
    terr.scots[village] = 1
    terr.set_scots(village, 1)  # the same count again, through the kept method
    terr.set_scots(village, 0)
    assert terr.zone(adjacency) == zone_of(terr, adjacency)[0] == {}
    terr.add_scots(village, 2)
    assert terr.zone(adjacency) == zone_of(terr, adjacency)[0]
    assert len(terr.zone(adjacency)) == 9 if adjacency == 8 else 5


def test_the_zone_with_orthogonal_placement_and_the_river_row() -> None:
    """A pack with the other settings: 4 neighbours, river tiles on the river row only."""
    from tests.glen_more_2.helpers import custom_pack

    name = custom_pack({"placement_adjacency": "4", "river_rule": "river_row"})
    for seed in range(3):
        play_checked(2, {"pack": name}, seed)
