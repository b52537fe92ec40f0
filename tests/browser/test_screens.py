"""How the table looks: the cards of both rank styles, and a table at phone and desktop size mid-game with the
animations on (a finished trick stays on the table, marked with its winner, before it goes to them)."""

from __future__ import annotations

from collections.abc import Callable

import httpx
from playwright.sync_api import BrowserContext, Page, expect

from .conftest import DESKTOP, PHONE, watch_errors
from .helpers import ServerProcess, click_card, create_table, open_seat, seq, wait_seq_past, wait_turn_or_end

GALLERY = """async (style) => {
    const cards = await import('/static/js/cards.js');
    const box = document.createElement('div');
    box.id = 'gallery';
    box.style.cssText = 'display:grid;grid-template-columns:repeat(13,56px);gap:4px;padding:8px;background:#1d5a44';
    for (let id = 0; id < 60; id += 1) {
        const cell = document.createElement('div');
        cell.dataset.card = id;
        cell.setAttribute('aria-label', cards.cardName(id, style));
        cell.append(cards.cardSvg(id, style));
        box.append(cell);
    }
    document.body.replaceChildren(box);
    return [...box.children].map((cell) => [cell.getAttribute('aria-label'), cell.textContent]);
}"""


def test_cards_of_both_rank_styles(server: ServerProcess, page: Page, screenshot) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#your-name")  # the lobby is drawn once GET /meta (and the rank labels) arrived
    # (rank index, label) as the core's card faces show them: the same card is "A" in one style and "K" in the other,
    # and the ten is "10" on a 2..A face (the notation's "T" is for text) and "X" in the 1..13 style
    styles = {"2..A": {12: "A", 8: "10", 11: "K", 0: "2"}, "1..13": {12: "K", 9: "X", 10: "J", 11: "Q", 0: "1"}}
    core = httpx.get(server.url + "/meta", timeout=20).json()["rank_labels"]
    for style, labels in styles.items():
        cards = page.evaluate(GALLERY, style)
        names = [name for name, _ in cards]
        texts = [text for _, text in cards]
        assert len(set(names[:52])) == 52  # every suited card has its own name
        assert names[12] == ("Ace of Clubs" if style == "2..A" else "13 of Clubs")
        assert names[13 + 8] == ("10 of Diamonds" if style == "2..A" else "9 of Diamonds")
        assert names[52:56] == ["Wizard"] * 4 and names[56:] == ["Jester"] * 4
        # the rank is written in both corners and the middle; Wizards and Jesters say what they are
        for rank, label in labels.items():
            for suit in range(4):
                assert texts[13 * suit + rank] == label * 3, (style, rank, texts[13 * suit + rank])
        assert [text[: len(text) // 3] for text in texts[:13]] == core[style]  # one definition: the core's
        assert all("WIZARD" in text for text in texts[52:56]) and all("JESTER" in text for text in texts[56:])
        screenshot(page, f"cards-{style.replace('..', '-')}")


def test_table_at_phone_and_desktop_size(
    server: ServerProcess, new_context: Callable[..., BrowserContext], screenshot
) -> None:
    bots = [{"name": name, "bot": "rulebased"} for name in ("Merlin", "Morgana", "Circe")]
    # ranks written 1..13 (the extended-suits preset), six cards a hand: a full hand and a trick to look at
    table = create_table(server, [{"name": "Ann", "claimed": True}, *bots], preset="extended-suits",
                         options={"schedule": "custom", "custom_hand_sizes": [6]}, turn_seconds=120)
    page = watch_errors(new_context(viewport=DESKTOP, speed="normal").new_page())
    open_seat(page, server, table["seats"][0], "Ann")
    labels = page.eval_on_selector_all("#hand .card", "els => els.map(e => e.getAttribute('aria-label'))")
    assert len(labels) == 6 and not any(" of " in label and label.split(" of ")[0] in "JQKA" for label in labels)
    # on the cards the ranks are written as the core writes them, one character each: 1..9, X, J, Q, K
    texts = page.eval_on_selector_all("#hand .card .card-svg", "els => els.map(e => e.textContent)")
    suited = [text for text in texts if "WIZARD" not in text and "JESTER" not in text]
    assert len(texts) == 6 and all(text == text[0] * 3 and text[0] in "123456789XJQK" for text in suited), texts

    shots = 0
    while wait_turn_or_end(page) != "game_over" and shots < 2:
        before = seq(page)
        if page.locator("#controls button.bid:not([disabled])").count():
            page.locator("#controls button.bid:not([disabled])").first.click()
        elif page.locator("#controls button.suit-choice:not([disabled])").count():
            page.locator("#controls button.suit-choice:not([disabled])").first.click()
        else:
            if shots == 0:  # Ann's turn to play, her playable cards raised, the timer running
                expect(page.locator("#timer")).to_contain_text(":")
                screenshot(page, "table-desktop")
                page.set_viewport_size(PHONE)
                page.wait_for_timeout(100)
                screenshot(page, "table-phone")
                page.set_viewport_size(DESKTOP)
            click_card(page, "#hand .card.playable")
            # the trick, once complete, stays a moment with its winner marked
            page.wait_for_selector("#trick.complete .slot.winner")
            expect(page.locator("#centre-note")).to_contain_text("the trick")
            shots += 1
            if shots == 1:
                screenshot(page, "table-desktop-trick-won")
            else:
                page.set_viewport_size(PHONE)
                screenshot(page, "table-phone-trick-won")
                page.set_viewport_size(DESKTOP)
            continue
        wait_seq_past(page, before)
    assert shots == 2
    assert page.script_errors == []  # type: ignore[attr-defined]
