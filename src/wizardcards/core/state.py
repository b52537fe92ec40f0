"""What both games' state machines share: phases, dealing, playing tricks, cloning, errors.

``TrickGameState`` holds the fields and the card-play phase common to Wizard and Wily Wizards; ``WizardState`` and
``WilyState`` add their own phases (bidding, auction, trump, passing) and their own end of a hand. Every public
method dispatches on ``self.phase`` to one small function per phase (OpenSpiel ``oh_hell.cc`` style).

Randomness: a game is fixed by its rule set, its seed and its decisions. Deal number k of a game is a pure function
of (seed, k) produced by ``DealSource``, which clones share, so a clone deals exactly what the original would.
"""

from __future__ import annotations

import random
import secrets
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Final

from . import actions as A
from .cards import (
    DECK_SIZE,
    FIRST_JESTER,
    FIRST_WIZARD,
    JESTERS,
    RANKS,
    SUIT_MASKS,
    WIZARDS,
    Suit,
    card_to_text,
    cards_to_text,
)
from .rules import RuleSet
from .tricks import FREE, NO_SUIT_YET, winning_position

if TYPE_CHECKING:
    from .record import GameRecord
    from .view import SeatPart, View

TERMINAL_PLAYER: Final = -4
"""``current_player()`` once the game is over (OpenSpiel's ``kTerminalPlayerId``)."""


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the message names the rule. The state is left unchanged."""


class Phase(Enum):
    CHOOSE_TRUMP = "choose_trump"  # Wizard: a Wizard was turned up, the dealer names trump
    BID = "bid"  # Wizard: exact bids
    AUCTION = "auction"  # Wily: pass or outbid
    NAME_TRUMP = "name_trump"  # Wily: the high bidder names trump
    PASS_CARDS = "pass_cards"  # Wily: everyone gives three cards
    PLAY = "play"
    GAME_OVER = "game_over"


_ORDERED_DECK: Final[tuple[int, ...]] = tuple(range(DECK_SIZE))


class DealSource:
    """Shuffled decks for deal 0, 1, 2, ... of one game, generated in order from the game's seed and remembered."""

    __slots__ = ("_rng", "_decks")

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self._decks: list[tuple[int, ...]] = []

    def deck(self, index: int, needed: int = DECK_SIZE) -> tuple[int, ...]:
        """Deck ``index`` of the game: its first ``needed`` cards are a uniformly random sequence, the rest follow
        in a fixed order. A game always asks for the same ``needed`` at the same index, so decks are reproducible."""
        decks = self._decks
        while len(decks) <= index:
            decks.append(tuple(self._shuffled(needed)))
        return decks[index]

    def _shuffled(self, needed: int) -> list[int]:
        """The 60 cards, the first ``needed`` of them a uniformly random sequence.

        Fisher-Yates, stopped once those cards are drawn: cards nobody will see need no shuffling, and a 4-player
        round deals 33 cards on average. One random() (53 bits) gives three positions: each step uses the fraction
        left by the last, which keeps more than 40 bits for the third, so the bias is below 2**-34."""
        deck = list(_ORDERED_DECK)
        rnd = self._rng.random
        fraction = 0.0
        for i in range(min(needed, DECK_SIZE - 1)):
            if i % 3 == 0:
                fraction = rnd()
            fraction *= DECK_SIZE - i
            step = int(fraction)
            fraction -= step
            j = i + step
            card = deck[j]
            deck[j] = deck[i]
            deck[i] = card
        return deck

    def draw_first_dealer(self, players: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
        """RULES.md "Dealer": each contender draws a card; highest deals (Wizards high, Jesters low, suits do not
        break ties); tied players draw again. Drawn before any deal, from the same stream. Returns the dealer and
        each draw (a card per seat, -1 for a seat not drawing)."""
        contenders = list(range(players))
        draws = []
        while True:
            cards = self._shuffled(len(contenders))
            drawn = [-1] * players
            for seat, card in zip(contenders, cards):
                drawn[seat] = card
            draws.append(tuple(drawn))
            best = max(_draw_strength(drawn[s]) for s in contenders)
            contenders = [s for s in contenders if _draw_strength(drawn[s]) == best]
            if len(contenders) == 1:
                return contenders[0], tuple(draws)


def _draw_strength(card: int) -> int:
    return 100 if FIRST_WIZARD <= card < FIRST_JESTER else (-1 if card >= FIRST_JESTER else card % RANKS)


def _suit_tables() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each suit, the action ids of every 13-bit pattern of that suit's cards."""
    return tuple(
        tuple(tuple(RANKS * suit + r for r in range(RANKS) if pattern >> r & 1) for pattern in range(1 << RANKS))
        for suit in range(4)
    )


_SUIT_ACTIONS: Final = _suit_tables()
_C: Final = _SUIT_ACTIONS[0]
_D: Final = _SUIT_ACTIONS[1]
_H: Final = _SUIT_ACTIONS[2]
_S: Final = _SUIT_ACTIONS[3]
_SUIT_SHIFT: Final[tuple[int, ...]] = (0, RANKS, 2 * RANKS, 3 * RANKS)
_PLAY: Final = Phase.PLAY


def card_actions(mask: int) -> list[int]:
    """The distinct play actions for a set of cards: suited ids, then 52 for any Wizards, 53 for any Jesters."""
    out = list(_C[mask & 0x1FFF])
    out.extend(_D[mask >> 13 & 0x1FFF])
    out.extend(_H[mask >> 26 & 0x1FFF])
    out.extend(_S[mask >> 39 & 0x1FFF])
    if mask & WIZARDS:
        out.append(A.PLAY_WIZARD)
    if mask & JESTERS:
        out.append(A.PLAY_JESTER)
    return out


_FIELDS_BY_CLASS: dict[type, tuple[str, ...]] = {}


class TrickGameState:
    """Fields and card play shared by both games. Create states with ``new_game``, not directly."""

    # Every field of a state, for equality; subclasses declare their own additions the same way (mypyc, which
    # compiles this module, keeps ClassVars but drops __slots__). _copy_into copies them for clone().
    STATE_FIELDS: ClassVar[tuple[str, ...]] = (
        "rules",
        "seed",
        "players",
        "phase",
        "history",
        "hands",
        "dealer",
        "current",
        "trump_card",
        "trump_suit",
        "led",
        "trick",
        "leader",
        "tricks_won",
        "played",
        "round_tricks",
        "deal_index",
        "first_dealer_draws",
        "_deals",
        "_first_suited",
    )

    def __init__(self, rules: RuleSet | None = None, seed: int | None = None) -> None:
        """A new game; with no rules, a blank shell for ``clone`` to fill (subclasses return early too)."""
        if rules is None:
            return
        if seed is None:
            seed = secrets.randbits(63)
        self.rules = rules
        self.seed = seed
        self.players = n = rules.players
        self._deals = DealSource(seed)
        self._first_suited = rules.jester_lead.value == "first_suited"
        self.history: list[int] = []
        self.hands = [0] * n
        self.tricks_won = [0] * n
        self.trick: list[int] = []
        self.round_tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.played = 0
        self.deal_index = 0
        self.trump_card = -1
        self.trump_suit = -1
        self.led = NO_SUIT_YET
        self.leader = 0
        self.current = 0
        if rules.first_dealer is None:
            self.dealer, self.first_dealer_draws = self._deals.draw_first_dealer(n)
        else:
            self.dealer, self.first_dealer_draws = rules.first_dealer, ()
        self.phase = Phase.PLAY

    # --- the public API -------------------------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL_PLAYER if self.phase is Phase.GAME_OVER else self.current

    def is_terminal(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def legal_actions(self) -> list[int]:
        if self.phase is _PLAY:
            hand = self.hands[self.current]
            led = self.led
            if 0 <= led < 4:
                same = hand & SUIT_MASKS[led]
                if same:
                    out = list(_SUIT_ACTIONS[led][same >> _SUIT_SHIFT[led]])
                    if hand & WIZARDS:
                        out.append(A.PLAY_WIZARD)
                    if hand & JESTERS:
                        out.append(A.PLAY_JESTER)
                    return out
            return card_actions(hand)
        return self._other_legal_actions()

    def apply(self, action: int) -> None:
        """Take ``action`` for the player on turn; raises ``IllegalActionError`` and changes nothing if illegal."""
        if self.phase is _PLAY:
            # The fast path: a suited card that is held and follows suit (most actions of a game).
            p = self.current
            hand = self.hands[p]
            if 0 <= action < FIRST_WIZARD and hand >> action & 1:
                led = self.led
                suit = action // RANKS
                if led == suit or led == FREE or led == NO_SUIT_YET or not hand & SUIT_MASKS[led]:
                    if led == NO_SUIT_YET:
                        self.led = suit
                    self.hands[p] = hand ^ (1 << action)
                    self.played |= 1 << action
                    trick = self.trick
                    trick.append(action)
                    self.history.append(action)
                    if len(trick) < self.players:
                        self.current = (p + 1) % self.players
                    else:
                        self._finish_trick()
                    return
            self._apply_play(action)
        else:
            self._apply_other(action)
        self.history.append(action)

    def apply_text(self, text: str) -> None:
        self.apply(self.text_to_action(text))

    def action_to_text(self, action: int) -> str:
        return A.action_to_text(action, self.rules.rank_style)

    def text_to_action(self, text: str) -> int:
        try:
            return A.action_from_text(text, self.rules.rank_style)
        except ValueError as error:
            raise IllegalActionError(str(error)) from None

    def clone(self) -> TrickGameState:
        other = type(self)()
        self._copy_into(other)
        return other

    def _copy_into(self, other: TrickGameState) -> None:
        """Fill a blank shell with this state: lists are copied, the other fields are immutable and shared.

        Written out field by field, as clone() is the hot path of search; tests/core/test_clone.py checks that a clone
        equals its original on every field of STATE_FIELDS and shares no list with it."""
        other.rules = self.rules
        other.seed = self.seed
        other.players = self.players
        other.phase = self.phase
        other.history = self.history.copy()
        other.hands = self.hands.copy()
        other.dealer = self.dealer
        other.current = self.current
        other.trump_card = self.trump_card
        other.trump_suit = self.trump_suit
        other.led = self.led
        other.trick = self.trick.copy()
        other.leader = self.leader
        other.tricks_won = self.tricks_won.copy()
        other.played = self.played
        other.round_tricks = self.round_tricks.copy()
        other.deal_index = self.deal_index
        other.first_dealer_draws = self.first_dealer_draws
        other._deals = self._deals
        other._first_suited = self._first_suited

    def view(self, seat: int) -> View:
        raise NotImplementedError

    def winners(self) -> list[int]:
        raise NotImplementedError

    def seat_part(self, seat: int) -> SeatPart:
        """What only ``seat`` may know of the position (its hand, its legal actions, the bids it may see, the cards it
        gave and received): the part of ``view(seat)`` that differs from seat to seat."""
        from .view import SeatPart

        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat} at a table of {self.players}")
        on_turn = self.phase is not Phase.GAME_OVER and self.current == seat
        given, received = self._passed_cards(seat)
        return SeatPart(
            seat,
            self.hands[seat],
            tuple(self.legal_actions()) if on_turn else (),
            self._visible_bids(seat),
            given,
            received,
        )

    def _visible_bids(self, seat: int) -> tuple[int | None, ...]:
        return ()

    def _passed_cards(self, seat: int) -> tuple[int, int]:
        return 0, 0

    def _view(self, seat: int, **game_fields: Any) -> View:
        """The fields of a View that both games fill alike; each game's ``view`` adds its own ``game_fields``."""
        from .view import View

        part = self.seat_part(seat)
        return View(
            game=self.rules.game,
            rules=self.rules,
            seat=seat,
            phase=self.phase,
            current_player=self.current_player(),
            dealer=self.dealer,
            hand=part.hand,
            trump_card=self.trump_card,
            trump_suit=self.trump_suit,
            led=self.led,
            trick_leader=self.leader,
            trick=tuple(self.trick),
            round_tricks=tuple(self.round_tricks),
            played=self.played,
            tricks_won=tuple(self.tricks_won),
            legal_actions=part.legal_actions,
            bids=part.bids,
            given=part.given,
            received=part.received,
            winners=tuple(self.winners()),
            **game_fields,
        )

    def hand_of(self, seat: int) -> int:
        """``view(seat).hand`` without building the whole view: the cards ``seat`` holds, for that seat's eyes only
        (the RL environments keep each seat's observation up to date step by step and read its hand here)."""
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat} at a table of {self.players}")
        return self.hands[seat]

    def returns(self) -> list[int]:
        raise NotImplementedError

    def record(self, names: list[str] | None = None) -> GameRecord:
        from .record import GameRecord

        return GameRecord(rules=self.rules, seed=self.seed, actions=list(self.history), names=names)

    # --- shared mechanics ------------------------------------------------------------------------------------

    @classmethod
    def _all_fields(cls) -> tuple[str, ...]:
        names = _FIELDS_BY_CLASS.get(cls)
        if names is None:
            names = _FIELDS_BY_CLASS[cls] = tuple(cls._collect("STATE_FIELDS"))
        return names

    @classmethod
    def _collect(cls, attribute: str) -> list[str]:
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            names.extend(klass.__dict__.get(attribute, ()))
        return names

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, n) for n in self._all_fields() if n not in ("_deals", "_first_suited"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TrickGameState) and type(other) is type(self) and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]

    def _deal(self, hand_size: int, first_seat: int) -> tuple[int, ...]:
        """Deal ``hand_size`` cards to each seat from the next shuffled deck; return the undealt cards in deck order."""
        n = self.players
        deck = self._deals.deck(self.deal_index, n * hand_size + 1)  # + 1: the card turned up for trump
        self.deal_index += 1
        for i in range(n):
            mask = 0
            for card in deck[i * hand_size : (i + 1) * hand_size]:
                mask |= 1 << card
            self.hands[(first_seat + i) % n] = mask
        self.tricks_won = [0] * n
        self.round_tricks = []
        self.trick = []
        self.played = 0
        self.led = NO_SUIT_YET
        return deck[n * hand_size :]

    def _card_of_action(self, action: int, hand: int) -> int:
        """The card an action plays from ``hand``; raises if the hand has none."""
        if 0 <= action < FIRST_WIZARD:
            if hand >> action & 1:
                return action
        elif action == A.PLAY_WIZARD:
            if hand & WIZARDS:
                return ((hand & WIZARDS) & -(hand & WIZARDS)).bit_length() - 1
        elif action == A.PLAY_JESTER:
            if hand & JESTERS:
                return ((hand & JESTERS) & -(hand & JESTERS)).bit_length() - 1
        else:
            raise IllegalActionError(self._wrong_phase(action))
        raise IllegalActionError(
            f"seat {self.current} holds no {self.action_to_text(action)}: hand is "
            f"{cards_to_text(hand, self.rules.rank_style) or 'empty'}"
        )

    def _wrong_phase(self, action: int) -> str:
        try:
            text = self.action_to_text(action)
        except ValueError:
            return f"no action has id {action}: ids run 0..{A.NUM_ACTIONS - 1}"
        return f"{text!r} is not a move of the {self.phase.value.replace('_', ' ')} phase"

    def _apply_play(self, action: int) -> None:
        p = self.current
        hand = self.hands[p]
        card = self._card_of_action(action, hand)
        led = self.led
        if 0 <= led < 4 and card < FIRST_WIZARD and card // RANKS != led and hand & SUIT_MASKS[led]:
            style = self.rules.rank_style
            raise IllegalActionError(
                f"must follow {Suit(led).title}: hand holds {cards_to_text(hand & SUIT_MASKS[led], style)}"
            )
        bit = 1 << card
        self.hands[p] = hand ^ bit
        self.played |= bit
        trick = self.trick
        if led == NO_SUIT_YET:
            if card < FIRST_WIZARD:
                self.led = card // RANKS
            elif card < FIRST_JESTER and (not trick or not self._first_suited):
                self.led = FREE
        trick.append(card)
        if len(trick) < self.players:
            self.current = (p + 1) % self.players
        else:
            self._finish_trick()

    def _finish_trick(self) -> None:
        trick = self.trick
        winner = (self.leader + winning_position(trick, self.trump_suit)) % self.players
        self.tricks_won[winner] += 1
        self.round_tricks.append((self.leader, tuple(trick), winner))
        self.trick = []
        self.led = NO_SUIT_YET
        self.leader = self.current = winner
        if not self.hands[winner]:
            self._end_of_hand()

    # --- per game -------------------------------------------------------------------------------------------

    def _other_legal_actions(self) -> list[int]:
        raise NotImplementedError

    def _apply_other(self, action: int) -> None:
        raise NotImplementedError

    def _end_of_hand(self) -> None:
        raise NotImplementedError

    # --- text ------------------------------------------------------------------------------------------------

    def _trump_text(self) -> str:
        style = self.rules.rank_style
        card = "none turned" if self.trump_card < 0 else card_to_text(self.trump_card, style)
        suit = "no trump" if self.trump_suit < 0 else Suit(self.trump_suit).title
        return f"trump card {card}, trump {suit}"

    def _hands_text(self) -> list[str]:
        style = self.rules.rank_style
        return [f"  seat {s}: {cards_to_text(h, style) or '-'}" for s, h in enumerate(self.hands)]

    def _trick_text(self) -> str:
        style = self.rules.rank_style
        return " ".join(card_to_text(c, style) for c in self.trick) or "-"


__all__ = ["IllegalActionError", "Phase", "TERMINAL_PLAYER", "TrickGameState", "card_actions"]
