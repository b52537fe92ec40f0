"""Statistics and ratings on small tournaments whose figures are computed by hand here."""

from __future__ import annotations

import math

import pytest

from wizardcards.arena.match import GameResult
from wizardcards.arena.ratings import competition_ranks, rate
from wizardcards.arena.stats import mean_ci, t975, tournament_stats

LABELS = ["a", "b", "c"]


def wizard_game(index: int, deal: int, scores, shares, rounds) -> GameResult:
    return GameResult(
        index=index, deal=deal, seat_of=(0, 1, 2), scores=tuple(scores), win_share=tuple(shares), decisions=10,
        rounds=tuple(tuple(r) for r in rounds),
    )


# Three games, three entries, two rounds each: (bid, tricks) per round.
GAMES = [
    wizard_game(0, 0, (30, -10, 20), (1, 0, 0), [[(1, 1), (2, 1)], [(0, 1), (1, 1)], [(1, 1), (0, 0)]]),
    wizard_game(1, 1, (10, 10, -20), (0.5, 0.5, 0), [[(0, 0), (1, 2)], [(1, 0), (2, 2)], [(2, 1), (0, 0)]]),
    wizard_game(2, 2, (50, 0, 20), (1, 0, 0), [[(1, 1), (1, 1)], [(2, 0), (0, 0)], [(0, 1), (1, 0)]]),
]


def test_t_quantiles() -> None:
    assert t975(1) == 12.706
    assert t975(30) == 2.042
    assert t975(40) == pytest.approx(2.0211, abs=2e-4)
    assert t975(100) == pytest.approx(1.9840, abs=2e-4)
    assert t975(10**6) == pytest.approx(1.95996, abs=1e-4)
    with pytest.raises(ValueError):
        t975(0)


def test_mean_ci_by_hand() -> None:
    mean, half = mean_ci([30, 10, 50])  # stdev 20
    assert mean == 30
    assert half == pytest.approx(4.303 * 20 / math.sqrt(3))
    assert mean_ci([7]) == (7, None)


def test_wizard_figures_of_a_hand_computed_tournament() -> None:
    stats = tournament_stats(list(reversed(GAMES)), LABELS, duplicate=False)  # order of arrival does not matter
    a, b, c = stats["bots"]
    assert stats["games"] == 3 and stats["deals"] == 3 and stats["decisions"] == 30
    assert a["mean_score"] == 30
    assert a["ci95"] == pytest.approx(4.303 * 20 / math.sqrt(3))
    assert (a["low"], a["high"]) == pytest.approx((30 - a["ci95"], 30 + a["ci95"]))
    # win share: a won game 0 and 2 alone and shared game 1 with b
    assert a["win_rate"] == pytest.approx(2.5 / 3)
    assert b["win_rate"] == pytest.approx(0.5 / 3)
    assert c["win_rate"] == 0
    assert a["wins"] + b["wins"] + c["wins"] == pytest.approx(3)
    # a: (1,1) (2,1) (0,0) (1,2) (1,1) (1,1): 4 of 6 exact, errors 0+1+0+1+0+0
    assert a["rounds"] == 6
    assert a["bid_accuracy"] == pytest.approx(4 / 6)
    assert a["mean_bid_error"] == pytest.approx(2 / 6)
    assert a["score_per_round"] == pytest.approx(90 / 6)
    # b: (0,1) (1,1) (1,0) (2,2) (2,0) (0,0): 3 of 6 exact, errors 1+0+1+0+2+0
    assert b["bid_accuracy"] == pytest.approx(3 / 6)
    assert b["mean_bid_error"] == pytest.approx(4 / 6)
    assert b["score_per_round"] == pytest.approx(0)
    # c: (1,1) (0,0) (2,1) (0,0) (0,1) (1,0): 3 of 6 exact, errors 0+0+1+0+1+1
    assert c["bid_accuracy"] == pytest.approx(3 / 6)
    assert c["mean_bid_error"] == pytest.approx(3 / 6)


def test_duplicate_interval_is_over_deals_not_games() -> None:
    # Two entries, two deals each played twice: entry 0 scores 10, 30 on deal 0 and 40, 60 on deal 1.
    games = [
        GameResult(index=i, deal=i // 2, seat_of=(i % 2, 1 - i % 2), scores=(s, -s), win_share=(1, 0), decisions=1)
        for i, s in enumerate((10, 30, 40, 60))
    ]
    dup = tournament_stats(games, ["x", "y"], duplicate=True)["bots"][0]
    plain = tournament_stats(games, ["x", "y"], duplicate=False)["bots"][0]
    assert dup["mean_score"] == plain["mean_score"] == 35
    # deal means 20 and 50: stdev 21.213, t(1) = 12.706
    assert dup["ci95"] == pytest.approx(12.706 * math.sqrt(450) / math.sqrt(2))
    assert plain["ci95"] == pytest.approx(3.182 * math.sqrt(1300 / 3) / 2)  # deviations 25, 5, 5, 25


def test_wily_figures_and_team_table() -> None:
    # Partners: entries 0 and 2 are a team, 1 and 3 the other.
    games = [
        GameResult(index=0, deal=0, seat_of=(0, 1, 2, 3), scores=(6, 3, 6, 3), win_share=(1, 0, 1, 0), decisions=1,
                   team_of=(0, 1, 0, 1), team_rank=(1, 2), high_bids=(3, 2, 1, 1), contracts=(2, 0, 1, 1), hands=7),
        GameResult(index=1, deal=1, seat_of=(1, 2, 3, 0), scores=(2, 6, 2, 6), win_share=(0, 1, 0, 1), decisions=1,
                   team_of=(1, 0, 1, 0), team_rank=(2, 1), high_bids=(1, 4, 0, 3), contracts=(0, 3, 0, 3), hands=8),
    ]
    stats = tournament_stats(games, ["p", "q", "r", "s"], duplicate=False)
    p, q, _, s = stats["bots"]
    assert p["mean_score"] == 4 and q["mean_score"] == 4.5
    assert p["high_bids"] == 4 and p["contracts_made"] == 2 and p["contract_rate"] == 0.5
    assert q["high_bids"] == 6 and q["contracts_made"] == 3
    assert s["contract_rate"] == pytest.approx(4 / 4)
    assert p["team_wins"] == 1 and p["hands"] == 15
    teams = {tuple(row["team"]): row for row in stats["teams"]}
    assert teams[("p", "r")]["games"] == 2 and teams[("p", "r")]["wins"] == 1
    assert teams[("q", "s")]["win_rate"] == 0.5


def test_competition_ranks_share_ties() -> None:
    assert competition_ranks([30, 10, 30, 5]) == [1, 3, 1, 4]


def test_ratings_rank_the_winner_first_and_ignore_arrival_order() -> None:
    ratings = rate(GAMES, LABELS)
    assert rate(list(reversed(GAMES)), LABELS) == ratings
    mus = [r["mu"] for r in ratings]
    assert mus[0] > 25 > mus[2]  # a finished first in every game, c never above second
    assert all(r["ordinal"] == pytest.approx(r["mu"] - 3 * r["sigma"]) for r in ratings)
    assert all(r["sigma"] < 25 / 3 for r in ratings)


def test_team_ratings_move_partners_together() -> None:
    games = [
        GameResult(index=i, deal=i, seat_of=(0, 1, 2, 3), scores=(6, 2, 6, 2), win_share=(1, 0, 1, 0), decisions=1,
                   team_of=(0, 1, 0, 1), team_rank=(1, 2), high_bids=(0,) * 4, contracts=(0,) * 4, hands=6)
        for i in range(3)
    ]
    p, q, r, s = rate(games, ["p", "q", "r", "s"])
    assert p["mu"] == pytest.approx(r["mu"]) and q["mu"] == pytest.approx(s["mu"])
    assert p["mu"] > 25 > q["mu"]
