"""Around the game: chat between the two people at a table, a hint where the table allows hints (and no hint button
where it does not), and the turn timer of the seat on turn."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from .conftest import DESKTOP, PHONE, watch_errors
from .helpers import FrameLog, ServerProcess, create_table, my_turn, open_seat, take_simple_turn


def test_chat_hint_and_turn_timer(server: ServerProcess, new_context: Callable[..., BrowserContext]) -> None:
    seats = [{"name": "Ann"}, {"name": "Bea"}, {"name": "Cy", "bot": "rulebased"}, {"name": "Di", "bot": "rulebased"}]
    table = create_table(server, seats, hints=True, turn_seconds=90,
                         options={"schedule": "custom", "custom_hand_sizes": [3]})
    ann = watch_errors(new_context(viewport=DESKTOP).new_page())
    bea = watch_errors(new_context(viewport=PHONE).new_page())
    frames = {"ann": FrameLog(ann), "bea": FrameLog(bea)}
    open_seat(ann, server, table["seats"][0], "Ann")
    open_seat(bea, server, table["seats"][1], "Bea")
    for page in (ann, bea):
        page.wait_for_selector(".table-screen[data-status='playing']")

    # chat: Ann (desktop: the chat is beside the table) writes; Bea (phone) sees an unread count, opens the chat
    ann.fill("#chat-input", "Good luck, Bea!")
    ann.press("#chat-input", "Enter")
    expect(ann.locator("#chat-log")).to_contain_text("Ann: Good luck, Bea!")
    expect(ann.locator("#chat-input")).to_have_value("")
    expect(bea.locator("#btn-chat .badge")).to_have_text("1")
    bea.click("#btn-chat")
    expect(bea.locator("#chat-log")).to_contain_text("Ann: Good luck, Bea!")
    expect(bea.locator("#btn-chat .badge")).to_be_hidden()
    bea.fill("#chat-input", "<b>you too</b>")
    bea.click("#chat-form button[type=submit]")
    expect(ann.locator("#chat-log li").last).to_contain_text("Bea: <b>you too</b>")  # text, never markup
    bea.click("#chat-panel .close")

    # the seat on turn: a timer counts down from 90 s, and a hint marks the decision it suggests
    on_turn: Page | None = None
    for _ in range(200):
        on_turn = next((page for page in (ann, bea) if my_turn(page)), None)
        if on_turn:
            break
        ann.wait_for_timeout(50)
    assert on_turn is not None
    expect(on_turn.locator("#timer")).to_be_visible()
    timer = on_turn.locator("#timer").inner_text().strip()
    assert timer.startswith("1:") or timer.startswith("0:5"), timer
    log = frames["ann" if on_turn is ann else "bea"]
    on_turn.click("#btn-hint")
    expect(on_turn.locator("#hint-box")).to_contain_text("Hint:")
    hint = next(m for m in reversed(log.messages()) if m["type"] == "hint")
    assert hint["values"] and hint["best"] == hint["values"][0]["action"]
    marked = on_turn.locator(".hinted")
    expect(marked).to_have_count(1)
    assert int(marked.get_attribute("data-action") or -1) == hint["best"]
    take_simple_turn(on_turn)
    expect(on_turn.locator("#hint-box")).to_be_hidden()  # a hint is for one decision
    for page in (ann, bea):
        assert page.script_errors == []  # type: ignore[attr-defined]
    assert all(json.loads(f)["type"] != "chat" for f in frames["bea"].sent[:1])  # hello came first

    # Bea closes her page: Ann's table says she is offline
    bea_box = ann.locator("#seats .seat[data-seat='1']")
    expect(bea_box.locator(".tag.away")).to_have_count(0)
    bea.close()
    expect(bea_box.locator(".tag.away")).to_have_text("Offline")
    expect(bea_box).to_have_attribute("aria-label", re.compile("offline"))


def test_no_hint_button_where_the_table_allows_none(server: ServerProcess, page: Page) -> None:
    bots = [{"name": name, "bot": "rulebased"} for name in ("Cy", "Di", "Ed")]
    # seat 3 deals: Ann bids first (a dealer might have to choose trump first, when a Wizard is turned up)
    table = create_table(server, [{"name": "Ann"}, *bots], hints=False, options={"first_dealer": 3})
    open_seat(page, server, table["seats"][0], "Ann")
    page.wait_for_selector(".table-screen[data-my-turn='yes']")
    expect(page.locator("#controls button.bid").first).to_be_visible()
    expect(page.locator("#btn-hint")).to_have_count(0)
    page.keyboard.press("i")  # the hint key does nothing either
    expect(page.locator("#hint-box")).to_be_hidden()
