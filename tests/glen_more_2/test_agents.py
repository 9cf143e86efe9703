"""The Glen More II heuristic player's knowledge of chronicles 9-11: each test is a position
built from the rules where the knowing choice is clear; ``heuristic:v1`` (without that
knowledge) is kept to measure against and is shown to miss it where it does."""

import pytest

from clanboard.core import get_game, make_agent
from clanboard.games.glen_more_2.agents import (
    GlenMore2Hints,
    HeuristicAgent,
    best_bid,
    build_chance,
    round_counts,
    round_margin,
    turns_left,
    value_v2,
)
from clanboard.games.glen_more_2.state import P_BID, P_CHOOSE, P_PLAN, P_TAKE, GlenMore2State
from tests.glen_more_2.helpers import GAME, front, give, moves

SEEDS = range(6)


def _game(ch: str, n: int = 2, seed: int = 3) -> GlenMore2State:
    s = GAME.new_state(n, seed=seed, options={"provisional": True, "chronicles": ch})
    assert isinstance(s, GlenMore2State) and s.phase == P_TAKE
    return s


def _choices(s: GlenMore2State, p: int, level: str | None) -> set[str]:
    return {str(HeuristicAgent(seed, level).choose(s, p)) for seed in SEEDS}


def test_levels_v2_by_default_v1_kept_and_a_wrong_level_named():
    game = get_game("glen-more-2")
    new, old = make_agent(game, "heuristic"), make_agent(game, "heuristic:v1")
    assert isinstance(new, HeuristicAgent) and isinstance(old, HeuristicAgent)
    assert new.version == "v2" and old.version == "v1" and old.name == "heuristic:v1"
    with pytest.raises(ValueError, match="v2 or v1"):
        make_agent(game, "heuristic:v3")


# -- chronicle 9: feasts --------------------------------------------------------------------

# the provisional feasts by position: 1 wood -> +1 castle, 2 stone -> +1 landmarks,
# 3 grain -> +1 whisky, 4 sheep -> +1 personalities, 5 cattle -> +1 castle
ROW = ["F2", "F3", "F4", "F5", "F6"]


def _bidding(final: bool) -> GlenMore2State:
    s = _game("9")
    s.feast_row = [next(i for i, f in enumerate(s.comp.feasts) if f.id == fid) for fid in ROW]
    s.feast_deck = sorted(set(range(len(s.comp.feasts))) - set(s.feast_row))
    give(s, 0, (0, 0), wood=1)
    give(s, 0, (1, 0), sheep=1)
    s.personalities = [[1, 2, 3], []]  # 3 ahead: one more is 4 ahead, 3 VP -> 5 VP
    s._start_scoring(len(s.scorings) + 1, final=final)
    assert s.phase == P_BID
    return s


def test_a_feast_is_bid_for_when_its_counts_are_worth_more_than_its_cost():
    """HG-RU 216-218: a feast's extra count scores in this round. One more personality takes
    the lead from 3 to 4 (2 VP more, worth a sheep); one more castle Scotsman on a tie gives
    1 VP, less than the wood it costs while resources still buy tiles."""
    s = _bidding(final=False)
    assert castle_tied(s)
    assert best_bid(s, 0) == [4]
    assert _choices(s, 0, None) == {"bid 4"}


def test_at_the_final_scoring_resources_are_worth_nothing_so_any_gain_is_bid_for():
    """HG-RU 196: the bidding comes before the final scoring too; after it resources count
    for nothing (only coins, spec 15.2), so the castle feast is worth its wood as well, the
    bigger gain first."""
    s = _bidding(final=True)
    assert best_bid(s, 0) == [4, 1]
    assert _choices(s, 0, None) == {"bid 4,1"}


def test_no_feast_is_bid_for_when_none_can_be_paid():
    """HG-RU 214: no payment, no marker: a feast one cannot pay gains nothing."""
    s = _bidding(final=True)
    s.terr[0].res = [[0] * 5 for _ in s.terr[0].res]
    assert best_bid(s, 0) == []


def castle_tied(s: GlenMore2State) -> bool:
    counts = round_counts(s)["castle"]
    return counts[0] == counts[1]


# -- chronicle 10: the Highland Games ------------------------------------------------------


def test_the_discipline_trained_is_the_one_that_leads_at_the_scoring():
    """HG-RU 338: at each scoring the highest caber tosser and stone putter gain 1 fame. A
    spectator raises one representative by 1 (HG-RU 360): with ranks 1/1 against 3/1 the
    caber tosser cannot lead, the stone putter then does; both steps' rewards are a coin
    (provisional pack), so only the fame tells them apart."""
    s = _game("10")
    p, q = s.cur, 1 - s.cur
    s.rank[p], s.rank[q] = [1, 1], [3, 1]
    front(s, "G06")
    s.apply("take G06")
    assert s.phase == P_CHOOSE and moves(s) == ["choose 1", "choose 2"]
    assert _choices(s, p, None) == {"choose 2"}  # stone putter +1
    assert len(_choices(s, p, "v1")) == 2  # v1 sees the two as equal: a coin toss


def test_fame_leads_and_modifiers_count_at_the_coming_scoring():
    """HG-RU 338 and 344: who leads a track is about to gain fame; ranks 3-4's modifiers
    add to a category in the coming round only."""
    s = _game("10")
    p, q = 0, 1
    s.rank[p], s.rank[q] = [2, 0], [1, 1]
    cats = round_counts(s)
    assert cats["fame"] == [1, 1]  # p leads caber, q stone
    before = value_v2(s, p)
    s.modifiers[p] = [["personalities", 1]]
    assert round_counts(s)["personalities"] == [1, 0]
    assert round_counts(s, modifiers=False)["personalities"] == [0, 0]
    assert value_v2(s, p) - before == pytest.approx(
        round_margin(s, p, round_counts(s)) - round_margin(s, p, cats))
    assert value_v2(s, p) > before


# -- chronicle 11: historic places ---------------------------------------------------------


def _late(s: GlenMore2State, keep: list[str]) -> None:
    """The last tiles: the stacks are empty and only ``keep`` are left on the rondel."""
    for k in s.stacks:
        s.stacks[k] = []
    ids = {s.comp.index[t] for t in keep} | {s.comp.worlds_end}
    s.track = [t for t in s.track if t < 0 or t in ids]


def test_a_historic_place_is_not_taken_when_it_cannot_be_built_in_time():
    """HG-RU 450-452 and 506: a place needs one resource a turn on its card (the turn of
    taking it too), and an unbuilt one costs 3 VP at the end. Early, H1 (2 resources, over a
    village: the home tile has one) is sure to be built; taking it with the last-but-one
    tile leaves one resource's time: it can only cost 3 VP."""
    s = _game("11")
    p = s.cur
    front(s, "H1")
    assert build_chance(s, p, s.comp.index["H1"]) == 1.0
    _late(s, ["H1", "T24"])
    assert turns_left(s) == 1.0  # each seat takes one more tile: this one and none later
    assert moves(s) == ["take H1", "take T24"]
    assert _choices(s, p, None) == {"take T24"}
    assert "take H1" in _choices(s, p, "v1")  # v1 counts on building it


def test_no_resource_goes_on_a_card_that_cannot_be_finished():
    """HG-RU 450: a resource on a card is lost if the place is never built (it is
    discarded with the card, and the 3 VP are lost anyway, HG-RU 506)."""
    s = _game("11")
    p = s.cur
    _late(s, [])
    front(s, "H1")  # the last tile: taking a place ends the turn, the blueprint step follows
    give(s, p, (0, 0), wood=2)
    s.apply("take H1")
    assert s.phase == P_PLAN and "plan H1 wood" in moves(s)
    assert turns_left(s) == 0.0  # one resource this turn, none later: it needs two
    assert _choices(s, p, None) == {"end"}
    assert _choices(s, p, "v1") != {"end"}


# -- the search's hints ---------------------------------------------------------------------


def test_hints_rank_the_heuristic_bid_first():
    s = _bidding(final=False)
    legal = s.legal_moves(0)
    priors = GlenMore2Hints().move_priors(s, 0, legal)
    assert priors is not None
    assert str(legal[max(range(len(legal)), key=priors.__getitem__)]) == "bid 4"
    values = GlenMore2Hints().evaluate(s)
    assert values is not None and sum(values) == pytest.approx(1.0)


def test_places_are_taken_one_at_a_time_not_hoarded():
    """HG-RU 450 and 506: every card waits for resources, one a turn each, and each unbuilt
    place costs 3 VP at the end; with two cards still unpaid, a third place (here one that
    could go over the home village) is left on the rondel."""
    s = _game("11")
    p = s.cur
    front(s, "H1")
    assert "take H1" in _choices(s, p, None)  # with no card yet it is a fine take
    for tid in ("H2", "H3"):
        t = s.comp.index[tid]
        for st in s.stacks.values():
            if t in st:
                st.remove(t)
        if t in s.track:
            s.track.remove(t)
        s.blueprints[p].append({"tile": t, "paid": [0] * 5, "free": 0, "fed": False})
    assert "take H1" not in _choices(s, p, None)
    assert "take H1" in _choices(s, p, "v1")  # v1 takes it all the same
