"""``wizard arena`` from the command line: report, plot, --rounds, and clear refusals of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wizardcards.arena.command import split_bots
from wizardcards.cli import main


def test_rulebased_beats_random_with_separate_intervals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, png = tmp_path / "r.json", tmp_path / "r.png"
    code = main([
        "arena", "--game", "wizard", "--players", "4", "--rules", "quick", "--bots", "rulebased,random,random,random",
        "--games", "40", "--duplicate", "--seed", "3", "--workers", "2", "--json", str(out), "--plot", str(png),
    ])
    assert code == 0
    report = json.loads(out.read_text())
    assert report["format"] == "wizardcards-arena/1" and report["seed"] == 3 and report["duplicate"]
    assert report["command"][:2] == ["wizard", "arena"] and "--seed" in report["command"]
    rule, *randoms = report["stats"]["bots"]
    assert all(rule["low"] > other["high"] for other in randoms)
    ratings = {r["bot"]: r["mu"] for r in report["ratings"]}
    assert ratings["rulebased"] > max(ratings["random"], ratings["random#2"], ratings["random#3"])
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000
    printed = capsys.readouterr().out
    assert "rulebased" in printed and "seed 3" in printed


def test_rounds_reports_the_bid_accuracy_of_each_bot(tmp_path: Path) -> None:
    out = tmp_path / "r3.json"
    code = main(["arena", "--bots", "rulebased,random,random", "--games", "30", "--rounds", "3", "--seed", "1",
                 "--workers", "1", "--json", str(out)])
    assert code == 0
    report = json.loads(out.read_text())
    assert report["rounds"] == 3 and report["rules"]["players"] == 3
    for row in report["stats"]["bots"]:
        assert row["rounds"] == 30 * 3  # three hands of 3 cards per game
        assert 0 <= row["bid_accuracy"] <= 1
    assert report["stats"]["bots"][0]["bid_accuracy"] > report["stats"]["bots"][1]["bid_accuracy"]


def test_wily_tournament(tmp_path: Path) -> None:
    out = tmp_path / "w.json"
    code = main(["arena", "--game", "wily", "--bots", "rulebased,random,rulebased,random", "--games", "4",
                 "--seed", "2", "--workers", "1", "--json", str(out)])
    assert code == 0
    report = json.loads(out.read_text())
    rows = report["stats"]["bots"]
    assert all(0 <= row["mean_score"] <= 6 for row in rows)
    assert sum(row["high_bids"] for row in rows) == rows[0]["hands"]
    teams = sorted(tuple(t["team"]) for t in report["stats"]["teams"])
    assert teams == [("random", "random#2"), ("rulebased", "rulebased#2")]  # partners sit opposite


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "random,random,random", "--players", "4"], "4 players need 4 bots"),
        (["--bots", "random,random,random,random", "--games", "6", "--duplicate"], "multiple of 4"),
        (["--bots", "nobody,random,random"], "no bot called 'nobody'"),
        (["--game", "wily", "--bots", "random,random,random,random", "--rounds", "3"], "Wizard"),
        (["--bots", "random,random,random", "--rounds", "21"], "cannot be dealt"),
        (["--bots", "random,random,random", "--workers", "0"], "at least 1"),
        (["--bots", "random,random,random,random", "--rules", "wily"], "is a wily rule set"),
        (["--bots", "random,random,random", "--plot", "out.pdf"], "PNG"),
    ],
)
def test_bad_input_is_refused_and_writes_nothing(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "r.json"
    assert main(["arena", *argv, "--json", str(out)]) == 2
    assert message in capsys.readouterr().out
    assert not out.exists()


def test_bot_specs_keep_their_parameters() -> None:
    specs = split_bots("search:level=3,samples=9,random, rulebased")
    assert specs == ("search:level=3,samples=9", "random", "rulebased")


def test_records_writes_each_game_in_both_forms(tmp_path: Path) -> None:
    from wizardcards.core import replay
    from wizardcards.records import load_record

    folder = tmp_path / "records"
    code = main(["arena", "--bots", "rulebased,random,random", "--games", "3", "--rounds", "2", "--seed", "4",
                 "--workers", "2", "--records", str(folder)])
    assert code == 0
    names = sorted(p.name for p in folder.iterdir())
    assert names == [f"game-{g:05d}.{kind}" for g in range(3) for kind in ("json", "wzg")]
    for game in range(3):
        record = load_record(folder / f"game-{game:05d}.json")
        assert load_record(folder / f"game-{game:05d}.wzg") == record and replay(record).is_terminal()
        assert sorted(record.names or []) == ["random", "random#2", "rulebased"]


def test_a_bot_in_several_seats_gets_a_pooled_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "p.json"
    code = main(["arena", "--bots", "rulebased,random,random,random", "--games", "8", "--rounds", "2", "--seed", "5",
                 "--workers", "1", "--json", str(out)])
    assert code == 0
    report = json.loads(out.read_text())
    rows = {row["bot"]: row for row in report["stats"]["bots"]}
    (pooled,) = report["stats"]["pooled"]  # only random holds several seats
    assert pooled["bot"] == "random" and pooled["entries"] == ["random", "random#2", "random#3"]
    singles = [rows[label] for label in pooled["entries"]]
    # the pooled figures are those of the three entries together, per game
    assert pooled["mean_score"] == pytest.approx(sum(r["mean_score"] for r in singles) / 3)
    assert pooled["win_rate"] == pytest.approx(sum(r["win_rate"] for r in singles) / 3)
    assert pooled["rounds"] == sum(r["rounds"] for r in singles)
    hits = sum(r["bid_accuracy"] * r["rounds"] for r in singles)
    assert pooled["bid_accuracy"] == pytest.approx(hits / pooled["rounds"])
    printed = " ".join(capsys.readouterr().out.split())
    assert "random (pooled: 3 seats)" in printed and "rulebased (pooled" not in printed


def test_a_folder_that_does_not_exist_is_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "no-such-folder" / "r.json"
    assert main(["arena", "--bots", "random,random,random", "--games", "3", "--json", str(missing)]) == 2
    printed = capsys.readouterr().out
    assert "does not exist" in printed and "games/s" not in printed  # refused, nothing played


def test_a_report_that_cannot_be_written_is_saved_elsewhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failure after the tournament never loses its results: the table is printed and the report saved."""
    from wizardcards.arena import report as report_module

    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)

    def broken_plot(report: object, path: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(report_module, "plot", broken_plot)
    code = main(["arena", "--bots", "random,random,random", "--games", "3", "--seed", "2", "--workers", "1",
                 "--plot", str(tmp_path / "r.png")])
    assert code == 1
    printed = " ".join(capsys.readouterr().out.split())
    assert "cannot plot to" in printed and "disk full" in printed and "games/s" in printed
    (saved,) = tmp_path.glob("wizard-arena-2-*.json")
    assert json.loads(saved.read_text())["seed"] == 2 and "report is saved in" in printed
