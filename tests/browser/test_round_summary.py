"""The end of a hand: after the hand's last trick has gone to its winner, a summary of the hand stays over the table
(until dismissed, or a few seconds) and only then is the next hand dealt on screen; the server does not wait for it,
the page queues what arrives meanwhile.

The page's states are recorded in the page as they follow each other (a MutationObserver notes each change of: the
summary open or not, the round in the bar, the cards in the hand, the trick complete, running animations, the view on
screen and the newest one received), so the test reads their order, not a moment sampled by chance."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import DESKTOP, PHONE, watch_errors
from .helpers import (
    FRAME_CLOCK,
    ServerProcess,
    click_card,
    create_table,
    open_seat,
    pass_three,
    seq,
    take_simple_turn,
    wait_seq_past,
    wait_turn_or_end,
    win_the_auction,
)

TIMELINE = """
(() => {
  window.__states = [];
  let last = '';
  const note = () => {
    const screen = document.querySelector('.table-screen');
    if (!screen) return;
    const received = (window.__frames || []).map((f) => JSON.parse(f.data)).filter((m) => m.type === 'view');
    const state = {
      summary: !!document.getElementById('round-summary'),
      info: document.getElementById('game-info')?.textContent || '',
      hand: document.querySelectorAll('#hand .card').length,
      complete: !!document.querySelector('#trick.complete'),
      played: document.querySelectorAll('#trick .slot.played').length,
      // the flights of cards (the summary's own bar, a CSS animation, does not count)
      running: document.getAnimations().filter((a) => a.playState === 'running'
        && !a.effect?.target?.closest?.('#round-summary')).length,
      shown: Number(screen.dataset.seq || -1),
      newest: received.length ? Math.max(...received.map((m) => m.seq)) : -1,
      over: !document.getElementById('summary')?.hidden,
    };
    const key = JSON.stringify({ ...state, newest: 0, running: state.running > 0 });
    if (key !== last) { last = key; window.__states.push({ at: performance.now(), ...state }); }
  };
  new MutationObserver(note).observe(document, { subtree: true, childList: true, attributes: true,
    characterData: true });
  // a flight ends without a change of the page's elements: look again on every frame while one runs
  const frame = () => { note(); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})();
"""


def summary_page(new_context: Callable[..., BrowserContext], viewport: dict[str, int], speed: str) -> Page:
    context = new_context(viewport=viewport, speed=speed)
    context.add_init_script(FRAME_CLOCK)
    context.add_init_script(TIMELINE)
    return watch_errors(context.new_page())


def states(page: Page) -> list[dict[str, Any]]:
    return page.evaluate("window.__states")


def first(found: list[dict[str, Any]], test: Callable[[dict[str, Any]], bool], start: int = 0) -> int:
    return next(k for k in range(start, len(found)) if test(found[k]))


def play_until_summary(page: Page) -> None:
    """Take Ann's decisions until a hand's summary opens."""
    while True:
        page.wait_for_function("() => document.getElementById('round-summary') || "
                               "document.querySelector('.table-screen').dataset.myTurn === 'yes'")
        if page.locator("#round-summary").count():
            return
        take_simple_turn(page)


def test_wizard_hand_summary_between_the_last_trick_and_the_next_deal(
    server: ServerProcess, new_context: Callable[..., BrowserContext], screenshot
) -> None:
    bots = [{"name": name, "bot": "rulebased"} for name in ("Merlin", "Morgana", "Circe")]
    table = create_table(server, [{"name": "Ann", "claimed": True}, *bots],
                         options={"schedule": "custom", "custom_hand_sizes": [1, 2], "first_dealer": 0})
    # Ann deals the first hand, Merlin the second: Morgana and Circe bid in it before Ann
    page = summary_page(new_context, DESKTOP, "fast")
    open_seat(page, server, table["seats"][0], "Ann")
    # the first summary stays until closed (the setting of the ⋯ menu), so that the checks at two screen sizes below
    # are made on it however busy the machine is; the last one closes by itself
    page.evaluate("localStorage.setItem('wizardcards.keepSummary', 'true')")

    # the first hand (one card): Ann bids and plays; then its summary opens
    play_until_summary(page)
    summary = page.locator("#round-summary")
    expect(summary.locator("h2")).to_have_text("Round 1 is over")
    sheet = server.get(f"/tables/{table['id']}/sheet")["sheet"]
    _, _, _, _, bids, tricks, points, totals = sheet[0]
    rows = summary.locator("tbody tr")
    expect(rows).to_have_count(4)
    for seat in range(4):
        row = rows.nth(seat)
        assert row.get_attribute("data-seat") == str(seat)
        expect(row.locator(".who")).to_have_text(["You", "Merlin", "Morgana", "Circe"][seat])
        expect(row.locator(".bid")).to_have_text(str(bids[seat]))
        expect(row.locator(".took")).to_have_text(str(tricks[seat]))
        expect(row.locator(".points")).to_have_text(f"{'+' if points[seat] > 0 else ''}{points[seat]}")
        expect(row.locator(".total")).to_have_text(str(totals[seat]))
        made = bids[seat] == tricks[seat]
        assert (row.get_attribute("class") or "") == ("made" if made else "missed")
        expect(row.locator(".result")).to_contain_text("made" if made else "missed")
    screenshot(page, "round-summary-desktop")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(100)
    assert summary.locator(".round-table-wrap").evaluate("el => el.scrollWidth <= el.clientWidth")
    screenshot(page, "round-summary-phone")
    page.set_viewport_size(DESKTOP)

    found = states(page)
    opened = first(found, lambda s: s["summary"])
    # before it: the last trick complete on the table, then its flight to the winner, in the hand that ended
    complete = first(found, lambda s: s["complete"] and s["played"] == 4)
    assert complete < opened
    at = found[opened]
    assert "Round 1 of 2" in at["info"] and at["hand"] == 0 and at["running"] == 0, at
    assert all("Round 1 of 2" in s["info"] and s["hand"] == 0 for s in found[complete:opened + 1])
    # the server did not wait: the next hand's views (the deal, the bots' bids) are already here, queued
    assert at["newest"] > at["shown"], at

    # dismissed: the next hand is dealt on screen only now
    page.click("#btn-round-next")
    expect(summary).to_have_count(0)
    expect(page.locator("#game-info")).to_contain_text("Round 2 of 2")
    found = states(page)
    dealt = first(found, lambda s: s["hand"] == 2)
    assert dealt > opened and all(s["summary"] for s in found[opened:first(found, lambda s: not s["summary"], opened)])
    assert not found[dealt]["summary"]

    # the last hand: its summary closes by itself after a few seconds, then the game's result opens
    page.evaluate("localStorage.setItem('wizardcards.keepSummary', 'false')")
    play_until_summary(page)
    expect(summary.locator("h2")).to_have_text("Round 2 is over", timeout=10_000)
    expect(page.locator("#btn-round-next")).to_have_text("To the results")
    expect(page.locator("#summary")).to_be_hidden()
    expect(summary).to_have_count(0, timeout=15_000)
    expect(page.locator("#summary h2")).to_have_text("Game over")
    found = states(page)
    opened = first(found, lambda s: s["summary"] and "Round 2" in s["info"])
    closed = first(found, lambda s: not s["summary"], opened)
    # the fast pace's 3.5 s (a timer never fires early; a busy machine may fire it late), not the normal pace's 6 s
    assert 3000 <= found[closed]["at"] - found[opened]["at"] < 6000
    assert page.script_errors == []  # type: ignore[attr-defined]


def test_wily_hand_summary_shows_the_contract_and_the_letter(
    server: ServerProcess, new_context: Callable[..., BrowserContext], screenshot
) -> None:
    bots = [{"name": name, "bot": "rulebased"} for name in ("Bob", "Cy", "Di")]
    table = create_table(server, [{"name": "Ann"}, *bots], game="wily", preset="wily", options={"first_dealer": 3})
    page = summary_page(new_context, PHONE, "off")
    open_seat(page, server, table["seats"][0], "Ann")
    win_the_auction(page)
    pass_three(page)
    # the team letters are large and not dimmed (the issue: 11.5 px, faded)
    letters = page.evaluate("() => [...document.querySelectorAll('#teams .letters span')].map((e) => "
                            "[parseFloat(getComputedStyle(e).fontSize), Number(getComputedStyle(e).opacity)])")
    assert len(letters) == 12 and all(size >= 15 and opacity == 1 for size, opacity in letters), letters
    # the tricks, without animation, until the last: that one and the summary at the fast pace
    while True:
        assert wait_turn_or_end(page) == "play"
        if page.locator("#hand .card").count() == 1:
            page.evaluate("localStorage.setItem('wizardcards.speed', JSON.stringify('fast'))")
            click_card(page, "#hand .card.playable")
            break
        before = seq(page)
        click_card(page, "#hand .card.playable")
        wait_seq_past(page, before)
    summary = page.locator("#round-summary")
    expect(summary.locator("h2")).to_have_text("Hand 1 is over")
    line = server.get(f"/tables/{table['id']}/sheet")["sheet"][0]
    _, _, high, bid, trump, team_tricks, letter_to, held = line
    assert (high, bid, trump) == (0, 15, 2)
    expect(summary.locator(".contract-line")).to_have_text("You bid 15 for Team A, trump Hearts")
    made = 0 in letter_to  # Ann's team is team 0
    expect(summary.locator(".verdict")).to_have_text(
        f"{'✓ Contract made with' if made else '✗ Contract missed:'} {team_tricks[0]} tricks")
    rows = summary.locator("tbody tr")
    expect(rows).to_have_count(2)
    for team in (0, 1):
        row = rows.nth(team)
        expect(row.locator(".took")).to_have_text(str(team_tricks[team]))
        expect(row.locator(".letter")).to_have_text("+ W" if team in letter_to else "—")
        expect(row.locator(".letters-word")).to_have_text("W·····" if held[team] == 1 else "······")
    screenshot(page, "round-summary-wily-phone")
    # behind it, the hand that ended: no new deal yet
    found = states(page)
    at = found[first(found, lambda s: s["summary"])]
    assert "Hand 1" in at["info"] and at["hand"] == 0, at
    page.keyboard.press("Escape")  # dismissed by the keyboard
    expect(summary).to_have_count(0)
    expect(page.locator("#game-info")).to_contain_text("Hand 2")
    expect(page.locator("#hand .card")).to_have_count(15)
    assert page.script_errors == []  # type: ignore[attr-defined]


def test_hand_summary_in_german(server: ServerProcess, browser: Browser, screenshot) -> None:
    bots = [{"name": name, "bot": "rulebased"} for name in ("Merlin", "Morgana", "Circe")]
    table = create_table(server, [{"name": "Anna", "claimed": True}, *bots],
                         options={"schedule": "custom", "custom_hand_sizes": [1, 2], "first_dealer": 0})
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, locale="de-DE")
    context.set_default_timeout(20_000)
    context.add_init_script("localStorage.setItem('wizardcards.speed', JSON.stringify('fast'))")
    context.add_init_script("localStorage.setItem('wizardcards.keepSummary', 'true')")  # checked at leisure
    try:
        page = watch_errors(context.new_page())
        open_seat(page, server, table["seats"][0], "Anna")
        expect(page.locator("#game-info")).to_contain_text("Runde 1 von 2")
        play_until_summary(page)
        summary = page.locator("#round-summary")
        expect(summary.locator("h2")).to_have_text("Runde 1 ist vorbei")
        expect(summary.locator("thead th")).to_have_text(
            ["Spieler", "Ansage", "Stiche", "Ergebnis", "Punkte", "Gesamt"])
        # the whole table fits the phone's width (German words are longer)
        assert summary.locator(".round-table-wrap").evaluate("el => el.scrollWidth <= el.clientWidth")
        expect(summary.locator("tbody tr").first.locator(".who")).to_have_text("Du")
        _, _, _, _, bids, tricks, _, _ = server.get(f"/tables/{table['id']}/sheet")["sheet"][0]
        for seat in range(4):
            expect(summary.locator("tbody tr").nth(seat).locator(".result")).to_contain_text(
                "geschafft" if bids[seat] == tricks[seat] else "daneben")
        expect(page.locator("#btn-round-next")).to_have_text("Nächste Runde")
        expect(page.locator("#status-line")).to_have_text("Die Runde ist vorbei.")
        expect(summary.locator(".round-keep")).to_have_text("Zusammenfassung offen lassen, bis ich sie schließe")
        screenshot(page, "round-summary-de-phone")
        page.set_viewport_size(DESKTOP)
        page.wait_for_timeout(150)
        screenshot(page, "round-summary-de-desktop")
        page.set_viewport_size(PHONE)
        page.click("#btn-round-next")
        expect(page.locator("#game-info")).to_contain_text("Runde 2 von 2")
        expect(page.locator("#game-info")).to_contain_text("2 Karten")
        # opened again from its line of the score sheet (the phone's Punkte panel), with Schließen
        page.click("#btn-scores")
        page.click("#sheet tbody tr .sheet-again")
        expect(summary.locator("h2")).to_have_text("Runde 1 ist vorbei")
        expect(page.locator("#btn-round-next")).to_have_text("Schließen")
        screenshot(page, "round-summary-again-de-phone")
        page.keyboard.press("Escape")
        page.click("#table-menu summary")
        expect(page.locator("#table-menu .menu-check")).to_contain_text("Zusammenfassung offen lassen")
        screenshot(page, "table-menu-de-phone")
        page.keyboard.press("Escape")
        assert "table." not in page.inner_text("body")  # no key shown in place of a word
        assert page.script_errors == []  # type: ignore[attr-defined]
    finally:
        context.close()
