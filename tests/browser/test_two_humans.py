"""Two people at one table, each in their own browser profile, with two bots: the game is played out by clicking,
one of them reloads the page in the middle of a trick and plays on, and neither page's DOM nor its network traffic
ever holds a card of the other's hand that has not been played."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from urllib.parse import urlparse

from playwright.sync_api import BrowserContext, Page, expect

from wizardcards.core import GameRecord, replay_states
from wizardcards.core.cards import cards_of

from .conftest import DESKTOP, PHONE, watch_errors
from .helpers import FrameLog, ServerProcess, create_table, my_turn, phase, take_simple_turn

# the fields of a view that hold card ids (everything else is numbers of another kind: bids, scores, actions, seats)
CARD_FIELDS = ("hand", "trick", "played", "given", "received")


def cards_in_view(view: dict[str, Any]) -> set[int]:
    cards: set[int] = set()
    for name in CARD_FIELDS:
        cards.update(view.get(name) or [])
    for _, trick, _ in view.get("round_tricks") or []:
        cards.update(trick)
    if view.get("trump_card", -1) >= 0:
        cards.add(view["trump_card"])
    return cards


def keys_of(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_of(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_of(v)}
    return set()


def dom_cards(page: Page) -> tuple[int, set[int], list[int]]:
    """The view number on screen, every card id anywhere in the page's DOM, and the cards of its hand."""
    found = page.evaluate(
        """() => ({
            seq: Number(document.querySelector('.table-screen').dataset.seq),
            all: [...document.querySelectorAll('[data-card]')].map(e => Number(e.dataset.card)),
            hand: [...document.querySelectorAll('#hand .card')].map(e => Number(e.dataset.card)),
        })"""
    )
    return found["seq"], set(found["all"]), found["hand"]


def table_now(page: Page) -> tuple[int, list[str], list[str]]:
    """The view number on screen, the cards of the trick and of the hand, read at once."""
    found = page.evaluate(
        """() => ({
            seq: Number(document.querySelector('.table-screen').dataset.seq),
            trick: [...document.querySelectorAll('#trick .slot.played')].map(e => e.dataset.card),
            hand: [...document.querySelectorAll('#hand .card')].map(e => e.dataset.card),
        })"""
    )
    return found["seq"], found["trick"], found["hand"]


def test_two_people_hidden_hands_and_a_reload_mid_trick(
    server: ServerProcess, new_context: Callable[..., BrowserContext]
) -> None:
    table = create_table(
        server,
        [{"name": "Player 1"}, {"name": "Player 2"},
         {"name": "Cy", "bot": "rulebased"}, {"name": "Di", "bot": "rulebased"}],
        preset="standard", options={"schedule": "custom", "custom_hand_sizes": [2, 3]},
    )
    pages: dict[int, Page] = {}
    frames: dict[int, FrameLog] = {}
    requests: dict[int, list[str]] = {0: [], 1: []}
    for seat, (name, viewport) in enumerate([("Ann", DESKTOP), ("Bea", PHONE)]):
        page = watch_errors(new_context(viewport=viewport).new_page())
        frames[seat] = FrameLog(page)
        page.on("request", lambda request, seat=seat: requests[seat].append(request.url))
        pages[seat] = page
        # the invite link asks for the name, and trades its code for the seat's token; the game starts once both
        # have joined
        assert table["seats"][seat]["token"] is None and "#invite=" in table["seats"][seat]["link"]
        page.goto(f"{server.url}{table['seats'][seat]['link']}")
        page.fill("#join-name", name)
        page.click("form.join-form button[type=submit]")
    for page in pages.values():
        page.wait_for_selector(".table-screen[data-status='playing']")
        expect(page.locator("#seats")).to_contain_text("Ann")
        expect(page.locator("#seats")).to_contain_text("Bea")

    samples: list[tuple[int, int, set[int], list[int]]] = []  # (seat, seq on screen, DOM cards, hand)
    reloaded = False
    decisions = 0
    while not all(phase(page) == "game_over" for page in pages.values()):
        acted = False
        for seat, page in pages.items():
            samples.append((seat, *dom_cards(page)))
            if (not reloaded and seat == 1 and phase(page) == "play" and my_turn(page)
                    and page.locator("#trick .slot.played").count() >= 1):
                # Bea reloads in the middle of a trick, on her turn (so nothing moves meanwhile: the bots wait for
                # her, and Ann's page acts only in this loop): the same trick and hand come back, and she plays on
                shown, trick, hand = table_now(page)
                page.reload()
                page.wait_for_selector(f".table-screen[data-seq='{shown}']")
                assert table_now(page) == (shown, trick, hand)
                expect(page.locator("#join-name")).to_have_count(0)  # the browser kept her seat: no name asked
                reloaded = True
            if my_turn(page):
                take_simple_turn(page)
                decisions += 1
                acted = True
        if not acted:
            pages[0].wait_for_timeout(40)
        assert decisions < 60, "the game does not end"
    assert reloaded, "Bea never saw a trick in progress"
    for page in pages.values():
        expect(page.locator("#summary h2")).to_have_text("Game over")
        assert page.script_errors == []  # type: ignore[attr-defined]

    # the truth: every seat's hand after every decision, rebuilt from the finished game's record
    record = GameRecord.from_dict(server.get(f"/tables/{table['id']}/record"))
    hands = [[set(cards_of(mask)) for mask in state.hands] for state in replay_states(record)]

    for seat, log in frames.items():
        other = 1 - seat
        views = 0
        for message in log.messages():
            assert "hands" not in keys_of(message)
            if message["type"] != "view":
                assert "hand" not in keys_of(message), message
                continue
            views += 1
            view, n = message["view"], message["seq"]
            assert set(view["hand"]) == hands[n][seat]  # its own hand, and nothing else
            assert not cards_in_view(view) & hands[n][other], f"seat {seat} saw seat {other}'s cards at {n}"
        assert views >= 20
        for frame in log.sent:  # and it never asked for anything but its own seat's business
            sent = json.loads(frame)
            assert sent["type"] in {"hello", "action", "sync", "chat", "hint", "rematch"}
            if sent["type"] == "action":  # each decision names the view it answers
                assert isinstance(sent.get("seq"), int), sent
    assert any(json.loads(f)["type"] == "hello" for f in frames[1].sent[1:]), "the reload said hello again"

    for seat, n, cards, hand in samples:
        assert set(hand) == hands[n][seat]
        assert not cards & hands[n][1 - seat], f"seat {seat}'s page showed seat {1 - seat}'s cards at {n}"
    # the pages asked the server for the page, its files, /meta (the same for everyone: the rank labels), the invite
    # claim, the table of their token (/locate, the token in its body) and who is signed in (/account: the name form
    # shows an account's name; a guest's answer is 401) only, besides the socket (no record, no replay, no sheet); no
    # address carried a credential in its query string
    for urls in requests.values():
        paths = {urlparse(url).path for url in urls if url.startswith(server.url)}
        allowed = ("/play", "/meta", "/invites", "/invites/preview", "/locate", "/account")  # preview: the invite page
        assert paths and all(p in allowed or p.startswith("/static/") for p in paths), paths
        assert "/invites" in paths
        assert not [url for url in urls if urlparse(url).query], urls
