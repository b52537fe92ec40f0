"""The Wily Wizards heuristic of the auction and the card passing: what ``rulebased`` calls, and the model of the
other seats' calls that ``search`` uses (for inference and for the rest of the auction).

Team estimate
-------------
A seat that names trump ``t`` holds cards worth ``v = rulebased.hand_value(hand, t, players)`` (the heuristic's
estimate of the tricks they take). What its team takes as the high bidder also depends on the partners' cards (not
seen, so their expected help) and on the passing to come (partners pass the bidder their best cards). Both are read
from the table of ``ESTIMATES``: the team's tricks are ``A + B * v`` with a spread (standard deviation) ``S``,
fitted for every table by least squares on heuristic hands (``fit_estimate``: the first seat bids, names its trump
by ``longest_strong_suit``, every seat passes by ``gift_card``, the hand is played out by the rule-based heuristic
of ``rollout.py``). ``python -m wizardcards.bots.wily_bidding`` refits the table (a few seconds compiled) and prints
it; ``tests/bots/test_wily_bidding.py`` checks that a refit stays close to it.

The limit of a hand, the highest contract it would play, is ``floor(A + B * v + 1/2 - RISK * S)`` under its trump
(the longest strong suit): a contract at the estimate or a little below it, made a bit more often than not.

Auction (``auction_call``)
---------------------------
The contract a bid leads to is the core's (``wily.contract_of``: the bid, or the partners' sum under combined
bids). On turn, with the legal bids as the core lists them:

* nobody has bid: open at the limit (a jump straight to what the hand is worth) when it is more than the team's
  even share of the tricks (``opening_least``: 8 of 15 for partners at 4, 3 of 12 alone at 5), else pass;
* an opponent holds the high bid: raise by the least legal bid while its contract is within the limit, else pass;
* a partner holds it: raise (by the least bid) only when the limit is at least ``CLEAR`` (2) above the contract the
  team has now, i.e. when the hand promises clearly more than the partner's bid; else pass and leave the partner
  the contract.

Trump: the longest strong suit (``rulebased.longest_strong_suit``).

Card passing (``gift_card``)
----------------------------
One card at a time (the core asks three times). Giving to a teammate who is the high bidder: the card of the highest
value under the trump (Wizards and top trumps first: the bidder gathers the team's winners). Giving to anybody else
(the bidder giving to a partner, a defender, a player on the left under No Partners): a card of the shortest side
suit (not trump), the lowest of it, so that the hand becomes void and can ruff; Wizards and trumps are kept (the
lowest-valued card when nothing else is left). On heuristic hands this adds about 0.7 tricks per hand to a 4-player
bidder's team over giving the lowest cards.

Model of the calls (``CallModel``)
-----------------------------------
``search`` reads the calls made so far as this heuristic would make them, softened: a seat bids a contract ``c``
with probability ``sigmoid((limit_s - c) / S)`` (``limit_s`` the continuous limit ``A + B * v + 1/2 - RISK * S``
of its dealt hand; over a partner ``c`` is at least the team's contract plus ``CLEAR``, an opening at least
``opening_least``) and passes with the complement (for the least bid it could have made), mixed with ``FLOOR``
of an even chance, so that a player bidding unlike the model makes the weights flatter but never rules a hand
out.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Sequence
from functools import cache
from typing import Final

from ..core import actions as A
from ..core.cards import FIRST_JESTER, FIRST_WIZARD, JESTERS, RANKS, WIZARDS
from ..core.rules import CARDS_PASSED, Game, Passing, RuleSet, WilyMode
from ..core.view import View
from ..core.wily import PASS_CALL, auction_status, auction_step, contract_of, legal_calls, receivers_of, teams_of
from .rollout import KEYS, playout
from .rulebased import card_values, hand_value, longest_strong_suit

RISK: Final = 0.25
"""The limit sits this many spreads below the team estimate (plus the half trick of rounding)."""
CLEAR: Final = 2
"""A hand outbids its partner only when its limit is this far above the team's contract."""
FLOOR: Final = 0.05
"""The model of the calls gives every call at least this share of an even chance."""

ESTIMATES: Final[dict[tuple[str, int, bool], tuple[float, float, float]]] = {
    # (mode, players, cards passed): (A, B, S), fitted by fit_estimate over 4,000 deals (seed 1)
    ("partners", 4, True): (4.088, 0.952, 1.506),
    ("partners", 6, True): (2.268, 1.039, 1.313),
    ("two_teams", 6, True): (3.977, 0.835, 1.448),
    ("no_partners", 3, True): (-2.575, 1.227, 1.446),
    ("no_partners", 4, True): (-1.931, 1.258, 1.17),
    ("no_partners", 5, True): (-1.422, 1.269, 0.994),
    ("no_partners", 6, True): (-0.83, 1.206, 0.915),
    ("no_partners", 7, True): (-0.474, 1.113, 0.747),
    ("no_partners", 3, False): (-3.09, 1.331, 1.326),
    ("no_partners", 4, False): (-2.211, 1.333, 1.114),
    ("no_partners", 5, False): (-1.407, 1.276, 1.01),
    ("no_partners", 6, False): (-0.926, 1.243, 0.894),
    ("no_partners", 7, False): (-0.636, 1.228, 0.763),
}
"""The team estimate of each table: team tricks = A + B * hand value, spread S (module docstring)."""


def table_key(rules: RuleSet) -> tuple[str, int, bool]:
    """The key of ``ESTIMATES`` for a rule set: the mode, the players and whether cards are passed."""
    return (rules.mode.value, rules.players, receivers_of(rules.mode, rules.passing, rules.players) is not None)


def estimate_constants(rules: RuleSet) -> tuple[float, float, float]:
    """(A, B, S) for the table of ``rules``: from ``ESTIMATES``, or fitted on the spot (and kept) for a table the
    table does not list."""
    key = table_key(rules)
    found = ESTIMATES.get(key)
    if found is None:
        found = ESTIMATES[key] = fit_estimate(rules, 1_000, 1)
    return found


def team_estimate(hand: int, trump: int, rules: RuleSet) -> float:
    """The tricks the team of a seat holding ``hand`` is expected to take as high bidder naming ``trump``."""
    a, b, _ = estimate_constants(rules)
    return a + b * hand_value(hand, trump, rules.players)


@cache
def _suit_tables(players: int) -> tuple[list[float], list[float], float, float, list[tuple[int, float]]]:
    """For every 13-bit pattern of ranks held in one suit: its value as the trump suit and as a side suit (a suit
    trump), then the value of a Wizard and of a Jester, all under a suit trump at a table of ``players``
    (``rulebased.card_values``: a card's value depends only on its rank and whether its suit is trump), and the
    key ``longest_strong_suit`` ranks a suit by (its length, its value as trump to 9 decimals)."""
    values = card_values(0, players)
    trump_tab = [0.0] * 8192
    side_tab = [0.0] * 8192
    for m in range(1, 8192):
        rank = (m & -m).bit_length() - 1
        trump_tab[m] = trump_tab[m & (m - 1)] + values[rank]
        side_tab[m] = side_tab[m & (m - 1)] + values[RANKS + rank]
    keys = [(m.bit_count(), round(trump_tab[m], 9)) for m in range(8192)]
    return trump_tab, side_tab, values[FIRST_WIZARD], values[FIRST_JESTER], keys


def named_trump_value(hand: int, players: int) -> tuple[int, float]:
    """The suit the heuristic names (``rulebased.longest_strong_suit``) and ``rulebased.hand_value`` of the hand
    under it, read from per-suit tables (the same sums, in another order)."""
    trump_tab, side_tab, wizard, jester, keys = _suit_tables(players)
    side = 0.0
    best = -1
    best_key = (-1, -1.0)
    for suit in range(4):
        ranks = (hand >> (RANKS * suit)) & 8191
        side += side_tab[ranks]
        key = keys[ranks]
        if key > best_key:  # ties keep the lower suit, as longest_strong_suit does
            best, best_key = suit, key
    ranks = (hand >> (RANKS * best)) & 8191
    value = side - side_tab[ranks] + trump_tab[ranks]
    return best, value + wizard * (hand & WIZARDS).bit_count() + jester * (hand & JESTERS).bit_count()


def soft_limit(hand: int, rules: RuleSet) -> float:
    """The limit before rounding down: ``A + B * v + 1/2 - RISK * S`` under the hand's longest strong suit."""
    return soft_limits([hand], rules)[0]


def soft_limits(hands: Sequence[int], rules: RuleSet) -> list[float]:
    """``soft_limit`` of each hand."""
    a, b, s = estimate_constants(rules)
    players = rules.players
    base = a + 0.5 - RISK * s
    return [base + b * named_trump_value(hand, players)[1] for hand in hands]


def limit(hand: int, rules: RuleSet) -> int:
    """The highest contract the heuristic plays with ``hand`` (0: none), at most the hand size."""
    return max(0, min(rules.hand_sizes[0], math.floor(soft_limit(hand, rules))))


# --- the auction ------------------------------------------------------------------------------------------------


def best_calls(view: View) -> list[int]:
    """Each seat's highest call in the auction so far (0: none)."""
    best = [0] * view.players
    for seat, call in view.auction:
        best[seat] = max(best[seat], call)
    return best


def contract_after(rules: RuleSet, teams: Sequence[int], seat: int, bid: int, best: Sequence[int]) -> int:
    """The contract of ``seat``'s team if ``seat`` bids ``bid`` and wins the auction (the core's ``contract_of``)."""
    calls = list(best)
    calls[seat] = max(calls[seat], bid)
    return contract_of(rules.combined_bids, tuple(teams), seat, bid, calls)


def opening_least(teams: Sequence[int], seat: int, hand_size: int) -> int:
    """The least limit that opens the auction: more than the team's even share of the tricks."""
    return math.floor(hand_size * teams.count(teams[seat]) / len(teams)) + 1


def choose_call(
    limit_value: float, seat: int, teams: Sequence[int], holder: int, team_contract: int, bids: Sequence[int],
    contracts: Sequence[int],
) -> int:
    """The heuristic's call (a number of tricks, ``PASS_CALL`` for a pass) for a seat of limit ``limit_value``,
    given the high bidder ``holder`` (-1: none), the contract its team holds now, the legal ``bids`` (ascending)
    and the contract each would lead to."""
    if not bids:
        return PASS_CALL
    if holder < 0:
        if limit_value < opening_least(teams, seat, bids[-1]):
            return PASS_CALL
        fitting = [b for b, c in zip(bids, contracts) if c <= limit_value]
        return fitting[-1] if fitting else PASS_CALL
    if teams[holder] == teams[seat] and limit_value < team_contract + CLEAR:
        return PASS_CALL
    return bids[0] if contracts[0] <= limit_value else PASS_CALL


def auction_call(view: View) -> int:
    """The heuristic's auction action for ``view`` (module docstring). Handed a subset of the legal actions (a
    referee's restriction), the call chosen if offered, else a pass if offered, else the lowest bid offered."""
    legal = view.legal_actions
    best = best_calls(view)
    me, rules, teams = view.seat, view.rules, view.teams
    bids = [b for b in legal_calls(view.hand_size, view.high_bid) if b != PASS_CALL]
    holder = view.high_bidder
    now = contract_after(rules, teams, holder, view.high_bid, best) if holder >= 0 else 0  # view.contract: 0 yet
    call = choose_call(limit(view.hand, rules), me, teams, holder, now, bids,
                       [contract_after(rules, teams, me, b, best) for b in bids])
    action = A.PASS if call == PASS_CALL else A.BID_BASE + call
    if action in legal:
        return action
    return A.PASS if A.PASS in legal else min(legal)


def finish_auction(
    rules: RuleSet, dealer: int, calls: Sequence[int], limits: Sequence[float],
) -> tuple[int, int, list[int]]:
    """Play the auction on from ``calls`` (the calls so far, in speaking order) to its end, every seat calling as
    ``choose_call`` with its limit, by the core's ``auction_step``; return (high bidder or -1 when thrown in, the
    contract, every seat's highest call)."""
    n = rules.players
    teams = teams_of(rules.mode, n)
    size = rules.hand_sizes[0]
    status = auction_status(n, dealer, size, [])
    best = [0] * n
    for call in calls:
        seat = status.next_seat
        best[seat] = max(best[seat], call)
        status = auction_step(n, status.passed, status.high_bidder, status.high_bid, seat, call)
    combined = rules.combined_bids
    while not status.over:
        seat = status.next_seat
        holder = status.high_bidder
        bids = list(range(status.high_bid + 1, size + 1))  # the bids of legal_calls(size, high bid)
        if combined:
            now = contract_after(rules, teams, holder, status.high_bid, best) if holder >= 0 else 0
            contracts = [contract_after(rules, teams, seat, b, best) for b in bids]
        else:  # the contract is the bid (contract_of)
            now, contracts = status.high_bid, bids
        call = choose_call(limits[seat], seat, teams, holder, now, bids, contracts)
        best[seat] = max(best[seat], call)
        status = auction_step(n, status.passed, status.high_bidder, status.high_bid, seat, call)
    if status.high_bidder < 0:
        return -1, 0, best
    return status.high_bidder, contract_after(rules, teams, status.high_bidder, status.high_bid, best), best


class CallModel:
    """The model of the calls made so far (module docstring), read once per decision: for each call of a seat
    but ``skip``, what contract it shows or denies; ``weight`` then scores a deal by its seats' limits."""

    __slots__ = ("terms", "spread")

    def __init__(self, rules: RuleSet, dealer: int, calls: Sequence[tuple[int, int]], skip: int) -> None:
        n = rules.players
        teams = teams_of(rules.mode, n)
        size = rules.hand_sizes[0]
        self.spread = estimate_constants(rules)[2]
        self.terms: list[tuple[int, float, bool]] = []  # (seat, contract shown or denied, whether a bid)
        status = auction_status(n, dealer, size, [])
        best = [0] * n
        for seat, call in calls:
            holder = status.high_bidder
            if seat != skip and status.high_bid < size:
                least = status.high_bid + 1
                need = contract_after(rules, teams, seat, call if call != PASS_CALL else least, best)
                if holder >= 0 and teams[holder] == teams[seat]:
                    need = max(need, contract_after(rules, teams, holder, status.high_bid, best) + CLEAR)
                elif holder < 0:
                    need = max(need, opening_least(teams, seat, size))
                self.terms.append((seat, float(need), call != PASS_CALL))
            best[seat] = max(best[seat], call)
            status = auction_step(n, status.passed, status.high_bidder, status.high_bid, seat, call)

    def weight(self, limits: Sequence[float]) -> float:
        """The likelihood of the calls given each seat's continuous limit (``soft_limit`` of its dealt hand)."""
        weight = 1.0
        spread = self.spread
        for seat, need, bid in self.terms:
            bids = _sigmoid((limits[seat] - need) / spread)
            weight *= FLOOR / 2 + (1 - FLOOR) * (bids if bid else 1.0 - bids)
        return weight


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


# --- card passing -----------------------------------------------------------------------------------------------


def gift_card(hand: int, trump: int, to_bidder: bool) -> int:
    """The card the heuristic gives from ``hand`` (module docstring): its best to a teammate who is the high
    bidder, else the lowest card of its shortest side suit. Cards are ranked as the rule-based bot ranks them
    (``rollout.KEYS``: by value under the trump, then by action id)."""
    keys = KEYS[trump + 1]
    best = -1
    best_key = -1 if to_bidder else 1 << 40
    lengths = [(hand >> (RANKS * suit) & 8191).bit_count() for suit in range(4)]
    m = hand
    while m:
        low = m & -m
        m ^= low
        card = low.bit_length() - 1
        if to_bidder:
            if keys[card] > best_key:
                best, best_key = card, keys[card]
            continue
        suit = card // RANKS
        key = keys[card] + ((99 if card >= FIRST_WIZARD or suit == trump else lengths[suit]) << 32)
        if key < best_key:
            best, best_key = card, key
    return best


def gives_to_bidder(rules: RuleSet, seat: int, bidder: int) -> bool:
    """Whether ``seat``'s three cards go to a teammate who is the high bidder (the core's receivers and teams)."""
    receivers = receivers_of(rules.mode, rules.passing, rules.players)
    if receivers is None or receivers[seat] != bidder or seat == bidder:
        return False
    teams = teams_of(rules.mode, rules.players)
    return teams[seat] == teams[bidder]


def pass_action(view: View) -> int:
    """The heuristic's passing action for ``view``, among the legal actions offered."""
    card = gift_card(view.hand, view.trump_suit, gives_to_bidder(view.rules, view.seat, view.high_bidder))
    action = A.card_action(card)
    if action in view.legal_actions:
        return action
    values = card_values(view.trump_suit, view.players)
    return min(view.legal_actions, key=lambda a: (values[A.card_of_action(a, view.hand)], a))


def exchange(rules: RuleSet, hands: list[int], given: list[int], first: int, bidder: int, trump: int) -> list[int]:
    """The hands after the passing: every seat from ``first`` round to the bidder completes its three cards by
    ``gift_card`` (``given`` holds what each has given so far), then all given cards change hands (the core's
    receivers). ``hands`` are the hands without the cards given so far; returns new hands."""
    n = rules.players
    receivers = receivers_of(rules.mode, rules.passing, n)
    hands = hands.copy()
    if receivers is None:
        return hands
    given = given.copy()
    seat = first
    while True:
        to_bidder = gives_to_bidder(rules, seat, bidder)
        while given[seat].bit_count() < CARDS_PASSED:
            card = gift_card(hands[seat], trump, to_bidder)
            hands[seat] ^= 1 << card
            given[seat] |= 1 << card
        seat = (seat + 1) % n
        if seat == bidder:
            break
    for seat, cards in enumerate(given):
        hands[receivers[seat]] |= cards
    return hands


# --- the fit of ESTIMATES ---------------------------------------------------------------------------------------


def fit_estimate(rules: RuleSet, deals: int, seed: int) -> tuple[float, float, float]:
    """Least squares of the bidder's team tricks on its hand value over ``deals`` heuristic deals (module
    docstring): (A, B, S)."""
    n = rules.players
    teams = list(teams_of(rules.mode, n))
    size = rules.hand_sizes[0]
    rng = random.Random(seed)
    xs: list[float] = []
    ys: list[float] = []
    guess = (size * teams.count(0) / n + 1.0, 1.0)
    for rounds in range(2):
        xs.clear()
        ys.clear()
        for _ in range(deals):
            deck = list(range(60))
            rng.shuffle(deck)
            hands = [sum(1 << c for c in deck[s * size:(s + 1) * size]) for s in range(n)]
            bidder = rng.randrange(n)
            trump = longest_strong_suit(hands[bidder], n)
            v = hand_value(hands[bidder], trump, n)
            contract = max(1, min(size, round(guess[0] + guess[1] * v) if rounds else round(guess[0])))
            after = exchange(rules, hands, [0] * n, bidder, bidder, trump)
            won = playout(after, [], bidder, -1, [0] * n, trump, rules.lead_rule, teams=teams,
                          bidder_team=teams[bidder], contract=contract)
            xs.append(v)
            ys.append(float(sum(w for s, w in enumerate(won) if teams[s] == teams[bidder])))
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        sxx = sum((x - mx) ** 2 for x in xs)
        b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx
        guess = (my - b * mx, b)
    a, b = guess
    spread = math.sqrt(sum((y - a - b * x) ** 2 for x, y in zip(xs, ys)) / (len(xs) - 2))
    return round(a, 3), round(b, 3), round(spread, 3)


def all_tables() -> list[RuleSet]:
    """Every Wily Wizards table the rules allow, one per key of ``ESTIMATES``."""
    out = [RuleSet(game=Game.WILY, players=p) for p in (4, 6)]
    out.append(RuleSet(game=Game.WILY, players=6, mode=WilyMode.TWO_TEAMS))
    for passing in (Passing.LEFT, Passing.NONE):
        out += [RuleSet(game=Game.WILY, players=p, mode=WilyMode.NO_PARTNERS, passing=passing) for p in range(3, 8)]
    return out


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 4_000
    for rules in all_tables():
        print(f"    {table_key(rules)!r}: {fit_estimate(rules, deals, 1)!r},")


if __name__ == "__main__":
    main()
