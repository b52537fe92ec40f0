"""server/ratings.py against openskill itself: every number here is openskill's own ``rate()`` called directly on a
ranking written out by hand, and the rules of who is rated (presets, seats, leavers, repeated games)."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from wizardcards.core import find_rules
from wizardcards.server import ratings as R
from wizardcards.server.players import rated_bot

MODEL = PlackettLuce()


def close(rating: R.Rating, mu: float, sigma: float) -> bool:
    return rating.mu == pytest.approx(mu, abs=1e-12) and rating.sigma == pytest.approx(sigma, abs=1e-12)


def test_four_new_wizard_players_move_as_openskill_moves_them() -> None:
    # final scores 120, 80, 80, -20: ranks 1, 2, 2, 4 (the two 80s tie)
    ranks = R.final_ranks("wizard", [0, 1, 2, 3], [120, 80, 80, -20], [0], [])
    assert ranks == [1, 2, 2, 4]
    entrants = [R.Entrant(seat, f"a{seat}", None, seat, rank) for seat, rank in enumerate(ranks)]
    after = R.update("wizard", entrants, {})
    direct = MODEL.rate([[MODEL.rating()] for _ in range(4)], ranks=[1.0, 2.0, 2.0, 4.0])
    for seat in range(4):
        assert close(after[f"a{seat}"], direct[seat][0].mu, direct[seat][0].sigma)
    assert after["a0"].mu > 25 > after["a3"].mu and after["a1"] == after["a2"]


def test_known_ratings_are_the_starting_point() -> None:
    ratings = {"a": R.Rating(30.0, 4.0), "b": R.Rating(20.0, 6.0), "c": R.Rating(25.0, 8.0)}
    entrants = [R.Entrant(0, "a", None, 0, 3), R.Entrant(1, "b", None, 1, 1), R.Entrant(2, "c", None, 2, 2)]
    after = R.update("wizard", entrants, ratings)
    direct = MODEL.rate([[MODEL.rating(mu=30, sigma=4)], [MODEL.rating(mu=20, sigma=6)],
                         [MODEL.rating(mu=25, sigma=8)]], ranks=[3.0, 1.0, 2.0])
    for name, team in zip("abc", direct, strict=True):
        assert close(after[name], team[0].mu, team[0].sigma)


def test_wily_rates_the_teams_by_the_games_result() -> None:
    # partners: seats 0 and 2 against 1 and 3; team 1 won with 6 letters, team 0 held 4
    teams, letters = [0, 1, 0, 1], [4, 6, 4, 6]
    ranks = R.final_ranks("wily", teams, letters, [1, 3], [])
    assert ranks == [2, 1, 2, 1]
    entrants = [R.Entrant(seat, f"a{seat}", None, teams[seat], ranks[seat]) for seat in range(4)]
    after = R.update("wily", entrants, {"a0": R.Rating(28.0, 5.0)})
    direct = MODEL.rate([[MODEL.rating(mu=28, sigma=5), MODEL.rating()], [MODEL.rating(), MODEL.rating()]],
                        ranks=[2.0, 1.0])
    assert close(after["a0"], direct[0][0].mu, direct[0][0].sigma)
    assert close(after["a2"], direct[0][1].mu, direct[0][1].sigma)
    assert close(after["a1"], direct[1][0].mu, direct[1][0].sigma)
    assert close(after["a3"], direct[1][1].mu, direct[1][1].sigma)


def test_a_bot_plays_at_its_measured_rating_and_is_not_changed() -> None:
    spec = "search:level=2"
    fixed = R.bot_rating("wizard", spec)
    assert fixed is not None and fixed.sigma < 25 / 3  # measured: surer than a newcomer
    entrants = [R.Entrant(0, "a", None, 0, 2), R.Entrant(1, None, spec, 1, 1), R.Entrant(2, "b", None, 2, 3)]
    after = R.update("wizard", entrants, {})
    direct = MODEL.rate([[MODEL.rating()], [MODEL.rating(mu=fixed.mu, sigma=fixed.sigma)], [MODEL.rating()]],
                        ranks=[2.0, 1.0, 3.0])
    assert set(after) == {"a", "b"}  # the bot's new rating is dropped
    assert close(after["a"], direct[0][0].mu, direct[0][0].sigma)
    assert close(after["b"], direct[2][0].mu, direct[2][0].sigma)
    assert R.bot_rating("wizard", spec) == fixed


def test_every_bot_a_table_offers_at_levels_one_to_three_has_both_ratings() -> None:
    for spec in ("rulebased", "search:level=1", "search:level=2", "search:level=3"):
        assert R.bot_rating("wizard", spec) is not None and R.bot_rating("wily", spec) is not None
    wizard = {spec: R.bot_rating("wizard", spec) for spec in ("random", "rulebased", "search:level=3")}
    assert wizard["random"].mu < wizard["rulebased"].mu < wizard["search:level=3"].mu  # type: ignore[union-attr]
    assert R.nearest_bot("wizard", wizard["random"].mu) == "random"  # type: ignore[union-attr]
    assert R.nearest_bot("wizard", 1000.0) == max(R.bot_table()["games"]["wizard"]["bots"],
                                                  key=lambda s: R.bot_table()["games"]["wizard"]["bots"][s]["mu"])


def test_rated_specs_name_the_measured_bot_or_none() -> None:
    assert rated_bot("search") == "search:level=3"
    assert rated_bot("search:level=2") == "search:level=2"
    assert rated_bot("rulebased") == "rulebased"
    assert rated_bot("search:level=2,ms=50") is None  # a time limit is another bot: not measured
    assert rated_bot("search:level=3,samples=4") is None
    assert rated_bot("nobody") is None


def test_a_player_away_past_the_grace_period_is_last_whatever_the_stand_in_scored() -> None:
    assert R.final_ranks("wizard", [0, 1, 2, 3], [200, 80, 60, -20], [0], away=[0]) == [4, 1, 2, 3]
    assert R.final_ranks("wizard", [0, 1, 2, 3], [200, 80, 60, -20], [0], away=[0, 3]) == [3, 1, 2, 3]
    # Wily Wizards: the leaver's team loses, though it won at the table
    assert R.final_ranks("wily", [0, 1, 0, 1], [6, 2, 6, 2], [0, 2], away=[2]) == [2, 1, 2, 1]


def test_the_kth_game_among_the_same_people_moves_ratings_by_one_kth() -> None:
    old = {"a": R.Rating(25.0, 8.0), "b": R.Rating(25.0, 8.0)}
    entrants = [R.Entrant(0, "a", None, 0, 1), R.Entrant(1, "b", None, 1, 2)]
    full = R.update("wizard", entrants, old)
    assert [R.weight(n) for n in range(4)] == [1.0, 0.5, 1 / 3, 0.25]
    third = R.update("wizard", entrants, old, share=R.weight(2))
    assert third["a"].mu - 25 == pytest.approx((full["a"].mu - 25) / 3)
    assert third["b"].sigma - 8 == pytest.approx((full["b"].sigma - 8) / 3)
    assert R.party_of(["b", "a"]) == R.party_of(["a", "b", "a"]) != R.party_of(["a", "c"])


@pytest.mark.parametrize(("preset", "players", "expected"), [
    ("standard", 4, "standard"), ("standard", 3, "standard"), ("quick", 4, "quick"), ("hook", 4, None),
    ("hidden-bids", 4, None), ("double-down", 4, None), ("wily", 4, "wily"), ("wily-no-partners", 4, None),
])
def test_only_the_standard_presets_unchanged_are_rated(preset: str, players: int, expected: str | None) -> None:
    assert R.rated_preset(find_rules(preset, players=players)) == expected


def test_a_preset_with_an_option_changed_is_not_rated() -> None:
    from wizardcards.core import RuleSet

    trimmed = RuleSet.from_dict({**find_rules("standard", players=4).to_dict(), "schedule": "custom",
                                 "custom_hand_sizes": [1]})
    assert R.rated_preset(trimmed) is None
    assert R.table_problem(trimmed, [None] * 4, [None] * 4) is not None


def test_a_rated_table_needs_two_human_seats_and_measured_bots() -> None:
    rules = find_rules("standard", players=4)
    bots = ["search:level=3", "search:level=3", "rulebased", None]
    assert "at least 2 human seats" in (R.table_problem(rules, bots, bots) or "")
    assert R.table_problem(rules, [None, None, "rulebased", "search:level=1"],
                           [None, None, "rulebased", "search:level=1"]) is None
    assert "no measured rating" in (R.table_problem(rules, [None, None, "search:ms=50", None],
                                                    [None, None, None, None]) or "")


def test_the_seats_of_a_rated_game_are_distinct_signed_in_people() -> None:
    bots: list[str | None] = [None, None, "rulebased", None]
    assert R.seats_problem(bots, {0: "a", 1: "b", 3: "c"}) is None
    assert "not held by a signed-in player" in (R.seats_problem(bots, {0: "a", 1: "b"}) or "")
    assert "two seats" in (R.seats_problem(bots, {0: "a", 1: "a", 3: "b"}) or "")
    assert "at least 2 different" in (R.seats_problem([None, "rulebased", "rulebased"], {0: "a"}) or "")
