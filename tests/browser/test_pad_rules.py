"""The score pad's JavaScript against the core, in Chromium: every conformance vector about points, the dealer's bid
and Wily letters, and thousands of random rounds, hands, rule sets and draws, each answered by the page's own
modules (web/js/pad_rules.js, pad_model.js reading GET /pad/rules) and by the core's functions."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from wizardcards.core.cards import FIRST_JESTER, FIRST_WIZARD, RANKS, RankStyle, rank_faces
from wizardcards.core.deal import DealSource, scorekeeper_of
from wizardcards.core.pad_rules import no_trump_reason
from wizardcards.core.rules import BidRule, Game, ImpossibleRulesError, RuleSet, Schedule, WilyMode
from wizardcards.core.wily import LETTERS_TO_WIN, contract_of, letters_awarded, teams_of
from wizardcards.core.wizard import winners_of
from wizardcards.tui.scorepad_model import ScorePad

from .pad_support import in_page, open_pad, pad_server  # noqa: F401 - pad_server is a fixture

VECTORS: dict[str, Any] = json.loads((Path(__file__).parents[1] / "conformance" / "vectors.json").read_text())
RANDOM_PADS = 400


@pytest.fixture(scope="module")
def js(browser: Any, pad_server: Any) -> Page:  # noqa: F811
    context = browser.new_context(viewport={"width": 390, "height": 844})
    return open_pad(context, pad_server)


def test_round_scores_vectors(js: Page) -> None:
    cases = VECTORS["round_scores"]
    got = in_page(js, "return arg.map((c) => R.roundPoints(cat, c.bid, c.tricks));", cases)
    assert got == [case["score"] for case in cases] and len(cases) > 50


def test_official_example_vector(js: Page) -> None:
    case = VECTORS["official_example"]
    got = in_page(js, """
        const sheet = M.newSheet(cat, {names: ['Paul', 'Ann', 'Bob'], rules: {game: 'wizard', schedule: 'custom',
          custom_hand_sizes: [2, 3, 4, 5]}});
        arg.bids.forEach((bid, i) => {
          const size = M.info(cat, sheet, i).handSize;
          M.enterRound(cat, sheet, i, [bid, 0, 0]);
          M.enterTricks(cat, sheet, i, [arg.tricks[i], size - arg.tricks[i], 0]);
        });
        return M.runningTotals(cat, sheet)[0];""", case)
    assert got == case["running_totals"] == [-10, 30, 60, 50]


def test_dealer_bid_vectors(js: Page) -> None:
    """The dealer is the last seat; leading alone: 10 points ahead of everyone (as tests/core does)."""
    cases = VECTORS["dealer_bid"]
    got = in_page(js, """return arg.map((c) => {
        const totals = c.other_bids.map(() => 0).concat([c.dealer_leads_alone ? 10 : 0]);
        return R.forbiddenBid(cat, c.rule, c.hand_size, c.other_bids, totals, c.other_bids.length);
      });""", cases)
    assert got == [case["forbidden"] for case in cases]
    assert any(f is not None for f in got) and any(f is None for f in got)


def test_wily_letters_vectors(js: Page) -> None:
    """Each case in the setup of its team count with the largest hands; a case no real hand can reach (a bid above
    every hand size of that many teams) is counted, not compared."""
    cases, playable = VECTORS["wily_letters"], []
    for case in cases:
        setups = [RuleSet(game=Game.WILY, players=n, mode=mode) for mode in WilyMode for n in range(3, 8)
                  if _fits(mode, n) and max(teams_of(mode, n)) + 1 == case["teams"]]
        best = max(setups, key=lambda r: r.hand_sizes[0])
        if max(case["bid"], case["team_tricks"]) <= best.hand_sizes[0]:
            bidder = teams_of(best.mode, best.players).index(case["bidder_team"])
            playable.append({"rules": best.to_dict(), "bidder": bidder, "case": case})
    got = in_page(js, """return arg.map(({rules, bidder, case: c}) => {
        const setup = R.wilySetup(cat, rules);
        return R.lettersAwarded(cat, rules, setup, {high_bidder: bidder, bid: c.bid, tricks: c.team_tricks});
      });""", playable)
    assert got == [p["case"]["letter_to"] for p in playable]
    assert len(playable) >= 24, len(playable)


def _fits(mode: WilyMode, players: int) -> bool:
    try:
        RuleSet(game=Game.WILY, players=players, mode=mode)
        return True
    except ImpossibleRulesError:
        return False


def random_wizard_rules(rng: random.Random) -> RuleSet:
    while True:
        players = rng.randint(3, 6)
        schedule = rng.choice(list(Schedule))
        most = 60 // players
        custom = tuple(rng.randint(1, most) for _ in range(rng.randint(1, 6))) if schedule is Schedule.CUSTOM else ()
        rule = rng.choice(list(BidRule))
        hidden = rule is BidRule.NONE and rng.random() < 0.3
        style = rng.choice(list(RankStyle))
        return RuleSet(players=players, schedule=schedule, custom_hand_sizes=custom, bid_rule=rule,
                       hidden_bids=hidden, rank_style=style)


def test_hand_sizes_trump_dealers_and_rule_form_of_random_rule_sets(js: Page) -> None:
    rng = random.Random(17)
    cases = []
    for _ in range(300):
        rules = random_wizard_rules(rng)
        first = rng.randrange(rules.players)
        cases.append({"rules": rules.to_dict(), "first": first, "expected": {
            "sizes": list(rules.hand_sizes), "canonical": rules.to_dict(),
            "no_trump": [no_trump_reason(rules, i) for i in range(rules.rounds)],
            "dealers": [(first + i) % rules.players for i in range(rules.rounds)],
        }})
    got = in_page(js, """return arg.map(({rules, first}) => {
        const sizes = R.handSizes(cat, rules);
        const infos = sizes.map((_, i) => R.roundInfo(cat, rules, first, i));
        const loose = {...rules}; delete loose.last_hand_no_trump;
        return {sizes, canonical: R.canonicalRules(cat, {bid_rule: 'none', hidden_bids: false, ...loose}),
                no_trump: infos.map((i) => i.noTrump), dealers: infos.map((i) => i.dealer)};
      });""", cases)
    for case, answer in zip(cases, got, strict=True):
        assert answer == case["expected"], case["rules"]


def random_pad(rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
    """A random game kept by the terminal pad's model (the core's functions): each round's bids (the dealer's refused
    one avoided, and noted), tricks, points and totals; sometimes an unfinished game."""
    rules = random_wizard_rules(rng)
    names = [f"P{seat}" for seat in range(rules.players)]
    pad = ScorePad(names, rules, rng.randrange(rules.players))
    rounds, forbidden = [], []
    for index in range(rng.randint(1, len(pad.rounds))):
        size = pad.info(index).hand_size
        dealer = pad.info(index).dealer
        bids = [rng.randint(0, size) for _ in names]
        refused = pad.forbidden_bid(index, bids)
        forbidden.append(refused)
        if refused is not None and bids[dealer] == refused:
            bids[dealer] = (refused + 1) % (size + 1)
        cut = sorted(rng.randint(0, size) for _ in range(len(names) - 1))
        tricks = [b - a for a, b in zip([0, *cut], [*cut, size], strict=True)]
        pad.set_bids(index, bids)
        pad.set_tricks(index, tricks)
        rounds.append({"bids": bids, "tricks": tricks})
    expected = {
        "points": [pad.points(i) for i in range(len(rounds))],
        "totals": pad.totals, "forbidden": forbidden,
        "winners": winners_of(pad.totals) if pad.finished else [],
    }
    return {"names": names, "rules": rules.to_dict(), "first": pad.first_dealer, "rounds": rounds}, expected


def test_thousands_of_random_rounds(js: Page) -> None:
    rng = random.Random(2026)
    pads = [random_pad(rng) for _ in range(RANDOM_PADS)]
    rounds = sum(len(p[0]["rounds"]) for p in pads)
    assert rounds >= 2000, rounds
    got = in_page(js, """return arg.map((p) => {
        const sheet = M.newSheet(cat, {names: p.names, rules: p.rules, firstDealer: p.first});
        const forbidden = [];
        let refusedAsExpected = true;
        p.rounds.forEach((r, i) => {
          const dealer = M.info(cat, sheet, i).dealer;
          const f = M.forbiddenBid(cat, sheet, i, r.bids);
          forbidden.push(f);
          if (f !== null) {
            const wrong = r.bids.slice(); wrong[dealer] = f;
            try { M.enterRound(cat, sheet, i, wrong); refusedAsExpected = false; } catch (e) {
              if (e.key !== 'err_dealer_bid') refusedAsExpected = false;
            }
          }
          M.enterRound(cat, sheet, i, r.bids);
          const wrongTricks = r.tricks.slice(); wrongTricks[0] += 1;
          try { M.enterTricks(cat, sheet, i, wrongTricks); refusedAsExpected = false; } catch (e) {
            if (!['err_tricks_sum', 'err_tricks_range'].includes(e.key)) refusedAsExpected = false;
          }
          M.enterTricks(cat, sheet, i, r.tricks);
        });
        return {points: p.rounds.map((_, i) => M.points(cat, sheet, i)), totals: M.totals(cat, sheet), forbidden,
                winners: M.winners(cat, sheet), refusedAsExpected};
      });""", [p[0] for p in pads])
    for (pad, expected), answer in zip(pads, got, strict=True):
        assert answer.pop("refusedAsExpected") is True, pad
        assert answer == expected, pad
    assert sum(f is not None for _, e in pads for f in e["forbidden"]) > 100


def random_wily(rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
    while True:
        mode, players = rng.choice(list(WilyMode)), rng.randint(3, 7)
        try:
            rules = RuleSet(game=Game.WILY, players=players, mode=mode,
                            combined_bids=mode is not WilyMode.NO_PARTNERS and rng.random() < 0.5)
            break
        except ImpossibleRulesError:
            continue
    teams = teams_of(mode, players)
    count = max(teams) + 1
    size = rules.hand_sizes[0]
    letters, hands, after = [0] * count, [], []
    while not any(n >= LETTERS_TO_WIN for n in letters):
        if rng.random() < 0.1:
            hands.append({"high_bidder": None})
        else:
            bidder, bid = rng.randrange(players), rng.randint(1, size)
            calls = [bid if s == bidder else rng.randint(0, bid - 1) if teams[s] == teams[bidder] else 0
                     for s in range(players)]
            tricks = rng.randint(0, size)
            contract = contract_of(rules.combined_bids, teams, bidder, bid, calls)
            for team in letters_awarded(count, teams[bidder], contract, tricks):
                letters[team] += 1
            hands.append({"high_bidder": bidder, "bid": bid, "calls": calls, "trump": "spades", "tricks": tricks})
        after.append(list(letters))
    winners = [s for s in range(players) if letters[teams[s]] >= LETTERS_TO_WIN]
    return ({"names": [f"P{s}" for s in range(players)], "rules": rules.to_dict(), "hands": hands},
            {"letters": after, "winners": winners})


def test_random_wily_games_to_their_winners(js: Page) -> None:
    rng = random.Random(7)
    games = [random_wily(rng) for _ in range(150)]
    assert sum(len(g[0]["hands"]) for g in games) >= 1000
    got = in_page(js, """return arg.map((g) => {
        const sheet = M.newSheet(cat, {names: g.names, rules: g.rules});
        g.hands.forEach((hand, i) => M.enterHand(cat, sheet, i, hand));
        return {letters: g.hands.map((_, i) => M.lettersAfter(cat, sheet, i)), winners: M.winners(cat, sheet)};
      });""", [g[0] for g in games])
    for (game, expected), answer in zip(games, got, strict=True):
        assert answer == expected, game["rules"]


def test_random_draws_pick_the_engines_dealer_and_scorekeeper(js: Page) -> None:
    cases = []
    for seed in range(600):
        players = 3 + seed % 5
        style = list(RankStyle)[seed % 2]
        dealer, draws = DealSource(seed).draw_first_dealer(players)
        named = [[None if c < 0 else "jester" if c >= FIRST_JESTER else "wizard" if c >= FIRST_WIZARD
                  else rank_faces(style)[c % RANKS] for c in draw] for draw in draws]
        cases.append({"style": style.value, "draws": named,
                      "expected": {"dealer": dealer, "scorekeeper": scorekeeper_of(dealer, draws)}})
    got = in_page(js, """return arg.map((c) => {
        const kinds = R.drawKinds(cat, c.style);
        const strength = (name) => (name === null ? null
          : kinds.find((k) => k.kind === name || k.label === name).strength);
        const rounds = c.draws.map((d) => d.map(strength));
        for (let k = 1; k <= rounds.length; k += 1) {
          const out = R.drawOutcome(cat, rounds.slice(0, k));
          if (!out.redraw) return k === rounds.length ? out : {early: k};
          const expected = rounds[k] ? rounds[k].map((v, s) => (v === null ? -1 : s)).filter((s) => s >= 0) : null;
          if (JSON.stringify(out.redraw) !== JSON.stringify(expected)) return {wrongRedraw: out.redraw};
        }
        return {none: true};
      });""", cases)
    assert got == [case["expected"] for case in cases]
    assert sum(len(case["draws"]) > 1 for case in cases) > 50  # ties drawn again are tested too


def test_the_page_takes_every_number_from_the_tables(js: Page) -> None:
    """Tables changed in the page change what the page computes: it holds no number of its own for points, hand
    sizes, dealers, the dealer's bid or letters (a copy of a rule would ignore the change)."""
    got = in_page(js, """
        cat.wizard.scores = cat.wizard.scores.map((row, bid) => row.map((_, tricks) => 1000 * bid + tricks));
        cat.wizard.players['3'].schedules.standard = [4, 2];
        cat.wizard.players['3'].all_dealt = [2];
        cat.wizard.dealer_step = 2;
        cat.wizard.bid_rules.hook.forbidden['4'] = [3, 3, 3, 3, 3];
        const sheet = M.newSheet(cat, {names: ['A', 'B', 'C'], rules: {game: 'wizard', bid_rule: 'hook'}});
        const infos = [0, 1].map((i) => M.info(cat, sheet, i));
        let refused = null;
        try { M.enterRound(cat, sheet, 0, [3, 0, 0]); } catch (e) { refused = e.key; }  // A deals: 3 is refused
        M.enterRound(cat, sheet, 0, [1, 0, 2]);
        M.enterTricks(cat, sheet, 0, [1, 1, 2]);
        const wily = {game: 'wily', players: 4};
        const setup = R.wilySetup(cat, wily);
        setup.award = [{made: [1], missed: [0]}, {made: [0], missed: [1]}];
        return {sizes: infos.map((i) => i.handSize), dealers: infos.map((i) => i.dealer),
                noTrump: infos.map((i) => i.noTrump), refused, points: M.points(cat, sheet, 0),
                letters: R.lettersAwarded(cat, wily, setup, {high_bidder: 0, bid: 3, tricks: 5})};""")
    assert got == {"sizes": [4, 2], "dealers": [0, 2], "noTrump": [None, "all_dealt"], "refused": "err_dealer_bid",
                   "points": [1001, 1, 2002], "letters": [1]}


def test_random_corrections_of_earlier_rounds(js: Page) -> None:
    """Canadian games: an earlier round's tricks corrected; the totals after it, and the later rounds whose dealer's
    bid the rule now refuses, as the terminal pad's model (the core's functions) finds them."""
    rng = random.Random(99)
    cases = []
    while len(cases) < 300:
        players = rng.randint(3, 6)
        pad = ScorePad([f"P{s}" for s in range(players)], RuleSet(players=players, bid_rule=BidRule.CANADIAN),
                       rng.randrange(players))
        rounds = []
        for index in range(rng.randint(3, 8)):
            size = pad.info(index).hand_size
            bids = [rng.randint(0, size) for _ in range(players)]
            dealer = pad.info(index).dealer
            if pad.forbidden_bid(index, bids) == bids[dealer]:
                bids[dealer] = (bids[dealer] + 1) % (size + 1)
            tricks = [0] * players
            for _ in range(size):
                tricks[rng.randrange(players)] += 1
            pad.set_bids(index, bids)
            pad.set_tricks(index, tricks)
            rounds.append({"bids": bids, "tricks": tricks})
        index = rng.randrange(len(rounds) - 1)
        size = pad.info(index).hand_size
        fixed = [0] * players
        for _ in range(size):
            fixed[rng.randrange(players)] += 1
        pad.set_tricks(index, fixed)
        conflicts = pad.set_bids(index, rounds[index]["bids"])  # the same bids: it answers the later conflicts
        cases.append({"players": players, "first": pad.first_dealer, "rounds": rounds, "index": index, "fixed": fixed,
                      "expected": {"totals": pad.running_totals(), "conflicts": conflicts}})
    got = in_page(js, """return arg.map((c) => {
        const sheet = M.newSheet(cat, {names: c.rounds[0].bids.map((_, s) => 'P' + s),
                                       rules: {game: 'wizard', bid_rule: 'canadian'}, firstDealer: c.first});
        c.rounds.forEach((r, i) => { M.enterRound(cat, sheet, i, r.bids); M.enterTricks(cat, sheet, i, r.tricks); });
        M.enterTricks(cat, sheet, c.index, c.fixed);
        return {totals: M.runningTotals(cat, sheet), conflicts: M.laterConflicts(cat, sheet, c.index)};
      });""", cases)
    assert got == [case["expected"] for case in cases]
    assert sum(bool(case["expected"]["conflicts"]) for case in cases) >= 3  # corrections that make a bid refused (rare)
