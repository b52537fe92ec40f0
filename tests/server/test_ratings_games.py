"""Rated tables through the server: signed-in people (a software authenticator, ``passkeys.py``) play whole games
over the protocol, and their ratings are what openskill's own ``rate()`` gives for the final ranking; and the attacks
on ratings: a "rated" game of one person and bots, one account in two seats, the same people playing each other over
and over, rules changed after the start, a player who leaves."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce
from sqlalchemy import select

from wizardcards.server import create_app
from wizardcards.server import ratings as R
from wizardcards.server.db import RatingHistoryRow, make_engine

from .helpers import LOOSE_LIMITS, Client, play_to_end
from .passkeys import SAME_ORIGIN, Browser, sign_up

MODEL = PlackettLuce()


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


@pytest.fixture
def server(url: str) -> Iterator[TestClient]:
    with TestClient(create_app(url, bot_pace=0, limits=LOOSE_LIMITS)) as client:
        yield client


def people(server: TestClient, *names: str) -> list[Browser]:
    browsers = [Browser(server) for _ in names]
    for browser, name in zip(browsers, names, strict=True):
        sign_up(browser, name)
    return browsers


def seated(browsers: list[Browser], bots: dict[int, str], players: int = 4, **extra: Any) -> tuple[str, dict[int, str]]:
    """A rated quick Wizard table: the first browser creates it holding seat 0, the others take the invited seats in
    order; the bots sit where ``bots`` says. Returns the table's id and each human seat's token."""
    seats: list[dict[str, Any]] = []
    for seat in range(players):
        if seat in bots:
            seats.append({"name": f"Bot {seat}", "bot": bots[seat]})
        else:
            seats.append({"name": f"P{seat}", "claimed": seat == 0})
    body = {"players": players, "preset": "quick", "rated": True, "seats": seats, **extra}
    answer = browsers[0].post("/tables", json=body, headers=SAME_ORIGIN)
    assert answer.status_code == 201, answer.text
    table = answer.json()
    tokens = {0: table["seats"][0]["token"]}
    invites = [s for s in table["seats"] if s["invite"]]
    for browser, invited in zip(browsers[1:], invites, strict=True):
        claimed = browser.post("/invites", json={"invite": invited["invite"]}, headers=SAME_ORIGIN)
        assert claimed.status_code == 200, claimed.text
        tokens[claimed.json()["seat"]] = claimed.json()["token"]
    return table["id"], tokens


def play(browsers: list[Browser], tokens: dict[int, str], seed: int) -> None:
    with ExitStack() as stack:
        clients = []
        for browser, seat in zip(browsers, sorted(tokens), strict=True):
            socket = stack.enter_context(browser.websocket_connect("/ws", headers=SAME_ORIGIN))
            client = Client(socket, set(tokens))
            client.hello(tokens[seat])
            clients.append(client)
        play_to_end(clients, random.Random(seed))


def rating(browser: Browser, name: str, game: str = "wizard") -> dict[str, Any]:
    answer = browser.get(f"/players/{name}/profile")
    assert answer.status_code == 200, answer.text
    return answer.json()["ratings"][game]


def test_four_signed_in_players_are_rated_as_openskill_rates_the_final_ranking(server: TestClient) -> None:
    names = ("Ann", "Ben", "Cay", "Dov")
    browsers = people(server, *names)
    table_id, tokens = seated(browsers, {})
    play(browsers, tokens, seed=3)
    summary = server.get(f"/tables/{table_id}").json()
    assert summary["status"] == "finished" and summary["rated"] is True
    ranks = R.competition_ranks(summary["scores"])  # the ranking written out: higher score first, ties share
    direct = MODEL.rate([[MODEL.rating()] for _ in range(4)], ranks=[float(r) for r in ranks])
    seat_of = {name: summary["names"].index(name) for name in names}
    for browser, name in zip(browsers, names, strict=True):
        mine = rating(browser, name)
        expected = direct[seat_of[name]][0]
        assert mine["mu"] == pytest.approx(expected.mu, abs=1e-3) and mine["sigma"] == pytest.approx(expected.sigma,
                                                                                                     abs=1e-3)
        assert mine["games"] == 1 and len(mine["history"]) == 1 and mine["history"][0]["rank"] == ranks[seat_of[name]]
        assert mine["like"] in R.bot_table()["games"]["wizard"]["bots"]
    board = server.get("/ratings/wizard").json()
    assert [p["name"] for p in board["players"]] == sorted(
        names, key=lambda n: -(direct[seat_of[n]][0].mu - 3 * direct[seat_of[n]][0].sigma))
    assert board["bots"] and all("mu" in b for b in board["bots"])
    profile = browsers[0].get("/players/ann/profile").json()  # names are found as accounts fold them
    assert profile["games"][0]["table"] == table_id and profile["games"][0]["replay"] == f"/replay/{table_id}"


def test_an_unrated_game_changes_no_rating(server: TestClient) -> None:
    ann, ben = people(server, "Ann", "Ben")
    table = ann.post("/tables", json={"players": 3, "preset": "quick", "seats": [
        {"name": "Ann", "claimed": True}, {"name": "Ben"}, {"name": "B", "bot": "rulebased"}]},
        headers=SAME_ORIGIN).json()
    invite = next(s["invite"] for s in table["seats"] if s["invite"])
    joined = ben.post("/invites", json={"invite": invite}, headers=SAME_ORIGIN).json()
    play([ann, ben], {0: table["seats"][0]["token"], 1: joined["token"]}, seed=4)
    assert rating(ann, "Ann")["games"] == 0 and rating(ann, "Ann")["mu"] is None


def test_attack_a_rated_table_of_one_person_and_bots_is_refused(server: TestClient) -> None:
    (ann,) = people(server, "Ann")
    answer = ann.post("/tables", json={"players": 4, "preset": "quick", "rated": True, "seats": [
        {"name": "Ann", "claimed": True}, {"name": "a", "bot": "random"}, {"name": "b", "bot": "random"},
        {"name": "c", "bot": "random"}]}, headers=SAME_ORIGIN)
    assert answer.status_code == 422 and "at least 2 human seats" in answer.text
    assert rating(ann, "Ann")["games"] == 0


def test_attack_one_account_in_two_seats_of_a_rated_table(server: TestClient) -> None:
    ann, ben = people(server, "Ann", "Ben")
    two = ann.post("/tables", json={"players": 3, "preset": "quick", "rated": True, "seats": [
        {"name": "A", "claimed": True}, {"name": "B", "claimed": True}, {"name": "c", "bot": "random"}]},
        headers=SAME_ORIGIN)
    assert two.status_code == 422 and "claims one seat" in two.text
    table = ann.post("/tables", json={"players": 4, "preset": "quick", "rated": True, "seats": [
        {"name": "A", "claimed": True}, {"name": "B"}, {"name": "C"}, {"name": "d", "bot": "random"}]},
        headers=SAME_ORIGIN).json()
    invites = [s["invite"] for s in table["seats"] if s["invite"]]
    assert ann.post("/invites", json={"invite": invites[0]}, headers=SAME_ORIGIN).status_code == 409  # holds seat 0
    assert ben.post("/invites", json={"invite": invites[0]}, headers=SAME_ORIGIN).status_code == 200
    assert ben.post("/invites", json={"invite": invites[1]}, headers=SAME_ORIGIN).status_code == 409
    guest = Browser(server)  # nor may a guest take a seat at a rated table
    answer = guest.post("/invites", json={"invite": invites[1]})
    assert answer.status_code == 409 and "rated" in answer.text


def test_attack_repeated_games_between_the_same_accounts_count_less_and_less(server: TestClient, url: str) -> None:
    ann, ben = people(server, "Ann", "Ben")
    bots = {2: "rulebased", 3: "search:level=1"}
    before = {"Ann": R.initial(), "Ben": R.initial()}
    shares = []
    for game in range(3):
        table_id, tokens = seated([ann, ben], bots)
        play([ann, ben], tokens, seed=10 + game)
        summary = server.get(f"/tables/{table_id}").json()
        ranks = R.competition_ranks(summary["scores"])
        fixed = [R.bot_rating("wizard", bots[s]) for s in (2, 3)]
        teams = [[MODEL.rating(mu=before[n].mu, sigma=before[n].sigma)] for n in ("Ann", "Ben")]
        teams += [[MODEL.rating(mu=f.mu, sigma=f.sigma)] for f in fixed if f is not None]
        full = MODEL.rate(teams, ranks=[float(r) for r in ranks])
        share = 1 / (game + 1)
        shares.append(share)
        for seat, name in enumerate(("Ann", "Ben")):
            mu = before[name].mu + share * (full[seat][0].mu - before[name].mu)
            sigma = before[name].sigma + share * (full[seat][0].sigma - before[name].sigma)
            now = rating(ann, name)
            assert now["mu"] == pytest.approx(mu, abs=1e-3) and now["sigma"] == pytest.approx(sigma, abs=1e-3)
            before[name] = R.Rating(now["mu"], now["sigma"])
    engine = make_engine(url)
    with engine.connect() as db:
        weights = db.scalars(select(RatingHistoryRow.weight).where(RatingHistoryRow.game == "wizard")
                             .order_by(RatingHistoryRow.id)).all()
    engine.dispose()
    assert weights == pytest.approx([1, 1, 1 / 2, 1 / 2, 1 / 3, 1 / 3])
    # another set of people starts again at full weight
    (cay,) = people(server, "Cay")
    table_id, tokens = seated([ann, cay], bots)
    play([ann, cay], tokens, seed=20)
    assert rating(ann, "Cay")["history"][0]["weight"] == 1


def test_attack_a_rated_table_plays_a_standard_preset_unchanged_and_its_rematch_too(server: TestClient) -> None:
    ann, ben = people(server, "Ann", "Ben")
    seats = [{"name": "A", "claimed": True}, {"name": "B"}, {"name": "c", "bot": "rulebased"}]
    for body in ({"preset": "quick", "options": {"schedule": "custom", "custom_hand_sizes": [1]}},
                 {"preset": "hook"}, {"game": "wily", "preset": "wily-no-partners"},
                 {"preset": "quick", "options": {"hidden_bids": True}}):
        answer = ann.post("/tables", json={"players": 3, "rated": True, "seats": seats, **body}, headers=SAME_ORIGIN)
        assert answer.status_code == 422 and "unchanged" in answer.text, (body, answer.text)
    table_id, tokens = seated([ann, ben], {2: "rulebased"}, players=3)
    rules = server.get(f"/tables/{table_id}").json()["rules"]
    play([ann, ben], tokens, seed=5)
    with ann.websocket_connect("/ws", headers=SAME_ORIGIN) as socket:
        client = Client(socket, {0, 1})
        client.hello(tokens[0])
        client.send({"type": "rematch", "id": "r1"})
        offer = client.receive_kind("rematch")
    again = server.get(f"/tables/{offer['table']}").json()
    assert again["rated"] is True and again["rules"] == rules
    # no route changes a table's rules once it exists: the table's own address takes no writes
    for method in ("POST", "PUT", "PATCH"):
        changed = ann.request(method, f"/tables/{table_id}", json={"rules": {"schedule": "custom"}},
                              headers=SAME_ORIGIN)
        assert changed.status_code == 405, (method, changed.text)


def test_attack_a_player_who_leaves_past_the_grace_period_is_ranked_last(server: TestClient) -> None:
    ann, ben = people(server, "Ann", "Ben")
    table_id, tokens = seated([ann, ben], {2: "rulebased", 3: "rulebased"}, grace_seconds=0.2)
    with ExitStack() as stack:
        clients = []
        for browser, seat in ((ann, 0), (ben, 1)):
            socket = stack.enter_context(browser.websocket_connect("/ws", headers=SAME_ORIGIN))
            client = Client(socket, {0, 1})
            client.hello(tokens[seat])
            clients.append(client)
        ben_socket = clients[1].socket
        ben_socket.close()
        time.sleep(1.0)  # past the grace period: the stand-in plays Ben's seat from here on
        clients[0].humans = {0}  # so Ann's page waits through Ben's turns as through a bot's
        play_to_end(clients[:1], random.Random(6))
    summary = server.get(f"/tables/{table_id}").json()
    assert summary["status"] == "finished"
    ranks = R.final_ranks("wizard", [0, 1, 2, 3], summary["scores"], summary["winners"], away=[1])
    assert ranks[1] == 4
    fixed = R.bot_rating("wizard", "rulebased")
    assert fixed is not None
    teams = [[MODEL.rating()], [MODEL.rating()]] + [[MODEL.rating(mu=fixed.mu, sigma=fixed.sigma)]] * 2
    direct = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    left = rating(ann, "Ben")
    assert left["history"][0]["rank"] == 4
    assert left["mu"] == pytest.approx(direct[1][0].mu, abs=1e-3)
    assert rating(ann, "Ann")["mu"] == pytest.approx(direct[0][0].mu, abs=1e-3)


def test_wily_wizards_rates_the_partners_by_their_teams_result(server: TestClient) -> None:
    ann, cay = people(server, "Ann", "Cay")
    table = ann.post("/tables", json={"game": "wily", "players": 4, "rated": True, "seats": [
        {"name": "Ann", "claimed": True}, {"name": "b", "bot": "rulebased"}, {"name": "Cay"},
        {"name": "d", "bot": "rulebased"}]}, headers=SAME_ORIGIN).json()
    invite = next(s["invite"] for s in table["seats"] if s["invite"])
    joined = cay.post("/invites", json={"invite": invite}, headers=SAME_ORIGIN).json()
    play([ann, cay], {0: table["seats"][0]["token"], 2: joined["token"]}, seed=8)
    summary = server.get(f"/tables/{table['id']}").json()
    assert summary["rated"] is True
    ours = 1 if 0 in summary["winners"] else 2  # partners: seats 0 and 2 against 1 and 3; two teams, one wins
    fixed = R.bot_rating("wily", "rulebased")
    assert fixed is not None
    bots = [MODEL.rating(mu=fixed.mu, sigma=fixed.sigma) for _ in range(2)]
    direct = MODEL.rate([[MODEL.rating(), MODEL.rating()], bots], ranks=[float(ours), float(3 - ours)])
    for name, member in (("Ann", 0), ("Cay", 1)):
        mine = rating(ann, name, "wily")
        assert mine["mu"] == pytest.approx(direct[0][member].mu, abs=1e-3)
        assert mine["history"][0]["rank"] == ours
    assert rating(ann, "Ann")["games"] == 0  # Wizard's rating is another one
