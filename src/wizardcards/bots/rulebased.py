"""``rulebased``: the rule-based heuristic of Schumacher & Pleines (2022), read faithfully, for both games.

Source: Schumacher & Pleines, "Improving Bidding and Playing Strategies in the Trick-Taking game Wizard using Deep
Q-Networks" (2022), the rule-based baseline. This module is our reading of it, written out so it can be checked.

Card value (both games)
-----------------------
For a trump suit ``t`` (or none) a card's *chance* is the mean of two shares over the 59 other cards of the deck:
the share it beats when it leads a two-card trick, and the share it beats when it follows one. Counting by hand
(``r`` = rank 0..12, ``s`` = suit)::

    card                   beats when leading     beats when following
    Wizard                 59                     56   (loses only to an earlier Wizard)
    Jester                 3    (the other Jesters: the first Jester wins)    0
    trump (s == t)         43 + r                 43 + r  (4 Jesters, r lower trumps, 39 cards of other suits)
    other suit, trump set  30 + r                 4 + r   (4 Jesters, r lower cards of its suit)
    any suit, no trump     43 + r                 4 + r

The value is ``chance ** (players - 1)`` (it must beat every other player's card), scaled so that the 60 cards of
the deck sum to ``60 / players`` (a player's share of the tricks when every card is dealt). ``card_values`` builds
the table; a hand's value is the sum over its cards, an estimate of the tricks it takes.

Wizard
------
* Trump choice (a Wizard was turned up, the bot deals): the suit that gives the hand the highest value (ties: the
  lowest suit number).
* Bid: ``floor(hand value + 0.5)`` (round half up), clipped to the legal bids: when that bid is not legal (the hook
  rule forbids it) the nearest legal bid, the lower one on a tie.
* Play: the legal cards are ranked by value (ties: by card id, so the ranking is total). *Short* means tricks won
  < bid. Short and leading: the highest card. Short and following: the highest card if it beats the best card on
  the table (it would take the trick as it stands), else the lowest. Bid reached, leading: the lowest card. Bid
  reached, following: the highest card that still loses to the table, else (every legal card wins) the lowest.

Wily Wizards (our reading "of the same spirit"; the auction and the passing in ``wily_bidding.py``)
---------------------------------------------------------------------------------------------------
* Team estimate: the hand's value ``v`` under the trump it would name gives its team's tricks as high bidder,
  ``A + B * v`` with spread ``S``, constants fitted per table on heuristic hands (they hold the partners' expected
  help and the passing to come). The hand's *limit* is ``floor(A + B * v + 1/2 - S / 4)``.
* Auction: nobody has bid: open at the limit when it is more than the team's even share of the tricks (8 of 15
  for partners at 4), else pass. An opponent holds the high bid: raise by the
  least legal bid while the contract it leads to (the core's ``contract_of``: combined bids count) is within the
  limit, else pass. The partner holds it: raise only when the limit is at least 2 above the team's contract (a
  clearly stronger hand), else pass.
* Trump the bot names: its longest suit, ties broken by the higher summed value of that suit's cards under that
  trump, then by the lowest suit number ("the longest strong suit"). The bot never names no trump.
* Card passing, one card at a time: to a teammate who is the high bidder, its highest-valued card under the trump
  (Wizards, top trumps); to anybody else, the lowest card of its shortest side suit (making a void to ruff with),
  keeping Wizards and trumps.
* Play: as in Wizard, with the team in the bidder's place. The high bidder's team is *short* while its tricks are
  below the contract; the other teams are *short* while the contract can still be made (they must take
  ``hand_size - contract + 1`` tricks together to beat it). In addition, when short and following while a teammate
  currently wins the trick, the bot plays its lowest card rather than overtake.

The bot chooses only among ``view.legal_actions``: handed a subset of them (a referee's restriction,
``base.restrict``), every rule above picks among the actions offered (the trumps offered; in the auction, a pass if
the call chosen is not offered, else the lowest bid offered; in the passing, the lowest-valued card offered when
the card chosen is not).

With special cards (``special_cards``) the Wizard decisions are those of ``special_heuristics.py``: the same
heuristic over the bigger deck, and a rule for the Werewolf's trump, the Cloud's change and the Juggler's pass.

The bot is deterministic: the ``rng`` it is given is not used.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache

from ..core import View
from ..core import actions as A
from ..core.cards import DECK_SIZE, FIRST_JESTER, FIRST_WIZARD, RANKS, SUIT_MASKS, cards_of
from ..core.rules import Game
from ..core.state import Phase
from ..core.tricks import trick_winner
from . import special_heuristics
from .base import register_bot

OTHERS = DECK_SIZE - 1


def card_chance(card: int, trump: int) -> float:
    """The mean share of the 59 other cards that ``card`` beats when leading and when following (table above)."""
    if card >= FIRST_JESTER:
        lead, follow = 3, 0
    elif card >= FIRST_WIZARD:
        lead, follow = OTHERS, OTHERS - 3
    else:
        rank = card % RANKS
        suit = card // RANKS
        if trump < 0 or suit == trump:
            lead = 43 + rank
            follow = 43 + rank if suit == trump else 4 + rank
        else:
            lead, follow = 30 + rank, 4 + rank
    return (lead + follow) / (2 * OTHERS)


@cache
def card_values(trump: int, players: int) -> tuple[float, ...]:
    """The value of each card id 0..59 under ``trump`` (-1: none) at a table of ``players``."""
    raw = [card_chance(card, trump) ** (players - 1) for card in range(DECK_SIZE)]
    scale = DECK_SIZE / players / sum(raw)
    return tuple(value * scale for value in raw)


def hand_value(hand: int, trump: int, players: int) -> float:
    values = card_values(trump, players)
    return sum(values[card] for card in cards_of(hand))


def wizard_bid(view: View) -> int:
    target = int(hand_value(view.hand, view.trump_suit, view.players) + 0.5)
    bids = [a - A.BID_BASE for a in view.legal_actions]
    return A.BID_BASE + min(bids, key=lambda b: (abs(b - target), b))


def best_trump_by_value(hand: int, players: int, suits: Iterable[int] = range(4)) -> int:
    return max(suits, key=lambda s: (hand_value(hand, s, players), -s))


def suits_offered(view: View) -> list[int]:
    """The suits among ``view.legal_actions`` (no trump left out)."""
    return [a - A.TRUMP_BASE for a in view.legal_actions if A.TRUMP_BASE <= a < A.NO_TRUMP]


def play_card(view: View, short: bool, teammates: frozenset[int] = frozenset()) -> int:
    """The card action chosen by the play rules of the reading above."""
    values = card_values(view.trump_suit, view.players)
    ranked = sorted(view.legal_actions, key=lambda a: (values[A.card_of_action(a, view.hand)], a))
    lowest, highest = ranked[0], ranked[-1]
    trick = list(view.trick)
    if not trick:
        return highest if short else lowest
    position = len(trick)

    def wins(action: int) -> bool:
        return trick_winner([*trick, A.card_of_action(action, view.hand)], view.trump_suit) == position

    if short:
        leader_now = (view.trick_leader + trick_winner(trick, view.trump_suit)) % view.players
        if leader_now in teammates:
            return lowest
        return highest if wins(highest) else lowest
    losing = [a for a in ranked if not wins(a)]
    return losing[-1] if losing else lowest


class RuleBasedBot:
    name = "rulebased"
    plays_special_cards = True  # bots/special_heuristics.py

    def act(self, view: View, rng: random.Random) -> int:
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} is not on turn: no legal action to choose")
        if view.game is Game.WILY:
            return self._act_wily(view)
        if view.rules.special_cards:
            return special_heuristics.act(view)
        phase = view.phase
        if phase is Phase.CHOOSE_TRUMP:
            suits = suits_offered(view)
            if not suits:
                return view.legal_actions[0]
            return A.TRUMP_BASE + best_trump_by_value(view.hand, view.players, suits)
        if phase is Phase.BID:
            return wizard_bid(view)
        bid = view.bids[view.seat]
        short = bid is not None and view.tricks_won[view.seat] < bid
        return play_card(view, short)

    # --- Wily Wizards ---------------------------------------------------------------------------------------

    def _act_wily(self, view: View) -> int:
        phase = view.phase
        players = view.players
        from .wily_bidding import auction_call, pass_action  # wily_bidding builds on this module

        if phase is Phase.AUCTION:
            return auction_call(view)
        if phase is Phase.NAME_TRUMP:
            suits = suits_offered(view)
            if not suits:  # only no trump offered
                return view.legal_actions[0]
            return A.TRUMP_BASE + longest_strong_suit(view.hand, players, suits)
        if phase is Phase.PASS_CARDS:
            return pass_action(view)
        teams = view.teams
        mine = teams[view.seat]
        team_seats = frozenset(s for s in range(players) if teams[s] == mine and s != view.seat)
        bidder_team = teams[view.high_bidder]
        bidder_tricks = sum(t for s, t in enumerate(view.tricks_won) if teams[s] == bidder_team)
        if mine == bidder_team:
            short = bidder_tricks < view.contract
        else:
            tricks_left = view.hand_size - sum(view.tricks_won)
            short = bidder_tricks + tricks_left >= view.contract
        return play_card(view, short, team_seats)


def longest_strong_suit(hand: int, players: int, suits: Iterable[int] = range(4)) -> int:
    """The trump the bot names among ``suits``: most cards, then the highest value of that suit under it (to 9
    decimals: equal ranks in two suits are equal values, whatever the rounding of the sums), then the lowest suit."""

    def key(suit: int) -> tuple[int, float, int]:
        own = hand & SUIT_MASKS[suit]
        return (own.bit_count(), round(hand_value(own, suit, players), 9), -suit)

    return max(suits, key=key)


register_bot("rulebased")(RuleBasedBot)
