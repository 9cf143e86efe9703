"""What the browser board reads from the observation: every tile in sight described, the
market's prices, the clan spaces and held landmark cards, and at the end the provisional
values the game used."""

from __future__ import annotations

import json

from clanboard.core import Rng
from clanboard.games.glen_more_2.provenance import used_provisional
from clanboard.games.glen_more_2.state import GlenMore2State
from tests.glen_more_2.helpers import GAME, OPTS


def _play(seed: int, steps: int | None = None) -> GlenMore2State:
    s = GAME.new_state(3, seed=seed, options={**OPTS, "chronicles": "9"})
    assert isinstance(s, GlenMore2State)
    rng = Rng(seed)
    n = 0
    while not s.is_terminal() and (steps is None or n < steps):
        p = s.players_to_move()[0]
        moves = s.legal_moves(p)
        s.apply(moves[rng.randrange(len(moves))], p)
        n += 1
    return s


def test_every_tile_in_sight_is_described_and_no_stack_tile() -> None:
    s = _play(3, steps=120)
    obs = s.observation(1)
    in_sight = {t["tile"] for p in obs["players"] for t in p["territory"]}
    in_sight |= {u for p in obs["players"] for t in p["territory"] for u in t["under"]}
    in_sight |= {t for p in obs["players"] for t in p["personalities"]}
    in_sight |= {x["tile"] for x in obs["rondel"] if "tile" in x}
    assert in_sight and set(obs["tiles"]) == in_sight
    for stack in s.stacks.values():
        for t in stack:
            if t != s.comp.worlds_end:
                assert s.comp.tile_id(t) not in obs["tiles"]


def test_prices_clan_spaces_and_cards_come_from_the_pack() -> None:
    s = _play(5, steps=200)
    obs = s.observation(None)
    pack = s.comp.pack
    assert obs["market_prices"] == {r.resource: list(r.prices) for r in pack.market}
    assert set(obs["clan_spaces"]) == set(obs["clan_board"])
    for k, sp in obs["clan_spaces"].items():
        row = next(x for x in pack.clan_spaces if x.id == k)
        assert (sp["clan"], sp["road_cost"], sp["effect"]) == (row.clan, row.road_cost,
                                                               str(row.effect))
    held = {c for p in obs["players"] for c in p["landmarks"]}
    assert set(obs["landmarks"]) == held
    for c, card in obs["landmarks"].items():
        assert card["name"] == s.comp.cards[c].name


def test_the_provisional_values_used_are_listed_at_the_end_only() -> None:
    s = _play(7, steps=30)
    assert s.observation(0)["used_provisional"] is None
    s = _play(7)
    obs = s.observation(0)
    assert obs["used_provisional"] == [f"{e.file} {e.key}" for e in used_provisional(s)]
    assert any(x.startswith("tiles.csv ") for x in obs["used_provisional"])
    assert json.loads(json.dumps(obs)) == obs
