"""``wizard score``: the score pad for a game of Wizard played with real cards (the screens around ``ScorePad``).

``PadSetupScreen`` asks for the players (3-6 names), the bid rule (none, hook, Canadian), the schedule (standard,
Double Down, quick, or a custom list of hand sizes), the special cards (none, the anniversary editions' six or
seven, or cards named) and the first dealer. ``PadScreen`` shows the round to enter (number, dealer, hand size,
whether it is played without trump), takes the bids and then the tricks as numbers in seat order (with the Cloud
or the Bomb in the deck, between the two what they did: ``Ann +1``, ``bomb``), refuses a bad entry with the
reason, and keeps the sheet and the totals; ↑/↓ choose a past round to correct. The pad is saved after every
entry (``store.scorepad_path()``) and reopened by the next ``wizard score``. At the end: the winner and the chart
of running totals. ctrl+s exports CSV and JSON.
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
from .i18n import N_, _, ngettext, translate_bindings
from .scorepad_model import (
    SPECIAL_CARD_WORDS,
    PadError,
    ScorePad,
    parse_numbers,
    parse_special_cards,
    parse_special_entry,
    special_entry_text,
)

SEATS = 6
"""Name fields on the setup screen: the most players Wizard has. The pad has as many players as names typed."""


class Form(VerticalScroll, can_focus=False):
    """The setup form: it scrolls, but takes no focus (a scrolling container is a Tab stop of its own otherwise,
    invisible between the fields)."""


class PadSetupScreen(Screen[ScorePad]):
    """The players (as many as names are typed, 3 to 6), the bid rule, the schedule and the first dealer.

    The focus starts in the first name field and Tab goes from field to field (the form's scrolling container takes
    no focus of its own, so no Tab lands on an invisible stop). The fields are empty, with placeholders."""

    BINDINGS: ClassVar = [Binding("escape", "app.quit", N_("quit"))]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        yield Static(Text(_("Wizard score pad · new game"), style="bold"))
        with Form(id="form"):
            yield Label(_("Players in seat order, clockwise: type 3 to 6 names, Tab to the next field."))
            for seat in range(SEATS):
                yield Input("", placeholder=_("player {n}").format(n=seat + 1), id=f"name-{seat}", classes="name")
            with Horizontal(classes="row"):
                yield Select([(_("bids: no restriction"), "none"), (_("hook rule"), "hook"),
                              (_("Canadian rule"), "canadian")], value="none", allow_blank=False, id="bid_rule")
                yield Select([(_("standard schedule"), "standard"), (_("Double Down"), "double-down"),
                              (_("quick (1, 3, 5, ...)"), "quick"), (_("custom hand sizes"), "custom")],
                             value="standard", allow_blank=False, id="schedule")
                yield Input("", placeholder=_("sizes, e.g. 1 2 3"), id="custom")
                yield Select(self._dealer_choices(), value=0, allow_blank=False, id="first_dealer")
            with Horizontal(classes="row"):
                yield Select([(_("no special cards"), ""), (_("anniversary cards of 2016 (six)"), "anniversary"),
                              (_("anniversary cards of 2021 (seven)"), "anniversary-2021"),
                              (_("special cards named"), "named")], value="", allow_blank=False, id="special")
                yield Input("", placeholder=_("cards, e.g. bomb cloud"), id="special_named")
            yield Button(_("Start the pad"), id="start", variant="success")
            yield Static("", id="error")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#name-0", Input).focus()

    def names(self) -> list[str]:
        """The names typed, in seat order; empty fields are no seat."""
        names = [self.query_one(f"#name-{seat}", Input).value.strip() for seat in range(SEATS)]
        return [n for n in names if n]

    def _dealer_choices(self, names: list[str] | None = None) -> list[tuple[str, int]]:
        names = names or []
        count = max(len(names), 3)
        return [(_("first dealer: {name}").format(name=names[seat] if seat < len(names) else
                                                   _("player {n}").format(n=seat + 1)), seat) for seat in range(count)]

    @on(Input.Changed, ".name")
    def _names_changed(self) -> None:
        """The first dealer is chosen among the names typed so far."""
        select = self.query_one("#first_dealer", Select)
        chosen = select.value if isinstance(select.value, int) else 0
        choices = self._dealer_choices(self.names())
        select.set_options(choices)
        select.value = chosen if chosen < len(choices) else 0
        select.mutate_reactive(Select.value)  # type: ignore[misc]  # the same value with a new label: redraw it

    @on(Button.Pressed, "#start")
    @on(Input.Submitted)
    def start(self) -> None:
        names = self.names()
        try:
            custom = self.query_one("#custom", Input).value
            sizes = tuple(parse_numbers(custom, 1)) if custom.strip() else ()
            special = str(self.query_one("#special", Select).value)
            named = self.query_one("#special_named", Input).value if special == "named" else special
            pad = ScorePad.create(
                names,
                bid_rule=str(self.query_one("#bid_rule", Select).value),
                schedule=str(self.query_one("#schedule", Select).value),
                custom_hand_sizes=sizes,
                first_dealer=int(str(self.query_one("#first_dealer", Select).value)),
                special_cards=parse_special_cards(named),
            )
        except PadError as error:
            self.query_one("#error", Static).update(Text(str(error), style="bold red"))
            return
        self.dismiss(pad)


class PadScreen(Screen[None]):
    BINDINGS: ClassVar = [
        Binding("up", "choose(-1)", N_("earlier round")),
        Binding("down", "choose(1)", N_("later round")),
        Binding("ctrl+s", "export", N_("export CSV + JSON")),
        Binding("escape", "escape", N_("cancel correction / save & quit")),
    ]

    def __init__(self, pad: ScorePad) -> None:
        super().__init__()
        translate_bindings(self)
        self.pad = pad
        self.round = pad.next_round if pad.next_round is not None else len(pad.rounds) - 1
        self.kind = "bids"
        self.correcting = False  # ↑/↓ chose a round already entered: Escape cancels that, not the pad
        self.message = Text("")
        # what the Cloud and the Bomb did this round, typed between the bids and the tricks
        self.special: tuple[list[int] | None, int] = (None, 0)
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
        self.correcting = False
        self.special = (None, 0)
        upcoming = self.pad.next_round
        if upcoming is None:
            self.round, self.kind = len(self.pad.rounds) - 1, "done"
            return
        self.round = upcoming
        self.kind = "bids" if self.pad.rounds[upcoming].bids is None else self._after_bids()

    def _after_bids(self) -> str:
        """The step after the bids: what the Cloud and the Bomb did, when the deck holds either, else the tricks."""
        return "special" if self.pad.has_cloud or self.pad.most_bombed else "tricks"

    def show(self) -> None:
        pad = self.pad
        info = pad.info(self.round)
        head = Text(_("Round {n}/{total}").format(n=info.number, total=len(pad.rounds)), style="bold")
        head.append(" · " + _("dealer {name}").format(name=pad.names[info.dealer]) + " · "
                    + ngettext("{n} card", "{n} cards", info.hand_size).format(n=info.hand_size))
        head.append(f" · {info.no_trump}" if info.no_trump else " · " + _("a card is turned up for trump"),
                    style="bold yellow" if info.no_trump else "")
        head.append("\n")
        order = ", ".join(pad.names)
        entry = self.query_one("#entry", Input)
        zeros = " ".join("0" for _name in pad.names)
        if self.kind == "done":
            head.append(_("Every round is scored. ↑ to correct a round, ctrl+s to export."), style="bold green")
            entry.placeholder = ""
        elif self.kind == "bids":
            rule = pad.rules.bid_rule.value
            if rule == "none":
                line = _("Enter the bids, 0..{n}, in seat order ({order}), then Enter.")
            elif rule == "hook":
                line = _("Enter the bids, 0..{n}, in seat order ({order}) (hook rule for the dealer), then Enter.")
            else:
                line = _("Enter the bids, 0..{n}, in seat order ({order}) (Canadian rule for the dealer), then Enter.")
            head.append(line.format(n=info.hand_size, order=order))
            entry.placeholder = zeros
        elif self.kind == "special":
            if pad.has_cloud and pad.most_bombed:
                line = _("The Cloud and the Bomb: whose bid changed ('{name} +1'), 'bomb' if a trick went to nobody, "
                         "both, or just Enter.")
            elif pad.has_cloud:
                line = _("The Cloud: whose bid changed ('{name} +1' or '{name} -1'), or just Enter.")
            else:
                line = _("The Bomb: 'bomb' if a trick went to nobody, or just Enter.")
            head.append(line.format(name=pad.names[0]))
            entry.placeholder = ""
        else:
            bombed = self.special[1]
            if bombed:
                head.append(_("Enter the tricks won, in seat order ({order}); they add up to {n} (one went to the "
                              "Bomb).").format(order=order, n=info.hand_size - bombed))
            else:
                head.append(_("Enter the tricks won, in seat order ({order}); they add up to {n}.").format(
                    order=order, n=info.hand_size))
            entry.placeholder = zeros
        if self.correcting:
            head.append("  " + _("Escape: cancel the correction."), style="yellow")
        self.query_one("#round", Static).update(head)
        self.query_one("#message", Static).update(self.message)
        self.query_one("#sheet", Static).update(self.sheet_table())
        self.query_one("#end", Static).update(self.end_text())

    def sheet_table(self) -> Table:
        pad = self.pad
        title = _("bid / won, points, total")
        if pad.rules.special_cards:
            title += " · " + _("special cards: {cards}").format(
                cards=", ".join(_(SPECIAL_CARD_WORDS[card]) for card in pad.rules.special_cards))
        table = Table(title=title, box=box.SIMPLE_HEAD)
        table.add_column(_("round"), justify="right")
        table.add_column(_("cards"), justify="right")
        table.add_column(_("dealer"))
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
                    scored = pad.scored_bids(index)
                    assert scored is not None
                    made = scored[seat] == entry.tricks[seat]
                    bid = (f"{entry.bids[seat]}→{scored[seat]}" if scored[seat] != entry.bids[seat]
                           else str(entry.bids[seat]))
                    cells.append(Text(f"{bid}/{entry.tricks[seat]} {points[seat]:>4} {totals[seat]:>5}",
                                      style="green" if made else "red"))
            mark = "▶ " if index == self.round and self.kind != "done" else ""
            cards = str(info.hand_size) + ("*" if info.no_trump else "") + ("b" if entry.bombed else "")
            table.add_row(f"{mark}{info.number}", cards,
                          pad.names[info.dealer], *cells, style="reverse" if mark else "")
        table.add_row("", "", _("total"), *(Text(str(t), style="bold") for t in pad.totals))
        return table

    def end_text(self) -> Text:
        pad = self.pad
        starred = any(pad.info(index).no_trump for index in range(len(pad.rounds)))
        footnote = Text(_("* no trump in that round") + "\n", style="dim") if starred else Text("")
        if any(entry.bombed for entry in pad.rounds):
            footnote.append(_("b: the Bomb took a trick, won by nobody") + "\n", style="dim")
        if any(entry.bid_changes for entry in pad.rounds if entry.tricks is not None):
            footnote.append(_("0→1: the bid as made and as the Cloud changed it (the second is scored)") + "\n",
                            style="dim")
        if not pad.finished:
            return footnote
        won = pad.winners()
        names = [pad.names[s] for s in won]
        line = (_("Winner: {name} with {points}").format(name=names[0], points=max(pad.totals)) if len(names) == 1
                else _("Winners: {names} with {points}").format(names=", ".join(names), points=max(pad.totals)))
        out = footnote
        out.append(line + "\n\n", style="bold green")
        out.append(_("Running totals") + "\n", style="bold underline")
        out.append_text(totals_chart(pad.running_totals(), pad.names))
        return out

    @on(Input.Submitted, "#entry")
    def submit(self, event: Input.Submitted) -> None:
        if self.kind == "done":
            return
        pad = self.pad
        if self.kind == "special":
            try:
                self.special = parse_special_entry(event.value, pad.names)
                pad.check_specials(self.round, *self.special)
            except PadError as error:
                self.message = Text(f"✗ {error}", style="bold red")
                self.show()
                return
            self.kind = "tricks"
            tricks = pad.rounds[self.round].tricks
            event.input.value = " ".join(map(str, tricks)) if tricks is not None and self.correcting else ""
            self.message = Text("")
            self.show()
            return
        try:
            numbers = parse_numbers(event.value, pad.players)
            if self.kind == "bids":
                conflicts = pad.set_bids(self.round, numbers)
            else:
                pad.set_tricks(self.round, numbers, *self.special)
                conflicts = []
        except PadError as error:
            self.message = Text(f"✗ {error}", style="bold red")
            self.show()
            return
        pad.save(store.scorepad_path())
        number = self.round + 1
        entered = _("✓ round {n}: bids entered") if self.kind == "bids" else _("✓ round {n}: tricks entered")
        self.message = Text(entered.format(n=number), style="green")
        if conflicts:
            rule = _("hook rule") if pad.rules.bid_rule.value == "hook" else _("Canadian rule")
            self.message.append(" · " + ngettext(
                "note: after this correction the {rule} would refuse the dealer's bid in round {rounds}",
                "note: after this correction the {rule} would refuse the dealer's bid in rounds {rounds}",
                len(conflicts)).format(rule=rule, rounds=", ".join(map(str, conflicts))), style="yellow")
        event.input.value = ""
        if self.kind == "bids":
            self.kind = self._after_bids()
            entry = pad.rounds[self.round]
            self.special = (entry.bid_changes, entry.bombed)
            if self.kind == "special" and entry.tricks is not None:  # correcting: offer them as they were
                event.input.value = special_entry_text(entry.bid_changes, entry.bombed, pad.names)
            elif entry.tricks is not None:
                event.input.value = " ".join(map(str, entry.tricks))
        else:
            self.special = (None, 0)
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
            self.correcting = True
            value = " ".join(map(str, entry.bids or []))
        self.query_one("#entry", Input).value = value
        self.message = Text(_("correcting round {n}: edit the bids, then the tricks").format(n=target + 1) if value
                            else "", style="yellow")
        self.show()

    def action_escape(self) -> None:
        """Escape cancels a correction under way (what Enter already took stays entered); otherwise it quits, the
        pad being saved after every entry."""
        if not self.correcting:
            self.app.exit()
            return
        number = self.round + 1
        self._target_next()
        self.query_one("#entry", Input).value = ""
        self.message = Text(_("correction of round {n} cancelled").format(n=number), style="yellow")
        self.show()

    def action_export(self) -> None:
        folder = store.data_dir() / "exports"
        folder.mkdir(parents=True, exist_ok=True)
        stem = folder / f"scorepad-{time.strftime('%Y%m%d-%H%M%S')}"
        paths = [Path(f"{stem}.csv"), Path(f"{stem}.json")]
        paths[0].write_text(self.pad.export_csv())
        paths[1].write_text(self.pad.export_json())
        self.exported = paths
        self.message = Text(_("exported {csv} and {json}").format(csv=paths[0], json=paths[1]), style="green")
        self.show()


class ScorePadApp(App[None]):
    TITLE = "wizard score"
    ENABLE_COMMAND_PALETTE = False  # Textual's own texts, in English only
    CSS = """
    #form { padding: 0 1; }
    .name { width: 40; }
    .row { height: auto; margin: 1 0; }
    #bid_rule, #schedule { width: 30; } #first_dealer { width: 30; } #custom { width: 26; }
    #special { width: 40; } #special_named { width: 40; }
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
                self.notify(_("the saved pad could not be read ({error}); starting a new one").format(error=error),
                            severity="error")
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
