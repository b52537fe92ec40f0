"""Game records as files (``wizardcards.records``): what is saved loads back equal and replays; a bad file is a
``RecordError`` that names it; a save replaces the file whole."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from wizardcards.core import GameRecord, RuleSet, new_game, replay
from wizardcards.records import RecordError, load_record, save_record, save_record_forms


def finished_record() -> GameRecord:
    state = new_game(RuleSet(players=3, schedule="custom", custom_hand_sizes=(1, 2)), 8)
    rng = random.Random(8)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state.record(["Ann", "Bob", "Cy"])


def test_a_saved_record_loads_back_equal_and_replays(tmp_path: Path) -> None:
    record = finished_record()
    path = save_record(record, tmp_path / "new folder" / "game.json")
    assert path == tmp_path / "new folder" / "game.json"
    again = load_record(path)
    assert again == record
    assert replay(again).returns() == replay(record).returns()
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]  # no temporary file left behind


def test_saving_again_replaces_the_file(tmp_path: Path) -> None:
    record = finished_record()
    path = save_record(record, tmp_path / "game.json")
    shorter = GameRecord(record.rules, record.seed, record.actions[:3], record.names)
    save_record(shorter, path)
    assert load_record(path).actions == record.actions[:3]


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (None, "cannot read"),
        ("{not json", "JSON"),
        ('{"format": "something-else/1"}', "not a game record"),
        (b"\xff\xfe\x00", "cannot read"),
    ],
)
def test_a_bad_file_is_a_record_error_naming_it(tmp_path: Path, content: str | bytes | None, reason: str) -> None:
    path = tmp_path / "bad.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    with pytest.raises(RecordError, match=reason) as error:
        load_record(path)
    assert str(path) in str(error.value)


def test_a_wzg_path_gets_the_game_notation_and_either_form_loads_by_its_text(tmp_path: Path) -> None:
    record = finished_record()
    notation = save_record(record, tmp_path / "game.wzg")
    assert notation.read_text().startswith('[Format "wizardcards-game/1"]\n')
    assert load_record(notation) == record
    # load_record goes by the text, not the name: JSON under .wzg and notation under .txt both load
    (tmp_path / "json.wzg").write_text(record.to_json())
    (tmp_path / "game.txt").write_text(notation.read_text())
    assert load_record(tmp_path / "json.wzg") == record == load_record(tmp_path / "game.txt")


def test_both_forms_side_by_side(tmp_path: Path) -> None:
    record = finished_record()
    paths = save_record_forms(record, tmp_path / "games" / "game-00001")
    assert [p.name for p in paths] == ["game-00001.json", "game-00001.wzg"]
    assert paths[0].read_text().startswith("{") and paths[1].read_text().startswith("[")
    assert load_record(paths[0]) == load_record(paths[1]) == record


def test_a_broken_notation_file_names_the_file_and_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.wzg"
    path.write_text('[Rules "wizard/3"]\n[Seed "1"]\n1. bid 0 bid 9\n')
    with pytest.raises(RecordError, match=r"bad\.wzg: line 3 \(round 1, bidding\): bid 9: "):
        load_record(path)
