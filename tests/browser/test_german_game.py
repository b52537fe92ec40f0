"""A whole game in German, as a German browser gets it: created in the lobby, played by clicking against two bots, to
the final score sheet, with German words on every screen and no English left over in what is checked."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import DESKTOP, watch_errors
from .helpers import ServerProcess, take_simple_turn, wait_turn_or_end
from .test_languages import english_leftovers

# words of the table's English that a German player must not meet (the catalogs' texts are checked as well)
ENGLISH_WORDS = ["Your turn", "Game over", "Round", "Scores", "points", "Last trick", "Rematch", "Scorekeeper",
                 "Trump", "Dealer", "Wizard of", "Jester", "Hearts", "Spades", "Clubs", "Diamonds"]


@pytest.fixture
def german(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=DESKTOP, device_scale_factor=1, locale="de-DE")
    context.set_default_timeout(20_000)
    context.add_init_script("localStorage.setItem('wizardcards.speed', JSON.stringify('off'))")
    yield context
    context.close()


def no_english(page: Page, where: str) -> None:
    text = page.inner_text("body")
    assert english_leftovers(text) == [], f"{where}: {english_leftovers(text)}"
    found = [word for word in ENGLISH_WORDS if re.search(rf"\b{re.escape(word.strip())}\b", text)]  # "Trumpf" is German
    assert found == [], f"{where}: English words {found}"


def test_a_game_in_german_from_the_lobby_to_the_final_sheet(
    server: ServerProcess, german: BrowserContext, screenshot
) -> None:
    page = watch_errors(german.new_page())
    page.goto(server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#create-title")).to_have_text("Neuer Tisch")
    no_english(page, "lobby")
    page.fill("#your-name", "Anna")
    page.select_option("#players", "3")
    page.click(".options-box summary")
    page.select_option("#opt-schedule", "custom")  # a short game: rounds of 1 and 2 cards
    page.fill("#opt-custom_hand_sizes", "1 2")
    for seat in (1, 2):
        page.select_option(f"#seat-kind-{seat}", "rulebased")
    page.click("#btn-create")
    page.wait_for_url(re.compile(r"/play#token=[\w-]+$"))

    wait_turn_or_end(page)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#game-info")).to_contain_text("Runde 1 von 2")
    labels = page.eval_on_selector_all("#hand .card", "els => els.map(e => e.getAttribute('aria-label') || '')")
    assert labels and all(re.search(r"(Kreuz|Karo|Herz|Pik)-|Zauberer|Narr", label) for label in labels), labels
    no_english(page, "table, first turn")
    decisions: list[str] = []
    while wait_turn_or_end(page) != "game_over":
        decisions.append(take_simple_turn(page))
        assert len(decisions) < 20, "the game does not end"
    bids = [d for d in decisions if re.fullmatch(r"\d+ wählen", d)]
    assert len(bids) == 2, decisions  # one bid a round, its button in German ("1 wählen": a Wily call's too)

    summary = page.locator("#summary")
    expect(summary).to_be_visible()
    expect(summary.locator("h2")).to_have_text("Spielende")
    expect(summary.locator(".ranking li")).to_have_count(3)
    for value in summary.locator(".ranking .rank-value").all_inner_texts():
        assert re.fullmatch(r"-?\d+ Punkte?", value), value
    sheet = page.locator("#sheet")
    expect(sheet.locator("thead th").first).to_have_text("Runde")
    expect(sheet.locator("table.sheet tbody tr")).to_have_count(2)
    assert "Schreiber" not in sheet.inner_text()  # no scorekeeper at an online table (the score pad names one)
    cell = sheet.locator("tbody td").first.get_attribute("aria-label") or ""
    assert re.match(r"Anna: Ansage \d, Stiche \d, (geschafft|daneben)", cell), cell
    no_english(page, "final score sheet")
    screenshot(page, "german-game-over-desktop")
    assert page.script_errors == []  # type: ignore[attr-defined]
