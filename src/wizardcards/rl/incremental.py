"""Incremental observations: every seat's observation vector of one game, kept up to date from the game's actions.

``ObservationEncoder.encode(view)`` (``observation.py``) builds a vector from a whole ``View``. Building a view costs
about twenty raw engine actions and encoding it as much again: far too slow for an environment step.
``TableObserver`` produces exactly the same vectors (``tests/rl/test_incremental.py`` compares them with fresh
encodings of ``state.view(seat)`` at every step of many random games) at a cost of a few engine actions per step:

* One *table* array holds every field of the observation in absolute seat order, once for the whole table: cards
  played by seat 0, 1, ...; the seat on turn as an absolute seat; each seat's tricks, bid, calls, letters; and, in
  rows that only that seat's vector reads, each seat's own hand, the suits it lacks, its own bid (under hidden bids),
  the cards it gave and received. After each successful ``state.apply`` the environment calls
  ``after_apply(actor, action)``, which writes the few entries the action changed (a card play sets three or four
  entries and moves two one-hots), whatever the number of seats. What follows from the rules it reads from the state
  the action left: the suit to follow (``state.led``), the suit a seat showed it lacks (``state.voids``), the seat
  on turn.
* ``observe(seat)`` gathers the seat's vector from the table with one precomputed index array per seat (``take``):
  the gather rotates the seats so that the observer is ``rel`` 0, and picks the observer's own private rows.
* When the phase or the deal changes (once or twice a hand) the public facts (dealer, trump, hand size, scores,
  letters, contract, ...) are read again from one ``View`` (``_snapshot``), so the rare transitions need no second copy
  of the rules.

wizard_v1 (the special cards) works the same way, with its own plane sizes: a card played, a bid, a card given in
the Juggler's pass write their entries; a trick completed with the play going on reads its winner (or nobody: the
Bomb) from ``state.round_tricks[-1]`` and the next leader from ``state.leader``; every other change (the Werewolf's or
the dealer's trump, the Cloud's change beginning, the pass beginning or ending, a new hand) re-reads the public facts
from one ``View``, which also gives the Werewolf's swap, the Cloud's changes and the voids cleared after a pass. When
the pass is over each seat's hand and the card it received come from ``state.seat_part(seat)`` (its own rows). It
costs about 4 raw engine actions per step, wizard_v0 about 3 (one table update and one gather a step, measured on
whole random games with 4 players).

Hidden information: a seat's vector gathers only public rows and that seat's own private rows, so it holds what its
own ``View`` shows and nothing else. The private inputs are each seat's own hand (``state.hand_of(seat)``, its
``View.hand``), its own bid (under hidden bids only its own vector reads its "own bid" row) and, in Wily Wizards, the
cards it gave (its own actions) and received (its hand after the exchange less its hand before); in wizard_v1 the
card it gave and received in the Juggler's pass.
"""

from __future__ import annotations

import numpy as np

from ..core import Game, RuleSet, View
from ..core.actions import BID_BASE, CLOUD_UP, PASS, PLAY_JESTER, PLAY_WIZARD, SPECIAL_ACTION_OFFSET, TRUMP_BASE
from ..core.cards import (
    DRAGON,
    FIRST_JESTER,
    FIRST_WIZARD,
    JESTERS,
    RANKS,
    SUIT_MASKS,
    WIZARDS,
    played_card,
    special_card_of,
)
from ..core.phase import Phase
from ..core.state import TrickGameState
from ..core.tricks import NO_SUIT_YET
from .observation import (
    CARD_PLANE,
    LETTERS,
    PHASES,
    SPECIAL_CARDS,
    WIZARD_V1,
    ObservationLayout,
    _canon,
    _canon_v1,
    _lacks,
    _single,
    _single_v1,
    observation_version,
)

_PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
_PLAY = Phase.PLAY
_BID = Phase.BID
_AUCTION = Phase.AUCTION
_PASS_CARDS = Phase.PASS_CARDS
_GAME_OVER = Phase.GAME_OVER
_CLOUD = Phase.CLOUD
_JUGGLE = Phase.JUGGLE


class _Table:
    """The blocks of the table array: name -> (offset, rows, row length). Per-deal blocks come first (one clear)."""

    def __init__(
        self,
        wizard: bool,
        n: int,
        h: int,
        plane: int = CARD_PLANE,
        trick_plane: int = CARD_PLANE,
        phases: int = len(PHASES),
        v1: bool = False,
    ) -> None:
        blocks: list[tuple[str, int, int]] = [
            ("hands", n, plane),
            ("played", n, plane),
            ("trick", n, trick_plane),
            ("won", n, h + 1),
            ("voids", n, 4),  # shown by not following
            ("lacks", n, 4),  # known to the seat itself from its hand
        ]
        if wizard:
            blocks += [("bids_public", n, h + 2), ("bids_own", n, h + 2)]
            if v1:  # the Juggler's pass (private rows), the Cloud's changes and the Bomb (public)
                blocks += [("given", n, plane), ("received", n, plane), ("bid_changes", n, 2), ("bombed", 1, 1)]
        else:
            blocks += [("calls", n, h + 1), ("passed", 1, n), ("high_bidder", 1, n + 1), ("given", n, CARD_PLANE),
                       ("received", n, CARD_PLANE)]
        self.per_deal_stop = sum(rows * length for _name, rows, length in blocks)
        blocks += [
            ("leader", 1, n),
            ("led", 1, 6),
            ("trump_card", 1, plane + 1),
            ("trump_suit", 1, 5),
            ("hand_size", 1, h),
            ("seat", n, n),  # row s: the one-hot of seat s (constant)
            ("dealer", 1, n),
            ("current", 1, n + 1),
            ("phase", 1, phases),
        ]
        if wizard:
            blocks += [("scores", 1, n), ("progress", 1, 1)]
            if v1:
                blocks += [("werewolf", 1, n + 1), ("turned_up", 1, plane + 1), ("special_cards", 1, SPECIAL_CARDS)]
        else:
            blocks += [("teammates", n, n), ("contract", 1, h + 1), ("letters", n, LETTERS + 1)]
        self.at: dict[str, tuple[int, int]] = {}
        offset = 0
        for name, rows, length in blocks:
            self.at[name] = (offset, length)
            offset += rows * length
        self.size = offset

    @classmethod
    def of(cls, layout: ObservationLayout) -> _Table:
        """The table of a layout (any version)."""
        return cls(layout.game is Game.WIZARD, layout.players, layout.max_hand, layout.card_plane,
                   layout.trick_plane, len(layout.phases), layout.version == WIZARD_V1)

    def row(self, name: str, row: int = 0) -> int:
        offset, length = self.at[name]
        return offset + row * length


def _gather_indices(layout: ObservationLayout, table: _Table, seat: int) -> np.ndarray:
    """For each entry of ``seat``'s vector, the table entry it reads."""
    n, h = layout.players, layout.max_hand
    plane, trick_plane = layout.card_plane, layout.trick_plane
    out = np.full(layout.size, -1, np.intp)
    rt = table.row

    def put(name: str, values: list[int]) -> None:
        piece = layout[name]
        assert len(values) == piece.size, name
        out[piece.offset : piece.stop] = values

    def absolute(rel: int) -> int:
        return (seat + rel) % n

    def rotated(block: str, length: int) -> list[int]:  # rows by absolute seat, read rel 0, 1, ...
        return [rt(block, absolute(r)) + i for r in range(n) for i in range(length)]

    def seat_onehot(block: str, nobody: bool) -> list[int]:  # entries by absolute seat (+ nobody), read rel
        values = [rt(block) + absolute(r) for r in range(n)]
        return values + [rt(block) + n] if nobody else values

    put("hand", [rt("hands", seat) + i for i in range(plane)])
    put("played", rotated("played", plane))
    put("trick", [rt("trick") + i for i in range(n * trick_plane)])
    put("trick_leader", seat_onehot("leader", False))
    put("led", [rt("led") + i for i in range(6)])
    put("trump_card", [rt("trump_card") + i for i in range(plane + 1)])
    put("trump_suit", [rt("trump_suit") + i for i in range(5)])
    put("tricks_won", rotated("won", h + 1))
    put("hand_size", [rt("hand_size") + i for i in range(h)])
    put("seat", [rt("seat", seat) + i for i in range(n)])
    put("dealer", seat_onehot("dealer", False))
    put("current_player", seat_onehot("current", True))
    put("phase", [rt("phase") + i for i in range(len(layout.phases))])
    voids = [rt("lacks", seat) + i for i in range(4)] + rotated("voids", 4)[4:]
    put("voids", voids)
    if layout.game is Game.WIZARD:
        put("bids", [rt("bids_own", seat) + i for i in range(h + 2)] + rotated("bids_public", h + 2)[h + 2 :])
        put("scores", seat_onehot("scores", False))
        put("progress", [rt("progress")])
        if layout.version == WIZARD_V1:
            put("bid_changes", rotated("bid_changes", 2))
            put("bombed", [rt("bombed")])
            put("werewolf", seat_onehot("werewolf", True))
            put("turned_up", [rt("turned_up") + i for i in range(plane + 1)])
            put("given", [rt("given", seat) + i for i in range(plane)])
            put("received", [rt("received", seat) + i for i in range(plane)])
            put("special_cards", [rt("special_cards") + i for i in range(SPECIAL_CARDS)])
    else:
        put("teammates", [rt("teammates", seat) + absolute(r) for r in range(n)])
        put("calls", rotated("calls", h + 1))
        put("passed", seat_onehot("passed", False))
        put("high_bidder", seat_onehot("high_bidder", True))
        put("contract", [rt("contract") + i for i in range(h + 1)])
        put("letters", rotated("letters", LETTERS + 1))
        put("given", [rt("given", seat) + i for i in range(CARD_PLANE)])
        put("received", [rt("received", seat) + i for i in range(CARD_PLANE)])
    assert (out >= 0).all()
    return out


def _floats(array: np.ndarray) -> memoryview[float]:
    """A float32 array as a memoryview of floats: one entry is written faster through it than through numpy."""
    return array.data.cast("B").cast("f")


class TableObserver:
    """The observation vectors of every seat of one game (one rule set), kept up to date from the actions applied."""

    _state: TrickGameState  # the game followed (``reset``)

    def __init__(self, rules: RuleSet, version: str | None = None) -> None:
        self.rules = rules
        self.version = version = observation_version(rules, version)
        self.layout = layout = ObservationLayout(rules.game, rules.players, version)
        self.size = layout.size
        self.players = n = rules.players
        self.max_hand = layout.max_hand
        self.wizard = rules.game is Game.WIZARD
        self._v1 = v1 = version == WIZARD_V1
        self._plane = plane = layout.card_plane
        self._trick_plane = layout.trick_plane
        self._canon = _canon_v1 if v1 else _canon
        self._single = _single_v1 if v1 else _single
        self._phase_index = {phase: i for i, phase in enumerate(layout.phases)}
        self._hidden_bids = bool(rules.hidden_bids) if self.wizard else False
        self._table = table = _Table.of(layout)
        self._array = np.zeros(table.size, np.float32)
        self._mv = _floats(self._array)
        self._zeros = _floats(np.zeros(table.size, np.float32))
        self._gather = [_gather_indices(layout, table, seat) for seat in range(n)]
        rt = table.row
        # Row starts the action path uses, by absolute seat.
        self._hands_at = [rt("hands", s) for s in range(n)]
        self._hands_block = self._array[rt("hands") : rt("hands", n)].reshape(n, plane)
        self._hands: list[int] = []  # each seat's hand as its plane's bits (Wizards and Jesters counted, not named)
        self._played_at = [rt("played", s) for s in range(n)]
        self._won_at = [rt("won", s) for s in range(n)]
        self._voids_at = [rt("voids", s) for s in range(n)]
        self._lacks_at = [rt("lacks", s) for s in range(n)]
        self._trick, self._trick_stop = rt("trick"), rt("trick", n)
        self._rows = [(rt("hands", s), rt("played", s), rt("lacks", s), rt("voids", s)) for s in range(n)]
        self._last_position = n - 1
        self._leader_at, self._led_at, self._current_at = rt("leader"), rt("led"), rt("current")
        if self.wizard:
            self._bids_public_at = [rt("bids_public", s) for s in range(n)]
            self._bids_own_at = [rt("bids_own", s) for s in range(n)]
            if v1:
                self._bombed_at = rt("bombed")
                self._given_at = [rt("given", s) for s in range(n)]
                self._received_at = [rt("received", s) for s in range(n)]
        else:
            from ..core.wily import teams_of

            self._teams = teams_of(rules.mode, n)
            self._calls_at = [rt("calls", s) for s in range(n)]
            self._given_at = [rt("given", s) for s in range(n)]
            self._received_at = [rt("received", s) for s in range(n)]

    # --- one-hot fields: the table entry each one holds now ----------------------------------------------------

    def _move(self, key: str, entry: int) -> None:
        """Set the one-hot field ``key`` to the table entry ``entry`` (clearing the one it held)."""
        old = self._hot.get(key, -1)
        if old != entry:
            mv = self._mv
            if old >= 0:
                mv[old] = 0.0
            mv[entry] = 1.0
            self._hot[key] = entry

    # --- the game side: called once per action ---------------------------------------------------------------

    def reset(self, state: TrickGameState) -> None:
        """Start following ``state`` (a new game)."""
        n = self.players
        self._state = state
        self._array.fill(0.0)
        self._hot: dict[str, int] = {}
        table = self._table
        mv = self._mv
        if self._v1:
            for name in self.rules.special_cards:
                mv[table.row("special_cards") + special_card_of(name) - DRAGON] = 1.0
        for seat in range(n):
            mv[table.row("seat", seat) + seat] = 1.0
            if not self.wizard:
                for other in range(n):
                    if self._teams[other] == self._teams[seat]:
                        mv[table.row("teammates", seat) + other] = 1.0
        self._phase = state.phase
        self._round = state.round_index
        self._new_deal(state)
        self._snapshot(state)

    def _new_deal(self, state: TrickGameState) -> None:
        """A new hand was dealt: clear what belongs to the last hand, write each seat's hand (into its own rows)."""
        n, h = self.players, self.max_hand
        mv = self._mv
        stop = self._table.per_deal_stop
        mv[0:stop] = self._zeros[0:stop]
        self._trick_len = 0
        self._voids = [0] * n  # the suits each seat has shown it lacks, as the table's rows hold them
        self._wizards_played = [0] * n
        self._jesters_played = [0] * n
        self.tricks_won = [0] * n
        # Every seat's hand row at once (into its own row): the planes' bits, unpacked by numpy.
        hands = [state.hand_of(seat) for seat in range(n)]
        canon, plane = self._canon, self._plane
        self._hands = bits = [canon(hand) for hand in hands]
        width = (plane + 7) // 8
        packed = np.frombuffer(b"".join(b.to_bytes(width, "little") for b in bits), np.uint8).reshape(n, width)
        self._hands_block[:] = np.unpackbits(packed, axis=1, count=plane, bitorder="little")
        for seat, hand in enumerate(hands):
            lacks, base = _lacks(hand), self._lacks_at[seat]
            for suit in range(4):
                if lacks >> suit & 1:
                    mv[base + suit] = 1.0
            mv[self._won_at[seat]] = 1.0
        if self.wizard:
            for seat in range(n):
                mv[self._bids_public_at[seat] + h + 1] = 1.0
                mv[self._bids_own_at[seat] + h + 1] = 1.0
            self._bids = [-1] * n  # each seat's bid as the table holds it (the Cloud changes one)
        else:
            for seat in range(n):
                mv[self._calls_at[seat]] = 1.0
            nobody = self._table.row("high_bidder") + n
            mv[nobody] = 1.0
            self._hot["high_bidder"] = nobody
            self.best_calls = [0] * n
            self._deal_hands = hands
            self._given_wizards = [0] * n
            self._given_jesters = [0] * n

    def _write_hand(self, seat: int, hand: int) -> None:
        """Rewrite ``seat``'s own hand row and the suits it lacks."""
        mv = self._mv
        base = self._hands_at[seat]
        plane = self._plane
        mv[base : base + plane] = self._zeros[base : base + plane]
        self._hands[seat] = bits = self._canon(hand)
        while bits:
            low = bits & -bits
            mv[base + low.bit_length() - 1] = 1.0
            bits ^= low
        base = self._lacks_at[seat]
        lacks = _lacks(hand)
        for suit in range(4):
            mv[base + suit] = float(lacks >> suit & 1)

    def _snapshot(self, state: TrickGameState) -> None:
        """Read the public facts again from one view (after a change of phase or deal)."""
        n, h = self.players, self.max_hand
        table = self._table
        rt = table.row
        mv = self._mv
        current = state.current_player()
        view = state.view((current + 1) % n if current >= 0 else 0)  # a seat not on turn: no legal actions to list
        self.current = view.current_player
        self._move("current", rt("current") + (n if view.current_player < 0 else view.current_player))
        self.led = view.led
        self._move("led", rt("led") + view.led + 1)
        self._move("leader", rt("leader") + view.trick_leader)
        self._trick_len = len(view.trick)
        self.tricks_won = list(view.tricks_won)
        for seat, won in enumerate(view.tricks_won):
            base = self._won_at[seat]
            mv[base : base + h + 1] = self._zeros[base : base + h + 1]
            mv[base + min(won, h)] = 1.0
        self._move("phase", rt("phase") + self._phase_index[view.phase])
        self._move("trump_suit", rt("trump_suit") + (4 if view.trump_suit < 0 else view.trump_suit))
        plane = self._plane
        self._move("trump_card", rt("trump_card") + (plane if view.trump_card < 0 else self._single(view.trump_card)))
        if view.hand_size:
            self._move("hand_size", rt("hand_size") + view.hand_size - 1)
        self._move("dealer", rt("dealer") + view.dealer)
        if self.wizard:
            base = rt("scores")
            for seat, score in enumerate(view.scores):
                mv[base + seat] = score / 100
            mv[rt("progress")] = len(view.sheet) / self.rules.rounds
            if self._v1:
                self._snapshot_specials(view)
        else:
            self._move("contract", rt("contract") + min(view.contract, h))
            for seat in range(n):
                base = rt("letters", seat)
                mv[base : base + LETTERS + 1] = self._zeros[base : base + LETTERS + 1]
                mv[base + min(view.letters[self._teams[seat]], LETTERS)] = 1.0

    def _snapshot_specials(self, view: View) -> None:
        """wizard_v1's public facts of the special cards, and the voids (the Juggler's pass clears them)."""
        n = self.players
        rt = self._table.row
        mv = self._mv
        changes = view.bid_changes or (0,) * n  # a game of the 60 (read as wizard_v1) has none
        for seat in range(n):
            base, voids = self._voids_at[seat], view.voids[seat]
            for suit in range(4):
                mv[base + suit] = float(voids >> suit & 1)
            self._voids[seat] = voids
            base, change = rt("bid_changes", seat), changes[seat]
            mv[base] = float(change > 0)
            mv[base + 1] = float(change < 0)
        mv[rt("bombed")] = float(any(winner < 0 for _leader, _cards, winner in view.round_tricks))
        self._move("werewolf", rt("werewolf") + (n if view.werewolf < 0 else view.werewolf))
        turned = view.turned_up
        self._move("turned_up", rt("turned_up") + (self._plane if turned < 0 else _single_v1(turned)))

    def after_apply(self, actor: int, action: int) -> None:
        """Record ``action``, just applied by seat ``actor`` (call it after every successful ``state.apply``)."""
        if self._v1:
            self._after_apply_v1(actor, action)
            return
        state = self._state
        before = self._phase
        if before is _PLAY and action < FIRST_WIZARD and self._trick_len != self._last_position:
            # The commonest action by far: a suited card that does not complete the trick (the general path below
            # does the same). The actor's hand and the suits it lacks (its own rows), its played plane, the trick,
            # the suit to follow or the void shown (both as the core recorded them), the seat on turn.
            mv = self._mv
            hands_at, played_at, lacks_at, voids_at = self._rows[actor]
            hand = self._hands[actor] ^ 1 << action
            self._hands[actor] = hand
            mv[hands_at + action] = 0.0
            mv[played_at + action] = 1.0
            suit = action // RANKS
            if not hand & SUIT_MASKS[suit]:
                mv[lacks_at + suit] = 1.0
            position = self._trick_len
            mv[self._trick + position * CARD_PLANE + action] = 1.0
            self._trick_len = position + 1
            hot = self._hot
            if self.led == NO_SUIT_YET:  # the first suited card sets the suit to follow
                self.led = led = state.led
                mv[hot["led"]] = 0.0
                entry = self._led_at + led + 1
                mv[entry] = 1.0
                hot["led"] = entry
            else:
                voids = state.voids[actor]
                seen = self._voids[actor]
                if voids != seen:  # it did not follow: the suit led, which the core recorded as shown lacking
                    mv[voids_at + (voids ^ seen).bit_length() - 1] = 1.0
                    self._voids[actor] = voids
            self.current = current = state.current_player()
            mv[hot["current"]] = 0.0
            entry = self._current_at + current
            mv[entry] = 1.0
            hot["current"] = entry
            return
        mv = self._mv
        hot = self._hot
        if before is _PLAY:
            # A card: the actor's hand (its own rows) and played plane, the void it shows, the trick. This runs for
            # most actions of a game, hence the inlining.
            hand = self._hands[actor]
            hands_at = self._hands_at[actor]
            if action < FIRST_WIZARD:
                plane = single = action
                hand ^= 1 << action
                mv[hands_at + action] = 0.0
                self._suit_played(mv, state, actor, hand, action // RANKS)
            else:
                # A Wizard or a Jester: the k-th of its kind this seat played is entry k-1 of that kind's thermometer
                # in its played plane; its hand plane loses the top entry of that kind.
                if action == PLAY_WIZARD:
                    kind, group, counts = FIRST_WIZARD, WIZARDS, self._wizards_played
                else:
                    assert action == PLAY_JESTER
                    kind, group, counts = FIRST_JESTER, JESTERS, self._jesters_played
                plane = kind + counts[actor]
                counts[actor] += 1
                single = kind
                top = kind + (hand & group).bit_count() - 1  # k held: entries kind..kind+k-1
                hand ^= 1 << top
                mv[hands_at + top] = 0.0
            self._hands[actor] = hand
            mv[self._played_at[actor] + plane] = 1.0
            position = self._trick_len
            if position != self._last_position:
                mv[self._trick + position * CARD_PLANE + single] = 1.0
                self._trick_len = position + 1
                led = state.led
                if led != self.led:
                    self.led = led
                    entry = self._led_at + led + 1
                    mv[hot["led"]] = 0.0
                    mv[entry] = 1.0
                    hot["led"] = entry
            else:
                trick = self._trick
                mv[trick : self._trick_stop] = self._zeros[trick : self._trick_stop]
                self._trick_len = 0
                self.led = NO_SUIT_YET
                self._move("led", self._led_at)
                winner = state.current_player()
                if winner >= 0:  # else the game is over: the snapshot below reads the tricks won
                    won = self.tricks_won[winner] = self.tricks_won[winner] + 1
                    base = self._won_at[winner]
                    mv[base + won - 1] = 0.0
                    mv[base + won] = 1.0
                    self._move("leader", self._leader_at + winner)
        elif before is _BID:
            bid = action - BID_BASE
            h = self.max_hand
            base = self._bids_own_at[actor]
            mv[base + h + 1] = 0.0
            mv[base + bid] = 1.0
            if not self._hidden_bids:
                base = self._bids_public_at[actor]
                mv[base + h + 1] = 0.0
                mv[base + bid] = 1.0
        elif before is _AUCTION:
            if action == PASS:
                mv[self._table.row("passed") + actor] = 1.0
            else:
                call = action - BID_BASE
                base = self._calls_at[actor]
                mv[base + self.best_calls[actor]] = 0.0
                mv[base + call] = 1.0
                self.best_calls[actor] = call
                self._move("high_bidder", self._table.row("high_bidder") + actor)
        elif before is _PASS_CARDS:
            # A card given: it leaves the giver's hand and joins what it gave (its own rows only).
            hand = self._hands[actor]
            given = self._given_at[actor]
            if action < FIRST_WIZARD:
                top = action
                mv[given + action] = 1.0
            elif action == PLAY_WIZARD:
                top = FIRST_WIZARD + (hand & WIZARDS).bit_count() - 1
                mv[given + FIRST_WIZARD + self._given_wizards[actor]] = 1.0
                self._given_wizards[actor] += 1
            else:
                top = FIRST_JESTER + (hand & JESTERS).bit_count() - 1
                mv[given + FIRST_JESTER + self._given_jesters[actor]] = 1.0
                self._given_jesters[actor] += 1
            self._hands[actor] = hand = hand ^ 1 << top
            mv[self._hands_at[actor] + top] = 0.0
            base = self._lacks_at[actor]
            lacks = _lacks(hand)
            for suit in range(4):
                mv[base + suit] = float(lacks >> suit & 1)
        phase = state.phase
        round_index = state.round_index
        current = state.current_player()
        if phase is before and round_index == self._round:
            self.current = current
            entry = self._current_at + current
            old = hot["current"]
            if old != entry:
                mv[old] = 0.0
                mv[entry] = 1.0
                hot["current"] = entry
            return
        if self.wizard and round_index == self._round:
            # Within a Wizard round: the dealer named trump, or the last bid opened the play (the leader, left of the
            # dealer, is on turn). Nothing else changes; the other transitions read a view.
            self._phase = phase
            self.current = current
            self._move("current", self._current_at + current)
            self._move("phase", self._table.row("phase") + _PHASE_INDEX[phase])
            if phase is not _PLAY:
                self._move("trump_suit", self._table.row("trump_suit") + action - TRUMP_BASE)
            return
        if before is _PASS_CARDS and phase is _PLAY:
            # The exchange: every seat's hand changed; what it received is its hand now less its hand before.
            for seat in range(self.players):
                hand, dealt = state.hand_of(seat), self._deal_hands[seat]
                self._write_hand(seat, hand)
                base = self._received_at[seat]
                bits = _canon(hand & ~dealt)
                while bits:
                    low = bits & -bits
                    mv[base + low.bit_length() - 1] = 1.0
                    bits ^= low
        if round_index != self._round and phase is not _GAME_OVER:
            self._new_deal(state)
        self._phase, self._round = phase, round_index
        self._snapshot(state)

    def _after_apply_v1(self, actor: int, action: int) -> None:
        """``after_apply`` for wizard_v1. The cards, bids and gifts write their entries here; whatever else changes
        (a trick completed, a phase begun or ended: the Werewolf's or the dealer's trump, the Cloud, the pass) re-reads
        the public facts from one view (``_snapshot``): those come a few times a hand."""
        state = self._state
        before = self._phase
        mv = self._mv
        resync = False
        if before is _PLAY:
            hand = self._hands[actor]
            if action < FIRST_WIZARD:
                plane = single = top = action
            elif action == PLAY_WIZARD or action == PLAY_JESTER:
                # The k-th Wizard (Jester) this seat played is entry k-1 of that kind's thermometer in its played
                # plane; its hand plane loses the top entry of that kind.
                if action == PLAY_WIZARD:
                    kind, group, counts = FIRST_WIZARD, WIZARDS, self._wizards_played
                else:
                    kind, group, counts = FIRST_JESTER, JESTERS, self._jesters_played
                plane = kind + counts[actor]
                counts[actor] += 1
                single = kind
                top = kind + (hand & group).bit_count() - 1
            else:  # a special card: its own entry in the hand and played planes, its played form in the trick
                single = action - SPECIAL_ACTION_OFFSET
                plane = top = played_card(single)
            hand ^= 1 << top
            self._hands[actor] = hand
            mv[self._hands_at[actor] + top] = 0.0
            mv[self._played_at[actor] + plane] = 1.0
            if action < FIRST_WIZARD:
                self._suit_played(mv, state, actor, hand, action // RANKS)
            position = self._trick_len
            if position != self._last_position:
                mv[self._trick + position * self._trick_plane + single] = 1.0
                self._trick_len = position + 1
                led = state.led
                if led != self.led:
                    self.led = led
                    self._move("led", self._led_at + led + 1)
            else:  # the trick is complete
                mv[self._trick : self._trick_stop] = self._zeros[self._trick : self._trick_stop]
                self._trick_len = 0
                if state.phase is _PLAY and state.round_index == self._round:
                    # The commonest end of a trick, the play going on: its winner (the trick as the core recorded
                    # it, as ``View.round_tricks`` lists it) takes it, or nobody (the Bomb); who leads next.
                    winner = state.round_tricks[-1][2]
                    if winner >= 0:
                        won = self.tricks_won[winner] = self.tricks_won[winner] + 1
                        base = self._won_at[winner]
                        mv[base + won - 1] = 0.0
                        mv[base + won] = 1.0
                    else:
                        mv[self._bombed_at] = 1.0
                    self.led = NO_SUIT_YET
                    self._move("led", self._led_at)
                    self._move("leader", self._leader_at + state.leader)
                else:  # the Cloud's change or the pass begins, or the hand is over: one view says what follows
                    resync = True
        elif before is _BID:
            self._set_bid(actor, action - BID_BASE)
        elif before is _CLOUD:
            self._set_bid(actor, self._bids[actor] + (1 if action == CLOUD_UP else -1))
        elif before is _JUGGLE:
            # A card given: it leaves the giver's hand and is what it gave (its own rows only). One Juggler, so one
            # pass a round and one card given: the given plane holds a single card.
            hand = self._hands[actor]
            if action < FIRST_WIZARD:
                top = given = action
            elif action == PLAY_WIZARD:
                top, given = FIRST_WIZARD + (hand & WIZARDS).bit_count() - 1, FIRST_WIZARD
            elif action == PLAY_JESTER:
                top, given = FIRST_JESTER + (hand & JESTERS).bit_count() - 1, FIRST_JESTER
            else:
                top = given = action - SPECIAL_ACTION_OFFSET
            mv[self._given_at[actor] + given] = 1.0
            self._hands[actor] = hand = hand ^ 1 << top
            mv[self._hands_at[actor] + top] = 0.0
            base = self._lacks_at[actor]
            lacks = _lacks(hand)
            for suit in range(4):
                mv[base + suit] = float(lacks >> suit & 1)
        phase = state.phase
        round_index = state.round_index
        if not resync and phase is before and round_index == self._round:
            self.current = current = state.current_player()
            self._move("current", self._current_at + current)
            return
        if before is _JUGGLE and phase is not _JUGGLE:
            # The pass is over: every seat's hand changed, and each sees the card it received (its own rows).
            for seat in range(self.players):
                part = state.seat_part(seat)
                self._write_hand(seat, part.hand)
                base = self._received_at[seat]
                mv[base : base + self._plane] = self._zeros[base : base + self._plane]
                if part.received:
                    mv[base + _single_v1((part.received & -part.received).bit_length() - 1)] = 1.0
        if round_index != self._round and phase is not _GAME_OVER:
            self._new_deal(state)
        self._phase, self._round = phase, round_index
        self._snapshot(state)

    def _suit_played(self, mv: memoryview[float], state: TrickGameState, actor: int, hand: int, suit: int) -> None:
        """A suit card of ``actor`` played (``hand``: what it holds now): whether it holds that suit no more, and a
        missing suit the play showed."""
        if not hand & SUIT_MASKS[suit]:
            mv[self._lacks_at[actor] + suit] = 1.0
        voids = state.voids[actor]
        shown = voids & ~self._voids[actor]  # none when this card ended the hand and the next was dealt
        if shown:
            mv[self._voids_at[actor] + shown.bit_length() - 1] = 1.0
            self._voids[actor] = voids

    def _set_bid(self, seat: int, bid: int) -> None:
        """Write ``seat``'s bid (made, or changed by the Cloud) into its own row, and the public one unless bids are
        hidden (the Cloud's change itself is public: ``bid_changes``)."""
        h = self.max_hand
        mv = self._mv
        old = h + 1 if self._bids[seat] < 0 else self._bids[seat]
        self._bids[seat] = bid
        rows = [self._bids_own_at[seat]] if self._hidden_bids else [self._bids_own_at[seat], self._bids_public_at[seat]]
        for base in rows:
            mv[base + old] = 0.0
            mv[base + bid] = 1.0

    # --- the seat side ---------------------------------------------------------------------------------------

    def observe(self, seat: int) -> np.ndarray:
        """Seat ``seat``'s observation vector now, a new array: ``ObservationEncoder.encode(state.view(seat))``."""
        return self._array.take(self._gather[seat])


__all__ = ["TableObserver"]
