"""``search``: a bot that plays and bids by Monte Carlo simulation over deals sampled from its View, for both games.

Method (perfect-information Monte Carlo: heuristic playouts, exact endgames)
----------------------------------------------------------------------------
Each decision draws complete deals uniformly from those consistent with the seat's ``View`` (``determinize.py``)
and, on every sampled deal, plays each legal action followed by the rest of the hand with every seat playing the
rule-based heuristic from its own hand (``rollout.py``). The same deals serve every action (common random numbers),
so the comparison between actions is not drowned by the luck of the deal. An action's value is its mean outcome:

* Wizard: the seat's score for the round (``round_score(bid, tricks)``);
* Wily Wizards: 1 when the seat's team gains the letter of the hand (it made its contract, or broke the other's),
  else 0: the chance to make or break the contract (``wily_search.py``).

Identical Wizards and identical Jesters are one action (the core's action space). Playouts stop at the end of the
hand: a decision about one hand changes nothing else.

Wizard adds two things:

* **Inference from the bids** (``inference.py``): the deals are weighted by how likely the bids already made are
  given the hands the deal puts behind them (a bid model fitted on ``search``'s own bids), and the deals played out
  are drawn in proportion to those weights. Bids not made yet (or hidden) are drawn from the same model.
* **Exact endgames** (``endgame.py``): with at most ``MAX_TRICKS`` tricks left (a 3-card hand from its start), the
  rest of the hand on each sampled deal is not a heuristic playout but solved exactly, every seat playing for its
  own round score with all cards known (max^n). Bids on such hands are valued the same way.

Decisions
---------
* Wizard, play: the action with the highest mean round score.
* Wizard, bid: the seats that bid later are given a bid drawn from the bid model for their sampled hand; on every
  sampled deal the round is played out (or solved) once per legal bid with this seat aiming at that bid, which
  estimates the distribution of its tricks for each bid (``bid_outcomes``); the bid with the highest expected score
  is chosen. The hook and Canadian rules are respected because only ``view.legal_actions`` are scored.
* Wizard, trump after a Wizard is turned up: the suit whose best bid scores highest.
* Wily Wizards, every decision (auction, trump, passing, play): ``wily_search.py``. In short: each call of the
  auction is valued by playing the rest of the auction out with the heuristic of ``wily_bidding.py`` on every
  sampled deal and then the hand (the chance for the team's letter, passing included: a pass is worth the chance
  that the contract the auction ends in goes the team's way); the deals are weighted by the calls made so far; a
  bid over the partner's must be clearly better than passing; trump and each card passed are the choices that give
  the letter most often; the last tricks are solved exactly (``wily_endgame.py``).

Special cards
-------------
With any of the anniversary cards (``rules.special_cards``) every Wizard decision goes to ``special_search.py``: the
same method over the bigger deck, with playouts that play the special cards' decisions (``special_rollout.py``),
the Cloud's change and the Juggler's pass valued by playouts, and no exact endgames (its docstring says why).

Learned playouts, inference from the cards
------------------------------------------
``search:policy=learned`` (Wizard without the special cards) plays every seat of every playout by the play model
of ``play_model.py``, fitted on ``search``'s own card plays (``benchmarks/train_play_model.py``), instead of the
heuristic; ``search:infer=cards`` weights the sampled deals also by the likelihood of every card the other seats
played this hand under that model (``play_model.plays_log_likelihood``; ``cards=X`` raises it to the power X).
Neither changes the default: ``search:level=N`` plays as it always did. ``docs/bots.md`` has the figures.

Levels
------
``search:level=1..5`` (default 3) sets the work per decision as a budget of simulated card plays, divided among the
sampled deals (an exact endgame counts as the card plays it costs, ``endgame.solve_cost``); a level also has a floor
of deals. ``samples=K`` fixes the number of deals instead. The budget is a
count, not a clock, so a game is reproducible from its seeds on any machine. ``analyse(view)`` returns every legal
action with its estimated value (the numbers above), for hints in the front ends.

Time limit
----------
``search:ms=N`` adds a wall-clock limit of N milliseconds per decision (a referee's limit) to the level's budget:
``search:level=5,ms=200`` plays level 5's budget, cut off at 200 ms (``search:ms=200`` cuts level 3's). The bot aims
to return by ``TIME_SHARE`` (90%) of the limit (``time.perf_counter``). It plays the sampled deals one after another
and starts no deal that would end past that point if it took as long as the longest deal so far; the first deal is
judged by the bot's *pace*, the time of one simulated card play measured when the bot is made (``measure_pace``),
times ``PACE_MARGIN``. When not even one deal fits, the rule-based heuristic decides (``rulebased.py``; ``analyse``
raises ``OutOfTime``). When the bids are known, at most half of the time goes to drawing the candidate deals the bid
model weighs; without known bids the deals are drawn one at a time as they are played. Choosing trump (Wizard), each
suit gets an equal share of the time left. An exact endgame is solved only when ``EXACT_LEAST_DEALS`` deals of it fit
in the time left at the measured pace (else the deals are played out heuristically); the clock is read between
deals, never inside a solve. ``stops`` and ``fallbacks`` count the loops the limit cut short and the decisions the
heuristic took. The limit covers the bot's own work: a machine that takes the CPU away from it (other processes on
its cores) can still push a decision past the limit.

**A time-limited bot is not reproducible**: how many deals it plays depends on the machine's speed and load, so its
decisions may differ from run to run even with the same seeds. Without ``ms`` the bot never reads the clock and
decides exactly as before.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable

from ..core import View
from ..core import actions as A
from ..core.rules import Game
from ..core.state import Phase
from ..core.wizard import round_score
from .base import register_bot
from .determinize import Sampler
from .endgame import MAX_TRICKS, Endgame, solve_cost
from .inference import BidModel, dealt_hands, resample
from .play_model import load_weights, plays_log_likelihood
from .rollout import playout
from .rulebased import RuleBasedBot
from .special_search import special_values
from .wily_search import wily_choice, wily_values

LEVELS = {1: (3_000, 4), 2: (10_000, 8), 3: (30_000, 12), 4: (100_000, 24), 5: (300_000, 48)}
"""level: (simulated card plays per decision, least sampled deals)."""
MAX_SAMPLES = 400
OVERHEAD = 16
"""Per playout, the cost of sampling and setting it up, in card plays."""
BID_BUDGET = 2
"""Bids (one per round) get this many times the budget of a card play: they matter most and are few."""
OVERSAMPLE = 4
"""Candidate deals sampled per deal played out when bids are known (weighted by the bid model, then resampled)."""
EXACT_LEAST_DEALS = 12
"""Endgames are solved only when the level's budget affords this many sampled deals (else heuristic playouts)."""
TIME_SHARE = 0.9
"""A decision under a time limit (``ms``) aims to return by this share of the limit."""
CANDIDATE_SHARE = 0.5
"""Under a time limit, drawing the candidate deals the bid model weighs stops once this share of the time is spent."""
PACE_MARGIN = 2.0
"""Under a time limit, a first deal is started only if this many times its card plays at the measured pace fit."""


POLICIES = ("heuristic", "learned")
"""``search:policy=...``: how every seat plays in the playouts (Wizard without the special cards): the rule-based
heuristic (``rollout.py``), or the play model learned from ``search``'s self-play (``play_model.py``, issue 28); a
path ending in ``.json`` names another weights file of that model (``benchmarks/train_play_model.py`` writes them)."""


INFERENCES = ("bids", "cards")
"""``search:infer=...``: what the sampled deals are weighted by (Wizard without the special cards): the bids made
(``inference.py``), or the bids and every card the others played, under the play model
(``play_model.plays_log_likelihood``, issue 28 item 3; ``cards=X`` raises that likelihood to the power X)."""
CARD_TEMPERATURE = 1.0
CARD_FLOOR = 0.1
"""Inference from the cards: the play model's softmax temperature, and the share of an even chance mixed in."""
MAX_CARD_STRENGTH = 4
"""``cards=X`` at most this (a log-likelihood is never positive, so any X in 0..4 keeps a weight in 0..1)."""


def _trump_card_bit(view: View) -> int:
    """The turned-up trump card as a card set (0: none): gone from play for every seat."""
    return 1 << view.trump_card if 0 <= view.trump_card < 60 else 0


class OutOfTime(TimeoutError):
    """A time-limited decision in which not one sampled deal fits (``SearchBot.act`` then plays the heuristic)."""


def measure_pace(plays: int = 8, runs: int = 3) -> float:
    """Seconds per simulated card play on this machine now: the median of ``runs`` timings of ``plays`` heuristic
    playouts of one fixed 4-player deal of 15 cards each (compiled or not, as the bot will run)."""
    deck = list(range(60))
    random.Random(0).shuffle(deck)
    hands = [sum(1 << card for card in deck[15 * seat:15 * seat + 15]) for seat in range(4)]
    timings = []
    for _ in range(runs):
        started = time.perf_counter()
        for _ in range(plays):
            playout(hands.copy(), [], 0, -1, [0] * 4, 0, 0, [4, 3, 4, 3])
        timings.append((time.perf_counter() - started) / (plays * 60))
    return sorted(timings)[runs // 2]


class _LoopClock:
    """One loop over sampled deals under a time limit: whether the next deal fits before ``end``."""

    __slots__ = ("end", "longest", "last")

    def __init__(self, end: float, first: float) -> None:
        self.end = end
        self.longest = first  # the longest deal so far; before the first, its expected time at the measured pace
        self.last = 0.0

    def over(self, done: int) -> bool:
        """Whether one more deal, taking as long as the longest so far (the first: as expected), would end past
        ``end``. Asked before each deal, ``done`` being the deals played: the loop's clock starts at its first
        question."""
        now = time.perf_counter()
        if done:
            self.longest = max(self.longest, now - self.last) if done > 1 else now - self.last
        self.last = now
        return now + self.longest > self.end


class SearchBot:
    name = "search"
    plays_special_cards = True  # bots/special_search.py

    def __init__(self, level: int = 3, samples: int | None = None, ms: int | None = None,
                 policy: str = "heuristic", infer: str = "bids", cards: float = 1.0) -> None:
        if infer not in INFERENCES:
            raise ValueError(f"search infer must be {' or '.join(INFERENCES)}, not {infer!r}")
        if policy not in POLICIES and not str(policy).endswith(".json"):
            raise ValueError(f"search policy must be {' or '.join(POLICIES)} or a weights file (.json), "
                             f"not {policy!r}")
        if isinstance(cards, bool) or not isinstance(cards, int | float) or not 0 <= cards <= MAX_CARD_STRENGTH:
            raise ValueError(f"search cards (the power of the cards' likelihood) must be 0..{MAX_CARD_STRENGTH}, "
                             f"not {cards!r}")
        if level not in LEVELS:
            raise ValueError(f"search level must be 1..5, not {level}")
        if samples is not None and not 1 <= samples <= MAX_SAMPLES:
            raise ValueError(f"samples must be 1..{MAX_SAMPLES}, not {samples}")
        if ms is not None and (isinstance(ms, bool) or not isinstance(ms, int) or ms < 1):
            raise ValueError(f"ms (milliseconds per decision) must be a positive whole number, not {ms!r}")
        self.level = level
        self.samples = samples
        self.policy = policy
        self.infer = infer
        self.card_strength = float(cards)  # infer=cards: the power the cards' likelihood is raised to
        # The playout policy of Wizard without the special cards: None, the heuristic; else the play model's weights.
        self.model: list[float] | None = None
        if policy != "heuristic":
            self.model = load_weights(None if policy == "learned" else policy)[0]
        self.ms = ms
        self.pace = measure_pace() if ms is not None else 0.0  # seconds per card play (only under a time limit)
        self.special_pace = 0.0  # the same with the special cards, measured at the first such decision
        self.stops = 0  # loops over sampled (or candidate) deals the time limit stopped before the level's budget
        self.fallbacks = 0  # decisions in which not one deal fitted in the time limit: the heuristic decided
        self._begun = 0.0  # under a time limit: when the time share in progress began, and when it ends
        self._end = 0.0

    # --- the Bot protocol --------------------------------------------------------------------------------------

    def act(self, view: View, rng: random.Random) -> int:
        return self.decide(view, rng)[0]

    def decide(self, view: View, rng: random.Random) -> tuple[int, dict[int, float] | None]:
        """The action ``act`` plays, and the values it chose by (None: one legal action, or the heuristic decided
        under the time limit). The engine protocol's ``info values`` line shows them (``engine.py``)."""
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"seat {view.seat} is not on turn: no legal action to choose")
        if len(legal) == 1:
            return legal[0], None
        try:
            values = self.analyse(view, rng)
        except OutOfTime:
            self.fallbacks += 1
            return RuleBasedBot().act(view, rng), None
        if view.game is Game.WILY:
            return wily_choice(view, values), values
        return max(legal, key=lambda a: (values[a], -a)), values

    def analyse(self, view: View, rng: random.Random | None = None) -> dict[int, float]:
        """Every legal action of ``view`` with its estimated value (see the module docstring). Under a time limit
        in which not one sampled deal fits, raises ``OutOfTime``."""
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} is not on turn: no legal action to analyse")
        rng = rng if rng is not None else random.Random(0)
        if self.ms is not None:
            self._begun = time.perf_counter()
            self._end = self._begun + self.ms * TIME_SHARE / 1000
        if view.game is Game.WILY:
            return self._wily(view, rng)
        if view.rules.special_cards:
            return special_values(self, view, rng)
        if view.phase is Phase.BID:
            return self._wizard_bids(view, rng, view.trump_suit)
        if view.phase is Phase.CHOOSE_TRUMP:
            values = {}
            suits = view.legal_actions
            end = self._end
            for i, action in enumerate(suits):
                if self.ms is not None:  # each suit gets an equal share of the time left
                    self._begun = time.perf_counter()
                    self._end = self._begun + (end - self._begun) / (len(suits) - i)
                values[action] = max(self._wizard_bids(view, rng, action - A.TRUMP_BASE, 4).values())
            return values
        return self._wizard_play(view, rng)

    # --- the time limit (never read without one) -------------------------------------------------------------

    def _stop(self, clock: _LoopClock | None, done: int) -> bool:
        """Whether the loop timed by ``clock`` must stop after ``done`` deals (never without a limit). A loop that
        has played no deal raises ``OutOfTime``."""
        if clock is None or not clock.over(done):
            return False
        self.stops += 1
        if not done:
            raise OutOfTime(f"not one sampled deal fits in {self.ms} ms for this decision")
        return True

    def _fits(self, plays: int) -> bool:
        """Whether ``plays`` card plays at the measured pace (with its margin) fit in the time left (always, without
        a limit)."""
        return self.ms is None or time.perf_counter() + plays * self.pace * PACE_MARGIN <= self._end

    def _deals(self, playouts: int, cards: int, scale: int = 1, cost: int = 0) -> int:
        """Sampled deals for a decision that plays ``playouts`` playouts of ``cards`` cards on each deal (or, given
        a ``cost``, solves that many endgames of that cost in card plays)."""
        if self.samples is not None:
            return self.samples
        budget, least = LEVELS[self.level]
        return max(least, min(MAX_SAMPLES, budget * scale // (playouts * (cost or cards + OVERHEAD))))

    def _clock(self, playouts: int, cards: int, cost: int = 0) -> _LoopClock | None:
        """The clock of one loop over sampled deals, each as in ``_deals``; None without a time limit."""
        if self.ms is None:
            return None
        return _LoopClock(self._end, playouts * (cost or cards + OVERHEAD) * self.pace * PACE_MARGIN)

    def _solve_cost(self, moves: int, players: int, tricks_left: int, scale: int = 1) -> int:
        """The cost of solving the rest of the hand exactly on one deal, in card plays, when this decision solves
        (at most ``MAX_TRICKS`` tricks left, the level's budget affords ``EXACT_LEAST_DEALS`` deals, and under a time
        limit so does the time left); else 0."""
        if tricks_left > MAX_TRICKS:
            return 0
        cost = solve_cost(players, tricks_left)
        if self.samples is None and LEVELS[self.level][0] * scale // (moves * cost) < EXACT_LEAST_DEALS:
            return 0
        if not self._fits(EXACT_LEAST_DEALS * moves * cost):
            return 0
        return cost

    def _play_setup(
        self, view: View, cost: int = 0
    ) -> tuple[Sampler, tuple[int, ...], int, _LoopClock | None, int, list[int]]:
        """What playing a card needs in both games: the sampler, the moves, how many deals, the loop's clock under a
        time limit, the Jester-lead reading, and the card each move plays."""
        moves = view.legal_actions
        left = view.players * view.hand_size - view.played.bit_count()
        lead_rule = view.rules.lead_rule
        deals = self._deals(len(moves), left, cost=cost)
        clock = self._clock(len(moves), left, cost)
        return Sampler(view), moves, deals, clock, lead_rule, [A.card_of_action(a, view.hand) for a in moves]

    # --- Wizard ------------------------------------------------------------------------------------------------

    def _weighted_deals(
        self, view: View, sampler: Sampler, deals: int, rng: random.Random, model: BidModel, played: list[int],
    ) -> Iterable[tuple[list[int], list[int], int]]:
        """The deals to play out, as (hands, dealt hands, times drawn): ``deals`` draws from the deals consistent
        with the view, weighted by the likelihood of the bids the other seats have made (``inference.py``). With no
        other bid known, plain uniform draws (under a time limit, drawn one at a time as they are played)."""
        n, me = view.players, view.seat
        if all(b is None for s, b in enumerate(view.bids) if s != me):
            if self.ms is not None:
                return ((hands, dealt_hands(hands, played), 1) for hands in
                        (sampler.sample(rng)[:n] for _ in range(deals)))
            out = []
            for _ in range(deals):
                hands = sampler.sample(rng)[:n]
                out.append((hands, dealt_hands(hands, played), 1))
            return out
        candidates = []
        weights = []
        cards_likelihood = self.card_likelihood(view)
        # Under a time limit, CANDIDATE_SHARE of it at most goes to drawing candidates.
        stop = self._begun + (self._end - self._begun) * CANDIDATE_SHARE
        for drawn in range(deals * OVERSAMPLE):
            if drawn and self.ms is not None and time.perf_counter() >= stop:
                self.stops += 1
                break
            hands = sampler.sample(rng)[:n]
            dealt = dealt_hands(hands, played)
            candidates.append((hands, dealt))
            weight = model.weight(dealt, view.bids, me)
            if cards_likelihood is not None:
                weight *= math.exp(self.card_strength * cards_likelihood(dealt))
            weights.append(weight)
        return [(*candidates[i], count) for i, count in resample(weights, deals, rng)]

    def card_likelihood(self, view: View) -> Callable[[list[int]], float] | None:
        """With ``infer=cards``, once the others have played this hand: the log-likelihood of every card they played
        given a deal's dealt hands, under the play model (``play_model.plays_log_likelihood``); else None."""
        bids = [b for b in view.bids if b is not None]
        if self.infer != "cards" or view.phase is not Phase.PLAY or len(bids) < len(view.bids) or not view.played:
            return None
        tricks = [list(t[1]) for t in view.round_tricks] + ([list(view.trick)] if view.trick else [])
        leaders = [t[0] for t in view.round_tricks] + ([view.trick_leader] if view.trick else [])
        weights = self.model if self.model is not None else load_weights()[0]
        me, trump, gone, lead_rule = view.seat, view.trump_suit, _trump_card_bit(view), view.rules.lead_rule
        return lambda dealt: plays_log_likelihood(weights, dealt, tricks, leaders, me, trump, gone, bids, lead_rule,
                                                  CARD_TEMPERATURE, CARD_FLOOR)

    def _targets(self, view: View, dealt: list[int], model: BidModel, rng: random.Random) -> list[int]:
        """Every seat's bid for a playout: the bids made, and for a seat whose bid is not known (hidden) one drawn
        from the bid model given its dealt hand."""
        known = [bid for bid in view.bids if bid is not None]
        if len(known) == len(view.bids):
            return known
        return model.complete(dealt, view.bids, [rng.random() for _ in view.bids])

    def _wizard_play(self, view: View, rng: random.Random) -> dict[int, float]:
        n, me = view.players, view.seat
        tricks_left = view.hand.bit_count()
        cost = self._solve_cost(len(view.legal_actions), n, tricks_left)
        exact = cost > 0
        sampler, moves, deals, clock, lead_rule, cards = self._play_setup(view, cost)
        totals = [0] * len(moves)
        trump = view.trump_suit
        model = BidModel(trump, n, view.hand_size, view.dealer)
        drawn = done = 0
        gone = view.played | _trump_card_bit(view)
        for hands, dealt, count in self._weighted_deals(view, sampler, deals, rng, model, list(view.played_by)):
            if self._stop(clock, done):
                break
            done += 1
            targets = self._targets(view, dealt, model, rng)
            bid = targets[me]
            drawn += count
            solver = Endgame(trump, lead_rule, targets) if exact else None
            for i, card in enumerate(cards):
                if solver is not None:
                    won = solver.solve(hands, list(view.trick), view.trick_leader, view.led, list(view.tricks_won),
                                       first=card)
                else:
                    won = playout(hands.copy(), list(view.trick), view.trick_leader, view.led,
                                  list(view.tricks_won), trump, lead_rule, targets, first=card, model=self.model,
                                  gone=gone)
                totals[i] += count * round_score(bid, won[me])
        return {a: totals[i] / drawn for i, a in enumerate(moves)}

    def _wizard_bids(self, view: View, rng: random.Random, trump: int, share: int = 1) -> dict[int, float]:
        """Expected round score of each legal bid (or, choosing trump, of every bid 0..hand size) under ``trump``."""
        return {
            A.BID_BASE + bid: sum(p * round_score(bid, tricks) for tricks, p in enumerate(chances))
            for bid, chances in self.bid_outcomes(view, rng, trump, share).items()
        }

    def bid_outcomes(self, view: View, rng: random.Random, trump: int, share: int = 1) -> dict[int, list[float]]:
        """For each bid this seat may make (choosing trump: every bid 0..hand size), the estimated chance of taking
        0..hand size tricks when aiming at that bid, with ``trump`` as the trump suit."""
        n, me, size = view.players, view.seat, view.hand_size
        sampler = Sampler(view)
        if view.phase is Phase.BID:
            bids = [a - A.BID_BASE for a in view.legal_actions]
        else:
            bids = list(range(size + 1))
        cost = self._solve_cost(len(bids), n, size, BID_BUDGET)
        exact = cost > 0
        deals = self._deals(len(bids), n * size, BID_BUDGET, cost) // share or 1
        clock = self._clock(len(bids), n * size, cost)
        lead_rule = view.rules.lead_rule
        leader = (view.dealer + 1) % n
        model = BidModel(trump, n, size, view.dealer)
        counts = [[0] * (size + 1) for _ in bids]
        drawn = 0
        known = list(view.bids)
        done = 0
        for hands, dealt, count in self._weighted_deals(view, sampler, deals, rng, model, [0] * n):
            if self._stop(clock, done):
                break
            done += 1
            # The seats after this one answer each bid tried, with the same random numbers for every bid.
            uniforms = [rng.random() for _ in range(n)]
            drawn += count
            for i, bid in enumerate(bids):
                known[me] = bid
                targets = model.complete(dealt, known, uniforms)
                if exact:
                    won = Endgame(trump, lead_rule, targets).solve(hands, [], leader, -1, [0] * n)
                else:
                    won = playout(hands.copy(), [], leader, -1, [0] * n, trump, lead_rule, targets, model=self.model,
                                  gone=_trump_card_bit(view))
                counts[i][won[me]] += count
        return {bid: [c / drawn for c in counts[i]] for i, bid in enumerate(bids)}

    # --- Wily Wizards ------------------------------------------------------------------------------------------

    def _wily(self, view: View, rng: random.Random) -> dict[int, float]:
        return wily_values(self, view, rng)


register_bot("search")(SearchBot)

__all__ = ["LEVELS", "POLICIES", "OutOfTime", "SearchBot", "measure_pace"]
