"""Isle of Skye moves and the final scoring in words, checked against what the engine does."""

from __future__ import annotations

from typing import Any

from clanboard.core import Rng
from clanboard.games.isle_of_skye.describe import tile_words, where
from clanboard.games.isle_of_skye.moves import (
    Buy,
    Discard,
    Offer,
    Pass,
    Place,
    Price,
    Return,
)
from clanboard.games.isle_of_skye.state import SkyeState
from tests.isle_of_skye.helpers import state as new_state

NAMES = ["Ann", "Bob", "Cat"]


def _check(s: SkyeState, move: Any, seat: int) -> str:
    mine = s.describe_move(move, seat, seat, NAMES)
    other = s.describe_move(move, seat, (seat + 1) % s.num_players, NAMES)
    watcher = s.describe_move(move, seat, None, NAMES)
    who = NAMES[seat]
    gold = s.gold[seat]
    kind = type(move).__name__
    if isinstance(move, Buy):
        owner = next(q for q in range(s.num_players) if move.tile in s.prices[q])
    tile = tile_words(s, move.tile) if hasattr(move, "tile") else ""  # where it is now
    s.apply_trusted(move, seat)
    if isinstance(move, Discard):
        assert mine == f"{who} discards {tile}"
        assert other == watcher == f"{who} chooses a tile to discard"
    elif isinstance(move, Price):
        assert mine == f"{who} prices {tile} at {move.amount} gold"
        assert other == watcher == f"{who} sets a price behind the screen"
    else:
        assert mine == other == watcher  # played in the open
        if isinstance(move, Buy):
            paid = gold - s.gold[seat]
            assert mine == (f"{who} buys {tile} from {NAMES[owner]} "
                            f"for {paid} gold")
        elif isinstance(move, Pass):
            assert mine == f"{who} buys nothing"
        elif isinstance(move, Place):
            assert (move.tile, move.x, move.y, move.rot) in s.placed[seat]
            assert mine.startswith(f"{who} places {tile} ")
            turn = ("not turned", "turned a quarter clockwise", "turned half round",
                    "turned a quarter anticlockwise")[move.rot]
            assert mine.endswith(f"{where(move.x, move.y)}, {turn}") and "castle" in mine
        elif isinstance(move, Return):
            assert move.tile in s.bag
            assert mine == f"{who} puts the unwanted {tile} back in the bag"
    return kind


def test_every_kind_of_move_is_described_as_the_engine_plays_it() -> None:
    seen: set[str] = set()
    for seed in range(3):
        s = new_state(3, seed)
        rng = Rng(seed)
        while not s.is_terminal():
            seat = s.players_to_move()[0]
            seen.add(_check(s, rng.choice(s.legal_moves(seat)), seat))
    assert {"Discard", "Price", "Buy", "Pass", "Place"} <= seen


def test_a_tile_that_fits_nowhere_goes_back_to_the_bag() -> None:
    s = new_state(2, 1)
    tile = s.bag[0]
    words = s.describe_move(Return(tile), 1, None, NAMES)
    assert words == f"Bob puts the unwanted {tile_words(s, tile)} back in the bag"


def test_an_offer_is_described_whole_to_its_maker_only() -> None:
    s = new_state(2, 1)
    while s.phase != "price":
        s.apply_trusted(s.legal_moves()[0], s.players_to_move()[0])
    a, b, c = s.drawn[0]
    offer = Offer(a, ((b, 3), (c, 1)))
    assert s.describe_move(offer, 0, 0, NAMES) == (
        f"Ann discards {tile_words(s, a)} and prices {tile_words(s, b)} at 3 and "
        f"{tile_words(s, c)} at 1 gold")
    other = Offer(b, ((a, 2), (c, 2)))
    assert s.describe_move(offer, 0, 1, NAMES) == s.describe_move(other, 0, 1, NAMES) == (
        "Ann sets prices behind the screen")


def test_the_scoring_is_shown_round_by_round_then_scrolls_and_gold() -> None:
    s = new_state(3, 2)
    rng = Rng(2)
    while not s.is_terminal():
        seat = s.players_to_move()[0]
        s.apply_trusted(rng.choice(s.legal_moves(seat)), seat)
    why = s.result_explanation(None, NAMES)
    assert why is not None
    rounds, final = why["tables"][:-1], why["tables"][-1]
    assert [t["title"] for t in rounds] == [f"Round {i + 1}" for i in range(s.rounds)]
    for table, letters in zip(rounds, (r.letters for r in s.track), strict=True):
        assert [row["label"][0] for row in table["rows"]] == list(letters)
    rows = {r["label"]: r["values"] for r in final["rows"]}
    for p in range(3):
        by_round = sum(row["values"][p] for t in rounds for row in t["rows"])
        assert by_round + rows["scrolls"][p] + rows["gold (1 point per 5)"][p] == s.vp[p]
        assert rows["total"][p] == s.vp[p]
