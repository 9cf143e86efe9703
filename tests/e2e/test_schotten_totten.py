"""Play a whole Schotten Totten game against the AI by clicking, in headless Chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from clanboard.core import games as all_games

pytestmark = pytest.mark.browser

MY_TURN_OR_OVER = ("document.body.dataset.status === 'over' || "
                   "document.body.dataset.myturn === '1'")


def wait_after(page: Any, seq: str) -> None:
    page.wait_for_function(f"document.body.dataset.seq !== '{seq}'", timeout=20_000)
    page.wait_for_function(MY_TURN_OR_OVER, timeout=20_000)


def click_a_move(page: Any, turn: int) -> None:
    """One move the way a person makes it: claim a glowing stone, pick a deck, or pick a
    card in hand and then a highlighted place; 'done'/'pass' buttons last. ``turn`` varies
    the choices so that tactic cards get drawn and played too."""
    if page.locator(".st-stone.claimable").count():
        page.locator(".st-stone.claimable").first.click()
        return
    decks = page.locator(".st-deck.target")
    if decks.count():
        (decks.last if turn % 3 == 0 else decks.first).click()
        return
    hand = page.locator("[data-testid=hand] .st-card.playable")
    if hand.count():
        hand.nth(turn % hand.count()).click()
        if page.locator(".st-card.pick").count():  # Strategist, Banshee, Traitor
            page.locator(".st-card.pick").first.click()
        for sel in (".st-stone.target", "#board button.move"):
            if page.locator(sel).count():
                page.locator(sel).first.click()
                return
        return  # a card played at once (a return, the Recruiter)
    page.locator("#moves button.move").first.click()


def tactic_names_whole(page: Any) -> None:
    """Every tactic card in the hand is wide enough for the longest word of its name."""
    cards = page.locator("[data-testid=hand] .st-card.tactic")
    cut = cards.evaluate_all("""els => els.filter((e) => {
      const pen = document.createElement("canvas").getContext("2d");
      const cs = getComputedStyle(e);
      pen.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const room = e.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      return e.textContent.split(/\\s+/).some((w) => pen.measureText(w).width > room + .5);
    }).map((e) => e.textContent)""")
    assert not cut, cut


@pytest.mark.skipif("schotten-totten" not in [g.id for g in all_games()],
                    reason="Schotten Totten is not installed")
@pytest.mark.parametrize("variant", ["base", "tactics"])
def test_full_game_against_the_ai(base_url: str, phone: Any, shots: Path, variant: str) -> None:
    page = phone
    page.goto(base_url + "/")
    page.select_option("[data-testid=game]", "schotten-totten")
    page.select_option("[data-testid=variant]", variant)
    page.select_option("[data-testid=seat-1]", "ai:heuristic")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=st-board]")
    page.wait_for_function(MY_TURN_OR_OVER)
    page.screenshot(path=str(shots / f"st-{variant}-start.png"), full_page=True)
    # "why can't I claim?": nothing is on the table yet, so stone 5 cannot be claimed
    page.select_option("[data-testid=ask-stone]", "5")
    page.click("[data-testid=ask-explain]")
    answer = page.locator("[data-testid=ask-answer]")
    answer.wait_for()
    page.wait_for_function("document.querySelector('[data-testid=ask-answer]')?.textContent")
    assert answer.inner_text() == ("The claim fails (stone 5): Player 1's side of stone 5 has "
                                   "0 of its 3 cards: only a complete side can claim")

    moves = highlighted = 0
    while page.evaluate("document.body.dataset.status") != "over":
        seq = page.evaluate("document.body.dataset.seq")
        click_a_move(page, moves)
        wait_after(page, seq)
        moves += 1
        # the card just played or the stone just claimed stands out on the board
        highlighted += page.locator("#board .last-move").count() > 0
        tactic_names_whole(page)
        if moves == 20:
            page.screenshot(path=str(shots / f"st-{variant}-middle.png"), full_page=True)
        assert moves < 200, "the game did not end"
    page.screenshot(path=str(shots / f"st-{variant}-over.png"), full_page=True)
    # a claimed stone stays in its row (moving it covered the next card)
    claimed = page.locator(".st-stone.won-me svg, .st-stone.won-them svg")
    assert claimed.count() >= 3
    moved = claimed.evaluate_all("els => els.map(e => getComputedStyle(e).transform)")
    assert set(moved) == {"none"}
    # a phone reads from the player's side: hand, own formations, the stones, the opponent's
    top = {sel: page.locator(sel).first.bounding_box()["y"] for sel in
           ("[data-testid=hand]", ".st-row-me", ".st-row-stones", ".st-row-them")}
    assert (top["[data-testid=hand]"] < top[".st-row-me"] < top[".st-row-stones"]
            < top[".st-row-them"])
    # tactic cards in the discard by their full names, not abbreviations
    discard = page.locator("[data-testid=st-discard] .st-card.tactic").all_inner_texts()
    assert not set(discard) & {"Str", "Rec", "Ban", "Tra"}, discard
    assert highlighted > moves // 2

    result = page.locator("[data-testid=result-text]").inner_text()
    assert result in ("You win!", "Campbell (AI, quick) wins", "No winner")
    log = page.locator("[data-testid=log] li")
    assert log.count() >= moves
    assert "(hidden move)" not in page.locator("[data-testid=log]").inner_text()
    # the log speaks in words; the notation shows only when asked for (no code in a tooltip)
    lines = log.evaluate_all("els => els.map(e => [e.textContent, e.dataset.move])")
    assert not any(log.evaluate_all("els => els.map(e => e.title)"))
    assert all(text.startswith(("Player 1 ", "Campbell (AI, quick) ")) for text, _ in lines), \
        lines[:3]
    assert all(notation and text != notation for text, notation in lines)
    assert any(" plays " in text and " at stone " in text for text, _ in lines)
    page.check("[data-testid=log-notation]")
    assert lines[0][1] in log.first.inner_text()
    # the end screen says why
    why = page.locator("[data-testid=result-why]").inner_text()
    assert any(reason in why for reason in ("three adjacent stones", "five stones",
                                            "neither player could make progress")), why
    assert "Stones held" in why

    # the replay viewer steps back and forward through the finished game
    page.click("[data-testid=open-replay]")
    label = page.locator("[data-testid=replay-label]")
    page.wait_for_function("document.querySelector('[data-testid=replay-label]')?.textContent")
    last = label.inner_text()
    assert last.startswith(f"{log.count()}/{log.count()}")
    page.click("[data-testid=replay-back]")
    assert label.inner_text() != last
    page.click("[data-testid=replay-forward]")
    assert label.inner_text() == last
    page.click("#rp-first")
    assert label.inner_text().startswith("start")
    assert page.locator("#rp-board .st-side .st-card").count() == 0
    page.screenshot(path=str(shots / f"st-{variant}-replay.png"), full_page=True)
