"""``search`` with the special cards (RULES.md, "Special cards"): every decision of a Wizard game with any of the
anniversary cards, valued by playouts as the 60-card search is (``search.py``).

What changes from the 60 cards
------------------------------
* **Deals** (``determinize.py``) are drawn over the rule set's deck, with what the special cards tell: a Werewolf
  not swapped lies undealt, the card its holder took up is in that hand, the card this seat gave in the Juggler's
  pass is in its left neighbour's hand, the cards given so far while the pass goes round are in flight, and the
  suits shown void start again after the pass.
* **Inference** (``inference.py``) reads each hand with the special cards' values, weighs the bids *as made* (the
  Cloud's change taken off) and puts back the two cards of the pass this seat knows of (``bid_hands``). The seats
  whose bid is hidden get one drawn from the model, plus the Cloud's public change.
* **Playouts** (``special_rollout.py``) play every special decision by the rule-based heuristic: cards as played,
  the Cloud's change, the Juggler's pass. A move's value is the seat's round score with the bid as the playout
  changed it (the Cloud may change it after the move).
* **No exact endgames**: ``endgame.py``'s max^n knows the 60 cards' trick rules only, and with the special cards the
  rest of a hand is not a game of perfect information even on a known deal (the Juggler's pass is made face down,
  all at once). Rather than an endgame that is exact only sometimes, the last tricks are played out by the heuristic
  like the others (the honest choice: docs/bots.md says what it costs).

Decisions
---------
* Play: the legal action (each suit a Juggler or Cloud may name, each part of the Shapeshifter) with the highest
  mean round score.
* Bid: on every sampled deal the round is played out once per legal bid (the later seats answering with the bid
  model), and the bid with the highest mean round score is made.
* Trump (the dealer over a Wizard or a special card turned up, the Werewolf's holder): the choice whose best bid
  scores highest, each choice getting an equal share of the work.
* The Cloud's change: +1 and -1 are each followed by the rest of the hand (the Juggler's pass first when the trick
  held it) on the same deals; the higher mean round score is chosen.
* The Juggler's pass: each card this seat may give is followed by the rest of the pass (the seats still to give by
  the heuristic; those that gave before it gave a card of theirs nobody can tell, drawn at random) and the rest of
  the hand; the card with the highest mean round score is given.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..core import View
from ..core import actions as A
from ..core.phase import Phase
from ..core.special_tricks import holds_juggler
from ..core.wizard import round_score
from .determinize import Sampler
from .inference import BidModel, bid_hands, bids_as_made, resample
from .special_rollout import juggle, special_playout, table

if TYPE_CHECKING:
    from .search import SearchBot

Deal = tuple[list[int], list[int], list[int], int]
"""A sampled deal: the hands held now, the cards given and still in flight (the Juggler's pass), the hands the seats
bid on, and how many times the deal was drawn."""


def measure_special_pace(plays: int = 8, runs: int = 3) -> float:
    """``search.measure_pace`` for the special-card playouts: seconds per simulated card play, the median of ``runs``
    timings of ``plays`` playouts of one fixed 4-player deal of 16 cards each from the 67 (they are slower than the
    60-card playouts, so a time-limited bot judges its first deal by this pace in a game with special cards)."""
    from ..core.rules import SPECIAL_PRESETS

    deck = list(SPECIAL_PRESETS["anniversary-2021"].deck)
    random.Random(0).shuffle(deck)
    hands = [sum(1 << card for card in deck[16 * seat:16 * seat + 16]) for seat in range(4)]
    values, keys = table(0, 4, SPECIAL_PRESETS["anniversary-2021"].deck)
    timings = []
    for _ in range(runs):
        started = time.perf_counter()
        for _ in range(plays):
            special_playout(hands, [], 0, -1, [0] * 4, [4, 4, 4, 3], 0, 0, 16, values, keys)
        timings.append((time.perf_counter() - started) / (plays * 64))
    return sorted(timings)[runs // 2]


def special_values(bot: SearchBot, view: View, rng: random.Random) -> dict[int, float]:
    """Every legal action of ``view`` with its estimated value (the module docstring; ``SearchBot.analyse``). Under a
    time limit the bot's pace is that of the special-card playouts (``measure_special_pace``, measured once)."""
    if bot.ms is None:
        return _values(bot, view, rng)
    if not bot.special_pace:
        bot.special_pace = measure_special_pace()
    pace, bot.pace = bot.pace, bot.special_pace
    try:
        return _values(bot, view, rng)
    finally:
        bot.pace = pace


def _values(bot: SearchBot, view: View, rng: random.Random) -> dict[int, float]:
    phase = view.phase
    if phase is Phase.BID:
        return bid_values(bot, view, rng, view.trump_suit)
    if phase in (Phase.CHOOSE_TRUMP, Phase.WEREWOLF):
        values = {}
        options = view.legal_actions
        end = bot._end
        for i, action in enumerate(options):
            if bot.ms is not None:  # each choice gets an equal share of the time left
                bot._begun = time.perf_counter()
                bot._end = bot._begun + (end - bot._begun) / (len(options) - i)
            trump = -1 if action == A.NO_TRUMP else action - A.TRUMP_BASE
            values[action] = max(bid_values(bot, view, rng, trump, len(options)).values())
        return values
    if phase is Phase.CLOUD:
        return _after_trick_values(bot, view, rng, cloud=True)
    if phase is Phase.JUGGLE:
        return _after_trick_values(bot, view, rng, cloud=False)
    return play_values(bot, view, rng)


# --- the deals ---------------------------------------------------------------------------------------------------


def _made(view: View) -> list[int | None]:
    return bids_as_made(view.bids, view.bid_changes or (0,) * view.players)


def _deals(bot: SearchBot, view: View, sampler: Sampler, deals: int, rng: random.Random, model: BidModel,
           played: list[int], passing: bool = False) -> Iterator[Deal]:
    """``SearchBot._weighted_deals`` with the special cards: ``deals`` draws, weighted by the likelihood of the bids
    made by the other seats (as made, before the Cloud). ``passing``: the Juggler's pass is going round."""
    n, me = view.players, view.seat
    made = _made(view)

    def draw() -> tuple[list[int], list[int], list[int]]:
        if passing:
            hands, given = sampler.sample_passing(rng)
        else:
            hands, given = sampler.sample(rng), [0] * n
        hands = hands[:n]
        held = [hand | gift for hand, gift in zip(hands, given)]
        return hands, given, bid_hands(held, played, me, view.given, view.received)

    if all(b is None for s, b in enumerate(made) if s != me):
        for _ in range(deals):
            yield (*draw(), 1)
        return
    candidates = []
    weights = []
    stop = bot._begun + (bot._end - bot._begun) * 0.5  # under a time limit, half of it at most for candidates
    from .search import OVERSAMPLE

    for drawn in range(deals * OVERSAMPLE):
        if drawn and bot.ms is not None and time.perf_counter() >= stop:
            bot.stops += 1
            break
        deal = draw()
        candidates.append(deal)
        weights.append(model.weight(deal[2], made, me))
    for i, count in resample(weights, deals, rng):
        yield (*candidates[i], count)


def _targets(view: View, dealt: list[int], model: BidModel, made: list[int | None], rng: random.Random) -> list[int]:
    """Every seat's bid for a playout: the bids as they stand, a hidden one drawn from the model (plus the Cloud's
    public change)."""
    if all(bid is not None for bid in view.bids):
        return [bid for bid in view.bids if bid is not None]
    changes = view.bid_changes or (0,) * view.players
    drawn = model.complete(dealt, made, [rng.random() for _ in view.bids])
    return [min(view.hand_size, max(0, bid + change)) for bid, change in zip(drawn, changes)]


def _model(view: View, trump: int) -> BidModel:
    return BidModel(trump, view.players, view.hand_size, view.dealer, view.rules.deck)


# --- the decisions -----------------------------------------------------------------------------------------------


def play_values(bot: SearchBot, view: View, rng: random.Random) -> dict[int, float]:
    """The mean round score of each legal card (as played)."""
    me, size = view.seat, view.hand_size
    moves = view.legal_actions
    entries = [A.form_of_action(a) if a >= A.SPECIAL_CARD_BASE else A.card_of_action(a, view.hand) for a in moves]
    left = view.players * size - view.played.bit_count()
    deals = bot._deals(len(moves), left)
    clock = bot._clock(len(moves), left)
    trump, lead_rule = view.trump_suit, view.rules.lead_rule
    values, keys = table(trump, view.players, view.rules.deck)
    model = _model(view, trump)
    made = _made(view)
    totals = [0] * len(moves)
    drawn = done = 0
    for hands, _, dealt, count in _deals(bot, view, Sampler(view), deals, rng, model, list(view.played_by)):
        if bot._stop(clock, done):
            break
        done += 1
        targets = _targets(view, dealt, model, made, rng)
        drawn += count
        for i, entry in enumerate(entries):
            goal = targets.copy()
            won = special_playout(hands, list(view.trick), view.trick_leader, view.led, list(view.tricks_won), goal,
                                  trump, lead_rule, size, values, keys, first=entry)
            totals[i] += count * round_score(goal[me], won[me])
    return {a: totals[i] / drawn for i, a in enumerate(moves)}


def bid_values(bot: SearchBot, view: View, rng: random.Random, trump: int, share: int = 1) -> dict[int, float]:
    """The mean round score of each legal bid (choosing trump: of every bid 0..hand size) under ``trump``."""
    from .search import BID_BUDGET

    n, me, size = view.players, view.seat, view.hand_size
    if view.phase is Phase.BID:
        bids = [a - A.BID_BASE for a in view.legal_actions]
    else:
        bids = list(range(size + 1))
    deals = bot._deals(len(bids), n * size, BID_BUDGET) // share or 1
    clock = bot._clock(len(bids), n * size)
    lead_rule = view.rules.lead_rule
    leader = (view.dealer + 1) % n
    values, keys = table(trump, n, view.rules.deck)
    model = _model(view, trump)
    known = _made(view)
    totals = [0] * len(bids)
    drawn = done = 0
    for hands, _, dealt, count in _deals(bot, view, Sampler(view), deals, rng, model, [0] * n):
        if bot._stop(clock, done):
            break
        done += 1
        uniforms = [rng.random() for _ in range(n)]  # the same answers of the later seats for every bid tried
        drawn += count
        for i, bid in enumerate(bids):
            known[me] = bid
            goal = model.complete(dealt, known, uniforms)
            won = special_playout(hands, [], leader, -1, [0] * n, goal, trump, lead_rule, size, values, keys)
            totals[i] += count * round_score(goal[me], won[me])
    return {A.BID_BASE + bid: totals[i] / drawn for i, bid in enumerate(bids)}


def _after_trick_values(bot: SearchBot, view: View, rng: random.Random, cloud: bool) -> dict[int, float]:
    """The Cloud's change (``cloud``) or the card given in the Juggler's pass: each legal action followed by the rest
    of the pass (when one is due) and the rest of the hand, on the same deals."""
    n, me, size = view.players, view.seat, view.hand_size
    moves = view.legal_actions
    left = view.players * size - view.played.bit_count()
    deals = bot._deals(len(moves), left)
    clock = bot._clock(len(moves), left)
    trump, lead_rule = view.trump_suit, view.rules.lead_rule
    values, keys = table(trump, n, view.rules.deck)
    model = _model(view, trump)
    made = _made(view)
    leader = view.trick_leader
    last = view.last_trick
    pass_due = not cloud or (last is not None and holds_juggler(last.cards) and view.hand != 0)
    totals = [0] * len(moves)
    drawn = done = 0
    deal_iter = _deals(bot, view, Sampler(view), deals, rng, model, list(view.played_by), passing=not cloud)
    for hands, given, dealt, count in deal_iter:
        if bot._stop(clock, done):
            break
        done += 1
        targets = _targets(view, dealt, model, made, rng)
        drawn += count
        for i, action in enumerate(moves):
            goal = targets.copy()
            held = hands.copy()
            gifts = given.copy()
            if cloud:
                goal[me] += 1 if action == A.CLOUD_UP else -1
            else:
                card = A.card_of_action(action, view.hand)
                held[me] &= ~(1 << card)
                gifts[me] = 1 << card
            won = list(view.tricks_won)
            if pass_due:
                juggle(held, goal, won, gifts, values, keys, leader)
            won = special_playout(held, [], leader, -1, won, goal, trump, lead_rule, size, values, keys)
            totals[i] += count * round_score(goal[me], won[me])
    return {a: totals[i] / drawn for i, a in enumerate(moves)}


__all__ = ["bid_values", "play_values", "special_values"]
