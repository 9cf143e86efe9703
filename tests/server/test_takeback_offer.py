"""The view tells a seat whether it may take its last move back, and why not (in its
language); a step of one's own unfinished turn is undone at once, nobody asked."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import TestClient, auth, new_table


def _play(client: TestClient, table: str, token: str, seat: int, move: str) -> None:
    r = client.post(f"/api/tables/{table}/moves", headers=auth(token),
                    json={"seat": seat, "move": move})
    assert r.status_code == 200, r.text


def _view(client: TestClient, table: str, seat: int, token: str,
          lang: str = "en") -> dict[str, Any]:
    r = client.get(f"/api/tables/{table}/view?seat={seat}&lang={lang}", headers=auth(token))
    return r.json()  # type: ignore[no-any-return]


def _ask(client: TestClient, table: str, token: str, seat: int, lang: str = "en") -> Any:
    return client.post(f"/api/tables/{table}/takeback?lang={lang}", headers=auth(token),
                       json={"seat": seat})


def test_schotten_totten_offers_no_takeback_after_a_draw(client: TestClient) -> None:
    """Schotten Totten: a card is drawn after every card played (rules: "draw a card"),
    so the button is never offered enabled; the reason comes in the seat's language."""
    t = new_table(client, game="schotten-totten", seed=3,
                  seats=[{"kind": "human"}, {"kind": "human"}])
    table, tok = t["table"], t["tokens"]
    assert _view(client, table, 0, tok["0"])["take_back"] is None  # nothing played yet
    _play(client, table, tok["0"], 0, _view(client, table, 0, tok["0"])["legal_moves"][0])
    offer = _view(client, table, 0, tok["0"])["take_back"]
    assert offer["allowed"] is False and "un-seen" in offer["reason"], offer
    ru = _view(client, table, 0, tok["0"], "ru")["take_back"]
    assert ru["reason"] and "un-seen" not in ru["reason"] and "карт" in ru["reason"], ru
    r = _ask(client, table, tok["0"], 0)
    assert r.status_code == 409 and r.json()["reason"] == offer["reason"], r.text
    # the other seat has nothing to take back
    assert _view(client, table, 1, tok["1"])["take_back"] is None


def test_an_unfinished_turn_is_undone_at_once_without_asking(client: TestClient) -> None:
    """Glen More: a turn is several steps (take a tile, place it, activate, end); each
    step of it may be undone before the turn ends, with no other human asked."""
    t = new_table(client, game="glen-more", seed=4,
                  seats=[{"kind": "human"}, {"kind": "human"}])
    table, tok = t["table"], t["tokens"]
    view = _view(client, table, 0, tok["0"])
    take = next(m for m in view["legal_moves"] if m.startswith("take "))
    _play(client, table, tok["0"], 0, take)
    view = _view(client, table, 0, tok["0"])
    assert view["take_back"] == {"allowed": True, "undo": True, "reason": None}
    place = next(m for m in view["legal_moves"] if m.startswith("place "))
    _play(client, table, tok["0"], 0, place)
    assert _ask(client, table, tok["0"], 0).status_code == 200
    view = _view(client, table, 0, tok["0"])
    assert view["seq"] == 1 and view["takeback"] is None  # undone, nobody asked
    assert place in view["legal_moves"]
    # the other seat sees no offer of its own
    assert _view(client, table, 1, tok["1"])["take_back"] is None


def test_a_finished_turn_needs_the_others_agreement(client: TestClient) -> None:
    """Isle of Skye: once the buying seat's turn passes to the next, taking it back asks
    the other player (not undone at once)."""
    t = new_table(client, game="isle-of-skye", seed=4,
                  seats=[{"kind": "human"}, {"kind": "human"}])
    table, tok = t["table"], t["tokens"]
    for _ in range(60):
        view = _view(client, table, 0, tok["0"])
        waiting = view["to_move"]
        if not waiting:
            break
        seat = waiting[0]
        legal = _view(client, table, seat, tok[str(seat)])["legal_moves"]
        _play(client, table, tok[str(seat)], seat, legal[0])
        last = _view(client, table, seat, tok[str(seat)])
        offer = last["take_back"]
        if offer and offer["allowed"] and not offer["undo"]:
            r = _ask(client, table, tok[str(seat)], seat)
            assert r.status_code == 200, r.text
            assert r.json()["takeback"]["by"] == seat  # the other is asked
            return
    raise AssertionError("no takeback that needs agreement was offered")
