"""``wizard serve --limit NAME=VALUE``: every limit can be changed by name; a wrong name or value is refused, naming
what is wrong, before the server starts."""

from __future__ import annotations

import subprocess
import sys

import pytest

from wizardcards.server.limits import Limits, network_of


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


@pytest.mark.parametrize(("client", "network"), [
    ("203.0.113.7", "203.0.113.0/24"), ("203.0.113.250", "203.0.113.0/24"), ("127.1.0.9", "127.1.0.0/24"),
    ("2001:db8:1234:5678::1", "2001:db8:1234:5600::/56"), ("2001:db8:1234:56ff:1::9", "2001:db8:1234:5600::/56"),
    ("::ffff:198.51.100.4", "198.51.100.0/24"), ("unknown", "unknown"), ("testclient", "testclient"),
])
def test_a_client_counts_toward_its_network(client: str, network: str) -> None:
    assert network_of(client) == network


def test_neighbouring_networks_are_apart() -> None:
    assert network_of("203.0.113.7") != network_of("203.0.114.7")
    assert network_of("2001:db8:1234:5600::1") != network_of("2001:db8:1234:5700::1")
