"""Glen More moves and the final scoring in words, checked against what the engine does."""

from __future__ import annotations

from typing import Any

from clanboard.core import Rng, get_game
from clanboard.games.glen_more.data import TILES
from clanboard.games.glen_more.moves import OPS, GMove, xy
from clanboard.games.glen_more.state import GlenMoreState

GAME = get_game("glen-more")
NAMES = ["Ann", "Bob", "Cat"]


def _space(obs: dict[str, Any], seat: int) -> int:
    return next(sp["space"] for sp in obs["track"] if sp.get("player") == seat)


def _tile_at(state: GlenMoreState, seat: int, p: int) -> str:
    terr = state.terr[seat]
    return TILES[terr.tiles[terr.cells[p]]].name


def _check(state: GlenMoreState, move: GMove, seat: int) -> str:
    """Apply ``move`` and check its words against its effect; returns the op name."""
    words = state.describe_move(move, seat, None, NAMES)
    assert words == state.describe_move(move, seat, seat, NAMES)  # nothing is hidden
    op = OPS[move.op]
    before = state.observation(None)
    coins = state.coins[seat]
    at = {k: _tile_at(state, seat, getattr(move, k)) for k in ("p", "q")
          if getattr(move, k) in state.terr[seat].cells}
    placing = TILES[state.tile] if op == "place" else None  # the tile taken this turn
    state.apply_trusted(move, seat)
    after = state.observation(None)
    who = NAMES[seat]
    if op == "take":
        steps = (_space(after, seat) - _space(before, seat)) % 14
        tile = TILES[move.arg]
        assert words == (f"{who} moves {steps} space{'s' if steps != 1 else ''} on the "
                         f"rondel and takes {tile.name}")
    elif op == "place":
        assert placing is not None
        x, y = xy(move.p)
        assert words.startswith(f"{who} places {placing.name} "), words
        assert f"{x},{y}" not in words  # its place in words (tests/i18n/test_square_words.py)
    elif op == "buy":
        price = coins - state.coins[seat]
        assert words.endswith(f"for {price} coin{'s' if price != 1 else ''}"), words
    elif op == "sell":
        price = state.coins[seat] - coins
        assert f"from {at['p']}" in words
        assert words.endswith(f"for {price} coin{'s' if price != 1 else ''}"), words
    elif op in ("pay", "act", "retire", "payclan"):
        assert at["p"] in words, words
    elif op == "move":
        src = words.removeprefix(f"{who} moves a clansman from ").split(" to ")[0]
        assert src.startswith(at["p"]) and f" to {at['q']}" in words, words
    elif op == "end":
        assert words in (f"{who} ends the turn", f"{who} ends activations")
        ended = state.current_player() != seat or state.phase == 2  # P_TAKE: a new turn
        assert (words == f"{who} ends the turn") == ended or state.num_players == 1
    assert words.startswith(who)
    return op


def test_every_kind_of_move_is_described_as_the_engine_plays_it() -> None:
    seen: set[str] = set()
    for seed in range(3):
        state = GAME.new_state(3, seed)
        assert isinstance(state, GlenMoreState)
        rng = Rng(seed)
        while not state.is_terminal():
            seat = state.players_to_move()[0]
            move = rng.choice(state.legal_moves(seat))
            assert isinstance(move, GMove)
            seen.add(_check(state, move, seat))
    assert {"take", "place", "pay", "buy", "sell", "act", "move", "retire", "end"} <= seen


def test_the_final_scoring_is_broken_down_per_player() -> None:
    state = GAME.new_state(3, 8)
    assert isinstance(state, GlenMoreState)
    rng = Rng(8)
    while not state.is_terminal():
        state.apply_trusted(rng.choice(state.legal_moves()))
    why = state.result_explanation(None, NAMES)
    assert why is not None
    titles = [t["title"] for t in why["tables"]]
    assert titles == ["Scoring 1", "Scoring 2", "Scoring 3", "Final scoring"]
    for table, scoring in zip(why["tables"][:3], state.scorings, strict=True):
        rows = {r["label"]: r["values"] for r in table["rows"]}
        assert rows["whisky barrels"] == scoring["whisky"]
        assert rows["points"] == scoring["vp"]
    final = {r["label"]: r["values"] for r in why["tables"][3]["rows"]}
    for p in range(3):
        parts = ("points before the final scoring", "special cards (end of game)",
                 "coins (1 point each)", "penalty (3 per tile above the smallest territory)")
        assert sum(final[k][p] for k in parts) == final["total"][p] == state.vp[p]
    assert why["summary"].endswith("wins") or why["summary"].startswith("Shared")
