"""The connection drops (the server stops) and comes back (the server starts again on the same database): the page
says so in a banner both times, refuses to send a move meanwhile, reconnects by itself and plays on."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from .helpers import create_table, open_seat, seq, start_server, take_simple_turn, wait_turn_or_end


def test_banner_when_the_connection_drops_and_when_it_is_back(tmp_path: Path, page: Page, screenshot) -> None:
    server = start_server(tmp_path / "wizard.sqlite3")
    try:
        bots = [{"name": name, "bot": "rulebased"} for name in ("Merlin", "Morgana", "Circe")]
        table = create_table(server, [{"name": "Ann"}, *bots], options={"schedule": "custom", "custom_hand_sizes": [3]})
        open_seat(page, server, table["seats"][0], "Ann")
        assert wait_turn_or_end(page) in ("bid", "choose_trump")
        banner = page.locator("#banner")
        expect(banner).to_be_hidden()
        take_simple_turn(page)
        wait_turn_or_end(page)
        shown = seq(page)

        server.stop()
        expect(banner).to_be_visible(timeout=10_000)
        expect(banner).to_contain_text("Connection lost. Reconnecting")
        expect(page.locator(".table-screen")).to_have_class("table-screen offline")
        move = page.locator("#controls button.bid:not([disabled]), #hand .card.playable").first
        move.click(position={"x": 9, "y": 9})  # a move while offline is not sent, and the page says why
        expect(page.locator("#error-line")).to_contain_text("Not connected")
        screenshot(page, "table-connection-lost")

        server = start_server(server.db, port=server.port)
        expect(banner).to_contain_text("Connected again", timeout=20_000)
        expect(page.locator(".table-screen")).not_to_have_class("table-screen offline")
        assert seq(page) == shown  # synced: the same point of the game
        for _ in range(3):  # and the game goes on
            if wait_turn_or_end(page) == "game_over":
                break
            take_simple_turn(page)
        assert seq(page) > shown
        expect(banner).to_be_hidden(timeout=10_000)
    finally:
        server.stop()
