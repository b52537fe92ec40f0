"""What both games' state machines share: phases, dealing, playing tricks, cloning, errors.

``TrickGameState`` holds the fields and the card-play phase common to Wizard and Wily Wizards; ``WizardState`` and
``WilyState`` add their own phases (bidding, auction, trump, passing) and their own end of a hand. Every public
method dispatches on ``self.phase`` to one small function per phase (OpenSpiel ``oh_hell.cc`` style).

Randomness: a game is fixed by its rule set, its seed and its decisions. Deal number k of a game is a pure function
of (seed, k) produced by ``deal.DealSource``, which clones share, so a clone deals exactly what the original would.
"""

from __future__ import annotations

import secrets
from typing import Any, ClassVar, Final

from . import actions as A
from .actions import card_of_action
from .cards import JESTERS, RANKS, WIZARDS, Suit, card_to_text, cards_to_text
from .deal import DealSource, scorekeeper_of
from .phase import SPECTATOR, TERMINAL_PLAYER, IllegalActionError, InvalidActionError, Phase
from .record import GameRecord
from .rules import RuleSet
from .tricks import NO_SUIT_YET, follow_error, legal_cards, next_led, void_shown, winning_position
from .view import SeatPart, Trick, TrickTuple, View


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
_PLAY: Final = Phase.PLAY
_GAME_OVER: Final = Phase.GAME_OVER


def card_actions(mask: int) -> list[int]:
    """The distinct play actions for a set of cards: suited ids, then 52 for any Wizards, 53 for any Jesters."""
    out: list[int] = []
    # A hand that must follow suit has one suit's cards (and maybe Wizards and Jesters): skip the empty suits.
    clubs = mask & 0x1FFF
    if clubs:
        out.extend(_C[clubs])
    diamonds = mask >> 13 & 0x1FFF
    if diamonds:
        out.extend(_D[diamonds])
    hearts = mask >> 26 & 0x1FFF
    if hearts:
        out.extend(_H[hearts])
    spades = mask >> 39 & 0x1FFF
    if spades:
        out.extend(_S[spades])
    if mask & WIZARDS:
        out.append(A.PLAY_WIZARD)
    if mask & JESTERS:
        out.append(A.PLAY_JESTER)
    return out


_FIELDS_BY_CLASS: dict[type, tuple[str, ...]] = {}


class TrickGameState:
    """Fields, card play and the public API shared by both games. Create states with ``new_game``, not directly.

    Both games have a round index (Wizard: the round; Wily Wizards: the hand dealt, thrown-in hands counted), a hand
    size, teams (in Wizard every seat is a team of its own), a scorekeeper, ``returns()``, ``winners()`` and
    ``score_sheet()``; the rows of the score sheet are each game's own (``WizardState.sheet``, ``WilyState.sheet``).
    """

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
        "scorekeeper",
        "current",
        "round_index",
        "hand_size",
        "teams",
        "trump_card",
        "trump_suit",
        "led",
        "trick",
        "leader",
        "tricks_won",
        "played",
        "voids",
        "round_tricks",
        "last_trick",
        "deal_index",
        "start",
        "first_dealer_draws",
        "_deals",
        "_lead_rule",
    )

    round_index: int
    hand_size: int
    teams: tuple[int, ...]

    def __init__(self, rules: RuleSet | None = None, seed: int | None = None) -> None:
        """A new game; with no rules, a blank shell for ``clone`` to fill (subclasses return early too)."""
        if rules is None:
            return
        if seed is None:
            seed = secrets.randbits(63)
        self.rules = rules
        self.seed = seed
        self.players = n = rules.players
        self._deals = DealSource(seed, rules.deck)
        self._lead_rule = rules.lead_rule
        self.history: list[int] = []
        self.hands = [0] * n
        self.tricks_won = [0] * n
        self.trick: list[int] = []
        self.round_tricks: list[TrickTuple] = []
        self.last_trick: TrickTuple | None = None
        self.played = 0
        self.voids = [0] * n
        self.deal_index = 0
        self.start: str | None = None  # the position the game began from, in notation (notation.start_game)
        self.round_index = 0
        self.hand_size = 0
        self.teams = tuple(range(n))
        self.trump_card = -1
        self.trump_suit = -1
        self.led = NO_SUIT_YET
        self.leader = 0
        self.current = 0
        if rules.first_dealer is None:
            self.dealer, self.first_dealer_draws = self._deals.draw_first_dealer(n)
        else:
            self.dealer, self.first_dealer_draws = rules.first_dealer, ()
        self.scorekeeper = scorekeeper_of(self.dealer, self.first_dealer_draws)
        self.phase = Phase.PLAY

    # --- the public API -------------------------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL_PLAYER if self.phase is _GAME_OVER else self.current

    def is_terminal(self) -> bool:
        return self.phase is _GAME_OVER

    def legal_actions(self) -> list[int]:
        if self.phase is _PLAY:
            return card_actions(legal_cards(self.hands[self.current], self.led))
        return self._other_legal_actions()

    def apply(self, action: int) -> None:
        """Take ``action`` for the player on turn. Raises ``InvalidActionError`` for an id that is no action and
        ``IllegalActionError`` for one the rules do not allow now; either way the state is unchanged."""
        if self.phase is _PLAY:
            self._apply_play(action)
        else:
            self._apply_other(action)
        self.history.append(action)

    def apply_text(self, text: str) -> None:
        self.apply(self.text_to_action(text))

    def action_to_text(self, action: int) -> str:
        return A.action_to_text(action, self.rules.rank_style)

    def text_to_action(self, text: str) -> int:
        """The action a text names (``InvalidActionError`` if it names none); whether it is legal is apply's to say."""
        return A.action_from_text(text, self.rules.rank_style)

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
        other.scorekeeper = self.scorekeeper
        other.current = self.current
        other.round_index = self.round_index
        other.hand_size = self.hand_size
        other.teams = self.teams
        other.trump_card = self.trump_card
        other.trump_suit = self.trump_suit
        other.led = self.led
        other.trick = self.trick.copy()
        other.leader = self.leader
        other.tricks_won = self.tricks_won.copy()
        other.played = self.played
        other.voids = self.voids.copy()
        other.round_tricks = self.round_tricks.copy()
        other.last_trick = self.last_trick
        other.deal_index = self.deal_index
        other.start = self.start
        other.first_dealer_draws = self.first_dealer_draws
        other._deals = self._deals
        other._lead_rule = self._lead_rule

    def view(self, seat: int) -> View:
        """All that ``seat`` may know of the game (``SPECTATOR``: what anybody watching may know)."""
        raise NotImplementedError

    def public_view(self) -> View:
        """The view of a spectator: every public fact, no hand, no legal actions, hidden bids hidden."""
        return self.view(SPECTATOR)

    def returns(self) -> list[int]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        raise NotImplementedError

    def score_sheet(self, names: list[str] | None = None) -> str:
        raise NotImplementedError

    def seat_part(self, seat: int) -> SeatPart:
        """What only ``seat`` may know of the position (its hand, its legal actions, the bids it may see, the cards it
        gave and received): the part of ``view(seat)`` that differs from seat to seat. ``SPECTATOR`` gets none of it."""
        if seat == SPECTATOR:
            return SeatPart(seat, 0, (), self._visible_bids(seat), 0, 0)
        self._check_seat(seat)
        on_turn = self.phase is not _GAME_OVER and self.current == seat
        given, received = self._passed_cards(seat)
        return SeatPart(
            seat,
            self.hands[seat],
            tuple(self.legal_actions()) if on_turn else (),
            self._visible_bids(seat),
            given,
            received,
        )

    def hand_of(self, seat: int) -> int:
        """``view(seat).hand`` without building the whole view: the cards ``seat`` holds, for that seat's eyes only
        (the RL environments keep each seat's observation up to date step by step and read its hand here)."""
        self._check_seat(seat)
        return self.hands[seat]

    def cards_played_by(self) -> list[int]:
        """The cards each seat has played this hand, the trick in progress included (``View.played_by``). Worked out
        from the tricks when asked: keeping it up to date would cost every card play a boxed list write."""
        n = self.players
        out = [0] * n
        for leader, cards, _ in self.round_tricks:
            for position in range(len(cards)):
                seat = (leader + position) % n
                out[seat] = out[seat] | 1 << cards[position]
        trick = self.trick
        leader = self.leader
        for position in range(len(trick)):
            seat = (leader + position) % n
            out[seat] = out[seat] | 1 << trick[position]
        return out

    def record(self, names: list[str] | None = None) -> GameRecord:
        return GameRecord(rules=self.rules, seed=self.seed, actions=list(self.history), names=names, start=self.start)

    # --- views -------------------------------------------------------------------------------------------------

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat} at a table of {self.players}")

    def _visible_bids(self, seat: int) -> tuple[int | None, ...]:
        return ()

    def _passed_cards(self, seat: int) -> tuple[int, int]:
        return 0, 0

    def _view(self, seat: int, **game_fields: Any) -> View:
        """The fields of a View that both games fill alike; each game's ``view`` adds its own ``game_fields``."""
        part = self.seat_part(seat)
        # The last trick outlives its hand until the next hand's first card is played.
        last = self.last_trick if self.round_tricks or not self.played else None
        return View(
            game=self.rules.game,
            rules=self.rules,
            seat=seat,
            phase=self.phase,
            current_player=self.current_player(),
            dealer=self.dealer,
            round_index=self.round_index,
            hand_size=self.hand_size,
            hand=part.hand,
            trump_card=self.trump_card if self.rules.trump_card_shown else -1,
            trump_suit=self.trump_suit,
            led=self.led,
            trick_leader=self.leader,
            trick=tuple(self.trick),
            round_tricks=tuple(self.round_tricks),
            last_trick=None if last is None else Trick(*last),
            played=self.played,
            played_by=tuple(self.cards_played_by()),
            voids=tuple(self.voids),
            tricks_won=tuple(self.tricks_won),
            legal_actions=part.legal_actions,
            bids=part.bids,
            given=part.given,
            received=part.received,
            winners=tuple(self.winners()),
            scorekeeper=self.scorekeeper,
            **game_fields,
        )

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
        return tuple(getattr(self, n) for n in self._all_fields() if n not in ("_deals", "_lead_rule"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TrickGameState) and type(other) is type(self) and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]

    def _deal(self, hand_size: int, first_seat: int) -> tuple[int, ...]:
        """Deal ``hand_size`` cards to each seat from the next shuffled deck; return the undealt cards in deck order.
        The last trick of the previous hand is kept (``last_trick``) until this hand's first card is played."""
        n = self.players
        deck = self._deals.deck(self.deal_index, n * hand_size + 1)  # + 1: the card turned up for trump
        self.deal_index += 1
        for i in range(n):
            mask = 0
            for card in deck[i * hand_size : (i + 1) * hand_size]:
                mask |= 1 << card
            self.hands[(first_seat + i) % n] = mask
        self.hand_size = hand_size
        self.tricks_won = [0] * n
        self.round_tricks = []
        self.trick = []
        self.played = 0
        self.voids = [0] * n
        self.led = NO_SUIT_YET
        return deck[n * hand_size :]

    def _card_in_hand(self, action: int, hand: int) -> int:
        """The card an action plays or gives from ``hand``; raises when it is no card action or the hand has none."""
        card = card_of_action(action, hand)
        if card < 0:
            raise self._not_held(action, hand)
        return card

    def _not_held(self, action: int, hand: int) -> ValueError:
        if not 0 <= action < A.CARD_ACTIONS:
            return self._wrong_phase(action)
        return IllegalActionError(
            f"seat {self.current} holds no {self.action_to_text(action)}: hand is "
            f"{cards_to_text(hand, self.rules.rank_style) or 'empty'}"
        )

    def _wrong_phase(self, action: int, why: str = "") -> ValueError:
        """The error for an action that no rule of this phase takes: not an action at all, or one of another phase."""
        if not 0 <= action < A.NUM_ACTIONS:
            return InvalidActionError(f"no action has id {action}: ids run 0..{A.NUM_ACTIONS - 1}")
        text = f"{self.action_to_text(action)!r} is not a move of the {self.phase.value.replace('_', ' ')} phase"
        return IllegalActionError(f"{why}: {text}" if why else text)

    def _apply_play(self, action: int) -> None:
        """PLAY: the player on turn plays a card it holds, following suit as ``tricks.legal_cards`` says."""
        p = self.current
        hand = self.hands[p]
        card = card_of_action(action, hand)
        if card < 0:
            raise self._not_held(action, hand)
        led = self.led
        if not legal_cards(hand, led) >> card & 1:
            raise IllegalActionError(follow_error(hand, led, self.rules.rank_style))
        bit = 1 << card
        self.hands[p] = hand ^ bit
        self.played |= bit
        void = void_shown(led, card)
        if void:  # rare: the list is written only then
            voids: list[int] = self.voids
            voids[p] = voids[p] | void
        trick = self.trick
        if led == NO_SUIT_YET:  # once decided, the suit to follow stays (next_led would return it unchanged)
            self.led = next_led(led, card, len(trick), self._lead_rule)
        trick.append(card)
        if len(trick) < self.players:
            self.current = (p + 1) % self.players
        else:
            self._finish_trick()

    def _finish_trick(self) -> None:
        leader = self.leader
        cards = self.trick
        winner = (leader + winning_position(cards, self.trump_suit)) % self.players
        # A plain tuple (leader, cards, winner): a NamedTuple built here would cost more than the rest of the trick;
        # the view hands out the last trick as a ``Trick``.
        done = (leader, tuple(cards), winner)
        self.tricks_won[winner] += 1
        self.round_tricks.append(done)
        self.last_trick = done
        self.trick = []
        self.led = NO_SUIT_YET
        self.leader = self.current = winner
        if not self.hands[winner]:
            self._end_of_hand()

    # --- per game -------------------------------------------------------------------------------------------

    def _other_legal_actions(self) -> list[int]:
        """The legal actions of the phases other than PLAY (one small function per phase in each game)."""
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


__all__ = [
    "SPECTATOR",
    "TERMINAL_PLAYER",
    "IllegalActionError",
    "InvalidActionError",
    "Phase",
    "TrickGameState",
    "card_actions",
]
