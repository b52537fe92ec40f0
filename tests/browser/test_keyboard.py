"""Playing with the keyboard only, and what a screen reader is told: digits bid, the arrows move along the hand and
Enter plays, letters choose trump, L shows the last trick; cards, seats and the hand carry labels."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .helpers import ServerProcess, create_table, open_seat, phase, seq, wait_seq_past, wait_turn_or_end


def focused(page: Page) -> dict[str, str]:
    return page.evaluate(
        "() => ({label: document.activeElement.getAttribute('aria-label') || '',"
        " playable: document.activeElement.classList.contains('playable') ? 'yes' : 'no',"
        " card: document.activeElement.dataset.card || ''})"
    )


def test_a_game_by_keyboard_with_labels(server: ServerProcess, page: Page) -> None:
    bots = [{"name": name, "bot": "rulebased"} for name in ("Merlin", "Morgana", "Circe")]
    table = create_table(server, [{"name": "Ann", "claimed": True}, *bots],
                         options={"schedule": "custom", "custom_hand_sizes": [2, 3]})
    open_seat(page, server, table["seats"][0], "Ann")
    expect(page.locator("#hand")).to_have_attribute("aria-label", re.compile(r"^Your hand, 2 cards"))
    expect(page.locator("#seats .seat").first).to_have_attribute("aria-label", re.compile(r"^Ann \(you\)"))

    played = 0
    looked_at_last_trick = False
    while (current := wait_turn_or_end(page)) != "game_over":
        before = seq(page)
        assert page.title().startswith("▶ Your turn")  # the tab says so too
        if current == "bid":
            bid = page.locator("#controls button.bid:not([disabled])").first.inner_text()
            page.keyboard.press(bid)
        elif current == "choose_trump":
            page.keyboard.press("h")
        else:
            if not looked_at_last_trick and page.locator("#btn-last-trick:not([disabled])").count():
                page.keyboard.press("l")
                dialog = page.locator("dialog#dialog")
                expect(dialog).to_be_visible()
                expect(dialog.locator("h2")).to_have_text("Last trick")
                expect(dialog.locator(".trick-card")).to_have_count(4)
                page.keyboard.press("Escape")
                expect(dialog).to_be_hidden()
                looked_at_last_trick = True
            # Home: the hand's first card (focus may be in the hand already: it stays there after a card is played)
            page.keyboard.press("Home")
            for _ in range(10):
                now = focused(page)
                assert re.search(r" of (Clubs|Diamonds|Hearts|Spades)|^Wizard|^Jester", now["label"]), now
                if now["playable"] == "yes":
                    break
                assert "cannot be played now" in now["label"]
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
            played += 1
        wait_seq_past(page, before)
        assert phase(page) == "game_over" or seq(page) > before
    assert played == 5  # 2 + 3 cards
    assert looked_at_last_trick
    expect(page.locator("#summary h2")).to_have_text("Game over")
    page.keyboard.press("?")
    expect(page.locator("dialog#dialog h2")).to_have_text("Keyboard")
    assert page.script_errors == []  # type: ignore[attr-defined]
