"""``wizard simulate --game wily``: the summary for every mode, refused rule sets, replayable records."""

from __future__ import annotations

from pathlib import Path

import pytest

from wizardcards.cli import main
from wizardcards.core import replay
from wizardcards.records import load_record


@pytest.mark.parametrize(
    ("args", "seats", "teams"),
    [
        (["--players", "4"], 4, 2),
        (["--players", "6"], 6, 3),
        (["--rules", "wily-two-teams"], 6, 2),
        (["--rules", "wily-no-partners", "--players", "7"], 7, 7),
        (["--rules", "wily-no-passing", "--players", "3"], 3, 3),
        (["--rules", "wily-combined"], 4, 2),
        (["--rules", "wily-no-trump"], 4, 2),
    ],
)
def test_simulate_prints_a_summary(args: list[str], seats: int, teams: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "wily", "--games", "4", "--seed", "3", *args]) == 0
    out = " ".join(capsys.readouterr().out.split())  # the console wraps long lines at its width
    assert f"4 random games of wily, {seats} players" in out
    assert "mean letters" in out and "win share" in out
    assert "hands per game" in out and "thrown in" in out and "made" in out
    assert out.count("team ") >= teams and f"team {teams - 1} (seats" in out
    assert "games/s" in out


def test_simulate_refuses_rule_sets_of_the_wrong_game_or_size(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "wily", "--rules", "standard", "--games", "1"]) == 2
    assert "is a wizard rule set, not wily" in capsys.readouterr().out
    assert main(["simulate", "--game", "wily", "--rules", "wily-two-teams", "--players", "4", "--games", "1"]) == 2
    assert "two teams is for 6 players" in capsys.readouterr().out
    assert main(["simulate", "--game", "wily", "--players", "5", "--games", "1"]) == 2
    assert "partners is for 4 or 6 players" in capsys.readouterr().out


def test_simulate_writes_replayable_wily_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "wily", "--games", "2", "--seed", "9", "--record", str(tmp_path)]) == 0
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-00000.json", "game-00000.wzg", "game-00001.json",
                                                          "game-00001.wzg"]
    for path in files:
        record = load_record(path)
        assert record.rules.game.value == "wily"
        state = replay(record)
        assert state.is_terminal() and max(state.returns()) == 6
        notation = path.with_suffix(".wzg")
        assert notation.read_text().startswith("[Format ") and load_record(notation) == record
