"""The coach's better move on the board and rules at the point of need: the position after
the coach's move (or the tutorial's) as the seat may see it, and each component kind's rules
section (server/tables/rules_points.json), for every game and language."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from clanboard.server.tables.rules_links import all_points, anchors, headings, point_links, points
from tests.server.conftest import auth
from tests.server.test_coach import BLUNDER, planted_table

WEB = Path(__file__).parents[2] / "clanboard" / "web"
GAMES = Path(__file__).parents[2] / "clanboard" / "games"
PACKAGES = {"schotten-totten": "schotten_totten", "glen-more": "glen_more",
            "isle-of-skye": "isle_of_skye", "glen-more-2": "glen_more_2"}
LANGS = ("en", "ru", "uk", "ja")


def kit_kinds() -> set[str]:
    """Every icon kind the drawing kit draws (kit.js's DRAW and its aliases)."""
    source = (WEB / "kit.js").read_text(encoding="utf-8")
    body = source[source.index("const DRAW = {"):source.index("const KINDS")]
    kinds = set(re.findall(r"^    (\w+)\(g, x, y, u", body, re.MULTILINE))
    kinds |= set(re.findall(r"^    (\w+): ", body, re.MULTILINE))
    kinds |= set(re.findall(r"^  DRAW\.(\w+) = ", body, re.MULTILINE))
    return kinds


def renderer_kinds(game: str) -> set[str]:
    """The component kinds a game's renderer names (data-rules, a face's rules, tappable)."""
    source = (GAMES / PACKAGES[game] / "web" / "render.js").read_text(encoding="utf-8")
    found = set(re.findall(r'"data-rules": "([\w-]+)"', source))
    found |= set(re.findall(r'\brules: "([\w-]+)"', source))
    found |= set(re.findall(r'tappable\([^;]*, "([\w-]+)"\)', source))
    for ternary in re.findall(r'"data-rules": [^,]*\? "([\w-]+)" : "([\w-]+)"', source):
        found |= set(ternary)
    return found


def test_every_mapped_section_exists_in_every_language() -> None:
    assert set(all_points()) == set(PACKAGES)
    for game in PACKAGES:
        known = anchors(game)
        assert points(game), game
        for kind, anchor in points(game).items():
            assert anchor in known, (game, kind, anchor)
        for lang in LANGS:
            titles = headings(game, lang)
            assert len(titles) == len(known), (game, lang)  # one anchor names each section
            links = point_links(game, lang)
            assert set(links) == set(points(game)), (game, lang)
            for link in links.values():
                assert link["title"] == titles[known.index(link["anchor"])]
                assert link["url"] == f"/rules/{game}?lang={lang}#{link['anchor']}"


def test_every_component_kind_a_board_draws_has_a_section() -> None:
    icons = kit_kinds()
    assert {"wood", "whisky", "clansman", "gold", "feast", "hgstone", "P"} <= icons
    for game, package in PACKAGES.items():
        source = (GAMES / package / "web" / "render.js").read_text(encoding="utf-8")
        drawn = renderer_kinds(game)
        assert drawn, game  # every board names its components
        if "kit." in source:  # the kit's icons and its faces' and cards' own kinds
            drawn |= icons | {"tile", "card"}
        if game == "glen-more-2":  # kit.gm2's kinds
            drawn |= {"tile", "historic", "feast", "landmark", "personality"}
        missing = sorted(drawn - set(points(game)))
        assert not missing, f"{game}: no rules section for {missing}"
    assert {"clan-card", "tactic-card", "stone", "deck"} <= renderer_kinds("schotten-totten")
    assert {"scoring-tile", "round-track"} <= renderer_kinds("isle-of-skye")
    assert {"market", "rondel"} <= renderer_kinds("glen-more") & renderer_kinds("glen-more-2")


def test_the_page_gets_a_games_links_in_its_language(serve: Callable[..., TestClient]) -> None:
    client = serve()
    got = client.get("/api/games/glen-more-2/rules/points?lang=uk").json()
    assert got["lang"] == "uk"
    assert got["points"]["feast"] == {"anchor": "chronicles", "title": "Хроніки",
                                      "url": "/rules/glen-more-2?lang=uk#chronicles"}
    st = client.get("/api/games/schotten-totten/rules/points?lang=ja").json()["points"]
    assert st["stone"]["title"] == "証明による獲得"
    assert st["clan-card"]["anchor"] == "formations-strongest-first"
    assert client.get("/api/games/no-such-game/rules/points").status_code == 404


def stone_side(obs: dict[str, Any], stone: int, seat: int) -> list[str]:
    side: list[str] = next(s for s in obs["stones"] if s["stone"] == stone)["sides"][seat]
    return side


def test_the_coachs_better_move_on_the_board(serve: Callable[..., TestClient],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    client, record, table, token = planted_table(serve, monkeypatch)
    url = f"/api/tables/{table}/coach/position?seat=1"
    for index, (player, move) in enumerate(record.moves[:BLUNDER + 1]):
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{table}/view").json()["seq"] < index:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        if player != 1:
            continue
        if index == BLUNDER:
            none = client.get(url + "&lang=ru", headers=auth(token))
            assert none.status_code == 404 and "тренер" in none.json()["reason"].lower()
            assert client.post(f"/api/tables/{table}/coach", json={"seat": 1, "on": True},
                               headers=auth(token)).status_code == 200
        assert client.post(f"/api/tables/{table}/moves", json={"seat": 1, "move": move},
                           headers=auth(token)).status_code == 200
    deadline = time.monotonic() + 120
    while (verdict := client.get(f"/api/tables/{table}/view?seat=1",
                                 headers=auth(token)).json()["coach"]["verdict"]) is None:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert verdict["mark"] in ("mistake", "blunder")
    # the AI's reply, if the game goes on, is awaited: then nothing but a move changes the seq
    while (live := client.get(f"/api/tables/{table}/view?seat=1", headers=auth(token)).json()
           )["status"] != "over" and 1 not in live["to_move"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    pos = client.get(url + "&lang=uk", headers=auth(token)).json()
    assert (pos["of"], pos["index"], pos["player"]) == ("verdict", BLUNDER, 1)
    assert pos["move"] == verdict["best"] and pos["move"] != "7r@8"
    assert pos["text"] and pos["text"] != pos["move"]  # in words (Ukrainian)
    card, stone = pos["move"].split("@")
    # the better move is on the board, the blunder is not; the live game is untouched
    assert card in stone_side(pos["observation"], int(stone), 1)
    assert "7r" not in stone_side(pos["observation"], 8, 1)
    assert "7r" in stone_side(live["observation"], 8, 1)
    assert client.get(f"/api/tables/{table}/view").json()["seq"] == live["seq"]
    # the seat's own view only: the opponent's hand stays hidden, no other seat may ask
    assert "hand" in pos["observation"] and "words" in pos
    assert client.get(url).status_code in (401, 403)
    assert client.get(f"/api/tables/{table}/coach/position?seat=0",
                      headers=auth(token)).status_code in (401, 403)


def test_the_tutorials_move_on_the_board(serve: Callable[..., TestClient]) -> None:
    client = serve()
    spec = next(t for t in client.get("/api/tutorials").json()["tutorials"]
                if t["game"] == "schotten-totten")["table"]
    made = client.post("/api/tables", json=spec).json()
    table, token = made["table"], made["tokens"]["0"]
    url = f"/api/tables/{table}/coach/position?seat=0&of=tutorial"
    assert client.get(url, headers=auth(token)).status_code == 404  # not followed yet
    client.post(f"/api/tables/{table}/tutorial", json={"seat": 0, "game": "schotten-totten"},
                headers=auth(token))
    pos = client.get(url + "&lang=ja", headers=auth(token)).json()
    assert (pos["of"], pos["move"], pos["player"]) == ("tutorial", "4y@5", 0)
    assert "4y" in stone_side(pos["observation"], 5, 0)
    assert "4y" not in pos["observation"]["hand"]
    live = client.get(f"/api/tables/{table}/view?seat=0", headers=auth(token)).json()
    assert "4y" in live["observation"]["hand"] and live["seq"] == 0


@pytest.mark.parametrize("game", list(PACKAGES))
def test_the_position_shown_tells_nothing_the_seat_may_not_see(game: str) -> None:
    """Two deals the seat cannot tell apart show the same board after the same move (what is
    drawn comes from the seat's own view), in every game; the game itself is untouched."""
    import random

    from clanboard.core import get_game
    from clanboard.core.rng import Rng
    from clanboard.server.coach.hints import position_after

    options = {"provisional": True, "chronicles": "9,10,11"} if game == "glen-more-2" else {}
    state = get_game(game).new_state(seed=4, options=options)
    rnd = random.Random(1)
    for _ in range(12):
        player = state.players_to_move()[0]
        state.apply(rnd.choice(state.legal_moves(player)), player)
    seat = state.players_to_move()[0]
    move = str(state.legal_moves(seat)[0])
    before = state.to_json()
    shown = position_after(state, seat, move, 5, "ru", ["A", "B"])
    assert state.to_json() == before
    assert shown["text"] != move and shown["player"] == seat
    one = position_after(state.determinize(seat, Rng(1)), seat, move, 5, "ru", ["A", "B"])
    two = position_after(state.determinize(seat, Rng(2)), seat, move, 5, "ru", ["A", "B"])
    assert one["observation"] == two["observation"] == shown["observation"]
    assert one["words"] == shown["words"]
