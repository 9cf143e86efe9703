"""Departures from the Russian rulebook (HG-RU) and the base specification found by
issue 42, each test built from the rulebook line it quotes."""

from __future__ import annotations

import pytest

from clanboard.games.glen_more_2.components import Need
from clanboard.games.glen_more_2.state import P_ACT, GlenMore2State
from tests.glen_more_2.helpers import GAME, give, moves

CASTLE = "T30"


def _game(ch: str, n: int = 2, seed: int = 3) -> GlenMore2State:
    s = GAME.new_state(n, seed=seed, options={"provisional": True, "chronicles": ch})
    assert isinstance(s, GlenMore2State)
    return s


def _feast(s: GlenMore2State, fid: str) -> int:
    return next(i for i, f in enumerate(s.comp.feasts) if f.id == fid)


def test_feast_refill_discards_all_used_feasts_before_laying_out_new_ones():
    """HG-RU 230: «После раунда подсчёта сбросьте пиршества, на которых есть хотя бы 1
    маркер клана, и выложите на их место новые пиршества из стопки. [...] Если стопка
    пиршеств опустела, перемешайте сброс и сформируйте новую стопку» — all used feasts are
    in the discard before the reshuffle, so none of them stays behind in it."""
    for seed in range(6):
        s = _game("9", seed=seed)
        row = ["F2", "F3", "F4", "F5", "F6"]
        s.feast_row = [_feast(s, f) for f in row]
        s.feast_deck = [_feast(s, "F7")]  # one card left
        s.feast_discard = []
        s.feast_markers = {1: [0], 2: [1], 3: [0, 1]}
        s._refill_feasts()
        # 3 places to fill: F7 from the stack, then the 3 used feasts reshuffled
        assert s.feast_discard == []
        assert len(s.feast_deck) == 1
        laid = set(s.feast_row[:3]) | set(s.feast_deck)
        assert laid == {_feast(s, f) for f in ("F7", "F2", "F3", "F4")}
        assert s.feast_row[3:] == [_feast(s, "F5"), _feast(s, "F6")]


def test_feast_refill_with_an_empty_stack_may_lay_out_another_used_feast():
    """HG-RU 230: with no stack left, the used feasts are reshuffled together, so a place
    need not get its own feast back."""
    swapped = False
    for seed in range(12):
        s = _game("9", seed=seed)
        s.feast_row = [_feast(s, f) for f in ("F2", "F3", "F4", "F5", "F6")]
        s.feast_deck, s.feast_discard = [], []
        s.feast_markers = {1: [0], 2: [1]}
        s._refill_feasts()
        assert sorted(s.feast_row[:2]) == sorted([_feast(s, "F2"), _feast(s, "F3")])
        swapped |= s.feast_row[0] == _feast(s, "F3")
    assert swapped


def test_innes_puts_one_whisky_for_one_resource_per_payment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """HG-RU 238: «Иннс. Всякий раз, оплачивая стоимость пиршества, вы можете потратить 1
    [бочку виски] вместо 1 ресурса» — one substitute per payment, not more."""
    s = _game("9")
    s.rules[0] = ["feast_whisky"]
    s.whisky[0] = 3
    wood = _feast(s, "F2")  # costs 1 wood
    assert s.terr[0].have() == [0, 0, 0, 0, 0]
    assert s._pay_feast(0, wood) and s.whisky[0] == 2  # 1 whisky for the 1 wood
    # a feast of 2 wood (the provisional pack has none), set through the components: a
    # compiled state's own methods cannot be replaced, the uncompiled components' can
    monkeypatch.setattr(s.comp, "costs_of_feast", lambda f: (Need((2, 0, 0, 0, 0)),))
    assert not s._pay_feast(0, wood) and s.whisky[0] == 2  # 2 wood: not 2 whisky
    give(s, 0, (0, 0), wood=1)
    assert s._pay_feast(0, wood) and s.whisky[0] == 1 and s.terr[0].have()[0] == 0


def test_stirling_castle_purchase_not_offered_when_both_resources_do_not_fit():
    """HG-RU 552: «Вы не можете потратить только 1 монету, чтобы получить 1 ресурс.
    Помните, что на любом жетоне может быть не более 3 ресурсов. Используйте или продайте
    лишние ресурсы перед активацией этого жетона.»"""
    from tests.glen_more_2.test_ch11 import _lay, _over

    s = _game("11")
    p = s.cur
    _lay(s, p, (0, 1), CASTLE)
    _over(s, p, (0, 1), "STIRLING")
    slot = s.terr[p].cells[(0, 1)]
    s.near, s.phase = [slot], P_ACT
    s.coins[p] = 5
    give(s, p, (0, 1), wood=2)
    assert "act 0,1" not in moves(s)  # 2 coins would buy only 1 resource
    give(s, p, (0, 1), wood=1)
    assert "act 0,1" in moves(s)
    s.apply("act 0,1")
    s.apply("gain stone")
    s.apply("gain stone")
    assert s.coins[p] == 3 and s.terr[p].res[slot] == [1, 2, 0, 0, 0]
    assert sum(s.terr[p].res[slot]) <= 3  # a tile holds at most 3


def _bid_all(s: GlenMore2State, bids: list[str]) -> None:
    s._start_scoring(len(s.scorings) + 1, final=False)
    for p, b in enumerate(bids):
        s.apply(f"bid {b}", player=p)


def test_chronicle_9_adds_3_clan_markers_per_colour_for_the_feasts():
    """HG-RU 181: «12 дополнительных маркеров кланов (3 каждого цвета)» — pieces, not an
    unlimited supply: 3 feasts take the extra markers, a 4th and 5th (Cameron) ordinary
    clan markers, which come back after the scoring; the clan-board count stays 10."""
    s = _game("9")
    assert s.markers == [10, 10]
    s.rules[0] = ["bids5"]
    s.coins = [0, 0]
    for cell in list(s.terr[0].cells):
        give(s, 0, cell, wood=3 if cell == (0, 0) else 0)
    s.feast_row = [_feast(s, f) for f in ("F2", "F12", "F2", "F2", "F12")]  # all wood
    give(s, 0, (1, 0), wood=2)
    s.markers[0] = 1  # one clan marker left in the supply
    _bid_all(s, ["1,2,3,4,5", "none"])
    # 3 extra markers and the last clan marker: 4 feasts, the 5th has no marker (unpaid)
    assert sorted(int(k) for k in s.scorings[-1]["feasts"]) == [1, 2, 3, 4]
    assert s.terr[0].have()[0] == 1  # the 5th feast was not paid
    assert s.markers[0] == 1  # back after the scoring


def test_extra_markers_option_supply_reading_gives_13_clan_markers():
    """HG-RU 181 read the other way (option extra_markers=supply): the 3 extra markers
    join the colour's clan markers; a feast marker is then one of those 13."""
    s = GAME.new_state(2, seed=3, options={"provisional": True, "chronicles": "9",
                                           "extra_markers": "supply"})
    assert isinstance(s, GlenMore2State) and s.markers == [13, 13]
    s.feast_row = [_feast(s, f) for f in ("F2", "F12", "F2", "F2", "F12")]
    give(s, 0, (0, 0), wood=1)
    s.markers[0] = 0
    _bid_all(s, ["1", "none"])
    assert s.scorings[-1]["feasts"] == {} and s.terr[0].have()[0] == 1  # no marker: unpaid
    plain = _game("")
    assert plain.markers == [10, 10] and plain.extra_markers == 0


def test_a_removal_never_leaves_the_territory_in_parts():
    """Base specification 6.3: «The territory must stay connected» — MacMillan and Loch
    Morar may not remove a tile that holds the territory together; the refusal says why
    in the player's language and changes nothing."""
    import pytest

    from clanboard.core import IllegalMove
    from clanboard.core.errors import in_language
    from clanboard.games.glen_more_2.state import P_REMOVE
    from tests.glen_more_2.test_ch11 import _lay

    s = _game("")
    p = s.cur
    _lay(s, p, (2, 0), "T16")
    _lay(s, p, (3, 0), "T19")  # held to the rest only through 2,0
    _lay(s, p, (0, 1), "T01")
    s.remove_left, s.phase = 1, P_REMOVE
    legal = set(moves(s))
    assert legal == {"remove 3,0", "remove 0,1", "end"}  # not 2,0; never the home tiles
    before = s.to_json()
    with pytest.raises(IllegalMove) as err:
        s.apply("remove 2,0")
    assert "fall apart" in err.value.reason
    assert "распадутся на части" in in_language(err.value.reason, "ru")
    assert s.to_json() == before
    s.apply("remove 3,0")
    assert (3, 0) not in s.terr[p].cells and s.terr[p].connected_without(set())
    # with 2 removals, 3,0 first and then 2,0 keeps the territory whole
    s2 = _game("")
    q = s2.cur
    _lay(s2, q, (2, 0), "T16")
    _lay(s2, q, (3, 0), "T19")
    s2.remove_left, s2.phase = 2, P_REMOVE
    s2.apply("remove 3,0")
    assert "remove 2,0" in moves(s2)


def test_diagonal_contact_keeps_a_territory_whole():
    """Spec 6.1: adjacency is the 8 surrounding cells, so a tile touching the rest only
    at a corner still belongs to the territory."""
    from clanboard.games.glen_more_2.territory import Territory

    t = Territory()
    for cell in ((0, 0), (1, 0), (2, 1), (3, 2)):
        t.add(0, cell)
    assert t.connected_without(set())
    assert not t.connected_without({2})  # (3,2) then touches nothing
    assert not t.connected_without(set(), adjacency=4)


def test_feast_closed_option_reads_hg_ru_206_two_ways():
    """HG-RU 206: «Теперь участники могут класть маркеры кланов только на те пиршества,
    которые никем не были выбраны на предыдущем этапе», and the example (HG-RU 210): «т. к.
    там уже есть маркеры после предыдущих этапов». A feast bid on at stage 1 by a player who
    could not pay holds no marker: 'marker' (default) leaves it open at stage 2, 'chosen'
    closes it."""
    got = {}
    for reading in ("marker", "chosen"):
        s = GAME.new_state(2, seed=3, options={"provisional": True, "chronicles": "9",
                                               "feast_closed": reading})
        assert isinstance(s, GlenMore2State)
        s.feast_row = [_feast(s, f) for f in ("F2", "F3", "F4", "F5", "F6")]
        give(s, 1, (0, 0), wood=1, sheep=1)  # seat 1 can pay feast 1 (wood), 4 (sheep)
        _bid_all(s, ["4", "1,4"])  # seat 0 has no sheep: its bid on 4 puts no marker
        got[reading] = s.scorings[-1]["feasts"]
    assert got["marker"] == {"1": [1], "4": [1]}
    assert got["chosen"] == {"1": [1]}
