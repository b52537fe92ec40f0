"""The engine protocol's host (``bots/engine.py``, the bot ``engine:CMD``) against real programs: both reference
engines play whole arena matches; engines that crash, hang, flood their output, answer a move that is malformed or
not legal, or never start are reported, forfeit, and the game goes on within seconds; and what an engine reads on
its stdin never holds a card another seat may keep from it."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from wizardcards.arena.match import GameResult, TournamentConfig, hands_of, play_game
from wizardcards.bots import engine as E
from wizardcards.bots import make_bot
from wizardcards.bots.engine import EngineBot, EngineError
from wizardcards.bots.rulebased import RuleBasedBot
from wizardcards.core import UNKNOWN, Phase, card_to_text, find_rules, new_game, position_from_text
from wizardcards.core.cards import FIRST_WIZARD

from .conftest import PYTHON_ENGINE, ROOT, engine_command

SMALL = hands_of(find_rules("standard", players=3), 2)  # three hands of two cards: a game in a second


def one_game(engine: str, seed: int = 1) -> tuple[GameResult, float]:
    config = TournamentConfig(SMALL, (f"engine:{engine}", "rulebased", "random"), 1, seed)
    started = time.monotonic()
    result = play_game(config, 0)
    return result, time.monotonic() - started


# --- the reference engines ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["python", "c"])
def test_the_reference_engines_play_whole_arena_matches_without_a_forfeit(which: str, request: pytest.FixtureRequest
                                                                         ) -> None:
    from wizardcards.arena import run_tournament

    command = PYTHON_ENGINE if which == "python" else request.getfixturevalue("c_engine")
    for rules in (hands_of(find_rules("standard", players=3), 3), find_rules("wily", players=4)):
        bots = (f"engine:{command}", *["rulebased"] * (rules.players - 1))
        config = TournamentConfig(rules, bots, games=rules.players, seed=7, duplicate=True)
        report = run_tournament(config, workers=1)
        engine_row = report["stats"]["bots"][0]
        assert engine_row["games"] == rules.players and engine_row["forfeits"] == 0, engine_row
        assert report["stats"]["decisions"] > 0
        # the engine answers with the seed the host gives: the same match again is the same match
        again = run_tournament(config, workers=1)
        assert again["stats"]["bots"] == report["stats"]["bots"]


def test_an_engine_bot_is_a_bot_spec_that_starts_nothing_until_it_decides(tmp_path: Path) -> None:
    marker = tmp_path / "started"
    bot = make_bot(f"engine:{sys.executable} -c \"open('{marker}', 'w')\"")
    assert isinstance(bot, EngineBot)
    time.sleep(0.2)
    assert not marker.exists()  # checking a spec (the arena, wizard play, the server) runs no program


def test_the_engine_is_told_the_rules_seat_position_and_legal_moves_and_its_info_is_read(tmp_path: Path) -> None:
    log = tmp_path / "engine.log"
    state = new_game(SMALL, 3)
    with EngineBot(engine_command("recording", str(log))) as bot:
        view = state.view(state.current_player())
        action = bot.act(view, random.Random(0))
        assert action in view.legal_actions
    lines = log.read_text().splitlines()
    assert lines[0] == "wizard-engine 1 2" == E.GREETING  # the versions it speaks: one of version 1 reads the first
    assert lines[1].startswith("rules wizard/3:") and lines[2] == f"seat {view.seat}"
    assert lines[3].startswith("position wizard/3:") and lines[4].startswith("legal bid 0,bid 1,bid 2")
    assert re.fullmatch(r"go movetime 1000 seed \d+", lines[5]) and lines[6] == "quit"


def test_our_bot_speaks_the_protocol_and_shows_its_values(tmp_path: Path) -> None:
    """``wizard engine search:level=1`` answers a host's lines with the search bot's values and move."""
    lines = ("wizard-engine 1\nrules wizard/3\nseat 1\n"
             "position wizard/3 r3 d2 t:Kc h:?/3c.2h.9h/? b:1.0.2 p:7h s:0.0.0\nlegal 2h,9h\n"
             "go movetime 1000 seed 5\nquit\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, "-m", "wizardcards", "engine", "search:level=1"], input=lines,
                          capture_output=True, text=True, timeout=120, env=env)
    out = done.stdout.splitlines()
    assert done.returncode == 0 and out[:2] == ["id name wizardcards search:level=1", "ready"], done.stderr
    assert re.fullmatch(r"info values (2h|9h)=-?\d+\.\d\d,(2h|9h)=-?\d+\.\d\d", out[2]), out
    assert out[3] == "move " + out[2].split()[2].split("=")[0]  # the move is the best of the values
    refused = subprocess.run([sys.executable, "-m", "wizardcards", "engine", "nobody"], capture_output=True,
                             text=True, timeout=120, env=env)
    assert refused.returncode == 2 and "no bot called 'nobody'" in refused.stderr


# --- engines that misbehave ----------------------------------------------------------------------------------------


MISBEHAVIOURS = [
    ("crash-start", r"exited \(code 3\)"),
    ("crash-mid", r"exited \(code 1\)"),
    ("hang", r"no move within 1000 ms"),
    ("flood", r"wrote a line of more than 8192 bytes"),
    ("flood-lines", r"wrote more than 100 lines without answering"),
    ("illegal", r"answered 'move '(Wiz|bid 0)'', not a legal move here \(legal: "),
    ("garbage", r"answered 'hello there' where a move or info was due"),
    ("malformed", r"answered 'move '9z'', which is no move"),
    ("never-ready", r"no 'ready' within 2 s of starting"),
    ("bad-hello", r"answered 'uciok' to 'wizard-engine 1 2' \(id, feature, info or ready were due\)"),
    ("twice", r"wrote 'move .*' when nothing was asked"),
]


@pytest.mark.parametrize(("mode", "said"), MISBEHAVIOURS, ids=[m for m, _ in MISBEHAVIOURS])
def test_a_misbehaving_engine_forfeits_and_the_game_goes_on(mode: str, said: str,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # Only the waits a misbehaviour runs into are shortened: a busy machine may take a second to start Python or to
    # pass a line, and an engine that does answer must not be taken for one that hangs.
    if mode == "hang":
        monkeypatch.setattr(E, "MOVE_MS", 300)  # a hang costs a second, not three
        monkeypatch.setattr(E, "GRACE_MS", 700)
    if mode == "never-ready":
        monkeypatch.setattr(E, "START_SECONDS", 2.0)
    result, seconds = one_game(engine_command("misbehaving", mode))
    assert result.forfeits[0] > 0 and result.forfeits[1:] == (0, 0), result
    error = result.engine_errors[0]
    assert re.search(said, error) and "misbehaving.py" in error, error
    # the game was played to its end, the stand-in in the engine's place
    assert [len(rounds) for rounds in result.rounds] == [3, 3, 3]
    # one wait for a broken engine at most (1 s for the hang, 2 s for the start), then the stand-in at once; the rest
    # is starting Python and 27 decisions, which a loaded 2-core machine does in a few seconds
    assert seconds < 20, seconds


def test_a_program_that_does_not_exist_forfeits() -> None:
    result, _ = one_game("/nonexistent/engine")
    assert result.forfeits[0] > 0
    assert "could not be started" in result.engine_errors[0]


def test_a_failed_engine_is_killed_with_its_children_and_not_asked_again(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(E, "GRACE_MS", 500)
    pid_file = tmp_path / "child"
    bot = EngineBot(engine_command("misbehaving", "hang-child", str(pid_file)), move_ms=200)
    view = new_game(SMALL, 1).view(1)
    with pytest.raises(EngineError, match="no move within 700 ms"):
        bot.act(view, random.Random(0))
    child = int(pid_file.read_text())
    deadline = time.monotonic() + 10
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child), "the engine's child outlived it"
    started = time.monotonic()
    with pytest.raises(EngineError, match="no move within 700 ms"):  # the same error, at once
        bot.act(view, random.Random(0))
    assert time.monotonic() - started < 0.5


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split()[2]
    except OSError:
        return False
    return state != "Z"


# --- what an engine is told ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["standard", "hidden-bids", "wily", "wily-no-partners", "anniversary-2021"])
def test_an_engine_never_reads_a_card_another_seat_keeps_from_it(preset: str, tmp_path: Path) -> None:
    """A game with a recording engine in seat 1: at every decision, every card named in the lines the engine read
    (position, legal moves) is one the seat holds, has seen played, saw turned up, gave or received; no other seat's
    hand is written; hidden bids stay hidden."""
    rules = find_rules(preset, players=4)
    if rules.game.value == "wizard":
        rules = hands_of(rules, 5)
    log = tmp_path / "engine.log"
    state, rng, stand_in = new_game(rules, 11), random.Random(11), RuleBasedBot()
    style = rules.rank_style
    checked = 0
    with EngineBot(engine_command("recording", str(log))) as bot:
        while not state.is_terminal():
            seat = state.current_player()
            view = state.view(seat)
            if seat != 1:
                state.apply(stand_in.act(view, rng))
                continue
            before = log.stat().st_size if log.exists() else 0
            state.apply(bot.act(view, rng))
            told = log.read_bytes()[before:].decode()
            known = view.hand | view.played | view.given | view.received
            if view.trump_card >= 0:
                known |= 1 << view.trump_card
            secret = {card_to_text(c, style) for c in range(FIRST_WIZARD) if not known >> c & 1}
            named = set(re.split(r"[\s,./:>]+", told))
            assert not named & secret, (named & secret, told)
            position = position_from_text(re.search(r"^position (.*)$", told, re.M).group(1))  # type: ignore[union-attr]
            assert all(h == UNKNOWN for s, h in enumerate(position.hands) if s != 1), told
            if rules.hidden_bids and view.phase is not Phase.GAME_OVER:
                assert all(b in (None, UNKNOWN) for s, b in enumerate(position.bids) if s != 1), told
            checked += 1
    assert checked > 10


def test_wizard_play_seats_engines_and_the_rule_based_bot_plays_for_a_broken_one() -> None:
    """The terminal game's controller (``wizard play --bots ...``) with a working and a crashing engine: the game is
    played to its end, the crash is kept for the message line."""
    pytest.importorskip("textual")
    from wizardcards.tui.controller import GameController

    crashing = engine_command("misbehaving", "crash-mid")
    controller = GameController.new(SMALL, [f"engine:{PYTHON_ENGINE}", f"engine:{crashing}"], seed=4, pace=0,
                                    save=False)
    rng = random.Random(4)
    while not controller.over:
        if controller.human_on_turn():
            controller.play(rng.choice(controller.view().legal_actions))
        else:
            controller.step_bot()
    assert len(controller.engine_errors) > 0
    assert all("misbehaving.py crash-mid' exited (code 1)" in e for e in controller.engine_errors)
    for bot in controller.bots.values():
        bot.close()  # type: ignore[attr-defined]


def test_wizard_arena_reports_an_engines_forfeits(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    crashing = engine_command("misbehaving", "crash-mid")
    done = subprocess.run(
        [sys.executable, "-m", "wizardcards", "arena", "--bots", f"engine:{crashing},rulebased,random", "--games", "3",
         "--rounds", "2", "--seed", "5", "--workers", "1", "--json", str(report)],
        capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    assert done.returncode == 0, done.stdout + done.stderr
    said = " ".join(done.stdout.split())  # rich wraps the line
    assert re.search(r"forfeits: engine:.*misbehaving\.py crash-mid: \d+ decisions in 3 games played by the "
                     r"rule-based stand-in; first: engine .* exited \(code 1\)", said), done.stdout
    rows = json.loads(report.read_text())["stats"]["bots"]
    assert rows[0]["forfeits"] > 0 and rows[0]["forfeit_games"] == 3 and "exited (code 1)" in rows[0]["engine_error"]
    assert rows[1]["forfeits"] == rows[2]["forfeits"] == 0
