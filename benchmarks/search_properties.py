"""Why ``search`` (perfect-information Monte Carlo) works as well as it does on Wizard, and where it decides otherwise
than with the true deal: issue 28, item 1 ("measure first").

    python benchmarks/search_properties.py [--players 3,4,5,6] [--sizes 3,9] [--hands 40] [--property-hands 120]
                                           [--levels 1,2] [--every 1] [--bid-draws 100] [--seed 1] [--only pd]

Positions come from real games: for every table size and hand size, single hands (the first round of a seeded game
of such hands) played by ``search:level=1`` in every seat: ``--property-hands`` of them for measurement p, the first
``--hands`` for measurement d. Two measurements on them, each figure with a 95% interval over hands (the decisions
of one hand are not independent: proportions get a Wilson interval on the effective sample size of a clustered ratio
estimate, means a normal interval with the clustered variance):

p. **The three properties of Long, Sturtevant, Buro & Furtak (AAAI 2010)**, adapted to Wizard (docs/bots.md,
   "What the hidden cards cost"). At every play decision with a choice, the seat's round score after each legal
   card (its *children*), every seat then playing the rest of the true deal: solved exactly (max^n, every seat
   knowing the deal and playing for its own round score, ``endgame.py``) with at most three tricks left, else by
   the rule-based heuristic playout ``search`` itself uses (``rollout.py``).

   * *leaf correlation*: the share of decisions whose children all give the seat the same score (also: the same
     outcome, bid made or missed; and the share of pairs of children with the same score), by how far from the end
     of the hand. "Terminal siblings" are the decisions of the last seat in the penultimate trick: after its card
     every card is forced, so its children are terminal nodes, as in the paper;
   * *bias*: the share of children in which the seat makes its bid (the "win" of a Wizard round for the seat to
     move), over all children and over the decisions whose children agree;
   * *disambiguation*: for every seat at the start of every trick, H = log2 of the number of deals consistent with
     what the seat knows (its hand, the cards played, the trump card, the suits shown void; ``Sampler.total``, exact).
     Per trick, the share of the seat's remaining uncertainty that the trick removes, (H_t - H_t+1) / H_t; and the
     information the bids add under ``search``'s bid model, KL(weighted || uniform) in bits, estimated from
     ``--bid-draws`` uniform deals per seat at the first trick.

d. **Decision disagreement**: at every decision with a choice (every ``--every``-th), ``search:level=L`` as it is
   (its sampled deals) against the same search handed the true deal (*oracle*: its sampled deals replaced by the true
   one), for every level of ``--levels``; the share of decisions where the two choose differently, bids and card
   plays apart, by table size, hand size and tricks left. Controls: the same search with other random numbers (its
   own sampling noise) and the oracle with other random numbers (0 in play by construction; in bidding the bids of
   the seats still to bid are drawn). Since many actions tie, also: how often the honest choice is worse by the
   oracle's own values (its estimate on the true deal), and by how many points. Where the exact solver can say (plays
   with at most three tricks left; bids on 3-card hands by the last seat to bid, every other bid known): how often
   each one's choice is worse than the best card (bid) for the true deal under max^n play, and by how many points of
   round score on average.

The defaults (``--hands 40 --property-hands 120 --levels 1,2``) took 13 CPU minutes of pure Python (an editable
install; a compiled one is several times faster), half of it measurement d at level 2; ``--levels 3 --every 4 --only
d`` 5.5 more; ``--hands 2 --property-hands 2 --levels 1`` is a smoke run of seconds.
``tests/bots/test_search_properties.py`` runs it so, and checks the properties on hand-built positions.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from wizardcards.arena.match import derive_seed, hands_of
from wizardcards.bots.determinize import Sampler
from wizardcards.bots.endgame import Endgame
from wizardcards.bots.inference import BidModel, dealt_hands
from wizardcards.bots.rollout import playout
from wizardcards.bots.search import SearchBot
from wizardcards.core import Phase, State, View, find_rules, new_game
from wizardcards.core import actions as A
from wizardcards.core.wizard import round_score

EXACT_TRICKS = 3
"""Children are solved exactly (max^n) with at most this many tricks left, else valued by a heuristic playout."""


# --- statistics ------------------------------------------------------------------------------------------------


def wilson(p: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion ``p`` observed on (an effective) ``n`` trials."""
    if n <= 0:
        return 0.0, 1.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - spread), min(1.0, centre + spread)


def _variances(obs: Sequence[tuple[object, float]]) -> tuple[float, float, float]:
    """Mean, clustered variance of the mean (ratio estimator over clusters) and the variance as if independent."""
    m = len(obs)
    mean = sum(v for _, v in obs) / m
    clusters: dict[object, list[float]] = defaultdict(list)
    for key, v in obs:
        clusters[key].append(v)
    k = len(clusters)
    iid = sum((v - mean) ** 2 for _, v in obs) / (m - 1) / m if m > 1 else 0.0
    if k < 2:
        return mean, iid, iid
    clustered = k / (k - 1) * sum((sum(vs) - mean * len(vs)) ** 2 for vs in clusters.values()) / (m * m)
    return mean, clustered, iid


def share(obs: Sequence[tuple[object, float]]) -> str:
    """A proportion of 0/1 observations (cluster, value) with its interval, as text."""
    if not obs:
        return "-"
    p, clustered, iid = _variances(obs)
    deff = clustered / iid if iid > 0 else 1.0
    low, high = wilson(p, len(obs) / max(1.0, deff))
    return f"{p:6.1%} [{low:.1%}, {high:.1%}]"


def average(obs: Sequence[tuple[object, float]], digits: int = 1) -> str:
    """A mean of (cluster, value) observations with its interval, as text."""
    if not obs:
        return "-"
    mean, clustered, iid = _variances(obs)
    half = 1.96 * math.sqrt(max(clustered, iid))
    return f"{mean:.{digits}f} [{mean - half:.{digits}f}, {mean + half:.{digits}f}]"


# --- positions from real games ---------------------------------------------------------------------------------


@dataclass
class Hand:
    """One hand played by ``search`` in every seat: the states before every decision with a choice, and at the start
    of every trick."""

    players: int
    size: int
    index: int
    decisions: list[State] = field(default_factory=list)
    tricks: list[State] = field(default_factory=list)

    @property
    def key(self) -> tuple[int, int, int]:
        return self.players, self.size, self.index


def play_hand(players: int, size: int, index: int, seed: int, level: int = 1) -> Hand:
    """The first hand of a seeded game of ``size``-card hands, ``search:level`` in every seat."""
    rules = hands_of(find_rules("standard", players=players), size)
    state = new_game(rules, derive_seed(seed, "hand", players, size, index))
    bots = [SearchBot(level=level) for _ in range(players)]
    rngs = [random.Random(derive_seed(seed, "bot", players, size, index, s)) for s in range(players)]
    hand = Hand(players, size, index)
    while not state.sheet:
        seat = state.current_player()
        view = state.view(seat)
        if state.phase is Phase.PLAY and not state.trick:
            hand.tricks.append(state.clone())
        if len(view.legal_actions) > 1 and state.phase in (Phase.BID, Phase.PLAY):
            hand.decisions.append(state.clone())
        state.apply(bots[seat].act(view, rngs[seat]) if len(view.legal_actions) > 1 else view.legal_actions[0])
    return hand


def tricks_left(state: State) -> int:
    return state.hands[state.current_player()].bit_count()


# --- measurement p: the properties -----------------------------------------------------------------------------


def child_scores(state: State, exact: bool | None = None) -> dict[int, int]:
    """The round score of the seat on turn (a play decision) after each of its legal actions, the rest of the true
    deal played out: max^n with at most ``EXACT_TRICKS`` tricks left (or ``exact``), else the heuristic playout."""
    p = state.current_player()
    left = tricks_left(state)
    exact = left <= EXACT_TRICKS if exact is None else exact
    trump, lead_rule, bids = state.trump_suit, state.rules.lead_rule, list(state.bids)
    solver = Endgame(trump, lead_rule, bids)
    out = {}
    for action in state.legal_actions():
        card = A.card_of_action(action, state.hands[p])
        if exact:
            won = solver.solve(list(state.hands), list(state.trick), state.leader, state.led, list(state.tricks_won),
                               first=card)
        else:
            won = playout(list(state.hands), list(state.trick), state.leader, state.led, list(state.tricks_won),
                          trump, lead_rule, bids, first=card)
        out[action] = round_score(bids[p], won[p])
    return out


@dataclass
class NodeFigures:
    """The leaf-correlation and bias figures of one decision."""

    same_score: bool  # every child gives the seat the same round score
    same_outcome: bool  # every child makes the bid, or none does
    pairs_same: float  # share of pairs of children with the same score
    made: float  # share of children in which the seat makes its bid


def node_figures(scores: Iterable[int]) -> NodeFigures:
    values = list(scores)
    made = [v > 0 for v in values]  # a round score is positive exactly when the bid is made
    pairs = [(a, b) for i, a in enumerate(values) for b in values[i + 1:]]
    return NodeFigures(len(set(values)) == 1, len(set(made)) == 1, sum(a == b for a, b in pairs) / len(pairs),
                       sum(made) / len(made))


def property_stage(state: State, size: int) -> list[str]:
    """The rows of measurement p a play decision counts in."""
    left = tricks_left(state)
    n = state.players
    rows = []
    if left == size:
        rows.append("first trick" + (" (exact)" if size <= EXACT_TRICKS else " (playouts)"))
    if left == 3 and size > 3:
        rows.append("3 tricks left")
    if left == 2:
        rows.append("2 tricks left")
        if len(state.trick) == n - 1:
            rows.append("terminal siblings")
    return rows


def information_bits(state: State, seat: int) -> float:
    """log2 of the number of deals consistent with ``seat``'s view (hard constraints only)."""
    return math.log2(Sampler(state.view(seat)).total)


def bid_information(view: View, draws: int, rng: random.Random) -> float:
    """Bits the bids say about the hidden hands under the bid model: KL(weighted || uniform), estimated on ``draws``
    uniform deals (self-normalised)."""
    sampler = Sampler(view)
    model = BidModel(view.trump_suit, view.players, view.hand_size, view.dealer)
    played = list(view.played_by)
    weights = []
    for _ in range(draws):
        hands = sampler.sample(rng)[:view.players]
        weights.append(model.weight(dealt_hands(hands, played), view.bids, view.seat))
    total = sum(weights)
    mean = total / len(weights)
    return sum(w / total * math.log2(w / mean) for w in weights if w > 0)


def measure_properties(hands: Sequence[Hand], bid_draws: int, seed: int) -> None:
    print("\np. Long et al.'s properties on positions of search:level=1 self-play (children: max^n with <= 3 tricks "
          "left, else heuristic playouts)")
    by_table: dict[tuple[int, int], list[Hand]] = defaultdict(list)
    for hand in hands:
        by_table[(hand.players, hand.size)].append(hand)
    print("   leaf correlation: all children same score | same outcome (made/missed) | pairs same score; "
          "bias: children made (all; where all agree)")
    for (n, size), group in sorted(by_table.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        rows: dict[str, dict[str, list[tuple[object, float]]]] = defaultdict(lambda: defaultdict(list))
        for hand in group:
            for state in hand.decisions:
                if state.phase is not Phase.PLAY:
                    continue
                stages = property_stage(state, size)
                if not stages:
                    continue
                figures = node_figures(child_scores(state).values())
                for stage in stages:
                    row = rows[stage]
                    row["same"].append((hand.key, figures.same_score))
                    row["outcome"].append((hand.key, figures.same_outcome))
                    row["pairs"].append((hand.key, figures.pairs_same))
                    row["made"].append((hand.key, figures.made))
                    if figures.same_score:
                        row["made_same"].append((hand.key, figures.made))
        for stage in ("first trick (exact)", "first trick (playouts)", "3 tricks left", "2 tricks left",
                      "terminal siblings"):
            if stage in rows:
                row = rows[stage]
                print(f"   {n}p {size:2d} cards {stage:22s} n={len(row['same']):4d}  lc {share(row['same'])} | "
                      f"{share(row['outcome'])} | {average(row['pairs'], 3)};  bias {average(row['made'], 3)}; "
                      f"{average(row['made_same'], 3)}")
    print("   disambiguation: H0 = log2(consistent deals) at the first trick; df(t) = share of the remaining H the "
          "trick t removes; bids: KL(weighted || uniform) bits at the first trick")
    rng = random.Random(derive_seed(seed, "bid-information"))
    for (n, size), group in sorted(by_table.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        start: list[tuple[object, float]] = []
        bids: list[tuple[object, float]] = []
        per_trick: list[list[tuple[object, float]]] = [[] for _ in range(size)]
        for hand in group:
            if len(hand.tricks) != size:
                continue
            for seat in range(n):
                bits = [information_bits(state, seat) for state in hand.tricks] + [0.0]
                start.append((hand.key, bits[0]))
                for t in range(size):
                    if bits[t] > 0:
                        per_trick[t].append((hand.key, (bits[t] - bits[t + 1]) / bits[t]))
                if bid_draws:
                    bids.append((hand.key, bid_information(hand.tricks[0].view(seat), bid_draws, rng)))
        if not start:
            continue
        curve = " ".join(f"{sum(v for _, v in obs) / len(obs):.2f}" if obs else "-" for obs in per_trick)
        print(f"   {n}p {size:2d} cards  H0 {average(start)} bits; df by trick: {curve}; df first trick "
              f"{average(per_trick[0], 3)}, penultimate {average(per_trick[size - 2], 3) if size > 1 else '-'}; "
              f"bids {average(bids, 2) if bids else '-'} bits")


# --- measurement d: decision disagreement ----------------------------------------------------------------------


class Oracle(SearchBot):
    """``search`` whose sampled deals are all the true one (``hands``, read from the referee's state): in play one
    deal (every bid is known, so its value is the same on every copy); in bidding as many copies as the honest
    search samples deals, each with its own draw of the bids still to come."""

    def __init__(self, level: int, hands: Sequence[int]) -> None:
        super().__init__(level=level)
        self.hands = list(hands)

    def _weighted_deals(
        self, view: View, sampler: Sampler, deals: int, rng: random.Random, model: BidModel, played: list[int],
    ) -> list[tuple[list[int], list[int], int]]:
        dealt = dealt_hands(self.hands, played)
        if view.phase is Phase.PLAY and all(b is not None for b in view.bids):
            return [(list(self.hands), dealt, 1)]
        return [(list(self.hands), dealt, 1) for _ in range(deals)]


def exact_bid_scores(state: State) -> dict[int, int] | None:
    """The round score of each legal bid of the seat on turn, the hand then solved by max^n on the true deal, when
    that seat bids last (every other bid known) and the hand has at most ``EXACT_TRICKS`` cards; else None."""
    n, p = state.players, state.current_player()
    if state.hand_size > EXACT_TRICKS or p != state.dealer:
        return None
    out = {}
    for action in state.legal_actions():
        targets = list(state.bids)
        targets[p] = action - A.BID_BASE
        won = Endgame(state.trump_suit, state.rules.lead_rule, targets).solve(
            list(state.hands), [], (state.dealer + 1) % n, -1, [0] * n)
        out[action] = round_score(targets[p], won[p])
    return out


def decision_row(state: State, size: int) -> tuple[str, str]:
    if state.phase is Phase.BID:
        return "bid", f"{size}-card hands"
    left = tricks_left(state)
    if left == size:
        stage = "first trick"
    elif left > EXACT_TRICKS:
        stage = f"{EXACT_TRICKS + 1}-{size - 1} left"
    else:
        stage = f"{left} tricks left"
    return "play", f"{size}-card hands, {stage}"


@dataclass
class Choices:
    honest: int
    again: int  # the same search, other random numbers
    oracle: int
    oracle_again: int
    oracle_values: dict[int, float]  # the oracle's own value of every action (the search's estimate on the true deal)
    exact: dict[int, int] | None  # max^n score of every action on the true deal, where the solver can say


def choices(state: State, level: int, seed: int, where: tuple[object, ...]) -> Choices:
    view = state.view(state.current_player())
    bot = SearchBot(level=level)
    oracle = Oracle(level, state.hands)

    def rng(label: str) -> random.Random:
        return random.Random(derive_seed(seed, label, level, *where))

    exact = None
    if state.phase is Phase.PLAY and tricks_left(state) <= EXACT_TRICKS:
        exact = child_scores(state, exact=True)
    elif state.phase is Phase.BID:
        exact = exact_bid_scores(state)
    chosen, values = oracle.decide(view, rng("honest"))
    assert values is not None
    return Choices(bot.act(view, rng("honest")), bot.act(view, rng("again")), chosen, oracle.act(view, rng("again")),
                   values, exact)


def measure_disagreement(hands: Sequence[Hand], levels: Sequence[int], every: int, seed: int) -> None:
    for level in levels:
        started = time.process_time()
        print(f"\nd. search:level={level} with its sampled deals against the same handed the true deal (oracle), "
              f"every {'' if every == 1 else f'{every}th '}decision with a choice")
        print("   differs from oracle | from itself (other seed) | oracle from itself | worse by the oracle's own "
              "values, points lost; where max^n can say: honest worse, points lost | oracle worse, points lost")
        rows: dict[tuple[str, str, int | str], dict[str, list[tuple[object, float]]]] = defaultdict(
            lambda: defaultdict(list))
        count = 0
        for hand in hands:
            for i, state in enumerate(hand.decisions):
                if (hand.index + i) % every:
                    continue
                count += 1
                kind, stage = decision_row(state, hand.size)
                c = choices(state, level, seed, (*hand.key, i))
                keys: list[tuple[str, str, int | str]] = [(kind, stage, hand.players), (kind, stage, "all"),
                                                          (kind, "all", "all")]
                if kind == "play" and tricks_left(state) <= EXACT_TRICKS:
                    keys.append((kind, f"at most {EXACT_TRICKS} tricks left", "all"))
                for key in keys:
                    row = rows[key]
                    row["oracle"].append((hand.key, c.honest != c.oracle))
                    row["again"].append((hand.key, c.honest != c.again))
                    row["oracle_again"].append((hand.key, c.oracle != c.oracle_again))
                    loss = c.oracle_values[c.oracle] - c.oracle_values[c.honest]
                    row["valued_worse"].append((hand.key, loss > 1e-9))
                    row["valued_loss"].append((hand.key, loss))
                    if c.exact is not None:
                        best = max(c.exact.values())
                        row["honest_worse"].append((hand.key, c.exact[c.honest] < best))
                        row["honest_loss"].append((hand.key, best - c.exact[c.honest]))
                        row["oracle_worse"].append((hand.key, c.exact[c.oracle] < best))
                        row["oracle_loss"].append((hand.key, best - c.exact[c.oracle]))

        def order(key: tuple[str, str, int | str]) -> tuple[int, int, str, int]:
            kind, stage, n = key
            size = int(stage.split("-")[0]) if stage[0].isdigit() else 98 if stage != "all" else 99
            return (kind != "bid", size, stage, 99 if n == "all" else int(n))

        for key in sorted(rows, key=order):
            kind, stage, n = key
            row = rows[key]
            exact = (f"; {share(row['honest_worse'])}, {average(row['honest_loss'])} | {share(row['oracle_worse'])}, "
                     f"{average(row['oracle_loss'])} (n={len(row['honest_worse'])})" if row["honest_worse"] else "")
            print(f"   {kind:4s} {stage:34s} {str(n):>3s}p n={len(row['oracle']):4d}: {share(row['oracle'])} | "
                  f"{share(row['again'])} | {share(row['oracle_again'])} | {share(row['valued_worse'])}, "
                  f"{average(row['valued_loss'])}{exact}")
        print(f"   ({count} decisions, {time.process_time() - started:.0f} s CPU)")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", default="3,4,5,6", help="table sizes (default 3,4,5,6)")
    parser.add_argument("--sizes", default="3,9", help="hand sizes (default 3,9: small and large)")
    parser.add_argument("--hands", type=int, default=40,
                        help="hands per table size and hand size for measurement d (default 40)")
    parser.add_argument("--property-hands", type=int, default=120,
                        help="hands per table size and hand size for measurement p (default 120; d uses the first)")
    parser.add_argument("--levels", default="1,2", help="search levels of measurement d (default 1,2)")
    parser.add_argument("--every", type=int, default=1, help="measurement d on every K-th decision (default 1)")
    parser.add_argument("--bid-draws", type=int, default=100, help="uniform deals per seat for the bids' bits")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="pd", help="measurements to run: p (properties), d (disagreement)")
    args = parser.parse_args(argv)
    players = [int(x) for x in args.players.split(",")]
    sizes = [int(x) for x in args.sizes.split(",")]
    levels = [int(x) for x in args.levels.split(",")] if args.levels else []
    print(f"benchmarks/search_properties.py --players {args.players} --sizes {args.sizes} --hands {args.hands} "
          f"--property-hands {args.property_hands} --levels {args.levels} --every {args.every} "
          f"--bid-draws {args.bid_draws} --seed {args.seed} --only {args.only}")
    started = time.process_time()
    count = max(args.hands, args.property_hands if "p" in args.only else 0)
    hands = [play_hand(n, size, i, args.seed) for n in players for size in sizes for i in range(count)]
    print(f"   {len(hands)} hands, {sum(len(h.decisions) for h in hands)} decisions with a choice "
          f"({time.process_time() - started:.0f} s CPU)")
    if "p" in args.only:
        started = time.process_time()
        measure_properties([h for h in hands if h.index < args.property_hands], args.bid_draws, args.seed)
        print(f"   ({time.process_time() - started:.0f} s CPU)")
    if "d" in args.only:
        measure_disagreement([h for h in hands if h.index < args.hands], levels, args.every, args.seed)


if __name__ == "__main__":
    main()
