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
from ..core.state import Phase, TrickGameState
from ..core.wily import WilyState
from ..core.wizard import WizardState

SPECTATOR = -1  # the ``seat`` of a spectator's view


def card_list(cards: int) -> list[int]:
    """The card ids of a CardSet bitmask, in increasing order."""
    out = []
    while cards:
        low = cards & -cards
        out.append(low.bit_length() - 1)
        cards ^= low
    return out


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
        "hand": card_list(view.hand),
        "trump_card": view.trump_card,
        "trump_suit": view.trump_suit,
        "led": view.led,
        "trick_leader": view.trick_leader,
        "trick": list(view.trick),
        "round_tricks": [[leader, list(cards), winner] for leader, cards, winner in view.round_tricks],
        "played": card_list(view.played),
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
        "given": card_list(view.given),
        "received": card_list(view.received),
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


def _dumps(value: Any) -> str:
    # orjson: the view payloads are written once per decision and seat, and the standard library's encoder was a
    # seventh of the server's time under load
    return orjson.dumps(value, default=_as_list).decode()


def own_json(view: View) -> dict[str, Any]:
    """The ``OWN_FIELDS`` of ``view_to_json(view)``, without the rest."""
    style = view.rules.rank_style
    return {
        "seat": view.seat,
        "hand": card_list(view.hand),
        "legal_actions": list(view.legal_actions),
        "legal_texts": [action_to_text(a, style) for a in view.legal_actions],
        "bids": list(view.bids),
        "given": card_list(view.given),
        "received": card_list(view.received),
    }


def own_json_of_state(state: TrickGameState, seat: int) -> dict[str, Any]:
    """``own_json(state.view(seat))`` read straight from the state (a View costs a frozen dataclass of 33 fields; this
    runs for every seat at every decision). It must hide what ``view`` hides: the other seats' hands are never read,
    and the other seats' bids follow the same rule as ``WizardState.view``; the tests compare the two for every seat at
    every step of random games of both games, hidden bids included."""
    if not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat} at a table of {state.players}")
    style = state.rules.rank_style
    legal = state.legal_actions() if state.phase is not Phase.GAME_OVER and state.current == seat else []
    if isinstance(state, WizardState):
        hidden = state.rules.hidden_bids
        bids: list[int | None] = [None if b < 0 or (hidden and s != seat) else b for s, b in enumerate(state.bids)]
        given = received = 0
    else:
        assert isinstance(state, WilyState)
        bids, given, received = [], state.given[seat], state.received[seat]
    return {
        "seat": seat,
        "hand": card_list(state.hand_of(seat)),
        "legal_actions": list(legal),
        "legal_texts": [action_to_text(a, style) for a in legal],
        "bids": bids,
        "given": card_list(given),
        "received": card_list(received),
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
            text = _dumps(view_to_json(public_view(self.state)))
        else:
            if self._shared is None:
                shared = view_to_json(self.state.view(seat))
                for name in OWN_FIELDS:
                    del shared[name]
                self._shared = _dumps(shared)[1:-1]
            text = f"{_dumps(own_json_of_state(self.state, seat))[:-1]},{self._shared}}}"
        self._text[seat] = text
        return text
