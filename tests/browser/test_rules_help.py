"""The rules page (rules_help.js): opened from the lobby's rule choice, it explains the chosen game and shows the
options the form holds (the preset's and those changed by hand), in English and in German; it switches to the other
game, and closes on Escape, its button or a click outside, giving the focus back."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from .conftest import PHONE, watch_errors
from .helpers import ServerProcess


def lobby(new_context: Callable[..., BrowserContext], server: ServerProcess, lang: str, viewport=None) -> Page:
    context = new_context(viewport=viewport) if viewport else new_context()
    context.add_init_script(f"localStorage.setItem('wizardcards.lang', {lang!r})")
    page = watch_errors(context.new_page())
    page.goto(server.url + "/")
    page.wait_for_selector("#create-title")
    return page


def value_of(page: Page, option: str) -> str:
    return page.inner_text(f"#help-this-table li[data-option='{option}'] strong")


def test_rules_from_the_lobby_show_the_chosen_preset_in_english(
    server: ServerProcess, new_context: Callable[..., BrowserContext], screenshot
) -> None:
    page = lobby(new_context, server, "en")
    page.select_option("#preset", "hidden-bids")
    page.click("#btn-rules-help")
    dialog = page.locator("#rules-help")
    expect(dialog).to_be_visible()
    expect(dialog.locator("#rules-help-title")).to_have_text("Rules: Wizard")
    expect(dialog.locator("#help-this-table h3")).to_have_text("This table's rules (4 players)")
    assert value_of(page, "hidden_bids") == "yes"
    expect(dialog.locator("#help-this-table li.changed")).to_have_count(1)  # only what differs from the standard game
    expect(dialog.locator("#help-this-table li.changed")).to_contain_text("not standard")
    assert value_of(page, "bid_rule") == "Any bids"
    # the game's rules, and every option of the game explained, the table's choice marked
    for section in ("The cards", "Trump", "Bidding", "Who wins a trick", "Scoring"):
        expect(dialog.get_by_role("heading", name=section, exact=True)).to_be_visible()
    expect(dialog).to_contain_text("20 points plus 10 for each trick")
    hook = dialog.locator(".help-option-block[data-option='bid_rule'] li[data-choice='hook']")
    expect(hook).to_contain_text("may not make the total equal")
    chosen = dialog.locator(".help-option-block[data-option='bid_rule'] li.chosen")
    expect(chosen).to_have_attribute("data-choice", "none")
    expect(dialog.locator(".help-option-block")).to_have_count(12)  # every Wizard option of GET /meta (and cards)
    screenshot(page, "rules-desktop-en")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(page.locator("#btn-rules-help")).to_be_focused()

    # an option changed by hand in the form is the table's too; the other game's rules are one click away
    page.select_option("#preset", "standard")
    page.click(".options-box summary")
    page.select_option("#opt-schedule", "quick")
    page.select_option("#opt-first_dealer", "2")
    page.click("#btn-rules-help")
    assert value_of(page, "schedule") == "1, 3, 5 … cards"
    assert value_of(page, "first_dealer") == "Seat 3"
    assert value_of(page, "hidden_bids") == "no"
    page.click("#rules-help button[data-game='wily']")
    expect(dialog.locator("#rules-help-title")).to_have_text("Rules: Wily Wizards")
    expect(dialog.locator("#help-this-table")).to_have_count(0)  # this table plays Wizard
    expect(dialog.get_by_role("heading", name="The auction")).to_be_visible()
    page.click("#rules-help-close")
    expect(dialog).to_have_count(0)

    # Wily Wizards in two teams of three: the page opens on Wily's rules with the table's teams
    page.click("label[for=game-wily]")
    page.select_option("#preset", "wily-two-teams")
    page.click("#btn-rules-help")
    expect(dialog.locator("#rules-help-title")).to_have_text("Rules: Wily Wizards")
    expect(dialog.locator("#help-this-table h3")).to_have_text("This table's rules (6 players)")
    assert value_of(page, "mode") == "Two teams of three"
    for section in ("The auction", "Passing three cards", "Letters"):
        expect(dialog.get_by_role("heading", name=section, exact=True)).to_be_visible()
    expect(dialog.locator(".help-option-block[data-option='hidden_bids']")).to_have_count(0)  # a Wizard option
    screenshot(page, "rules-desktop-wily-en")
    # a click outside the dialog (on its backdrop) closes it
    page.mouse.click(5, 400)
    expect(dialog).to_have_count(0)
    assert page.script_errors == []  # type: ignore[attr-defined]


def test_rules_in_german_on_a_phone(
    server: ServerProcess, new_context: Callable[..., BrowserContext], screenshot
) -> None:
    page = lobby(new_context, server, "de", PHONE)
    page.select_option("#preset", "canadian")
    page.click("#btn-rules-help")
    dialog = page.locator("#rules-help")
    expect(dialog.locator("#rules-help-title")).to_have_text("Regeln: Wizard")
    expect(dialog.locator("#help-this-table h3")).to_have_text("Die Regeln dieses Tisches (4 Spieler)")
    assert value_of(page, "bid_rule") == "Kanadischer Haken"
    assert value_of(page, "hidden_bids") == "nein"
    expect(dialog.locator("#help-this-table li.changed")).to_contain_text("abweichend")
    for section in ("Die Karten", "Trumpf", "Ansagen", "Wer den Stich gewinnt", "Wertung"):
        expect(dialog.get_by_role("heading", name=section, exact=True)).to_be_visible()
    expect(dialog).to_contain_text("Zauberer")
    expect(dialog).to_contain_text("Narr")
    text = dialog.inner_text()
    for english in ("The cards", "Scoring", "Any bids", "This table", "Rule options", "standard)"):
        assert english not in text, f"English {english!r} on the German rules page"
    # the page fits the phone: no sideways scroll inside the dialog, the close button on screen
    body = dialog.locator("#rules-help-body")
    assert body.evaluate("el => el.scrollWidth <= el.clientWidth")
    box = dialog.locator("#rules-help-close").bounding_box()
    assert box and box["x"] + box["width"] <= PHONE["width"] and box["y"] >= 0
    screenshot(page, "rules-phone-de")
    page.click("#rules-help button[data-game='wily']")
    expect(dialog.locator("#rules-help-title")).to_have_text("Regeln: Wily Wizards")
    expect(dialog.get_by_role("heading", name="Die Versteigerung")).to_be_visible()
    expect(dialog).to_contain_text("W-I-Z-A-R-D")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    assert page.script_errors == []  # type: ignore[attr-defined]
