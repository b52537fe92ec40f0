"""``wizard replay`` stepping through a record, and the commands' refusals (clear message, nothing started)."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

from textual.widgets import Static

from wizardcards.cli import main
from wizardcards.core import RuleSet, new_game, replay_states
from wizardcards.core import actions as A
from wizardcards.records import save_record
from wizardcards.tui import render
from wizardcards.tui.controller import analyse
from wizardcards.tui.replay import ReplayApp

from .conftest import SIZE, screen_text
from .test_play import footer_text


def played_record(seed: int = 5):  # type: ignore[no-untyped-def]
    state = new_game(RuleSet(players=3, schedule="custom", custom_hand_sizes=(1, 2)), seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state.record(["Ann", "Bob", "Cy"])


def test_replay_steps_forwards_and_back(snapshot) -> None:  # type: ignore[no-untyped-def]
    record = played_record()
    states = list(replay_states(record))

    async def run() -> None:
        app = ReplayApp(record, seat=1)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.view() == states[0].view(1)
            await pilot.press("right", "right", "right")
            assert app.index == 3 and app.view() == states[3].view(1)
            text = screen_text(app)
            assert "Bob's hand" in text
            actor = states[2].current_player()
            assert f"decision 3/{len(record.actions)}" in text
            # The decision in the table's notation (10♦, Q♠, bid 1), not the record's (Td, Qs).
            decision = render.decision_text(record.actions[2], states[2].view(1))
            assert f"{record.names[actor]}: {decision}" in text
            await pilot.press("left")
            assert app.index == 2
            await pilot.press("end")
            assert app.index == len(states) - 1 and "game over" in screen_text(app)
            snapshot(app, "replay-end")
            await pilot.press("pageup")
            assert app.view().round_index == 1 and states[app.index - 1].view(1).round_index == 0
            await pilot.press("home", "v")
            assert app.index == 0 and app.seat == 2 and app.view() == states[0].view(2)

    asyncio.run(run())


def test_commands_refuse_bad_input(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", "--resume"]) == 1
    assert "no unfinished game" in capsys.readouterr().err
    assert main(["play", "--rules", "nonsense"]) == 2
    assert "no preset 'nonsense'" in capsys.readouterr().err
    assert main(["play", "--bots", "nobody"]) == 2
    assert "no bot called 'nobody'" in capsys.readouterr().err
    assert main(["play", "--game", "wizard", "--players", "7"]) == 2
    assert "3 to 6 players" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    path = save_record(played_record(), tmp_path / "game.json")
    assert main(["replay", str(path), "--seat", "5"]) == 2
    assert "no seat 5" in capsys.readouterr().err
    path.write_text(path.read_text().replace("wizardcards-record/1", "wizardcards-record/9"))
    assert main(["replay", str(path)]) == 2
    assert "not a game record" in capsys.readouterr().err


def test_replay_reads_the_game_notation(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = save_record(played_record(), tmp_path / "game.wzg")
    assert path.read_text().startswith("[Format ")
    assert main(["replay", str(path), "--seat", "5"]) == 2  # read, then refused for the seat only
    assert "no seat 5 at a table of 3" in capsys.readouterr().err
    path.write_text(path.read_text().replace("1.1 ", "1.1 Kz ", 1))
    assert main(["replay", str(path)]) == 2
    assert "game.wzg: line " in capsys.readouterr().err


def test_hint_values_every_legal_action_of_the_view() -> None:
    state = new_game(RuleSet(players=4), 3)
    view = state.view(state.current_player())
    analysis = analyse(view)
    assert sorted(a for a, _ in analysis.rows) == sorted(view.legal_actions)
    assert analysis.best in view.legal_actions


def test_the_replay_footer_shows_every_key_in_80_columns(snapshot) -> None:  # type: ignore[no-untyped-def]
    """The footer used to be cut off ("q q"): every binding, its key and its description, fits an 80-column
    terminal, in English and in German."""
    from textual.widgets._footer import FooterKey, FooterLabel

    from wizardcards.tui import i18n

    record = played_record()
    for language, words in (("en", ["step", "round", "start/end", "other seat", "score sheet", "quit"]),
                            ("de", ["Zug", "Runde", "Anfang/Ende", "Platz", "Spielblock", "beenden"])):
        i18n.use(language)

        async def run(language: str, words: list[str]) -> None:
            app = ReplayApp(record)
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                keys = [*app.screen.query(FooterKey), *app.screen.query(FooterLabel)]
                assert len(keys) == 9 + 3  # every binding of the replay has its place, and each pair its label
                assert all(key.region.right <= 80 and key.region.width > 0 for key in keys)
                text = footer_text(app)
                assert all(word in text for word in words), text
                if language == "en":
                    snapshot(app, "replay-80-columns")

        asyncio.run(run(language, words))
    i18n.use("en")


def test_replay_names_cards_in_the_terminal_notation() -> None:
    """The step line names every card as the table does (10♦, Q♠, Wiz), never in the record's notation (Td, Qs)."""
    record = played_record(7)
    states = list(replay_states(record))
    cards = [i for i, a in enumerate(record.actions) if A.is_card_action(a)]

    async def run() -> None:
        app = ReplayApp(record)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for index in cards:
                app.action_go(index + 1)
                await pilot.pause()
                step = str(app.query_one("#step", Static).content)
                label = render.decision_text(record.actions[index], states[index].view(0))
                assert label in ("Wiz", "Jes") or (label[-1] in "♣♦♥♠" and label[:-1] in render.RANKS_TWO_TO_ACE)
                assert f": {label} ·" in step
                assert not re.search(r": [2-9TJQKA][cdhs] ", step), step

    asyncio.run(run())
