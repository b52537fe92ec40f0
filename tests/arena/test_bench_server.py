"""``wizard bench server:CMD``: the benchmark played through the bench's own server by a bot account's program
(``python -m wizardcards.client``), over the bot API and the WebSocket protocol; its figures equal a local run's for
an agent that is deterministic given its view, forfeits are the server's turn timer, and a program that never plays
stops the run."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from wizardcards.arena import bench_server  # noqa: E402
from wizardcards.arena.bench import BenchPlan, run_bench, validate  # noqa: E402
from wizardcards.arena.bench_server import BenchServerError, play_through_server  # noqa: E402
from wizardcards.arena.match import TournamentConfig, hands_of, play_game  # noqa: E402
from wizardcards.core import find_rules  # noqa: E402

from .test_bench import machine_free  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CLIENT = [sys.executable, "-m", "wizardcards.client"]
SLOW_BOT = ROOT / "tests" / "arena" / "slow_bot_client.py"


def test_a_bot_account_through_the_server_scores_what_it_scores_locally(tmp_path: Path) -> None:
    agent = "server:" + shlex.join([*CLIENT, "--bot", "rulebased"])
    out = tmp_path / "server.json"
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "wizardcards.cli", "bench", agent, "--sizes", "3", "--opponents",
                           "random", "--deals", "2", "--workers", "3", "--out", str(out)],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)
    took = time.monotonic() - started
    assert done.returncode == 0, done.stdout + done.stderr
    result = json.loads(out.read_text())
    assert validate(result) == []
    assert result["backend"] == "server" and result["agent"] == agent and result["move_seconds"] == 15
    row = result["tables"][0]
    assert row["games"] == 6 and row["forfeits"] == 0 and row["decisions"] > 0
    assert 0 < row["seconds_per_decision"] <= row["longest_decision"]  # measured at the server, per decision
    local = run_bench(BenchPlan("rulebased", sizes=(3,), opponents=("random",), deals=2), workers=1)
    # every figure but the machine's: the deals, the seats, the random opponents' draws and the agent's play are
    # the arena's (the bench's own server draws each seat's bot from the arena's stream)
    server_free, local_free = machine_free(result), machine_free(local)
    for document in (server_free, local_free):
        document.pop("agent")
        document.pop("move_seconds", None)
    assert server_free == local_free
    assert row["points"]["mean"] == local["tables"][0]["points"]["mean"]
    print(f"through the server: {took:.1f} s")


def short_config(bots: tuple[str, ...]) -> TournamentConfig:
    """Three players, one card a hand (three hands): a game is 18 decisions, six of them the agent's."""
    return TournamentConfig(hands_of(find_rules("standard", players=3), 1), bots, 3, 2_703, duplicate=True)


def test_a_program_that_does_not_answer_in_time_forfeits_to_the_rule_based_stand_in() -> None:
    # a bot that answers each decision after 30 s, with a turn timer of 0.3 s: every decision of its seat is the
    # stand-in's (rulebased, from the seat's own stream), counted as a forfeit; the points are then rulebased's
    config = short_config(("server:slow", "random", "random"))
    [(_, results, _)] = play_through_server([config], [sys.executable, str(SLOW_BOT)], 3, 0.3)
    assert [r.forfeits[0] for r in results] == [r.moves[0] for r in results] == [6, 6, 6]
    assert all("no answer within" in r.engine_errors[0] for r in results)
    assert min(r.think_seconds[0] for r in results) >= 6 * 0.3
    local = [play_game(short_config(("rulebased", "random", "random")), index) for index in range(3)]
    assert [r.scores for r in results] == [r.scores for r in local]
    assert [r.rounds for r in results] == [r.rounds for r in local]


def test_a_program_that_exits_stops_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_server, "JOIN_SECONDS", 20.0)
    config = short_config(("server:gone", "random", "random"))
    with pytest.raises(BenchServerError, match=r"exited \(3\).*bye"):
        play_through_server([config], [sys.executable, "-c", "print('bye'); raise SystemExit(3)"], 1)


def test_the_command_refuses_what_it_cannot_run(capsys: pytest.CaptureFixture[str]) -> None:
    from wizardcards.cli import main

    assert main(["bench", "server:", "--deals", "1"]) == 2
    assert "server:CMD names the program" in capsys.readouterr().out
    assert main(["bench", "server:x", "--backend", "ray", "--deals", "1"]) == 2
    assert "--backend is for bot specs" in capsys.readouterr().out
    assert main(["bench", "rulebased", "--move-seconds", "3", "--deals", "1"]) == 2
    assert "--move-seconds is the turn timer" in capsys.readouterr().out


def test_a_program_busy_with_its_games_is_invited_again() -> None:
    # the client plays one game at once and declines the other tables' invitations with "later": each is asked
    # again until it is free, and the results are the local ones
    config = short_config(("server:one at a time", "random", "random"))
    [(_, results, _)] = play_through_server([config], [*CLIENT, "--bot", "rulebased", "--concurrent", "1"], 3)
    local = [play_game(short_config(("rulebased", "random", "random")), index) for index in range(3)]
    assert [r.scores for r in results] == [r.scores for r in local]
    assert [r.forfeits[0] for r in results] == [0, 0, 0]
