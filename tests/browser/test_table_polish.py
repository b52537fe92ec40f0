"""What a new player (who knows Board Game Arena) tripped over at the table (issue 25): the passing hint marks the three
cards its box names; the hand's summary can stay until closed (a setting kept across a reload), the seat boxes behind
it show the totals it shows, and a line of the score sheet opens it again; no scorekeeper at an online table; a seat's
figures read apart ("Won 0 · 20 pts"); after a Wizard turned up the trump box names who chose the trump; the hint's
points are an average, not a promise."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, expect
from websockets.sync.client import connect

from .conftest import DESKTOP, PHONE, watch_errors
from .helpers import FrameLog, ServerProcess, create_table, open_seat, wait_turn_or_end, win_the_auction
from .test_round_summary import play_until_summary

BOTS = ("Merlin", "Morgana", "Circe")
FIRST_WIZARD, FIRST_JESTER = 52, 56  # card ids (cards.js)


def context_in(browser: Browser, new_context: Callable[..., BrowserContext], lang: str, speed: str) -> BrowserContext:
    if lang == "en":
        return new_context(viewport=DESKTOP, speed=speed)
    context = browser.new_context(viewport=DESKTOP, device_scale_factor=1, locale="de-DE")
    context.set_default_timeout(20_000)
    context.add_init_script(f"localStorage.setItem('wizardcards.speed', JSON.stringify({speed!r}))")
    return context


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_passing_hint_marks_the_three_cards_it_names(
    lang: str, server: ServerProcess, browser: Browser, new_context: Callable[..., BrowserContext], screenshot
) -> None:
    bots = [{"name": name, "bot": "rulebased"} for name in BOTS]
    table = create_table(server, [{"name": "Ann"}, *bots], game="wily", preset="wily", hints=True,
                         options={"first_dealer": 3})
    context = context_in(browser, new_context, lang, "off")
    try:
        page = watch_errors(context.new_page())
        frames = FrameLog(page)
        open_seat(page, server, table["seats"][0], "Ann")
        win_the_auction(page)  # Ann, the high bidder, gives first
        page.click("#btn-hint")
        expect(page.locator("#hint-box")).to_be_visible()
        hint = next(m for m in frames.messages() if m["type"] == "hint")
        named = [entry["action"] for entry in hint["values"][:3]]
        assert len(set(named)) == 3, hint
        marked = page.eval_on_selector_all("#hand .card.hinted", "els => els.map((e) => Number(e.dataset.action))")
        # the three the box names, each marked (a suggested Wizard marks every Wizard of the hand: any may be given)
        assert set(marked) == set(named) and len(marked) >= 3, (marked, hint)
        assert page.locator("#hand .card.hinted .hint-star").count() == len(marked)
        screenshot(page, f"wily-pass-hint-desktop{'-de' if lang == 'de' else ''}")
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(150)
        screenshot(page, f"wily-pass-hint-phone{'-de' if lang == 'de' else ''}")
        assert page.script_errors == []  # type: ignore[attr-defined]
    finally:
        if lang == "de":
            context.close()


def test_the_summary_stays_when_asked_agrees_with_the_seats_and_opens_again(
    server: ServerProcess, new_context: Callable[..., BrowserContext], screenshot
) -> None:
    bots = [{"name": name, "bot": "rulebased"} for name in BOTS]
    table = create_table(server, [{"name": "Ann", "claimed": True}, *bots],
                         options={"schedule": "custom", "custom_hand_sizes": [1, 2], "first_dealer": 0})
    page = watch_errors(new_context(viewport=DESKTOP, speed="fast").new_page())
    open_seat(page, server, table["seats"][0], "Ann")
    # the setting, in the ⋯ menu, is remembered by this browser: it holds across a reload
    page.click("#table-menu summary")
    expect(page.locator("#keep-summary")).not_to_be_checked()
    page.check("#keep-summary")
    screenshot(page, "table-menu-desktop")
    page.reload()
    page.wait_for_selector(".table-screen[data-seq]")
    page.click("#table-menu summary")
    expect(page.locator("#keep-summary")).to_be_checked()
    page.keyboard.press("Escape")

    play_until_summary(page)
    summary = page.locator("#round-summary")
    expect(summary.locator("#round-keep")).to_be_checked()
    expect(summary.locator(".round-timer")).to_have_count(0)  # no time running out
    page.wait_for_timeout(5_000)  # the fast pace would have closed it after 3.5 s
    expect(summary).to_have_count(1)
    # the seat boxes behind it show the totals it shows (the issue: summary 30, box "0 pts"), the server's
    totals = server.get(f"/tables/{table['id']}/sheet")["sheet"][0][7]
    assert any(totals), totals  # one card bid: every player scores, so the totals before it (0) would differ
    for seat in range(4):
        expect(summary.locator(f"tbody tr[data-seat='{seat}'] .total")).to_have_text(str(totals[seat]))
        stats = page.locator(f"#seats .seat[data-seat='{seat}'] .seat-stats")
        expect(stats.locator(".score b")).to_have_text(str(totals[seat]))
        # the figures apart: "Bid 1·Won 0·-10 pts" (a dot between them), not "Won 0-10 pts"
        assert re.fullmatch(r"Bid \d+·Won \d+·-?\d+ pts", stats.text_content() or ""), stats.text_content()
    screenshot(page, "round-summary-keep-desktop")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(150)
    screenshot(page, "round-summary-keep-phone")
    page.set_viewport_size(DESKTOP)
    page.click("#btn-round-next")
    expect(summary).to_have_count(0)
    expect(page.locator("#game-info")).to_contain_text("Round 2 of 2")

    # no scorekeeper at an online table (the score pad has one: the person with the pencil)
    assert "Scorekeeper" not in page.inner_text("#scores-panel")
    expect(page.locator("#sheet .scorekeeper")).to_have_count(0)
    # a click on the round's line of the score sheet opens its summary again, until closed
    page.click("#sheet tbody tr >> nth=0")
    expect(summary.locator("h2")).to_have_text("Round 1 is over")
    expect(page.locator("#btn-round-next")).to_have_text("Close")
    for seat in range(4):
        expect(summary.locator(f"tbody tr[data-seat='{seat}'] .total")).to_have_text(str(totals[seat]))
    screenshot(page, "round-summary-again-desktop")
    page.keyboard.press("Escape")
    expect(summary).to_have_count(0)
    # on a phone from the Scores panel (its number is a button: the keyboard reaches it too)
    page.set_viewport_size(PHONE)
    page.click("#btn-scores")
    page.focus("#sheet tbody tr .sheet-again")
    page.keyboard.press("Enter")
    expect(summary.locator("h2")).to_have_text("Round 1 is over")
    screenshot(page, "round-summary-again-phone")
    page.click("#btn-round-next")
    expect(summary).to_have_count(0)
    assert page.script_errors == []  # type: ignore[attr-defined]


def first_view(server: ServerProcess, token: str) -> dict[str, Any]:
    """The first view a seat's socket receives (its hello sent), then closed."""
    with connect(f"ws://127.0.0.1:{server.port}/ws", open_timeout=20) as ws:
        ws.send(json.dumps({"id": "probe", "type": "hello", "token": token}))
        while True:
            frame = json.loads(ws.recv(timeout=20))
            if frame["type"] == "view":
                return frame["view"]


def table_with_a_wizard_turned_up(server: ServerProcess) -> dict[str, Any]:
    """A table whose first hand turned up a Wizard (about one deal in fifteen: tables are made until one does)."""
    bots = [{"name": name, "bot": "rulebased"} for name in BOTS]
    for _ in range(300):
        table = create_table(server, [{"name": "Ann", "claimed": True}, *bots], hints=True, turn_seconds=300,
                             options={"schedule": "custom", "custom_hand_sizes": [3], "first_dealer": 1})
        token = table["seats"][0]["link"].split("#token=", 1)[1]
        if FIRST_WIZARD <= first_view(server, token)["trump_card"] < FIRST_JESTER:
            return table
    raise AssertionError("no Wizard turned up in 300 deals")


def test_the_trump_box_names_who_chose_the_trump_and_the_hint_gives_an_average(
    server: ServerProcess, browser: Browser, new_context: Callable[..., BrowserContext], screenshot
) -> None:
    table = table_with_a_wizard_turned_up(server)
    for lang, chosen, average in (("en", "(chosen by Merlin)", "points on average"),
                                  ("de", "(gewählt von Merlin)", "im Schnitt etwa")):
        context = context_in(browser, new_context, lang, "off")
        page = watch_errors(context.new_page())
        open_seat(page, server, table["seats"][0], "Ann")
        # Merlin deals: a Wizard turned up, he named the trump; Ann bids third
        assert wait_turn_or_end(page) == "bid"
        trump = page.locator("#trump .trump-text")
        expect(trump).to_contain_text(chosen)
        assert re.search(r"(Trump|Trumpf) .+ \(", trump.inner_text()), trump.inner_text()
        page.click("#btn-hint")
        box = page.locator("#hint-box")
        expect(box).to_contain_text(average)
        assert "+" not in box.inner_text(), box.inner_text()  # "about 13 …", not "+13 points"
        suffix = "-de" if lang == "de" else ""
        screenshot(page, f"table-wizard-chosen-desktop{suffix}")
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(150)
        expect(trump).to_contain_text(chosen)
        screenshot(page, f"table-wizard-chosen-phone{suffix}")
        assert page.script_errors == []  # type: ignore[attr-defined]
        page.close()
        if lang == "de":
            context.close()
