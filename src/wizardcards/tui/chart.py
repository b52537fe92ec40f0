"""The chart of running totals per player (or per team), drawn as Rich text so it needs no plotting library.

``totals_chart(series, names)`` plots each series (the total after round 1, 2, ...) on a grid of character cells:
one colour and one marker per series, a y axis labelled with the lowest, zero and highest totals, the rounds along
the x axis: a tick under every point's column, the round's number ending at its tick (numbers that would run into
the previous one are left out, the tick stays). Points that fall on the same cell show the later series' marker.
"""

from __future__ import annotations

from rich.text import Text

from .i18n import _

MARKERS = "●■▲◆★✚"
NBSP = "\u00a0"
COLOURS = ("red", "green", "yellow", "blue", "magenta", "cyan", "white")


def point_column(index: int, step: int) -> int:
    """The grid column of the point of round ``index`` (0-based)."""
    return index * step + step // 2


def round_axis(points: int, step: int) -> tuple[str, str]:
    """The x axis under the grid: the line with a tick at every point's column, and the round numbers, each ending
    at its tick so that a point, its tick and its number share a column."""
    width = points * step
    line = ["─"] * width
    labels = [NBSP] * width
    end = -2  # the last column a number took
    for index in range(points):
        column = point_column(index, step)
        line[column] = "┬"
        label = str(index + 1)
        start = column - len(label) + 1
        if start > end + 1:
            labels[start: column + 1] = label
            end = column
    return "".join(line), "".join(labels)


def totals_chart(series: list[list[int]], names: list[str], height: int = 12, step: int | None = None,
                 unit: str | None = None) -> Text:
    points = max((len(s) for s in series), default=0)
    if points == 0:
        return Text(_("no round has been scored yet"), style="dim")
    if step is None:  # keep long games (Double Down: up to 40 rounds) within about 100 columns
        step = max(2, min(4, 100 // points))
    values = [v for s in series for v in s] + [0]
    low, high = min(values), max(values)
    span = max(high - low, 1)

    def row_of(value: int) -> int:
        return round((high - value) * (height - 1) / span)

    width = points * step
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * width for _ in range(height)]
    zero = row_of(0)
    for column in range(width):
        grid[zero][column] = ("·", "dim")
    for number, values_of in enumerate(series):
        marker, colour = MARKERS[number % len(MARKERS)], COLOURS[number % len(COLOURS)]
        previous: tuple[int, int] | None = None
        for index, value in enumerate(values_of):
            row, column = row_of(value), point_column(index, step)
            if previous is not None:  # a light line from the previous point
                prow, pcol = previous
                for c in range(pcol + 1, column):
                    r = round(prow + (row - prow) * (c - pcol) / (column - pcol))
                    if grid[r][c][0] in " ·":
                        grid[r][c] = ("─" if r == prow == row else "∙", colour)
            grid[row][column] = (marker, "bold " + colour)
            previous = (row, column)
    label_width = max(len(str(low)), len(str(high)), 1)
    out = Text()
    for number, cells in enumerate(grid):
        label = str(high) if number == 0 else str(low) if number == height - 1 else "0" if number == zero else ""
        # No-break spaces: Textual drops ordinary spaces at the start of a wrapped line, which skews the axis.
        out.append(f"{label:>{label_width}} ┤".replace(" ", NBSP), style="dim")
        for char, style in cells:
            out.append(char, style=style)
        out.append("\n")
    line, numbers = round_axis(points, step)
    out.append(NBSP * (label_width + 1) + "└" + line + "\n", style="dim")
    out.append(NBSP * (label_width + 2) + numbers + NBSP * 2 + (unit or _("round")) + "\n", style="dim")
    for number, name in enumerate(names):
        final = series[number][-1] if series[number] else 0
        out.append(f" {MARKERS[number % len(MARKERS)]} {name} ({final})  ",
                   style="bold " + COLOURS[number % len(COLOURS)])
    return out
