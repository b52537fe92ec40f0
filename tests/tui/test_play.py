"""``wizard play`` through the real app with Textual's pilot: a whole game by keyboard, Wily's auction, trump and
passing, the hint, a refused key, the last trick of a hand shown during the next hand's bidding, the scorekeeper on
the sheets, the saved game and its resumption after the process is killed."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Button
from textual.widgets._footer import FooterKey, FooterLabel

from wizardcards.bots.names import bot_name
from wizardcards.core import ActionError, Phase, RuleSet, WilyState, WizardState, find_rules, replay
from wizardcards.core import actions as A
from wizardcards.core.rules import BidRule, Game, JesterLead, Passing, Schedule, WilyMode
from wizardcards.records import load_record
from wizardcards.tui import i18n, render, store
from wizardcards.tui.controller import GameController
from wizardcards.tui.play import VALUE_WORDS, InfoScreen, PlayApp, ResultsScreen, Setup, StartScreen, TableScreen

from .conftest import SIZE, human_ready, screen_text, settle


def footer_text(app) -> str:  # type: ignore[no-untyped-def]
    """The key descriptions the Footer shows, and those of its groups of keys."""
    keys = [str(key.description) for key in app.screen.query(FooterKey)]
    return " ".join(keys + [str(label.render()) for label in app.screen.query(FooterLabel)])


def test_whole_wizard_game_by_keyboard(snapshot) -> None:  # type: ignore[no-untyped-def]
    """A whole standard 6-player game (10 rounds, 55 cards to play) to its final score, with Enter and digits."""
    rules = find_rules("standard", players=6)
    controller = GameController.new(rules, ["rulebased"] * 5, seed=11, pace=0)

    async def run() -> None:
        app = PlayApp(controller, pace=0)
        async with app.run_test(size=SIZE) as pilot:
            presses, shot = 0, False
            while not controller.over:
                await settle(pilot, human_ready(app, controller))
                if controller.over:
                    break
                view = controller.view()
                # Everything the table offers is the view's legal actions, and nothing else.
                enabled = {b.id for b in app.screen.query(Button) if not b.disabled}
                if view.phase is Phase.PLAY:
                    assert {A.card_action(int(i.split("-")[1])) for i in enabled} == set(view.legal_actions)
                    if presses >= 20 and not shot:
                        assert "your turn" in screen_text(app)
                        snapshot(app, "play-table")
                        shot = True
                    await pilot.press("enter")
                else:
                    assert view.phase is Phase.BID
                    assert {int(i.split("-")[1]) for i in enabled} == set(view.legal_actions)
                    bid = max(a - A.BID_BASE for a in view.legal_actions if a - A.BID_BASE <= 9)
                    await pilot.press(str(bid))  # the highest bid a digit key can give
                presses += 1
            await settle(pilot, lambda: isinstance(app.screen, ResultsScreen))
            text = screen_text(app)
            snapshot(app, "play-results")
            for name, score in zip(controller.names, controller.state.returns()):
                assert f"{name:>14}  {score:>5}" in text
            assert "Running totals" in text and "winner" in text
            assert f"scorekeeper: {controller.names[controller.state.scorekeeper]}" in text
            assert presses == 10 + 55

    asyncio.run(run())
    # The finished game is a GameRecord that replays to the same final scores; the unfinished save is gone.
    assert controller.finished_path is not None and not store.current_game_path().exists()
    record = load_record(controller.finished_path)
    final = replay(record)
    assert final.is_terminal() and final.returns() == controller.state.returns()
    assert isinstance(final, WizardState) and record.names == controller.names and len(final.sheet) == 10


def test_refused_key_changes_nothing_and_hint_lists_every_action(snapshot) -> None:  # type: ignore[no-untyped-def]
    rules = RuleSet(players=3, schedule=Schedule.CUSTOM, custom_hand_sizes=(2, 3), first_dealer=2)
    controller = GameController.new(rules, ["rulebased", "rulebased"], seed=4, pace=0)

    async def run() -> None:
        app = PlayApp(controller, pace=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, human_ready(app, controller))
            assert controller.view().phase is Phase.BID  # seat 0 bids first, left of dealer 2
            before = list(controller.state.history)
            with pytest.raises(ActionError) as refused:
                controller.state.clone().apply(A.BID_BASE + 7)
            reason = str(refused.value)
            await pilot.press("7")  # a hand of 2 cards: bids are 0..2
            await settle(pilot, human_ready(app, controller))
            assert controller.state.history == before
            text = screen_text(app)
            assert "0..2" in text and reason in text  # the core's reason for refusing it, on the table
            assert "A bid of 7 is not allowed now; the choices are 0, 1, 2." in text
            assert "· 2 cards ·" in text
            await pilot.press("h")
            await settle(pilot, lambda: isinstance(app.screen, InfoScreen))
            text = screen_text(app)
            snapshot(app, "play-hint")
            rows = [line.split() for line in text.splitlines() if line.split() and line.split()[0] in "012"]
            assert sorted(row[0] for row in rows) == ["0", "1", "2"]  # every legal bid, with a value
            assert sum("best" in line for line in text.splitlines()) == 1
            await pilot.press("escape")
            await pilot.press("s")
            await settle(pilot, lambda: isinstance(app.screen, InfoScreen))
            text = screen_text(app)
            assert "no round has been scored yet" in text
            assert "scorekeeper: Circe" in text  # the first dealer was given, not drawn: seat 2 keeps score
            await pilot.press("escape")
            await settle(pilot, lambda: isinstance(app.screen, TableScreen))
            await pilot.press("1")
            await settle(pilot, human_ready(app, controller))
            assert controller.state.history[len(before)] == A.BID_BASE + 1
            # Saved after every decision: the file holds exactly the decisions taken so far.
            assert load_record(store.current_game_path()).actions == controller.state.history

    asyncio.run(run())


def test_the_bots_have_the_names_the_browser_gives_them() -> None:
    """Each opponent is named by its seat from the list the browser's lobby names bots by (GET /meta), whatever
    its bot spec: no "search 1"."""
    controller = GameController.new(find_rules("standard", players=4), ["search", "rulebased", "random"], seed=2,
                                    pace=0)
    assert controller.names == ["You", bot_name(1), bot_name(2), bot_name(3)] == ["You", "Morgana", "Circe", "Prospero"]

    async def run() -> None:
        app = PlayApp(controller, pace=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, human_ready(app, controller))
            text = screen_text(app)
            assert all(name in text for name in ("Morgana", "Circe", "Prospero"))
            assert not any(spec in text for spec in ("search 1", "rulebased 2", "random 3"))

    asyncio.run(run())


def assert_good_wording(text: str) -> None:
    """The words of a screen follow the number and the person: no "1 cards", "You leads", "You's"."""
    for wrong in (" 1 cards", "You leads", "You's", "You bids", "You plays", "You to move"):
        assert wrong not in text, wrong


def test_last_trick_of_a_hand_stays_through_the_next_bidding(snapshot) -> None:  # type: ignore[no-untyped-def]
    rules = RuleSet(players=3, schedule=Schedule.CUSTOM, custom_hand_sizes=(1, 2), first_dealer=2)
    controller = GameController.new(rules, ["rulebased", "rulebased"], seed=4, pace=0)
    names = controller.names

    async def run() -> None:
        app = PlayApp(controller, pace=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, human_ready(app, controller))
            text = screen_text(app)
            assert "· 1 card ·" in text and "no trick completed yet this hand" in text
            while controller.view().round_index == 0:
                view = controller.view()
                if view.phase is Phase.PLAY and not view.trick:  # seat 0, left of the dealer, leads the first trick
                    assert "You lead" in screen_text(app)
                await pilot.press("0" if view.phase is Phase.BID else "enter")
                await settle(pilot, human_ready(app, controller))
            view = controller.view()
            assert view.phase in (Phase.BID, Phase.CHOOSE_TRUMP) and not view.round_tricks and not view.played
            trick = view.last_trick
            assert trick is not None
            text = screen_text(app)
            title = f"Last trick of round 1 — won by {names[trick.winner]}"
            assert title in text and "no trick completed yet" not in text
            for position, card in enumerate(trick.cards):
                seat = (trick.leader + position) % rules.players
                assert f"{names[seat]:>14}: {render.card_label(card, view)}" in text
            # Under it, how round 1 ended for everyone: bid, tricks won, the points, made or missed.
            result = view.sheet[0]
            for seat in range(rules.players):
                made = "made" if result.bids[seat] == result.tricks[seat] else "missed"
                assert (f"{names[seat]:>14}: bid {result.bids[seat]}, won {result.tricks[seat]}: "
                        f"{result.points[seat]:+d} ({made})") in text
            assert_good_wording(text)
            snapshot(app, "play-last-trick")
            await pilot.press("l")
            await settle(pilot, lambda: isinstance(app.screen, InfoScreen))
            text = screen_text(app)
            assert "no trick completed yet this hand" in text and title in text
            snapshot(app, "play-last-trick-l")

    asyncio.run(run())


def test_wily_hand_through_auction_trump_and_passing(snapshot) -> None:  # type: ignore[no-untyped-def]
    rules = RuleSet(game=Game.WILY, players=4, first_dealer=3)  # the human (seat 0) speaks first
    controller = GameController.new(rules, ["rulebased"] * 3, seed=8, pace=0)

    async def run() -> None:
        app = PlayApp(controller, pace=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, human_ready(app, controller))
            view = controller.view()
            assert view.phase is Phase.AUCTION
            snapshot(app, "wily-auction")
            await pilot.press("left", "enter")  # the last button: bid the whole hand, nobody can outbid it
            await settle(pilot, human_ready(app, controller))
            view = controller.view()
            assert view.phase is Phase.NAME_TRUMP and view.high_bidder == 0 and view.high_bid == 15
            assert [label for label in screen_text(app).split("\n") if "naming trump" in label]
            await pilot.press("right", "enter")  # the second suit: Diamonds
            for given in range(3):
                await settle(pilot, human_ready(app, controller))
                view = controller.view()
                assert view.phase is Phase.PASS_CARDS and view.given.bit_count() == given
                if given == 1:
                    snapshot(app, "wily-passing")
                await pilot.press("enter")
            await settle(pilot, human_ready(app, controller))
            view = controller.view()
            assert view.phase is Phase.PLAY and view.trump_suit == 1
            assert view.given.bit_count() == 3 and view.received.bit_count() == 3  # from the partner opposite
            assert "you received" in screen_text(app)
            state = controller.state
            assert isinstance(state, WilyState)
            while not state.sheet:
                await pilot.press("enter")
                await settle(pilot, human_ready(app, controller))
            hand = state.sheet[0]
            assert hand.high_bidder == 0 and hand.bid == 15 and sum(hand.team_tricks) == 15
            await pilot.press("s")
            await settle(pilot, lambda: isinstance(app.screen, InfoScreen))
            assert "Diamonds" in screen_text(app)

    asyncio.run(run())


def test_start_screen_starts_the_chosen_game(snapshot) -> None:  # type: ignore[no-untyped-def]
    async def run() -> None:
        app = PlayApp(setup=Setup(find_rules("hook", players=5), ["random", "rulebased"]), pace=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, StartScreen))
            snapshot(app, "play-start")
            bots = [app.screen.query_one(f"#bot-{s}").value for s in range(1, 5)]  # type: ignore[attr-defined]
            assert bots[:2] == ["random", "rulebased"]
            await pilot.press("enter")  # the focused Start button
            await settle(pilot, lambda: isinstance(app.screen, TableScreen))
            controller = app.controller
            assert controller is not None
            assert controller.state.rules.bid_rule.value == "hook" and controller.state.players == 5
            assert controller.bot_specs[:3] == [None, "random", "rulebased"]
            assert store.current_game_path().exists()

    asyncio.run(run())


def test_start_screen_refuses_an_impossible_rule_set() -> None:
    async def run() -> None:
        app = PlayApp(setup=Setup(find_rules("standard", players=4), ["rulebased"] * 3), pace=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, StartScreen))
            app.screen.query_one("#hidden_bids").value = True  # type: ignore[attr-defined]
            app.screen.query_one("#bid_rule").value = "hook"  # type: ignore[attr-defined]
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen) and app.controller is None
            assert "needs open bids" in screen_text(app)
            assert not store.current_game_path().exists()

    asyncio.run(run())


CHILD = """
import asyncio, json, sys
from wizardcards.core import RuleSet
from wizardcards.tui.controller import GameController
from wizardcards.tui.play import PlayApp
from tests.tui.conftest import human_ready, settle

async def main():
    rules = RuleSet(players=3, schedule="custom", custom_hand_sizes=(1, 2, 3))
    controller = GameController.new(rules, ["rulebased", "rulebased"], seed=21, pace=0)
    app = PlayApp(controller, pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(4):
            await settle(pilot, human_ready(app, controller))
            await pilot.press("enter")
        await settle(pilot, human_ready(app, controller))
        print("HISTORY", json.dumps(controller.state.history), flush=True)
        await asyncio.sleep(600)

asyncio.run(main())
"""


def test_resume_after_the_process_is_killed(data_dir: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "WIZARDCARDS_DATA_DIR": str(data_dir), "PYTHONPATH": str(root)}
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, env=env, cwd=root, text=True)
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert line.startswith("HISTORY"), line
    history = json.loads(line.split(" ", 1)[1])
    controller = GameController.resume()
    assert controller is not None and controller.state.history == history and not controller.over
    assert controller.bot_specs == [None, "rulebased", "rulebased"]

    async def run() -> None:
        app = PlayApp(controller, pace=0)
        async with app.run_test(size=SIZE) as pilot:
            while not controller.over:
                await settle(pilot, human_ready(app, controller))
                if not controller.over:
                    await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, ResultsScreen))

    asyncio.run(run())
    assert controller.finished_path is not None
    record = load_record(controller.finished_path)
    assert record.actions[: len(history)] == history and replay(record).is_terminal()
    assert GameController.resume() is None


def test_the_table_in_german(german: None, snapshot) -> None:  # type: ignore[no-untyped-def]
    """``--lang de``: the table's words, the card names and suits, the keys and the hand's end in German."""
    rules = RuleSet(players=3, schedule=Schedule.CUSTOM, custom_hand_sizes=(1, 3), first_dealer=2)
    controller = GameController.new(rules, ["rulebased", "rulebased"], seed=4, pace=0)

    async def run() -> None:
        app = PlayApp(controller, pace=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, human_ready(app, controller))
            text = screen_text(app)
            assert "Wizard · Runde 1/2 · 1 Karte · Geber Circe" in text
            assert "Deine Ansage (0..1)" in text and "du bist dran" in text and "Du" in text
            assert "Spielblock" in text and "speichern+Ende" in text  # the key line
            history = list(controller.state.history)
            await pilot.press("9")  # refused: a hand of 1 card; said in German, without the core's English reason
            await settle(pilot, human_ready(app, controller))
            text = screen_text(app)
            assert controller.state.history == history
            assert "Die Ansage 9 ist jetzt nicht erlaubt; möglich sind 0, 1." in text and "bid" not in text
            while controller.view().round_index == 0:
                await pilot.press("0" if controller.view().phase is Phase.BID else "enter")
                await settle(pilot, human_ready(app, controller))
            view = controller.view()
            text = screen_text(app)
            trick = view.last_trick
            assert trick is not None
            winner = render.display_names(controller.names)[trick.winner]
            assert f"Letzter Stich von Runde 1 — {render.won_by(winner)}" in text  # "gewonnen von dir" for you
            assert "angesagt" in text and ("erfüllt" in text or "verfehlt" in text)
            assert "· 3 Karten ·" in text and "Trumpf" in text
            hand = [render.card_label(card, view) for card, _ in render.hand_cards(view)]
            assert all(label[-1] in "♣♦♥♠" or label in ("Zaub", "Narr") for label in hand)
            assert not any(label in ("Wiz", "Jes") or label[:-1] in ("J", "Q", "T") for label in hand)
            for english in ("Your bid", "Last trick", "dealer", "your turn", "score sheet"):
                assert english not in text, english
            snapshot(app, "play-german")
            await pilot.press("s")
            await settle(pilot, lambda: isinstance(app.screen, InfoScreen))
            text = screen_text(app)
            assert "Schreiber: " in text and "Spielblock: angesagt/gewonnen, Punkte, Summe" in text
            assert "Escape: schließen" in text

    asyncio.run(run())


def test_the_wily_auction_in_german_bids(german: None, snapshot) -> None:  # type: ignore[no-untyped-def]
    """Wily's auction says bieten and Gebot (the key line, a refused call, the bots' calls), never Wizard's ansagen."""
    rules = RuleSet(game=Game.WILY, players=4, first_dealer=2)  # Prospero speaks first, the human second
    controller = GameController.new(rules, ["rulebased"] * 3, seed=8, pace=0)

    async def run() -> None:
        app = PlayApp(controller, pace=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, human_ready(app, controller))
            assert controller.view().phase is Phase.AUCTION
            assert re.search(r"Prospero: (Gebot \d+|passen)", screen_text(app))  # the call before yours
            await pilot.press("0")  # an auction call is at least 1: refused
            await settle(pilot, human_ready(app, controller))
            text = screen_text(app)
            snapshot(app, "wily-auction-german")
            assert "spielen/bieten" in text and re.search(r"0-9\s+Gebot", text)  # the key line
            assert "Das Gebot 0 ist jetzt nicht erlaubt" in text
            assert not re.search("ansag|Ansage", text), text

    asyncio.run(run())


def test_the_language_comes_from_the_environment_or_lang() -> None:
    assert i18n.from_environment({"LANG": "de_DE.UTF-8"}) == "de"
    assert i18n.from_environment({"LANGUAGE": "fr:de", "LANG": "fr_FR.UTF-8"}) == "de"
    assert i18n.from_environment({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}) == "en"  # LC_ALL decides over LANG
    assert i18n.from_environment({"LC_ALL": "de_AT.UTF-8", "LANG": "en_GB.UTF-8"}) == "de"
    assert i18n.from_environment({"LANG": "fr_FR.UTF-8"}) == "en" and i18n.from_environment({}) == "en"
    assert i18n.choose("de", {"LANG": "en_US.UTF-8"}) == "de"  # --lang over the environment
    with pytest.raises(ValueError, match="no catalog"):
        i18n.choose("fr")


def test_wizard_play_in_a_german_environment_speaks_german(data_dir: Path) -> None:
    """``LANG=de_DE.UTF-8 wizard play``: the command itself picks German (the app is run headless here)."""
    root = Path(__file__).resolve().parents[2]
    code = """
import asyncio, sys
from wizardcards.tui import commands, i18n
from wizardcards.tui.play import PlayApp
from tests.tui.conftest import screen_text, settle, human_ready

runs = []
def run(self, *args, **kwargs):  # the app as `wizard play` builds it, driven by the pilot instead of a terminal
    async def drive():
        async with self.run_test(size=(120, 40)) as pilot:
            await settle(pilot, human_ready(self, self.controller))
            runs.append(screen_text(self))
    asyncio.run(drive())
PlayApp.run = run
import argparse
args = argparse.Namespace(resume=False, game=None, players=3, rules=None, bots=["random", "random"], seed=3,
                          pace=0.0, lang=None)
assert commands.play(args) == 0
print(i18n.current(), "Deine Ansage" in runs[0] or "du bist dran" in runs[0] or "ist dran" in runs[0])
"""
    env = {**os.environ, "WIZARDCARDS_DATA_DIR": str(data_dir), "PYTHONPATH": str(root), "LANG": "de_DE.UTF-8"}
    env.pop("LC_ALL", None)
    env.pop("LANGUAGE", None)
    env.pop("LC_MESSAGES", None)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=root,
                            timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["de", "True"]


def test_every_value_the_start_screen_offers_has_a_word() -> None:
    """A rule variant added to the core (the tournament schedule was one) needs its word before the screen can draw."""
    offered = [m.value for kind in (Schedule, BidRule, JesterLead, WilyMode, Passing) for m in kind
               if m is not Schedule.CUSTOM]
    assert [value for value in offered if value not in VALUE_WORDS] == []


def test_start_screen_names_the_standard_rules_standard() -> None:
    async def run() -> None:
        app = PlayApp(pace=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, StartScreen))
            preset = app.screen.query_one("#preset")
            assert preset.value == "standard"  # type: ignore[attr-defined]
            app.screen.query_one("#bid_rule").value = "hook"  # type: ignore[attr-defined]
            await pilot.pause()
            await pilot.pause()
            assert preset.value == "hook"  # type: ignore[attr-defined]  # the options make the hook preset
            app.screen.query_one("#hidden_bids").value = True  # type: ignore[attr-defined]
            app.screen.query_one("#bid_rule").value = "none"  # type: ignore[attr-defined]
            app.screen.query_one("#hidden_bids").value = False  # type: ignore[attr-defined]
            app.screen.query_one("#last_hand_no_trump").value = True  # type: ignore[attr-defined]
            await pilot.pause()
            await pilot.pause()
            assert preset.is_blank()  # type: ignore[attr-defined]  # no preset is standard + last hand no trump
            assert preset.prompt == "(custom)"  # type: ignore[attr-defined]

    asyncio.run(run())


def test_the_key_line_wraps_in_a_narrow_terminal() -> None:
    """Every key of the table stays on screen in 80 columns: the line wraps rather than being cut off."""
    rules = RuleSet(players=3, schedule=Schedule.CUSTOM, custom_hand_sizes=(1,), first_dealer=2)
    controller = GameController.new(rules, ["random", "random"], seed=1, pace=0)

    async def run() -> None:
        app = PlayApp(controller, pace=0)
        async with app.run_test(size=(80, 30)) as pilot:
            await settle(pilot, human_ready(app, controller))
            keys = app.screen.query_one("#keys")
            assert keys.region.height == 2 and keys.region.bottom == 30  # two lines, at the bottom
            assert keys.region.width == 80

    asyncio.run(run())
