"""The log shows a hidden move in full to everyone once the game has revealed it: Isle of
Skye's prices behind the screen (R-5.4, "the players lift their screens") and the discard
with them are hidden from the others while they are chosen, and read in full by every
viewer after the reveal, live and after a restart."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from clanboard.core import get_game
from clanboard.server.tables.visibility import reveal
from tests.server.conftest import TestClient, auth, new_table


def _play(client: TestClient, table: str, token: str, seat: int, move: str) -> None:
    r = client.post(f"/api/tables/{table}/moves", headers=auth(token),
                    json={"seat": seat, "move": move})
    assert r.status_code == 200, r.text


def _view(client: TestClient, table: str, seat: int | None, token: str | None = None,
          lang: str = "en") -> dict[str, Any]:
    q = f"?seat={seat}&lang={lang}" if seat is not None else f"?lang={lang}"
    headers = auth(token) if token else {}
    return client.get(f"/api/tables/{table}/view{q}", headers=headers).json()  # type: ignore


def _commit(client: TestClient, table: str, token: str, seat: int) -> None:
    """Discard the first drawn tile and price the other two at 1 gold each."""
    view = _view(client, table, seat, token)
    _play(client, table, token, seat, view["legal_moves"][0])
    for _ in range(2):
        legal = _view(client, table, seat, token)["legal_moves"]
        _play(client, table, token, seat, next(m for m in legal if m.endswith(" 1")))


def test_prices_are_hidden_until_the_reveal_then_everyone_reads_them(
        make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    t = new_table(client, game="isle-of-skye", seed=4,
                  seats=[{"kind": "human"}, {"kind": "human"}])
    table, tok = t["table"], t["tokens"]
    _commit(client, table, tok["0"], 0)
    before = _view(client, table, 1, tok["1"])["log"]
    priced = [e for e in before if e["player"] == 0]
    assert priced and all(e["move"] is None for e in priced), priced
    assert all("behind the screen" in e["text"] and " at 1 gold" not in e["text"]
               for e in priced if "price" in e["text"]), priced
    own = [e["text"] for e in _view(client, table, 0, tok["0"])["log"] if e["player"] == 0]
    assert sum(" at 1 gold" in text for text in own) == 2, own

    _commit(client, table, tok["1"], 1)  # the last price: screens up
    for seat, token in ((1, tok["1"]), (0, tok["0"]), (None, None)):
        log = _view(client, table, seat, token)["log"]
        mine = [e for e in log if e["player"] in (0, 1)][:6]
        assert all(e["move"] is not None for e in mine), (seat, mine)
        texts = " | ".join(e["text"] for e in mine)
        assert "behind the screen" not in texts and texts.count(" at 1 gold") == 4, texts
    ru = " | ".join(e["text"] for e in _view(client, table, None, lang="ru")["log"])
    assert "за ширмой" not in ru, ru

    client.__exit__(None, None, None)  # a restart: the log is read back from storage
    again = make_client()
    log = _view(again, table, 1, tok["1"])["log"]
    texts = " | ".join(e["text"] for e in log[:6])
    assert "behind the screen" not in texts and texts.count(" at 1 gold") == 4, texts


def test_a_table_stored_before_reveals_were_written_reads_revealed() -> None:
    """Rows stored with their readers of the time (the mover only) are revealed when the
    table is rebuilt from storage."""
    from clanboard.server.core.storage import StoredSeat, StoredTable
    from clanboard.server.tables.cache import rebuild

    state = get_game("isle-of-skye").new_state(2, 4)
    rows = []
    while state.phase == "price":  # type: ignore[attr-defined]
        seat = state.players_to_move()[0]
        move = state.legal_moves(seat)[0]
        rows.append((seat, str(move), [seat]))
        state.apply(move, seat)
    seats = [StoredSeat(0, "human", "Anna", None, None), StoredSeat(1, "human", "Bob", None, None)]
    stored = StoredTable("t1", "isle-of-skye", None, {}, 2, 4, "playing", seats, moves=rows)
    table = rebuild(stored)
    assert all(sorted(r[2]) == [-1, 0, 1] for r in table.moves), table.moves


def test_reveal_walks_back_over_the_hidden_rows_only() -> None:
    rows = [(0, "a", [-1, 0, 1]), (0, "b", [0]), (1, "c", [1]), (1, "d", [1])]
    assert reveal(rows, 3, [-1, 0, 1]) == [3, 2, 1]
    assert rows[0] == (0, "a", [-1, 0, 1]) and all(r[2] == [-1, 0, 1] for r in rows)


@pytest.mark.parametrize("game_id", ["schotten-totten", "glen-more"])
def test_games_without_simultaneous_steps_reveal_nothing(game_id: str) -> None:
    state = get_game(game_id).new_state(2, 3)
    for _ in range(30):
        seat = state.players_to_move()[0]
        before = state.clone()
        state.apply(state.legal_moves(seat)[0], seat)
        assert state.revealed_by(before) is None


def test_glen_more_2_secret_bids_read_in_full_once_revealed() -> None:
    """Glen More II, chronicle 9: the bids are secret until every player has bid, then
    revealed stage by stage (HG-RU 206-216); the log then shows each bid to everyone."""
    from clanboard.core import Rng
    from clanboard.server.core.storage import StoredSeat, StoredTable
    from clanboard.server.tables.cache import rebuild

    options = {"provisional": True, "chronicles": "9"}
    state = get_game("glen-more-2").new_state(2, 7, options)
    rng, rows = Rng(3), []
    for _ in range(3000):
        seat = state.players_to_move()[0]
        legal = state.legal_moves(seat)
        move = legal[rng.randrange(len(legal))]
        readers = sorted({seat, *(state.public_viewers(move, seat) or [])})
        rows.append((seat, str(move), readers))
        before = state.clone()
        state.apply(move, seat)
        if state.revealed_by(before):
            break
    bids = [i for i, (_, text, _) in enumerate(rows) if text.startswith("bid ")]
    assert len(bids) == 2 and all(rows[i][2] == [rows[i][0]] for i in bids)
    seats = [StoredSeat(0, "human", "Anna", None, None), StoredSeat(1, "human", "Bob", None, None)]
    table = rebuild(StoredTable("t2", "glen-more-2", None, options, 2, 7, "playing", seats,
                                moves=rows))
    assert all(table.moves[i][2] == [-1, 0, 1] for i in bids)
    entries = table.log(-1, False, "en")
    assert all(entries[i]["move"] == rows[i][1] for i in bids), [entries[i] for i in bids]
    before_bids = bids[0] - 1
    assert table.moves[before_bids] == rows[before_bids]  # nothing else changed
