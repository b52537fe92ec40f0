"""Positions: any moment of either game, described by what a referee knows, and built into a state that plays on.

``Position`` holds the facts of the hand being played: the rules, the round (Wizard) or hand (Wily Wizards), the
dealer, each seat's cards now, the card turned up and the trump, the bids or the auction, the cards passed, the tricks
of this hand (the last one may be in progress), and the scores or letters before this hand. ``from_position`` builds
the state by dealing the hands the position implies (cards held now plus cards played, less cards received, plus
cards given) and then playing every bid, call, trump choice, pass and card through ``apply``: each fact is checked as
if it had been played, and a refused one raises ``PositionError`` naming the rule (a bid the hook forbids, a card that
breaks follow-suit, a wrong number of cards, a card in two places). The state plays on exactly like a dealt game;
later hands are dealt from ``seed``.

``view_of_position(position, seat)`` is the view of one seat when only what that seat knows is given: its own hand,
and ``UNKNOWN`` for every hand (and every passed set of cards) it cannot see. The hidden cards are dealt out at
random, consistently with the play (no seat is given a suit it has shown it lacks), to build a state whose view of
``seat`` is then exactly what the position says; nothing of the invented hands reaches the view. A hidden gift (Wily
Wizards) counts as three cards: a view position cannot say that a hidden seat is part-way through giving.

``position_of(state)`` reads a state's position back. Wizards are interchangeable, and so are Jesters: a state built
from a position numbers each seat's Wizards and Jesters in seat order, so ``position_of(from_position(p))`` equals
``p`` up to which Wizard (or Jester) id stands where. ``notation.py`` writes positions as one line of text.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass, replace

from .actions import BID_BASE, CLOUD_DOWN, CLOUD_UP, PASS, TRUMP_BASE, card_action, trump_action
from .cards import (
    CARD_IDS,
    CLOUD,
    DECK_SIZE,
    DRAGON,
    FIRST_JESTER,
    FIRST_WIZARD,
    FULL_DECK,
    JESTERS,
    JUGGLER,
    JUGGLER_AS,
    RANKS,
    SHAPESHIFTER,
    WEREWOLF,
    WIZARDS,
    CardSet,
    card_to_text,
    cards_of,
    played_card,
)
from .phase import ActionError, Phase
from .rules import CARDS_PASSED, Game, RuleSet, WizardTurned
from .special_tricks import holds_juggler, next_led_special, trick_result
from .special_wizard import SpecialWizardState
from .state import TrickGameState
from .tricks import void_shown, winning_position
from .view import View, WilyHandResult
from .wily import PASS_CALL, WilyState, receivers_of, teams_of
from .wizard import WizardState


class PositionError(ValueError):
    """A position no game could reach; the message names the fact and the rule."""


UNKNOWN = -1
"""In ``Position.hands`` and ``Position.given``: cards the observing seat cannot see (``view_of_position``)."""


@dataclass(frozen=True)
class Position:
    rules: RuleSet
    round_index: int  # Wizard: the round, 0-based; Wily Wizards: the hand dealt, 0-based
    dealer: int
    hands: tuple[CardSet, ...]  # the cards each seat holds now (UNKNOWN: hidden from the observer)
    trump_card: int = -1  # Wizard: the card turned up (-1: none, or not shown under trump_card_shown=False)
    trump_suit: int | None = None  # the trump suit (-1: no trump); None: still to be chosen or named
    bids: tuple[int | None, ...] = ()  # Wizard: each seat's bid, None not yet (empty: nobody has bid; UNKNOWN:
    # made, but hidden from the observer under hidden_bids)
    auction: tuple[int, ...] = ()  # Wily: the calls so far in speaking order, PASS_CALL (0) for a pass
    given: tuple[CardSet, ...] = ()  # Wily: the cards each seat has given while passing (empty: nobody has;
    # UNKNOWN: hidden from the observer)
    tricks: tuple[tuple[int, ...], ...] = ()  # this hand's tricks in play order; the last may be in progress
    scores: tuple[int, ...] = ()  # Wizard: each seat's total before this round (empty: all 0)
    letters: tuple[int, ...] = ()  # Wily: the letters each team holds (empty: none)
    # Wizard with special cards: ``given`` above holds the card each seat gave in the Juggler's pass (empty: none);
    werewolf: int = -1  # the seat that swapped the Werewolf for ``trump_card``, the card turned up (-1: nobody)
    cloud: int = 0  # the Cloud's change of its trick winner's bid this round: +1, -1; 0 none (yet)


def from_position(position: Position, seed: int | None = None) -> TrickGameState:
    """The state of ``position``, every fact checked as if it had been played; ``seed`` deals the later hands."""
    rules = position.rules
    n = rules.players
    if len(position.hands) != n:
        raise PositionError(f"{n} players need {n} hands, not {len(position.hands)}")
    if not 0 <= position.dealer < n:
        raise PositionError(f"the dealer must be a seat 0..{n - 1}, not {position.dealer}")
    if UNKNOWN in position.hands or UNKNOWN in position.given or UNKNOWN in position.bids:
        raise PositionError("a state needs every hand: for one seat's view of what it knows, use view_of_position")
    state: TrickGameState
    if rules.game is Game.WIZARD:
        state = SpecialWizardState(rules, seed) if rules.special_cards else WizardState(rules, seed)
        _build_wizard(state, position)
    else:
        state = WilyState(rules, seed)
        _build_wily(state, position)
    state.history = []
    return state


def view_of_position(position: Position, seat: int, attempts: int = 200) -> View:
    """The view of ``seat`` in ``position``, whose hidden hands (and cards passed) may be ``UNKNOWN``."""
    n = position.rules.players
    if not 0 <= seat < n or position.hands[seat] == UNKNOWN:
        raise PositionError(f"seat {seat}'s own hand must be known")
    rng = random.Random(zlib.crc32(repr(position).encode()))  # the same position fills the same way
    last_error: PositionError | None = None
    for _ in range(attempts):
        try:
            return from_position(_fill(position, seat, rng)).view(seat)
        except PositionError as error:
            last_error = error
            if UNKNOWN not in (*position.hands, *position.given):
                break  # nothing was invented: the position itself is refused
    assert last_error is not None
    raise last_error


def _fill(position: Position, me: int, rng: random.Random) -> Position:
    """``position`` with its UNKNOWN hands and gifts dealt from the unseen cards at random, respecting the voids the
    tricks show and the counts the hand size leaves."""
    rules, n = position.rules, position.rules.players
    wizard = rules.game is Game.WIZARD
    size = rules.hand_sizes[position.round_index if wizard else 0]
    trump = -1 if position.trump_suit is None else position.trump_suit
    if wizard and 0 <= position.trump_card < FIRST_WIZARD and position.werewolf < 0:
        trump = position.trump_card // RANKS
    high = None if wizard else _high_bidder(n, position)
    first = (position.dealer + 1) % n if high is None else high
    seats = _seats_of_tricks(position, first, trump, rules)
    played = [0] * n
    voids = [0] * n
    lead_rule = rules.lead_rule
    # The Juggler's pass (special cards): one card each to the left, after the trick that held the Juggler. Every
    # void shown still constrains the cards dealt here (a card received is placed apart), and a hidden gift must fit
    # its giver's voids shown before the pass.
    juggler = bool(rules.special_cards) and bool(position.given)
    passed_count = 1 if juggler else CARDS_PASSED
    after_pass = 0  # the first trick played after the cards changed hands (Wily Wizards: the first)
    voids_before = [0] * n
    for number, seated in enumerate(seats):
        led = -1
        for k, (who, card) in enumerate(seated):
            played[who] += 1
            voids[who] |= void_shown(led, played_card(card))
            led = next_led_special(led, card, k, lead_rule)
        if juggler and holds_juggler([card for _, card in seated]):
            after_pass, voids_before = number + 1, voids.copy()
    seen = 0
    for hand in position.hands:
        if hand != UNKNOWN:
            seen |= hand
    for cards in position.tricks:
        for card in cards:
            seen |= 1 << played_card(card)
    if position.trump_card >= 0 and position.werewolf < 0:
        seen |= 1 << position.trump_card
    known_turned = 0
    if position.werewolf >= 0:
        # The Werewolf is out of play, the trump card; the card turned up went to its holder, where it stays unless
        # it was played or passed on (Wizards and Jesters by count: any free one of its kind stands for it).
        seen |= 1 << WEREWOLF
        turned = position.trump_card
        known = seen | sum(g for g in position.given if g != UNKNOWN)
        if FIRST_WIZARD <= turned < DRAGON:
            kind = WIZARDS if turned < FIRST_JESTER else JESTERS
            free = kind & ~known
            turned = (free & -free).bit_length() - 1 if free else -1
            # a holder who has played or given a card of that kind may have parted with the very one it took
            parted = sum(1 << played_card(card) for seated in seats for who, card in seated
                         if who == position.werewolf)
            if position.given and position.given[position.werewolf] != UNKNOWN:
                parted |= position.given[position.werewolf]
            if parted & kind:
                turned = -1
        if turned >= 0 and not known >> turned & 1 and position.hands[position.werewolf] == UNKNOWN:
            known_turned = 1 << turned
            seen |= known_turned
    given = list(position.given) if position.given else [0] * n
    receivers = receivers_of(rules.mode, rules.passing, n) if not wizard else (
        [(s + 1) % n for s in range(n)] if juggler else None)
    # The cards change hands once every seat has given (a hidden gift counts as given).
    exchanged = receivers is not None and bool(position.given) and all(
        g == UNKNOWN or g.bit_count() == passed_count for g in given)
    if not exchanged:
        for gift in given:
            if gift != UNKNOWN:
                seen |= gift  # out of the giver's hand, not yet in anybody's
    pool = [c for c in rules.deck if not seen >> c & 1]
    rng.shuffle(pool)
    hands = list(position.hands)
    gifts = list(given)
    # Gifts not yet exchanged are unseen cards too: three for each seat that has given and is hidden.
    if not exchanged:
        for giver, gift in enumerate(gifts):
            if gift == UNKNOWN:
                fits = [c for c in pool if c >= FIRST_WIZARD or not voids[giver] >> (c // RANKS) & 1]
                if len(fits) < passed_count:
                    raise PositionError("the hidden hands cannot complete the passing")
                chosen = fits[-passed_count:]
                pool = [c for c in pool if c not in chosen]
                gifts[giver] = sum(1 << c for c in chosen)
    room = []
    for who in range(n):
        if hands[who] != UNKNOWN:
            room.append(0)
            continue
        out = passed_count if not exchanged and gifts[who] else 0
        room.append(size - played[who] - out)
    filled = [0 if h == UNKNOWN else h for h in hands]
    if known_turned:  # every player saw the Werewolf's holder take the card turned up
        filled[position.werewolf] |= known_turned
        room[position.werewolf] -= 1
    if exchanged and receivers is not None:
        # A gift the observer knows (its own, or the one it received) is in its receiver's hand, unless played.
        for giver, gift in enumerate(gifts):
            to = receivers[giver]
            if gift != UNKNOWN and hands[to] == UNKNOWN:
                kept = gift & ~seen
                filled[to] |= kept
                room[to] -= kept.bit_count()
                pool = [c for c in pool if not kept >> c & 1]
    for card in pool:
        suit_bit = 1 << (card // RANKS) if card < FIRST_WIZARD else 0
        allowed = [who for who in range(n) if room[who] > 0 and not voids[who] & suit_bit]
        if not allowed:
            continue  # the undealt deck (or the Cauldron) takes it
        who = rng.choice(allowed)
        filled[who] |= 1 << card
        room[who] -= 1
    if any(room):
        raise PositionError("the hidden hands cannot be dealt consistently with the play")
    if exchanged and receivers is not None:
        for giver, gift in enumerate(gifts):
            if gift == UNKNOWN:
                to = receivers[giver]  # the gift is among what the receiver holds or has played since
                had = filled[to] | sum(1 << played_card(card) for seated in seats[after_pass:]
                                       for who, card in seated if who == to)
                lacked = voids_before[giver]
                mine = [c for c in rules.deck if had >> c & 1 and not any(g != UNKNOWN and g >> c & 1 for g in gifts)
                        and (c >= FIRST_WIZARD or not lacked >> (c // RANKS) & 1)]
                if len(mine) < passed_count:
                    raise PositionError("the hidden hands cannot complete the passing")
                gifts[giver] = sum(1 << c for c in rng.sample(mine, passed_count))
    # A hidden bid (hidden_bids, where any bid is allowed) changes nothing the observer's view holds: say 0.
    bids = tuple(0 if b == UNKNOWN else b for b in position.bids)
    return replace(position, hands=tuple(filled), given=tuple(gifts) if position.given else (), bids=bids)


def position_of(state: TrickGameState) -> Position:
    """The position of ``state`` (the hand being played; the game over: its last hand as it ended)."""
    tricks = tuple(cards for _, cards, _ in state.round_tricks)
    if state.trick:
        tricks += (tuple(state.trick),)
    base = Position(state.rules, state.round_index, state.dealer, tuple(state.hands), tricks=tricks)
    if isinstance(state, SpecialWizardState):
        chosen = state.phase not in (Phase.CHOOSE_TRUMP, Phase.WEREWOLF)
        scores = tuple(state.scores)
        if state.phase is Phase.GAME_OVER:
            last = state.sheet[-1]
            scores = tuple(t - p for t, p in zip(last.totals, last.points))
        return replace(
            base,
            tricks=tuple(tuple(t) for t in tricks),
            trump_card=state.turned_up if state.werewolf >= 0 else state.trump_card,
            trump_suit=state.trump_suit if chosen else None,
            bids=tuple(None if b < 0 else b - c for b, c in zip(state.bids, state.bid_changes)),
            scores=scores,
            given=tuple(state.juggle_given) if any(state.juggle_given) else (),
            werewolf=state.werewolf,
            cloud=sum(state.bid_changes),
        )
    if isinstance(state, WizardState):
        shown = state.rules.trump_card_shown
        chosen = state.phase is not Phase.CHOOSE_TRUMP
        scores = tuple(state.scores)
        if state.phase is Phase.GAME_OVER:  # the totals before the last round
            last = state.sheet[-1]
            scores = tuple(t - p for t, p in zip(last.totals, last.points))
        return replace(
            base,
            trump_card=state.trump_card if shown else -1,
            trump_suit=state.trump_suit if chosen else None,
            bids=tuple(None if b < 0 else b for b in state.bids),
            scores=scores,
        )
    assert isinstance(state, WilyState)
    named = state.phase in (Phase.PASS_CARDS, Phase.PLAY, Phase.GAME_OVER)
    letters = list(state.letters)
    if state.phase is Phase.GAME_OVER:  # the letters before the last hand
        for team in state.sheet[-1].letter_to:
            letters[team] -= 1
    return replace(
        base,
        trump_suit=state.trump_suit if named else None,
        auction=tuple(call for _, call in state.auction),
        given=tuple(state.given) if any(state.given) else (),
        letters=tuple(letters),
    )


def position_of_view(view: View) -> Position:
    """What ``view``'s seat knows, as a position: its own hand, ``UNKNOWN`` for every other hand, every gift it did not
    give or receive and every bid hidden from it. ``view_of_position(position_of_view(v), v.seat)`` is ``v`` again
    in everything a seat decides by (the hand, the play, bids, trump, auction, gifts, scores, letters), up to which
    Wizard or Jester id stands where; the score sheet of earlier hands and the last trick of the hand before are not
    part of a position."""
    rules, n, seat = view.rules, view.players, view.seat
    if not 0 <= seat < n:
        raise PositionError("a spectator's view has no hand: a position of what a seat knows needs a seat")
    hands = tuple(view.hand if s == seat else UNKNOWN for s in range(n))
    tricks = tuple(cards for _, cards, _ in view.round_tricks)
    if view.trick:
        tricks += (tuple(view.trick),)
    base = Position(rules, view.round_index, view.dealer, hands, tricks=tricks)
    over = view.phase is Phase.GAME_OVER
    if rules.game is Game.WIZARD:
        left = (view.dealer + 1) % n
        order = [(left + k) % n for k in range(n)]
        if view.phase in (Phase.CHOOSE_TRUMP, Phase.WEREWOLF):
            have_bid: set[int] = set()
        elif view.phase is Phase.BID:
            have_bid = set(order[: order.index(view.current_player)])
        else:
            have_bid = set(order)
        bids = tuple(view.bids[s] if view.bids[s] is not None else UNKNOWN if s in have_bid else None
                     for s in range(n))
        scores = tuple(view.scores)
        if over and view.sheet:
            last = view.sheet[-1]
            assert not isinstance(last, WilyHandResult)
            scores = tuple(t - p for t, p in zip(last.totals, last.points))
        if rules.special_cards:
            return _special_position_of_view(view, replace(base, scores=scores), bids)
        return replace(
            base,
            trump_card=view.trump_card if rules.trump_card_shown else -1,
            trump_suit=None if view.phase is Phase.CHOOSE_TRUMP else view.trump_suit,
            bids=bids if any(b is not None for b in bids) else (),
            scores=scores,
        )
    receivers = receivers_of(rules.mode, rules.passing, n)
    given: tuple[CardSet, ...] = ()
    if receivers is not None and view.phase in (Phase.PASS_CARDS, Phase.PLAY):
        if view.phase is Phase.PASS_CARDS:  # from the high bidder on, three cards each: those before the turn gave
            done = {(view.high_bidder + k) % n for k in range((view.current_player - view.high_bidder) % n)}
        else:
            done = set(range(n))
        gifts = [UNKNOWN if s in done else 0 for s in range(n)]
        gifts[seat] = view.given
        if view.phase is Phase.PLAY:
            gifts[receivers.index(seat)] = view.received
        if any(gifts):
            given = tuple(gifts)
    letters = list(view.letters)
    if over and view.sheet:
        last_hand = view.sheet[-1]
        assert isinstance(last_hand, WilyHandResult)
        for team in last_hand.letter_to:
            letters[team] -= 1
    named = view.phase in (Phase.PASS_CARDS, Phase.PLAY, Phase.GAME_OVER)
    return replace(
        base,
        trump_suit=view.trump_suit if named else None,
        auction=tuple(call for _, call in view.auction),
        given=given,
        letters=tuple(letters),
    )


def _special_position_of_view(view: View, base: Position, bids: tuple[int | None, ...]) -> Position:
    """``position_of_view`` with the special cards: the Werewolf's swap, the bids as made (less the Cloud's public
    change), and the Juggler's pass as the seat knows it: its own card and the one it received, ``UNKNOWN`` for
    every other seat that has given."""
    n, seat = view.players, view.seat
    changes = view.bid_changes or (0,) * n
    made = tuple(b if b is None or b == UNKNOWN else b - c for b, c in zip(bids, changes))
    given: tuple[CardSet, ...] = ()
    if view.phase is Phase.JUGGLE:  # from the next leader on, one card each: those before the turn gave
        done = {(view.trick_leader + k) % n for k in range((view.current_player - view.trick_leader) % n)}
        gifts = [UNKNOWN if s in done else 0 for s in range(n)]
        gifts[seat] = view.given
        given = tuple(gifts)
    elif view.given:  # the pass is over: every seat gave, the seat on the right gave this seat its card
        gifts = [UNKNOWN] * n
        gifts[seat] = view.given
        gifts[(seat - 1) % n] = view.received
        given = tuple(gifts)
    return replace(
        base,
        trump_card=view.turned_up if view.werewolf >= 0 else view.trump_card,
        trump_suit=None if view.phase in (Phase.CHOOSE_TRUMP, Phase.WEREWOLF) else view.trump_suit,
        bids=made if any(b is not None for b in made) else (),
        given=given,
        werewolf=view.werewolf,
        cloud=sum(changes),
    )


# --- building -----------------------------------------------------------------------------------------------------


def _play(state: TrickGameState, action: int, what: str) -> None:
    try:
        state.apply(action)
    except ActionError as error:
        raise PositionError(f"{what}: {error}") from None


def _check_counts(hand_size: int, dealt: list[int], what: str) -> None:
    """Every dealt hand has ``hand_size`` cards."""
    for seat, hand in enumerate(dealt):
        if hand.bit_count() != hand_size:
            raise PositionError(
                f"seat {seat} holds and {what} {hand.bit_count()} cards, but a hand of this round has {hand_size}"
            )


def _seats_of_tricks(position: Position, first_leader: int, trump: int,
                     rules: RuleSet | None = None) -> list[list[tuple[int, int]]]:
    """Each trick's (seat, card) in play order: the first led by ``first_leader``, each next by the last winner (with
    special cards, by whoever leads after it: a bombed trick's winner without the Bomb)."""
    specials = rules is not None and bool(rules.special_cards)
    n = position.rules.players
    leader = first_leader
    out = []
    for number, cards in enumerate(position.tricks):
        if len(cards) > n or (len(cards) < n and number != len(position.tricks) - 1) or not cards:
            raise PositionError(f"trick {number + 1} has {len(cards)} cards: every trick but the last has {n}")
        out.append([((leader + k) % n, card) for k, card in enumerate(cards)])
        if len(cards) == n:
            leads = trick_result(cards, trump)[1] if specials else winning_position(list(cards), trump)
            leader = (leader + leads) % n
    return out


def _renumber_specials(dealt: list[int]) -> list[int]:
    """Wizards (and Jesters) are interchangeable: give each seat's its ids in seat order, so that the engine, which
    plays the lowest Wizard a hand holds, plays exactly the cards the position lists."""
    out = []
    next_wizard, next_jester = FIRST_WIZARD, FIRST_JESTER
    for hand in dealt:
        wizards, jesters = (hand & WIZARDS).bit_count(), (hand & JESTERS).bit_count()
        hand &= ~(WIZARDS | JESTERS)
        for _ in range(wizards):
            hand |= 1 << next_wizard
            next_wizard += 1
        for _ in range(jesters):
            hand |= 1 << next_jester
            next_jester += 1
        out.append(hand)
    return out


def _disjoint_union(parts: list[tuple[str, int, int]], n: int) -> list[int]:
    """Per seat, the union of its parts; a suited card in two places is refused (specials are counted apart)."""
    seen = 0
    specials = [0, 0]  # Wizards and Jesters seen, by count: four of each exist
    out = [0] * n
    for where, seat, cards in parts:
        suited = cards & ~(WIZARDS | JESTERS)
        if suited & seen:
            card = (suited & seen & -(suited & seen)).bit_length() - 1
            raise PositionError(f"{where}: {card_to_text(card)} is in two places")
        seen |= suited
        specials[0] += (cards & WIZARDS).bit_count()
        specials[1] += (cards & JESTERS).bit_count()
        out[seat] |= cards
    if specials[0] > 4 or specials[1] > 4:
        raise PositionError("the deck has four Wizards and four Jesters")
    return out


def _build_wizard(state: WizardState, position: Position) -> None:
    rules, n = position.rules, position.rules.players
    if isinstance(state, SpecialWizardState):
        _build_special_wizard(state, position)
        return
    if position.werewolf >= 0 or position.cloud:
        raise PositionError("the Werewolf and the Cloud are special cards, which these rules do not play")
    if not 0 <= position.round_index < rules.rounds:
        raise PositionError(f"the rounds are 1..{rules.rounds}, not {position.round_index + 1}")
    if position.auction or position.given or position.letters:
        raise PositionError("auction, passing and letters are Wily Wizards facts, not Wizard's")
    size = rules.hand_sizes[position.round_index]
    left = (position.dealer + 1) % n
    turned = position.trump_card
    last = position.round_index == rules.rounds - 1
    no_card = size * n == DECK_SIZE or (last and rules.last_hand_no_trump)
    if no_card and turned >= 0:
        raise PositionError("no card is turned up in this round (the whole deck is dealt, or the last hand has none)")
    if not no_card and turned < 0 and rules.trump_card_shown:
        raise PositionError("a card is turned up for trump in this round: the position must name it")
    trump = _wizard_trump(position, turned, rules)
    seats = _seats_of_tricks(position, left, -1 if trump is None else trump)
    parts = [(f"seat {s}'s hand", s, hand) for s, hand in enumerate(position.hands)]
    parts += [(f"trick {t + 1}", seat, 1 << card) for t, trick in enumerate(seats) for seat, card in trick]
    if turned >= DECK_SIZE:
        raise PositionError(f"no card has id {turned}")
    dealt = _disjoint_union(parts, n)
    if turned >= 0 and (turned < FIRST_WIZARD and any(h >> turned & 1 for h in dealt)):
        raise PositionError("the card turned up is also in a hand or a trick")
    _check_counts(size, dealt, "played")
    specials = sum((h & (WIZARDS | JESTERS)).bit_count() for h in dealt)
    if turned >= FIRST_WIZARD and specials + 1 > 8:
        raise PositionError("the deck has four Wizards and four Jesters")
    scores = list(position.scores) if position.scores else [0] * n
    if len(scores) != n:
        raise PositionError(f"one score per seat: {n}, not {len(scores)}")
    # The round as dealt, before any decision.
    state.round_index = position.round_index
    state.dealer = position.dealer
    state.hand_size = size
    state.deal_index = position.round_index + 1
    state.hands = _renumber_specials(dealt)
    state.scores = scores
    state.sheet = []
    state.bids = [-1] * n
    state.trick, state.round_tricks, state.last_trick = [], [], None
    state.played, state.voids, state.tricks_won = 0, [0] * n, [0] * n
    state.trump_card = _turned_id(turned, state.hands)
    state.leader = left
    choose = FIRST_WIZARD <= turned < FIRST_JESTER and rules.wizard_turned is WizardTurned.DEALER_CHOOSES
    state.trump_suit = -1 if choose or trump is None else trump
    state.phase, state.current = (Phase.CHOOSE_TRUMP, position.dealer) if choose else (Phase.BID, left)
    if choose and trump is not None:
        _play(state, TRUMP_BASE + trump, "the dealer's trump")
    bids = position.bids or (None,) * n
    if len(bids) != n:
        raise PositionError(f"one bid (or none) per seat: {n}, not {len(bids)}")
    order = [(left + k) % n for k in range(n)]
    made = [seat for seat in order if bids[seat] is not None]
    if made != order[: len(made)]:
        raise PositionError(f"bids are made clockwise from seat {left}: seat {made[-1]} cannot have bid before "
                            f"seat {order[len(made) - 1] if len(made) else left}")
    for seat in made:
        bid = bids[seat]
        assert bid is not None
        _play(state, BID_BASE + bid, f"seat {seat}'s bid")
    _play_tricks(state, seats)


_CHOOSE_AFTER: frozenset[int] = frozenset({DRAGON, WEREWOLF, JUGGLER, CLOUD, SHAPESHIFTER})


def _build_special_wizard(state: SpecialWizardState, position: Position) -> None:
    """``_build_wizard`` with the special cards: the Werewolf's swap, played forms in the tricks, bombed tricks, the
    Cloud's change and the Juggler's pass (``Position.werewolf``, ``cloud``, ``given``), each played through
    ``apply`` so that every fact is checked as if it had been played."""
    rules, n = position.rules, position.rules.players
    if not 0 <= position.round_index < rules.rounds:
        raise PositionError(f"the rounds are 1..{rules.rounds}, not {position.round_index + 1}")
    if position.auction or position.letters:
        raise PositionError("auction and letters are Wily Wizards facts, not Wizard's")
    size = rules.hand_sizes[position.round_index]
    left = (position.dealer + 1) % n
    turned = position.trump_card
    holder = position.werewolf
    last = position.round_index == rules.rounds - 1
    no_card = size * n == rules.deck_size or (last and rules.last_hand_no_trump)
    if no_card and turned >= 0:
        raise PositionError("no card is turned up in this round (the whole deck is dealt, or the last hand has none)")
    if not no_card and turned < 0:
        raise PositionError("a card is turned up for trump in this round: the position must name it")
    if turned >= JUGGLER_AS or turned == WEREWOLF and holder >= 0 or (turned >= DECK_SIZE and turned not in
                                                                      rules.deck):
        raise PositionError(f"{card_to_text(turned) if turned < CARD_IDS else turned} cannot be the card turned up")
    if not -1 <= holder < n or holder >= 0 and turned < 0:
        raise PositionError("the Werewolf is swapped by a seat for a card turned up")
    if holder >= 0:
        trump = position.trump_suit  # the holder's choice
    elif 0 <= turned < FIRST_WIZARD:
        trump = turned // RANKS
    elif turned in _CHOOSE_AFTER or FIRST_WIZARD <= turned < FIRST_JESTER:
        trump = _wizard_trump(position, turned, rules) if turned < DRAGON else position.trump_suit
    else:
        trump = -1  # a Jester, the Fairy, the Bomb, or no card
    if position.trump_suit is not None and trump != position.trump_suit:
        raise PositionError(f"the card turned up makes trump {trump}, not {position.trump_suit}")
    seats = _seats_of_tricks(position, left, -1 if trump is None else trump, rules)
    parts = [(f"seat {s}'s hand", s, hand) for s, hand in enumerate(position.hands)]
    parts += [(f"trick {t + 1}", seat, 1 << played_card(card)) for t, trick in enumerate(seats)
              for seat, card in trick]
    held = _disjoint_union(parts, n)
    counted = [_split(h) for h in held]
    gifts = list(position.given) if position.given else [0] * n
    if len(gifts) != n or any(g.bit_count() > 1 for g in gifts):
        raise PositionError(f"cards given in the Juggler's pass: one card (or none) per seat, {n} seats")
    exchanged = all(gifts)
    for seat, gift in enumerate(gifts):  # the cards each seat was dealt: what it gave back, what it got out
        suited, wizards, jesters = _split(gift)
        if exchanged:
            to = (seat + 1) % n
            has, has_w, has_j = counted[to]
            if suited & ~has or wizards > has_w or jesters > has_j:
                raise PositionError(f"seat {to} does not hold the card seat {seat} passed it")
            counted[to] = (has & ~suited, has_w - wizards, has_j - jesters)
    for seat, gift in enumerate(gifts):
        suited, wizards, jesters = _split(gift)
        has, has_w, has_j = counted[seat]
        if suited & has:
            raise PositionError(f"seat {seat} gave a card it still holds")
        counted[seat] = (has | suited, has_w + wizards, has_j + jesters)
    if holder >= 0:  # the holder was dealt the Werewolf, not the card turned up
        has, has_w, has_j = counted[holder]
        kind = _split(1 << turned)
        if kind[0] & ~has or kind[1] > has_w or kind[2] > has_j:
            raise PositionError(f"seat {holder} swapped the Werewolf for {card_to_text(turned)}, which it does not "
                                "hold, play or pass on")
        counted[holder] = ((has & ~kind[0]) | 1 << WEREWOLF, has_w - kind[1], has_j - kind[2])
    _disjoint_union([(f"seat {s}'s cards", s, suited) for s, (suited, _, _) in enumerate(counted)], n)
    dealt = [_joined(*c) for c in counted]
    if sum(w for _, w, _ in counted) + (FIRST_WIZARD <= turned < FIRST_JESTER) > 4 or sum(
            j for _, _, j in counted) + (FIRST_JESTER <= turned < DECK_SIZE) > 4:
        raise PositionError("the deck has four Wizards and four Jesters")
    if holder < 0 and turned >= 0 and (turned < FIRST_WIZARD or turned >= DRAGON) and any(
            h >> turned & 1 for h in dealt):
        raise PositionError("the card turned up is also in a hand or a trick")
    if any((h & ~(WIZARDS | JESTERS)) >> DRAGON and not all(c in rules.deck for c in cards_of(h) if c >= DRAGON)
           for h in dealt):
        raise PositionError("a special card these rules do not play is in a hand or a trick")
    if turned >= 0 and holder < 0 and any(h >> WEREWOLF & 1 for h in dealt):
        raise PositionError("a card is turned up and a seat holds the Werewolf: the holder swaps them "
                            "(write t:CARD/WwfSEAT>SUIT)")
    _check_counts(size, dealt, "played or passed")
    scores = list(position.scores) if position.scores else [0] * n
    if len(scores) != n:
        raise PositionError(f"one score per seat: {n}, not {len(scores)}")
    state.round_index = position.round_index
    state.dealer = position.dealer
    state.hand_size = size
    state.deal_index = position.round_index + 1
    state.hands = _renumber_specials(dealt)
    state.scores = scores
    state.sheet, state.sheet_bid_changes = [], []
    state.bids, state.bid_changes = [-1] * n, [0] * n
    state.werewolf = state.turned_up = state.juggle_from = -1
    state.juggle_pending = False
    state.juggle_given, state.juggle_received = [0] * n, [0] * n
    state.trick, state.round_tricks, state.last_trick = [], [], None
    state.played, state.voids, state.tricks_won = 0, [0] * n, [0] * n
    state.trump_card = _turned_id(turned, state.hands)
    state.leader = left
    state.trump_suit = -1
    state.phase, state.current = Phase.BID, left
    if holder >= 0:
        state.hands[holder] ^= 1 << WEREWOLF | 1 << state.trump_card
        state.werewolf, state.turned_up, state.trump_card = holder, state.trump_card, WEREWOLF
        state.phase, state.current = Phase.WEREWOLF, holder
        if trump is not None:
            _play(state, trump_action(trump), "the Werewolf's trump")
    elif turned in _CHOOSE_AFTER or (FIRST_WIZARD <= turned < FIRST_JESTER
                                     and rules.wizard_turned is WizardTurned.DEALER_CHOOSES):
        state.phase, state.current = Phase.CHOOSE_TRUMP, position.dealer
        if trump is not None:
            _play(state, trump_action(trump), "the dealer's trump")
    elif trump is not None:
        state.trump_suit = trump
    bids = position.bids or (None,) * n
    if len(bids) != n:
        raise PositionError(f"one bid (or none) per seat: {n}, not {len(bids)}")
    order = [(left + k) % n for k in range(n)]
    made = [seat for seat in order if bids[seat] is not None]
    if made != order[: len(made)]:
        raise PositionError(f"bids are made clockwise from seat {left}: seat {made[-1]} cannot have bid before "
                            f"seat {order[len(made) - 1] if len(made) else left}")
    for seat in made:
        bid = bids[seat]
        assert bid is not None
        _play(state, BID_BASE + bid, f"seat {seat}'s bid")
    cloud_done = juggled = False
    for number, trick in enumerate(seats):
        final = number == len(seats) - 1
        for seat, card in trick:
            if state.phase is not Phase.PLAY:
                raise PositionError(f"trick {number + 1}: cards are played only once the {state.phase.value} is over")
            _play(state, card_action(card), f"trick {number + 1}, seat {seat}")
        if state.phase is Phase.CLOUD:
            if position.cloud:
                _play(state, CLOUD_UP if position.cloud > 0 else CLOUD_DOWN, "the Cloud's change")
                cloud_done = True
            elif not final:
                raise PositionError(f"trick {number + 1} held the Cloud: its winner's change must be given (c:+1, "
                                    "c:-1)")
        if state.phase is Phase.JUGGLE:
            seat = state.juggle_from
            for _ in range(n):
                if not gifts[seat]:
                    break
                _play(state, card_action(_renumber_gift(gifts[seat], state.hands[seat]).bit_length() - 1),
                      f"seat {seat}'s card in the Juggler's pass")
                seat = (seat + 1) % n
            juggled = True
            if state.phase is Phase.JUGGLE and not final:
                raise PositionError(f"trick {number + 1} held the Juggler: every seat's card in its pass must be given")
    if position.cloud and not cloud_done:
        raise PositionError("the Cloud's change is given, but no trick won by a seat held the Cloud")
    if any(gifts) and not juggled:
        raise PositionError("cards are given in the Juggler's pass, but no trick before the last held the Juggler")


def _wizard_trump(position: Position, turned: int, rules: RuleSet) -> int | None:
    """The trump the turned card gives (checked against the position's), or None while the dealer is to choose."""
    given = position.trump_suit
    if 0 <= turned < FIRST_WIZARD:
        derived: int | None = turned // RANKS
    elif FIRST_WIZARD <= turned < FIRST_JESTER:
        if rules.wizard_turned is WizardTurned.NO_TRUMP:
            derived = -1
        else:
            return given  # the dealer's choice, or the suit drawn: the position says which
    elif turned >= FIRST_JESTER:
        derived = -1
    elif not rules.trump_card_shown:
        return given  # a card nobody sees: only its suit is known
    else:
        derived = -1
    if given is not None and given != derived:
        raise PositionError(f"the card turned up makes trump {derived}, not {given}")
    return derived


def _turned_id(turned: int, hands: list[int]) -> int:
    """The turned card's id once the hands' Wizards and Jesters are renumbered: the next free one of its kind."""
    if turned < FIRST_WIZARD or turned >= DRAGON:
        return turned
    taken = 0
    for hand in hands:
        taken |= hand
    first, last = (FIRST_WIZARD, FIRST_JESTER) if turned < FIRST_JESTER else (FIRST_JESTER, DECK_SIZE)
    return next(card for card in range(first, last) if not taken >> card & 1)


def _play_tricks(state: TrickGameState, seats: list[list[tuple[int, int]]]) -> None:
    for number, trick in enumerate(seats):
        for seat, card in trick:
            if state.phase is not Phase.PLAY:
                raise PositionError(f"trick {number + 1}: cards are played only once the {state.phase.value} is over")
            _play(state, card_action(card), f"trick {number + 1}, seat {seat}")


def _build_wily(state: WilyState, position: Position) -> None:
    rules, n = position.rules, position.rules.players
    if position.bids or position.scores or position.trump_card >= 0:
        raise PositionError("bids, scores and a turned-up card are Wizard facts, not Wily Wizards'")
    if position.round_index < 0:
        raise PositionError(f"the hands are numbered from 1, not {position.round_index + 1}")
    size = rules.hand_sizes[0]
    teams = teams_of(rules.mode, n)
    letters = list(position.letters) if position.letters else [0] * (max(teams) + 1)
    if len(letters) != max(teams) + 1 or not all(0 <= c < 6 for c in letters):
        raise PositionError(f"letters: one count 0..5 per team ({max(teams) + 1} teams)")
    given = list(position.given) if position.given else [0] * n
    if len(given) != n:
        raise PositionError(f"cards given: one set per seat ({n}), not {len(given)}")
    receivers = receivers_of(rules.mode, rules.passing, n)
    exchanged = receivers is not None and all(g.bit_count() == CARDS_PASSED for g in given)
    high = _high_bidder(n, position)
    first_leader = high if high is not None else (position.dealer + 1) % n
    trump = -1 if position.trump_suit is None else position.trump_suit
    seats = _seats_of_tricks(position, first_leader, trump)
    if seats and not exchanged and receivers is not None:
        raise PositionError("cards are played only once every player has passed three")
    parts = [(f"seat {s}'s hand", s, hand) for s, hand in enumerate(position.hands)]
    parts += [(f"trick {t + 1}", seat, 1 << card) for t, trick in enumerate(seats) for seat, card in trick]
    held = _disjoint_union(parts, n)
    # Wizards and Jesters as counts per seat (which id was given is not a fact): (suited cards, Wizards, Jesters).
    dealt = [_split(hand) for hand in held]
    gifts = [_split(cards) for cards in given]
    if exchanged:
        assert receivers is not None
        for seat, (suited, wizards, jesters) in enumerate(gifts):  # the receiver holds them now; the giver was dealt
            to = receivers[seat]
            has, has_w, has_j = dealt[to]
            if suited & ~has or wizards > has_w or jesters > has_j:
                raise PositionError(f"seat {to} does not hold the cards seat {seat} passed it")
            dealt[to] = (has & ~suited, has_w - wizards, has_j - jesters)
        for seat, (suited, wizards, jesters) in enumerate(gifts):
            has, has_w, has_j = dealt[seat]
            dealt[seat] = (has | suited, has_w + wizards, has_j + jesters)
    else:
        for seat, (suited, wizards, jesters) in enumerate(gifts):
            has, has_w, has_j = dealt[seat]
            if suited & has:
                raise PositionError(f"seat {seat} gave a card it still holds")
            dealt[seat] = (has | suited, has_w + wizards, has_j + jesters)
    _disjoint_union([(f"seat {s}'s cards", s, suited) for s, (suited, _, _) in enumerate(dealt)], n)
    if sum(w for _, w, _ in dealt) > 4 or sum(j for _, _, j in dealt) > 4:
        raise PositionError("the deck has four Wizards and four Jesters")
    dealt_masks = [_joined(*parts_of) for parts_of in dealt]
    _check_counts(size, dealt_masks, "gave or played")
    state.round_index = position.round_index
    state.dealer = position.dealer
    state.deal_index = position.round_index + 1
    state.letters = letters
    state.sheet = []
    renumbered = _renumber_specials(dealt_masks)
    state.hands = renumbered
    taken = 0
    for hand in renumbered:
        taken |= hand
    state.cauldron = FULL_DECK & ~taken
    state.trick, state.round_tricks, state.last_trick = [], [], None
    state.played, state.voids, state.tricks_won = 0, [0] * n, [0] * n
    state.trump_card, state.trump_suit = -1, -1
    state.auction, state.passed, state.high_bidder, state.high_bid, state.contract = [], 0, -1, 0, 0
    state.best_calls, state.given, state.received = [0] * n, [0] * n, [0] * n
    state.phase = Phase.AUCTION
    state.current = state.leader = (position.dealer + 1) % n
    for number, call in enumerate(position.auction):
        if state.phase is not Phase.AUCTION:
            raise PositionError(f"call {number + 1}: the auction is over")
        _play(state, PASS if call == PASS_CALL else BID_BASE + call, f"call {number + 1}")
    if position.trump_suit is not None:
        if state.phase is not Phase.NAME_TRUMP:
            raise PositionError("trump is named only once the auction is won")
        _play(state, trump_action(position.trump_suit), "the high bidder's trump")
    if any(given):
        if state.phase is not Phase.PASS_CARDS:
            raise PositionError("cards are passed only once trump is named (and when the mode passes)")
        seat = state.high_bidder
        for _ in range(n):
            # Renumbered Wizards/Jesters: give the lowest of each kind the seat holds, as many as the position says.
            cards = _renumber_gift(given[seat], state.hands[seat])
            for card in cards_of(cards):
                _play(state, card_action(card), f"seat {seat}'s passing")
            if given[seat].bit_count() < CARDS_PASSED:
                break
            seat = (seat + 1) % n
    _play_tricks(state, seats)


def _split(cards: int) -> tuple[int, int, int]:
    return cards & ~(WIZARDS | JESTERS), (cards & WIZARDS).bit_count(), (cards & JESTERS).bit_count()


def _joined(suited: int, wizards: int, jesters: int) -> int:
    """A card set with these suited cards and the first ``wizards`` Wizard and ``jesters`` Jester ids."""
    return suited | ((1 << wizards) - 1) << FIRST_WIZARD | ((1 << jesters) - 1) << FIRST_JESTER


def _high_bidder(n: int, position: Position) -> int | None:
    """Who won the auction of ``position``, if it is won (the rules of the auction are checked when it is played)."""
    seat, high = (position.dealer + 1) % n, None
    passed = 0
    for call in position.auction:
        if call == PASS_CALL:
            passed |= 1 << seat
        else:
            high = seat
        left = [s for s in range(n) if not passed >> s & 1]
        if not left or (high is not None and left == [high]):
            return high
        seat = (seat + 1) % n
        while passed >> seat & 1:
            seat = (seat + 1) % n
    return None


def _renumber_gift(cards: int, hand: int) -> int:
    """``cards`` with its Wizards and Jesters replaced by the lowest of each kind in ``hand``."""
    out = cards & ~(WIZARDS | JESTERS)
    for kind in (WIZARDS, JESTERS):
        wanted = (cards & kind).bit_count()
        have = hand & kind
        while wanted and have:
            low = have & -have
            out |= low
            have ^= low
            wanted -= 1
    return out


def same_position(a: Position, b: Position) -> bool:
    """Whether two positions are the same up to which Wizard (or Jester) id stands where."""
    return _specials_as_counts(a) == _specials_as_counts(b)


def _specials_as_counts(position: Position) -> Position:
    def plain(cards: int) -> int:
        return (cards & ~(WIZARDS | JESTERS)) | (cards & WIZARDS).bit_count() << 60 | (
            cards & JESTERS).bit_count() << 64

    def one(card: int) -> int:
        return 52 if FIRST_WIZARD <= card < FIRST_JESTER else 56 if card >= FIRST_JESTER else card

    return replace(
        position,
        hands=tuple(plain(h) for h in position.hands),
        given=tuple(plain(g) for g in position.given),
        tricks=tuple(tuple(one(c) for c in trick) for trick in position.tricks),
        trump_card=one(position.trump_card) if position.trump_card >= 0 else -1,
    )


__all__ = ["UNKNOWN", "Position", "PositionError", "from_position", "position_of", "same_position", "view_of_position"]
