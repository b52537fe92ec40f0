"""View: exactly what one seat may know (RULES.md, "Both games"), the only thing a bot, client or env ever sees.

A view holds the seat's own hand, every card played this hand (completed tricks and the trick in progress), the
turned-up trump card, the bids or auction calls the rules make visible, tricks won, scores, whose turn it is, and the
seat's legal actions when it is on turn. Other hands, the rest of the deck and the Cauldron never enter a view; under
hidden bids the other seats' bids are ``None`` until the round has been played (the score sheet then shows them).

Facts that follow from the public play are computed once, by the state, as the cards fall: the cards each seat has
played this hand (``played_by``), the suits each seat has shown it lacks by not following (``voids``), and the last
completed trick (``last_trick``), which stays in the view after the hand's last trick until the next hand's first card
is played, so that every front end can show how a hand ended.

With the special cards (RULES.md, "Special cards") a trick holds each card as played (a Juggler or Cloud with its
named suit, a Shapeshifter with its choice: cards.py, ids 67..76), a trick the Bomb took is won by nobody (its winner
is -1; ``trick_leader`` says who leads next), ``werewolf`` and ``turned_up`` say who swapped the Werewolf for which
card turned up (every player saw it, so every view holds it), ``bid_changes`` the Cloud's change of each seat's bid
this round (``bids`` are the bids as changed, the ones the round is scored by) and ``sheet_bid_changes`` the same
for each row of the sheet. The Juggler's pass is hidden as Wily Wizards' passing is: a seat sees only the card it
gave (``given``) and, once everybody has given, the card it received (``received``); after the pass ``voids`` start
again from nothing, since a card received may be of a suit its receiver had shown it lacked.

``state.public_view()`` is the view of a spectator (``seat`` is ``SPECTATOR``): no hand, no legal actions, and only
what every player may see (hidden bids stay hidden).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .cards import CardSet, card_to_text, cards_to_text
from .phase import SPECTATOR, Phase
from .rules import Game, RuleSet

TrickTuple = tuple[int, tuple[int, ...], int]
"""A completed trick as the state keeps it and ``View.round_tricks`` lists it: (leader, cards, winner)."""


class Trick(NamedTuple):
    """A completed trick: who led, the cards in play order from the leader, and the seat that won it. Equal to the
    plain ``TrickTuple`` of the same trick."""

    leader: int
    cards: tuple[int, ...]
    winner: int


class RoundResult(NamedTuple):
    """One row group of the Wizard score sheet: a round as every player saw it once it was played.

    (A NamedTuple rather than a dataclass: the engine makes one per round, and a tuple is built in C.)"""

    hand_size: int
    dealer: int
    trump_card: int  # -1: none turned up
    trump_suit: int  # -1: no trump
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]


class WilyHandResult(NamedTuple):
    """One line of the Wily Wizards score sheet."""

    dealer: int
    auction: tuple[tuple[int, int], ...]  # (seat, call): call 0 is a pass, else the tricks bid
    high_bidder: int  # -1: thrown in, nobody bid
    bid: int  # the contract the team is judged against (combined bids: the partners' sum)
    trump_suit: int  # -1: no trump (or thrown in)
    team_tricks: tuple[int, ...]
    letter_to: tuple[int, ...]  # teams that gained a letter
    letters: tuple[int, ...]  # letters held by each team after the hand


class SeatPart(NamedTuple):
    """The part of a seat's View that differs from seat to seat: what only this seat may know of the position.

    ``state.seat_part(seat)`` gives it without building the whole View (a server sends it to every seat after every
    decision); ``state.view(seat)`` holds the same values, as both are built by the core from one rule."""

    seat: int
    hand: CardSet
    legal_actions: tuple[int, ...]  # empty unless this seat is on turn
    bids: tuple[int | None, ...]  # Wizard; None: not bid yet, or hidden from this seat
    given: CardSet  # Wily Wizards: cards this seat gave while passing
    received: CardSet  # Wily Wizards: cards it received, once everybody has given


@dataclass(frozen=True)
class View:
    game: Game
    rules: RuleSet
    seat: int
    phase: Phase
    current_player: int  # TERMINAL_PLAYER (-4) once the game is over
    dealer: int
    round_index: int  # Wizard: the round, 0-based; Wily: the hand dealt, 0-based (thrown-in hands count)
    hand_size: int
    hand: CardSet
    trump_card: int  # -1: none turned up (or, in Wily Wizards, none is ever turned)
    trump_suit: int  # -1: no trump, or not named yet
    led: int  # suit to follow in the trick in progress: 0..3, -1 nothing decided yet, 4 nothing to follow
    trick_leader: int
    trick: tuple[int, ...]  # cards of the trick in progress, in play order from trick_leader
    round_tricks: tuple[TrickTuple, ...]  # completed tricks of this hand: (leader, cards, winner)
    last_trick: Trick | None  # the last completed trick, the previous hand's last until this hand's first card
    played: CardSet  # every card played this hand, the trick in progress included
    played_by: tuple[CardSet, ...]  # the cards each seat has played this hand
    voids: tuple[int, ...]  # per seat, a 4-bit mask of the suits it has shown it lacks by not following this hand
    tricks_won: tuple[int, ...]
    legal_actions: tuple[int, ...]  # empty unless this seat is on turn
    # Wizard
    bids: tuple[int | None, ...] = ()  # None: not bid yet, or hidden from this seat
    scores: tuple[int, ...] = ()
    sheet: tuple[RoundResult, ...] | tuple[WilyHandResult, ...] = ()
    # Wily Wizards
    teams: tuple[int, ...] = ()  # the team of each seat
    auction: tuple[tuple[int, int], ...] = ()  # this hand's calls so far: (seat, call), 0 = pass
    high_bidder: int = -1
    high_bid: int = 0
    contract: int = 0  # what the high bidder's team must make (the combined bid under that option)
    letters: tuple[int, ...] = ()  # letters of W-I-Z-A-R-D held by each team
    given: CardSet = 0  # cards this seat gave while passing (remembered after the exchange)
    received: CardSet = 0  # cards this seat received, once every player has given theirs
    winners: tuple[int, ...] = ()  # seats that won (shared wins list several); empty until the game is over
    scorekeeper: int = 0  # who keeps score: the lowest card of the first draw (RULES.md, "Dealer")
    # Wizard with the special cards
    werewolf: int = -1  # the seat that swapped the Werewolf for the card turned up this round (-1: nobody)
    turned_up: int = -1  # the card that seat took into its hand (the trump card is the Werewolf then)
    bid_changes: tuple[int, ...] = ()  # per seat, the Cloud's change of its bid this round: +1, -1 or 0
    sheet_bid_changes: tuple[tuple[int, ...], ...] = ()  # the same for each row of the sheet

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def is_my_turn(self) -> bool:
        return self.current_player == self.seat

    @property
    def is_spectator(self) -> bool:
        return self.seat == SPECTATOR

    def to_text(self) -> str:
        style = self.rules.rank_style
        lines = [
            f"{self.game.value} seat {self.seat} | phase {self.phase.value} | turn {self.current_player}"
            f" | dealer {self.dealer} | round {self.round_index + 1} ({self.hand_size} cards)",
            f"hand: {cards_to_text(self.hand, style) or '-'}",
            "trump card: " + ("-" if self.trump_card < 0 else card_to_text(self.trump_card, style))
            + " | trump suit: " + ("none" if self.trump_suit < 0 else "CDHS"[self.trump_suit]),
            f"trick (led by {self.trick_leader}): " + (" ".join(card_to_text(c, style) for c in self.trick) or "-"),
            f"tricks won: {list(self.tricks_won)}",
        ]
        if self.game is Game.WIZARD:
            lines.append("bids: " + " ".join("?" if b is None else str(b) for b in self.bids))
            lines.append(f"scores: {list(self.scores)}")
        else:
            lines.append(f"auction: {list(self.auction)} | contract {self.contract} by seat {self.high_bidder}")
            lines.append(f"letters by team: {list(self.letters)}")
        return "\n".join(lines)
