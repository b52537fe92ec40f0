"""The score pad's model without the UI: the official example, checks with their messages, corrections, files."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from wizardcards.tui.scorepad_model import PadError, ScorePad, parse_numbers

NAMES = ["Paul", "Ann", "Bob", "Cy"]


def official_pad() -> ScorePad:
    """The worked example of the official rules: Paul bids 1, 2, 1, 3 and makes 2, 2, 1, 2. Its first round has Paul
    make 2 tricks, which a one-card first round cannot give, so the hands here are 2, 3, 4 and 5 cards."""
    pad = ScorePad.create(NAMES, schedule="custom", custom_hand_sizes=(2, 3, 4, 5))
    others = [([0, 1, 0], [0, 0, 0]), ([1, 0, 0], [1, 0, 0]), ([1, 1, 1], [1, 1, 1]), ([0, 0, 2], [1, 0, 2])]
    for index, ((bid, won), (other_bids, other_tricks)) in enumerate(zip([(1, 2), (2, 2), (1, 1), (3, 2)], others)):
        pad.set_bids(index, [bid, *other_bids])
        pad.set_tricks(index, [won, *other_tricks])
    return pad


def test_official_example_totals() -> None:
    pad = official_pad()
    assert [pad.points(i)[0] for i in range(4)] == [-10, 40, 30, -10]  # type: ignore[index]
    assert pad.running_totals()[0] == [-10, 30, 60, 50]
    # Ann: bid 0 made 0 (+20), bid 1 made 1 (+30), bid 1 made 1 (+30), bid 0 made 1 (-10).
    assert pad.running_totals()[1] == [20, 50, 80, 70]
    assert pad.finished and pad.totals == [50, 70, 60, 110] and pad.winners() == [3]


def test_a_whole_standard_game_for_three() -> None:
    pad = ScorePad.create(["A", "B", "C"], first_dealer=1)
    assert [pad.info(i).hand_size for i in range(len(pad.rounds))] == list(range(1, 21))
    expected = [0, 0, 0]
    for index in range(20):
        size = index + 1
        bids = [size, 0, 0]
        tricks = [size - 1, 1, 0] if index % 2 else [size, 0, 0]
        pad.set_bids(index, bids)
        pad.set_tricks(index, tricks)
        for seat in range(3):
            bid, won = bids[seat], tricks[seat]
            expected[seat] += 20 + 10 * won if bid == won else -10 * abs(bid - won)
        assert pad.totals == expected
    assert pad.finished and pad.winners() == [0]
    assert [pad.info(i).dealer for i in range(4)] == [1, 2, 0, 1]
    assert pad.info(19).no_trump == "no trump: every card is dealt" and pad.info(18).no_trump == ""


def test_double_down_schedule_and_its_no_trump_rounds() -> None:
    pad = ScorePad.create(NAMES, schedule="double-down")
    sizes = [pad.info(i).hand_size for i in range(len(pad.rounds))]
    assert sizes == list(range(1, 16)) + list(range(15, 0, -1))
    no_trump = [i + 1 for i in range(30) if pad.info(i).no_trump]
    assert no_trump == [15, 16, 30] and "Double Down" in pad.info(29).no_trump


@pytest.mark.parametrize(
    ("bids", "tricks", "message"),
    [
        ([0, 3, 0, 0], None, "Ann's bid is 3: round 1 deals 2 cards, so it must be 0..2"),
        ([0, 0, 0], None, "one bid per player (4), not 3"),
        ([0, 1, 0, 0], [1, 0, 0, 0, 0], "one trick count per player (4), not 5"),
        ([0, 1, 0, 0], [1, 0, 0, 0], "the tricks add up to 1, but a hand of 2 cards has exactly 2 tricks"),
        ([0, 1, 0, 0], [2, 1, 0, 0], "the tricks add up to 3"),
        ([0, 1, 0, 0], [3, 0, -1, 0], "Paul won 3 tricks: round 1 deals 2 cards, so it must be 0..2"),
    ],
)
def test_refused_entries_say_why_and_change_nothing(bids, tricks, message) -> None:  # type: ignore[no-untyped-def]
    pad = ScorePad.create(NAMES, schedule="custom", custom_hand_sizes=(2, 3))
    with pytest.raises(PadError, match=message.replace("(", r"\(").replace(")", r"\)")):
        pad.set_bids(0, bids)
        pad.set_tricks(0, tricks)
    assert pad.rounds[0].tricks is None
    if len(bids) != 4 or max(bids) > 2:
        assert pad.rounds[0].bids is None


def test_rounds_in_order_and_tricks_after_bids() -> None:
    pad = ScorePad.create(NAMES)
    with pytest.raises(PadError, match="round 1 comes first"):
        pad.set_bids(1, [0, 0, 0, 0])
    with pytest.raises(PadError, match="enter the bids of round 1 before its tricks"):
        pad.set_tricks(0, [1, 0, 0, 0])
    with pytest.raises(PadError, match="there is no round 16"):
        pad.info(15)


def test_hook_rule_refuses_the_dealers_bid_that_makes_the_total() -> None:
    pad = ScorePad.create(NAMES, bid_rule="hook", first_dealer=3)  # Cy deals round 1 (1 card)
    with pytest.raises(PadError, match=r"hook rule: Cy \(dealer\) may not bid 1"):
        pad.set_bids(0, [0, 0, 0, 1])
    assert pad.rounds[0].bids is None
    pad.set_bids(0, [0, 0, 0, 0])  # bids total 0 of 1 trick: allowed
    pad.set_tricks(0, [0, 0, 0, 1])
    # Round 2: Paul deals 2 cards; the others bid 1, 0, 0, so Paul may not bid 1.
    assert pad.forbidden_bid(1, [9, 1, 0, 0]) == 1
    with pytest.raises(PadError, match="may not bid 1"):
        pad.set_bids(1, [1, 1, 0, 0])


def test_canadian_rule_only_binds_a_dealer_leading_alone_and_allows_zero() -> None:
    pad = ScorePad.create(NAMES, bid_rule="canadian", schedule="custom", custom_hand_sizes=(2, 3, 3))
    pad.set_bids(0, [2, 1, 1, 1])  # Paul deals round 1, nobody leads: anything goes
    pad.set_tricks(0, [2, 0, 0, 0])  # Paul 40, the others -10 each
    # Round 2: Ann deals, Paul leads alone: Ann may bid anything.
    assert pad.forbidden_bid(1, [1, 0, 1, 1]) is None
    pad.set_bids(1, [1, 1, 0, 1])
    pad.set_tricks(1, [0, 3, 0, 0])  # Paul -10 (30), Ann bid 1 won 3: -20 (-30), Cy -10 (-20)
    assert pad.totals == [30, -30, 10, -20]
    # Round 3: Bob deals; the others bid 1, 1, 0: Bob does not lead alone (Paul has 30): free.
    assert pad.forbidden_bid(2, [1, 1, 0, 0]) is None


def test_canadian_rule_refuses_when_the_dealer_leads_alone() -> None:
    pad = ScorePad.create(NAMES, bid_rule="canadian", schedule="custom", custom_hand_sizes=(1, 3, 3), first_dealer=3)
    pad.set_bids(0, [1, 0, 0, 0])
    pad.set_tricks(0, [1, 0, 0, 0])  # Paul 30, the others 20
    # Round 2: Paul deals and leads alone; the others bid 1, 1, 0: Paul may not bid 1; 0 stays allowed.
    with pytest.raises(PadError, match="Canadian rule: Paul"):
        pad.set_bids(1, [1, 1, 1, 0])
    # When the forbidden bid would be 0 the Canadian rule allows it.
    assert pad.forbidden_bid(1, [0, 1, 1, 1]) is None
    pad.set_bids(1, [0, 1, 1, 1])


def test_correcting_a_past_round_updates_every_total_after_it() -> None:
    pad = official_pad()
    pad.set_tricks(0, [1, 1, 0, 0])  # round 1: Paul made his 1 after all
    assert pad.running_totals()[0] == [30, 70, 100, 90]
    assert pad.running_totals()[1] == [-10, 20, 50, 40]
    pad.set_bids(2, [1, 1, 1, 0])  # round 3: Cy bid 0, took 1: -10 instead of +30
    assert pad.totals[3] == 110 - 40
    with pytest.raises(PadError):
        pad.set_tricks(3, [5, 5, 0, 0])
    assert pad.totals[3] == 70


def test_a_correction_reports_later_rounds_the_canadian_rule_now_refuses() -> None:
    pad = ScorePad.create(NAMES, bid_rule="canadian", schedule="custom", custom_hand_sizes=(1, 2), first_dealer=3)
    pad.set_bids(0, [0, 0, 0, 0])
    pad.set_tricks(0, [0, 0, 0, 1])  # Cy (dealer) took the trick: the others +20, Cy -10; nobody leads alone
    pad.set_bids(1, [1, 1, 0, 0])  # Paul deals round 2 and does not lead alone: 1 + 1 = 2 allowed
    # Correct round 1: Paul took the trick (bid 0 -> -10 for him? no: he bid 1 now and made it), so he leads alone.
    assert pad.set_bids(0, [1, 0, 0, 0]) == []
    assert pad.totals_before(1)[0] == -10  # not yet: the tricks still say Cy took it
    pad.set_tricks(0, [1, 0, 0, 0])
    assert pad.totals_before(1) == [30, 20, 20, 20]
    assert pad.set_bids(0, [1, 0, 0, 0]) == [2]


def test_files_round_trip_and_exports(tmp_path: Path) -> None:
    pad = official_pad()
    path = tmp_path / "pad.json"
    pad.save(path)
    again = ScorePad.load(path)
    assert again.totals == pad.totals and again.to_dict() == pad.to_dict()
    rows = list(csv.DictReader(io.StringIO(pad.export_csv())))
    assert [int(r["Paul total"]) for r in rows] == [-10, 30, 60, 50]
    assert [int(r["Paul points"]) for r in rows] == [-10, 40, 30, -10]
    data = json.loads(pad.export_json())
    assert data["totals"] == [50, 70, 60, 110] and data["winners"] == ["Cy"]
    assert [r["totals"][0] for r in data["rounds"]] == [-10, 30, 60, 50]
    # A hand-edited file with an impossible round is refused, not loaded.
    broken = pad.to_dict()
    broken["rounds"][1]["tricks"] = [3, 3, 0, 0]
    path.write_text(json.dumps(broken))
    with pytest.raises(PadError, match="add up to 6"):
        ScorePad.load(path)


def test_setup_is_checked() -> None:
    with pytest.raises(PadError, match="3 to 6 players, not 2"):
        ScorePad.create(["A", "B"])
    with pytest.raises(PadError, match="no two the same"):
        ScorePad.create(["A", "B", "A"])
    with pytest.raises(PadError, match="cannot be dealt"):
        ScorePad.create(["A", "B", "C"], schedule="custom", custom_hand_sizes=(1, 21))
    with pytest.raises(PadError, match="only whole numbers"):
        parse_numbers("1 two 3", 3)
