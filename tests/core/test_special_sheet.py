"""The core's score sheet with the special cards: a Cloud's changed bid shows as made and as changed, and a Bomb's
trick as won by nobody (the round's tricks add up to less than its cards). Hand-built rounds, scores written out."""

from __future__ import annotations

from wizardcards.core import RuleSet, new_game
from wizardcards.core.special_wizard import cloud_changes

from .test_special_cards import play, rigged

RULES = RuleSet(players=3, special_cards=("bomb", "cloud"))
NAMES = ["Ann", "Bob", "Cy"]


def test_cloud_on_a_bid_of_zero_rises_and_the_sheet_shows_both_bids() -> None:
    # Ann bid 0 and wins the Cloud's trick: her bid can only become 1; she takes that one trick and makes it.
    state = rigged(["Cld 2c", "9s 3c", "8s 4c"], bids=[0, 1, 1], rules=RULES)
    play(state, "Cld>s", "9s", "8s", "cloud +1", "2c", "3c", "4c")  # the 4c (Cy) takes the last trick
    row = state.sheet[-1]
    assert row.bids == (1, 1, 1) and row.tricks == (1, 0, 1)
    assert row.points == (30, -10, 30)  # Ann: 1 made = 20 + 10, not 0 missed by one (-10)
    lines = state.score_sheet(NAMES).splitlines()
    assert lines[1].startswith("bid 0>1: as made > as the Cloud changed it")
    assert lines[-1].split("|")[1].split() == ["0>1", "1", "30", "30"]
    assert lines[-1].split("|")[0].split() == ["1", "2", "-", "0"]  # round 1 of 2 cards, no trump, no trick lost


def test_a_bombed_trick_counts_for_nobody_on_the_sheet() -> None:
    state = rigged(["Ah Kh", "Bmb 2h", "Qh 3h"], bids=[1, 0, 1], leader=1, dealer=0, rules=RULES)
    play(state, "Bmb", "Qh", "Ah", "Kh", "2h", "3h")  # bombed; then Ann's Kh takes the last
    row = state.sheet[-1]
    assert row.tricks == (1, 0, 0) and row.points == (30, 20, -10)
    first = state.score_sheet(NAMES).splitlines()[5]
    assert first.split("|")[0].split() == ["1", "2", "-", "1"]  # one trick of the two went to nobody
    assert [cell.split() for cell in first.split("|")[1:]] == [
        ["1", "1", "30", "30"],
        ["0", "0", "20", "20"],
        ["1", "0", "-10", "-10"],
    ]


def test_the_60_card_sheet_is_unchanged() -> None:
    state = new_game(RuleSet(players=3), seed=1)
    assert "none" not in state.score_sheet() and "Cloud" not in state.score_sheet()
    assert state.score_sheet().splitlines()[2].split() == ["|", "bid", "won", "pts", "total"] * 3


def test_cloud_changes() -> None:
    assert cloud_changes(0, 3) == (1,)
    assert cloud_changes(2, 3) == (1, -1)
    assert cloud_changes(3, 3) == (-1,)
