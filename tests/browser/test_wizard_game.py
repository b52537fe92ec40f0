"""A whole Wizard game against three bots, created in the lobby and played by clicking, to the final score sheet."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect

from .helpers import ServerProcess, take_simple_turn, wait_turn_or_end


def test_whole_game_against_three_bots_by_clicking(server: ServerProcess, page: Page, screenshot) -> None:
    started = time.monotonic()
    page.goto(server.url + "/")
    page.fill("#your-name", "Ann")
    page.select_option("#preset", "quick")  # rounds of 1, 3, 5 ... 15 cards: 8 rounds for 4 players
    for seat in (1, 2, 3):
        page.select_option(f"#seat-kind-{seat}", "rulebased")
    page.click("#btn-create")
    page.wait_for_url(re.compile(r"/play#token=[\w-]+$"))  # nobody to invite: straight to the table

    decisions: list[str] = []
    while wait_turn_or_end(page) != "game_over":
        decisions.append(take_simple_turn(page))
        assert len(decisions) < 200, "the game does not end"
    bids = [d for d in decisions if d.startswith("Bid ")]
    assert len(bids) == 8  # one bid per round
    assert len(decisions) - len(bids) >= 64  # 1 + 3 + ... + 15 cards (and trump when a Wizard was turned for Ann)

    summary = page.locator("#summary")
    expect(summary).to_be_visible()
    expect(summary.locator("h2")).to_have_text("Game over")
    expect(summary.locator(".ranking li")).to_have_count(4)
    expect(summary.locator("#btn-rematch")).to_be_enabled()
    table_id = summary.locator("a[href^='/replay/']").get_attribute("href").rsplit("/", 1)[1]
    screenshot(page, "wizard-game-over-desktop")

    # the final score sheet: eight rounds, the totals the server holds, the chart with a line per player
    rows = page.locator("#sheet table.sheet tbody tr")
    expect(rows).to_have_count(8)
    final = server.get(f"/tables/{table_id}")
    assert final["status"] == "finished"
    totals = [int(t) for t in rows.nth(7).locator("td .total").all_inner_texts()]
    assert totals == final["scores"]
    names = page.locator("#sheet thead th").all_inner_texts()[1:]
    assert names[0] == "Ann" and len(names) == 4
    # no scorekeeper online (the issue: "Scorekeeper: Circe", a bot): the server keeps the score; the score pad names
    # the person with the pencil
    expect(page.locator("#sheet .scorekeeper")).to_have_count(0)
    assert "Scorekeeper" not in page.inner_text("#scores-panel")
    winners = {final["names"][seat] for seat in final["winners"]}
    shown = summary.locator(".ranking li.winner .rank-name").all_inner_texts()
    assert {name.strip("★ ").strip() for name in shown} == winners
    chart = page.locator("#chart svg.chart")
    expect(chart.locator("g.series")).to_have_count(4)
    assert "Ann" in (chart.get_attribute("aria-label") or "")
    # the rematch: same rules and seats, a new deal; this page moves there and the game starts again at once
    old_url = page.url
    page.click("#btn-rematch")
    page.wait_for_url(lambda url: url != old_url and "/play#token=" in url)
    page.wait_for_selector(".table-screen[data-status='playing']")
    expect(page.locator("#game-info")).to_contain_text("Round 1 of 8")
    expect(page.locator("#seats .seat")).to_have_count(4)
    assert page.script_errors == []  # type: ignore[attr-defined]
    assert time.monotonic() - started < 120
