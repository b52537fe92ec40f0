"""The one place a ``View`` becomes JSON, and the public view a spectator gets.

``view_to_json`` writes every field of a View as plain JSON values (card sets as sorted lists of card ids 0..59, enums
as their values, the legal actions with their text). ``ViewFrames`` is the server's hot path: the text of every seat's
view at one point of a game, the part all seats share written once and each seat's own part added (equal, as JSON, to
``view_to_json`` of that seat's ``View``; tested at every step of random games). ``public_view`` is what every seat may
know: it is built from the seats' own views, never from the state's hidden parts, so nothing a spectator receives is
hidden from any seat.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

import orjson

from ..core import RuleSet, View
from ..core.actions import action_to_text
from ..core.cards import cards_of
from ..core.state import TrickGameState

SPECTATOR = -1  # the ``seat`` of a spectator's view


@lru_cache(maxsize=256)
def _rules_json(rules: RuleSet) -> dict[str, Any]:
    return rules.to_dict()


def view_to_json(view: View) -> dict[str, Any]:
    """Every field of ``view`` as JSON-ready values (the protocol's ``view`` payload).

    Tuples are left as tuples where ``json`` writes them as arrays anyway (the score sheet's rows): this runs once per
    connection per decision."""
    style = view.rules.rank_style
    return {
        "game": view.game.value,
        "rules": dict(_rules_json(view.rules)),
        "players": view.rules.players,
        "seat": view.seat,
        "phase": view.phase.value,
        "current_player": view.current_player,
        "dealer": view.dealer,
        "round_index": view.round_index,
        "hand_size": view.hand_size,
        "hand": cards_of(view.hand),
        "trump_card": view.trump_card,
        "trump_suit": view.trump_suit,
        "led": view.led,
        "trick_leader": view.trick_leader,
        "trick": list(view.trick),
        "round_tricks": [[leader, list(cards), winner] for leader, cards, winner in view.round_tricks],
        "played": cards_of(view.played),
        "tricks_won": list(view.tricks_won),
        "legal_actions": list(view.legal_actions),
        "legal_texts": [action_to_text(a, style) for a in view.legal_actions],
        "bids": list(view.bids),
        "scores": list(view.scores),
        "sheet": list(view.sheet),  # rows of (NamedTuple) ints and tuples of ints
        "teams": list(view.teams),
        "auction": [list(call) for call in view.auction],
        "high_bidder": view.high_bidder,
        "high_bid": view.high_bid,
        "contract": view.contract,
        "letters": list(view.letters),
        "given": cards_of(view.given),
        "received": cards_of(view.received),
        "winners": list(view.winners),
    }


def public_view(state: TrickGameState) -> View:
    """What a spectator sees: no hand, no passed cards, no legal actions, and a bid only once every seat may see it.

    A bid is public when a seat other than the bidder sees it in its own view (under hidden bids, once the round is
    played); so the spectator never learns more than the least-informed seat."""
    n = state.players
    base = state.view(0)
    bids: tuple[int | None, ...] = base.bids
    if bids:
        bids = tuple(state.view((seat + 1) % n).bids[seat] for seat in range(n))
    return replace(base, seat=SPECTATOR, hand=0, given=0, received=0, legal_actions=(), bids=bids)


# The fields of a seat's view that may differ from another seat's view at the same point of the game; every other field
# is the same in all seats' views (checked by the tests at every step of random games of both games).
OWN_FIELDS = ("seat", "hand", "legal_actions", "legal_texts", "bids", "given", "received")


def _as_list(value: Any) -> list[Any]:
    if isinstance(value, tuple):  # the score sheet's rows are NamedTuples, which orjson leaves to its ``default``
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def dumps(value: Any) -> str:
    # orjson: the view payloads are written once per decision and seat, and the standard library's encoder was a
    # seventh of the server's time under load
    return orjson.dumps(value, default=_as_list).decode()


def own_json(view: View) -> dict[str, Any]:
    """The ``OWN_FIELDS`` of ``view_to_json(view)``, without the rest."""
    style = view.rules.rank_style
    return {
        "seat": view.seat,
        "hand": cards_of(view.hand),
        "legal_actions": list(view.legal_actions),
        "legal_texts": [action_to_text(a, style) for a in view.legal_actions],
        "bids": list(view.bids),
        "given": cards_of(view.given),
        "received": cards_of(view.received),
    }


def own_json_of_state(state: TrickGameState, seat: int) -> dict[str, Any]:
    """``own_json(state.view(seat))`` from the core's ``seat_part`` (a View costs a frozen dataclass of 33 fields; this
    runs for every seat at every decision). What a seat may know is decided by the core alone: ``seat_part`` is the
    seat-specific part of its View, built by the same code."""
    part = state.seat_part(seat)
    style = state.rules.rank_style
    return {
        "seat": seat,
        "hand": cards_of(part.hand),
        "legal_actions": list(part.legal_actions),
        "legal_texts": [action_to_text(a, style) for a in part.legal_actions],
        "bids": list(part.bids),
        "given": cards_of(part.given),
        "received": cards_of(part.received),
    }


class ViewFrames:
    """The ``view`` payloads of one state as JSON text, per seat: what all seats share is serialised once.

    The shared part comes from a seat's ``View``; each seat's own fields (hand, bids as that seat sees them, cards
    passed, legal actions) from ``own_json_of_state``, which reads only what that seat may know. Build one per state."""

    def __init__(self, state: TrickGameState) -> None:
        self.state = state
        self._shared: str | None = None  # the shared fields as '"name":value,...' (no braces)
        self._text: dict[int, str] = {}

    def payload(self, seat: int) -> str:
        """The JSON text of ``view_to_json`` of ``seat``'s view (the spectator's public view for ``SPECTATOR``)."""
        text = self._text.get(seat)
        if text is not None:
            return text
        if seat == SPECTATOR:
            text = dumps(view_to_json(public_view(self.state)))
        else:
            if self._shared is None:
                shared = view_to_json(self.state.view(seat))
                for name in OWN_FIELDS:
                    del shared[name]
                self._shared = dumps(shared)[1:-1]
            text = f"{dumps(own_json_of_state(self.state, seat))[:-1]},{self._shared}}}"
        self._text[seat] = text
        return text
