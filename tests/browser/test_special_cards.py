"""A whole 4-player game with all seven special cards (preset ``anniversary-2021``) against three rule-based bots,
created in the lobby and played by clicking to the final score sheet, taking every new decision the cards ask for
when it comes: the Juggler's and the Cloud's suit, the Shapeshifter's part, the Werewolf's trump, the Juggler's
pass and the Cloud's +1 / -1. Each new choice is photographed the first time it comes, on a desktop and on a phone,
in English and in German (the page is reloaded in the other language at that very decision, as a person switching
would). The deal is the server's (a random seed): a choice the whole game did not bring to this seat (the Werewolf
or the Cloud's trick may never come to it) is sought in one-hand tables of 16 cards until it comes."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import DESKTOP, PHONE
from .helpers import (
    ServerProcess,
    click_card,
    create_table,
    open_seat,
    phase,
    seat_entry,
    seq,
    wait_seq_past,
    wait_turn_or_end,
)

SPECIAL_CARDS = {60: "dragon", 61: "fairy", 62: "bomb", 63: "werewolf", 64: "juggler", 65: "cloud",
                 66: "shapeshifter"}
ANN = 0
CHOICES = ("juggler", "cloud", "shapeshifter", "werewolf", "juggle", "cloud_change")
WORDS = {  # a word each choice's controls show, per language: the screenshot shows the page in that language
    "en": {"juggler": "The Juggler", "cloud": "The Cloud", "shapeshifter": "The Shapeshifter",
           "werewolf": "The Werewolf", "juggle": "The Juggler", "cloud_change": "The Cloud"},
    "de": {"juggler": "Der Jongleur", "cloud": "Die Wolke", "shapeshifter": "Der Gestaltwandler",
           "werewolf": "Der Werwolf", "juggle": "Der Jongleur", "cloud_change": "Die Wolke"},
}


class Player:
    """Ann's page: takes each decision by clicking, and photographs each new choice the first time it comes."""

    def __init__(self, page: Page, screenshot: Callable[..., Path]) -> None:
        self.page = page
        self.screenshot = screenshot
        self.seen: dict[str, int] = {}  # choice -> times taken
        self.shots: list[Path] = []

    def photograph(self, choice: str, redo: Callable[[], None]) -> None:
        """Desktop and phone, English and German, of the choice on screen now; ``redo`` brings it back after a
        reload (a clicked card's question is this page's, not the server's)."""
        page = self.page
        for language in ("en", "de"):
            if language == "de":
                page.evaluate("localStorage.setItem('wizardcards.lang', 'de')")
                page.reload()
                page.wait_for_selector(".table-screen[data-my-turn='yes']")
                redo()
            expect(page.locator("#controls")).to_contain_text(WORDS[language][choice])
            for viewport, where in ((DESKTOP, "desktop"), (PHONE, "phone")):
                page.set_viewport_size(viewport)
                page.wait_for_timeout(150)  # the layout follows the resize
                self.shots.append(self.screenshot(page, f"special-{choice}-{where}-{language}"))
            page.set_viewport_size(DESKTOP)
        page.evaluate("localStorage.setItem('wizardcards.lang', 'en')")
        page.reload()
        page.wait_for_selector(".table-screen[data-my-turn='yes']")
        redo()

    def note(self, choice: str, redo: Callable[[], None]) -> None:
        if choice not in self.seen:
            self.photograph(choice, redo)
        self.seen[choice] = self.seen.get(choice, 0) + 1

    def turn(self) -> str:
        """Take this page's decision; returns the phase it was taken in."""
        page = self.page
        current = phase(page)
        before = seq(page)
        controls = page.locator("#controls")
        if current in ("werewolf", "choose_trump"):
            if current == "werewolf":
                self.note("werewolf", lambda: None)
                # the card the Werewolf's holder took is in the hand; the trump card is the Werewolf
                expect(page.locator("#trump .mini-card")).to_have_attribute("aria-label", re.compile("Werewolf"))
            controls.locator("button.suit-choice:not([disabled])").first.click()
        elif current == "cloud":
            self.note("cloud_change", lambda: None)
            buttons = controls.locator("button.cloud-change:not([disabled])")
            assert 1 <= buttons.count() <= 2
            hand = page.inner_text("#game-info")
            buttons.first.click()
            wait_seq_past(page, before)
            # the same hand goes on (not the game's end, not the next deal): Ann's box shows the change
            if page.inner_text("#game-info") == hand and phase(page) in ("play", "juggle"):
                expect(page.locator(f"#seats [data-seat='{ANN}'] .bid-change")).to_have_text(re.compile(r"\(☁[+−]1\)"))
            return current
        elif current == "juggle":
            hand = page.locator("#hand .card")
            target = hand.first.get_attribute("data-card")

            def choose() -> None:
                click_card(page, f"#hand .card[data-card='{target}']")
                expect(page.locator("#btn-juggle")).to_be_enabled()

            choose()
            self.note("juggle", choose)
            page.click("#btn-juggle")
        elif current == "bid":
            controls.locator("button.bid:not([disabled])").first.click()
        else:
            assert current == "play", current
            self.play_a_card()
        wait_seq_past(page, before)
        return current

    def play_a_card(self) -> None:
        """A special card when one is playable (so that their choices come), else the first playable card; but
        with the Cloud in the trick, the Dragon or a Wizard if Ann holds one (to win the Cloud's trick and change
        her bid); a Cloud of Ann's names trump (the likelier to win its trick)."""
        page = self.page
        playable = page.locator("#hand .card.playable")
        cards = [int(card) for card in playable.evaluate_all("(cards) => cards.map((c) => c.dataset.card)")]
        trick = [int(card) for card in page.locator("#trick .slot.played").evaluate_all(
            "(slots) => slots.map((s) => s.dataset.card)")]
        winners = [card for card in cards if card == 60 or 52 <= card <= 55]
        specials = [card for card in cards if card in SPECIAL_CARDS]
        # a card whose choice has not come yet first: a Juggler behind other special cards in a hand may otherwise
        # never be Ann's to play before the hand ends
        # (the Cloud also while its change has not come: a Cloud of Ann's names trump, the likelier to win its trick)
        unseen = {choice for choice in CHOICES if choice not in self.seen}
        if "cloud_change" in unseen:
            unseen.add("cloud")
        wanted = [card for card in specials if SPECIAL_CARDS[card] in unseen]
        special = wanted[0] if wanted else None
        if special is None and specials:
            special = specials[0]
        if winners and any(71 <= card <= 74 for card in trick):
            card = winners[0]
        else:
            card = special if special is not None else cards[0]

        def click() -> None:
            click_card(page, f"#hand .card[data-card='{card}']")

        click()
        name = SPECIAL_CARDS.get(card)
        if name in ("juggler", "cloud", "shapeshifter"):
            choice = page.locator("#controls .special-choice")
            expect(choice).to_be_visible()
            buttons = choice.locator("button[data-action]")
            assert buttons.count() == (2 if name == "shapeshifter" else 4)
            self.note(name, lambda: (click(), expect(page.locator("#controls .special-choice")).to_be_visible()))
            buttons = page.locator("#controls .special-choice button[data-action]")
            trump = page.inner_text("#trump")
            named = [k for k in range(buttons.count()) if buttons.nth(k).inner_text().strip() in trump]
            buttons.nth(named[0] if name == "cloud" and named else buttons.count() - 1).click()


def play_to_the_end(player: Player, limit: int) -> list[str]:
    taken: list[str] = []
    while wait_turn_or_end(player.page) != "game_over":
        taken.append(player.turn())
        assert len(taken) < limit, "the game does not end"
    return taken


def test_a_whole_game_with_all_seven_special_cards(server: ServerProcess, page: Page, screenshot) -> None:
    started = time.monotonic()
    page.goto(server.url + "/")
    page.fill("#your-name", "Ann")
    page.select_option("#preset", "anniversary-2021")
    expect(page.locator("#preset-note")).to_contain_text("Shapeshifter")
    # the lobby offers only the bots that play the special cards (the search bot among them), and hints as anywhere
    offered = page.locator("#seat-kind-1 option").evaluate_all("(options) => options.map((o) => o.value)")
    assert offered == ["human", "open", "rulebased", "random", *(f"search:level={n}" for n in range(1, 6))], offered
    expect(page.locator("#hints")).to_be_enabled()
    expect(page.locator("#hints")).to_be_checked()
    page.click(".options-box summary")
    boxes = page.locator("#opt-special_cards input[type=checkbox]")
    expect(boxes).to_have_count(6)  # the Dragon and the Fairy in one box
    assert all(boxes.nth(k).is_checked() for k in range(6))
    expect(page.locator("#special-note")).to_contain_text("an operator's engine plays only if it said it knows them")
    page.locator("#opt-special_cards").scroll_into_view_if_needed()
    screenshot(page, "special-lobby-desktop-en")
    # unticking every card gives the other bots back; ticking the Bomb alone takes them away again
    for k in range(6):
        boxes.nth(k).uncheck()
    assert "search:level=3" in page.locator("#seat-kind-1 option").evaluate_all("(o) => o.map((x) => x.value)")
    expect(page.locator("#special-note")).to_have_text("")
    page.check("#opt-special_cards-bomb")
    expect(page.locator("#hints")).to_be_enabled()
    expect(page.locator("#seat-kind-1 option[value='search:level=3']")).to_have_count(1)
    page.select_option("#preset", "anniversary-2021")  # the preset's seven again
    # the rules page explains each card, the table's marked
    page.click("#btn-rules-help")
    help_cards = page.locator("#rules-help .help-cards li")
    expect(help_cards).to_have_count(7)
    expect(help_cards.filter(has_text="Beats every other card")).to_have_attribute("data-card", "dragon")
    expect(page.locator("#rules-help .help-cards li.chosen")).to_have_count(7)
    expect(page.locator("#help-this-table li[data-option='special_cards'] strong")).to_have_text(
        "Dragon, Fairy, Bomb, Werewolf, Juggler, Cloud, Shapeshifter")
    page.locator("#rules-help .help-cards").scroll_into_view_if_needed()
    screenshot(page, "special-rules-help-desktop-en")
    page.keyboard.press("Escape")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-kind-{seat}", "rulebased")
    page.click("#btn-create")
    page.wait_for_url(re.compile(r"/play#token=[\w-]+$"))
    page.wait_for_selector(".table-screen[data-status='playing']")
    expect(page.locator("#game-info")).to_contain_text("Round 1 of 16")  # 67 cards / 4 players

    player = Player(page, screenshot)
    taken = play_to_the_end(player, 400)
    assert taken.count("bid") == 16
    summary = page.locator("#summary")
    expect(summary).to_be_visible()
    table_id = summary.locator("a[href^='/replay/']").get_attribute("href").rsplit("/", 1)[1]
    final = server.get(f"/tables/{table_id}")
    assert final["status"] == "finished" and final["rules"]["special_cards"] == list(SPECIAL_CARDS.values())
    rows = page.locator("#sheet table.sheet tbody tr")
    expect(rows).to_have_count(16)
    assert [int(t) for t in rows.nth(15).locator("td .total").all_inner_texts()] == final["scores"]
    screenshot(page, "special-game-over-desktop-en")

    # the replay steps through the special cards as well: the first Juggler played, written with its suit
    actions = server.get(f"/tables/{table_id}/record")["actions"]
    juggler = next(number for number, action in enumerate(actions) if 90 <= action <= 93)
    page.goto(f"{server.url}/replay/{table_id}")
    expect(page.locator("#step-text")).to_contain_text("The deal")
    page.locator("#replay-next").focus()
    for _ in range(juggler + 1):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#step-text")).to_contain_text(f"Step {juggler + 1} of ")
    expect(page.locator("#step-text")).to_contain_text(re.compile(r"plays Juggler [♣♦♥♠]"))
    screenshot(page, "special-replay-juggler-desktop-en")

    # the choices this deal did not bring to Ann: one-hand tables of 16 cards until each has come
    for _ in range(40):  # up to 40 one-hand tables, stopping once every choice has come
        missing = [choice for choice in CHOICES if choice not in player.seen]
        if not missing:
            break
        table = create_table(server, [{"name": "Ann", "claimed": True},
                                      *({"name": f"Bot {n}", "bot": "rulebased"} for n in (1, 2, 3))],
                             preset="anniversary-2021", players=4,
                             options={"schedule": "custom", "custom_hand_sizes": [16]})
        open_seat(page, server, seat_entry(table, 0), name="Ann")
        page.wait_for_selector(".table-screen[data-status='playing']")
        play_to_the_end(player, 60)
    assert set(CHOICES) <= set(player.seen), player.seen

    # the lobby's boxes and the rules page in German, on a phone
    page.set_viewport_size(PHONE)
    page.goto(server.url + "/")
    page.evaluate("localStorage.setItem('wizardcards.lang', 'de')")
    page.reload()
    page.select_option("#preset", "anniversary-2021")
    page.click(".options-box summary")
    expect(page.locator("#opt-special_cards")).to_contain_text("Drache & Fee")
    expect(page.locator("#opt-special_cards")).to_contain_text("Gestaltwandler")
    # each box's name on its line inside the form, none squeezing its checkbox (Gestaltwandler ran past the edge)
    boxes = page.evaluate("""() => { const field = document.querySelector('#opt-special_cards').getBoundingClientRect();
      return [...document.querySelectorAll('#opt-special_cards label.check')].map((label) => {
        const r = label.getBoundingClientRect(); const box = label.querySelector('input').getBoundingClientRect();
        return { text: label.textContent.trim(), inside: r.left >= field.left - 1 && r.right <= field.right + 1,
          fits: label.scrollWidth <= label.clientWidth + 1, box: box.width }; }); }""")
    assert len(boxes) == 6 and all(b["inside"] and b["fits"] and b["box"] >= 18 for b in boxes), boxes
    page.locator("#opt-special_cards").scroll_into_view_if_needed()
    screenshot(page, "special-lobby-phone-de")
    page.click("#btn-rules-help")
    expect(page.locator("#rules-help .help-cards li[data-card='werewolf']")).to_contain_text("Werwolf")
    page.locator("#rules-help .help-cards").scroll_into_view_if_needed()
    screenshot(page, "special-rules-help-phone-de")
    assert len(player.shots) == 4 * len(CHOICES)
    assert page.script_errors == []  # type: ignore[attr-defined]
    assert time.monotonic() - started < 900
