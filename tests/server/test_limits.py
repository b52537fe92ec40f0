"""``wizard serve --limit NAME=VALUE``: every limit can be changed by name; a wrong name or value is refused, naming
what is wrong, before the server starts."""

from __future__ import annotations

import subprocess
import sys

import pytest

from wizardcards.server.limits import Limits


def test_a_limit_is_changed_by_name_and_keeps_its_kind() -> None:
    limits = Limits().with_changes(["tables_per_minute=3", "claim_seconds=1.5", "hello_seconds=2"])
    assert (limits.tables_per_minute, limits.claim_seconds, limits.hello_seconds) == (3, 1.5, 2.0)
    assert isinstance(limits.hello_seconds, float) and limits.joins_per_minute == Limits().joins_per_minute


@pytest.mark.parametrize(("assignment", "words"), [
    ("tables=3", "NAME one of"), ("tables_per_minute", "NAME=VALUE"), ("tables_per_minute=2.5", "needs a whole number"),
    ("claim_seconds=soon", "needs a number"), ("hello_seconds=-1", ">= 0"), ("claim_seconds=inf", "finite"),
])
def test_a_wrong_limit_is_refused_naming_it(assignment: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Limits().with_changes([assignment])


def test_the_server_does_not_start_on_a_wrong_limit() -> None:
    done = subprocess.run([sys.executable, "-m", "wizardcards.cli", "serve", "--limit", "tables=3"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--limit takes NAME=VALUE" in done.stderr
