"""Game records as files: ``save_record`` writes a ``GameRecord``, ``load_record`` reads one back.

A record file holds either form the core writes: the JSON (``GameRecord.to_json`` / ``from_json``) or the game
notation for people (``game_to_text`` / ``game_from_text``, docs/notation.md). ``save_record`` writes the notation
to a path ending in ``GAME_SUFFIX`` (``.wzg``) and JSON to any other; ``load_record`` tells them apart by the text
(JSON starts with ``{``), whatever the name. ``save_record_forms`` writes both side by side. Reading and writing files
is the front ends' business, and this is the one place they do it. A file that cannot be read, or does not hold a valid
record, raises ``RecordError`` naming the file.
"""

from __future__ import annotations

import os
from pathlib import Path

from .core import GameRecord, RecordError, game_from_text, game_to_text

GAME_SUFFIX = ".wzg"
"""The file name ending of a record written in the game notation."""


def save_record(record: GameRecord, path: str | os.PathLike[str]) -> Path:
    """Write ``record`` to ``path`` (its folder made if missing) through a temporary name and a rename, so that a
    process stopped mid-write leaves any previous file intact; the game notation when the name ends in
    ``GAME_SUFFIX``, JSON otherwise. Returns the path written."""
    target = Path(path)
    text = game_to_text(record) if target.suffix == GAME_SUFFIX else record.to_json() + "\n"
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(target.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, target)
    return target


def save_record_forms(record: GameRecord, stem: str | os.PathLike[str]) -> tuple[Path, Path]:
    """Write ``record`` twice, as ``STEM.json`` and ``STEM.wzg``; returns both paths."""
    base = Path(stem)
    return (save_record(record, base.with_name(base.name + ".json")),
            save_record(record, base.with_name(base.name + GAME_SUFFIX)))


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """The record in the file at ``path``; ``RecordError`` when the file cannot be read or holds no valid record."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"cannot read {os.fspath(path)}: {error}") from None
    try:
        return GameRecord.from_json(text) if text.lstrip().startswith("{") else game_from_text(text)
    except RecordError as error:
        raise RecordError(f"{os.fspath(path)}: {error}") from None


__all__ = ["GAME_SUFFIX", "RecordError", "load_record", "save_record", "save_record_forms"]
