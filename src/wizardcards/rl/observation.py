"""Observation tensors: a ``View`` as one flat float32 vector with named slices, and the legal-action mask.

Everything here is computed from a ``View`` (what one seat may know) and nothing else, so hidden cards cannot leak.
The layout is the same for every seat of a table: seats are written *relative to the observer* (``rel`` 0 is the
observer, 1 the player on its left, and so on clockwise); only ``seat`` says where the observer sits. Its size
depends only on the game and the player count (``N`` players, ``H = 60 // N`` the largest hand).

Card planes
-----------
A card plane has 60 entries indexed like card ids: 0..51 the suited cards (``13 * suit + rank``). The four Wizards
and the four Jesters are interchangeable, so which physical Wizard a seat holds is meaningless (and could differ
between two deals that look the same to the observer): a *set* of cards holding ``k`` Wizards sets entries
52..52+k-1 (a thermometer), ``k`` Jesters set 56..56+k-1; a *single* card (in a trick, the trump card) sets 52 for
any Wizard and 56 for any Jester.

Layout (``ObservationLayout(game, players).table()`` prints it with offsets for a given table)
---------------------------------------------------------------------------------------------

Both games, in this order:

==================  ==============  ==========================================================================
slice               size            content
==================  ==============  ==========================================================================
``hand``            60              own hand (card plane)
``played``          N x 60          cards each seat (rel) has played this hand, the trick in progress included
``trick``           N x 60          the trick in progress in play order: row k is the k-th card played
``trick_leader``    N               seat (rel) that led the trick in progress, or leads the next one
``led``             6               suit to follow: nothing yet, Clubs, Diamonds, Hearts, Spades, free (Wizard)
``trump_card``      61              the turned-up card (single-card plane); entry 60: none turned up
``trump_suit``      5               Clubs, Diamonds, Hearts, Spades; entry 4: no trump (or not named yet)
``tricks_won``      N x (H+1)       tricks taken this hand by each seat (rel), one-hot 0..H
``hand_size``       H               cards dealt this hand, one-hot 1..H
``seat``            N               the observer's absolute seat
``dealer``          N               the dealer (rel)
``current_player``  N+1             the seat on turn (rel); entry N: nobody (game over)
``phase``           7               choose_trump, bid, auction, name_trump, pass_cards, play, game_over
``voids``           N x 4           suits each seat (rel) is known to lack: the observer from its hand, the
                                    others from having not followed a suit they had to follow this hand
==================  ==============  ==========================================================================

Wizard, then:

==================  ==============  ==========================================================================
``bids``            N x (H+2)       each seat's bid, one-hot 0..H; entry H+1: not known (not yet bid, hidden)
``scores``          N               total score of each seat (rel) / 100
``progress``        1               rounds played / rounds in the game
==================  ==============  ==========================================================================

Wily Wizards, then:

==================  ==============  ==========================================================================
``teammates``       N               seats (rel) of the observer's team, the observer included
``calls``           N x (H+1)       each seat's highest bid in this auction, one-hot; entry 0: no bid yet
``passed``          N               seats (rel) that passed in this auction
``high_bidder``     N+1             the high bidder (rel); entry N: nobody yet
``contract``        H+1             tricks the high bidder's team must make, one-hot (0: no contract yet)
``letters``         N x 7           letters of W-I-Z-A-R-D held by each seat's (rel) team, one-hot 0..6
``given``           60              cards the observer gave while passing (card plane)
``received``        60              cards the observer received (card plane)
==================  ==============  ==========================================================================

The action mask is an int8 vector over the game's integer action space (``core.actions.NUM_ACTIONS`` = 81, one
space for both games): 1 for each of ``view.legal_actions``, all zeros for a seat not on turn.

Versions
--------
The layout above is ``wizard_v0`` and ``wily_v0``: it has no room for the special cards of the anniversary editions
(RULES.md, "Special cards"), and it stays exactly as it is for the games without them. ``wizard_v1`` is Wizard's
layout for rules with special cards (``observation_version`` picks it for them; a Wizard game of the 60 may ask for
it too, so that one policy reads every Wizard table). Its card planes have 67 entries (60..66 the Dragon, Fairy,
Bomb, Werewolf, Juggler, Cloud, Shapeshifter, whether the rules deal them or not), a trick row has 77 (a Juggler or
Cloud as played with the suit it names, 67..74, a Shapeshifter as a Wizard or a Jester, 75, 76: ``cards.py``), the
phase has all ten phases, ``H = 67 // N`` (hands and bids up to 22 at three players), and after ``progress`` come:

==================  ==============  ==========================================================================
``bid_changes``     N x 2           the Cloud's change of each seat's (rel) bid this round: +1, -1
``bombed``          1               a completed trick of this hand holds the Bomb (won by nobody)
``werewolf``        N+1             the seat (rel) that swapped the Werewolf this round; entry N: nobody
``turned_up``       68              the card it swapped (now in its hand; single-card plane); entry 67: none
``given``           67              the card the observer gave in this round's Juggler's pass (card plane)
``received``        67              the card the observer received in it, once everybody has given
``special_cards``   7               the special cards these rules deal (constant for a game)
==================  ==============  ==========================================================================

Its actions are table 2 of ``core/actions.py`` (``NUM_ACTIONS_WITH_SPECIALS`` = 102 ids, table 1's 81 first).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..core import Game, ImpossibleRulesError, RuleSet, View
from ..core.actions import NUM_ACTIONS, NUM_ACTIONS_WITH_SPECIALS
from ..core.cards import (
    ANNIVERSARY,
    CARD_IDS,
    DECK_SIZE,
    DRAGON,
    FIRST_JESTER,
    FIRST_WIZARD,
    SUIT_MASKS,
    special_card_of,
)
from ..core.phase import Phase
from ..core.wizard import total_bounds

CARD_PLANE = DECK_SIZE
# The phases of wizard_v0's layout: the games without special cards (the special cards' phases came later and have
# their places in wizard_v1's).
PHASES: tuple[Phase, ...] = tuple(Phase)[:7]
_PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
LETTERS = 6

WIZARD_V0 = "wizard_v0"
WILY_V0 = "wily_v0"
WIZARD_V1 = "wizard_v1"
VERSIONS: tuple[str, ...] = (WIZARD_V0, WILY_V0, WIZARD_V1)
SPECIAL_CARDS = 7  # the Dragon .. the Shapeshifter, ids 60..66
V1_CARD_PLANE = DECK_SIZE + SPECIAL_CARDS  # 67: a card plane of wizard_v1
V1_TRICK_PLANE = CARD_IDS  # 77: a trick row of wizard_v1, the played forms included
PHASES_V1: tuple[Phase, ...] = tuple(Phase)
_PHASE_INDEX_V1 = {phase: i for i, phase in enumerate(PHASES_V1)}


def observation_version(rules: RuleSet, requested: str | None = None) -> str:
    """The observation version for ``rules``: ``requested`` if it fits them, else an ``ImpossibleRulesError``; by
    default ``wizard_v1`` for rules with special cards, else the game's ``_v0``."""
    wizard = rules.game is Game.WIZARD
    if requested is None:
        return (WIZARD_V1 if rules.special_cards else WIZARD_V0) if wizard else WILY_V0
    if requested not in VERSIONS:
        raise ImpossibleRulesError(f"no observation version {requested!r}; versions: {', '.join(VERSIONS)}")
    if (requested == WILY_V0) == wizard:
        raise ImpossibleRulesError(f"{requested} is no observation of {rules.game.value}")
    if requested == WIZARD_V0 and rules.special_cards:
        raise ImpossibleRulesError(
            "wizard_v0 has no room for the special cards (" + ", ".join(rules.special_cards) + "): use wizard_v1"
        )
    return requested


def num_actions_of(version: str) -> int:
    """The size of a version's action space: table 1 (81 ids) for the v0 layouts, table 2 (102) for wizard_v1."""
    return NUM_ACTIONS_WITH_SPECIALS if version == WIZARD_V1 else NUM_ACTIONS


@dataclass(frozen=True)
class Slice:
    name: str
    offset: int
    shape: tuple[int, ...]
    doc: str

    @property
    def size(self) -> int:
        size = 1
        for n in self.shape:
            size *= n
        return size

    @property
    def stop(self) -> int:
        return self.offset + self.size


class ObservationLayout:
    """The named slices of the observation vector for one game and player count."""

    def __init__(self, game: Game | str, players: int, version: str | None = None) -> None:
        self.game = Game(game)
        if version is None:
            version = WIZARD_V0 if self.game is Game.WIZARD else WILY_V0
        if version not in VERSIONS or (version == WILY_V0) != (self.game is Game.WILY):
            raise ImpossibleRulesError(f"no observation version {version!r} of {self.game.value}")
        self.version = version
        v1 = version == WIZARD_V1
        self.card_plane = plane = V1_CARD_PLANE if v1 else CARD_PLANE
        self.trick_plane = trick_plane = V1_TRICK_PLANE if v1 else CARD_PLANE
        self.phases = phases = PHASES_V1 if v1 else PHASES
        self.num_actions = num_actions_of(version)
        self.players = n = players
        self.max_hand = h = plane // n
        specs: list[tuple[str, tuple[int, ...], str]] = [
            ("hand", (plane,), "own hand (card plane)"),
            ("played", (n, plane), "cards each seat (rel) played this hand"),
            (
                "trick",
                (n, trick_plane),
                "trick in progress, row k = k-th card played"
                + (" (as played: 67..76 the named suits, the Shapeshifter's part)" if v1 else ""),
            ),
            ("trick_leader", (n,), "seat (rel) that led / leads the trick"),
            ("led", (6,), "suit to follow: none yet, C, D, H, S, free"),
            ("trump_card", (plane + 1,), "turned-up card; last entry: none"),
            ("trump_suit", (5,), "C, D, H, S, no trump / not named"),
            ("tricks_won", (n, h + 1), "tricks taken by each seat (rel), one-hot"),
            ("hand_size", (h,), "cards dealt this hand, one-hot 1..H"),
            ("seat", (n,), "observer's absolute seat"),
            ("dealer", (n,), "dealer (rel)"),
            ("current_player", (n + 1,), "seat on turn (rel); last entry: nobody"),
            ("phase", (len(phases),), "phase, one-hot: " + ", ".join(p.value for p in phases)),
            ("voids", (n, 4), "suits each seat (rel) is known to lack"),
        ]
        if self.game is Game.WIZARD:
            specs += [
                ("bids", (n, h + 2), "bid of each seat (rel), one-hot 0..H; last entry: not known"),
                ("scores", (n,), "total score of each seat (rel) / 100"),
                ("progress", (1,), "rounds played / rounds in the game"),
            ]
        if v1:
            specs += [
                ("bid_changes", (n, 2), "the Cloud's change of each seat's (rel) bid this round: +1, -1"),
                ("bombed", (1,), "a completed trick of this hand holds the Bomb (won by nobody)"),
                ("werewolf", (n + 1,), "seat (rel) that swapped the Werewolf this round; last entry: nobody"),
                ("turned_up", (plane + 1,), "the card it swapped, taken into its hand; last entry: none"),
                ("given", (plane,), "card the observer gave in this round's Juggler's pass"),
                ("received", (plane,), "card the observer received in it"),
                ("special_cards", (SPECIAL_CARDS,), "the special cards these rules deal: Drg Fai Bmb Wwf Jug Cld Shp"),
            ]
        elif self.game is Game.WILY:
            specs += [
                ("teammates", (n,), "seats (rel) of the observer's team"),
                ("calls", (n, h + 1), "highest auction bid of each seat (rel); entry 0: none"),
                ("passed", (n,), "seats (rel) that passed in the auction"),
                ("high_bidder", (n + 1,), "high bidder (rel); last entry: nobody"),
                ("contract", (h + 1,), "tricks the high bidder's team must make, one-hot"),
                ("letters", (n, LETTERS + 1), "letters held by each seat's (rel) team, one-hot 0..6"),
                ("given", (CARD_PLANE,), "cards the observer gave (card plane)"),
                ("received", (CARD_PLANE,), "cards the observer received (card plane)"),
            ]
        self.slices: dict[str, Slice] = {}
        offset = 0
        for name, shape, doc in specs:
            piece = Slice(name, offset, shape, doc)
            self.slices[name] = piece
            offset = piece.stop
        self.size = offset

    def __getitem__(self, name: str) -> Slice:
        return self.slices[name]

    def split(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """Named, reshaped views into ``vector``."""
        return {s.name: vector[s.offset : s.stop].reshape(s.shape) for s in self.slices.values()}

    def table(self) -> str:
        """The layout as a Markdown table with offsets."""
        rows = ["| slice | offset | shape | content |", "|---|---|---|---|"]
        for s in self.slices.values():
            rows.append(f"| `{s.name}` | {s.offset} | {'x'.join(map(str, s.shape))} | {s.doc} |")
        rows.append(f"| (total) | {self.size} | | |")
        return "\n".join(rows)


_SUITED = (1 << FIRST_WIZARD) - 1


def _canon(cards: int) -> int:
    """A card set as its plane's bits: suited cards by id, k Wizards (Jesters) as the first k of 52..55 (56..59)."""
    return (
        cards & _SUITED
        | ((1 << (cards >> FIRST_WIZARD & 0xF).bit_count()) - 1) << FIRST_WIZARD
        | ((1 << (cards >> FIRST_JESTER & 0xF).bit_count()) - 1) << FIRST_JESTER
    )


def _canon_v1(cards: int) -> int:
    """``_canon`` for wizard_v1's planes: the special cards (one of each) keep their ids 60..66."""
    return _canon(cards) | cards & ANNIVERSARY


def _single_v1(card: int) -> int:
    """A single card's index in a wizard_v1 plane: Wizards 52, Jesters 56, every special card and played form
    itself."""
    if card < FIRST_WIZARD or card >= DRAGON:
        return card
    return FIRST_WIZARD if card < FIRST_JESTER else FIRST_JESTER


_CLUBS, _DIAMONDS, _HEARTS, _SPADES = SUIT_MASKS


def _lacks(hand: int) -> int:
    """The suits ``hand`` holds no card of, as a 4-bit mask (what a seat knows it lacks from its own hand)."""
    return (not hand & _CLUBS) | (not hand & _DIAMONDS) << 1 | (not hand & _HEARTS) << 2 | (not hand & _SPADES) << 3


def _single(card: int) -> int:
    """A single card's index in a plane: Wizards share 52, Jesters 56."""
    if card < FIRST_WIZARD:
        return card
    return FIRST_WIZARD if card < FIRST_JESTER else FIRST_JESTER


class _Mask:
    """``ObservationEncoder.mask``: called on the class, a mask over the view's rule set's action table; called on an
    encoder, over its version's (wizard_v1 reads the 60 cards with table 2's 102 ids too)."""

    def __get__(self, encoder: ObservationEncoder | None, owner: type | None = None) -> Callable[..., np.ndarray]:
        size = None if encoder is None else encoder.num_actions

        def mask(view: View, out: np.ndarray | None = None) -> np.ndarray:
            """The legal-action mask (int8): all zeros unless ``view``'s seat is on turn."""
            if out is None:
                out = np.zeros(view.rules.num_actions if size is None else size, np.int8)
            else:
                out.fill(0)
            if view.legal_actions:
                out[list(view.legal_actions)] = 1
            return out

        return mask


class ObservationEncoder:
    """Encodes views of one rule set's table in one observation version (``observation_version``: by default
    wizard_v1 for rules with special cards, else the game's v0); ``encode`` and ``mask`` may write into arrays you
    reuse."""

    mask = _Mask()

    def __init__(self, rules: RuleSet, version: str | None = None) -> None:
        self.rules = rules
        self.version = version = observation_version(rules, version)
        self.layout = layout = ObservationLayout(rules.game, rules.players, version)
        self.num_actions = layout.num_actions
        self.size = layout.size
        self._off = {name: s.offset for name, s in layout.slices.items()}
        self._nbytes = (self.size + 7) // 8
        self._v1 = v1 = version == WIZARD_V1
        self._plane, self._trick_plane = layout.card_plane, layout.trick_plane
        self._canon = _canon_v1 if v1 else _canon
        self._single = _single_v1 if v1 else _single
        self._phase_index = _PHASE_INDEX_V1 if v1 else _PHASE_INDEX
        self._specials = sum(1 << (special_card_of(name) - DRAGON) for name in rules.special_cards)
        # Wizard totals are bounded by every round made at its best, or missed by a whole hand.
        lowest, highest = total_bounds(rules.hand_sizes) if rules.game is Game.WIZARD else (0, 0)
        best, worst = highest / 100, -lowest / 100
        self.low = np.zeros(self.size, np.float32)
        self.high = np.ones(self.size, np.float32)
        if rules.game is Game.WIZARD:
            scores = layout["scores"]
            self.low[scores.offset : scores.stop] = -worst
            self.high[scores.offset : scores.stop] = best

    def encode(self, view: View, out: np.ndarray | None = None) -> np.ndarray:
        """The observation vector of ``view`` (written into ``out`` when given)."""
        # The 0/1 entries are the bits of one Python int (a card plane is one shifted OR), unpacked once by numpy.
        off = self._off
        n = self.rules.players
        h = self.layout.max_hand
        plane, trick_plane, canon, single = self._plane, self._trick_plane, self._canon, self._single
        me = view.seat
        bits = canon(view.hand) << off["hand"]

        # Cards played by each seat (the k Wizards a seat played as the first k of 52..55, as in any card set), and
        # the suits each seat is known to lack: the observer from its own hand, the others from the core's record.
        played, void_base, won = off["played"], off["voids"], off["tricks_won"]
        played_by, voids, tricks_won = view.played_by, view.voids, view.tricks_won
        for seat in range(n):
            rel = (seat - me) % n
            bits |= canon(played_by[seat]) << (played + rel * plane)
            bits |= (_lacks(view.hand) if seat == me else voids[seat]) << (void_base + rel * 4)
            bits |= 1 << (won + rel * (h + 1) + min(tricks_won[seat], h))

        trick = view.trick
        base = off["trick"]
        for position, card in enumerate(trick):
            bits |= 1 << (base + position * trick_plane + single(card))
        bits |= 1 << (off["trick_leader"] + (view.trick_leader - me) % n)
        bits |= 1 << (off["led"] + view.led + 1)
        bits |= 1 << (off["trump_card"] + (plane if view.trump_card < 0 else single(view.trump_card)))
        bits |= 1 << (off["trump_suit"] + (4 if view.trump_suit < 0 else view.trump_suit))
        if view.hand_size:
            bits |= 1 << (off["hand_size"] + view.hand_size - 1)
        bits |= 1 << (off["seat"] + me)
        bits |= 1 << (off["dealer"] + (view.dealer - me) % n)
        current = view.current_player
        bits |= 1 << (off["current_player"] + (n if current < 0 else (current - me) % n))
        bits |= 1 << (off["phase"] + self._phase_index[view.phase])

        if view.game is Game.WIZARD:
            base = off["bids"]
            for seat, bid in enumerate(view.bids):
                bits |= 1 << (base + (seat - me) % n * (h + 2) + (h + 1 if bid is None else bid))
            if self._v1:
                bits |= self._special_bits(view)
        else:
            teams = view.teams
            for seat in range(n):
                rel = (seat - me) % n
                if teams[seat] == teams[me]:
                    bits |= 1 << (off["teammates"] + rel)
                bits |= 1 << (off["letters"] + rel * (LETTERS + 1) + min(view.letters[teams[seat]], LETTERS))
            best_call = [0] * n
            for seat, call in view.auction:
                if call == 0:
                    bits |= 1 << (off["passed"] + (seat - me) % n)
                elif call > best_call[seat]:
                    best_call[seat] = call
            for seat in range(n):
                bits |= 1 << (off["calls"] + (seat - me) % n * (h + 1) + best_call[seat])
            bidder = view.high_bidder
            bits |= 1 << (off["high_bidder"] + (n if bidder < 0 else (bidder - me) % n))
            bits |= 1 << (off["contract"] + min(view.contract, h))
            bits |= _canon(view.given) << off["given"]
            bits |= _canon(view.received) << off["received"]

        unpacked = np.unpackbits(
            np.frombuffer(bits.to_bytes(self._nbytes, "little"), np.uint8), count=self.size, bitorder="little"
        )
        if out is None:
            out = unpacked.astype(np.float32)
        else:
            out[:] = unpacked
        if view.game is Game.WIZARD:
            base = off["scores"]
            for seat, score in enumerate(view.scores):
                out[base + (seat - me) % n] = score / 100
            out[off["progress"]] = len(view.sheet) / self.rules.rounds
        return out

    def _special_bits(self, view: View) -> int:
        """wizard_v1's slices after ``progress``: what the special cards did this round, as the view shows it."""
        off = self._off
        n = self.rules.players
        me = view.seat
        bits = 0
        base = off["bid_changes"]
        for seat, change in enumerate(view.bid_changes):
            if change:
                bits |= 1 << (base + (seat - me) % n * 2 + (0 if change > 0 else 1))
        if any(winner < 0 for _leader, _cards, winner in view.round_tricks):
            bits |= 1 << off["bombed"]
        werewolf = view.werewolf
        bits |= 1 << (off["werewolf"] + (n if werewolf < 0 else (werewolf - me) % n))
        turned = view.turned_up
        bits |= 1 << (off["turned_up"] + (self._plane if turned < 0 else _single_v1(turned)))
        bits |= _canon_v1(view.given) << off["given"]
        bits |= _canon_v1(view.received) << off["received"]
        bits |= self._specials << off["special_cards"]
        return bits


def action_mask(legal_actions: list[int] | tuple[int, ...], size: int = NUM_ACTIONS) -> np.ndarray:
    """An int8 mask over ``size`` actions (``NUM_ACTIONS``, or 102 for wizard_v1) with ones at ``legal_actions``."""
    out = np.zeros(size, np.int8)
    if legal_actions:
        out[list(legal_actions)] = 1
    return out


def encode(view: View, version: str | None = None) -> np.ndarray:
    """The observation vector of ``view`` (convenience: builds an encoder for the view's rule set)."""
    return ObservationEncoder(view.rules, version).encode(view)


__all__ = [
    "PHASES_V1",
    "VERSIONS",
    "WILY_V0",
    "WIZARD_V0",
    "WIZARD_V1",
    "ObservationEncoder",
    "ObservationLayout",
    "Slice",
    "action_mask",
    "encode",
    "num_actions_of",
    "observation_version",
]
