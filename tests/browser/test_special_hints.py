"""Hints at a table with all seven special cards (preset ``anniversary-2021``), and the hand's summary there: Ann
plays one-hand tables of 16 cards against three rule-based bots, asks for a hint at each of her decisions and
follows it. The hint's box must name the server's values (the search bot's analysis, received over the page's
WebSocket) for the choices the page offers: the best three of a play or of the Juggler's pass, each offered choice at
the Werewolf's trump and the Cloud's +1 / -1, and each suit (or part) of a Juggler, Cloud or Shapeshifter once it is
clicked; a special card's play named in its words ("Juggler ♥", "Shapeshifter as Jester"). At the hand's end (kept
open: *Keep the summary until I close it*) a bid the Cloud changed is marked as on the score sheet (0→1 ☁), the
Bomb's trick won by nobody said. The deal is the server's: tables are dealt until Ann has seen a special card's
choice hinted, a special card's play named by a hint and a Cloud's change in a summary.

Screenshots: ``special-hint-choice-<desktop/phone>-<en/de>`` (the page reloaded in German at that very choice),
``special-hint-<werewolf/cloud_change/juggle>-desktop-en`` where the deal brings them, ``special-summary-cloud-
<desktop-en/phone-de>``."""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from .conftest import DESKTOP, PHONE, watch_errors
from .helpers import FrameLog, ServerProcess, click_card, create_table, open_seat, seat_entry, seq, wait_seq_past

SUITS = "♣♦♥♠"
NAMES = {"en": {60: "Dragon", 61: "Fairy", 62: "Bomb", 63: "Werewolf", 64: "Juggler", 65: "Cloud", 66: "Shapeshifter",
                "as": "{card} as {part}", "wizard": "Wizard", "jester": "Jester", "hint": "Hint:"},
         "de": {60: "Drache", 61: "Fee", 62: "Bombe", 63: "Werwolf", 64: "Jongleur", 65: "Wolke", 66: "Gestaltwandler",
                "as": "{card} als {part}", "wizard": "Zauberer", "jester": "Narr", "hint": "Tipp:"}}
CHOOSING = (64, 65, 66)  # the Juggler, the Cloud, the Shapeshifter: their play asks for a suit or a part
WANTED = {"choice", "special_play", "cloud_summary"}


def special_text(action: int, language: str = "en") -> str | None:
    """What the hint's box calls a special card's action (83..99: its play or its gift), None for another action."""
    words = NAMES[language]
    if not 83 <= action < 100:
        return None
    form = action - 23
    if 67 <= form < 75:  # a Juggler or Cloud naming a suit
        return f"{words[64 if form < 71 else 65]} {SUITS[(form - 67) % 4]}"
    if form in (75, 76):
        return words["as"].format(card=words[66], part=words["wizard" if form == 75 else "jester"])
    return str(words[form])


def card_of(action: int) -> list[int]:
    """The hand's cards an action plays or gives (a Wizard's action any Wizard ...)."""
    if action < 52:
        return [action]
    if action == 52:
        return [52, 53, 54, 55]
    if action == 53:
        return [56, 57, 58, 59]
    form = action - 23
    if 67 <= form < 71:
        return [64]
    if 71 <= form < 75:
        return [65]
    if form in (75, 76):
        return [66]
    return [form]


class Ann:
    """Ann's page: asks for a hint at each decision, checks the box against the server's answer, follows it."""

    def __init__(self, page: Page, frames: FrameLog, screenshot: Callable[..., Path]) -> None:
        self.page = page
        self.frames = frames
        self.screenshot = screenshot
        self.seen: set[str] = set()
        self.shots: list[Path] = []

    def last(self, kind: str) -> dict[str, Any]:
        return next(m for m in reversed(self.frames.messages()) if m["type"] == kind)

    def ask(self) -> list[dict[str, Any]]:
        """Ask for a hint; the server's values once the box shows them."""
        page = self.page
        asked = sum(1 for m in self.frames.messages() if m["type"] == "hint")
        page.click("#btn-hint")
        expect(page.locator("#hint-box")).to_be_visible()
        deadline = time.monotonic() + 10  # the page drew it: Playwright's record of the frame follows at once
        while len(hints := [m for m in self.frames.messages() if m["type"] == "hint"]) <= asked:
            assert time.monotonic() < deadline, "the hint drawn was never received"
            page.wait_for_timeout(50)
        hint = hints[-1]
        assert hint["seq"] == seq(page), (hint["seq"], seq(page))
        return hint["values"]  # type: ignore[no-any-return]

    def named(self) -> list[int]:
        return [int(a) for a in (self.page.get_attribute("#hint-box", "data-actions") or "").split()]

    def check_box(self, values: list[dict[str, Any]], offered: list[int] | None, every: bool) -> list[int]:
        """The box names the server's values, best first, for the ``offered`` actions only (None: all of them): each
        of them with ``every``, else the best three; a special card's action in its words."""
        ranked = [v["action"] for v in values if offered is None or v["action"] in offered]
        expected = ranked if every else ranked[:3]
        named = self.named()
        assert named == expected, (named, expected, values)
        text = self.page.inner_text("#hint-box")
        assert text.startswith("Hint:"), text
        for k, action in enumerate(expected):
            entry = next(v for v in values if v["action"] == action)
            points = math.floor(entry["value"] + 0.5)  # as Math.round rounds: halves up
            # the best with its value in words; the others too, or short where every choice is named
            worth = f"about {points} points on average" if k == 0 or not every else f"about {points})"
            words = special_text(action)
            assert worth in text, (entry, worth, text)
            if words is not None:
                assert f"{words} {'looks best ' if k == 0 else ''}({worth}" in text, (words, worth, text)
        overall = self.page.get_attribute("#hint-box", "data-overall")
        if offered is not None and values[0]["action"] not in offered and self.phase() == "play":
            # another card is better than each of the clicked card's choices: the box says so
            assert overall == str(values[0]["action"]), (overall, values[0])
            assert "Best of all: " in text, text
        else:
            assert not overall and "Best of all" not in text, (overall, text)
        return named

    def phase(self) -> str:
        return self.page.get_attribute(".table-screen", "data-phase") or ""

    def photograph(self, name: str, redo: Callable[[], None], languages: tuple[str, ...] = ("en", "de"),
                   where: tuple[str, ...] = ("desktop", "phone")) -> None:
        """The decision on screen with its hint, in each language (reloaded in German at that very decision: the
        hint asked again, ``redo`` brings back a clicked card's question), desktop and phone."""
        page = self.page
        for language in languages:
            if language != "en":
                self.reload(language)
                self.ask()
                redo()
                expect(page.locator("#hint-box")).to_contain_text(NAMES[language]["hint"])
            for viewport, label in ((DESKTOP, "desktop"), (PHONE, "phone")):
                if label not in where:
                    continue
                page.set_viewport_size(viewport)
                page.wait_for_timeout(150)  # the layout follows the resize
                page.locator("#hint-box").scroll_into_view_if_needed()
                self.shots.append(self.screenshot(page, f"special-hint-{name}-{label}-{language}"))
            page.set_viewport_size(DESKTOP)
        if languages != ("en",):
            self.reload("en")
            self.ask()
            redo()

    def reload(self, language: str) -> None:
        page = self.page
        page.evaluate(f"localStorage.setItem('wizardcards.lang', {json.dumps(language)})")
        page.reload()
        page.wait_for_selector(".table-screen[data-my-turn='yes']")

    def turn(self) -> None:
        page = self.page
        current = page.get_attribute(".table-screen", "data-phase")
        before = seq(page)
        values = self.ask()
        best = values[0]["action"]
        controls = page.locator("#controls")
        if current in ("werewolf", "cloud"):
            buttons = controls.locator("button.suit-choice:not([disabled])" if current == "werewolf"
                                       else "button.cloud-change:not([disabled])")
            offered = [int(a) for a in buttons.evaluate_all("(bs) => bs.map((b) => b.dataset.action)")]
            assert sorted(offered) == sorted(v["action"] for v in values)  # every legal choice, no other
            self.check_box(values, offered, every=True)
            if current == "cloud":
                assert re.search(r"the Cloud's [+−]1 \(bid \d+\)", page.inner_text("#hint-box"))
            expect(controls.locator(f"button[data-action='{best}']")).to_have_class(re.compile("hinted"))
            if current not in self.seen:
                self.seen.add(current)
                self.photograph("cloud_change" if current == "cloud" else "werewolf", lambda: None, ("en",),
                                ("desktop",))
            controls.locator(f"button[data-action='{best}']").click()
        elif current == "juggle":
            self.check_box(values, None, every=False)
            if "juggle" not in self.seen:
                self.seen.add("juggle")
                self.photograph("juggle", lambda: None, ("en",), ("desktop",))
            self.click_card(best)
            page.click("#btn-juggle")
        elif current == "play":
            named = self.check_box(values, None, every=False)
            if any(a >= 83 for a in named):
                self.seen.add("special_play")
            self.choices(values)
            self.click_card(best)
            choice = controls.locator(".special-choice")
            if best >= 90:
                expect(choice).to_be_visible()
                choice.locator(f"button[data-action='{best}']").click()
        else:  # a bid, the dealer's trump
            self.check_box(values, None, every=False)
            controls.locator(f"button[data-action='{best}']").click()
        wait_seq_past(page, before)

    def choices(self, values: list[dict[str, Any]]) -> None:
        """Each playable Juggler, Cloud or Shapeshifter clicked: the box names the value of each choice offered
        (the buttons shown), then *Not this card*."""
        page = self.page
        hand = page.locator("#hand .card.playable")
        playable = [int(c) for c in hand.evaluate_all("(cs) => cs.map((c) => c.dataset.card)")]
        for card in (c for c in CHOOSING if c in playable):
            def click(card: int = card) -> None:
                click_card(page, f"#hand .card[data-card='{card}']")
                expect(page.locator("#controls .special-choice")).to_be_visible()

            click()
            buttons = page.locator("#controls .special-choice button[data-action]")
            offered = [int(a) for a in buttons.evaluate_all("(bs) => bs.map((b) => b.dataset.action)")]
            assert len(offered) == (2 if card == 66 else 4)
            self.check_box(values, offered, every=True)
            best = values[0]["action"]
            if best in offered:  # the hint's own best: its star on the hand's card and on its button
                expect(page.locator(f"#controls .special-choice button[data-action='{best}']")).to_have_class(
                    re.compile("hinted"))
            if "choice" not in self.seen:
                self.seen.add("choice")
                self.photograph("choice", click)
                self.check_box(values, offered, every=True)  # the same again after the reloads
            page.click("#controls .special-choice .cancel-choice")
            expect(page.locator("#controls .special-choice")).to_have_count(0)

    def click_card(self, action: int) -> None:
        page = self.page
        cards = [f"#hand .card[data-card='{card}']" for card in card_of(action)]
        target = page.locator(", ".join(cards)).first
        target.click(position={"x": 9, "y": 24})

    def summary(self) -> None:
        """The hand's summary (kept open): the Cloud's changes and the Bomb's trick as the last view's sheet says."""
        page = self.page
        view = self.last("view")["view"]
        row = view["sheet"][-1]
        size, bids, tricks = row[0], row[4], row[5]
        changes = (view.get("sheet_bid_changes") or [[]])[-1] or [0] * len(bids)
        box = page.locator("#round-summary")
        for seat, bid in enumerate(bids):
            cell = box.locator(f"tr[data-seat='{seat}'] td.bid")
            if changes[seat]:
                expect(cell).to_contain_text(f"{bid - changes[seat]}→{bid}")
                expect(cell.locator(".cloud-mark")).to_have_count(1)
            else:
                expect(cell).to_have_text(str(bid))
        nobody = size - sum(tricks)
        if nobody:
            expect(box.locator(".bomb-line")).to_contain_text(f"{nobody} trick")
        else:
            expect(box.locator(".bomb-line")).to_have_count(0)
        if any(changes) and "cloud_summary" not in self.seen:
            self.seen.add("cloud_summary")
            self.shots.append(self.screenshot(page, "special-summary-cloud-desktop-en"))
            page.set_viewport_size(PHONE)
            page.evaluate("localStorage.setItem('wizardcards.lang', 'de')")
            page.reload()  # the summary is opened again from the score sheet's line: the same words in German
            page.wait_for_selector(".table-screen[data-phase='game_over']")
            page.locator("#summary button", has_text="Tisch ansehen").click()  # the results give way to the table
            page.click("#btn-scores")  # the phone's score panel
            page.click("#sheet table.sheet tbody tr:last-child .sheet-again")
            expect(page.locator("#round-summary .cloud-mark")).to_have_count(sum(1 for c in changes if c))
            expect(page.locator("#round-summary")).to_contain_text("Ansage")
            self.shots.append(self.screenshot(page, "special-summary-cloud-phone-de"))
            page.evaluate("localStorage.setItem('wizardcards.lang', 'en')")
            page.set_viewport_size(DESKTOP)
            return
        page.click("#btn-round-next")


def test_hints_and_the_hands_summary_at_tables_with_the_special_cards(
        server: ServerProcess, new_context: Callable[..., BrowserContext], screenshot: Callable[..., Path]) -> None:
    started = time.monotonic()
    context = new_context(speed="fast")
    context.add_init_script("localStorage.setItem('wizardcards.keepSummary', 'true')")
    page = watch_errors(context.new_page())
    ann = Ann(page, FrameLog(page), screenshot)
    tables = 0
    while not WANTED <= ann.seen and tables < 12:
        tables += 1
        table = create_table(server, [{"name": "Ann", "claimed": True},
                                      *({"name": f"Bot {n}", "bot": "rulebased"} for n in (1, 2, 3))],
                             preset="anniversary-2021", players=4,
                             options={"schedule": "custom", "custom_hand_sizes": [16]})
        assert table["hints"] is True
        open_seat(page, server, seat_entry(table, 0), name="Ann")
        page.wait_for_selector(".table-screen[data-status='playing']")
        for _ in range(60):
            page.wait_for_selector(".table-screen[data-my-turn='yes'], #round-summary, "
                                   ".table-screen[data-phase='game_over']", timeout=60_000)
            if page.locator("#round-summary").count():
                ann.summary()
                break
            if page.get_attribute(".table-screen", "data-phase") == "game_over":
                break
            ann.turn()
        else:
            raise AssertionError("the hand does not end")
    assert WANTED <= ann.seen, (ann.seen, tables)
    assert page.script_errors == []  # type: ignore[attr-defined]
    assert time.monotonic() - started < 1200, time.monotonic() - started  # loose: a busy 2-core machine
