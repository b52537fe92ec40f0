"""Game records as files: ``save_record`` writes a ``GameRecord``'s JSON, ``load_record`` reads one back.

The core turns records into JSON and back (``GameRecord.to_json`` / ``from_json``); reading and writing files is the
front ends' business, and this is the one place they do it. A file that cannot be read, or does not hold a valid
record, raises ``RecordError`` naming the file.
"""

from __future__ import annotations

import os
from pathlib import Path

from .core import GameRecord, RecordError


def save_record(record: GameRecord, path: str | os.PathLike[str]) -> Path:
    """Write ``record`` to ``path`` (its folder made if missing) through a temporary name and a rename, so that a
    process stopped mid-write leaves any previous file intact; returns the path written."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(target.name + ".tmp")
    temporary.write_text(record.to_json() + "\n", encoding="utf-8")
    os.replace(temporary, target)
    return target


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """The record in the file at ``path``; ``RecordError`` when the file cannot be read or holds no valid record."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"cannot read {os.fspath(path)}: {error}") from None
    try:
        return GameRecord.from_json(text)
    except RecordError as error:
        raise RecordError(f"{os.fspath(path)}: {error}") from None


__all__ = ["RecordError", "load_record", "save_record"]
