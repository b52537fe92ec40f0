"""The browser client's languages: the catalogs (web/i18n/*.json) complete in English and German, the browser's
language as the default, the lobby's switch that changes it and is remembered, card and suit names, and no English
left in a German lobby."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.server.helpers import wait_until_finished
from wizardcards.server.meta import meta

from .conftest import DESKTOP, PHONE, watch_errors
from .helpers import ServerProcess, open_seat, seat_entry

I18N = Path(__file__).parents[2] / "src" / "wizardcards" / "server" / "web" / "i18n"
PLACE = re.compile(r"\{(\w+)\}")


def catalog(name: str) -> dict[str, object]:
    return json.loads((I18N / name).read_text(encoding="utf-8"))


def places(text: object) -> set[str]:
    """The {name} places of an entry (of every plural form)."""
    forms = text.values() if isinstance(text, dict) else [text]
    return {place for form in forms for place in PLACE.findall(str(form))}


# every catalog pair of the client: the app's (lobby, replay, score sheets, cards), the table's, the rules page's,
# the accounts' and the score pad's
PAIRS = [("app.en.json", "app.de.json"), ("table.en.json", "table.de.json"), ("rules.en.json", "rules.de.json"),
         ("account.en.json", "account.de.json"), ("en.json", "de.json"), ("profile.en.json", "profile.de.json")]


@pytest.mark.parametrize(("english", "german"), PAIRS)
def test_every_key_in_both_languages_with_the_same_places(english: str, german: str) -> None:
    en, de = catalog(english), catalog(german)
    assert sorted(set(en) - set(de)) == [], f"keys of {english} missing in {german}"
    assert sorted(set(de) - set(en)) == [], f"keys of {german} missing in {english}"
    for key, text in en.items():
        # a text takes the same values in both languages, or one of them shows a "{name}" or drops a number
        assert places(text) == places(de[key]), f"{key}: {places(text)} in English, {places(de[key])} in German"
        if isinstance(text, dict) or isinstance(de[key], dict):
            # a plural entry has the form every language falls back to
            assert isinstance(text, dict) and isinstance(de[key], dict) and "other" in text and "other" in de[key], key
        else:  # empty in German only where it is empty in English too (a place left blank on purpose)
            assert str(de[key]).strip() or not str(text).strip(), f"{key} is empty in {german}"


def test_every_option_preset_and_bot_of_the_server_has_words_and_help() -> None:
    """The lobby's choices and the rules page come from GET /meta: each option, choice, preset and bot the server
    offers has its words in both languages, and each option and choice its explanation on the rules page."""
    info = meta()
    for lang in ("en", "de"):
        app, rules = catalog(f"app.{lang}.json"), catalog(f"rules.{lang}.json")
        wanted_app = [f"preset.{p['name']}{part}" for p in info["presets"] for part in ("", ".about")]
        wanted_app += [f"bot.{bot['spec']}" for bot in info["bots"]]
        wanted_help = []
        for option in info["options"]:
            wanted_app.append(f"option.{option['name']}")
            wanted_help.append(f"help.option.{option['name']}")
            if option["kind"] == "choice":
                wanted_help += [f"help.option.{option['name']}.{choice}" for choice in option["choices"]]
                if option["name"] != "rank_style":  # a rank style is shown as its own labels
                    wanted_app += [f"option.{option['name']}.{choice}" for choice in option["choices"]]
        assert [key for key in wanted_app if key not in app] == [], f"app.{lang}.json"
        assert [key for key in wanted_help if key not in rules] == [], f"rules.{lang}.json"


def english_leftovers(text: str) -> list[str]:
    """The English texts of the client's catalogs (those that differ in German, long enough to mean something) that
    appear in ``text``: what a German page must not show."""
    en = {**catalog("app.en.json"), **catalog("table.en.json"), **catalog("account.en.json")}
    de = {**catalog("app.de.json"), **catalog("table.de.json"), **catalog("account.de.json")}
    found = []
    for key, value in en.items():
        forms = value.values() if isinstance(value, dict) else [value]
        german = de.get(key)
        german_forms = set(german.values()) if isinstance(german, dict) else {german}
        for form in forms:
            if form in german_forms:
                continue
            for piece in PLACE.split(str(form))[::2]:  # the words between the {places}
                piece = piece.strip(" ,.:;()·–—…")
                if len(piece) >= 8 and " " in piece and piece in text:
                    found.append(f"{key}: {piece!r}")
    return found


@pytest.fixture
def context_in(browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """context_in("de-DE", viewport): a fresh browser profile whose browser language is ``locale``."""
    made: list[BrowserContext] = []

    def make(locale: str, viewport: dict[str, int] = DESKTOP) -> BrowserContext:
        context = browser.new_context(viewport=viewport, device_scale_factor=1, locale=locale)
        context.set_default_timeout(20_000)
        context.add_init_script("localStorage.setItem('wizardcards.speed', JSON.stringify('off'))")
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()


def open_lobby(page: Page, server: ServerProcess) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#create-title")


def test_english_browser_gets_english_and_german_browser_german(
    server: ServerProcess, context_in: Callable[..., BrowserContext], screenshot
) -> None:
    english = watch_errors(context_in("en-US").new_page())
    open_lobby(english, server)
    expect(english.locator("html")).to_have_attribute("lang", "en")
    expect(english.locator("#create-title")).to_have_text("New table")
    expect(english.locator("#btn-create")).to_have_text("Create table")
    expect(english.locator(".language-select")).to_have_value("en")

    german = watch_errors(context_in("de-DE").new_page())
    open_lobby(german, server)
    expect(german.locator("html")).to_have_attribute("lang", "de")
    expect(german.locator("#create-title")).to_have_text("Neuer Tisch")
    expect(german.locator("#btn-create")).to_have_text("Tisch eröffnen")
    expect(german.locator("label[for=your-name]")).to_have_text("Dein Name")
    expect(german.locator("#seat-kind-1 option:checked")).to_have_text("Bot: Suche, Stufe 3")
    expect(german.locator("#players option:checked")).to_have_text("4 Spieler")
    expect(german.locator("#preset-note")).to_contain_text("Runden mit 1, 2, 3")
    german.click(".options-box summary")
    expect(german.locator("label[for=opt-hidden_bids]")).to_contain_text("Verdeckte Ansagen")
    # the German lobby shows the court cards as German decks print them (B D K A)
    expect(german.locator("#opt-rank_style option[value='2..A']")).to_have_text("2 3 4 5 6 7 8 9 10 B D K A")
    leftovers = english_leftovers(german.inner_text("body"))
    assert leftovers == [], leftovers
    # a browser that prefers a language we do not have, then German: German
    other = watch_errors(context_in("fr-FR").new_page())
    other.add_init_script("Object.defineProperty(navigator, 'languages', { get: () => ['fr-FR', 'de-AT', 'en'] })")
    open_lobby(other, server)
    expect(other.locator("html")).to_have_attribute("lang", "de")


def test_the_switch_changes_the_language_and_is_remembered(
    server: ServerProcess, context_in: Callable[..., BrowserContext]
) -> None:
    context = context_in("en-GB")
    page = watch_errors(context.new_page())
    open_lobby(page, server)
    expect(page.locator("#create-title")).to_have_text("New table")
    page.fill("#your-name", "Ann")
    with page.expect_navigation():
        page.select_option(".lobby-head .language-select", "de")
    page.wait_for_selector("#create-title")
    expect(page.locator("#create-title")).to_have_text("Neuer Tisch")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#your-name")).to_have_value("Ann")  # what was typed is kept (the saved name)
    # remembered on this device: another page of the same browser opens in German, although the browser is English
    again = watch_errors(context.new_page())
    open_lobby(again, server)
    expect(again.locator("#create-title")).to_have_text("Neuer Tisch")
    expect(again.locator(".language-select")).to_have_value("de")
    # and back
    with again.expect_navigation():
        again.select_option(".lobby-head .language-select", "en")
    again.wait_for_selector("#create-title")
    expect(again.locator("#create-title")).to_have_text("New table")
    # a German browser with English chosen stays English
    german_browser = context_in("de-DE")
    german_browser.add_init_script("localStorage.setItem('wizardcards.lang', 'en')")
    chosen = watch_errors(german_browser.new_page())
    open_lobby(chosen, server)
    expect(chosen.locator("#create-title")).to_have_text("New table")


def test_one_choice_for_the_lobby_and_the_score_pad(
    server: ServerProcess, context_in: Callable[..., BrowserContext]
) -> None:
    context = context_in("en-GB")
    page = watch_errors(context.new_page())
    open_lobby(page, server)
    with page.expect_navigation():
        page.select_option(".lobby-head .language-select", "de")
    page.goto(server.url + "/pad")  # German chosen in the lobby: the pad is German too
    expect(page.locator("#pad-lang")).to_have_value("de")
    expect(page.locator("h1")).to_have_text("Spielblock")
    page.select_option("#pad-lang", "en")  # and English chosen on the pad: the lobby is English again
    expect(page.locator("h1")).to_have_text("Score pad")
    open_lobby(page, server)
    expect(page.locator("#create-title")).to_have_text("New table")


def test_card_and_suit_names_in_german(server: ServerProcess, context_in: Callable[..., BrowserContext]) -> None:
    """cards.js gives the table its words: Zauberer and Narr, Kreuz Karo Herz Pik, Herz-Dame, B D K A on the faces."""
    page = watch_errors(context_in("de-DE").new_page())
    open_lobby(page, server)
    names = page.evaluate("""async () => {
        const cards = await import('/static/js/cards.js');
        const face = (card) => cards.cardSvg(card, '2..A').textContent;
        return {
          suits: cards.SUITS.map((suit) => suit.name),
          wizard: cards.cardName(52, '2..A'), jester: cards.cardName(57, '2..A'),
          queen: cards.cardName(2 * 13 + 10, '2..A'), ten: cards.cardName(8, '2..A'),
          short: cards.cardShort(3 * 13 + 9, '2..A'), ace: cards.rankLabel(12, '2..A'),
          wizardFace: face(52), jesterFace: face(56), kingOf113: cards.rankLabel(12, '1..13'),
        };
    }""")
    assert names == {
        "suits": ["Kreuz", "Karo", "Herz", "Pik"], "wizard": "Zauberer", "jester": "Narr",
        "queen": "Herz-Dame", "ten": "Kreuz-10", "short": "B\u2660", "ace": "A",
        "wizardFace": "ZZAUBERER", "jesterFace": "NARR", "kingOf113": "K",
    }
    english = watch_errors(context_in("en-GB").new_page())
    open_lobby(english, server)
    words = english.evaluate("""async () => {
        const cards = await import('/static/js/cards.js');
        return [cards.SUITS.map((suit) => suit.name).join(' '), cards.cardName(2 * 13 + 10, '2..A'),
                cards.cardShort(3 * 13 + 9, '2..A'), cards.cardName(52, '2..A'), cards.cardName(57, '2..A')];
    }""")
    assert words == ["Clubs Diamonds Hearts Spades", "Queen of Hearts", "J\u2660", "Wizard", "Jester"]


def test_screenshots_of_the_lobby_in_both_languages(
    server: ServerProcess, context_in: Callable[..., BrowserContext], screenshot
) -> None:
    for locale, lang in (("en-GB", "en"), ("de-DE", "de")):
        for viewport, kind in ((DESKTOP, "desktop"), (PHONE, "phone")):
            page = watch_errors(context_in(locale, viewport).new_page())
            open_lobby(page, server)
            expect(page.locator("html")).to_have_attribute("lang", lang)
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= viewport["width"], f"{lang} {kind}: the page is {width} px wide"
            screenshot(page, f"lobby-{kind}-{lang}", full_page=True)


def finished_bot_game(server: ServerProcess, body: dict[str, Any], timeout: float) -> dict[str, Any]:
    """A table of bots only, created and played to its end (in the background, at once: nobody watches it)."""
    table = server.post("/tables", body)
    return wait_until_finished(lambda path: httpx.get(server.url + path, timeout=20), table["id"], timeout)


def test_a_replay_in_german(server: ServerProcess, context_in: Callable[..., BrowserContext], screenshot) -> None:
    bots = [{"name": name, "bot": "rulebased"} for name in ("Merlin", "Morgana", "Circe")]
    one_round = {"schedule": "custom", "custom_hand_sizes": [2]}
    table = finished_bot_game(server, {"seats": bots, "players": 3, "options": one_round}, 30)
    page = watch_errors(context_in("de-DE").new_page())
    page.goto(f"{server.url}/replay/{table['id']}")
    expect(page.locator(".replay-screen .game-info strong")).to_have_text("Wiederholung: Wizard")
    expect(page.locator("#step-text")).to_contain_text("Schritt 0 von")
    expect(page.locator("#step-text")).to_contain_text("Das Austeilen")
    page.click("#replay-next")
    expect(page.locator("#step-text")).to_contain_text("sagt")  # "Circe sagt 1 an": a Wizard bid
    page.keyboard.press("End")
    expect(page.locator(".replay-table .game-info")).to_contain_text("Spielende")
    expect(page.locator("#replay-seats")).to_contain_text("Geber")
    expect(page.locator(".sheet thead th").first).to_have_text("Runde")
    for value in page.locator(".ranking .rank-value").all_inner_texts():
        assert re.fullmatch(r"-?\d+ Punkte?", value), value
    text = page.inner_text("body")
    assert english_leftovers(text) == [], english_leftovers(text)
    # the rules of the replayed game are one click away, in German
    page.click("#btn-rules-help")
    expect(page.locator("#rules-help-title")).to_have_text("Regeln: Wizard")
    expect(page.locator("#help-this-table h3")).to_have_text("Die Regeln dieses Tisches (3 Spieler)")
    page.keyboard.press("Escape")
    screenshot(page, "replay-desktop-de")


def test_a_wily_replay_in_german(server: ServerProcess, context_in: Callable[..., BrowserContext]) -> None:
    bots = [{"name": name, "bot": "rulebased"} for name in ("Merlin", "Morgana", "Circe", "Nimue")]
    table = finished_bot_game(server, {"seats": bots, "game": "wily", "preset": "wily", "players": 4}, 90)
    page = watch_errors(context_in("de-DE").new_page())
    page.goto(f"{server.url}/replay/{table['id']}")
    expect(page.locator(".replay-screen .game-info strong")).to_have_text("Wiederholung: Wily Wizards")
    page.keyboard.press("End")
    sheet = page.locator(".sheet")
    expect(sheet.locator("thead th")).to_have_text(["Hand", "Gebot", "Team A", "Team B"])
    expect(sheet.locator("tbody tr").first.locator("td").first).to_have_text(
        re.compile(r"^(\w+ \d+, (Kreuz|Karo|Herz|Pik|kein Trumpf)|eingeworfen \(alle haben gepasst\))$"))
    expect(sheet).to_contain_text("+1 Buchstabe")
    assert re.search(r"\d+ Stiche?", sheet.inner_text())
    expect(page.locator("#replay-seats")).to_contain_text("Team A, Stiche")
    text = page.inner_text("body")
    assert english_leftovers(text) == [], english_leftovers(text)
    page.click("#btn-rules-help")
    expect(page.locator("#rules-help-title")).to_have_text("Regeln: Wily Wizards")
    assert page.inner_text("#help-this-table li[data-option='mode'] strong") == "Partner gegenüber"
    expect(page.locator("#help-this-table li[data-option='passing']")).to_have_count(0)  # partners pass to each other


def test_the_table_menu_switches_the_language_and_opens_the_rules(
    server: ServerProcess, context_in: Callable[..., BrowserContext]
) -> None:
    """The language switch and the rules page are reachable from a table's menu; the switch keeps the seat (the
    token in the address) and the table comes back in the other language."""
    bots = [{"name": name, "bot": "rulebased"} for name in ("Merlin", "Morgana")]
    table = server.post("/tables", {"seats": [{"name": "Ann", "claimed": True}, *bots], "players": 3,
                                    "preset": "hook", "options": {"schedule": "custom", "custom_hand_sizes": [3]}})
    page = watch_errors(context_in("en-GB").new_page())
    open_seat(page, server, seat_entry(table, 0), "Ann")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.click("#table-menu summary")
    page.click("#table-menu #btn-rules")
    expect(page.locator("#rules-help-title")).to_have_text("Rules: Wizard")
    bid_rule = page.inner_text("#help-this-table li[data-option='bid_rule'] strong")
    assert bid_rule == "Hook: dealer may not make bids add up"
    assert page.inner_text("#help-this-table li[data-option='custom_hand_sizes'] strong") == "3"
    page.keyboard.press("Escape")
    expect(page.locator("#rules-help")).to_have_count(0)
    address = page.url
    if not page.locator("#table-menu").evaluate("el => el.open"):
        page.click("#table-menu summary")
    with page.expect_navigation():
        page.select_option("#table-menu .language-select", "de")
    page.wait_for_selector(".table-screen[data-seq]")
    assert page.url == address  # the same seat
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#game-info")).to_contain_text("Runde 1 von 1")
    page.click("#table-menu summary")
    page.click("#table-menu #btn-rules")
    expect(page.locator("#rules-help-title")).to_have_text("Regeln: Wizard")
