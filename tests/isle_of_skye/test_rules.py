"""Setup and the six phases, rule by rule (R-3 to R-10)."""

from __future__ import annotations

import pytest

from clanboard.core import CHANCE, SIMULTANEOUS, TERMINAL, IllegalMove, InvalidState, Rng
from clanboard.games.isle_of_skye.constants import COLOURS
from clanboard.games.isle_of_skye.moves import Place, Return
from clanboard.games.isle_of_skye.state import SkyeState
from clanboard.games.isle_of_skye.territory import Territory
from clanboard.games.isle_of_skye.tiles import castles
from tests.isle_of_skye.helpers import TILES, commit, new_state, play_random, put, state


@pytest.mark.parametrize(("n", "rounds"), [(2, 6), (3, 6), (4, 6), (5, 5)])
def test_setup_per_player_count(n: int, rounds: int) -> None:
    """R-3.1 to R-3.7, R-4.1: board side, castles, bag, 4 scoring tiles, first income."""
    s = new_state(n, seed=11)
    assert s.rounds == rounds and s.round == 1
    assert len(s.scoring) == 4 and len(set(s.scoring)) == 4
    assert s.gold == [5] * n and s.vp == [0] * n  # 0 gold, then income 5
    assert all(len(d) == 3 for d in s.drawn)
    assert len(s.bag) == 73 - 3 * n
    colours = list(castles())
    for p in range(n):
        assert s.territories[p].cells[(0, 0)][0].id == f"castle-{colours[p]}"
    assert s.current_player() == SIMULTANEOUS and s.players_to_move() == list(range(n))


def test_scoring_tiles_dealt_from_the_seed_or_fixed() -> None:
    """R-3.2: random from the seed (reproducible, varied) or fixed by an option."""
    deals = {tuple(new_state(2, seed=k).scoring) for k in range(12)}
    assert len(deals) > 6
    assert new_state(2, seed=5).scoring == new_state(2, seed=5).scoring
    fixed = new_state(2, seed=5, options={"scoring_tiles": "S16,S01,S09,S10"})
    assert fixed.scoring == ["S16", "S01", "S09", "S10"]
    for bad in ("S01,S02", "S01,S01,S02,S03", "S01,S02,S03,S17"):
        with pytest.raises(InvalidState, match="scoring_tiles"):
            new_state(2, options={"scoring_tiles": bad})


def test_chance_nodes_when_not_automatic() -> None:
    """Scoring-tile deals and bag draws are chance nodes (uniform)."""
    s = new_state(2, seed=1, auto_chance=False)
    assert s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 16 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    for _ in range(4):
        s.apply(s.chance_outcomes()[0][0])
    assert s.phase == "draw" and len(s.chance_outcomes()) == 73
    s.apply("draw L40")
    assert s.drawn[0] == ["L40"] and "L40" not in s.bag
    with pytest.raises(IllegalMove):
        s.apply("draw L40")  # no longer in the bag


def test_start_player_option() -> None:
    """R-3.6 [interp]: seat 0 by default; random from the seed as an option."""
    assert new_state(4, seed=2).start == 0
    starts = {new_state(4, seed=k, options={"random_start_player": True}).start
              for k in range(20)}
    assert len(starts) > 1


# -- pricing (R-5) ---------------------------------------------------------------------


def test_pricing_sub_moves_in_order() -> None:
    """R-5.2: one discard, then a price >= 1 for each kept tile, within the seat's gold."""
    s = state(2)
    d = s.drawn[0]
    assert [str(m) for m in s.legal_moves(0)] == [f"discard {t}" for t in d]
    with pytest.raises(IllegalMove, match="discard"):
        s.apply(f"price {d[1]} 2", 0)
    s.apply(f"discard {d[0]}", 0)
    moves = s.legal_moves(0)
    assert [str(m) for m in moves] == [f"price {d[1]} {a}" for a in range(1, 5)]  # 5 gold, 1 left
    with pytest.raises(IllegalMove, match="max 4"):
        s.apply(f"price {d[1]} 5", 0)
    with pytest.raises(IllegalMove, match="next tile to price is"):
        s.apply(f"price {d[2]} 1", 0)
    s.apply(f"price {d[1]} 3", 0)
    assert [m.amount for m in s.legal_moves(0)] == [1, 2]
    s.apply(f"price {d[2]} 2", 0)
    assert s.players_to_move() == [1] and s.legal_moves(0) == []
    with pytest.raises(IllegalMove, match="not player 1's turn"):
        s.apply("pass", 0)


def test_offer_is_checked_whole_and_changes_nothing_when_wrong() -> None:
    s = state(2)
    d = s.drawn[0]
    before = s.to_json()
    for bad in (f"offer {d[0]} {d[1]}=3 {d[2]}=3",  # 6 > 5 gold
                f"offer {d[0]} {d[1]}=0 {d[2]}=1",  # a price below 1
                f"offer {d[0]} {d[0]}=1 {d[2]}=1"):  # not the other two tiles
        with pytest.raises(IllegalMove):
            s.apply(bad, 0)
        assert s.to_json() == before
    s.apply(f"offer {d[0]} {d[2]}=1 {d[1]}=2", 0)  # any order in the offer line
    assert s.prices[0] == {d[1]: 2, d[2]: 1} and s.gold[0] == 2


def test_simultaneous_step_needs_the_seat() -> None:
    s = state(2)
    with pytest.raises(IllegalMove, match="simultaneous"):
        s.apply(f"discard {s.drawn[0][0]}")


def test_reveal_returns_discards_to_the_bag() -> None:
    """R-5.4, R-6.1: after all commit, discards go back into the bag; buying starts."""
    s = state(3)
    bag = len(s.bag)
    discards = []
    for p in range(3):
        discards.append(s.drawn[p][1])
        commit(s, p, 1, (1, 1))
    assert s.phase == "buy" and s.current_player() == s.start
    assert len(s.bag) == bag + 3 and all(t in s.bag for t in discards)


# -- buying (R-7) -------------------------------------------------------------------------


def _to_buy(n: int = 3, prices: tuple[int, int] = (2, 1)) -> SkyeState:
    s = state(n, seed=4)
    for p in range(n):
        commit(s, p, 0, prices)
    return s


def test_buy_options() -> None:
    """R-7.1, R-7.2: only others' tiles, only what unreserved gold pays, or pass."""
    s = _to_buy(3, (2, 3))
    assert s.gold == [0, 0, 0]
    assert [str(m) for m in s.legal_moves(0)] == ["pass"]  # nothing affordable
    s = _to_buy(3, (1, 1))
    own = set(s.prices[0])
    buys = {m.tile for m in s.legal_moves(0) if str(m) != "pass"}
    assert buys == set(s.prices[1]) | set(s.prices[2]) and not buys & own
    t = next(iter(own))
    with pytest.raises(IllegalMove, match="never buys their own"):
        s.apply(f"buy {t}", 0)


def test_bought_tile_no_longer_offered_and_one_turn_each() -> None:
    """R-7.0, R-7.1, R-7.4 to R-7.6."""
    s = _to_buy(3, (1, 1))
    target = next(iter(s.prices[1]))
    s.apply(f"buy {target}", 0)
    assert s.current_player() == 1
    with pytest.raises(IllegalMove, match="already bought"):
        s.apply(f"buy {target}", 1)
    s.apply("pass", 1)
    s.apply("pass", 2)
    assert s.phase == "build"
    assert sorted(len(p) for p in s.pending) == [1, 2, 3]
    assert target in s.pending[0] and len(s.pending[1]) == 1


def test_seller_can_spend_the_money_at_once() -> None:
    """R-7.3: payment and the returned reservation are usable in the same phase."""
    s = state(3, seed=4)
    s.gold = [6, 2, 2]
    for p in range(3):
        commit(s, p, 0, (1, 1))
    assert s.gold == [4, 0, 0]
    s.apply(f"buy {next(iter(s.prices[1]))}", 0)
    assert s.gold == [3, 2, 0]  # seat 1: payment 1 + its reserved 1
    assert any(str(m).startswith("buy") for m in s.legal_moves(1))
    s.apply(f"buy {next(iter(s.prices[2]))}", 1)
    assert s.gold == [3, 1, 2]


# -- building (R-8) --------------------------------------------------------------------------


def test_every_rotation_against_the_castle() -> None:
    """R-8.1, R-8.2 on all four castle edges for every tile and rotation."""
    s = state(2)
    terr = s.territories[0]
    castle = terr.cells[(0, 0)][0]
    around = {(0, -1): 0, (1, 0): 1, (0, 1): 2, (-1, 0): 3}
    for t in TILES.values():
        for cell, d in around.items():
            for rot in range(4):
                want = t.edge((d + 2) % 4, rot) == castle.edges[d]
                assert terr.fits(t, cell, rot) == want, (t.id, cell, rot)
                assert (terr.mismatch(t, cell, rot) is None) == want
        assert not terr.fits(t, (0, 0), 0) and not terr.fits(t, (2, 0), 0)
        assert not terr.fits(t, (1, 1), 0)  # diagonal only


def test_every_shared_edge_must_match() -> None:
    s = state(2)
    put(s, 0, "L24", 0, -1, 0)  # PWPW above the castle
    terr = s.territories[0]
    # (1,-1) touches L24's east edge (water) only; (1,0) touches the castle's east (water)
    for t in TILES.values():
        for rot in range(4):
            want = t.edge(3, rot) == "W"
            assert terr.fits(t, (1, -1), rot) == want
    # a cell touching two tiles must match both
    west = next((t, r) for t in TILES.values() for r in range(4)
                if t.id in s.bag and terr.fits(t, (-1, 0), r))
    put(s, 0, west[0].id, -1, 0, west[1])
    north_of_west = west[0].edge(0, west[1])
    both = 0
    for t in TILES.values():
        for rot in range(4):
            want = t.edge(1, rot) == "W" and t.edge(2, rot) == north_of_west
            both += want
            assert terr.fits(t, (-1, -1), rot) == want, (t.id, rot)
    assert both > 0


def _build_state(seed: int) -> SkyeState:
    s = state(2, seed=seed)
    play_random(s, seed, until=lambda st: st.phase == "build")
    return s


def test_build_moves_are_exactly_the_fitting_ones() -> None:
    s = _build_state(2)
    seat = s.current_player()
    moves = set(s.legal_moves(seat))
    terr = s.territories[seat]
    for t in s.pending[seat]:
        for cell in terr.frontier():
            for r in range(4):
                assert (Place(t, cell[0], cell[1], r) in moves) == terr.fits(s.tiles[t], cell, r)


def test_unplaceable_tile_returns_to_the_bag() -> None:
    """R-8.5: an unplaceable tile goes back into the bag, gold not refunded; by default
    only once no pending tile can be placed (option return_only_when_stuck)."""
    for strict in (True, False):
        s = _build_state(2)
        s.options["return_only_when_stuck"] = strict
        seat = s.current_player()
        # a territory whose open edges are all pasture: a tile without pasture is stuck
        terr = s.territories[seat] = Territory(castles()[COLOURS[seat]])
        terr.place(TILES["L19"], (-1, 0) if seat == 0 else (1, 0), 0 if seat == 0 else 2)
        terr.place(TILES["L45"], (1, 0) if seat == 0 else (-1, 0), 0 if seat == 0 else 2)
        assert {e for c in terr.frontier() for e in _facing(terr, c)} == {"P"}
        s.bag.extend(s.pending[seat])
        stuck = next(t for t in s.bag if "P" not in TILES[t].edges)
        fits = next(t for t in s.bag if TILES[t].edges.count("P") == 3)
        assert not terr.can_place(TILES[stuck])
        for t in (stuck, fits):
            s.bag.remove(t)
        s.pending[seat] = sorted([fits, stuck])
        returns = [m for m in s.legal_moves(seat) if isinstance(m, Return)]
        assert (returns == []) == strict
        with pytest.raises(IllegalMove):
            s.apply(f"return {fits}", seat)
        if strict:  # place the other tile where the stuck one stays stuck
            for m in s.legal_moves(seat):
                trial = terr.copy()
                trial.place(TILES[m.tile], (m.x, m.y), m.rot)
                if not trial.can_place(TILES[stuck]):
                    s.apply(m, seat)
                    break
        gold = list(s.gold)
        s.apply(f"return {stuck}", seat)
        assert stuck in s.bag and s.gold == gold and stuck not in s.pending[seat]


def _facing(terr: Territory, cell: tuple[int, int]) -> set[str]:
    out = set()
    for d, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
        o = terr.cells.get((cell[0] + dx, cell[1] + dy))
        if o:
            out.add(o[0].edge((d + 2) % 4, o[1]))
    return out


def test_game_ends_after_last_round_and_start_player_moves_on() -> None:
    """R-9.3, R-10: start player passes clockwise; after the last round, terminal."""
    s = state(3, seed=8)
    first: dict[int, int] = {}
    rng = Rng(8)
    while not s.is_terminal():
        first.setdefault(s.round, s.start)
        seat = s.players_to_move()[0]
        s.apply_trusted(rng.choice(s.legal_moves(seat)), seat)
    starts = list(first.values())
    assert starts == [0, 1, 2, 0, 1, 2]
    assert s.current_player() == TERMINAL and s.legal_moves(0) == []
    assert s.winners()
    with pytest.raises(IllegalMove, match="over"):
        s.apply("pass", 0)


def test_precise_reasons_for_illegal_moves() -> None:
    s = state(3, seed=4)
    d = s.drawn[0]
    with pytest.raises(IllegalMove, match="buying happens in the buy phase"):
        s.apply(f"buy {s.drawn[1][0]}", 0)
    with pytest.raises(IllegalMove, match="not one of player 1's drawn tiles"):
        s.apply(f"discard {s.drawn[1][0]}", 0)
    with pytest.raises(IllegalMove, match="chance outcome"):
        s.apply("draw L01", 0)
    s.gold = [5, 9, 2]
    for p in range(3):
        commit(s, p, 0, (1, 1) if p != 1 else (6, 1))
    assert s.phase == "buy"
    with pytest.raises(IllegalMove, match="prices are set only in the pricing phase"):
        s.apply(f"price {d[1]} 1", 0)
    dear = next(t for t, a in s.prices[1].items() if a == 6)
    with pytest.raises(IllegalMove, match=f"{dear} costs 6 gold but player 1 has only 3"):
        s.apply(f"buy {dear}", 0)
    with pytest.raises(IllegalMove, match="not offered this round"):
        s.apply(f"buy {d[0]}", 0)  # seat 0's own discard
    with pytest.raises(IllegalMove, match="tiles are built in the build phase"):
        s.apply(f"place {d[1]} 0,1 r0", 0)
    for _ in range(3):
        s.apply("pass", s.current_player())
    seat = s.current_player()
    t = s.pending[seat][0]
    with pytest.raises(IllegalMove, match="can still be placed"):
        s.apply(f"return {t}", seat)
    with pytest.raises(IllegalMove, match="is not a tile player"):
        s.apply("place L99 0,1 r0", seat)
    with pytest.raises(IllegalMove, match="already occupied"):
        s.apply(f"place {t} 0,0 r0", seat)
