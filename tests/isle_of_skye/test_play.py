"""Notation, rendering, agents and options over whole games."""

from __future__ import annotations

import re

import pytest

from clanboard.core import IllegalMove, Rng, make_agent, play_game
from clanboard.games.isle_of_skye.agents import remaining_weights, territory_value
from clanboard.games.isle_of_skye.constants import COLOURS
from clanboard.games.isle_of_skye.moves import PASS, Buy, Deal, Discard, Draw, Place, Price, Return
from clanboard.games.isle_of_skye.render import render_territory, tile_lines
from clanboard.games.isle_of_skye.territory import Territory
from clanboard.games.isle_of_skye.tiles import castles
from tests.isle_of_skye.helpers import GAME, TILES, new_state, play_random, put, state


@pytest.mark.parametrize(("text", "move"), [
    ("discard L05", Discard("L05")),
    ("price L12 3", Price("L12", 3)),
    ("buy l12", Buy("L12")),
    ("PASS", PASS),
    ("place L12 0,1 r2", Place("L12", 0, 1, 2)),
    ("Place l12 (0, 1) 2", Place("L12", 0, 1, 2)),
    ("place L12 -3,-1 r0", Place("L12", -3, -1, 0)),
    ("return L40", Return("L40")),
    ("draw L07", Draw("L07")),
    ("deal S13", Deal("S13")),
])
def test_notation_round_trip(text: str, move: object) -> None:
    s = state(2)
    assert s.parse_move(text) == move
    assert s.parse_move(str(move)) == move


@pytest.mark.parametrize("text", ["", "place L12 0,1 r4", "price L12", "buy 12", "offer L01"])
def test_bad_notation_names_the_forms(text: str) -> None:
    with pytest.raises(IllegalMove, match="discard L05|rotation must be r0"):
        state(2).parse_move(text)


def test_render_shows_terrain_roads_icons_and_hides_prices() -> None:
    s = state(2)
    put(s, 0, "L12", 0, 1, 2)
    pic = render_territory(s.territories[0])
    plain = re.sub(r"\[[^\]]*\]", "", pic)
    assert "CAS" in plain and "M=   =M" in plain  # the tile's middle holds no number or id
    rows = plain.splitlines()
    assert rows[5].startswith("1 down ") and "=   =" in rows[5]  # its row: 1 below the castle
    assert not re.search(r"[xy]=", plain)  # no coordinates
    s.territories[0].cells[(-2, 0)] = s.territories[0].cells[(0, 1)]  # for the picture only
    head = re.sub(r"\[[^\]]*\]", "", render_territory(s.territories[0], "ru")).splitlines()[0]
    assert head.split() == ["2", "влево", "1", "влево"]  # the castle's column is not labelled
    assert "L12" not in re.sub(r"\[[^\]]*\]", "", s.render(0))  # never a tile's id
    lines = [re.sub(r"\[[^\]]*\]", "", x) for x in tile_lines(TILES["L12"], 2)]
    assert all(len(x) == 9 for x in lines)
    assert lines[0].strip() == "P|"  # N edge pasture with a road end (turned 180)
    assert lines[1].strip() == "M=   =M"  # roads E and W; no id in the middle
    assert "w" in lines[2] and "f" in lines[2]  # whisky and farm
    assert lines[3].strip() == "P"
    d = s.drawn[1]
    s.apply(f"offer {d[0]} {d[1]}=4 {d[2]}=1", 1)
    assert "at 4 gold" not in s.render(0) and "at 4 gold" in s.render(1)  # a hidden price
    assert "за 4 монеты" in s.render(1, lang="ru") and "@" not in s.render(1)
    assert "gold ?" in s.render(0)


def test_heuristic_plays_whole_games_and_beats_random() -> None:
    wins = 0
    for seed in range(6):
        s = new_state(3, seed=seed)
        agents = [make_agent(GAME, "heuristic", seed=seed), make_agent(GAME, "random", seed=1),
                  make_agent(GAME, "random", seed=2)]
        play_game(s, agents)
        assert s.is_terminal()
        wins += 0 in s.winners()
    assert wins >= 4


def test_heuristic_builds_toward_active_scoring_tiles() -> None:
    """With S01 (squares) on A, the heuristic closes a 2x2 block when it can."""
    s = state(2, seed=2, scoring_tiles="S01,S03,S07,S10")
    play_random(s, 2, until=lambda st: st.phase == "build")
    seat = s.current_player()
    terr = s.territories[seat] = Territory(castles()[COLOURS[seat]])
    s.bag.extend(s.pending[seat])
    castle_n = "L24" if seat == 0 else "L31"
    for tid, cell in ((castle_n, (0, -1)), ("L19", (-1, 0))):
        rot = next(r for r in range(4) if terr.fits(TILES[tid], cell, r))
        terr.place(TILES[tid], cell, rot)
        s.bag.remove(tid)
    corner = next(t for t in s.bag if any(terr.fits(TILES[t], (-1, -1), r) for r in range(4)))
    s.bag.remove(corner)
    s.pending[seat] = [corner]
    move = make_agent(GAME, "heuristic", seed=0).choose(s, seat)
    assert isinstance(move, Place) and (move.x, move.y) == (-1, -1)
    # the value it maximises: S01 weighted by the 3 times A still scores
    weights = remaining_weights(s)
    assert weights == {"S01": 3, "S03": 3, "S07": 3, "S10": 3}
    after = terr.copy()
    after.place(TILES[corner], (-1, -1), move.rot)
    gain = territory_value(s, after, {"S01": 3}) - territory_value(s, terr, {"S01": 3})
    base = territory_value(s, after, {}) - territory_value(s, terr, {})
    assert gain - base == 6


def test_agents_only_use_their_own_view() -> None:
    """The heuristic's choice does not change with others' hidden commits."""
    a = state(3, seed=7)
    b = a.clone()
    rng_a, rng_b = Rng(1), Rng(2)
    for s, rng in ((a, rng_a), (b, rng_b)):
        for q in (1, 2):
            while not s.committed(q):
                s.apply_trusted(rng.choice(s.legal_moves(q)), q)
    ha, hb = make_agent(GAME, "heuristic", seed=0), make_agent(GAME, "heuristic", seed=0)
    assert ha.choose(a, 0) == hb.choose(b, 0)


@pytest.mark.parametrize("options", [
    {"tile_reading": "hq"},
    {"hidden_gold": False, "return_only_when_stuck": False, "tiebreak": "total"},
    {"s13_runs": "column", "s14_castle_counts": False, "castle_is_whisky": True,
     "s09_animals_once": False, "random_start_player": True},
])
def test_games_finish_under_every_option(options: dict) -> None:
    for n in (2, 5):
        s = new_state(n, seed=3, options=options)
        play_random(s, 3)
        assert s.is_terminal() and s.winners()
        s.check_consistency()


def test_s14_option_changes_round_scoring() -> None:
    base = state(2, scoring_tiles="S14,S01,S02,S03")
    alt = state(2, scoring_tiles="S14,S01,S02,S03", s14_castle_counts=False)
    for s in (base, alt):
        play_random(s, 5, until=lambda st: st.round == 2)
    assert [x - y for x, y in zip(base.round_points[0]["S14"], alt.round_points[0]["S14"],
                                  strict=True)] == [1, 1]


def test_render_hints_the_move_owed() -> None:
    s = state(2)
    number = "type a move's number from the list"
    assert "discard one of your three tiles" in s.render(0) and number in s.render(0)
    assert number not in s.render(None)  # a spectator owes nothing
    assert "offer " not in s.render(0)  # the notation is not taught
    play_random(s, 1, until=lambda st: st.phase == "build")
    seat = s.players_to_move()[0]
    assert "place your tile: the list says where, counted from the castle" in s.render(seat)
    assert "считая от замка, — введите номер хода из списка" in s.render(seat, lang="ru")


def test_observation_is_json_and_describes_visible_tiles() -> None:
    import json

    s = state(3)
    put(s, 0, "L12", 0, 1, 2)
    obs = json.loads(json.dumps(s.observation(1)))
    info = obs["tiles"]["L12"]
    assert info == {"edges": "PMPM", "roads": "ESW", "road_networks": ["ESW"],
                    "icons": {"whisky": 1, "farm": 1}, "scroll": None,
                    "regions": "PMM", "edge_regions": [0, 1, 0, 2], "internal": [],
                    "icon_regions": info["icon_regions"], "scroll_region": None,
                    "castle": False}
    assert sorted(k for k, _, _ in info["icon_regions"]) == ["farm", "whisky"]
    assert obs["players"][0]["territory"] == [["castle-blue", 0, 0, 0], ["L12", 0, 1, 2]]
    assert all(t in obs["tiles"] for pl in obs["players"] for t in pl["drawn"])
    assert obs["tiles"]["castle-red"]["roads"] == "NSW" and "castle-white" not in obs["tiles"]


def test_observation_places_areas_icons_and_scrolls_for_drawing() -> None:
    """What a renderer needs to draw a tile: regions per edge, internal areas, which
    region each icon and scroll lies in, the castle (read from the data file)."""
    from clanboard.games.isle_of_skye.observe import tile_info

    s = state(2)
    tiles = {t: tile_info(s, t) for t in ("L07", "L33", "L02", "L12", "castle-blue")}
    assert s.observation(1)["tiles"]["castle-blue"] == tiles["castle-blue"]
    lake = tiles["L07"]  # WWWP with a mountain inside: broch and whisky stand on it
    assert lake["regions"] == "WPM" and lake["edge_regions"] == [0, 0, 0, 1]
    assert lake["internal"] == [2]
    assert sorted(lake["icon_regions"]) == [["broch", 1, 2], ["whisky", 1, 2]]
    assert tiles["L33"]["road_networks"] == ["NW", "ES"]
    scroll = tiles["L02"]  # PMWM, mountain joined E+W; scroll on the east mountain
    assert scroll["scroll"] == "whisky_tiles_per_2"
    assert scroll["edge_regions"][1] == scroll["edge_regions"][3] == scroll["scroll_region"]
    castle = tiles["castle-blue"]
    assert castle["castle"] is True and castle["icon_regions"] == []
    assert not any(info["castle"] for tid, info in tiles.items() if tid.startswith("L"))


def test_observation_carries_scoring_text_and_round_track() -> None:
    from clanboard.games.isle_of_skye.tiles import raw_rows, round_track

    s = state(3)
    obs = s.observation(None)
    rows = {r["id"]: r for r in raw_rows("scoring-tiles.csv")}
    assert set(obs["scoring_text"]) == set(obs["scoring_tiles"].values())
    for sid, text in obs["scoring_text"].items():
        assert text == {"name": rows[sid]["name"], "rule": rows[sid]["rule"]}
    assert [(r["letters"], r["catchup"]) for r in obs["round_track"]] == [
        (list(r.letters), r.catchup) for r in round_track(3)]
    assert obs["round_track"][2] == {"round": 3, "letters": ["A", "C"], "catchup": 1}
    five = state(5).observation(0)["round_track"]
    assert [r["letters"] for r in five] == [list(r.letters) for r in round_track(5)]


def test_option_help_speaks_in_player_terms() -> None:
    """The lobby shows these strings: no rule ids and no notes meant for developers."""
    for o in GAME.options:
        assert not re.search(r"\bR-\d|\bS\d\d:|OpenSpiel|\[interp\]", o.help), o.name
        assert len(o.help) > 20, o.name


@pytest.mark.parametrize("seed", [3, 4])
def test_observation_describes_no_tile_still_in_the_bag(seed: int) -> None:
    """Tile faces are described for tiles drawn (public, R-5.1), pending or placed only
    (a bag tile only when it is this round's revealed discard); every viewer gets the same."""
    s = new_state(3, seed)
    rng = Rng(seed)
    while not s.is_terminal():
        views = [s.observation(v) for v in (None, 0, 1, 2)]
        assert all(v["tiles"] == views[0]["tiles"] for v in views)
        described = {t for t in views[0]["tiles"] if t.startswith("L")}
        discards = {pl["discard"] for pl in views[0]["players"]}
        assert described & set(s.bag) <= discards
        shown = {t for pl in views[0]["players"] for t in pl["drawn"] + pl["pending"]}
        shown |= {t for pl in views[0]["players"] for t, *_ in pl["territory"]}
        assert set(views[0]["tiles"]) == shown
        p = s.players_to_move()[0]
        s.apply(rng.choice(s.legal_moves(p)), p)
