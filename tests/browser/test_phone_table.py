"""A phone's table on one screen (issue 25, items 2 and 8): Wily Wizards deals all 60 cards, up to 20 a hand, and
the whole hand stays on a 390 x 844 and a 360 x 740 screen in the auction, naming trump, passing and the tricks, at
every number of players the game allows (3 to 7; No Partners from 5 players only at 390 x 844, see docs/browser.md); each card inside the
screen with its corner uncovered, nothing under the top bar, the page not scrolling. (Wizard's longest hands:
test_seats.py, at both sizes.) The score panel opens below the top bar, whose buttons stay whole; the Wily hand's
summary shows every team's name and members whole."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import DESKTOP, PHONE, SMALL_PHONE, watch_errors
from .helpers import (
    ServerProcess,
    check_hand_on_screen,
    click_card,
    create_table,
    open_seat,
    seq,
    wait_seq_past,
    wait_turn_or_end,
)

NAMES = ["Morgana", "Vivienne", "Gandalf", "Circe", "Merlin", "Bob"]


def german_context(browser: Browser, viewport: dict[str, int], speed: str = "off") -> BrowserContext:
    context = browser.new_context(viewport=viewport, device_scale_factor=1, locale="de-DE")
    context.set_default_timeout(20_000)
    context.add_init_script(f"localStorage.setItem('wizardcards.speed', JSON.stringify({speed!r}))")
    return context


def on_both_phones(page: Page, where: str, cards: int, screenshot, shot: str | None, phones: tuple = (PHONE, SMALL_PHONE),
                   desktop: bool = False) -> None:
    for viewport in phones:
        page.set_viewport_size(viewport)
        check_hand_on_screen(page, f"{where}, {viewport['width']} x {viewport['height']}", cards)
        if shot:
            screenshot(page, f"{shot}-{viewport['width']}")
    if desktop and shot:
        page.set_viewport_size(DESKTOP)
        page.wait_for_timeout(150)
        screenshot(page, f"{shot}-desktop")
    page.set_viewport_size(PHONE)


# (players, preset, language): the preset's teams; each case's screenshots, where it has a name
CASES = [
    (4, "wily", "en", "wily-4"), (4, "wily", "de", "wily-4-de"), (3, "wily-no-partners", "en", "wily-3"),
    (5, "wily-no-partners", "en", None), (6, "wily", "en", "wily-6"), (6, "wily-two-teams", "en", None),
    (7, "wily-no-partners", "en", None),
]


@pytest.mark.parametrize(("players", "preset", "language", "shot"), CASES)
def test_wily_hand_on_a_phone_screen_in_every_phase(
    players: int, preset: str, language: str, shot: str | None, server: ServerProcess,
    new_context: Callable[..., BrowserContext], browser: Browser, screenshot,
) -> None:
    cards = 60 // players
    bots = [{"name": name, "bot": "rulebased"} for name in NAMES[: players - 1]]
    # the last seat deals: Ann speaks first in the auction, bids the whole hand (nobody outbids it) and names trump
    table = create_table(server, [{"name": "Ann"}, *bots], game="wily", preset=preset, players=players,
                         turn_seconds=300, options={"first_dealer": players - 1})
    context = german_context(browser, PHONE) if language == "de" else new_context(viewport=PHONE)
    # No Partners' one-player teams make a row of letters each: from five of them the 360 x 740 screen is too short
    # for the tricks (docs/browser.md)
    phones = (PHONE, SMALL_PHONE) if preset != "wily-no-partners" or players < 5 else (PHONE,)
    try:
        page = watch_errors(context.new_page())
        open_seat(page, server, table["seats"][0], "Ann")

        assert wait_turn_or_end(page) == "auction"
        expect(page.locator("#controls button.bid:not(.pass)")).to_have_count(cards)
        on_both_phones(page, f"{players} players, auction", cards, screenshot, shot and f"{shot}-auction", phones,
                       desktop=True)
        before = seq(page)
        page.click(f"#controls button.bid[data-action='{60 + cards}']")
        wait_seq_past(page, before)

        assert wait_turn_or_end(page) == "name_trump"
        on_both_phones(page, f"{players} players, naming trump", cards, screenshot, shot and f"{shot}-trump", phones)
        before = seq(page)
        page.click("#controls button.suit-choice[data-action='56']")  # Hearts
        wait_seq_past(page, before)

        assert wait_turn_or_end(page) == "pass_cards"
        hand = page.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)")
        for card in hand[-2:]:  # two chosen, raised and marked: the third still to choose
            click_card(page, f'#hand .card[data-card="{card}"]')
        expect(page.locator("#hand .card.selected")).to_have_count(2)
        on_both_phones(page, f"{players} players, passing", cards, screenshot, shot and f"{shot}-passing", phones,
                       desktop=True)
        click_card(page, f'#hand .card[data-card="{hand[-3]}"]')
        page.click("#btn-pass-cards")
        page.wait_for_selector(".table-screen[data-phase='play']")

        # the first trick: Ann leads (the others' three cards are in her hand now, the note says which)
        assert wait_turn_or_end(page) == "play"
        on_both_phones(page, f"{players} players, play", cards, screenshot, shot and f"{shot}-play", phones,
                       desktop=True)
        before = seq(page)
        click_card(page, "#hand .card.playable")
        wait_seq_past(page, before)
        # a later trick, the others' cards on the table, one card fewer
        assert wait_turn_or_end(page) == "play"
        on_both_phones(page, f"{players} players, second trick", cards - 1, screenshot, None, phones)
        assert page.script_errors == []  # type: ignore[attr-defined]
    finally:
        if language == "de":
            context.close()


PANEL = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right,
    bottom: r.bottom, text: el.textContent.trim() }; };
  const bar = document.querySelector('.table-screen .topbar');
  return { bar: box(bar), info: box(document.getElementById('game-info')),
    buttons: [...bar.querySelectorAll('.brand, .top-actions > button, .menu > summary')].map(box), panel: box(document.getElementById('side')),
    close: box(document.querySelector('#scores-panel .close')), width: innerWidth, height: innerHeight };
}"""


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_phone_score_panel_opens_below_the_top_bar(
    language: str, server: ServerProcess, new_context: Callable[..., BrowserContext], browser: Browser, screenshot,
) -> None:
    # a Wizard round's words are the bar's longest: "Round 1 of 12", "12 cards" (German: "Runde 1 von 12", "12 Karten")
    bots = [{"name": name, "bot": "rulebased"} for name in NAMES[:3]]
    table = create_table(server, [{"name": "Ann"}, *bots], turn_seconds=300,
                         options={"schedule": "custom", "custom_hand_sizes": [12] * 12, "first_dealer": 3})
    context = german_context(browser, PHONE) if language == "de" else new_context(viewport=PHONE)
    try:
        page = watch_errors(context.new_page())
        open_seat(page, server, table["seats"][0], "Ann")
        wait_turn_or_end(page)
        page.click("#btn-scores")
        expect(page.locator("#side")).to_have_attribute("data-open", "scores")
        for viewport in (PHONE, SMALL_PHONE):
            page.set_viewport_size(viewport)
            page.wait_for_timeout(150)
            found: dict[str, Any] = page.evaluate(PANEL)
            where = f"{language}, {viewport['width']} x {viewport['height']}: {found}"
            bar, panel = found["bar"], found["panel"]
            assert panel["top"] >= bar["bottom"] - 1, where
            # the bar's buttons and the round's words whole, inside the bar and the screen
            for part in [*found["buttons"], found["info"]]:
                assert bar["top"] <= part["top"] and part["bottom"] <= bar["bottom"], where
                assert 0 <= part["left"] and part["right"] <= found["width"], where
            # the panel's own Close button on the screen
            close = found["close"]
            assert panel["top"] <= close["top"] and close["bottom"] <= found["height"], where
            screenshot(page, f"scores-panel-{language}-{viewport['width']}")
        page.click("#scores-panel .close")
        expect(page.locator("#side")).not_to_have_attribute("data-open", "scores")
        assert page.script_errors == []  # type: ignore[attr-defined]
    finally:
        if language == "de":
            context.close()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_wily_summary_shows_whole_team_names(
    language: str, server: ServerProcess, new_context: Callable[..., BrowserContext], browser: Browser, screenshot,
) -> None:
    # two teams of three (seats 0 2 4 against 1 3 5): each team's line names three players
    bots = [{"name": name, "bot": "rulebased"} for name in NAMES[:5]]
    table = create_table(server, [{"name": "Ann"}, *bots], game="wily", preset="wily-two-teams",
                         options={"first_dealer": 5})
    context = german_context(browser, PHONE) if language == "de" else new_context(viewport=PHONE)
    try:
        page = watch_errors(context.new_page())
        open_seat(page, server, table["seats"][0], "Ann")
        # the hand played with the simplest choices; its last card at the fast pace, which shows the summary
        while True:
            current = wait_turn_or_end(page)
            before = seq(page)
            if current == "auction":
                page.click("#controls button.bid[data-action='70']")  # 10: the whole hand
            elif current == "name_trump":
                page.click("#controls button.suit-choice[data-action='56']")
            elif current == "pass_cards":
                for card in page.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)")[-3:]:
                    click_card(page, f'#hand .card[data-card="{card}"]')
                page.click("#btn-pass-cards")
                page.wait_for_selector(".table-screen[data-phase='play']")
                continue
            else:
                assert current == "play"
                if page.locator("#hand .card").count() == 1:
                    page.evaluate("localStorage.setItem('wizardcards.speed', JSON.stringify('fast'))")
                    click_card(page, "#hand .card.playable")
                    break
                click_card(page, "#hand .card.playable")
            wait_seq_past(page, before)
        summary = page.locator("#round-summary")
        expect(summary.locator("tbody tr")).to_have_count(2)
        page.evaluate("document.querySelector('#round-summary .round-timer').style.animationPlayState = 'paused'")
        for viewport in (PHONE, SMALL_PHONE):
            page.set_viewport_size(viewport)
            page.wait_for_timeout(100)
            cells = summary.locator("tbody th.who").evaluate_all(
                "els => els.map(e => ({ text: e.textContent, cut: e.scrollWidth > e.clientWidth,"
                " right: e.getBoundingClientRect().right }))")
            card = summary.locator(".round-card").bounding_box()
            assert card and card["x"] + card["width"] <= viewport["width"]
            assert all(not c["cut"] and c["right"] <= card["x"] + card["width"] for c in cells), cells
            assert summary.locator("table").evaluate("el => el.scrollWidth <= el.parentElement.clientWidth")
            texts = [c["text"] for c in cells]
            you = "Du" if language == "de" else "You"
            assert texts[0].endswith(f"({you}, Vivienne, Circe)") and texts[1].endswith("(Morgana, Gandalf, Merlin)"), texts
            screenshot(page, f"round-summary-wily-6-{language}-{viewport['width']}")
        assert page.script_errors == []  # type: ignore[attr-defined]
    finally:
        if language == "de":
            context.close()
