"""Outside engines at the server's tables, on a real ``wizard serve`` process: the operator's engines
(``--engine NAME=CMD``) are offered in ``/meta`` and play whole games (both reference engines, one beside a person
over a real WebSocket); at tables with the special cards only those that announced them (heard at the server's
start), which play such games too; an engine that fails is replaced by the stand-in and logged, and the game goes on;
and a stranger who names a command (``engine:CMD``) or an engine the operator did not configure is refused with a 422
and starts no program."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.helpers import LOOSE, Client, play_to_end, poster, wait_until_finished, with_tokens
from tests.server.live import SERVE_ENV, ServerProcess, WebSocketClient, answering, free_port, serve_command

from .conftest import PYTHON_ENGINE, ROOT, engine_command

SHORT = {"schedule": "custom", "custom_hand_sizes": [2, 3]}
SPECIAL = {"special_cards": ["dragon", "fairy", "bomb", "werewolf", "juggler", "cloud", "shapeshifter"],
           "schedule": "custom", "custom_hand_sizes": [6, 9]}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, c_engine: str) -> Iterator[tuple[ServerProcess, Path]]:
    folder = tmp_path_factory.mktemp("engine-server")
    log = folder / "server.log"
    limits = [a for name, value in LOOSE.items() for a in ("--limit", f"{name}={value}")]
    engines = ["--engine", f"py={PYTHON_ENGINE}", "--engine", f"c={c_engine}",
               "--engine", f"crashy={engine_command('misbehaving', 'crash-start')}",
               "--engine", f"old={engine_command('recording', str(folder / 'old.log'), 'v1')}"]
    port = free_port()
    with log.open("wb") as out:
        process = subprocess.Popen(serve_command(port, f"sqlite:///{folder / 'server.sqlite3'}", [*limits, *engines]),
                                   env=SERVE_ENV, stdout=out, stderr=subprocess.STDOUT)
    server = ServerProcess(process, port)
    try:
        assert answering(process, server.http, 60, lambda: log.read_text(errors="replace")), log.read_text()
        yield server, log
    finally:
        server.stop()
    # the engines leave with the server's workers
    deadline = time.monotonic() + 20
    while (left := engines_running(c_engine)) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not left, left


def engines_running(c_engine: str) -> list[str]:
    """The command lines of the reference engines' processes still running."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            line = stat.read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if str(ROOT / "examples" / "engine_random.py") in line or c_engine.strip("'") in line:
            found.append(line)
    return found


def create(server: ServerProcess, seats: list[dict[str, Any]], options: dict[str, Any] | None = None) -> httpx.Response:
    # public: the tests read the table as anyone may, without a seat's token
    body = {"game": "wizard", "players": len(seats), "options": options or SHORT, "seats": seats,
            "visibility": "public"}
    return httpx.post(server.http + "/tables", json=body, timeout=30)


def test_the_operators_engines_are_offered_by_name(server: tuple[ServerProcess, Path]) -> None:
    bots = httpx.get(server[0].http + "/meta", timeout=20).json()["bots"]
    engines = [b for b in bots if b["spec"].startswith("engine:")]
    # at a table with the special cards, those that announced them (feature special_cards) when the server started
    # them: both reference engines; not one of version 1 (it announces nothing), nor one that does not start
    assert engines == [{"spec": f"engine:{name}", "label": name, "special_cards": special}
                       for name, special in (("py", True), ("c", True), ("crashy", False), ("old", False))]


def test_the_engines_that_announced_the_special_cards_play_a_whole_game_of_them(
        server: tuple[ServerProcess, Path]) -> None:
    http, log = server
    response = create(http, [{"name": "Py", "bot": "engine:py"}, {"name": "C", "bot": "engine:c"},
                             {"name": "R", "bot": "rulebased"}], SPECIAL)
    assert response.status_code == 201, response.text
    table = response.json()["id"]
    summary = wait_until_finished(lambda path: httpx.get(http.http + path, timeout=20), table, timeout=120)
    record = httpx.get(f"{http.http}/tables/{table}/record", timeout=20).json()
    assert summary["status"] == "finished" and len(record["actions"]) >= 3 * 6 + 3 * 9
    assert "stand-in" not in log.read_text(errors="replace")  # the engines played every one of their decisions


def test_an_engine_that_did_not_announce_the_special_cards_is_refused_at_their_tables(
        server: tuple[ServerProcess, Path]) -> None:
    http, _ = server
    for name in ("old", "crashy"):
        response = create(http, [{"name": "O", "bot": f"engine:{name}"}, {"name": "R", "bot": "rulebased"},
                                 {"name": "P", "bot": "engine:py"}], SPECIAL)
        assert response.status_code == 422, response.text
        detail = str(response.json()["detail"])
        assert (f"seat 0: the bot 'engine:{name}' does not play the special cards (dragon, fairy, bomb, werewolf, "
                "juggler, cloud, shapeshifter) (an engine plays them when it announces 'feature special_cards', "
                "docs/engine-protocol.md): seat random, rulebased, search, engine:c or engine:py") in detail, detail
    # without them it plays as ever
    response = create(http, [{"name": "O", "bot": "engine:old"}, {"name": "R", "bot": "rulebased"},
                             {"name": "P", "bot": "engine:py"}])
    assert response.status_code == 201, response.text
    wait_until_finished(lambda path: httpx.get(http.http + path, timeout=20), response.json()["id"], timeout=120)


def test_a_worker_asked_for_a_game_its_engine_did_not_announce_sends_it_nothing(tmp_path: Path) -> None:
    """Behind the 422 (a table stored while the operator's engine said otherwise): the worker's engine is refused
    the decision (the table's stand-in plays it) without counting as failed, and goes on with its other tables."""
    import random as _random

    from wizardcards.bots.engine import RulesRefused
    from wizardcards.core import find_rules, new_game
    from wizardcards.server import players

    log = tmp_path / "old.log"
    command = engine_command("recording", str(log), "v1")
    special = new_game(find_rules("anniversary-2021", players=3), 1)
    standard = new_game(find_rules("standard", players=3), 1)
    try:
        with pytest.raises(RulesRefused, match="does not play the special cards"):
            players.decide("engine:old", special.view(special.current_player()), 0, command)
        view = standard.view(standard.current_player())
        assert players.decide("engine:old", view, _random.Random(0).getrandbits(32), command) in view.legal_actions
        assert ("old", command) not in players._failed
    finally:
        players.close_engines()
    assert log.read_text().splitlines()[:2] == ["wizard-engine 1 2", "rules wizard/3"]


def test_both_reference_engines_play_a_whole_game_beside_a_person(server: tuple[ServerProcess, Path]) -> None:
    http, log = server[0], server[1]
    response = create(http, [{"name": "Ann"}, {"name": "Py", "bot": "engine:py"}, {"name": "C", "bot": "engine:c"}])
    assert response.status_code == 201, response.text
    table = with_tokens(poster(http.http), response.json())
    socket = WebSocketClient(http.port, timeout=60)
    try:
        client = Client(socket, {0})
        client.hello(table["seats"][0]["token"])
        play_to_end([client], random.Random(3))
    finally:
        socket.close()
    summary = wait_until_finished(lambda path: httpx.get(http.http + path, timeout=20), table["id"])
    record = httpx.get(f"{http.http}/tables/{table['id']}/record", timeout=20).json()
    # two rounds of 2 and 3 cards: 3 bids and 3 * 2 cards, then 3 bids and 3 * 3 cards (and a trump choice or two)
    assert summary["status"] == "finished" and len(record["actions"]) >= 3 * 2 + 3 * (2 + 3)
    assert "stand-in" not in log.read_text(errors="replace")  # the engines played every one of their decisions


def test_a_failing_engine_is_logged_and_the_stand_in_finishes_its_game(server: tuple[ServerProcess, Path]) -> None:
    http, log = server
    response = create(http, [{"name": f"B{i}", "bot": spec} for i, spec in
                             enumerate(["engine:crashy", "rulebased", "engine:py"])])
    assert response.status_code == 201, response.text
    wait_until_finished(lambda path: httpx.get(http.http + path, timeout=20), response.json()["id"], timeout=120)
    text = log.read_text(errors="replace")
    assert "engine 'crashy' exited (code 3); the stand-in rulebased plays for seat 0" in text, text[-3000:]


@pytest.mark.parametrize("spec", [
    "engine:python3 -c \"open('{marker}', 'w')\"",  # a command (short: the spec's length is bounded)
    "engine:nope",  # a name the operator did not configure
])
def test_a_stranger_cannot_make_the_server_start_a_program(server: tuple[ServerProcess, Path], tmp_path: Path,
                                                           spec: str) -> None:
    marker = tmp_path / "started"
    spec = spec.format(marker=marker)
    response = create(server[0], [{"name": "x", "bot": spec}, {"name": "y", "bot": "rulebased"},
                                  {"name": "z", "bot": "rulebased"}])
    assert response.status_code == 422, response.text
    detail = str(response.json()["detail"])
    assert "only the engines its operator configured: engine:c, engine:crashy, engine:old, engine:py" in detail, detail
    time.sleep(1.0)  # had a table been made, its first bot would have started by now
    assert not marker.exists()


def test_a_worker_runs_no_engine_the_operator_did_not_give_it() -> None:
    """Behind the 422: a worker asked for ``engine:NAME`` without the operator's command (a table stored by a server
    configured otherwise) raises, and the table's stand-in plays; the name is never run as a command."""
    from wizardcards.bots.engine import EngineError
    from wizardcards.core import find_rules, new_game
    from wizardcards.server import players

    view = new_game(find_rules("standard", players=3), 1).view(1)
    with pytest.raises(EngineError, match="not configured on this server"):
        players.decide(f"engine:{sys.executable} -c pass", view, 0)


@pytest.mark.parametrize(("items", "said"), [
    (["sh"], "write NAME=CMD"),
    (["bad name=x"], "write NAME=CMD"),
    (["a="], "no command"),
    (["a=python3 'x"], "cannot be read"),
    (["a=x", "a=y"], "given twice"),
])
def test_wizard_serve_refuses_an_engine_it_cannot_read(items: list[str], said: str) -> None:
    from wizardcards.server.players import parse_engines

    with pytest.raises(ValueError, match=said):
        parse_engines(items)
    assert parse_engines(["mine=python3 /opt/mine.py --fast"]) == {"mine": "python3 /opt/mine.py --fast"}
