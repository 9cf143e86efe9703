"""Every AI seat has its own name at a table, in every language: a Scottish clan with its
level ("Campbell (AI, hard)"), never an agent id; old tables' stored names read the same."""

from __future__ import annotations

import re

import pytest

from clanboard.core import Rng, get_game
from clanboard.i18n import LANGUAGES, bot_agent, default_names
from clanboard.server.clocks.clock import Timeout
from tests.server.conftest import TestClient, new_table

#: what a player must never read in a seat's name
CODE = re.compile(r"ismcts|heuristic|AI-|[:_]")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ai_seats_of_one_level_get_distinct_names(lang: str) -> None:
    stored = ["Player 1", "AI (ismcts:normal)", "AI (ismcts:normal)", "AI (ismcts:normal)",
              "AI (ismcts:normal)"]
    names = default_names(stored, lang)
    assert len(set(names)) == len(names), names
    assert not any(CODE.search(n) for n in names), names


def test_names_in_each_language() -> None:
    stored = ["AI (ismcts:hard)", "Anna", "AI (random)"]
    assert default_names(stored, "en") == ["MacLeod (AI, hard)", "Anna", "Stewart (AI, random)"]
    assert default_names(stored, "ru") == ["Маклауд (ИИ, сложный)", "Anna",
                                           "Стюарт (ИИ, случайный)"]
    assert default_names(stored, "uk") == ["Маклауд (ШІ, складний)", "Anna",
                                           "Стюарт (ШІ, випадковий)"]
    assert default_names(stored, "ja") == ["マクラウド（AI・むずかしい）", "Anna",
                                           "スチュアート（AI・ランダム）"]


def test_rated_bot_accounts_read_as_ai_seats() -> None:
    assert bot_agent("AI-ismcts-easy") == "ismcts:easy"
    assert bot_agent("AI-heuristic") == "heuristic"
    assert bot_agent("Anna") is None
    assert default_names(["Anna", "AI-ismcts-easy", "AI-ismcts-easy"], "en") == [
        "Anna", "Campbell (AI, easy)", "Stewart (AI, easy)"]


def test_a_clock_handing_a_seat_to_the_ai_names_its_level_not_its_agent() -> None:
    words = Timeout(3, 1, "ai", "ismcts:normal").words(["Anna", "Bob"], "ru")
    assert "ismcts" not in words and "средний" in words, words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_purchase_between_two_ai_seats_names_both(lang: str) -> None:
    """Isle of Skye: "... buys the tile with a ship from ..." names the buyer and the seller
    apart."""
    game = get_game("isle-of-skye")
    state = game.new_state(3, 5)
    names = default_names(["AI (ismcts:normal)"] * 3, lang)
    rng = Rng(9)
    for _ in range(500):
        player = state.players_to_move()[0]
        moves = state.legal_moves(player)
        buys = [m for m in moves if str(m).startswith("buy ")]
        if buys:
            text = state.describe_move(buys[0], player, None, names, lang)
            shown = [n for n in names if n in text]
            assert len(shown) == 2, text
            return
        state.apply(moves[rng.randrange(len(moves))], player)
    pytest.fail("no purchase in 500 moves")


def test_table_view_names_each_ai_seat_apart(client: TestClient) -> None:
    t = new_table(client, game="glen-more", seed=3,
                  seats=[{"kind": "human"}, {"kind": "ai", "agent": "random"},
                         {"kind": "ai", "agent": "random"}])
    for lang in LANGUAGES:
        seats = client.get(f"/api/tables/{t['table']}/view?lang={lang}").json()["seats"]
        names = [s["name"] for s in seats]
        assert len(set(names)) == 3 and not any(CODE.search(n) for n in names), names
