"""``wizard replay`` stepping through a record, and the commands' refusals (clear message, nothing started)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from wizardcards.cli import main
from wizardcards.core import RuleSet, new_game, replay_states
from wizardcards.records import save_record
from wizardcards.tui.controller import analyse
from wizardcards.tui.replay import ReplayApp

from .conftest import SIZE, screen_text


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
            assert f"{record.names[actor]}: {states[2].action_to_text(record.actions[2])}" in text
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
