"""The running-totals chart: every point stands above its round's tick, and the round's number ends under it (the
points used to sit a column off the numbers)."""

from __future__ import annotations

from wizardcards.tui.chart import MARKERS, NBSP, totals_chart


def columns_of(line: str, characters: str) -> list[int]:
    return [column for column, char in enumerate(line) if char in characters]


def test_points_ticks_and_round_numbers_share_their_columns() -> None:
    for rounds, step in ((4, None), (12, 2), (20, None), (7, 3)):
        series = [[10 * r * (seat + 1) - 30 for r in range(rounds)] for seat in range(3)]
        lines = totals_chart(series, ["A", "B", "C"], step=step).plain.replace(NBSP, " ").splitlines()
        axis_row = next(i for i, line in enumerate(lines) if "└" in line)
        grid, axis, numbers = lines[:axis_row], lines[axis_row], lines[axis_row + 1]
        ticks = columns_of(axis, "┬")
        assert len(ticks) == rounds
        # every marker of every series is in a tick's column, and each tick's column has a marker above it
        marked = sorted({c for line in grid for c in columns_of(line[: len(axis)], MARKERS)})
        assert marked == ticks, (rounds, step)
        # a round's number ends at its tick; numbers left out for lack of room still keep their tick
        shown = [n for n, tick in enumerate(ticks, 1) if numbers[tick - len(str(n)) + 1: tick + 1] == str(n)]
        assert shown[: min(rounds, 9)] == list(range(1, min(rounds, 9) + 1))  # 1..9 always fit
        assert shown[-1] >= rounds - 1 and numbers.rstrip().endswith("round")
