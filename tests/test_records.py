"""Game records as files (``wizardcards.records``): what is saved loads back equal and replays; a bad file is a
``RecordError`` that names it; a save replaces the file whole."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from wizardcards.core import GameRecord, RuleSet, new_game, replay
from wizardcards.records import RecordError, load_record, save_record


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
