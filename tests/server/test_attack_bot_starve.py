"""Attack (issue 24, item 2): one stranger's tables of strong bots alone, nobody watching, each asking for its next
decision as soon as it has one, from several addresses of one network. At 27c8081 the strong bots' pool is one queue,
first come first served: another client's player, at a table of strong bots of their own, waited behind every one
of the stranger's tables for each bot move. The contract: a table where a person plays is answered first, the
clients (their networks) share the rest in turn, and a client may run at most ``bot_tables_per_client`` tables of
bots alone.

No time is measured: on a busy machine every decision takes longer, for both. What is counted is how the one strong
worker's decisions went, in the same window, to the victim's table and to the stranger's eight."""

from __future__ import annotations

import time
from pathlib import Path

from .strangers import LONG, SHORT, create, post, running, seat_token, seated, summary, table_body, wait_for

STRONG = "search:level=5"
SMALL = {"schedule": "custom", "custom_hand_sizes": [3] * 60}  # strong bots' decisions of a fraction of a second
STRANGER = [f"10.66.0.{n}" for n in range(1, 5)]  # four addresses of one /24, two tables each: at the cap
VICTIM = "192.0.2.7"


def test_a_strangers_tables_of_bots_do_not_starve_another_clients_player(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'starve.sqlite3'}", trust_proxy=True, bot_workers=2) as server:  # 1 strong
        bots_alone = [{"name": f"Deep {n}", "bot": STRONG} for n in range(3)]
        attack = [create(server, bots_alone, SMALL, client=address)["id"] for address in STRANGER for _ in range(2)]
        wait_for(lambda: any(summary(server, t)["decisions"] for t in attack), 60, "the stranger's tables play")
        seats = [{"name": "Ann", "claimed": True}] + [{"name": f"Bot {n}", "bot": STRONG} for n in range(1, 4)]
        victim = create(server, seats, SMALL, client=VICTIM, bot_pace=0)
        before = sum(summary(server, t)["decisions"] for t in attack)
        ann = seated(server, seat_token(victim), client=VICTIM)  # the game starts: Ann's bots think first
        at, own_moves, bot_moves, deadline = 0, 0, 0, time.monotonic() + 90
        while bot_moves < 9 and (left := deadline - time.monotonic()) > 0:  # Ann plays at once on her turn
            try:
                ann.settle(at, timeout=min(5.0, left))
            except TimeoutError:
                pass
            else:
                assert ann.view is not None
                answer = ann.act(int(ann.view["legal_actions"][0]), timeout=120)
                assert answer["type"] == "ack", answer
                at, own_moves = answer["seq"], own_moves + 1
            bot_moves = ann.seq - own_moves
        stranger = sum(summary(server, t)["decisions"] for t in attack) - before
        ann.close()
    # alone, every decision of the strong worker would be Ann's bots'; the stranger gets a slot only when the
    # worker is free at a moment Ann's table has no question waiting (her own move)
    assert bot_moves >= 6, f"Ann's bots made {bot_moves} moves in 90 s, the stranger's {stranger}"
    assert stranger <= bot_moves, f"the stranger's tables made {stranger} decisions while Ann's bots made {bot_moves}"


def test_a_client_runs_at_most_its_cap_of_tables_of_bots_alone(tmp_path: Path) -> None:
    quick = [{"name": f"Bot {n}", "bot": "rulebased"} for n in range(3)]
    slow = [{"name": f"Deep {n}", "bot": STRONG} for n in range(3)]
    with running(f"sqlite:///{tmp_path / 'cap.sqlite3'}", trust_proxy=True) as server:  # the default cap, 2
        first = create(server, quick, SHORT, client="10.66.0.1")
        wait_for(lambda: summary(server, first["id"])["status"] == "finished", 60, "the quick bots' game ends")
        create(server, slow, LONG, client="10.66.0.1")  # a finished table counts no longer
        create(server, slow, LONG, client="10.66.0.1")
        refused = post(server, "/tables", table_body(slow, LONG), client="10.66.0.1")
        assert refused.status_code == 429, refused.text
        assert "bot_tables_per_client" in refused.json()["detail"] and "at most 2" in refused.json()["detail"]
        assert int(refused.headers["Retry-After"]) > 0
        # a table with a person is no table of bots alone; another address is another client
        create(server, [{"name": "Ann", "claimed": True}, *slow[:2]], LONG, client="10.66.0.1")
        create(server, slow, LONG, client="10.66.0.2")


def test_a_cluster_counts_a_clients_tables_of_bots_alone_in_the_database(tmp_path: Path) -> None:
    """In a cluster the tables are spread over the workers: the cap is counted from the stored tables."""
    from wizardcards.server import storage as S
    from wizardcards.server.db import make_engine, upgrade

    engine = make_engine(f"sqlite:///{tmp_path / 'count.sqlite3'}")
    upgrade(engine)
    for n, (creator, status, bots) in enumerate([
        ("10.66.0.1", "playing", [STRONG] * 3),  # counts
        ("10.66.0.1", "finished", [STRONG] * 3),  # over
        ("10.66.0.1", "playing", [None, STRONG, STRONG]),  # a person's seat
        ("10.66.0.2", "playing", [STRONG] * 3),  # another client's
    ]):
        row = {"id": f"t{n}", "rules": "{}", "seed": 1, "status": status, "spectator_token": f"s{n}",
               "turn_seconds": None, "grace_seconds": None, "hints": True, "bot_pace": 0.0, "creator": creator,
               "created_at": S.now()}
        seats = [{"table_id": f"t{n}", "seat": s, "name": f"P{s}", "bot": bot, "joined": False, "open": False,
                  "claimed": False} for s, bot in enumerate(bots)]
        S.insert_table(engine, row, seats, [])
    assert S.unfinished_bot_tables(engine, "10.66.0.1") == 1
    assert S.unfinished_bot_tables(engine, "10.66.0.3") == 0
