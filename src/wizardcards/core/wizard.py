"""The Wizard state machine (RULES.md, "Wizard").

Phases of one round: the deal happens inside ``apply`` (from the game's seed); if a Wizard is turned up the dealer
names trump (``CHOOSE_TRUMP``); every player bids once, starting left of the dealer (``BID``); the player left of the
dealer leads the first trick (``PLAY``); after the last trick the round is scored and the next dealer deals, until
the schedule of hand sizes is done (``GAME_OVER``). Actions are those of ``actions.py``.
"""

from __future__ import annotations

from typing import ClassVar, Final

from . import actions as A
from .cards import BOMB, DRAGON, FAIRY, FIRST_JESTER, FIRST_WIZARD, RANKS, Suit, card_to_text
from .phase import IllegalActionError, Phase
from .rules import BidRule, Game, RuleSet, WizardTurned
from .state import TrickGameState
from .view import RoundResult, View

_BID_ACTIONS: Final = tuple(tuple(range(A.BID_BASE, A.BID_BASE + h + 1)) for h in range(A.MAX_BID + 1))
_BID: Final = Phase.BID
_CHOOSE_TRUMP: Final = Phase.CHOOSE_TRUMP
_TRUMP_ACTIONS: Final[tuple[int, ...]] = (A.TRUMP_BASE, A.TRUMP_BASE + 1, A.TRUMP_BASE + 2, A.TRUMP_BASE + 3)


def round_score(bid: int, tricks: int) -> int:
    """RULES.md "Scoring": exactly the bid scores 20 + 10 per trick; otherwise -10 per trick of difference."""
    return 20 + 10 * tricks if bid == tricks else -10 * abs(bid - tricks)


def winners_of(totals: list[int] | tuple[int, ...]) -> list[int]:
    """RULES.md "Scoring": after the last round the highest total wins; equal totals share the win."""
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


def total_bounds(hand_sizes: tuple[int, ...]) -> tuple[int, int]:
    """The lowest and highest total a game of these hand sizes allows: every round missed by the whole hand, or
    every round bid and made with every trick."""
    return sum(round_score(0, h) for h in hand_sizes), sum(round_score(h, h) for h in hand_sizes)


def dealer_forbidden_bid(hand_size: int, other_bids: list[int], rule: BidRule, dealer_leads_alone: bool) -> int | None:
    """The one bid the dealer (bidding last) may not make, or None when every bid 0..hand_size is allowed.

    Hook rule: the bids may not add up to the hand size. Canadian rule: the same, only while the dealer leads the
    score alone, and a bid of 0 is then always allowed.
    """
    if rule is BidRule.NONE or (rule is BidRule.CANADIAN and not dealer_leads_alone):
        return None
    forbidden = hand_size - sum(other_bids)
    if not 0 <= forbidden <= hand_size or (rule is BidRule.CANADIAN and forbidden == 0):
        return None
    return forbidden


class WizardState(TrickGameState):
    STATE_FIELDS: ClassVar[tuple[str, ...]] = ("bids", "scores", "sheet")

    def __init__(self, rules: RuleSet | None = None, seed: int | None = None) -> None:
        super().__init__(rules, seed)
        if rules is None:
            return
        if rules.game is not Game.WIZARD:
            raise ValueError(f"WizardState needs a Wizard rule set, not {rules.game.value}")
        n = self.players
        self.bids = [-1] * n
        self.scores = [0] * n
        self.sheet: list[RoundResult] = []
        self._start_round()

    def _copy_into(self, other: TrickGameState) -> None:
        super()._copy_into(other)
        assert isinstance(other, WizardState)
        other.bids = self.bids.copy()
        other.scores = self.scores.copy()
        other.sheet = self.sheet.copy()

    # --- rounds ----------------------------------------------------------------------------------------------

    def _start_round(self) -> None:
        rules = self.rules
        n = self.players
        left = (self.dealer + 1) % n
        rest = self._deal(rules.hand_sizes[self.round_index], left)
        self.bids = [-1] * n
        last = self.round_index == len(rules.hand_sizes) - 1
        self.trump_card = -1 if not rest or (last and rules.last_hand_no_trump) else rest[0]
        card = self.trump_card
        self.leader = left
        if 0 <= card < FIRST_WIZARD:
            self.trump_suit = card // RANKS
        elif FIRST_WIZARD <= card < FIRST_JESTER:
            turned = rules.wizard_turned
            if turned is WizardTurned.DEALER_CHOOSES:
                self.trump_suit = -1
                self.phase = Phase.CHOOSE_TRUMP
                self.current = self.dealer
                return
            self.trump_suit = self._deals.random_suit(self.deal_index - 1) if turned is WizardTurned.RANDOM_SUIT else -1
        else:
            self.trump_suit = -1
        self.phase = Phase.BID
        self.current = left

    def _end_of_hand(self) -> None:
        bids, tricks, scores = self.bids, self.tricks_won, self.scores
        points = []
        for seat in range(self.players):
            score = round_score(bids[seat], tricks[seat])
            points.append(score)
            scores[seat] += score
        self.sheet.append(
            RoundResult(
                self.hand_size, self.dealer, self.trump_card, self.trump_suit,
                tuple(bids), tuple(tricks), tuple(points), tuple(scores),
            )
        )
        self.round_index += 1
        if self.round_index == len(self.rules.hand_sizes):
            self.phase = Phase.GAME_OVER
            return
        self.dealer = (self.dealer + 1) % self.players
        self._start_round()

    # --- decisions other than playing a card -----------------------------------------------------------------

    def _other_legal_actions(self) -> list[int]:
        phase = self.phase
        if phase is _BID:
            return self._legal_bids()
        if phase is _CHOOSE_TRUMP:
            return list(_TRUMP_ACTIONS)
        return []

    def _apply_other(self, action: int) -> None:
        phase = self.phase
        if phase is _BID:
            self._apply_bid(action)
        elif phase is _CHOOSE_TRUMP:
            self._apply_trump_choice(action)
        else:
            raise IllegalActionError("the game is over: no action is legal")

    def _legal_bids(self) -> list[int]:
        """BID: 0..hand size, less the one bid the hook or Canadian rule may forbid the dealer."""
        legal = list(_BID_ACTIONS[self.hand_size])
        forbidden = self._forbidden_bid()
        if forbidden is not None:
            legal.remove(A.BID_BASE + forbidden)
        return legal

    def _forbidden_bid(self) -> int | None:
        if self.current != self.dealer or self.rules.bid_rule is BidRule.NONE:
            return None
        dealer = self.dealer
        others = [b for seat, b in enumerate(self.bids) if seat != dealer]
        best_other = max(s for seat, s in enumerate(self.scores) if seat != dealer)
        return dealer_forbidden_bid(self.hand_size, others, self.rules.bid_rule, self.scores[dealer] > best_other)

    def _apply_trump_choice(self, action: int) -> None:
        """CHOOSE_TRUMP: a Wizard was turned up and the dealer names a suit; then the bidding starts."""
        if not A.TRUMP_BASE <= action < A.NO_TRUMP:
            raise self._wrong_phase(action, "the dealer must name a suit as trump (a Wizard was turned up)")
        self.trump_suit = action - A.TRUMP_BASE
        self.phase = _BID
        self.current = (self.dealer + 1) % self.players

    def _apply_bid(self, action: int) -> None:
        """BID: each player bids once, clockwise from the dealer's left; after the dealer the play starts."""
        bid = action - A.BID_BASE
        if not A.BID_BASE <= action < A.NUM_ACTIONS:
            raise self._wrong_phase(action, "every player must bid first")
        if bid > self.hand_size:
            raise IllegalActionError(f"a bid is 0..{self.hand_size} tricks in a hand of {self.hand_size}, not {bid}")
        if bid == self._forbidden_bid():
            raise IllegalActionError(
                f"{self.rules.bid_rule.value} rule: the dealer may not bid {bid}, "
                f"which would make the bids add up to {self.hand_size}"
            )
        n = self.players
        p = self.current
        self.bids[p] = bid
        if p == self.dealer:
            self.phase = Phase.PLAY
            self.current = self.leader = (self.dealer + 1) % n
        else:
            self.current = (p + 1) % n

    # --- results ---------------------------------------------------------------------------------------------

    def returns(self) -> list[int]:
        """The scores so far; the final scores once the game is over."""
        return list(self.scores)

    def winners(self) -> list[int]:
        """The seats with the highest total once the game is over (equal totals share the win)."""
        if self.phase is not Phase.GAME_OVER:
            return []
        return winners_of(self.scores)

    def view(self, seat: int) -> View:
        return self._view(seat, scores=tuple(self.scores), sheet=tuple(self.sheet))

    def _visible_bids(self, seat: int) -> tuple[int | None, ...]:
        """Bids made so far; under hidden bids the others' stay hidden until the round has been played."""
        hidden = self.rules.hidden_bids
        return tuple(None if b < 0 or (hidden and s != seat) else b for s, b in enumerate(self.bids))

    # --- text ------------------------------------------------------------------------------------------------

    def __str__(self) -> str:
        rules = self.rules
        round_text = (
            f"game over after {rules.rounds} rounds"
            if self.phase is Phase.GAME_OVER
            else f"round {self.round_index + 1}/{rules.rounds}, {self.hand_size} cards"
        )
        lines = [
            f"wizard, {self.players} players | {round_text} | dealer {self.dealer} | phase {self.phase.value}"
            f" | turn {self.current_player()}",
            self._trump_text(),
            "bids: " + " ".join("-" if b < 0 else str(b) for b in self.bids)
            + " | tricks: " + " ".join(map(str, self.tricks_won))
            + " | scores: " + " ".join(map(str, self.scores)),
            f"trick led by {self.leader}: {self._trick_text()}",
            *self._hands_text(),
        ]
        return "\n".join(lines)

    def score_sheet(self, names: list[str] | None = None) -> str:
        return wizard_score_sheet(self.sheet, self.players, names, self.scorekeeper)


def wizard_score_sheet(
    sheet: list[RoundResult] | tuple[RoundResult, ...], players: int, names: list[str] | None, scorekeeper: int,
    bid_changes: list[tuple[int, ...]] | tuple[tuple[int, ...], ...] | None = None,
) -> str:
    """The score sheet as text, like the table in the official rules: who keeps score, then a row per round, per
    player the bid, the tricks made, the round's score and the running total.

    With the special cards (``bid_changes``: the Cloud's change of each seat's bid, per row; docs/rules.md) a bid the
    Cloud changed shows as made and as changed (``0>1``: the second is the one scored), a column ``none`` counts the
    tricks won by nobody (the Bomb's: a round's tricks then add up to less than its cards), and a line under the
    scorekeeper's says so.
    Without them the sheet is the 60-card game's, unchanged."""
    names = names or [f"seat {s}" for s in range(players)]
    special = bid_changes is not None
    cell = 20 if special else 18
    bid_width = 5 if special else 3
    lead = f"{'round':>5} {'cards':>5} {'trump':>6}" + (f" {'none':>4}" if special else "")
    blank = " " * len(lead)
    header = f"{lead} | " + " | ".join(f"{name[:cell]:^{cell}}" for name in names)
    sub = f"{blank} | " + " | ".join(f"{'bid':>{bid_width}} {'won':>3} {'pts':>4} {'total':>5}" for _ in names)
    lines = [f"scorekeeper: {names[scorekeeper]}"]
    if special:
        lines.append("bid 0>1: as made > as the Cloud changed it (scored); none: tricks won by nobody (the Bomb)")
    lines += [header, sub, "-" * len(sub)]
    for number, result in enumerate(sheet, 1):
        trump = "-" if result.trump_suit < 0 else Suit(result.trump_suit).letter.upper()
        if FIRST_WIZARD <= result.trump_card < FIRST_JESTER:
            trump = f"W>{trump}"
        elif result.trump_card >= DRAGON:  # a special card turned up, or the Werewolf swapped in (docs/rules.md)
            trump = card_to_text(result.trump_card) + ("" if result.trump_card in (FAIRY, BOMB) else f">{trump}")
        elif result.trump_card >= FIRST_JESTER:
            trump = "Jes"
        changes = bid_changes[number - 1] if bid_changes is not None and number <= len(bid_changes) else (0,) * players
        bid_texts = [f"{b - c}>{b}" if c else str(b) for b, c in zip(result.bids, changes)]
        cells = " | ".join(
            f"{b:>{bid_width}} {t:>3} {p:>4} {total:>5}"
            for b, t, p, total in zip(bid_texts, result.tricks, result.points, result.totals)
        )
        row = f"{number:>5} {result.hand_size:>5} {trump:>6}"
        if special:
            row += f" {result.hand_size - sum(result.tricks):>4}"
        lines.append(f"{row} | {cells}")
    return "\n".join(lines)
