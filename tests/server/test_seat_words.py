"""One numbering for people (issue 44, item 6): a refusal's reason, which the web shows to
players, names a seat as the board does, "Player 2" for the API's seat 1, in every language;
the machine fields (``seat``, the error codes) keep counting from 0."""

from __future__ import annotations

import re
from typing import Any

import pytest

from clanboard.core import IllegalMove, get_game
from tests.server.conftest import TestClient, auth, new_table

LANGS = ("en", "ru", "uk", "ja")
#: a seat word and the number after it, in each language ("Player 2", "игрока 2", "席2")
SEAT_WORD = {
    "en": re.compile(r"\b(?:seat|player)s?\W{0,2}(\d+)", re.I),
    "ru": re.compile(r"(?:мест|игрок)\w*\W{0,2}(\d+)", re.I),
    "uk": re.compile(r"(?:місц|місце|гравц|гравець)\w*\W{0,2}(\d+)", re.I),
    "ja": re.compile(r"(?:席|プレイヤー)\W{0,2}(\d+)"),
}
PLAYER = {"en": "Player {n}", "ru": "игрок\\w* {n}", "uk": "гравц?е?\\w* {n}",
          "ja": "プレイヤー{n}"}


def numbers(reason: str, lang: str) -> set[int]:
    """The numbers a reason gives to seats."""
    return {int(n) for n in SEAT_WORD[lang].findall(reason)}


def refusals(client: TestClient, lang: str) -> dict[str, tuple[dict[str, Any], set[int]]]:
    """Provoked refusals (error body, the 1-based numbers its reason must name) at two-seat
    tables, in ``lang``."""
    q = f"?lang={lang}"
    t = new_table(client, game="schotten-totten", seed=3)
    tid, tok = t["table"], t["tokens"]
    out = {}
    # seat 0 is to move: seat 1 moving is out of turn (Player 2 waits for Player 1)
    r = client.post(f"/api/tables/{tid}/moves{q}", headers=auth(tok["1"]),
                    json={"seat": 1, "move": "play 1 1"})
    out["not_your_turn"] = (r.json(), {2, 1})
    r = client.post(f"/api/tables/{tid}/moves{q}", json={"seat": 1, "move": "play 1 1"})
    out["token_required"] = (r.json(), {2})
    r = client.post(f"/api/tables/{tid}/moves{q}", headers=auth(tok["0"]),
                    json={"seat": 1, "move": "play 1 1"})
    out["wrong_token"] = (r.json(), {2})
    r = client.get(f"/api/tables/{tid}/view{q}&seat=4", headers=auth(tok["0"]))
    out["no_such_seat"] = (r.json(), {1, 5})  # "Players 1–2; there is no Player 5"
    r = client.post(f"/api/tables/{tid}/mute{q}", headers=auth(tok["1"]),
                    json={"seat": 1, "target": 1})
    out["bad_mute"] = (r.json(), {1, 2})  # "(Players 1–2), not yourself (Player 2)"
    # seat 1 still open: taking seat 0 is refused, and no one moves yet
    w = new_table(client, game="schotten-totten", seed=3,
                  seats=[{"kind": "human"}, {"kind": "open"}])
    r = client.post(f"/api/tables/{w['table']}/join{q}", json={"seat": 0})
    out["seat_taken"] = (r.json(), {1})
    r = client.post(f"/api/tables/{w['table']}/moves{q}", headers=auth(w["tokens"]["0"]),
                    json={"seat": 0, "move": "play 1 1"})
    out["waiting_for_players"] = (r.json(), {2})
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_refusals_name_seats_from_player_1(client: TestClient, lang: str) -> None:
    for code, (body, named) in refusals(client, lang).items():
        assert body["error"] == code, body
        reason = body["reason"]
        # every seat it numbers is one of these (a range "1～2" may be read as just "2")
        assert max(named) in numbers(reason, lang) <= named, (code, reason)
        assert re.search(PLAYER[lang].format(n=max(named)), reason, re.I), (code, reason)
        if lang != "en":  # said in the language, no English seat word left
            assert not re.search(r"(?i)\b(seat|player)\b", reason), (code, reason)


@pytest.mark.parametrize("lang", LANGS)
def test_a_game_refusing_a_move_out_of_turn_names_the_players(lang: str) -> None:
    """The engines' own refusals (what the terminal and a bot read) count from 1 too: seat 1
    playing seat 0's move out of turn (Schotten Totten) or a tile it did not draw (Isle of
    Skye's pricing, where both seats choose at once)."""
    for game_id, named in (("schotten-totten", {2, 1}), ("isle-of-skye", {2})):
        state = get_game(game_id).new_state(2, 5, {})
        with pytest.raises(IllegalMove) as err:
            state.apply(str(state.legal_moves(0)[0]), 1)
        reason = err.value.reason_in(lang)
        assert numbers(reason, lang) == named, reason


def test_isle_of_skye_names_the_player_who_already_committed() -> None:
    state = get_game("isle-of-skye").new_state(2, 5, {})
    while not state.committed(1):  # type: ignore[attr-defined]
        state.apply(state.legal_moves(1)[0], 1)  # seat 1 discards and prices its tiles
    assert state.committed(1)  # type: ignore[attr-defined]
    reason = state.explain_illegal(state.legal_moves(0)[0], 1)
    for lang in LANGS:
        said = reason.render(lang)  # type: ignore[attr-defined]
        assert numbers(said, lang) == {2}, said


def test_the_machine_fields_still_count_from_0(client: TestClient) -> None:
    t = new_table(client, game="schotten-totten", seed=3)
    r = client.get(f"/api/tables/{t['table']}/view?seat=1", headers=auth(t["tokens"]["1"]))
    assert r.json()["viewer"] == 1 and r.json()["to_move"] == [0]
    assert [s["seat"] for s in r.json()["seats"]] == [0, 1]
