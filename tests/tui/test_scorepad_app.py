"""``wizard score`` through the real app: setup, the official example over a whole (4-round) game, a refused entry,
a corrected round, resuming the saved pad, export."""

from __future__ import annotations

import asyncio
import csv
import json

from textual.widgets import Input, Select, Static
from textual.widgets._select import SelectCurrent

from wizardcards.tui import store
from wizardcards.tui.scorepad import PadScreen, PadSetupScreen, ScorePadApp
from wizardcards.tui.scorepad_model import ScorePad

from .conftest import SIZE, settle


def text_of(app, ident: str) -> str:  # type: ignore[no-untyped-def]
    return str(app.screen.query_one(ident, Static).content)


async def enter(pilot, text: str) -> None:  # type: ignore[no-untyped-def]
    entry = pilot.app.screen.query_one("#entry", Input)
    entry.value = ""
    await pilot.press(*text)
    await pilot.press("enter")
    await pilot.pause()


ROUNDS = [  # the official example for Paul, the others filling each hand of 2, 3, 4, 5 cards
    ("1 0 1 0", "2 0 0 0"),
    ("2 1 0 0", "2 1 0 0"),
    ("1 1 1 1", "1 1 1 1"),
    ("3 0 0 2", "2 1 0 2"),
]


def test_score_pad_over_a_whole_game_with_the_official_example(snapshot) -> None:  # type: ignore[no-untyped-def]
    async def run() -> None:
        app = ScorePadApp()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, PadSetupScreen))
            screen = app.screen
            for seat, name in enumerate(["Paul", "Ann", "Bob", "Cy"]):
                screen.query_one(f"#name-{seat}", Input).value = name
            screen.query_one("#schedule").value = "custom"  # type: ignore[attr-defined]
            screen.query_one("#custom", Input).value = "2 3 4 5"
            await pilot.pause()
            snapshot(app, "score-setup-custom")
            await pilot.click("#start")
            await settle(pilot, lambda: isinstance(app.screen, PadScreen))
            assert "Round 1/4 · dealer Paul · 2 cards" in text_of(app, "#round")
            for number, (bids, tricks) in enumerate(ROUNDS, 1):
                await enter(pilot, bids)
                assert f"round {number}: bids entered" in text_of(app, "#message")
                if number == 2:
                    # A refused entry: 2 + 1 + 0 + 1 = 4 tricks of a 3-card hand. Nothing changes.
                    await enter(pilot, "2 1 0 1")
                    assert "the tricks add up to 4, but a hand of 3 cards has exactly 3 tricks" in text_of(
                        app, "#message")
                    assert app.pad.rounds[1].tricks is None  # type: ignore[union-attr]
                    snapshot(app, "score-refused")
                await enter(pilot, tricks)
            pad = app.pad
            assert pad is not None and pad.finished
            assert pad.running_totals()[0] == [-10, 30, 60, 50]
            end = text_of(app, "#end")
            assert "Winner: Cy with 110" in end and "Running totals" in end
            snapshot(app, "score-final")
            # Correct round 1 (Paul took 1 trick, Ann 1): go up three rounds from the last, re-enter bids and tricks.
            await pilot.press("up", "up", "up")
            assert "correcting round 1" in text_of(app, "#message")
            assert app.screen.query_one("#entry", Input).value == "1 0 1 0"
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen.query_one("#entry", Input).value == "2 0 0 0"  # the tricks as they were
            await enter(pilot, "1 1 0 0")
            assert pad.running_totals()[0] == [30, 70, 100, 90]
            assert pad.totals == [90, 40, 60, 110]
            await pilot.press("ctrl+s")
            await pilot.pause()
            csv_path, json_path = app.screen.exported  # type: ignore[attr-defined]
            rows = list(csv.DictReader(csv_path.open()))
            assert [int(r["Paul total"]) for r in rows] == [30, 70, 100, 90]
            assert json.loads(json_path.read_text())["winners"] == ["Cy"]

    asyncio.run(run())
    # Saved after every entry: the file holds the corrected game.
    assert ScorePad.load(store.scorepad_path()).totals == [90, 40, 60, 110]


def test_score_pad_resumes_where_it_stopped() -> None:
    pad = ScorePad.create(["A", "B", "C"], bid_rule="hook")
    pad.set_bids(0, [0, 0, 0])
    pad.save(store.scorepad_path())

    async def run() -> None:
        app = ScorePadApp()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, PadScreen))
            assert "Enter the tricks won" in text_of(app, "#round")
            await enter(pilot, "0 1 0")
            assert "Round 2/20 · dealer B · 2 cards" in text_of(app, "#round")
            # Hook rule: B deals round 2; A and C bid 1 and 0 of 2 tricks, so B may not bid 1.
            await enter(pilot, "1 1 0")
            assert "hook rule: B (dealer) may not bid 1" in text_of(app, "#message")
            assert app.pad.rounds[1].bids is None  # type: ignore[union-attr]

        app = ScorePadApp(new=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, PadSetupScreen))

    asyncio.run(run())
    assert ScorePad.load(store.scorepad_path()).totals == [20, -10, 20]


def test_setup_by_typing_the_names_with_tab_between_them(snapshot) -> None:  # type: ignore[no-untyped-def]
    """The focus starts in the first name field, Tab goes to the next field, the fields start empty: typing
    Paul⇥Anna⇥Ben and Enter makes a pad of exactly those three players, in that order."""

    async def run() -> None:
        app = ScorePadApp()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, PadSetupScreen))
            screen = app.screen
            assert app.focused is screen.query_one("#name-0", Input)
            assert all(screen.query_one(f"#name-{seat}", Input).value == "" for seat in range(6))
            assert screen.query_one("#name-0", Input).placeholder == "player 1"
            await pilot.press(*"Paul", "tab", *"Anna", "tab", *"Ben")
            await pilot.pause()
            assert [screen.query_one(f"#name-{seat}", Input).value for seat in range(3)] == ["Paul", "Anna", "Ben"]
            assert app.focused is screen.query_one("#name-2", Input)
            # the first dealer is chosen among the names typed
            dealer = screen.query_one("#first_dealer", Select)
            assert dealer.value == 0 and "first dealer: Paul" == str(dealer.query_one(SelectCurrent).label)
            snapshot(app, "score-setup")
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, PadScreen))
            assert app.pad is not None and app.pad.names == ["Paul", "Anna", "Ben"]
            assert "Round 1/20 · dealer Paul · 1 card ·" in text_of(app, "#round")  # 3 players: 20 rounds

    asyncio.run(run())


def test_escape_in_a_correction_cancels_it_and_keeps_the_pad() -> None:
    pad = ScorePad.create(["A", "B", "C"], schedule="custom", custom_hand_sizes=(1, 2, 3))
    pad.set_bids(0, [1, 0, 0])
    pad.set_tricks(0, [1, 0, 0])
    pad.save(store.scorepad_path())

    async def run() -> None:
        app = ScorePadApp()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, PadScreen))
            await pilot.press("up")
            assert "correcting round 1" in text_of(app, "#message")
            assert app.screen.query_one("#entry", Input).value == "1 0 0"
            await pilot.press("escape")
            await pilot.pause()
            # Still the pad, back at the next round to enter; round 1 as it was.
            assert isinstance(app.screen, PadScreen) and app.is_running
            assert "correction of round 1 cancelled" in text_of(app, "#message")
            assert "Round 2/3" in text_of(app, "#round") and "Enter the bids" in text_of(app, "#round")
            assert app.screen.query_one("#entry", Input).value == ""
            assert app.pad is not None and app.pad.rounds[0].bids == [1, 0, 0]
            await enter(pilot, "0 1 1")
            assert "round 2: bids entered" in text_of(app, "#message")
            # Outside a correction, Escape quits (the pad is saved after every entry).
            await pilot.press("escape")
            await pilot.pause()
            assert not app.is_running

    asyncio.run(run())
    assert ScorePad.load(store.scorepad_path()).rounds[1].bids == [0, 1, 1]


def test_the_no_trump_footnote_only_with_a_starred_round() -> None:
    async def footnote(pad: ScorePad) -> str:
        pad.save(store.scorepad_path())
        app = ScorePadApp()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, PadScreen))
            return text_of(app, "#end")

    # Three players, standard schedule: round 20 deals every card, so it has no trump and is starred.
    assert "* no trump in that round" in asyncio.run(footnote(ScorePad.create(["A", "B", "C"])))
    # Hands of 1 and 2 cards: a card is always turned up, no round is starred, so no footnote.
    assert "no trump" not in asyncio.run(
        footnote(ScorePad.create(["A", "B", "C"], schedule="custom", custom_hand_sizes=(1, 2))))
