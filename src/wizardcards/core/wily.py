"""The Wily Wizards state machine (RULES.md, "Wily Wizards"), built on the trick play shared with Wizard.

What is shared and what is not
------------------------------
``TrickGameState`` (state.py) owns dealing (``_deal``, from the game's seed), playing a card and finishing a trick
(``legal_actions`` and ``_apply_play`` in the ``PLAY`` phase, with ``tricks.trick_winner``), cloning, equality, the
record and the action text. This module adds only what Wily Wizards does differently: the auction, naming trump,
passing cards, team tricks and the letters W-I-Z-A-R-D. The rules of the auction and of the letters are pure
functions (``auction_step``, ``auction_status``, ``letters_awarded``, ``contract_of``) that the state calls, so the
conformance vectors and the state use one source of truth.

Phases of a hand
----------------
1. The dealer deals ``60 // players`` cards to everybody; the undealt cards are the Cauldron (``state.cauldron``),
   which no view ever holds.
2. ``AUCTION``: the player left of the dealer speaks first, then clockwise among those who have not passed; each
   passes (action 59, final for the hand) or bids more than the high bid (60 + tricks, at least 1, at most the hand
   size). One bidder left: the auction is won. Everybody passed: the hand is thrown in (a sheet line with
   ``high_bidder`` -1, no letter changes) and the next dealer deals again.
3. ``NAME_TRUMP``: the high bidder names a suit (54..57), or no trump (58) where ``allow_no_trump`` is set.
4. ``PASS_CARDS`` (skipped under No Partners with ``passing=none``): every player gives three cards, one action per
   card (a card action 0..53). Order: the high bidder gives all three, then the next player clockwise, and so on
   round the table. A given card leaves the hand at once and is remembered in the giver's ``View.given``; after the
   last player has given, all given cards change hands at once and ``View.received`` shows what arrived. Receivers:
   Partners -> the partner opposite; Two Teams -> the next teammate clockwise (seat + 2); No Partners -> the player
   on the left (seat + 1).
5. ``PLAY``: the high bidder leads the first trick; tricks as in Wizard. After the last trick the high bidder's team
   is judged: at least the contract -> it gains a letter, else every other team gains one. A team holding all six
   letters ends the game (several at once share the win); otherwise the next dealer deals.

Results: ``returns()`` gives each seat the number of letters its team holds (0..6), ``winners()`` the seats of the
teams that completed W-I-Z-A-R-D.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from . import actions as A
from .cards import Suit, card_set, cards_to_text
from .phase import IllegalActionError, Phase
from .rules import CARDS_PASSED, Game, Passing, RuleSet, WilyMode
from .state import TrickGameState, card_actions
from .view import View, WilyHandResult

WORD = "WIZARD"
LETTERS_TO_WIN = len(WORD)
PASS_CALL = 0
"""An auction call is the number of tricks bid, or ``PASS_CALL`` (0) for a pass (as in ``WilyHandResult.auction``)."""

NOT_OVER = -1


# --- pure rules ------------------------------------------------------------------------------------------------


def teams_of(mode: WilyMode, players: int) -> tuple[int, ...]:
    """The team of each seat: partners opposite each other, two teams of alternate seats, or a team per seat."""
    if mode is WilyMode.PARTNERS:
        half = players // 2
        return tuple(seat % half for seat in range(players))
    if mode is WilyMode.TWO_TEAMS:
        return tuple(seat % 2 for seat in range(players))
    return tuple(range(players))


def receivers_of(mode: WilyMode, passing: Passing, players: int) -> tuple[int, ...] | None:
    """The seat that receives each seat's three cards, or None when nobody passes (No Partners, passing none)."""
    if mode is WilyMode.PARTNERS:
        half = players // 2
        return tuple((seat + half) % players for seat in range(players))
    if mode is WilyMode.TWO_TEAMS:
        return tuple((seat + 2) % players for seat in range(players))
    if passing is Passing.NONE:
        return None
    return tuple((seat + 1) % players for seat in range(players))


class AuctionStatus(NamedTuple):
    """Where an auction stands: who speaks next with which calls, or how it ended."""

    next_seat: int  # NOT_OVER (-1) once the auction is over
    legal_calls: tuple[int, ...]  # PASS_CALL (0) for a pass, else the tricks; empty once over
    high_bidder: int  # -1: nobody has bid
    high_bid: int  # 0: nobody has bid
    passed: int  # bitmask of the seats that have passed

    @property
    def over(self) -> bool:
        return self.next_seat == NOT_OVER

    @property
    def thrown_in(self) -> bool:
        return self.over and self.high_bidder < 0


def legal_calls(hand_size: int, high_bid: int) -> tuple[int, ...]:
    """A pass, or any bid above the high bid (the first bid at least 1) up to the hand size."""
    return (PASS_CALL, *range(high_bid + 1, hand_size + 1))


def bid_error(hand_size: int, high_bid: int, bid: int) -> str | None:
    """Why ``bid`` tricks may not be bid now, or None when it may."""
    if bid < 1:
        return "a bid is at least 1 trick (pass instead)"
    if bid > hand_size:
        return f"no bid exceeds the hand size: {bid} > {hand_size}"
    if bid <= high_bid:
        return f"a bid must be higher than the high bid {high_bid}, not {bid}"
    return None


def auction_step(players: int, passed: int, high_bidder: int, high_bid: int, speaker: int, call: int) -> AuctionStatus:
    """The auction after ``speaker`` calls ``call`` (known legal). The next speaker is the next seat clockwise that
    has not passed; the auction is over when every seat but the high bidder has passed, or every seat has passed."""
    if call == PASS_CALL:
        passed |= 1 << speaker
    else:
        high_bidder, high_bid = speaker, call
    left = ((1 << players) - 1) & ~passed
    if not left or (high_bidder >= 0 and left == 1 << high_bidder):
        return AuctionStatus(NOT_OVER, (), high_bidder, high_bid, passed)
    seat = (speaker + 1) % players
    while passed >> seat & 1:
        seat = (seat + 1) % players
    return AuctionStatus(seat, (), high_bidder, high_bid, passed)


def auction_status(players: int, dealer: int, hand_size: int, calls: list[int] | tuple[int, ...]) -> AuctionStatus:
    """Where the auction stands after ``calls`` (in speaking order from the dealer's left; ``PASS_CALL`` for a pass).

    Raises ``ValueError`` naming the rule when a call is not legal where it was made.
    """
    status = AuctionStatus((dealer + 1) % players, (), -1, 0, 0)
    for number, call in enumerate(calls):
        if status.over:
            raise ValueError(f"call {number} ({call}): the auction is already over")
        if call != PASS_CALL:
            error = bid_error(hand_size, status.high_bid, call)
            if error:
                raise ValueError(f"call {number} ({call}) by seat {status.next_seat}: {error}")
        status = auction_step(players, status.passed, status.high_bidder, status.high_bid, status.next_seat, call)
    if status.over:
        return status
    return status._replace(legal_calls=legal_calls(hand_size, status.high_bid))


def contract_of(
    combined: bool, teams: tuple[int, ...], high_bidder: int, high_bid: int, best_calls: list[int] | tuple[int, ...]
) -> int:
    """What the high bidder's team must make: the high bid, or under Partners' Bids Combined the sum of each
    teammate's highest call in the auction (0 for a seat that only passed)."""
    if not combined:
        return high_bid
    team = teams[high_bidder]
    return sum(call for seat, call in enumerate(best_calls) if teams[seat] == team)


def letters_awarded(teams: int, bidder_team: int, bid: int, team_tricks: int) -> list[int]:
    """The teams that gain a letter: the bidder's team if its tricks reach the bid, else every other team."""
    if team_tricks >= bid:
        return [bidder_team]
    return [team for team in range(teams) if team != bidder_team]


def letters_text(count: int) -> str:
    return WORD[:count] or "-"


# --- the state machine -----------------------------------------------------------------------------------------

_AUCTION_ACTIONS = tuple(
    tuple(tuple([A.PASS, *range(A.BID_BASE + high + 1, A.BID_BASE + size + 1)]) for high in range(size + 1))
    for size in range(A.MAX_BID + 1)
)
_SUIT_ACTIONS = (A.TRUMP_BASE, A.TRUMP_BASE + 1, A.TRUMP_BASE + 2, A.TRUMP_BASE + 3)
_ALL_TRUMP_ACTIONS = (*_SUIT_ACTIONS, A.NO_TRUMP)


class WilyState(TrickGameState):
    """A game of Wily Wizards. Create it with ``new_game(find_rules("wily"))``, not directly."""

    STATE_FIELDS: ClassVar[tuple[str, ...]] = (
        "num_teams",
        "receivers",
        "auction",
        "passed",
        "high_bidder",
        "high_bid",
        "best_calls",
        "contract",
        "given",
        "received",
        "letters",
        "cauldron",
        "sheet",
    )

    def __init__(self, rules: RuleSet | None = None, seed: int | None = None) -> None:
        super().__init__(rules, seed)
        if rules is None:  # a blank shell for clone()
            return
        if rules.game is not Game.WILY:
            raise ValueError(f"WilyState needs a Wily Wizards rule set, not {rules.game.value}")
        n = self.players
        self.teams = teams_of(rules.mode, n)
        self.num_teams = max(self.teams) + 1
        self.receivers = receivers_of(rules.mode, rules.passing, n)
        self.letters = [0] * self.num_teams
        self.sheet: list[WilyHandResult] = []
        self.round_index = -1
        self._start_hand()

    def _copy_into(self, other: TrickGameState) -> None:
        super()._copy_into(other)
        assert isinstance(other, WilyState)
        other.num_teams = self.num_teams
        other.receivers = self.receivers
        other.auction = self.auction.copy()
        other.passed = self.passed
        other.high_bidder = self.high_bidder
        other.high_bid = self.high_bid
        other.best_calls = self.best_calls.copy()
        other.contract = self.contract
        other.given = self.given.copy()
        other.received = self.received.copy()
        other.letters = self.letters.copy()
        other.cauldron = self.cauldron
        other.sheet = self.sheet.copy()

    # --- hands -----------------------------------------------------------------------------------------------

    def _start_hand(self) -> None:
        n = self.players
        self.round_index += 1
        left = (self.dealer + 1) % n
        self.cauldron = card_set(self._deal(self.rules.hand_sizes[0], left))
        self.trump_card = -1
        self.trump_suit = -1
        self.auction: list[tuple[int, int]] = []
        self.passed = 0
        self.high_bidder = -1
        self.high_bid = 0
        self.best_calls = [0] * n
        self.contract = 0
        self.given = [0] * n
        self.received = [0] * n
        self.phase = Phase.AUCTION
        self.current = self.leader = left

    def _next_dealer(self) -> None:
        self.dealer = (self.dealer + 1) % self.players
        self._start_hand()

    def _end_of_hand(self) -> None:
        team_tricks = [0] * self.num_teams
        for seat, won in enumerate(self.tricks_won):
            team_tricks[self.teams[seat]] += won
        bidder_team = self.teams[self.high_bidder]
        gain = letters_awarded(self.num_teams, bidder_team, self.contract, team_tricks[bidder_team])
        for team in gain:
            self.letters[team] += 1
        self._write_sheet(tuple(team_tricks), tuple(gain))
        if max(self.letters) >= LETTERS_TO_WIN:
            self.phase = Phase.GAME_OVER
            return
        self._next_dealer()

    def _write_sheet(self, team_tricks: tuple[int, ...], gain: tuple[int, ...]) -> None:
        self.sheet.append(
            WilyHandResult(
                dealer=self.dealer,
                auction=tuple(self.auction),
                high_bidder=self.high_bidder,
                bid=self.contract,
                trump_suit=self.trump_suit,
                team_tricks=team_tricks,
                letter_to=gain,
                letters=tuple(self.letters),
            )
        )

    # --- decisions other than playing a card -----------------------------------------------------------------

    def _other_legal_actions(self) -> list[int]:
        phase = self.phase
        if phase is Phase.PASS_CARDS:
            return card_actions(self.hands[self.current])  # any card of the hand may be given
        if phase is Phase.AUCTION:
            return list(_AUCTION_ACTIONS[self.hand_size][self.high_bid])
        if phase is Phase.NAME_TRUMP:
            return list(_ALL_TRUMP_ACTIONS if self.rules.allow_no_trump else _SUIT_ACTIONS)
        return []

    def _apply_other(self, action: int) -> None:
        phase = self.phase
        if phase is Phase.PASS_CARDS:
            self._apply_give(action)
        elif phase is Phase.AUCTION:
            self._apply_call(action)
        elif phase is Phase.NAME_TRUMP:
            self._apply_trump(action)
        else:
            raise IllegalActionError("the game is over: no action is legal")

    def _apply_call(self, action: int) -> None:
        if action == A.PASS:
            call = PASS_CALL
        elif A.BID_BASE <= action < A.NUM_ACTIONS:
            call = action - A.BID_BASE
            error = bid_error(self.hand_size, self.high_bid, call)
            if error:
                raise IllegalActionError(error)
        else:
            raise self._wrong_phase(action, "the auction is on, pass or outbid")
        p = self.current
        status = auction_step(self.players, self.passed, self.high_bidder, self.high_bid, p, call)
        self.auction.append((p, call))
        if call != PASS_CALL:
            self.best_calls[p] = call  # each bid beats the previous high bid, so it is the seat's highest call
        self.passed, self.high_bidder, self.high_bid = status.passed, status.high_bidder, status.high_bid
        if not status.over:
            self.current = status.next_seat
        elif status.high_bidder < 0:
            self._write_sheet((0,) * self.num_teams, ())  # thrown in: nobody bid, no letter changes
            self._next_dealer()
        else:
            self.contract = contract_of(
                self.rules.combined_bids, self.teams, status.high_bidder, status.high_bid, self.best_calls
            )
            self.phase = Phase.NAME_TRUMP
            self.current = status.high_bidder

    def _apply_trump(self, action: int) -> None:
        if A.TRUMP_BASE <= action < A.NO_TRUMP:
            self.trump_suit = action - A.TRUMP_BASE
        elif action == A.NO_TRUMP:
            if not self.rules.allow_no_trump:
                raise IllegalActionError("the high bidder must name a suit: no trump is not allowed by these rules")
            self.trump_suit = -1
        else:
            raise self._wrong_phase(action, "the high bidder must name trump")
        if self.receivers is None:
            self._start_play()
        else:
            self.phase = Phase.PASS_CARDS
            self.current = self.high_bidder

    def _apply_give(self, action: int) -> None:
        p = self.current
        hand = self.hands[p]
        card = self._card_in_hand(action, hand)
        bit = 1 << card
        self.hands[p] = hand ^ bit
        given = self.given[p] | bit
        self.given[p] = given
        if given.bit_count() < CARDS_PASSED:
            return
        nxt = (p + 1) % self.players
        if nxt != self.high_bidder:
            self.current = nxt
            return
        # Everybody has given: all passed cards change hands at once.
        receivers = self.receivers
        assert receivers is not None
        hands, received = self.hands, self.received
        for seat, cards in enumerate(self.given):
            to = receivers[seat]
            hands[to] |= cards
            received[to] = cards
        self._start_play()

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        self.current = self.leader = self.high_bidder

    # --- results ---------------------------------------------------------------------------------------------

    def returns(self) -> list[int]:
        """The letters of each seat's team (0..6); the game is won at 6."""
        letters, teams = self.letters, self.teams
        return [letters[teams[seat]] for seat in range(self.players)]

    def winning_teams(self) -> list[int]:
        """The teams that completed W-I-Z-A-R-D (several share the win); empty until the game is over."""
        if self.phase is not Phase.GAME_OVER:
            return []
        return [team for team, count in enumerate(self.letters) if count >= LETTERS_TO_WIN]

    def winners(self) -> list[int]:
        """The seats of the winning teams once the game is over."""
        won = self.winning_teams()
        return [seat for seat, team in enumerate(self.teams) if team in won]

    def team_tricks(self) -> list[int]:
        out = [0] * self.num_teams
        for seat, won in enumerate(self.tricks_won):
            out[self.teams[seat]] += won
        return out

    def view(self, seat: int) -> View:
        return self._view(
            seat,
            sheet=tuple(self.sheet),
            teams=self.teams,
            auction=tuple(self.auction),
            high_bidder=self.high_bidder,
            high_bid=self.high_bid,
            contract=self.contract,
            letters=tuple(self.letters),
        )

    def _passed_cards(self, seat: int) -> tuple[int, int]:
        # received is set only by the exchange, after everybody has given
        return self.given[seat], self.received[seat]

    # --- text ------------------------------------------------------------------------------------------------

    def _calls_text(self) -> str:
        return " ".join(f"{seat}:{'pass' if call == PASS_CALL else call}" for seat, call in self.auction) or "-"

    def __str__(self) -> str:
        rules = self.rules
        style = rules.rank_style
        if self.phase is Phase.GAME_OVER:
            where = f"game over after {self.round_index + 1} hands"
        else:
            where = f"hand {self.round_index + 1}, {self.hand_size} cards"
        if self.high_bidder < 0:
            contract = "no bid"
        elif self.phase is Phase.AUCTION:
            contract = f"high bid {self.high_bid} by {self.high_bidder}"
        else:
            contract = f"high bid {self.high_bid} by {self.high_bidder}, contract {self.contract}"
        named = self.phase in (Phase.PASS_CARDS, Phase.PLAY) or (
            self.phase is Phase.GAME_OVER and self.high_bidder >= 0
        )
        trump = ("no trump" if self.trump_suit < 0 else Suit(self.trump_suit).title) if named else "not named"
        lines = [
            f"wily {rules.mode.value}, {self.players} players | {where} | dealer {self.dealer}"
            f" | phase {self.phase.value} | turn {self.current_player()}",
            f"auction: {self._calls_text()} | {contract} | trump {trump}",
            "teams: " + " ".join(map(str, self.teams))
            + " | tricks: " + " ".join(map(str, self.tricks_won))
            + " | team tricks: " + " ".join(map(str, self.team_tricks()))
            + " | letters: " + " ".join(letters_text(c) for c in self.letters),
            f"trick led by {self.leader}: {self._trick_text()}",
        ]
        for seat, hand in enumerate(self.hands):
            line = f"  seat {seat}: {cards_to_text(hand, style) or '-'}"
            if self.given[seat]:
                line += f" | gave {cards_to_text(self.given[seat], style)}"
            if self.received[seat]:
                line += f" | got {cards_to_text(self.received[seat], style)}"
            lines.append(line)
        lines.append(f"cauldron: {cards_to_text(self.cauldron, style) or '-'}")
        return "\n".join(lines)

    def score_sheet(self, names: list[str] | None = None) -> str:
        return wily_score_sheet(self.sheet, self.teams, names, self.scorekeeper)


def _letters_cells(letters: tuple[int, ...]) -> str:
    return " ".join(f"{letters_text(c):<6}" for c in letters)


def wily_score_sheet(
    sheet: list[WilyHandResult] | tuple[WilyHandResult, ...],
    teams: tuple[int, ...],
    names: list[str] | None = None,
    scorekeeper: int = 0,
) -> str:
    """The score sheet as text: who keeps score, then a line per hand with the dealer, the auction, the high bidder
    and contract, trump, each team's tricks, who gained a letter, and each team's letters after the hand."""
    names = names or [f"seat {s}" for s in range(len(teams))]
    num_teams = max(teams) + 1
    team_names = [
        "+".join(names[seat] for seat in range(len(teams)) if teams[seat] == team) for team in range(num_teams)
    ]
    lines = [
        f"scorekeeper: {names[scorekeeper]}",
        "teams: " + "; ".join(f"{team}: {name}" for team, name in enumerate(team_names)),
    ]
    header = f"{'hand':>4} {'dealer':>6} {'high':>4} {'bid':>3} {'trump':>5} | {'team tricks':<17} | {'letter to':<9} |"
    lines += [header + f" {'letters':<{7 * num_teams - 1}} | auction", "-" * (len(header) + 7 * num_teams + 20)]
    for number, row in enumerate(sheet, 1):
        calls = " ".join(f"{seat}:{'p' if call == PASS_CALL else call}" for seat, call in row.auction)
        if row.high_bidder < 0:
            lines.append(f"{number:>4} {row.dealer:>6} {'-':>4} {'-':>3} {'-':>5} | {'thrown in':<17} | {'-':<9} |"
                         f" {_letters_cells(row.letters)} | {calls}")
            continue
        trump = "-" if row.trump_suit < 0 else "CDHS"[row.trump_suit]
        tricks = " ".join(map(str, row.team_tricks))
        gain = ",".join(map(str, row.letter_to))
        letters = _letters_cells(row.letters)
        lines.append(
            f"{number:>4} {row.dealer:>6} {row.high_bidder:>4} {row.bid:>3} {trump:>5} | {tricks:<17} | {gain:<9} |"
            f" {letters} | {calls}"
        )
    return "\n".join(lines)


__all__ = [
    "LETTERS_TO_WIN",
    "PASS_CALL",
    "WORD",
    "AuctionStatus",
    "WilyState",
    "auction_status",
    "auction_step",
    "bid_error",
    "contract_of",
    "legal_calls",
    "letters_awarded",
    "receivers_of",
    "teams_of",
    "wily_score_sheet",
]
