"""``import_pad``: the terminal pad reads back its own exports (JSON and CSV); the browser's pad writes the same files
(tests/browser/test_pad.py reads them here, and this pad's files there)."""

from __future__ import annotations

from pathlib import Path

import pytest

from wizardcards.tui.scorepad_model import PadError, ScorePad, import_pad


def played(pad: ScorePad, rounds: int) -> ScorePad:
    """``rounds`` rounds: the first player bids everything, the others 0 (the dealer one more where the bid rule
    refuses that); the first takes every trick but one in every other round, which the second takes."""
    for index in range(rounds):
        size = pad.info(index).hand_size
        bids = [size] + [0] * (pad.players - 1)
        dealer = pad.info(index).dealer
        if pad.forbidden_bid(index, bids) == bids[dealer]:  # the hook's or Canadian's refused bid: one more
            bids[dealer] = (bids[dealer] + 1) % (size + 1)
        pad.set_bids(index, bids)
        pad.set_tricks(index, [size - index % 2, index % 2] + [0] * (pad.players - 2))
    return pad


def same(a: ScorePad, b: ScorePad) -> None:
    assert a.to_dict() == b.to_dict()
    assert a.totals == b.totals and a.running_totals() == b.running_totals()


@pytest.mark.parametrize("schedule", ["standard", "double-down", "quick"])
def test_csv_reads_back_with_its_schedule(schedule: str) -> None:
    pad = played(ScorePad.create(["Ann", "Bo, Jr.", 'Cy "C"', "Dee"], schedule=schedule, first_dealer=2), 5)
    back = import_pad(pad.export_csv())
    same(pad, back)
    assert back.rules.schedule.value == schedule and back.first_dealer == 2 and back.next_round == 5


def test_csv_of_a_custom_schedule_and_a_bid_rule() -> None:
    pad = played(ScorePad.create(["A", "B", "C"], bid_rule="hook", schedule="custom", custom_hand_sizes=(2, 5, 3)), 3)
    back = import_pad(pad.export_csv(), bid_rule="hook")
    same(pad, back)
    assert back.finished and back.winners() == pad.winners()


def test_json_reads_back_with_every_option() -> None:
    pad = played(ScorePad.create(["A", "B", "C", "D", "E"], bid_rule="canadian", schedule="quick", first_dealer=4), 4)
    back = import_pad(pad.export_json())
    same(pad, back)
    assert back.rules.bid_rule.value == "canadian"


def test_a_csv_with_wrong_totals_is_refused() -> None:
    pad = played(ScorePad.create(["A", "B", "C"]), 2)
    lines = pad.export_csv().split("\r\n")
    cells = lines[2].split(",")
    cells[7] = str(int(cells[7]) + 10)  # A's total after round 2
    lines[2] = ",".join(cells)
    with pytest.raises(PadError, match="round 2: the file's points or totals"):
        import_pad("\r\n".join(lines))


def test_a_csv_whose_tricks_do_not_add_up_is_refused() -> None:
    text = ScorePad.create(["A", "B", "C"]).export_csv().split("\r\n")
    text[1] = "1,1,A,,0,1,,,0,1,,,0,0,,"
    with pytest.raises(PadError, match="the tricks add up to 2"):
        import_pad("\r\n".join(text))


def test_other_files_are_refused() -> None:
    with pytest.raises(PadError, match="not a score pad CSV"):
        import_pad("name,score\r\nA,1\r\n")
    with pytest.raises(PadError, match="not a score pad"):
        import_pad('{"format": "something else"}')
    with pytest.raises(PadError, match="not a score pad file"):
        import_pad("{broken")


def test_wizard_score_import_makes_the_file_the_saved_pad(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``wizard score --import FILE`` (the app itself is tested in test_scorepad_app.py): the file's pad is saved
    where ``wizard score`` opens it; a wrong file is refused with the reason and exit status 2."""
    from wizardcards.cli import build_parser
    from wizardcards.tui import store
    from wizardcards.tui.commands import import_score_file

    pad = played(ScorePad.create(["A", "B", "C"], bid_rule="hook"), 3)
    exported = tmp_path / "pad.csv"
    exported.write_text(pad.export_csv())
    args = build_parser().parse_args(["score", "--import", str(exported), "--bid-rule", "hook"])
    assert import_score_file(args.import_file, args.bid_rule) == 0
    same(pad, ScorePad.load(store.scorepad_path()))
    wrong = tmp_path / "wrong.csv"
    wrong.write_text("name,score\r\nA,1\r\n")
    assert import_score_file(wrong) == 2
    assert "wrong.csv cannot be imported: not a score pad CSV" in capsys.readouterr().err
    same(pad, ScorePad.load(store.scorepad_path()))  # the saved pad is left as it was
