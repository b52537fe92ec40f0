"""``wizard score``: the score pad for a game of Wizard played with real cards (the screens around ``ScorePad``).

``PadSetupScreen`` asks for the players (3-6 names), the bid rule (none, hook, Canadian), the schedule (standard,
Double Down, quick, or a custom list of hand sizes) and the first dealer. ``PadScreen`` shows the round to enter
(number, dealer, hand size, whether it is played without trump), takes the bids and then the tricks as numbers in
seat order, refuses a bad entry with the reason, and keeps the sheet and the totals; ↑/↓ choose a past round to
correct. The pad is saved after every entry (``store.scorepad_path()``) and reopened by the next ``wizard score``.
At the end: the winner and the chart of running totals. ctrl+s exports CSV and JSON.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, ClassVar

from rich import box
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from . import store
from .chart import totals_chart
from .scorepad_model import PadError, ScorePad, parse_numbers


class PadSetupScreen(Screen[ScorePad]):
    BINDINGS: ClassVar = [Binding("escape", "app.quit", "quit")]

    def compose(self) -> ComposeResult:
        yield Static(Text("Wizard score pad · new game", style="bold"))
        with VerticalScroll(id="form"):
            yield Label("Players in seat order, clockwise (3 to 6; leave the rest empty):")
            for seat in range(6):
                yield Input(f"Player {seat + 1}" if seat < 4 else "", placeholder=f"player {seat + 1}",
                            id=f"name-{seat}", classes="name")
            with Horizontal(classes="row"):
                yield Select([("bids: no restriction", "none"), ("hook rule", "hook"), ("Canadian rule", "canadian")],
                             value="none", allow_blank=False, id="bid_rule")
                yield Select([("standard schedule", "standard"), ("Double Down", "double-down"),
                              ("quick (1, 3, 5, ...)", "quick"), ("custom hand sizes", "custom")],
                             value="standard", allow_blank=False, id="schedule")
                yield Input("", placeholder="custom sizes, e.g. 1 2 3", id="custom")
                yield Select([(f"first dealer: player {n}", n - 1) for n in range(1, 7)], value=0,
                             allow_blank=False, id="first_dealer")
            yield Button("Start the pad", id="start", variant="success")
            yield Static("", id="error")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    @on(Button.Pressed, "#start")
    @on(Input.Submitted)
    def start(self) -> None:
        names = [self.query_one(f"#name-{seat}", Input).value.strip() for seat in range(6)]
        names = [n for n in names if n]
        try:
            custom = self.query_one("#custom", Input).value
            sizes = tuple(parse_numbers(custom, 1)) if custom.strip() else ()
            pad = ScorePad.create(
                names,
                bid_rule=str(self.query_one("#bid_rule", Select).value),
                schedule=str(self.query_one("#schedule", Select).value),
                custom_hand_sizes=sizes,
                first_dealer=int(str(self.query_one("#first_dealer", Select).value)),
            )
        except PadError as error:
            self.query_one("#error", Static).update(Text(str(error), style="bold red"))
            return
        self.dismiss(pad)


class PadScreen(Screen[None]):
    BINDINGS: ClassVar = [
        Binding("up", "choose(-1)", "earlier round"),
        Binding("down", "choose(1)", "later round"),
        Binding("ctrl+s", "export", "export CSV + JSON"),
        Binding("escape", "app.quit", "save & quit"),
    ]

    def __init__(self, pad: ScorePad) -> None:
        super().__init__()
        self.pad = pad
        self.round = pad.next_round if pad.next_round is not None else len(pad.rounds) - 1
        self.kind = "bids"
        self.message = Text("")
        self._target_next()

    def compose(self) -> ComposeResult:
        yield Static(id="round")
        yield Input(id="entry")
        yield Static(id="message")
        with VerticalScroll(id="sheet-scroll"):
            yield Static(id="sheet")
            yield Static(id="end")
        yield Footer()

    def on_mount(self) -> None:
        self.show()
        self.query_one("#entry", Input).focus()

    def _target_next(self) -> None:
        """Point the entry at the next thing to enter: the first incomplete round's bids, or its tricks."""
        upcoming = self.pad.next_round
        if upcoming is None:
            self.round, self.kind = len(self.pad.rounds) - 1, "done"
            return
        self.round = upcoming
        self.kind = "bids" if self.pad.rounds[upcoming].bids is None else "tricks"

    def show(self) -> None:
        pad = self.pad
        info = pad.info(self.round)
        head = Text(f"Round {info.number}/{len(pad.rounds)}", style="bold")
        head.append(f" · dealer {pad.names[info.dealer]} · {info.hand_size} card{'s' if info.hand_size != 1 else ''}")
        head.append(f" · {info.no_trump}" if info.no_trump else " · a card is turned up for trump",
                    style="bold yellow" if info.no_trump else "")
        head.append("\n")
        order = ", ".join(pad.names)
        entry = self.query_one("#entry", Input)
        if self.kind == "done":
            head.append("Every round is scored. ↑ to correct a round, ctrl+s to export.", style="bold green")
            entry.placeholder = ""
        elif self.kind == "bids":
            rule = pad.rules.bid_rule.value
            extra = "" if rule == "none" else f" ({rule} rule for the dealer)"
            head.append(f"Enter the bids, 0..{info.hand_size}, in seat order ({order}){extra}, then Enter.")
            entry.placeholder = " ".join("0" for _ in pad.names)
        else:
            head.append(f"Enter the tricks won, in seat order ({order}); they add up to {info.hand_size}.")
            entry.placeholder = " ".join("0" for _ in pad.names)
        self.query_one("#round", Static).update(head)
        self.query_one("#message", Static).update(self.message)
        self.query_one("#sheet", Static).update(self.sheet_table())
        self.query_one("#end", Static).update(self.end_text())

    def sheet_table(self) -> Table:
        pad = self.pad
        table = Table(title="bid / won, points, total", box=box.SIMPLE_HEAD)
        table.add_column("round", justify="right")
        table.add_column("cards", justify="right")
        table.add_column("dealer")
        for name in pad.names:
            table.add_column(name, justify="right", no_wrap=True)
        for index, entry in enumerate(pad.rounds):
            info = pad.info(index)
            points = pad.points(index)
            totals = pad.totals_after(index)
            cells: list[Text] = []
            for seat in range(pad.players):
                if entry.bids is None:
                    cells.append(Text(""))
                elif points is None or entry.tricks is None:
                    cells.append(Text(f"{entry.bids[seat]} / ?"))
                else:
                    made = entry.bids[seat] == entry.tricks[seat]
                    cells.append(Text(f"{entry.bids[seat]}/{entry.tricks[seat]} {points[seat]:>4} {totals[seat]:>5}",
                                      style="green" if made else "red"))
            mark = "▶ " if index == self.round and self.kind != "done" else ""
            table.add_row(f"{mark}{info.number}", str(info.hand_size) + ("*" if info.no_trump else ""),
                          pad.names[info.dealer], *cells, style="reverse" if mark else "")
        table.add_row("", "", "total", *(Text(str(t), style="bold") for t in pad.totals))
        return table

    def end_text(self) -> Text:
        pad = self.pad
        if not pad.finished:
            return Text("* no trump in that round", style="dim")
        winners = " and ".join(pad.names[s] for s in pad.winners())
        out = Text(f"Winner: {winners} with {max(pad.totals)}\n\n", style="bold green")
        out.append("Running totals\n", style="bold underline")
        out.append_text(totals_chart(pad.running_totals(), pad.names))
        return out

    @on(Input.Submitted, "#entry")
    def submit(self, event: Input.Submitted) -> None:
        if self.kind == "done":
            return
        pad = self.pad
        try:
            numbers = parse_numbers(event.value, pad.players)
            if self.kind == "bids":
                conflicts = pad.set_bids(self.round, numbers)
            else:
                pad.set_tricks(self.round, numbers)
                conflicts = []
        except PadError as error:
            self.message = Text(f"✗ {error}", style="bold red")
            self.show()
            return
        pad.save(store.scorepad_path())
        number = self.round + 1
        self.message = Text(f"✓ round {number}: {self.kind} entered", style="green")
        if conflicts:
            self.message.append(f" · note: after this correction the {pad.rules.bid_rule.value} rule would refuse "
                                f"the dealer's bid in round(s) {', '.join(map(str, conflicts))}", style="yellow")
        event.input.value = ""
        if self.kind == "bids":
            self.kind = "tricks"
            tricks = pad.rounds[self.round].tricks
            if tricks is not None:  # correcting: offer the tricks as they were
                event.input.value = " ".join(map(str, tricks))
        else:
            self._target_next()
        self.show()

    def action_choose(self, step: int) -> None:
        """Choose a round to correct (a round already entered, or the next one)."""
        upcoming = self.pad.next_round
        last = len(self.pad.rounds) - 1 if upcoming is None else upcoming
        target = max(0, min(last, self.round + step))
        self.round = target
        entry = self.pad.rounds[target]
        if upcoming is not None and target == upcoming:
            self._target_next()
            value = ""
        else:
            self.kind = "bids"
            value = " ".join(map(str, entry.bids or []))
        self.query_one("#entry", Input).value = value
        self.message = Text(f"correcting round {target + 1}: edit the bids, then the tricks" if value else "",
                            style="yellow")
        self.show()

    def action_export(self) -> None:
        folder = store.data_dir() / "exports"
        folder.mkdir(parents=True, exist_ok=True)
        stem = folder / f"scorepad-{time.strftime('%Y%m%d-%H%M%S')}"
        paths = [Path(f"{stem}.csv"), Path(f"{stem}.json")]
        paths[0].write_text(self.pad.export_csv())
        paths[1].write_text(self.pad.export_json())
        self.exported = paths
        self.message = Text(f"exported {paths[0]} and {paths[1]}", style="green")
        self.show()


class ScorePadApp(App[None]):
    TITLE = "wizard score"
    CSS = """
    #form { padding: 0 1; }
    .name { width: 40; }
    .row { height: auto; margin: 1 0; }
    #bid_rule, #schedule { width: 30; } #first_dealer { width: 30; } #custom { width: 26; }
    #round { height: 2; padding: 0 1; background: $panel; }
    #entry { margin: 0 1; }
    #message { height: auto; min-height: 1; padding: 0 1; }
    #sheet-scroll { height: 1fr; }
    """

    def __init__(self, new: bool = False) -> None:
        super().__init__()
        self.new = new
        self.pad: ScorePad | None = None

    def on_mount(self) -> None:
        path = store.scorepad_path()
        if not self.new and path.exists():
            try:
                self.pad = ScorePad.load(path)
            except (PadError, ValueError, KeyError) as error:
                self.notify(f"the saved pad could not be read ({error}); starting a new one", severity="error")
        if self.pad is not None:
            self.push_screen(PadScreen(self.pad))
        else:
            self.push_screen(PadSetupScreen(), self._started)

    def _started(self, pad: Any) -> None:
        if pad is None:
            return
        self.pad = pad
        pad.save(store.scorepad_path())
        self.push_screen(PadScreen(pad))
