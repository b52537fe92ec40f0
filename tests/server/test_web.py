"""What the browser client reads over HTTP: its pages and files, ``/meta``, the hints option, who sits where in the
table summaries, ``POST /tables/{id}/join`` and the replay of a finished game (TestClient against SQLite)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import fields
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from wizardcards.bots import BOTS, make_bot, parse_bot_spec
from wizardcards.bots.names import BOT_NAMES
from wizardcards.bots.random_bot import RandomBot
from wizardcards.bots.search import LEVELS
from wizardcards.core import PRESETS, GameRecord, RankStyle, RuleSet, action_to_text, card_from_text, replay_states
from wizardcards.core.cards import cards_of
from wizardcards.core.rules import SPECIAL_PRESETS
from wizardcards.server import create_app
from wizardcards.server.players import BASELINES
from wizardcards.server.replays import expand_steps
from wizardcards.server.serialize import view_to_json

from .helpers import LOOSE_LIMITS, Client, as_json, poster, trick_as_sent, wait_until_finished, with_tokens

ONE_ROUND = {"schedule": "custom", "custom_hand_sizes": [2]}
INDEX = "<!doctype html><html><body>the client</body></html>"


@pytest.fixture
def web(tmp_path: Path) -> Path:
    folder = tmp_path / "web"
    (folder / "js").mkdir(parents=True)
    (folder / "index.html").write_text(INDEX)
    (folder / "js" / "main.js").write_text("export const answer = 42;\n")
    (tmp_path / "secret.txt").write_text("not for the web")
    return folder


@pytest.fixture
def client(tmp_path: Path, web: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'server.sqlite3'}", bot_pace=0, limits=LOOSE_LIMITS, web=web)
    with TestClient(app) as test_client:
        yield test_client


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    # read as a stranger reads it (private tables: test_attack_private.py)
    response = client.post("/tables", json={"visibility": "public", **body})
    assert response.status_code == 201, response.text
    return response.json()


def create_claimed(client: TestClient, **body: Any) -> dict[str, Any]:
    """A table whose invited seats were each claimed by the person invited (the seats' entries hold their tokens)."""
    return with_tokens(poster(client), create(client, **body))


# --- pages and files ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/play", "/replay/0123abcd"])
def test_the_page_routes_serve_the_clients_index_uncached(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["cache-control"] == "no-cache"
    assert response.text == INDEX


def test_the_clients_files_are_served_under_static_and_nothing_outside(client: TestClient) -> None:
    response = client.get("/static/js/main.js")
    assert response.status_code == 200 and response.text == "export const answer = 42;\n"
    assert "javascript" in response.headers["content-type"]
    assert client.get("/static/js/missing.js").status_code == 404
    assert client.get("/static/../secret.txt").status_code == 404
    assert client.get("/static/%2e%2e/secret.txt").status_code == 404


BROWSER = {"accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}  # a browser opening a page


def test_an_address_with_no_page_is_a_404_page_to_a_browser_and_json_to_the_api(client: TestClient) -> None:
    for path in ("/rules", "/lobby/old", "/play/extra"):
        response = client.get(path, headers=BROWSER)
        assert response.status_code == 404 and response.headers["content-type"].startswith("text/html"), path
        assert response.text == INDEX  # the client's page says so, in the lobby's language, with a link to it
    assert client.head("/rules", headers=BROWSER).status_code == 404
    # asked for JSON, or an API path, or not a GET: FastAPI's JSON answer as before
    for method, path, headers in (("GET", "/rules", {"accept": "application/json"}), ("GET", "/rules", {}),
                                  ("GET", "/rules", {"accept": "application/json, text/html"}),
                                  ("GET", "/tables/no-such-table", BROWSER), ("GET", "/meta/x", BROWSER),
                                  ("GET", "/pads/nothing", BROWSER), ("POST", "/rules", BROWSER)):
        response = client.request(method, path, headers=headers)
        assert response.status_code in (404, 405), (method, path)
        assert response.headers["content-type"] == "application/json" and "detail" in response.json(), (method, path)
    missing = client.get("/static/js/missing.js", headers=BROWSER)  # a file of the client is no page
    assert missing.status_code == 404 and missing.text != INDEX


def test_without_the_client_the_pages_say_so(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 's.sqlite3'}", bot_pace=0, limits=LOOSE_LIMITS, web=tmp_path / "nothing")
    with TestClient(app) as client:
        response = client.get("/")
        assert response.status_code == 404 and "not installed" in response.json()["detail"]
        assert client.get("/static/app.css").status_code == 404
        assert client.get("/meta").status_code == 200  # the API is unaffected
        assert client.get("/rules", headers=BROWSER).json()["detail"] == "Not Found"  # no page to send


def test_the_installed_client_is_the_default_page(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 's.sqlite3'}", bot_pace=0, limits=LOOSE_LIMITS)) as client:
        response = client.get("/")
        assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
        assert "<html" in response.text.lower()


# --- /meta -------------------------------------------------------------------------------------------------------


def test_meta_offers_every_rule_option_preset_and_bot(client: TestClient) -> None:
    meta = client.get("/meta").json()
    assert meta["games"]["wizard"] == {"players": [3, 4, 5, 6], "default_preset": "standard"}
    assert meta["games"]["wily"] == {"players": [3, 4, 5, 6, 7], "default_preset": "wily"}
    offered = {**PRESETS, **SPECIAL_PRESETS}
    assert [p["name"] for p in meta["presets"]] == [*PRESETS, "anniversary", "anniversary-2021"]
    for preset in meta["presets"]:
        assert preset["description"] and RuleSet.from_dict(preset["rules"]) == offered[preset["name"]]
        assert preset["game"] == preset["rules"]["game"]
    settable = {f.name for f in fields(RuleSet) if f.init} - {"game", "players"}
    options = {o["name"]: o for o in meta["options"]}
    assert set(options) == settable
    for option in options.values():
        assert option["label"] and set(option["games"]) <= {"wizard", "wily"}
        assert option["kind"] in ("bool", "choice", "int", "int_list", "names")
        assert (option["kind"] in ("choice", "names")) == ("choices" in option)
    assert options["special_cards"] == {
        "name": "special_cards", "label": "Special cards (anniversary editions)", "games": ["wizard"],
        "kind": "names", "default": [], "together": [["dragon", "fairy"]],
        "choices": ["dragon", "fairy", "bomb", "werewolf", "juggler", "cloud", "shapeshifter"]}
    assert options["hidden_bids"]["kind"] == "bool" and options["hidden_bids"]["games"] == ["wizard"]
    assert options["schedule"]["choices"] == ["standard", "double-down", "quick", "tournament", "custom"]
    specs = [b["spec"] for b in meta["bots"]]
    assert specs == ["rulebased", "random", *(f"search:level={n}" for n in LEVELS)]
    # the bots that play the special cards: rulebased and random, not (yet) search
    assert [b["spec"] for b in meta["bots"] if b["special_cards"]] == [
        "rulebased", "random", *(f"search:level={level}" for level in LEVELS)]
    # every registered bot but the benchmarks' baselines, nothing else
    assert {parse_bot_spec(spec)[0] for spec in specs} == set(BOTS) - BASELINES
    assert meta["default_bot"] in specs
    for spec in specs:
        make_bot(spec)


def test_the_anniversary_cards_make_tables_that_seat_only_the_bots_that_play_them(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table with special cards (an option or a preset) is made, with hints, and seats the search bot; a bot not
    known to play them is refused in words that say which bots do; the Dragon without the Fairy is refused by the
    core."""
    for body in ({"players": 4, "options": {"special_cards": ["bomb", "cloud"]}},
                 {"players": 4, "preset": "anniversary-2021"},
                 {"players": 3, "preset": "anniversary", "options": {"schedule": "tournament"}}):
        answer = client.post("/tables", json={**body, "seats": [{"name": "Ann"}, *(
            {"name": f"Bot {n}", "bot": "rulebased"} for n in range(1, body["players"]))]})
        assert answer.status_code == 201, answer.text
        assert answer.json()["hints"] is True  # the search bot analyses the special cards' decisions too
        rules = answer.json()["rules"]
        assert rules["special_cards"] == (body.get("options", {}).get("special_cards")
                                          or list(SPECIAL_PRESETS[body.get("preset", "anniversary")].special_cards))
    searching = client.post("/tables", json={"players": 3, "preset": "anniversary", "seats": [
        {"name": "Ann"}, {"name": "Bot", "bot": "random"}, {"name": "Search", "bot": "search:level=1"}]})
    assert searching.status_code == 201, searching.text
    monkeypatch.setitem(BOTS, "newcomer", RandomBot)  # registered, but not known to play them
    refused = client.post("/tables", json={"players": 3, "preset": "anniversary", "seats": [
        {"name": "Ann"}, {"name": "Bot", "bot": "random"}, {"name": "New", "bot": "newcomer"}]})
    assert refused.status_code == 422
    assert refused.json()["detail"] == ("seat 2: the bot 'newcomer' does not play the special cards (dragon, "
                                        "fairy, bomb, werewolf, juggler, cloud): seat random, rulebased or search")
    lonely = client.post("/tables", json={"players": 4, "options": {"special_cards": ["dragon"]}})
    assert lonely.status_code == 422 and "the Dragon and the Fairy come only together" in lonely.text
    wily = client.post("/tables", json={"game": "wily", "players": 4, "options": {"special_cards": ["bomb"]}})
    assert wily.status_code == 422 and "special_cards" in wily.text


def test_meta_offers_the_bots_of_the_registry(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BOTS, "newcomer", RandomBot)
    monkeypatch.delitem(BOTS, "random")
    bots = client.get("/meta").json()["bots"]
    assert {"spec": "newcomer", "label": "newcomer", "special_cards": False} in bots  # not known to play them
    assert "random" not in [b["spec"] for b in bots]
    assert create(client, game="wizard", players=3, options=ONE_ROUND,
                  seats=[{"name": "N", "bot": "newcomer"}, {"name": "A"}, {"name": "B"}])["bots"][0] == "newcomer"


def test_meta_names_unnamed_bots_from_the_one_list_of_every_front_end(client: TestClient) -> None:
    names = client.get("/meta").json()["bot_names"]
    assert names == list(BOT_NAMES) and "Morgana" in names  # the lobby names a bot seat by these; the terminal too
    assert len(set(names)) == len(names) >= 7  # a table of seven never shows a name twice


def test_meta_gives_each_rank_styles_labels_as_the_core_shows_them(client: TestClient) -> None:
    labels = client.get("/meta").json()["rank_labels"]
    assert labels["1..13"] == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "X", "J", "Q", "K"]
    assert labels["2..A"][8:] == ["10", "J", "Q", "K", "A"]  # a card face shows 10 (the notation writes T)
    assert set(labels) == {style.value for style in RankStyle}
    for style, ranks in labels.items():
        for rank, label in enumerate(ranks):  # each label is read back as its own rank
            assert card_from_text(label + "h", RankStyle(style)) == 26 + rank


def test_every_choice_meta_offers_makes_a_table(client: TestClient) -> None:
    meta = client.get("/meta").json()
    for option in meta["options"]:
        values = option.get("choices") or ([True, False] if option["kind"] == "bool" else [])
        if option["kind"] == "names":  # each name alone, or with the names it comes only together with
            values = [next((g for g in option["together"] if name in g), [name]) for name in values]
        for value in values:
            game = option["games"][0]
            options = {option["name"]: value}
            if option["name"] == "schedule" and value == "custom":
                options["custom_hand_sizes"] = [1, 2]
            if option["name"] == "bid_rule" and value != "none":
                options["hidden_bids"] = False
            if option["name"] == "passing" and value == "none":
                options["mode"] = "no_partners"  # partners always pass to each other
            players = 6 if game == "wily" else 4  # 6: every Wily Wizards mode takes six
            create(client, game=game, players=players, preset=meta["games"][game]["default_preset"], options=options)


# --- hints option, who sits where, joining ----------------------------------------------------------------------


def test_tables_allow_hints_unless_told_otherwise(client: TestClient) -> None:
    assert create(client, game="wizard", players=3)["hints"] is True
    table = create(client, game="wizard", players=3, hints=False)
    assert table["hints"] is False and client.get(f"/tables/{table['id']}").json()["hints"] is False
    refused = client.post("/tables", json={"game": "wizard", "players": 3, "hints": "yes"})
    assert refused.status_code == 422
    assert client.get("/tables").json()["total"] == 2


def test_a_summary_says_who_sits_where(client: TestClient) -> None:
    table = create(client, game="wizard", players=3, turn_seconds=30, seats=[
        {"name": "Ann", "open": True}, {"name": "Bot", "bot": "rulebased"}, {"name": "Cy", "open": True}])
    assert table["turn_seconds"] == 30 and table["open_seats"] == 2
    assert table["players"] == [
        {"seat": 0, "name": "Ann", "bot": None, "open": True, "claimed": False, "joined": False, "connected": False,
         "kind": "guest"},
        {"seat": 1, "name": "Bot", "bot": "rulebased", "open": False, "claimed": True, "joined": True,
         "connected": True, "kind": "bot"},
        {"seat": 2, "name": "Cy", "bot": None, "open": True, "claimed": False, "joined": False, "connected": False,
         "kind": "guest"},
    ]
    assert "seats" in table and all("token" not in p for p in table["players"])
    assert [(s["token"], s["invite"], s["link"]) for s in table["seats"]] == [(None, None, None)] * 2  # open: none
    cy = client.post(f"/tables/{table['id']}/join", json={"name": "Cy"}).json()
    assert cy["seat"] == 0  # the lowest open seat
    with client.websocket_connect("/ws") as socket:
        Client(socket, {0, 2}).hello(cy["token"])
        summary = client.get(f"/tables/{table['id']}").json()
        assert [(p["claimed"], p["connected"]) for p in summary["players"]] == [(True, True), (True, True),
                                                                                 (False, False)]
        assert summary["open_seats"] == 1
    summary = client.get(f"/tables/{table['id']}").json()
    assert summary["players"][0]["claimed"] is True and summary["players"][0]["connected"] is False
    assert [t["open_seats"] for t in client.get("/tables", params={"status": "waiting"}).json()["tables"]] == [1]


def test_a_summary_holds_the_spectator_link_and_no_seat_token(client: TestClient) -> None:
    table = create(client, game="wizard", players=3)
    listed = client.get("/tables").json()["tables"][0]
    # the spectator link carries its token in the fragment, which browsers never send on (servers, Referer)
    assert listed["spectator"] == table["spectator"] == f"/play#watch={table['spectator_token']}"
    text = client.get(f"/tables/{table['id']}").text + client.get("/tables").text
    assert all(seat["invite"] not in text for seat in table["seats"]) and "seed" not in text
    with client.websocket_connect("/ws") as socket:
        watcher = Client(socket, set())
        assert watcher.hello(listed["spectator"].split("=", 1)[1])["seat"] == -1
        assert watcher.view is not None and watcher.view["hand"] == []


def test_join_hands_out_the_lowest_free_open_seat_until_none_is_left(client: TestClient) -> None:
    table = create(client, game="wizard", players=4, seats=[
        {"name": "Ann", "open": True}, {"name": "Bot", "bot": "random"}, {"name": "P3", "open": True},
        {"name": "P4", "open": True},
    ])
    ann = client.post(f"/tables/{table['id']}/join", json={"name": "Ann"}).json()
    with client.websocket_connect("/ws") as socket:
        Client(socket, {0, 2, 3}).hello(ann["token"])
        first = client.post(f"/tables/{table['id']}/join", json={"name": "  Bea  "})
        assert first.status_code == 200
        body = first.json()
        assert (body["table"], body["seat"]) == (table["id"], 2)
        assert body["link"] == f"/play#token={body['token']}" and len(body["token"]) >= 32  # 192 bits
        second = client.post(f"/tables/{table['id']}/join", json={"name": "Cal"}).json()
        assert second["seat"] == 3 and len({ann["token"], body["token"], second["token"]}) == 3
        full = client.post(f"/tables/{table['id']}/join", json={"name": "Dee"})
        assert full.status_code == 409 and full.json()["detail"]
    summary = client.get(f"/tables/{table['id']}").json()
    assert summary["names"] == ["Ann", "Bot", "Bea", "Cal"] and summary["open_seats"] == 0
    assert summary["status"] == "waiting"  # claimed is not joined: the game starts when they say hello


def test_join_never_hands_out_an_invite_only_or_claimed_seat(client: TestClient) -> None:
    table = create(client, game="wizard", players=4, seats=[
        {"name": "Host", "open": True, "claimed": True}, {"name": "Friend"}, {"name": "Anyone", "open": True},
        {"name": "Bot", "bot": "random"},
    ])
    assert table["open_seats"] == 1
    assert [(p["open"], p["claimed"]) for p in table["players"]] == [(True, True), (False, False), (True, False),
                                                                     (False, True)]
    assert client.post(f"/tables/{table['id']}/join", json={"name": "Stranger"}).json()["seat"] == 2
    again = client.post(f"/tables/{table['id']}/join", json={"name": "Other"})
    assert again.status_code == 409 and "invited" in again.json()["detail"]
    assert client.get(f"/tables/{table['id']}").json()["names"] == ["Host", "Friend", "Stranger", "Bot"]
    everyone_invited = create(client, game="wizard", players=3)  # seats are invite-only unless opened
    assert everyone_invited["open_seats"] == 0
    assert client.post(f"/tables/{everyone_invited['id']}/join", json={"name": "X"}).status_code == 409
    for seat in ({"name": "B", "bot": "random", "open": True}, {"name": "B", "bot": "random", "claimed": True},
                 {"name": "B", "open": "yes"}):
        refused = client.post("/tables", json={"game": "wizard", "players": 3, "seats": [seat, {"name": "a"},
                                                                                          {"name": "b"}]})
        assert refused.status_code == 422, seat
    assert client.get("/tables").json()["total"] == 2


def test_join_refuses_bad_names_unknown_tables_and_started_games(client: TestClient) -> None:
    table = create(client, game="wizard", players=3, seats=[{"name": f"P{n}", "open": True} for n in range(3)])
    for body in ({"name": ""}, {"name": "   "}, {"name": "x" * 65}, {"name": 7}, {}, {"name": "A", "seat": 1}):
        response = client.post(f"/tables/{table['id']}/join", json=body)
        assert response.status_code == 422, body
    assert client.get(f"/tables/{table['id']}").json()["open_seats"] == 3  # nothing changed
    assert client.post("/tables/nope/join", json={"name": "Ann"}).status_code == 404
    bots = create(client, game="wizard", players=3, options=ONE_ROUND,
                  seats=[{"name": f"B{i}", "bot": "random"} for i in range(3)])
    wait_until_finished(client.get, bots["id"])
    over = client.post(f"/tables/{bots['id']}/join", json={"name": "Ann"})
    assert over.status_code == 409 and "finished" in over.json()["detail"]
    started = create(client, game="wizard", players=3, seats=[
        {"name": "A", "open": True}, {"name": "B", "bot": "random"}, {"name": "C", "bot": "random"}])
    taken = client.post(f"/tables/{started['id']}/join", json={"name": "A"}).json()
    with ExitStack() as stack:
        ann = Client(stack.enter_context(client.websocket_connect("/ws")), {0})
        ann.hello(taken["token"])
        while ann.status != "playing":  # the game starts after the hello is answered: its views say so
            ann.receive()
        assert client.get(f"/tables/{started['id']}").json()["status"] == "playing"
        late = client.post(f"/tables/{started['id']}/join", json={"name": "Late"})
        assert late.status_code == 409 and "playing" in late.json()["detail"]


def test_claims_and_the_hints_option_survive_a_restart(tmp_path: Path, web: Path) -> None:
    url = f"sqlite:///{tmp_path / 'restart.sqlite3'}"
    with TestClient(create_app(url, bot_pace=0, limits=LOOSE_LIMITS, web=web)) as client:
        table = create(client, game="wizard", players=3, hints=False,
                       seats=[{"name": "P1", "open": True}, {"name": "P2", "open": True}, {"name": "P3"}])
        assert client.post(f"/tables/{table['id']}/join", json={"name": "Ann"}).json()["seat"] == 0
    with TestClient(create_app(url, bot_pace=0, limits=LOOSE_LIMITS, web=web)) as client:
        summary = client.get(f"/tables/{table['id']}").json()
        assert summary["hints"] is False and summary["names"][0] == "Ann" and summary["open_seats"] == 1
        assert [p["open"] for p in summary["players"]] == [True, True, False]
        assert client.post(f"/tables/{table['id']}/join", json={"name": "Bo"}).json()["seat"] == 1
        assert client.post(f"/tables/{table['id']}/join", json={"name": "Cy"}).status_code == 409


# --- replay ------------------------------------------------------------------------------------------------------


def test_the_replay_of_a_finished_game_shows_every_step_and_hand(client: TestClient) -> None:
    table = create(client, game="wily", players=4, seats=[{"name": n, "bot": "rulebased"} for n in "ABCD"])
    wait_until_finished(client.get, table["id"])
    record = GameRecord.from_dict(client.get(f"/tables/{table['id']}/record").json())
    response = client.get(f"/tables/{table['id']}/replay")
    assert response.status_code == 200 and response.headers["content-encoding"] == "gzip"
    replay = response.json()
    assert (replay["table"], replay["game"], replay["names"]) == (table["id"], "wily", list("ABCD"))
    assert replay["format"] == "wizardcards-replay/2" and RuleSet.from_dict(replay["rules"]) == record.rules
    later = replay["steps"][1:]  # compact: each only with the fields that changed (of 33)
    assert sum(len(step["view"]) for step in later) < 8 * len(later)
    steps = expand_steps(replay["steps"])
    assert len(steps) == len(record.actions) + 1
    states = list(replay_states(record))
    assert (steps[0]["number"], steps[0]["seat"], steps[0]["action"], steps[0]["text"]) == (0, -1, None, None)
    for number, (step, state) in enumerate(zip(steps, states)):
        assert step["last_trick"] == trick_as_sent(state.public_view().last_trick)
        assert step["number"] == number
        assert step["hands"] == [cards_of(hand) for hand in state.hands]
        assert step["view"] == as_json(view_to_json(state.public_view()))
        if number:
            action = record.actions[number - 1]
            assert step["action"] == action and step["text"] == action_to_text(action, record.rules.rank_style)
            assert step["seat"] == states[number - 1].current_player()
    assert any(step["view"]["phase"] == "pass_cards" for step in steps)
    # a hand's last trick is still there while the next hand's cards are passed (until its first card is played)
    assert any(step["view"]["phase"] == "pass_cards" and step["last_trick"] for step in steps)
    assert steps[-1]["last_trick"] is not None and steps[1]["last_trick"] is None
    assert client.get(f"/tables/{table['id']}/replay").json() == replay  # kept: the same answer again


def test_a_replay_is_published_only_once_the_game_is_over(client: TestClient) -> None:
    table = create(client, game="wizard", players=3)
    response = client.get(f"/tables/{table['id']}/replay")
    assert response.status_code == 409 and "over" in response.json()["detail"]
    assert client.get("/tables/nope/replay").status_code == 404


def test_a_replay_is_plain_json_to_a_client_that_does_not_take_gzip(client: TestClient) -> None:
    table = create(client, game="wizard", players=3, options=ONE_ROUND,
                   seats=[{"name": f"B{i}", "bot": "random"} for i in range(3)])
    wait_until_finished(client.get, table["id"])
    raw = httpx.Client(transport=client._transport, base_url="http://testserver")  # type: ignore[attr-defined]
    plain = raw.get(f"/tables/{table['id']}/replay", headers={"accept-encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert len(plain.json()["steps"]) == client.get(f"/tables/{table['id']}").json()["decisions"] + 1
    zipped = raw.get(f"/tables/{table['id']}/replay", headers={"accept-encoding": "gzip"})
    assert zipped.headers["content-encoding"] == "gzip" and zipped.json() == plain.json()
    assert len(zipped.content) == len(plain.content)  # httpx unpacked it
