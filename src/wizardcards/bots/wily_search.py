"""The Wily Wizards decisions of ``search``: the auction, trump, the card passing and the play, each valued as the
chance that this seat's team gains the hand's letter (it makes its contract, or breaks the other team's).

Sampled deals and inference
---------------------------
Every decision draws deals consistent with the seat's ``View`` (``determinize.py``). Once other seats have made
calls, the deals are weighted by the likelihood of those calls under the model of ``wily_bidding.CallModel``
(each seat calls as the heuristic would, softened, from the hand it was dealt), and the deals played out are drawn
in proportion to those weights out of ``OVERSAMPLE`` times as many candidates (as Wizard's bids are read,
``inference.py``). A seat's dealt hand is what it holds in the sampled deal plus what it played this hand; after
the exchange the cards this seat gave are taken out of its receiver's and those it received put back into its
giver's (the other seats' gifts are unknown and left as they fall).

Auction
-------
For every call this seat could make (a pass, or any legal bid), on every sampled deal, the rest of the auction is
played out by the heuristic (``wily_bidding.finish_auction``: every seat, this one included for its later calls,
calling from its limit on its sampled hand) to the contract it ends in. Then:

* this seat ends as high bidder: the hand is played out (heuristic passing by every seat, heuristic play) with each
  trump it might name (the best two by the team estimate, and no trump where allowed), aiming at the contract
  levels around its estimate; the call's value counts the deals on which the team's tricks reach the contract, under
  the one trump that makes it most often over all those deals (the trump it would then name);
* another seat ends as high bidder: it names its longest strong suit, the hand is played out, and the value counts
  whether this seat's team gains the letter (its own contract made, or the other team's broken: the core's
  ``letters_awarded``);
* everybody passes: the hand is thrown in, worth ``THROWN_IN`` (even odds: nobody gains a letter).

In both cases a contract counts as made on a deal by ``made_credit``: the bidder's team is taken to be
``SHORTFALL`` (a tenth) of its contract short of the tricks the heuristic playout gives it, since the playouts'
defenders are weaker than the ``search`` seats at a real table (measured over 40 hands of four ``search`` bots: the
bidder's playouts predicted 9.66 tricks on average, its team took 8.85; docs/bots.md).

So a pass is worth the chance that the contract the auction ends in without this seat (usually the current high
bidder's) goes this seat's team's way, and a bid its chance once the others have answered it. The bot bids only
where the bid is worth more than passing, and outbids its own partner only when the bid is worth at least
``PARTNER_MARGIN`` more than leaving the partner the contract (``SearchBot.act``; ``analyse`` gives the values
themselves, for hints).

Trump, passing, play
--------------------
Trump: each trump is played out on each deal (every seat passing by the heuristic); the one that makes the contract
most often. Passing, one card at a time: each card this seat could give, the rest of its gifts and every later seat's
by the heuristic, then the hand played out: the card whose gift gives the team's letter most often. Play: each legal
card followed by a heuristic playout, or, with at most ``MAX_TRICKS`` tricks left and a budget that affords it, an
exact solution of the rest of the hand on the sampled deal (``wily_endgame.py``: the bidder's team against the rest,
every card known).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Final

from ..core import View
from ..core import actions as A
from ..core.rules import CARDS_PASSED
from ..core.state import Phase
from ..core.wily import PASS_CALL, letters_awarded, receivers_of
from .determinize import Sampler
from .inference import resample
from .rollout import playout
from .rulebased import longest_strong_suit
from .wily_bidding import CallModel, exchange, finish_auction, soft_limit, soft_limits, team_estimate
from .wily_endgame import MAX_TRICKS, WilyEndgame

if TYPE_CHECKING:
    from .search import SearchBot

OVERSAMPLE: Final = 4
"""Candidate deals drawn per deal played out once calls are known (weighted by the model of the calls)."""
CANDIDATE_SHARE: Final = 0.5
"""Under a time limit, drawing the candidates stops once this share of the time is spent."""
THROWN_IN: Final = 0.5
"""The value of a hand thrown in (nobody bids, nobody gains a letter): even odds."""
PARTNER_MARGIN: Final = 0.1
"""A bid over the partner's must be worth this much more than passing (the team's chance for the letter)."""
SHORTFALL: Final = 0.15
"""In the auction, a bidder's team is counted as taking this share of its contract fewer tricks than the heuristic
playouts give it: the playouts' defenders play worse than ``search`` does (``made_credit``; docs/bots.md)."""
AUCTION_BUDGET: Final = 2
"""Auction calls get this many times the level's budget of card plays (as Wizard's bids do): they decide most."""
TIE: Final = 0.02
"""Auction values this close to the best count as equal (the highest such bid is made)."""
TRUMPS_TRIED: Final = 2
"""In the auction, the suits played out as this seat's trump: the best ones by the team estimate."""


def wily_values(bot: SearchBot, view: View, rng: random.Random) -> dict[int, float]:
    """Every legal action of ``view`` (Wily Wizards) with its chance for the team's letter (module docstring)."""
    phase = view.phase
    if phase is Phase.AUCTION:
        return auction_values(bot, view, rng)
    if phase is Phase.NAME_TRUMP:
        return trump_values(bot, view, rng)
    if phase is Phase.PASS_CARDS:
        return passing_values(bot, view, rng)
    return play_values(bot, view, rng)


def wily_choice(view: View, values: dict[int, float]) -> int:
    """The action ``search`` plays given the values: the best; in the auction, the highest bid within ``TIE`` of
    the best value (bids the rest of the auction would lead to the same contract are worth the same: the bot bids
    that contract at once), and a bid over the partner's high bid only when it beats passing by
    ``PARTNER_MARGIN``."""
    legal = view.legal_actions
    best = max(legal, key=lambda a: (values[a], -a))
    if view.phase is Phase.AUCTION and best != A.PASS:
        best = max(a for a in legal if a != A.PASS and values[a] >= values[best] - TIE)
    holder = view.high_bidder
    if (view.phase is Phase.AUCTION and best != A.PASS and A.PASS in values and holder >= 0
            and holder != view.seat and view.teams[holder] == view.teams[view.seat]
            and values[best] < values[A.PASS] + PARTNER_MARGIN):
        return A.PASS
    return best


# --- deals --------------------------------------------------------------------------------------------------------


def _dealt(view: View, hands: list[int], given: list[int] | None) -> list[int]:
    """Each seat's hand as dealt, for the model of the calls (module docstring)."""
    n, me = view.players, view.seat
    dealt = [hands[s] | view.played_by[s] for s in range(n)]
    if given is not None:
        for s in range(n):
            dealt[s] |= given[s]
    elif view.received or view.phase is Phase.PLAY:
        receivers = receivers_of(view.rules.mode, view.rules.passing, n)
        if receivers is not None and view.given:
            dealt[receivers[me]] &= ~view.given
            dealt[receivers.index(me)] |= view.received
    dealt[me] = view.hand | view.played_by[me] | view.given
    if view.received:
        dealt[me] &= ~view.received
    return dealt


def deals(
    bot: SearchBot, view: View, sampler: Sampler, count: int, rng: random.Random, passing: bool = False,
) -> Iterator[tuple[list[int], list[int] | None, int]]:
    """``count`` draws of (hands, cards in flight while passing or None, times drawn): uniform until another seat
    has called, then weighted by the model of the calls (module docstring)."""
    n, me = view.players, view.seat

    def draw() -> tuple[list[int], list[int] | None]:
        if passing:
            hands, given = sampler.sample_passing(rng)
            return hands[:n], given
        return sampler.sample(rng)[:n], None

    if all(seat == me for seat, _ in view.auction):
        for _ in range(count):
            yield (*draw(), 1)
        return
    rules = view.rules
    model = CallModel(rules, view.dealer, view.auction, me)
    candidates = []
    weights = []
    stop = bot._begun + (bot._end - bot._begun) * CANDIDATE_SHARE
    for drawn in range(count * OVERSAMPLE):
        if drawn and bot.ms is not None and time.perf_counter() >= stop:
            bot.stops += 1
            break
        hands, given = draw()
        limits = soft_limits(_dealt(view, hands, given), rules)
        candidates.append((hands, given))
        weights.append(model.weight(limits))
    for i, times in resample(weights, count, rng):
        yield (*candidates[i], times)


def _play_hand(view: View, hands: list[int], given: list[int], first: int, bidder: int, trump: int,
               contract: int, kept: dict[tuple[int, int], list[int]] | None = None) -> list[int]:
    """The passing finished by the heuristic from ``first`` on (``given``: what each seat has given, already out of
    ``hands``), the exchange, and the hand played out by the heuristic: each seat's tricks. ``kept`` keeps the
    hands after the exchange by (bidder, trump), for one deal: the heuristic's passing does not depend on the
    contract."""
    rules = view.rules
    after = kept.get((bidder, trump)) if kept is not None else None
    if after is None:
        after = exchange(rules, hands, given, first, bidder, trump)
        if kept is not None:
            kept[(bidder, trump)] = after
    teams = list(view.teams)
    return playout(after, [], bidder, -1, [0] * view.players, trump, rules.lead_rule, teams=teams,
                   bidder_team=teams[bidder], contract=contract)


def made_credit(tricks: int, contract: int) -> float:
    """How much a playout in which the bidder's team took ``tricks`` counts as the contract made, in the auction:
    the team is taken to be ``SHORTFALL * contract`` tricks short of what the playout gives, so a contract made
    with one trick or more to spare counts 1, one made exactly ``1 - SHORTFALL * contract`` (at least 0), a
    contract missed 0."""
    return min(1.0, max(0.0, tricks + 1 - contract - SHORTFALL * contract))


def _team_tricks(view: View, won: list[int], bidder: int) -> int:
    teams = view.teams
    return sum(w for s, w in enumerate(won) if teams[s] == teams[bidder])


def _gains(view: View, bidder: int, contract: int, team_tricks: int) -> bool:
    """Whether this seat's team gains the letter (the core's ``letters_awarded``)."""
    teams = view.teams
    return teams[view.seat] in letters_awarded(max(teams) + 1, teams[bidder], contract, team_tricks)


# --- auction ------------------------------------------------------------------------------------------------------


def auction_values(bot: SearchBot, view: View, rng: random.Random) -> dict[int, float]:
    n, me, size, rules = view.players, view.seat, view.hand_size, view.rules
    legal = view.legal_actions
    calls = [PASS_CALL if a == A.PASS else a - A.BID_BASE for a in legal]
    so_far = [call for _, call in view.auction]
    estimates = {t: team_estimate(view.hand, t, rules) for t in range(4)}
    trumps = sorted(range(4), key=lambda t: (-estimates[t], t))[:TRUMPS_TRIED]
    if rules.allow_no_trump:
        trumps.append(-1)
        estimates[-1] = team_estimate(view.hand, -1, rules)
    least = view.high_bid + 1
    # The contract levels each trump is played out at: around its estimate, within the legal bids.
    levels = {t: sorted({min(size, max(least, round(estimates[t]) + d)) for d in (-1, 0, 1)}) for t in trumps}
    playouts = sum(len(v) for v in levels.values()) + 2
    count = bot._deals(playouts, n * size, AUCTION_BUDGET)
    clock = bot._clock(playouts, n * size)
    my_limit = soft_limit(view.hand, rules)
    mine = [[0.0] * len(trumps) for _ in calls]  # per call, per trump: deals where this seat ends high and makes it
    other = [0.0] * len(calls)  # per call: deals where another seat (or nobody) ends high, times the letter
    total = done = 0
    no_gifts = [0] * n
    for hands, _, times in deals(bot, view, Sampler(view), count, rng):
        if bot._stop(clock, done):
            break
        done += 1
        total += times
        limits = soft_limits(hands, rules)
        limits[me] = my_limit
        tricks: dict[tuple[int, int], int] = {}  # (trump index, level) -> team tricks with this seat bidding
        ends: dict[tuple[int, int], float] = {}  # (bidder, contract) -> the letter, another seat bidding
        kept: dict[tuple[int, int], list[int]] = {}
        for i, call in enumerate(calls):
            holder, contract, _ = finish_auction(rules, view.dealer, [*so_far, call], limits)
            if holder == me:
                for j, trump in enumerate(trumps):
                    level = min(levels[trump], key=lambda v: (abs(v - contract), v))
                    key = (j, level)
                    if key not in tricks:
                        won = _play_hand(view, hands, no_gifts, me, me, trump, level, kept)
                        tricks[key] = _team_tricks(view, won, me)
                    mine[i][j] += times * made_credit(tricks[key], contract)
            elif holder < 0:
                other[i] += times * THROWN_IN
            else:
                end = (holder, contract)
                if end not in ends:
                    trump = longest_strong_suit(hands[holder], n)
                    won = _play_hand(view, hands, no_gifts, holder, holder, trump, contract, kept)
                    made = made_credit(_team_tricks(view, won, holder), contract)
                    ends[end] = made * _gains(view, holder, contract, contract) + \
                        (1 - made) * _gains(view, holder, contract, contract - 1)
                other[i] += times * ends[end]
    return {a: (other[i] + max(mine[i])) / total for i, a in enumerate(legal)}


# --- trump and passing -----------------------------------------------------------------------------------------------


def trump_values(bot: SearchBot, view: View, rng: random.Random) -> dict[int, float]:
    n, me = view.players, view.seat
    actions = view.legal_actions
    count = bot._deals(len(actions), n * view.hand_size)
    clock = bot._clock(len(actions), n * view.hand_size)
    totals = [0] * len(actions)
    no_gifts = [0] * n
    total = done = 0
    for hands, _, times in deals(bot, view, Sampler(view), count, rng):
        if bot._stop(clock, done):
            break
        done += 1
        total += times
        for i, action in enumerate(actions):
            trump = -1 if action == A.NO_TRUMP else action - A.TRUMP_BASE
            won = _play_hand(view, hands, no_gifts, me, me, trump, view.contract)
            totals[i] += times * _gains(view, me, view.contract, _team_tricks(view, won, me))
    return {a: totals[i] / total for i, a in enumerate(actions)}


def passing_values(bot: SearchBot, view: View, rng: random.Random) -> dict[int, float]:
    n, me = view.players, view.seat
    actions = view.legal_actions
    count = bot._deals(len(actions), n * view.hand_size)
    clock = bot._clock(len(actions), n * view.hand_size)
    bidder = view.high_bidder
    totals = [0] * len(actions)
    total = done = 0
    for hands, given, times in deals(bot, view, Sampler(view), count, rng, passing=True):
        if bot._stop(clock, done):
            break
        assert given is not None
        done += 1
        total += times
        for i, action in enumerate(actions):
            card = A.card_of_action(action, view.hand)
            hands_now = hands.copy()
            given_now = given.copy()
            hands_now[me] ^= 1 << card
            given_now[me] |= 1 << card
            if given_now[me].bit_count() > CARDS_PASSED:
                raise ValueError("a seat gives three cards, no more")
            won = _play_hand(view, hands_now, given_now, me, bidder, view.trump_suit, view.contract)
            totals[i] += times * _gains(view, bidder, view.contract, _team_tricks(view, won, bidder))
    return {a: totals[i] / total for i, a in enumerate(actions)}


# --- play ------------------------------------------------------------------------------------------------------------


def play_values(bot: SearchBot, view: View, rng: random.Random) -> dict[int, float]:
    tricks_left = view.hand.bit_count()
    cost = bot._solve_cost(len(view.legal_actions), view.players, tricks_left) if tricks_left <= MAX_TRICKS else 0
    sampler, moves, count, clock, lead_rule, cards = bot._play_setup(view, cost)
    teams = list(view.teams)
    bidder = view.high_bidder
    solver = WilyEndgame(view.trump_suit, lead_rule, teams, teams[bidder], view.contract) if cost else None
    mine = teams[view.seat] == teams[bidder]
    totals = [0] * len(moves)
    total = done = 0
    for hands, _, times in deals(bot, view, sampler, count, rng):
        if bot._stop(clock, done):
            break
        done += 1
        total += times
        for i, card in enumerate(cards):
            if solver is not None:
                made = solver.makes(hands, list(view.trick), view.trick_leader, view.led, view.tricks_won, card)
                totals[i] += times * (made == mine)
                continue
            won = playout(hands.copy(), list(view.trick), view.trick_leader, view.led, list(view.tricks_won),
                          view.trump_suit, lead_rule, teams=teams, bidder_team=teams[bidder],
                          contract=view.contract, first=card)
            totals[i] += times * _gains(view, bidder, view.contract, _team_tricks(view, won, bidder))
    return {a: totals[i] / total for i, a in enumerate(moves)}


__all__ = ["PARTNER_MARGIN", "THROWN_IN", "auction_values", "deals", "wily_choice", "wily_values"]
