"""The move log at the table and in the replay (docs/browser.md, "The table"): a turn whose timer ran out says so
("Time ran out: played for you.") above the move the stand-in made, every bid and card and each hand's result are
there, in English and in German, beside the table on a desktop and behind *Moves* on a phone; the replay has the
same log up to the step shown. Screenshots move-log-{desktop,phone}[-de]. What the log holds in every case
(reconnects, stand-ins for a seat gone away, Wily) is tested without a browser over recorded frames (tests/web/)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import DESKTOP, PHONE, watch_errors
from .helpers import ServerProcess, create_table, open_seat, seq, take_simple_turn, wait_seq_past, wait_turn_or_end

BOTS = [{"name": name, "bot": "rulebased"} for name in ("Merlin", "Morgana")]


def timed_table(server: ServerProcess) -> dict[str, Any]:
    """Ann and two bots, two short hands, a turn timer of 4 s: Ann's first decision runs out (she takes the others
    well within it)."""
    return create_table(server, [{"name": "Ann", "claimed": True}, *BOTS], players=3, turn_seconds=4,
                        options={"schedule": "custom", "custom_hand_sizes": [1, 2], "first_dealer": 0})


def german_page(browser: Browser, viewport: dict[str, int]) -> tuple[BrowserContext, Page]:
    context = browser.new_context(viewport=viewport, device_scale_factor=1, locale="de-DE")
    context.set_default_timeout(20_000)
    context.add_init_script("localStorage.setItem('wizardcards.speed', JSON.stringify('off'))")
    return context, watch_errors(context.new_page())


def let_time_run_out(page: Page) -> None:
    """Ann is on turn and does nothing: the stand-in takes the decision when the 4 s are up."""
    assert wait_turn_or_end(page) == "bid"
    before = seq(page)
    wait_seq_past(page, before, timeout=15_000)


def play_to_the_end(page: Page) -> None:
    while wait_turn_or_end(page) != "game_over":
        take_simple_turn(page)


def log_lines(page: Page, selector: str = "#move-log li") -> list[str]:
    return [text.strip() for text in page.locator(selector).all_inner_texts()]


def test_a_timed_out_turn_is_in_the_log_with_every_move_and_the_hands_results(
    server: ServerProcess, new_context: Callable[..., BrowserContext], screenshot: Callable[..., Any]
) -> None:
    table = timed_table(server)
    page = watch_errors(new_context(DESKTOP).new_page())
    open_seat(page, server, table["seats"][0], "Ann")
    let_time_run_out(page)
    log = page.locator("#move-log")
    expect(log).to_be_visible()  # beside the table on a desktop
    expect(log.locator("li.timeout")).to_have_text(["Time ran out: played for you."])
    lines = log_lines(page)
    timeout = lines.index("Time ran out: played for you.")
    assert lines[timeout + 1].startswith("You bid "), lines
    assert lines[0] == "Round 1 · 1 card" and lines[1].startswith("Turned up: "), lines
    assert any(line.startswith("Merlin bids ") for line in lines[:timeout]), lines  # the bids before Ann's
    play_to_the_end(page)
    sheet = server.get(f"/tables/{table['id']}/sheet")["sheet"]
    lines = log_lines(page)
    for row in sheet:
        bids, tricks, totals = row[4], row[5], row[7]
        for seat, who in enumerate(["You", "Merlin", "Morgana"]):
            mark = "✓" if bids[seat] == tricks[seat] else "✗"
            assert any(line.startswith(f"{mark} {who}: bid {bids[seat]}, took {tricks[seat]} ")
                       and line.endswith(f"({totals[seat]} in all)") for line in lines), (who, lines)
    assert sum(1 for line in lines if line.startswith(("You play ", "Merlin plays ", "Morgana plays "))) == 3 * (1 + 2)
    assert lines[-1].endswith(("wins the game.", "win the game.")), lines
    page.locator("#summary button", has_text="See the table").click()
    screenshot(page, "move-log-desktop")
    # a phone: the log is behind its button in the top bar, over the table
    page.set_viewport_size(PHONE)
    expect(log).to_be_hidden()
    page.click("#btn-log")
    expect(page.locator("#btn-log")).to_have_attribute("aria-expanded", "true")
    expect(log).to_be_visible()
    expect(log.locator("li.timeout")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    screenshot(page, "move-log-phone")
    # the replay: the same log, up to the step shown (the deal: the round and the card turned up)
    page.set_viewport_size(DESKTOP)
    page.goto(f"{server.url}/replay/{table['id']}")
    page.wait_for_selector("#replay-log li")
    expect(page.locator("#replay-log li")).to_have_count(2)
    assert log_lines(page, "#replay-log li")[0] == "Round 1 · 1 card"
    page.click("#replay-last")
    replayed = log_lines(page, "#replay-log li")
    assert any(line.startswith("Ann bids ") for line in replayed), replayed
    assert sum(1 for line in replayed if " plays " in line) == 3 * (1 + 2)
    assert [line for line in replayed if line.startswith(("✓", "✗"))] == [
        line.replace("You:", "Ann:") for line in lines if line.startswith(("✓", "✗"))]
    by_name = lines[-1].replace("You win", "Ann wins").replace("You and", "Ann and")
    assert replayed[-1] == by_name, (replayed[-1], lines[-1])


def test_the_log_in_german_on_a_phone_and_a_desktop(
    server: ServerProcess, browser: Browser, screenshot: Callable[..., Any]
) -> None:
    table = timed_table(server)
    context, page = german_page(browser, PHONE)
    try:
        open_seat(page, server, table["seats"][0], "Ann")
        let_time_run_out(page)
        page.click("#btn-log")
        log = page.locator("#move-log")
        expect(page.locator("#btn-log")).to_have_text("Verlauf")
        expect(page.locator("#log-title")).to_have_text("Spielverlauf")
        expect(log.locator("li.timeout")).to_have_text(["Die Zeit ist abgelaufen: Für dich wurde gespielt."])
        lines = log_lines(page)
        assert lines[0] == "Runde 1 · 1 Karte", lines
        timeout = lines.index("Die Zeit ist abgelaufen: Für dich wurde gespielt.")
        assert lines[timeout + 1].startswith("Du sagst "), lines
        assert any(line.startswith("Merlin sagt ") and line.endswith(" an.") for line in lines), lines
        screenshot(page, "move-log-phone-de")
        page.click("#log-panel .close")
        play_to_the_end(page)
        page.set_viewport_size(DESKTOP)
        page.locator("#summary button", has_text="Tisch ansehen").click()
        lines = log_lines(page)
        assert any(line.startswith(("✓ Du: Ansage", "✗ Du: Ansage")) for line in lines), lines
        assert any(line.startswith("Du spielst ") for line in lines), lines
        english = [line for line in lines if any(word in line for word in (" bid", " play", " wins", "trick", "Round"))]
        assert not english, english
        screenshot(page, "move-log-desktop-de")
    finally:
        context.close()
