"""The lobby on a phone (390 x 844): create a table with a person invited and bots, hand out the links, a second
person joins from the list of waiting tables, the creator takes their seat, a spectator watches."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from .conftest import PHONE, watch_errors
from .helpers import ServerProcess


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a {PHONE['width']} px screen"


def test_lobby_on_a_phone_create_invite_join_and_watch(
    server: ServerProcess, new_context: Callable[..., BrowserContext], screenshot
) -> None:
    ann = watch_errors(new_context(viewport=PHONE).new_page())
    ann.goto(server.url + "/")
    expect(ann.locator("#create-title")).to_have_text("New table")
    ann.fill("#your-name", "Ann")
    ann.click("label[for=game-wizard]")
    ann.select_option("#players", "4")
    expect(ann.locator("#seat-list li")).to_have_count(4)
    ann.select_option("#seat-kind-1", "human")
    ann.fill("#seat-name-1", "Bea")
    ann.select_option("#seat-kind-2", "rulebased")
    ann.select_option("#seat-kind-3", "random")
    ann.select_option("#preset", "quick")
    expect(ann.locator("#preset-note")).to_contain_text("1, 3, 5")
    ann.click(".options-box summary")
    expect(ann.locator("#opt-hidden_bids")).to_be_visible()  # single rule options from GET /meta
    ann.check("#opt-hidden_bids")
    no_sideways_scroll(ann)
    screenshot(ann, "lobby-phone-form", full_page=True)
    ann.click("#btn-create")

    created = ann.locator("#created")
    expect(created).to_contain_text("Table ready")
    invite = created.locator("input[aria-label='Invite link for Bea']")
    expect(invite).to_have_value(re.compile(r"^http://127\.0\.0\.1:\d+/play\?token=[\w-]+$"))
    spectator = created.locator("input[aria-label='Spectator link']").input_value()
    assert "/play?token=" in spectator and spectator.endswith("&watch")
    expect(created.locator("button.copy")).to_have_count(2)
    no_sideways_scroll(ann)
    screenshot(ann, "lobby-phone-created", full_page=True)

    # the table is listed as waiting for one person, with the hidden-bids rule named
    bea = watch_errors(new_context(viewport=PHONE).new_page())
    bea.goto(server.url + "/")
    item = bea.locator("#open-tables .table-item").first
    expect(item).to_contain_text("Ann")
    expect(item).to_contain_text("open seat")
    expect(item).to_contain_text("Hidden bids")
    no_sideways_scroll(bea)
    screenshot(bea, "lobby-phone-lists", full_page=True)
    item.get_by_role("button", name=re.compile("^Join")).click()
    expect(bea.locator("#lobby-error")).to_contain_text("name")  # no name yet: asked first
    bea.fill("#your-name", "Bea")
    item.get_by_role("button", name=re.compile("^Join")).click()
    bea.wait_for_url(re.compile(r"/play\?token="))
    bea.wait_for_selector(".table-screen[data-status='playing']")
    expect(bea.locator("#seats")).to_contain_text("Bea")

    # Ann sits down with her own link; both see each other; the game is on
    ann.click("#btn-take-seat")
    ann.wait_for_selector(".table-screen[data-status='playing']")
    expect(ann.locator("#seats .seat.me")).to_contain_text("Ann")
    expect(ann.locator("#seats")).to_contain_text("Bea")
    no_sideways_scroll(ann)

    # a spectator sees the table, no hand and no chat box
    watcher = watch_errors(new_context(viewport=PHONE).new_page())
    watcher.goto(spectator)
    watcher.wait_for_selector(".table-screen.spectator[data-seq]")
    expect(watcher.locator("#game-info")).to_contain_text("Watching")
    expect(watcher.locator("#hand")).to_be_hidden()
    expect(watcher.locator("#chat-form")).to_have_attribute("hidden", "")

    # back in the lobby, Ann's browser lists her game with Resume, and the table as playing with Watch
    lobby = ann.context.new_page()
    lobby.goto(server.url + "/")
    expect(lobby.locator("#my-games")).to_contain_text("Resume")
    playing = lobby.locator("#playing-tables .table-item").first
    expect(playing.get_by_role("link", name=re.compile("Watch"))).to_be_visible()
    for page in (ann, bea, watcher):
        assert page.script_errors == []  # type: ignore[attr-defined]
