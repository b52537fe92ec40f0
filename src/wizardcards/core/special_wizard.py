"""Wizard with the special cards of the anniversary editions (RULES.md, "Special cards"; docs/rules.md decides
what that section leaves open).

``SpecialWizardState`` is ``WizardState`` with the deck of the rule set (60 cards plus those of ``special_cards``)
and these overrides; ``new_game`` makes one whenever ``special_cards`` is not empty, so the 60-card engine's hot
path is untouched by any of this. Phases of a round, the new ones in capitals:

1. The deal, then the card turned up. If a card was turned up and somebody holds the Werewolf, that seat swaps them
   at once (the card turned up goes to its hand, the Werewolf lies as the trump card) and names trump, a suit or
   none (``WEREWOLF``, actions 54..58); it does so whatever was turned up, a Wizard too, so the dealer chooses
   nothing then. Otherwise: a Dragon, Werewolf, Juggler, Cloud or Shapeshifter turned up lets the dealer choose a
   suit or no trump (``CHOOSE_TRUMP``, 54..58); a Fairy or Bomb gives no trump; a Wizard, a Jester, a suited card
   or no card as in Wizard.
2. ``BID`` as in Wizard (bids up to 22: actions 81, 82 are bids 21 and 22).
3. ``PLAY``: every special card may always be played; a Juggler or Cloud names its suit, a Shapeshifter its part,
   in the action itself (``Jug>h``, ``Cld>s``, ``Shp>Wiz``: actions 90..99). Trick rules: ``special_tricks.py``.
4. After a trick: if it held the Cloud and was not bombed, its winner changes their bid by +1 or -1 (``CLOUD``,
   actions 100, 101; a bid of 0 can only rise, a bid of the whole hand only fall). Then, if it held the Juggler and
   was not the round's last, every player gives one card, starting with the player who leads next and going
   clockwise (``JUGGLE``, card actions: 0..53 and 83..89 for the special cards themselves); once all have given, the
   cards pass at once to the left, each seat's ``View.received`` shows what it got, and the play goes on.
5. The round is scored by the bids as changed; ``sheet_bid_changes`` keeps each round's changes beside the sheet.
"""

from __future__ import annotations

from typing import ClassVar, Final

from . import actions as A
from .actions import card_of_action
from .cards import (
    ANNIVERSARY,
    CLOUD,
    CLOUD_AS,
    DRAGON,
    FIRST_JESTER,
    FIRST_WIZARD,
    FULL_DECK,
    JUGGLER,
    JUGGLER_AS,
    RANKS,
    SHAPESHIFTER,
    SHAPESHIFTER_AS_JESTER,
    SHAPESHIFTER_AS_WIZARD,
    WEREWOLF,
    card_to_text,
    cards_to_text,
    played_card,
)
from .phase import IllegalActionError, InvalidActionError, Phase
from .rules import RuleSet, WizardTurned
from .special_tricks import holds_cloud, holds_juggler, legal_special_cards, next_led_special, trick_result
from .state import TrickGameState, card_actions
from .tricks import NO_SUIT_YET, follow_error, void_shown
from .view import View
from .wizard import WizardState, wizard_score_sheet

_PLAY: Final = Phase.PLAY
_SUITS_AND_NONE: Final[tuple[int, ...]] = (A.TRUMP_BASE, A.TRUMP_BASE + 1, A.TRUMP_BASE + 2, A.TRUMP_BASE + 3,
                                           A.NO_TRUMP)
_FOUR_SUITS: Final[tuple[int, ...]] = _SUITS_AND_NONE[:4]
# The turned-up special cards that let the dealer choose trump (RULES.md "Turned up as the trump card").
_DEALER_CHOOSES: Final[frozenset[int]] = frozenset({DRAGON, WEREWOLF, JUGGLER, CLOUD, SHAPESHIFTER})


def special_card_actions(mask: int) -> list[int]:
    """The play actions for a set of cards that may hold special cards: ``state.card_actions`` for the 60, then one
    action for the Dragon, Fairy, Bomb, Werewolf, four for the Juggler and the Cloud (one per suit named), two for the
    Shapeshifter."""
    out = card_actions(mask & FULL_DECK)
    for card in range(DRAGON, DRAGON + 7):
        if mask >> card & 1:
            if card < JUGGLER:
                out.append(card + A.SPECIAL_ACTION_OFFSET)
            elif card == JUGGLER:
                out.extend(range(JUGGLER_AS + A.SPECIAL_ACTION_OFFSET, JUGGLER_AS + A.SPECIAL_ACTION_OFFSET + 4))
            elif card == CLOUD:
                out.extend(range(CLOUD_AS + A.SPECIAL_ACTION_OFFSET, CLOUD_AS + A.SPECIAL_ACTION_OFFSET + 4))
            else:
                out.extend((SHAPESHIFTER_AS_WIZARD + A.SPECIAL_ACTION_OFFSET,
                            SHAPESHIFTER_AS_JESTER + A.SPECIAL_ACTION_OFFSET))
    return out


def cloud_changes(bid: int, hand_size: int) -> tuple[int, ...]:
    """The changes the Cloud's trick winner may make to ``bid`` in a hand of ``hand_size``: RULES.md, +1 or -1, a
    bid of 0 only +1; docs/rules.md, a bid of the whole hand only -1 (the score pads read this too: pad_rules)."""
    return ((1,) if bid < hand_size else ()) + ((-1,) if bid > 0 else ())


def give_actions(hand: int) -> list[int]:
    """The actions that give a card of ``hand`` in the Juggler's pass: the 60's card actions, then 83..89."""
    return card_actions(hand & FULL_DECK) + [c + A.SPECIAL_ACTION_OFFSET for c in range(DRAGON, DRAGON + 7)
                                             if hand >> c & 1]


class SpecialWizardState(WizardState):
    STATE_FIELDS: ClassVar[tuple[str, ...]] = (
        "werewolf", "turned_up", "bid_changes", "sheet_bid_changes", "juggle_from", "juggle_pending",
        "juggle_given", "juggle_received",
    )

    def __init__(self, rules: RuleSet | None = None, seed: int | None = None) -> None:
        # Set before WizardState.__init__ deals the first round, which fills the per-round fields.
        self.sheet_bid_changes: list[tuple[int, ...]] = []
        super().__init__(rules, seed)

    def _copy_into(self, other: TrickGameState) -> None:
        super()._copy_into(other)
        assert isinstance(other, SpecialWizardState)
        other.werewolf = self.werewolf
        other.turned_up = self.turned_up
        other.bid_changes = self.bid_changes.copy()
        other.sheet_bid_changes = self.sheet_bid_changes.copy()
        other.juggle_from = self.juggle_from
        other.juggle_pending = self.juggle_pending
        other.juggle_given = self.juggle_given.copy()
        other.juggle_received = self.juggle_received.copy()

    # --- rounds ----------------------------------------------------------------------------------------------

    def _start_round(self) -> None:
        rules = self.rules
        n = self.players
        left = (self.dealer + 1) % n
        rest = self._deal(rules.hand_sizes[self.round_index], left)
        self.bids = [-1] * n
        self.bid_changes = [0] * n
        self.werewolf = self.turned_up = self.juggle_from = -1
        self.juggle_pending = False
        self.juggle_given = [0] * n
        self.juggle_received = [0] * n
        last = self.round_index == len(rules.hand_sizes) - 1
        card = -1 if not rest or (last and rules.last_hand_no_trump) else rest[0]
        self.trump_card = card
        self.leader = left
        self.trump_suit = -1
        self.phase = Phase.BID
        self.current = left
        holder = self._holder_of(WEREWOLF) if card >= 0 else -1
        if holder >= 0:
            # RULES.md: the holder shows the Werewolf, swaps it for the card turned up and names trump.
            self.hands[holder] ^= (1 << WEREWOLF) | (1 << card)
            self.werewolf, self.turned_up, self.trump_card = holder, card, WEREWOLF
            self.phase, self.current = Phase.WEREWOLF, holder
        elif 0 <= card < FIRST_WIZARD:
            self.trump_suit = card // RANKS
        elif FIRST_WIZARD <= card < FIRST_JESTER:
            turned = rules.wizard_turned
            if turned is WizardTurned.DEALER_CHOOSES:
                self.phase, self.current = Phase.CHOOSE_TRUMP, self.dealer
            elif turned is WizardTurned.RANDOM_SUIT:
                self.trump_suit = self._deals.random_suit(self.deal_index - 1)
        elif card in _DEALER_CHOOSES:
            self.phase, self.current = Phase.CHOOSE_TRUMP, self.dealer
        # a Jester, the Fairy, the Bomb, or no card: no trump

    def _holder_of(self, card: int) -> int:
        for seat in range(self.players):
            if self.hands[seat] >> card & 1:
                return seat
        return -1

    def _end_of_hand(self) -> None:
        self.sheet_bid_changes.append(tuple(self.bid_changes))
        super()._end_of_hand()

    # --- legal actions ---------------------------------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase is _PLAY:
            return special_card_actions(legal_special_cards(self.hands[self.current], self.led))
        if phase is Phase.BID:
            return self._legal_bids()
        if phase is Phase.CHOOSE_TRUMP:
            return list(_SUITS_AND_NONE if self.trump_card >= DRAGON else _FOUR_SUITS)
        if phase is Phase.WEREWOLF:
            return list(_SUITS_AND_NONE)
        if phase is Phase.CLOUD:
            return self._legal_cloud()
        if phase is Phase.JUGGLE:
            return give_actions(self.hands[self.current])
        return []

    def _legal_bids(self) -> list[int]:
        legal = list(range(A.BID_BASE, A.BID_BASE + self.hand_size + 1))
        forbidden = self._forbidden_bid()
        if forbidden is not None:
            legal.remove(A.BID_BASE + forbidden)
        return legal

    def _legal_cloud(self) -> list[int]:
        return [A.CLOUD_UP if change > 0 else A.CLOUD_DOWN for change in cloud_changes(self.bids[self.current],
                                                                                        self.hand_size)]

    # --- decisions -------------------------------------------------------------------------------------------

    def _apply_other(self, action: int) -> None:
        if not 0 <= action < A.NUM_ACTIONS_WITH_SPECIALS:
            raise InvalidActionError(f"no action has id {action}: ids run 0..{A.NUM_ACTIONS_WITH_SPECIALS - 1}")
        phase = self.phase
        if phase is Phase.BID:
            self._apply_special_bid(action)
        elif phase is Phase.CHOOSE_TRUMP:
            self._apply_dealer_trump(action)
        elif phase is Phase.WEREWOLF:
            self._apply_werewolf(action)
        elif phase is Phase.CLOUD:
            self._apply_cloud(action)
        elif phase is Phase.JUGGLE:
            self._apply_juggle(action)
        else:
            raise IllegalActionError("the game is over: no action is legal")

    def _apply_special_bid(self, action: int) -> None:
        if not A.BID_BASE <= action < A.SPECIAL_CARD_BASE:
            raise self._wrong_phase(action, "every player must bid first")
        bid = action - A.BID_BASE
        if bid > self.hand_size:
            raise IllegalActionError(f"a bid is 0..{self.hand_size} tricks in a hand of {self.hand_size}, not {bid}")
        if bid == self._forbidden_bid():
            raise IllegalActionError(
                f"{self.rules.bid_rule.value} rule: the dealer may not bid {bid}, "
                f"which would make the bids add up to {self.hand_size}"
            )
        p = self.current
        self.bids[p] = bid
        if p == self.dealer:
            self.phase = _PLAY
            self.current = self.leader = (self.dealer + 1) % self.players
        else:
            self.current = (p + 1) % self.players

    def _apply_dealer_trump(self, action: int) -> None:
        """CHOOSE_TRUMP: a Wizard turned up: a suit; a Dragon, Werewolf, Juggler, Cloud or Shapeshifter: a suit or
        no trump."""
        special = self.trump_card >= DRAGON
        if action == A.NO_TRUMP and not special:
            raise IllegalActionError("a Wizard was turned up: the dealer must name a suit, not no trump")
        if not A.TRUMP_BASE <= action <= A.NO_TRUMP:
            what = card_to_text(self.trump_card) if special else "a Wizard"
            raise self._wrong_phase(action, f"the dealer must name trump ({what} was turned up)")
        self.trump_suit = -1 if action == A.NO_TRUMP else action - A.TRUMP_BASE
        self.phase = Phase.BID
        self.current = (self.dealer + 1) % self.players

    def _apply_werewolf(self, action: int) -> None:
        if not A.TRUMP_BASE <= action <= A.NO_TRUMP:
            raise self._wrong_phase(action, f"seat {self.current} swapped the Werewolf and must name trump first")
        self.trump_suit = -1 if action == A.NO_TRUMP else action - A.TRUMP_BASE
        self.phase = Phase.BID
        self.current = (self.dealer + 1) % self.players

    def _apply_cloud(self, action: int) -> None:
        if action not in (A.CLOUD_UP, A.CLOUD_DOWN):
            raise self._wrong_phase(action, f"seat {self.current} won the Cloud's trick and must change their bid "
                                            "by +1 or -1")
        p = self.current
        if action not in self._legal_cloud():
            raise IllegalActionError(f"the Cloud: a bid of {self.bids[p]} in a hand of {self.hand_size} can only "
                                     + ("rise" if self.bids[p] == 0 else "fall"))
        change = 1 if action == A.CLOUD_UP else -1
        self.bids[p] += change
        self.bid_changes[p] = change
        self._after_cloud()

    def _apply_juggle(self, action: int) -> None:
        p = self.current
        hand = self.hands[p]
        if not A.is_card_action(action) or action >= A.SPECIAL_CARD_BASE + 7:
            if A.is_card_action(action):
                raise IllegalActionError("the Juggler's pass gives a card, not a card as played: give "
                                         + card_to_text(played_card(action - A.SPECIAL_ACTION_OFFSET)))
            raise self._wrong_phase(action, "every player gives one card after the Juggler's trick")
        card = card_of_action(action, hand)
        if card < 0:
            raise self._not_held_special(action, hand)
        self.hands[p] = hand ^ (1 << card)
        self.juggle_given[p] = 1 << card
        nxt = (p + 1) % self.players
        if nxt != self.juggle_from:
            self.current = nxt
            return
        # Everybody has given: the cards pass at once, each to the player on the left.
        n = self.players
        hands, given, received = self.hands, self.juggle_given, self.juggle_received
        for seat in range(n):
            to = (seat + 1) % n
            hands[to] |= given[seat]
            received[to] = given[seat]
        self.voids = [0] * n  # a card received may be of a suit its receiver had shown it lacked
        self.juggle_pending = False
        self.phase = _PLAY
        self.current = self.leader

    def _apply_play(self, action: int) -> None:
        p = self.current
        hand = self.hands[p]
        card = card_of_action(action, hand)
        if card < 0 or A.SPECIAL_CARD_BASE + 4 <= action < A.SPECIAL_CARD_BASE + 7:
            raise self._not_held_special(action, hand)
        form = card if action < A.SPECIAL_CARD_BASE else action - A.SPECIAL_ACTION_OFFSET
        led = self.led
        if not legal_special_cards(hand, led) >> card & 1:
            raise IllegalActionError(follow_error(hand, led, self.rules.rank_style))
        bit = 1 << card
        self.hands[p] = hand ^ bit
        self.played |= bit
        void = void_shown(led, card)
        if void:
            self.voids[p] |= void
        trick = self.trick
        if led == NO_SUIT_YET:
            self.led = next_led_special(led, form, len(trick), self._lead_rule)
        trick.append(form)
        if len(trick) < self.players:
            self.current = (p + 1) % self.players
        else:
            self._finish_trick()

    def _not_held_special(self, action: int, hand: int) -> ValueError:
        if A.SPECIAL_CARD_BASE + 4 <= action < A.SPECIAL_CARD_BASE + 7 and self.phase is _PLAY:
            name = card_to_text(action - A.SPECIAL_ACTION_OFFSET)
            choice = "its part (Shp>Wiz or Shp>Jes)" if name == "Shp" else f"a suit ({name}>c, {name}>d, ...)"
            return IllegalActionError(f"the {name} is played with {choice}: {name} alone is only given")
        if A.is_card_action(action):
            return IllegalActionError(
                f"seat {self.current} holds no {card_to_text(played_card(self._form_or_card(action)))}: hand is "
                f"{cards_to_text(hand, self.rules.rank_style) or 'empty'}"
            )
        return self._wrong_phase(action)

    @staticmethod
    def _form_or_card(action: int) -> int:
        if action >= A.SPECIAL_CARD_BASE:
            return action - A.SPECIAL_ACTION_OFFSET
        return action if action < FIRST_WIZARD else (FIRST_WIZARD if action == A.PLAY_WIZARD else FIRST_JESTER)

    def _finish_trick(self) -> None:
        leader = self.leader
        cards = self.trick
        n = self.players
        won, leads = trick_result(cards, self.trump_suit)
        winner = -1 if won < 0 else (leader + won) % n  # -1: the Bomb's trick, won by nobody
        done = (leader, tuple(cards), winner)
        if winner >= 0:
            self.tricks_won[winner] += 1
        self.round_tricks.append(done)
        self.last_trick = done
        self.trick = []
        self.led = NO_SUIT_YET
        self.leader = self.current = (leader + leads) % n
        # The Juggler's pass follows any trick but the round's last; a bombed trick passes too (docs/rules.md).
        self.juggle_pending = holds_juggler(done[1]) and bool(self.hands[self.leader])
        if winner >= 0 and holds_cloud(done[1]):
            self.phase, self.current = Phase.CLOUD, winner
            return
        self._after_cloud()

    def _after_cloud(self) -> None:
        if self.juggle_pending:
            self.phase = Phase.JUGGLE
            self.current = self.juggle_from = self.leader
        elif not self.hands[self.leader]:
            self._end_of_hand()
        else:
            self.phase = _PLAY
            self.current = self.leader

    # --- errors and text -------------------------------------------------------------------------------------

    def _wrong_phase(self, action: int, why: str = "") -> ValueError:
        if not 0 <= action < A.NUM_ACTIONS_WITH_SPECIALS:
            return InvalidActionError(f"no action has id {action}: ids run 0..{A.NUM_ACTIONS_WITH_SPECIALS - 1}")
        text = f"{self.action_to_text(action)!r} is not a move of the {self.phase.value.replace('_', ' ')} phase"
        return IllegalActionError(f"{why}: {text}" if why else text)

    def action_to_text(self, action: int) -> str:
        return A.action_to_text(action, self.rules.rank_style, specials=True)

    def text_to_action(self, text: str) -> int:
        return A.action_from_text(text, self.rules.rank_style, specials=True)

    def __str__(self) -> str:
        """``WizardState``'s text, and a line for what the special cards did this round."""
        style = self.rules.rank_style
        notes = []
        if self.werewolf >= 0:
            notes.append(f"seat {self.werewolf} swapped the Werewolf for {card_to_text(self.turned_up, style)}")
        if any(self.bid_changes):
            notes.append("the Cloud's change: " + " ".join(f"{c:+d}" if c else "0" for c in self.bid_changes))
        if any(self.juggle_given):
            notes.append("the Juggler's pass, given: " + " ".join(cards_to_text(g, style) or "-"
                                                                  for g in self.juggle_given))
        text = super().__str__()
        return text + ("\nspecial cards: " + " | ".join(notes) if notes else "")

    def score_sheet(self, names: list[str] | None = None) -> str:
        """The sheet with each round's Cloud change and the tricks the Bomb took (``wizard_score_sheet``)."""
        return wizard_score_sheet(self.sheet, self.players, names, self.scorekeeper, self.sheet_bid_changes)

    # --- views -----------------------------------------------------------------------------------------------

    def cards_played_by(self) -> list[int]:
        n = self.players
        out = [0] * n
        for leader, cards, _ in self.round_tricks:
            for position, card in enumerate(cards):
                out[(leader + position) % n] |= 1 << played_card(card)
        for position, card in enumerate(self.trick):
            out[(self.leader + position) % n] |= 1 << played_card(card)
        return out

    def _passed_cards(self, seat: int) -> tuple[int, int]:
        return self.juggle_given[seat], self.juggle_received[seat]

    def view(self, seat: int) -> View:
        return self._view(
            seat,
            scores=tuple(self.scores),
            sheet=tuple(self.sheet),
            werewolf=self.werewolf,
            turned_up=self.turned_up,
            bid_changes=tuple(self.bid_changes),
            sheet_bid_changes=tuple(self.sheet_bid_changes),
        )


__all__ = ["ANNIVERSARY", "SpecialWizardState", "cloud_changes", "give_actions", "special_card_actions"]
