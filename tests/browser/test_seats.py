"""The players around the table, at 3, 4, 5 and 6 players, on a 1280 x 800 desktop and a 390 x 844 phone (and a 360 x
740 one): the others on the left, across and on the right in playing order, you at the bottom above your hand, the
trick in the middle;
no box covers another (seat boxes, the trick's area, the trump, the controls, the hand: their bounding boxes), the
controls sit right above the hand (no empty band), all of it on the screen without scrolling (with the longest hand
of the player count), each card of the trick lies toward its player (numbered in the order of play), and each card
flies to the trick from its player's place.

The flights are recorded in the page: a MutationObserver notes each card put on the table with where it is drawn at
that moment (a card's flight is running from its first frame then) and the box of the player who played it."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from .conftest import DESKTOP, PHONE, SMALL_PHONE, watch_errors
from .helpers import (
    ServerProcess,
    check_hand_on_screen,
    click_card,
    create_table,
    open_seat,
    seq,
    wait_seq_past,
    wait_turn_or_end,
)

NAMES = ["Merlin", "Morgana", "Vivienne", "Gandalf", "Circe"]

FLIGHTS = """
(() => {
  window.__flights = [];
  const inside = (point, box, slack = 2) => point.x >= box.left - slack && point.x <= box.right + slack
    && point.y >= box.top - slack && point.y <= box.bottom + slack;
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element) || !node.matches('.slot.played')) continue;
        const card = node.querySelector('.trick-card');
        const box = card.getBoundingClientRect();
        const at = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
        const seat = node.dataset.seat;
        const seatBox = document.querySelector(`#seats .seat[data-seat="${seat}"]`).getBoundingClientRect();
        window.__flights.push({ seat: Number(seat), card: Number(node.dataset.card), at,
          flying: card.getAnimations().length > 0, fromSeat: inside(at, seatBox) });
      }
    }
  }).observe(document, { subtree: true, childList: true });
})();
"""

LAYOUT = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  };
  const seats = [...document.querySelectorAll('#seats .seat')].map((el) => ({ ...box(el), seat: Number(el.dataset.seat),
    place: Number(el.dataset.place) }));
  const controls = document.getElementById('controls');
  const captions = [...document.querySelectorAll('#trick .slot figcaption .who')].map((el) => ({ text: el.textContent,
    cut: el.scrollWidth > el.clientWidth + 1 }));
  return {
    seats, zone: box(document.getElementById('trick-zone')), trump: box(document.getElementById('trump')),
    controls: controls.children.length ? box(controls) : null, turn: box(document.querySelector('.turn-row')),
    hand: box(document.getElementById('hand')), captions, width: innerWidth, height: innerHeight,
    scrollWidth: document.scrollingElement.scrollWidth,
  };
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> float:
    width = min(a["right"], b["right"]) - max(a["left"], b["left"])
    height = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return max(0.0, width) * max(0.0, height)


def check_layout(page: Page, players: int, where: str) -> dict[str, Any]:
    page.wait_for_timeout(150)  # the layout after a resize
    found = page.evaluate(LAYOUT)
    seats = sorted(found["seats"], key=lambda s: s["place"])
    assert [s["seat"] for s in seats] == list(range(players))  # you (seat 0) at the bottom, then clockwise
    boxes = {f"seat {s['seat']}": s for s in seats}
    boxes |= {"trick area": found["zone"], "trump": found["trump"], "turn line": found["turn"], "hand": found["hand"]}
    if found["controls"]:
        boxes["controls"] = found["controls"]
    names = list(boxes)
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            assert overlap(boxes[first], boxes[second]) < 1, f"{where}: {first} and {second} overlap: {found}"
    assert found["scrollWidth"] <= found["width"], f"{where}: the page scrolls sideways"
    zone, hand, me = found["zone"], found["hand"], seats[0]
    # the others around the middle: the one on your left on the left, the last before you on the right, and (from
    # four players) someone across, above it
    assert seats[1]["right"] <= zone["left"] + 1, where
    assert seats[-1]["left"] >= zone["right"] - 1, where
    if players >= 4:
        assert any(s["bottom"] <= zone["top"] + 1 for s in seats[1:]), where
    # you below the middle; your hand at the bottom, the controls (or the turn line) right above it
    assert me["top"] >= zone["bottom"] - 1 and me["bottom"] <= found["turn"]["top"] + 1, where
    above = found["controls"] or found["turn"]
    assert hand["top"] >= max(b["bottom"] for k, b in boxes.items() if k != "hand") - 1, where
    assert hand["top"] - above["bottom"] < 16, f"{where}: a band of {hand['top'] - above['bottom']} px above the hand"
    # the whole table on the screen, without scrolling, even with the longest hand and all its bid buttons
    assert hand["bottom"] <= found["height"] + 1, f"{where}: the hand ends at {hand['bottom']} px"
    # names under the trick's cards are whole
    assert not [c for c in found["captions"] if c["cut"]], f"{where}: {found['captions']}"
    return found


TRICK = """() => {
  const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
  const zone = centre(document.getElementById('trick').getBoundingClientRect());
  return [...document.querySelectorAll('#trick .slot')].map((slot) => ({
    seat: Number(slot.dataset.seat), played: slot.matches('.played'),
    order: slot.querySelector('.trick-order')?.textContent,
    card: centre(slot.querySelector('.trick-card').getBoundingClientRect()),
    box: centre(document.querySelector(`#seats .seat[data-seat="${slot.dataset.seat}"]`).getBoundingClientRect()),
    zone }));
}"""


def check_trick_by_seat(page: Page, players: int, where: str) -> None:
    """Each card of the trick (and the empty place of the one still to play) lies toward its player, as at a real
    table: from the middle of the trick it points at that player's box (within 25 degrees) and is nearer to it than
    the middle is; the cards are numbered in the order of play."""
    places = page.evaluate(TRICK)
    assert sorted(p["seat"] for p in places) == list(range(players)), where
    for place in places:
        card, box, middle = place["card"], place["box"], place["zone"]
        toward = math.atan2(box["y"] - middle["y"], box["x"] - middle["x"])
        lies = math.atan2(card["y"] - middle["y"], card["x"] - middle["x"])
        off = abs((lies - toward + math.pi) % (2 * math.pi) - math.pi)
        assert off < math.radians(25), f"{where}: seat {place['seat']}'s card {math.degrees(off):.0f} deg off: {place}"
        assert math.dist(card.values(), box.values()) < math.dist(middle.values(), box.values()), (where, place)
    played = [p for p in places if p["played"]]
    # the order of play: the leader (here Ann's left, seat 1) 1, then clockwise
    assert [p["order"] for p in played] == [str(k + 1) for k in range(len(played))], (where, played)
    assert [p["seat"] for p in played] == list(range(1, len(played) + 1)), (where, played)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_seats_around_the_table(
    players: int, server: ServerProcess, new_context: Callable[..., BrowserContext], screenshot
) -> None:
    bots = [{"name": name, "bot": "rulebased"} for name in NAMES[: players - 1]]
    # the longest hand of the player count: the most cards in the hand and the most bid buttons
    table = create_table(server, [{"name": "Ann", "claimed": True}, *bots], players=players, turn_seconds=300,
                         options={"schedule": "custom", "custom_hand_sizes": [60 // players], "first_dealer": 0})
    context = new_context(viewport=DESKTOP, speed="normal")
    context.add_init_script(FLIGHTS)
    page = watch_errors(context.new_page())
    open_seat(page, server, table["seats"][0], "Ann")

    # the bidding: the bid buttons above the hand
    current = wait_turn_or_end(page)
    if current == "choose_trump":
        before = seq(page)
        page.locator("#controls button.suit-choice:not([disabled])").first.click()
        wait_seq_past(page, before)
        current = wait_turn_or_end(page)
    assert current == "bid"
    for viewport, where in ((DESKTOP, "desktop"), (PHONE, "phone"), (SMALL_PHONE, "small phone")):
        page.set_viewport_size(viewport)
        check_layout(page, players, f"{players} players, {where}, bidding")
        if viewport != DESKTOP:
            check_hand_on_screen(page, f"{players} players, {where}, bidding", 60 // players)
    page.set_viewport_size(DESKTOP)
    before = seq(page)
    page.locator("#controls button.bid:not([disabled])").first.click()
    wait_seq_past(page, before)

    # the play: Ann deals, so she plays last: the others' cards are on the table, hers raised
    assert wait_turn_or_end(page) == "play"
    assert page.locator("#trick .slot.played").count() >= 1
    for viewport, where in ((DESKTOP, "desktop"), (PHONE, "phone"), (SMALL_PHONE, "small phone")):
        page.set_viewport_size(viewport)
        check_layout(page, players, f"{players} players, {where}, play")
        if viewport != DESKTOP:
            check_hand_on_screen(page, f"{players} players, {where}, play", 60 // players)
        check_trick_by_seat(page, players, f"{players} players, {where}, play")
        screenshot(page, f"seats-{players}-{where.replace('small phone', 'phone-360')}")
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(150)
    before = seq(page)
    clicked = page.locator("#hand .card.playable").first.bounding_box()
    assert clicked
    click_card(page, "#hand .card.playable")
    wait_seq_past(page, before)
    page.wait_for_selector("#trick.complete", timeout=20_000)

    flights = page.evaluate("window.__flights")
    flying = [f for f in flights if f["flying"]]
    # each card flew in from its player's place: a bot's from its box, Ann's from her hand, where she clicked it
    assert {f["seat"] for f in flying} == set(range(players)), flights
    assert all(f["fromSeat"] for f in flying if f["seat"] != 0), flying
    mine = next(f for f in flying if f["seat"] == 0)
    assert clicked["x"] - 2 <= mine["at"]["x"] <= clicked["x"] + clicked["width"] + 2, (mine, clicked)
    assert clicked["y"] - 2 <= mine["at"]["y"] <= clicked["y"] + clicked["height"] + 2, (mine, clicked)
    # and none was put down without its flight (a card drawn again later is not new)
    first_seen = {f["card"]: f for f in reversed(flights)}
    assert all(f["flying"] for f in first_seen.values()), flights
    assert page.script_errors == []  # type: ignore[attr-defined]
