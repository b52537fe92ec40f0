"""A Wily Wizards hand on a phone-sized page: the auction, naming trump, passing three cards, and the tricks."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, expect

from .conftest import PHONE, watch_errors
from .helpers import ServerProcess, click_card, create_table, open_seat, phase, seq, wait_seq_past, wait_turn_or_end


def test_wily_hand_through_auction_trump_and_passing(
    server: ServerProcess, new_context: Callable[..., BrowserContext], screenshot
) -> None:
    bots = [{"name": name, "bot": "rulebased"} for name in ("Bob", "Cy", "Di")]
    # seat 3 deals, so Ann (seat 0, left of the dealer) speaks first in the auction
    table = create_table(server, [{"name": "Ann"}, *bots], game="wily", preset="wily", options={"first_dealer": 3})
    page = watch_errors(new_context(viewport=PHONE).new_page())
    open_seat(page, server, table["seats"][0], "Ann")

    # the auction: Ann is first to speak; every bid 1..15 and a pass are offered
    assert wait_turn_or_end(page) == "auction"
    expect(page.locator("#controls button.pass")).to_be_enabled()
    bids = page.locator("#controls button.bid:not(.pass)")
    expect(bids).to_have_count(15)
    screenshot(page, "wily-auction-phone")
    before = seq(page)
    page.click("#controls button.bid[data-action='75']")  # bid 15: nobody can outbid it
    wait_seq_past(page, before)

    # Ann won the auction: she names trump
    assert wait_turn_or_end(page) == "name_trump"
    expect(page.locator("#trick")).to_contain_text("You won the auction with 15")
    expect(page.locator("#controls button.suit-choice")).to_have_count(4)  # no "no trump" under these rules
    page.click("#controls button.suit-choice[data-action='56']")  # Hearts
    expect(page.locator("#trump")).to_contain_text("Hearts")
    expect(page.locator("#trump")).to_contain_text("Contract: your team, 15 tricks")

    # passing: three cards to the partner opposite (Cy); the button waits for exactly three
    assert wait_turn_or_end(page) == "pass_cards"
    expect(page.locator("#controls")).to_contain_text("to pass to Cy")
    hand_before = page.eval_on_selector_all("#hand .card", "els => els.map(e => Number(e.dataset.card))")
    assert len(hand_before) == 15
    # two Wizards (or two Jesters) when the deal gives them: "give a Wizard" is one action whichever is chosen
    pairs = [[c for c in hand_before if 52 <= c < 56], [c for c in hand_before if c >= 56]]
    pair = next((p[:2] for p in pairs if len(p) >= 2), [])
    give = pair + [c for c in hand_before if c not in pair][: 3 - len(pair)]
    expect(page.locator("#btn-pass-cards")).to_be_disabled()
    for card in give:
        click_card(page, f'#hand .card[data-card="{card}"]')
        expect(page.locator(f'#hand .card[data-card="{card}"]')).to_have_attribute("aria-pressed", "true")
    click_card(page, f'#hand .card[data-card="{give[0]}"]')  # changed her mind, and back
    expect(page.locator("#btn-pass-cards")).to_be_disabled()
    click_card(page, f'#hand .card[data-card="{give[0]}"]')
    screenshot(page, "wily-passing-phone")
    page.click("#btn-pass-cards")
    page.wait_for_selector(".table-screen[data-phase='play']")
    note = page.locator(".passed-note")
    expect(note).to_contain_text("You gave")
    hand_after = page.eval_on_selector_all("#hand .card", "els => els.map(e => Number(e.dataset.card))")
    assert len(hand_after) == 15 and not set(give) & set(hand_after)
    received = set(hand_after) - set(hand_before)
    assert len(received) == 3

    # the tricks: Ann leads as the high bidder; play the hand out by clicking the first playable card
    tricks = 0
    while page.locator("#sheet table.sheet tbody tr").count() == 0:
        if wait_turn_or_end(page) == "game_over":
            break
        if phase(page) != "play":
            break  # the next hand's auction: the first hand is on the sheet
        before = seq(page)
        click_card(page, "#hand .card.playable")
        wait_seq_past(page, before)
        tricks += 1
        if tricks == 4:
            screenshot(page, "wily-play-phone")
    assert tricks == 15
    page.click("#btn-scores")
    row = page.locator("#sheet table.sheet tbody tr").first
    expect(row).to_contain_text("Ann 15, Hearts")
    sheet = server.get(f"/tables/{table['id']}/sheet")
    line = sheet["sheet"][0]
    assert line[2] == 0 and line[3] == 15 and line[4] == 2  # high bidder Ann, contract 15, trump Hearts
    letters = sum(line[7])
    assert letters == 1  # one team gained its first letter
    expect(page.locator("#teams")).to_contain_text("W")
    screenshot(page, "wily-sheet-phone")
    assert page.script_errors == []  # type: ignore[attr-defined]
