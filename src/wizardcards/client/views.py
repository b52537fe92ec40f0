"""A ``view`` message of the server's protocol back into the core's ``View``: the inverse of
``server.serialize.view_to_json`` (with the message's ``last_trick``), so that any ``Bot`` plays at a server exactly
as it plays in the arena. tests/client/test_views.py checks ``view_from_json(view_to_json(v)) == v`` at every step
of random games of both games."""

from __future__ import annotations

from typing import Any

from ..core import Game, Phase, RuleSet, View
from ..core.cards import card_set
from ..core.view import RoundResult, Trick, WilyHandResult


def _tuple_of_tuples(value: Any) -> Any:
    return tuple(_tuple_of_tuples(v) for v in value) if isinstance(value, list) else value


def view_from_json(view: dict[str, Any], last_trick: dict[str, Any] | None = None) -> View:
    """The ``View`` a ``view`` message's payload (``view``) and head (``last_trick``) describe."""
    game = Game(view["game"])
    row = RoundResult if game is Game.WIZARD else WilyHandResult
    return View(
        game=game,
        rules=RuleSet.from_dict(view["rules"]),
        seat=view["seat"],
        phase=Phase(view["phase"]),
        current_player=view["current_player"],
        dealer=view["dealer"],
        round_index=view["round_index"],
        hand_size=view["hand_size"],
        hand=card_set(view["hand"]),
        trump_card=view["trump_card"],
        trump_suit=view["trump_suit"],
        led=view["led"],
        trick_leader=view["trick_leader"],
        trick=tuple(view["trick"]),
        round_tricks=tuple((leader, tuple(cards), winner) for leader, cards, winner in view["round_tricks"]),
        last_trick=None if last_trick is None else Trick(last_trick["leader"], tuple(last_trick["cards"]),
                                                         last_trick["winner"]),
        played=card_set(view["played"]),
        played_by=tuple(card_set(cards) for cards in view["played_by"]),
        voids=tuple(view["voids"]),
        tricks_won=tuple(view["tricks_won"]),
        legal_actions=tuple(view["legal_actions"]),
        bids=tuple(view["bids"]),
        scores=tuple(view["scores"]),
        sheet=tuple(row(*_tuple_of_tuples(r)) for r in view["sheet"]),  # type: ignore[arg-type]
        teams=tuple(view["teams"]),
        auction=tuple((seat, call) for seat, call in view["auction"]),
        high_bidder=view["high_bidder"],
        high_bid=view["high_bid"],
        contract=view["contract"],
        letters=tuple(view["letters"]),
        given=card_set(view["given"]),
        received=card_set(view["received"]),
        winners=tuple(view["winners"]),
        scorekeeper=view["scorekeeper"],
        # the special cards' fields (a server older than them sends none: their defaults, as without the cards)
        werewolf=view.get("werewolf", -1),
        turned_up=view.get("turned_up", -1),
        bid_changes=tuple(view.get("bid_changes", ())),
        sheet_bid_changes=tuple(tuple(changes) for changes in view.get("sheet_bid_changes", ())),
    )
