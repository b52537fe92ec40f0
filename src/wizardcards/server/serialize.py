"""The one place a ``View`` becomes JSON.

``view_to_json`` writes the fields of a View as plain JSON values (card sets as sorted lists of card ids 0..59, enums
as their values, the legal actions with their text); the view's ``last_trick`` goes into the head of the protocol's
``view`` message (``trick_json``). ``ViewFrames`` is the server's hot path: the text of every seat's view at one point
of a game, the part all seats share written once and each seat's own part added (equal, as JSON, to ``view_to_json``
of that seat's ``View``; tested at every step of random games). A spectator gets the core's public view
(``state.public_view()``): no hand, no legal actions, hidden bids hidden.

With the special cards (RULES.md, "Special cards") card ids run to 76 (a Juggler, Cloud or Shapeshifter in a trick
carries its player's choice), actions to 101 (``legal_texts`` written with table 2: ``Jug>h``, ``cloud +1``), a bombed
trick's winner is -1, and four fields say what every player saw: ``werewolf`` (the seat that swapped the Werewolf
this round, -1: nobody) and ``turned_up`` (the card it took), ``bid_changes`` (the Cloud's +1 / -1 per seat this
round) and ``sheet_bid_changes`` (the same per row of the sheet). The Juggler's pass is a seat's own ``given`` and
``received``, as Wily Wizards' passing is.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import orjson

from ..core import SPECTATOR, RuleSet, Trick, View
from ..core.actions import action_to_text
from ..core.cards import cards_of
from ..core.state import TrickGameState


def _texts(actions: tuple[int, ...], rules: RuleSet) -> list[str]:
    """The texts of ``actions`` (table 2's where the rules have special cards)."""
    style, specials = rules.rank_style, bool(rules.special_cards)
    return [action_to_text(a, style, specials) for a in actions]


@lru_cache(maxsize=256)
def _rules_json(rules: RuleSet) -> dict[str, Any]:
    return rules.to_dict()


def view_to_json(view: View) -> dict[str, Any]:
    """The fields of ``view`` as JSON-ready values (the protocol's ``view`` payload): all but ``last_trick``, which
    the message's head carries (``trick_json``). ``played_by`` and ``voids`` are what the client library
    (``wizardcards.client.views``) needs to give a bot the very ``View`` the server's own bots see.

    Tuples are left as tuples where ``json`` writes them as arrays anyway (the score sheet's rows): this runs once per
    connection per decision."""
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
        "played_by": [cards_of(cards) for cards in view.played_by],
        "voids": list(view.voids),
        "tricks_won": list(view.tricks_won),
        "legal_actions": list(view.legal_actions),
        "legal_texts": _texts(view.legal_actions, view.rules),
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
        "scorekeeper": view.scorekeeper,
        "werewolf": view.werewolf,
        "turned_up": view.turned_up,
        "bid_changes": list(view.bid_changes),
        "sheet_bid_changes": [list(changes) for changes in view.sheet_bid_changes],
    }


def trick_json(trick: Trick | None) -> dict[str, Any] | None:
    """A completed trick as the protocol writes it (``protocol.LastTrick``): ``{"leader", "cards", "winner"}``, the
    cards as ids in the order played from the leader."""
    if trick is None:
        return None
    return {"leader": trick.leader, "cards": list(trick.cards), "winner": trick.winner}


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
    return {
        "seat": view.seat,
        "hand": cards_of(view.hand),
        "legal_actions": list(view.legal_actions),
        "legal_texts": _texts(view.legal_actions, view.rules),
        "bids": list(view.bids),
        "given": cards_of(view.given),
        "received": cards_of(view.received),
    }


def own_json_of_state(state: TrickGameState, seat: int) -> dict[str, Any]:
    """``own_json(state.view(seat))`` from the core's ``seat_part`` (a View costs a frozen dataclass of 33 fields; this
    runs for every seat at every decision). What a seat may know is decided by the core alone: ``seat_part`` is the
    seat-specific part of its View, built by the same code."""
    part = state.seat_part(seat)
    return {
        "seat": seat,
        "hand": cards_of(part.hand),
        "legal_actions": list(part.legal_actions),
        "legal_texts": _texts(part.legal_actions, state.rules),
        "bids": list(part.bids),
        "given": cards_of(part.given),
        "received": cards_of(part.received),
    }


class ViewFrames:
    """The ``view`` payloads of one state as JSON text, per seat: what all seats share is serialised once.

    The shared part comes from one ``View`` (the first seat's asked for, a spectator's included); each seat's own
    fields (hand, bids as that seat sees them, cards passed, legal actions; none for a spectator) from
    ``own_json_of_state``, which reads only what that seat may know. Build one per state."""

    def __init__(self, state: TrickGameState) -> None:
        self.state = state
        self._shared: str | None = None  # the shared fields as '"name":value,...' (no braces)
        self._last_trick = "null"  # trick_json of the views' last_trick as JSON text, once _shared is written
        self._text: dict[int, str] = {}

    def payload(self, seat: int) -> str:
        """The JSON text of ``view_to_json`` of ``seat``'s view (the public view for ``SPECTATOR``)."""
        text = self._text.get(seat)
        if text is None:
            own = dumps(own_json_of_state(self.state, seat))
            text = self._text[seat] = f"{own[:-1]},{self._shared_part(seat)}}}"
        return text

    def last_trick(self) -> str:
        """The JSON text of the views' ``last_trick`` (``trick_json``): the same in every seat's view, as every card
        of a trick is played face up."""
        self._shared_part(SPECTATOR)
        return self._last_trick

    def _shared_part(self, seat: int) -> str:
        if self._shared is None:
            view = self.state.view(seat)
            shared = view_to_json(view)
            for name in OWN_FIELDS:
                del shared[name]
            self._shared = dumps(shared)[1:-1]
            self._last_trick = dumps(trick_json(view.last_trick))
        return self._shared
