"""``wizard score`` with the anniversary cards, through the real app: the special cards chosen on the setup screen,
a Cloud raising a bid of 0 and a bombed round entered between the bids and the tricks, a refused entry, the sheet,
the export (format /2), and the same screens in German."""

from __future__ import annotations

import asyncio
import csv
import json

from textual.widgets import Input, Select

from wizardcards.tui import i18n, store
from wizardcards.tui.scorepad import PadScreen, PadSetupScreen, ScorePadApp
from wizardcards.tui.scorepad_model import ScorePad

from .conftest import SIZE, screen_text, settle
from .test_scorepad_app import enter, text_of


async def set_up(pilot, special: str, named: str = "") -> None:  # type: ignore[no-untyped-def]
    app = pilot.app
    await settle(pilot, lambda: isinstance(app.screen, PadSetupScreen))
    screen = app.screen
    for seat, name in enumerate(["Ann", "Bob", "Cy"]):
        screen.query_one(f"#name-{seat}", Input).value = name
    screen.query_one("#schedule", Select).value = "custom"
    screen.query_one("#custom", Input).value = "2 3"
    screen.query_one("#special", Select).value = special
    screen.query_one("#special_named", Input).value = named
    await pilot.pause()


def test_a_cloud_on_a_bid_of_zero_and_a_bombed_round(snapshot) -> None:  # type: ignore[no-untyped-def]
    async def run() -> None:
        app = ScorePadApp()
        async with app.run_test(size=SIZE) as pilot:
            await set_up(pilot, "named", "bomb cloud")
            snapshot(app, "score-special-setup")
            await pilot.click("#start")
            await settle(pilot, lambda: isinstance(app.screen, PadScreen))
            pad = app.pad
            assert pad is not None and pad.rules.special_cards == ("bomb", "cloud")
            # Round 1, 2 cards: Ann bids 0, wins the Cloud's trick and raises her bid to 1, then takes 1 trick.
            await enter(pilot, "0 1 1")
            assert "The Cloud and the Bomb: whose bid changed ('Ann +1')" in text_of(app, "#round")
            await enter(pilot, "Zed +1")
            assert "no player 'Zed'" in text_of(app, "#message")
            await enter(pilot, "Ann +1")
            assert "they add up to 2." in text_of(app, "#round")
            await enter(pilot, "1 0 1")
            assert pad.points(0) == [30, -10, 30]  # Ann: 1 made (30), not 0 missed by one (-10)
            # Round 2, 3 cards: the Bomb takes a trick; the tricks add up to 2.
            await enter(pilot, "1 1 0")
            await enter(pilot, "bomb")
            assert "they add up to 2 (one went to the Bomb)" in text_of(app, "#round")
            await enter(pilot, "1 1 1")
            assert "the tricks add up to 3, but a hand of 3 cards less the Bomb's trick has 2" in text_of(
                app, "#message"
            )
            await enter(pilot, "1 1 0")
            assert pad.points(1) == [30, 30, 20] and pad.totals == [60, 20, 50]
            shown = screen_text(app)
            assert "0→1/1   30    30" in shown and "special cards: Bomb, Cloud" in shown
            assert "b: the Bomb took a trick, won by nobody" in shown and "Winner: Ann with 60" in shown
            assert " 3b " in shown  # round 2's cards, marked: a trick went to nobody
            snapshot(app, "score-special-final")
            await pilot.press("ctrl+s")
            await pilot.pause()
            csv_path, json_path = app.screen.exported  # type: ignore[attr-defined]
            rows = list(csv.DictReader(csv_path.open()))
            assert [r["Ann cloud"] for r in rows] == ["+1", ""] and [r["bombed"] for r in rows] == ["0", "1"]
            data = json.loads(json_path.read_text())
            assert data["format"] == "wizardcards-scorepad/2" and data["rounds"][0]["bid_changes"] == [1, 0, 0]

    asyncio.run(run())
    assert ScorePad.load(store.scorepad_path()).totals == [60, 20, 50]


def test_correcting_a_round_offers_the_clouds_change_again() -> None:
    pad = ScorePad.create(
        ["Ann", "Bob", "Cy"], schedule="custom", custom_hand_sizes=(2, 3), special_cards=("bomb", "cloud")
    )
    pad.set_bids(0, [0, 1, 1])
    pad.set_tricks(0, [1, 0, 1], [1, 0, 0])
    pad.save(store.scorepad_path())

    async def run() -> None:
        app = ScorePadApp()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, PadScreen))
            await pilot.press("up")
            await pilot.press("enter")  # the bids as they were
            await pilot.pause()
            assert app.screen.query_one("#entry", Input).value == "Ann +1"
            await enter(pilot, "Bob -1")  # it was Bob who won the Cloud's trick, and lowered his 1
            assert app.screen.query_one("#entry", Input).value == "1 0 1"
            await enter(pilot, "0 1 1")
            assert app.pad is not None and app.pad.points(0) == [20, -10, 30]

    asyncio.run(run())


def test_the_special_pad_in_german(snapshot) -> None:  # type: ignore[no-untyped-def]
    i18n.use("de")

    async def run() -> None:
        app = ScorePadApp()
        async with app.run_test(size=SIZE) as pilot:
            await set_up(pilot, "named", "Bombe Wolke")
            await pilot.click("#start")
            await settle(pilot, lambda: isinstance(app.screen, PadScreen))
            assert app.pad is not None and app.pad.rules.special_cards == ("bomb", "cloud")
            await enter(pilot, "0 1 1")
            assert "Wolke und Bombe: wessen Ansage sich änderte ('Ann +1')" in text_of(app, "#round")
            await enter(pilot, "Ann -1")
            assert "die Wolke: die Ansage 0 von Ann kann nur steigen" in text_of(app, "#message")
            await enter(pilot, "bombe")
            assert "zusammen 1 (einer ging an die Bombe)" in text_of(app, "#round")
            await enter(pilot, "0 1 0")
            await enter(pilot, "1 1 0")
            await enter(pilot, "Cy +1")
            await enter(pilot, "1 1 1")
            shown = screen_text(app)
            assert "Sonderkarten: Bombe, Wolke" in shown and "0→1: die Ansage wie gemacht" in shown
            snapshot(app, "score-special-de")

    asyncio.run(run())
