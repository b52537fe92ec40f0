"""The score pad with the anniversary cards: a Cloud's change of a bid and a Bomb's trick to nobody, entered and
checked, scored by the core's rules, and carried by the files (format /2; the 60-card files stay /1, read as
before). Hand-built rounds, each with its scores written out."""

from __future__ import annotations

import json

import pytest

from wizardcards.tui.scorepad_model import (
    PAD_FORMAT,
    PAD_FORMAT_SPECIAL,
    PadError,
    ScorePad,
    import_pad,
    parse_special_cards,
)

NAMES = ["Ann", "Bob", "Cy"]


def pad(cards: tuple[str, ...] = ("bomb", "cloud"), sizes: tuple[int, ...] = (2, 3)) -> ScorePad:
    return ScorePad.create(NAMES, schedule="custom", custom_hand_sizes=sizes, special_cards=cards)


def cloud_and_bomb() -> ScorePad:
    """Round 1, 2 cards: Ann bids 0, wins the Cloud's trick and raises her bid to 1, then makes it (30, not -10);
    Bob bids 1 and takes nothing (-10); Cy bids 1 and makes it (30).
    Round 2, 3 cards: the Bomb takes a trick; Ann and Bob bid 1 and make 1 (30 each), Cy bids 0 and makes 0 (20)."""
    p = pad()
    p.set_bids(0, [0, 1, 1])
    p.set_tricks(0, [1, 0, 1], bid_changes=[1, 0, 0])
    p.set_bids(1, [1, 1, 0])
    p.set_tricks(1, [1, 1, 0], bombed=1)
    return p


def test_a_cloud_on_a_bid_of_zero_and_a_bombed_round_score_as_the_rules_say() -> None:
    p = cloud_and_bomb()
    assert p.points(0) == [30, -10, 30] and p.scored_bids(0) == [1, 1, 1]
    assert p.rounds[0].bids == [0, 1, 1]  # the bid as made is kept beside the change
    assert p.points(1) == [30, 30, 20] and p.rounds[1].bombed == 1
    assert p.totals == [60, 20, 50] and p.finished and p.winners() == [0]


@pytest.mark.parametrize(
    ("bids", "tricks", "changes", "bombed", "message"),
    [
        ([0, 1, 1], [1, 0, 1], [-1, 0, 0], 0, "the Cloud: Ann's bid of 0 can only rise"),
        ([2, 0, 0], [1, 1, 0], [1, 0, 0], 0, r"the Cloud: Ann's bid of 2 can only fall \(the hand has 2 cards\)"),
        ([0, 1, 1], [1, 0, 1], [1, 1, 0], 0, "the deck holds one Cloud: one player a round changes their bid, not 2"),
        ([0, 1, 1], [0, 1, 1], [1, 0, 0], 0, "Ann changed their bid with the Cloud, so won the Cloud's trick"),
        ([0, 1, 1], [1, 0, 1], [2, 0, 0], 0, "the Cloud changes a bid by \\+1 or -1, not 2"),
        ([0, 1, 1], [1, 0, 0], None, 0, "the tricks add up to 1, but a hand of 2 cards has exactly 2 tricks"),
        ([0, 1, 1], [1, 0, 1], None, 1, "the tricks add up to 2, but a hand of 2 cards less the Bomb's trick has 1"),
        ([0, 1, 1], [0, 0, 0], None, 2, "the deck holds one Bomb: at most one trick a round is won by nobody"),
    ],
)
def test_refused_special_entries_say_why_and_change_nothing(bids, tricks, changes, bombed, message) -> None:  # type: ignore[no-untyped-def]
    p = pad()
    p.set_bids(0, bids)
    with pytest.raises(PadError, match=message):
        p.set_tricks(0, tricks, changes, bombed)
    assert p.rounds[0].tricks is None and p.rounds[0].bid_changes is None


def test_without_the_cloud_or_the_bomb_neither_is_taken() -> None:
    p = pad(cards=("juggler",))
    p.set_bids(0, [0, 1, 1])
    with pytest.raises(PadError, match="these rules have no Cloud"):
        p.set_tricks(0, [1, 0, 1], [1, 0, 0])
    with pytest.raises(PadError, match="these rules have no Bomb"):
        p.set_tricks(0, [1, 0, 0], bombed=1)
    p.set_tricks(0, [1, 0, 1])
    assert p.points(0) == [-10, -10, 30]


def test_a_bid_correction_the_change_no_longer_fits_asks_for_the_hands_end_again() -> None:
    p = cloud_and_bomb()
    p.set_bids(0, [2, 0, 0])  # Ann's 2 in a hand of 2 cannot rise: round 1's tricks and change are cleared
    assert p.rounds[0].tricks is None and p.rounds[0].bid_changes is None and p.next_round == 0
    p.set_tricks(0, [1, 0, 1], [-1, 0, 0])
    assert p.points(0) == [30, 20, -10] and p.totals == [60, 50, 10]
    p.set_bids(0, [1, 0, 0])  # a correction the change still fits keeps it
    assert p.rounds[0].bid_changes == [-1, 0, 0] and p.points(0) == [-10, 20, -10]


def test_the_special_decks_rounds_and_hands_without_trump() -> None:
    six = ScorePad.create(["A", "B", "C", "D"], special_cards=parse_special_cards("anniversary"))
    assert len(six.rounds) == 16 and not six.info(15).no_trump  # 64 of the 66 cards dealt: one is turned up
    four = ScorePad.create(["A", "B", "C", "D"], special_cards=parse_special_cards("dragon, fairy, bomb, cloud"))
    assert len(four.rounds) == 16 and four.info(15).no_trump == "no trump: every card is dealt"
    assert len(ScorePad.create(NAMES, special_cards=parse_special_cards("anniversary-2021")).rounds) == 22
    with pytest.raises(PadError, match="the Dragon and the Fairy come only together"):
        ScorePad.create(NAMES, special_cards=("dragon",))
    with pytest.raises(PadError, match="no special card 'unicorn'"):
        parse_special_cards("bomb unicorn")


def test_json_of_format_2_carries_the_changes_and_reads_back() -> None:
    p = cloud_and_bomb()
    data = json.loads(p.export_json())
    assert data["format"] == PAD_FORMAT_SPECIAL and data["rules"]["special_cards"] == ["bomb", "cloud"]
    assert data["rounds"][0]["bid_changes"] == [1, 0, 0] and data["rounds"][0]["bombed"] == 0
    assert data["rounds"][1]["bid_changes"] is None and data["rounds"][1]["bombed"] == 1
    assert data["rounds"][0]["points"] == [30, -10, 30] and data["totals"] == [60, 20, 50]
    back = import_pad(p.export_json())
    assert back.to_dict() == p.to_dict() and back.totals == [60, 20, 50]


def test_csv_with_special_cards_carries_them_column_by_column() -> None:
    p = cloud_and_bomb()
    assert p.export_csv().split("\r\n") == [
        "round,cards,dealer,no trump,special cards,bombed,"
        "Ann bid,Ann cloud,Ann tricks,Ann points,Ann total,Bob bid,Bob cloud,Bob tricks,Bob points,Bob total,"
        "Cy bid,Cy cloud,Cy tricks,Cy points,Cy total",
        "1,2,Ann,,bomb cloud,0,0,+1,1,30,30,1,,0,-10,-10,1,,1,30,30",
        "2,3,Bob,,bomb cloud,1,1,,1,30,60,1,,1,30,20,0,,0,20,50",
        "",
    ]
    back = import_pad(p.export_csv())
    assert back.to_dict() == p.to_dict() and back.rules.special_cards == ("bomb", "cloud")
    wrong = p.export_csv().replace("0,+1,1,30,30", "0,-1,1,30,30")
    with pytest.raises(PadError, match="Ann's bid of 0 can only rise"):
        import_pad(wrong)


OLD_JSON = {
    "format": "wizardcards-scorepad/1",
    "names": NAMES,
    "rules": {"game": "wizard", "players": 3, "schedule": "custom", "custom_hand_sizes": [2, 3]},
    "first_dealer": 0,
    "rounds": [{"bids": [0, 1, 1], "tricks": [0, 1, 1]}, {"bids": None, "tricks": None}],
}
OLD_CSV = (
    "round,cards,dealer,no trump,Ann bid,Ann tricks,Ann points,Ann total,Bob bid,Bob tricks,Bob points,"
    "Bob total,Cy bid,Cy tricks,Cy points,Cy total\r\n1,2,Ann,,0,0,20,20,1,1,30,30,1,1,30,30\r\n"
    "2,3,Bob,,,,,,,,,,,,,\r\n"
)


def test_files_of_format_1_read_back_unchanged_and_the_60_cards_still_write_them() -> None:
    for text in (json.dumps(OLD_JSON), OLD_CSV):
        old = import_pad(text)
        assert old.totals == [20, 30, 30] and old.rules.special_cards == () and old.next_round == 1
        assert old.to_dict() == OLD_JSON  # written again exactly as before: format /1, no new keys
        assert old.to_dict()["format"] == PAD_FORMAT
        assert old.export_csv() == OLD_CSV
