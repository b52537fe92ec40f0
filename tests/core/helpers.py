"""Hand-built Wizard positions and deals for the rule tests, and an independent reading of the trick rules.

``position`` takes a fresh game and overwrites the hands, trump, bids and phase of its current round (``rig`` does
the same to a game in progress), so a test states a deal in text and the expected outcome next to it. Only public
state fields are written, so this works on the compiled (mypyc) engine too.

``reference_legal`` and ``reference_winner`` restate RULES.md "Play" and "Who wins a trick" in the plainest way,
written apart from ``core.tricks``, so random games can be checked card by card against them.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Sequence

from wizardcards.core import Phase, RuleSet, WizardState, find_rules, new_game
from wizardcards.core.actions import PLAY_JESTER, PLAY_WIZARD
from wizardcards.core.cards import (
    DECK_SIZE,
    FIRST_JESTER,
    FIRST_WIZARD,
    RANKS,
    RankStyle,
    card_from_text,
    card_to_text,
)
from wizardcards.core.rules import Schedule
from wizardcards.core.tricks import NO_SUIT_YET

SUIT_OF_LETTER = {"c": 0, "d": 1, "h": 2, "s": 3}


class CardPool:
    """Turns card texts into distinct ids: each ``Wiz``/``Jes`` takes the next unused Wizard/Jester id."""

    def __init__(self, style: RankStyle = RankStyle.TWO_TO_ACE) -> None:
        self.style = style
        self.used = 0

    def card(self, text: str) -> int:
        card = card_from_text(text, self.style)
        if card >= FIRST_WIZARD:
            first, last = (FIRST_WIZARD, FIRST_JESTER) if card < FIRST_JESTER else (FIRST_JESTER, DECK_SIZE)
            card = next((c for c in range(first, last) if not self.used >> c & 1), -1)
            if card < 0:
                raise ValueError(f"the deck has only four of {text!r}")
        elif self.used >> card & 1:
            raise ValueError(f"{text!r} is used twice in one position")
        self.used |= 1 << card
        return card

    def cards(self, text: str) -> list[int]:
        return [self.card(word) for word in text.replace(",", " ").split()]

    def mask(self, text: str) -> int:
        out = 0
        for card in self.cards(text):
            out |= 1 << card
        return out

    def unused(self, how_many: int) -> str:
        """The text of the lowest ``how_many`` cards nobody holds yet (filler for seats a test does not care about)."""
        out = [c for c in range(DECK_SIZE) if not self.used >> c & 1][:how_many]
        if len(out) < how_many:
            raise ValueError(f"only {len(out)} cards are left, not {how_many}")
        for card in out:
            self.used |= 1 << card
        return " ".join(card_to_text(c, self.style) for c in out)


def as_rules(rules: RuleSet | str | None, **options: object) -> RuleSet:
    base = RuleSet() if rules is None else find_rules(rules) if isinstance(rules, str) else rules
    return dataclasses.replace(base, **options) if options else base


def position(
    rules: RuleSet | str | None = None,
    *,
    hands: Sequence[str],
    dealer: int | None = None,
    seed: int = 0,
    trump: str | None = None,
    turned: str | None = None,
    phase: Phase = Phase.PLAY,
    bids: Sequence[int | None] | None = None,
    scores: Sequence[int] | None = None,
    leader: int | None = None,
    **options: object,
) -> WizardState:
    """A new game whose first round is replaced by exactly these hands (one text per seat, seat 0 first).

    ``dealer`` defaults to the last seat, so that seat 0 is left of the dealer and bids or leads first. ``options``
    are RuleSet fields (``bid_rule="hook"``); the player count is the number of hands. See ``rig`` for the rest.
    """
    players = len(hands)
    dealer = players - 1 if dealer is None else dealer
    rules_ = dataclasses.replace(as_rules(rules, **options), players=players, first_dealer=dealer)
    state = new_game(rules_, seed)
    assert isinstance(state, WizardState)
    return rig(state, hands=hands, trump=trump, turned=turned, phase=phase, bids=bids, scores=scores, leader=leader)


def rig(
    state: WizardState,
    *,
    hands: Sequence[str],
    trump: str | None = None,
    turned: str | None = None,
    phase: Phase = Phase.PLAY,
    bids: Sequence[int | None] | None = None,
    scores: Sequence[int] | None = None,
    leader: int | None = None,
) -> WizardState:
    """Overwrite the current round of ``state`` (same dealer, same scores and sheet) with these hands.

    ``trump`` is a suit letter or None (no trump); ``turned`` the turned-up card's text (default: none shown). In
    the ``BID`` phase ``bids`` lists the bids already made (None: not yet), and the first seat in bidding order
    without a bid is on turn. In the ``PLAY`` phase the bids default to 0 and ``leader`` (default: left of the
    dealer) leads. In ``CHOOSE_TRUMP`` the dealer is on turn.
    """
    players = state.players
    assert len(hands) == players, "one hand per seat"
    rules = state.rules
    pool = CardPool(rules.rank_style)
    masks = [pool.mask(text) for text in hands]
    size = max(mask.bit_count() for mask in masks)
    if size != state.hand_size:
        state.hand_size = size
        if size in rules.hand_sizes:
            state.round_index = rules.hand_sizes.index(size)
    state.hands = masks
    state.trump_suit = -1 if trump is None else SUIT_OF_LETTER[trump.lower()[0]]
    state.trump_card = -1 if turned is None else pool.card(turned)
    state.trick = []
    state.round_tricks = []
    state.played = 0
    state.voids = [0] * players
    state.led = NO_SUIT_YET
    state.tricks_won = [0] * players
    if scores is not None:
        state.scores = list(scores)
    dealer = state.dealer
    left = (dealer + 1) % players
    state.phase = phase
    state.leader = left
    if phase is Phase.BID:
        made = list(bids) if bids is not None else [None] * players
        state.bids = [-1 if b is None else b for b in made]
        order = [(left + i) % players for i in range(players)]
        state.current = next(seat for seat in order if made[seat] is None)
    elif phase is Phase.PLAY:
        state.bids = list(bids) if bids is not None else [0] * players
        state.leader = state.current = left if leader is None else leader
    elif phase is Phase.CHOOSE_TRUMP:
        state.bids = [-1] * players
        state.current = dealer
    else:
        raise ValueError(f"rig() does not build a {phase} position")
    return state


def play(state: WizardState, *texts: str) -> None:
    """Apply actions given as text (``7h``, ``Wiz``, ``bid 2``, ``trump s``), in turn order."""
    for text in texts:
        state.apply_text(text)


def legal_texts(state: WizardState) -> list[str]:
    return [state.action_to_text(a) for a in state.legal_actions()]


def texts_to_actions(text: str, style: RankStyle = RankStyle.TWO_TO_ACE) -> list[int]:
    """The sorted distinct play actions named by a text of cards (``Wiz``/``wizard`` is 52, ``Jes``/``jester`` 53)."""
    out = set()
    for word in text.replace(",", " ").split():
        card = card_from_text(word, style)
        out.add(card if card < FIRST_WIZARD else PLAY_WIZARD if card < FIRST_JESTER else PLAY_JESTER)
    return sorted(out)


def play_randomly(state: WizardState, rng: random.Random, until: object = None) -> None:
    """Random legal moves until the game ends (or ``until(state)`` holds)."""
    while not state.is_terminal() and not (until is not None and until(state)):  # type: ignore[operator]
        state.apply(rng.choice(state.legal_actions()))


def official_example_through_engine(bids: list[int], tricks: list[int]) -> list[int]:
    """Paul (seat 0) bids ``bids`` and takes ``tricks`` over rounds of a real game; his running totals.

    Each round Paul holds one Wizard per trick he must take and Jesters otherwise, the others only low suited
    cards, so whatever is played he takes exactly that many tricks.
    """
    size = max(*bids, *tricks, 1)
    rules = RuleSet(schedule=Schedule.CUSTOM, custom_hand_sizes=(size,) * len(bids), first_dealer=3)
    state = new_game(rules, seed=2)
    assert isinstance(state, WizardState)
    for bid, made in zip(bids, tricks, strict=True):
        paul = " ".join(["Wiz"] * made + ["Jes"] * (size - made))
        others = [" ".join(f"{r}{suit}" for r in "23456789TJQKA"[:size]) for suit in "cds"]
        rig(state, hands=[paul, *others], trump="h", phase=Phase.BID)
        for _ in range(4):
            play(state, f"bid {bid}" if state.current_player() == 0 else "bid 0")
        play_randomly(state, random.Random(made), until=lambda s: s.phase is not Phase.PLAY)
        assert state.sheet[-1].tricks[0] == made
    return [result.totals[0] for result in state.sheet]


# --- the rules, restated plainly ------------------------------------------------------------------------------


def _kind(card: int) -> str:
    return "suited" if card < FIRST_WIZARD else "wizard" if card < FIRST_JESTER else "jester"


def reference_suit_to_follow(trick: Iterable[int], first_suited: bool) -> int | None:
    """RULES.md "Play": the suit that must be followed after ``trick`` so far, or None when nothing must be."""
    for position_, card in enumerate(trick):
        kind = _kind(card)
        if kind == "suited":
            return card // RANKS
        if kind == "wizard" and (position_ == 0 or not first_suited):
            return None
        # A Jester never decides; under first_suited neither does a Wizard that follows a Jester.
    return None


def reference_legal(hand: int, trick: Sequence[int], first_suited: bool) -> list[int]:
    """The sorted distinct actions ``hand`` may play on ``trick``."""
    suit = reference_suit_to_follow(trick, first_suited)
    if suit is not None:
        same_suit = hand & (0x1FFF << (RANKS * suit))
        if same_suit:
            # Holding the suit: only it, and Wizards and Jesters, which may always be played.
            hand = same_suit | (hand >> FIRST_WIZARD << FIRST_WIZARD)
    actions = []
    suited = hand & ((1 << FIRST_WIZARD) - 1)
    while suited:
        low = suited & -suited
        actions.append(low.bit_length() - 1)
        suited ^= low
    if hand >> FIRST_WIZARD & 0xF:
        actions.append(PLAY_WIZARD)
    if hand >> FIRST_JESTER:
        actions.append(PLAY_JESTER)
    return actions


def reference_winner(trick: Sequence[int], trump: int) -> int:
    """RULES.md "Who wins a trick": the position of the winning card (0 = the lead)."""
    for position_, card in enumerate(trick):
        if _kind(card) == "wizard":
            return position_
    suited = [(position_, card) for position_, card in enumerate(trick) if _kind(card) == "suited"]
    if not suited:
        return 0
    trumps = [(card % RANKS, position_) for position_, card in suited if card // RANKS == trump]
    if trumps:
        return max(trumps)[1]
    led = suited[0][1] // RANKS
    return max((card % RANKS, position_) for position_, card in suited if card // RANKS == led)[1]


def describe_cards(cards: Iterable[int], style: RankStyle = RankStyle.TWO_TO_ACE) -> str:
    return " ".join(card_to_text(c, style) for c in cards)
