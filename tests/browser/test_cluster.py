"""The browser at a table served by two workers behind HAProxy (docs/haproxy.cfg) on PostgreSQL: the page connects
on the table's own path, so the proxy sends it to the table's worker; that worker is killed with SIGKILL mid-game,
the page says so, reconnects by itself through the proxy to the worker that took the table over, and plays on."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Page, expect

from tests.server.cluster import cluster
from tests.server.postgres import postgres_cluster

from .helpers import open_seat, seq, take_simple_turn, wait_turn_or_end


@dataclass
class Front:
    """The proxy's address, where the page is opened (open_seat needs only ``url``)."""

    url: str


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    with postgres_cluster() as url:
        yield url


def test_the_page_plays_on_when_its_tables_worker_dies(postgres_url: str, page: Page) -> None:
    import httpx

    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    with cluster(postgres_url, workers=2) as running:
        bots = [{"name": name, "bot": "rulebased"} for name in ("Merlin", "Morgana", "Circe")]
        table = httpx.post(running.http + "/tables", json={"seats": [{"name": "Ann", "claimed": True}, *bots],
                                                             "options": {"schedule": "custom",
                                                                         "custom_hand_sizes": [4, 4]}},
                           timeout=20).json()
        open_seat(page, Front(running.http), table["seats"][0], "Ann")
        assert sockets and sockets[0].endswith(f"/tables/{table['id']}/ws")  # the proxy routes it by the table
        take_simple_turn(page)
        wait_turn_or_end(page)
        shown = seq(page)
        owner = next(w for w in running.workers if w.port == running.owner_port(table["id"]))
        owner.kill()
        banner = page.locator("#banner")
        expect(banner).to_be_visible(timeout=10_000)
        expect(banner).to_contain_text("Connected again", timeout=30_000)  # after the lease ran out: another worker
        assert running.owner_port(table["id"]) != owner.port
        assert seq(page) == shown
        for _ in range(3):
            if wait_turn_or_end(page) == "game_over":
                break
            take_simple_turn(page)
        assert seq(page) > shown
