"""Property tests over random games: termination, consistent scores, money conservation,
JSON round-trip, deterministic replay, illegal moves, hidden information, encodings."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clanboard.core import GameRecord, IllegalMove, Rng, State, replay
from clanboard.games.isle_of_skye import encoding
from clanboard.games.isle_of_skye.moves import Place, Price
from clanboard.games.isle_of_skye.state import SkyeState
from tests.isle_of_skye.helpers import GAME, new_state

FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
players = st.integers(min_value=2, max_value=5)
seeds = st.integers(min_value=0, max_value=2**32)


def random_game(n: int, seed: int, options: dict | None = None) -> SkyeState:
    s = new_state(n, seed=seed, options=options)
    assert isinstance(s, SkyeState)
    return s


def step(s: State, rng: Rng) -> None:
    seat = s.players_to_move()[0]
    s.apply_trusted(rng.choice(s.legal_moves(seat)), seat)


@FAST
@given(players, seeds)
def test_random_games_finish_with_consistent_scores(n: int, seed: int) -> None:
    s = random_game(n, seed)
    rng = Rng(seed)
    moves = 0
    while not s.is_terminal():
        step(s, rng)
        moves += 1
        assert moves <= GAME.max_game_length(n, s.options)
    s.check_consistency()
    for p in range(n):
        rounds = sum(r[sid][p] for r in s.round_points for sid in r)
        assert s.vp[p] == rounds + s.final["scrolls"][p] + s.final["gold"][p]
    assert len(s.round_points) == s.rounds
    w = s.winners()
    best = max(s.vp)
    assert w and all(s.vp[p] == best for p in w)
    assert sum(s.returns()) == pytest.approx(1.0)
    # every landscape tile is in the bag or a territory; territories obey the terrain rule
    assert sorted(s.bag + [t for pl in s.placed for t, *_ in pl]) == sorted(s.tiles)


@FAST
@given(players, seeds)
def test_money_is_conserved_through_the_buy_round(n: int, seed: int) -> None:
    """R-7.2 to R-7.5: between income and building, gold (free + reserved) changes only by
    the unsold prices paid to the bank; each seat's change is exactly its sales minus its
    purchase minus its unsold prices."""
    s = random_game(n, seed)
    rng = Rng(seed ^ 0x5EED)
    income = sum(s.income)
    bank = 0
    seen_round = s.round
    while not s.is_terminal():
        if s.round != seen_round:
            seen_round = s.round
            income += sum(s.income)
        if s.phase == "price" and not any(s.discard) and not any(s.prices):
            before = list(s.gold)
            while s.phase in ("price", "buy"):
                step(s, rng)
            assert s.phase in ("build", "over")
            for p in range(n):
                sold = sum(a for t, a in s.prices[p].items() if t in s.bought_by)
                unsold = sum(a for t, a in s.prices[p].items() if t not in s.bought_by)
                paid = sum(s.prices[q][t] for q in range(n) for t in s.prices[q]
                           if s.bought_by.get(t) == p)
                assert s.gold[p] == before[p] + sold - paid - unsold
                assert s.gold[p] >= 0
            total_unsold = sum(a for q in range(n) for t, a in s.prices[q].items()
                               if t not in s.bought_by)
            assert sum(s.gold) == sum(before) - total_unsold
            bank += total_unsold
        else:
            step(s, rng)
    # over the whole game: players' gold = all income - all unsold prices paid to the bank
    assert sum(s.gold) == income - bank


@settings(max_examples=8, deadline=None)
@given(players, seeds, st.integers(min_value=0, max_value=300))
def test_json_round_trip_and_replay(n: int, seed: int, cut: int) -> None:
    s = random_game(n, seed)
    rng = Rng(seed + 1)
    for _ in range(cut):
        if s.is_terminal():
            break
        step(s, rng)
    data = s.to_json()
    text = json.dumps(data)
    back = GAME.state_from_json(json.loads(text))
    assert json.dumps(back.to_json()) == text
    assert back.observation(0) == s.observation(0)
    assert back.legal_moves(back.players_to_move()[0] if back.players_to_move() else None) == \
        s.legal_moves(s.players_to_move()[0] if s.players_to_move() else None)
    assert json.dumps(replay(s.record()).to_json()) == text
    record = GameRecord.from_json(json.loads(json.dumps(s.record().to_json())))
    assert json.dumps(replay(record).to_json()) == text
    # the loaded state plays on exactly like the original
    r1, r2 = Rng(seed), Rng(seed)
    for _ in range(20):
        if s.is_terminal():
            break
        step(s, r1)
        step(back, r2)
    assert json.dumps(back.to_json()) == json.dumps(s.to_json())


def test_replay_without_auto_chance_lists_draws() -> None:
    s = new_state(3, seed=6, auto_chance=False)
    rng = Rng(6)
    while not s.is_terminal():
        if s.is_chance():
            s.apply(s.sample_chance(rng))
        else:
            step(s, rng)
    rec = s.record()
    assert any(p == -1 and m.startswith("draw ") for p, m in rec.moves)
    assert json.dumps(replay(rec).to_json()["state"]) == json.dumps(s.to_json()["state"])


JUNK = ["pass", "buy L01", "discard L73", "price L02 1", "price L02 999", "place L05 0,0 r0",
        "place L05 0,-1 r1", "return L05", "offer L01 L02=1 L03=1", "draw L07", "hello",
        "place L05 1,1 r7", "buy L99"]


@FAST
@given(players, seeds, st.integers(min_value=0, max_value=200))
def test_illegal_moves_raise_and_change_nothing(n: int, seed: int, cut: int) -> None:
    s = random_game(n, seed)
    rng = Rng(seed)
    for _ in range(cut):
        if s.is_terminal():
            break
        step(s, rng)
    before = json.dumps(s.to_json())
    seats = list(range(n)) + [None]
    for text in JUNK:
        for seat in seats:
            try:
                s.clone().apply(text, seat)
            except IllegalMove as err:
                assert str(err)
                with pytest.raises(IllegalMove):
                    s.apply(text, seat)
                assert json.dumps(s.to_json()) == before
            else:  # legal here: it must be one of the listed moves (or a whole offer)
                move = s.parse_move(text)
                assert move in s.legal_moves(seat) or text.startswith("offer")


@FAST
@given(players, seeds)
def test_legal_moves_never_raise(n: int, seed: int) -> None:
    s = random_game(n, seed)
    rng = Rng(seed)
    while not s.is_terminal():
        seat = s.players_to_move()[0]
        moves = s.legal_moves(seat)
        assert moves
        for m in rng.choice([moves[:3], moves[-3:]]):
            c = s.clone()
            c.apply(str(m), seat)  # through the notation
        s.apply_trusted(rng.choice(moves), seat)


# -- hidden information ---------------------------------------------------------------------


def _pricing_state(n: int, seed: int) -> SkyeState:
    s = random_game(n, seed)
    rng = Rng(seed)
    target = 1 + seed % 4
    while not (s.phase == "price" and s.round == min(target, s.rounds)):
        step(s, rng)
    return s


@FAST
@given(players, seeds)
def test_no_leak_of_prices_discards_or_gold(n: int, seed: int) -> None:
    """R-5.3, R-5.4: before the reveal nothing of a commit shows in another seat's
    observation; gold of others is hidden; two states differing only there look equal."""
    a = _pricing_state(n, seed)
    b = a.clone()
    rng_a, rng_b = Rng(1), Rng(2)
    # seats 1..n-1 commit different choices in a and b; seat 0 stays undecided
    for s, rng in ((a, rng_a), (b, rng_b)):
        for q in range(1, n):
            while not s.committed(q):
                moves = s.legal_moves(q)
                s.apply_trusted(rng.choice(moves), q)
    assert a.phase == "price"
    for viewer in (0, None):
        oa, ob = a.observation(viewer), b.observation(viewer)
        assert oa == ob
        for q in range(1, n):
            pl = oa["players"][q]
            assert pl["gold"] is None and pl["offers"] is None and pl["discard"] is None
            assert pl["committed"] is True
        assert a.render(viewer) == b.render(viewer)
        if viewer is not None:
            assert a.observation_tensor(viewer) == b.observation_tensor(viewer)
    # the seat itself sees its own choices
    q = 1
    own = a.observation(q)["players"][q]
    assert own["discard"] == a.discard[q] and own["gold"] == a.gold[q]


@FAST
@given(players, seeds)
def test_determinize_resamples_hidden_choices(n: int, seed: int) -> None:
    a = _pricing_state(n, seed)
    b = a.clone()
    for s, rng in ((a, Rng(3)), (b, Rng(4))):
        for q in range(1, n):
            while not s.committed(q):
                s.apply_trusted(rng.choice(s.legal_moves(q)), q)
    da, db = a.determinize(0, Rng(99)), b.determinize(0, Rng(99))
    assert isinstance(da, SkyeState) and isinstance(db, SkyeState)
    # depends only on what seat 0 may know
    assert json.dumps(da.to_json()) == json.dumps(db.to_json())
    assert da.observation(0) == a.observation(0)
    da.check_consistency()
    for q in range(1, n):
        assert da.committed(q) and da.total_gold(q) == a.total_gold(q)
    # the determinized game plays on to the end
    rng = Rng(seed)
    while not da.is_terminal():
        step(da, rng)


def test_determinize_of_a_partial_commit_restarts_it() -> None:
    s = _pricing_state(3, 5)
    s.apply(f"discard {s.drawn[1][0]}", 1)
    d = s.determinize(0, Rng(1))
    assert isinstance(d, SkyeState)
    assert d.discard[1] is None and d.players_to_move() == [0, 1, 2]
    assert d.observation(0) == s.observation(0)


def test_gold_option_alternative() -> None:
    """R-5.3 [interp] alternative: gold visible except while pricing."""
    s = random_game(2, 3, {"hidden_gold": False})
    assert s.observation(0)["players"][1]["gold"] is None  # pricing now
    rng = Rng(3)
    while s.phase == "price":
        step(s, rng)
    assert s.observation(0)["players"][1]["gold"] == s.gold[1]
    h = random_game(2, 3)
    while h.phase == "price":
        step(h, rng)
    assert h.observation(0)["players"][1]["gold"] is None


# -- encodings -----------------------------------------------------------------------------


@settings(max_examples=5, deadline=None)
@given(players, seeds)
def test_action_encoding_round_trips(n: int, seed: int) -> None:
    s = random_game(n, seed, None)
    s.auto_chance = False
    rng = Rng(seed)
    size = GAME.observation_tensor_size(n, s.options)
    actions = GAME.num_distinct_actions(n, s.options)
    chance = GAME.max_chance_outcomes(n, s.options)
    while not s.is_terminal():
        if s.is_chance():
            for m, _ in s.chance_outcomes():
                a = s.move_to_action(m)
                assert 0 <= a < chance and s.action_to_move(a) == m
            s.apply_trusted(s.sample_chance(rng))
            continue
        seat = s.players_to_move()[0]
        for m in s.legal_moves(seat):
            a = s.move_to_action(m)
            assert 0 <= a < actions
            assert s.action_to_move(a) == m
        t = s.observation_tensor(seat)
        assert len(t) == size
        s.apply_trusted(rng.choice(s.legal_moves(seat)), seat)


def test_encoding_kinds_are_disjoint() -> None:
    assert len(encoding.TILE_IDS) == encoding.PRICE
    assert encoding.BUY == encoding.PRICE + 3 * encoding.MAX_PRICE
    assert encoding.PLACE == encoding.BUY + 2 * 5 + 1
    assert encoding.NUM_ACTIONS == encoding.RETURN + 3 == encoding.PLACE + 3 * 685 * 4 + 3
    s = random_game(2, 1)
    while s.phase != "price":
        step(s, Rng(1))
    # a price names the drawn slot of its seat: the same id for both seats
    ids = {s.move_to_action(Price(s.drawn[seat][2], 3)) for seat in (0, 1)}
    assert ids == {encoding.PRICE + 2 * encoding.MAX_PRICE + 2}
    # without a seat, the lowest seat still pricing decodes it
    assert s.action_to_move(ids.pop()) == Price(s.drawn[0][2], 3)
    top = Price(s.drawn[1][2], encoding.MAX_PRICE)
    assert s.move_to_action(top) == encoding.BUY - 1
    with pytest.raises(IllegalMove):
        s.move_to_action(Price(s.drawn[0][0], encoding.MAX_PRICE + 1))


def test_placement_cells_are_those_a_territory_can_reach() -> None:
    """19 tiles at most, each touching the territory: |x| + |y| <= 18 from the castle."""
    reach = encoding.REACH
    assert reach == encoding.MAX_TILES - 1 == 18
    assert sorted(encoding.CELL_LIST) == encoding.CELL_LIST
    assert len(set(encoding.CELL_LIST)) == encoding.CELLS == 2 * reach * (reach + 1) + 1
    assert all(abs(x) + abs(y) <= reach for x, y in encoding.CELL_LIST)
    s = random_game(2, 1)
    while s.phase != "build":
        step(s, Rng(1))
    seat = s.players_to_move()[0]
    tile = s.pending[seat][0]
    ids = {s.move_to_action(Place(tile, x, y, 3)) for x, y in encoding.CELL_LIST}
    assert len(ids) == encoding.CELLS and max(ids) < encoding.PLACE + encoding.CELLS * 4
    for x, y in ((-18, 0), (9, -9), (0, 18)):
        assert s.action_to_move(s.move_to_action(Place(tile, x, y, 1))) == Place(tile, x, y, 1)
    for x, y in ((10, 9), (-19, 0), (0, -19), (18, 1)):
        with pytest.raises(IllegalMove):
            s.move_to_action(Place(tile, x, y, 0))


def test_territories_stay_within_the_encoded_cells() -> None:
    """The bound the placement ids rest on, on whole random games."""
    for seed in range(8):
        s = random_game(2 + seed % 4, seed)
        rng = Rng(seed)
        while not s.is_terminal():
            step(s, rng)
        for placed in s.placed:
            assert len(placed) <= encoding.MAX_TILES - 1  # the castle is not in it
            assert all(abs(x) + abs(y) <= encoding.REACH for _, x, y, _ in placed)


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_soak_many_games_with_every_agent(n: int) -> None:
    """Long run (make test-slow): 100 random and 10 heuristic games per player count."""
    from clanboard.core import make_agent, play_game

    for seed in range(100):
        s = random_game(n, seed)
        play_game(s, [make_agent(GAME, "random", seed=seed + i) for i in range(n)])
        s.check_consistency()
        assert s.winners()
    for seed in range(10):
        s = random_game(n, seed)
        play_game(s, [make_agent(GAME, "heuristic", seed=seed + i) for i in range(n)])
        s.check_consistency()
        back = GAME.state_from_json(json.loads(json.dumps(s.to_json())))
        assert back.scores() == s.scores()
