"""The score pad's pure model: a Wizard game played with real cards, scored round by round. No UI here.

The pad holds the players, the rule options that affect scoring (``RuleSet.bid_rule``: none, hook or Canadian; the
schedule of hand sizes: standard, Double Down, quick or custom; ``special_cards``, the anniversary cards, which
change the deck and so the rounds) and, per round, the bids and the tricks entered; with the Cloud, the change of
a bid it made (``bid_changes``), with the Bomb, the tricks won by nobody (``bombed``).
The rules come from the core: hand sizes from ``RuleSet.hand_sizes``, the hands without trump from
``pad_rules.no_trump_reason``, the dealer's forbidden bid from ``wizard.dealer_forbidden_bid``, points from
``wizard.round_score`` of the bid as the Cloud changed it, the Cloud's changes from
``special_wizard.cloud_changes``. Entries are checked and a bad one raises
``PadError`` with a message saying what is wrong, leaving the pad unchanged:

* bids: one per player, each 0..hand size; under the hook rule the dealer may not make the bids add up to the hand
  size, under the Canadian rule only while the dealer leads the score alone (and 0 is then always allowed);
* tricks: one per player, each 0..hand size, together exactly the hand size less the tricks won by nobody (the
  Bomb's: 0 or 1, only when the deck holds the Bomb); only after the round's bids;
* the Cloud's change (entered with the tricks, after the hand): with the Cloud in the deck, at most one player a
  round changes their bid, by +1 or -1 as ``cloud_changes`` allows that bid (0 only rises, the whole hand only
  falls), and that player won the Cloud's trick, so took a trick at least.

The bids entered are the bids as made; the round is scored by the bids as changed. A correction of the bids that
the round's Cloud change no longer fits clears the round's tricks and change, to be entered again.

Rounds are entered in order; any round already entered can be corrected (bids or tricks) and every total after it
follows. Correcting an earlier round can change who led the score before a later round; ``set_bids`` returns the
later rounds whose bids the Canadian rule would now refuse, so the screen can say so.

The dealer of round ``r`` (0-based) is ``(first_dealer + r) % players``; bids and tricks are listed in seat order.
The file format (``to_dict``) is versioned: ``wizardcards-scorepad/1`` for a game of the 60 cards (as before the
special cards, so older pads read it), ``wizardcards-scorepad/2`` for a game with special cards (its rule set
names them, each round has ``bid_changes``, a change per player or null, and ``bombed``). ``import_pad`` reads back
either export (``export_json`` or ``export_csv``), this pad's or the browser's score pad's (web/js/pad_files.js
writes the same files), through the same checks as the keys.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.cards import BOMB, CLOUD, SPECIAL_CARD_NAMES
from ..core.pad_rules import no_trump_reason
from ..core.rules import SPECIAL_PRESETS, WIZARD_PLAYERS, BidRule, Game, ImpossibleRulesError, RuleSet, Schedule
from ..core.special_wizard import cloud_changes
from ..core.wizard import dealer_forbidden_bid, round_score, winners_of
from .i18n import N_, _, ngettext

PAD_FORMAT = "wizardcards-scorepad/1"
PAD_FORMAT_SPECIAL = "wizardcards-scorepad/2"  # /1 with the special cards: bid_changes and bombed per round
PAD_FORMATS = (PAD_FORMAT, PAD_FORMAT_SPECIAL)
# The messages a player sees on the pad's screen are translated (i18n.py); those of reading a file stay English.
_NO_TRUMP_WHY = {"all_dealt": N_("no trump: every card is dealt"),
                 "last_hand": N_("no trump: the last hand of Double Down"), None: ""}
RULE_WORDS = {"hook": N_("hook rule"), "canadian": N_("Canadian rule")}


class PadError(ValueError):
    """An entry the pad refuses; the message says why. The pad is left unchanged."""


@dataclass(frozen=True)
class RoundInfo:
    number: int  # 1-based
    dealer: int
    hand_size: int
    no_trump: str  # why the round is played without trump ("" when a card is turned up)
    last: bool


@dataclass
class PadRound:
    bids: list[int] | None = None  # as made
    tricks: list[int] | None = None
    bid_changes: list[int] | None = None  # the Cloud's change of each player's bid (None: nobody changed)
    bombed: int = 0  # the tricks won by nobody (the Bomb's)

    @property
    def complete(self) -> bool:
        return self.bids is not None and self.tricks is not None


@dataclass
class ScorePad:
    names: list[str]
    rules: RuleSet
    first_dealer: int = 0
    rounds: list[PadRound] = field(default_factory=list)

    def __post_init__(self) -> None:
        names = [n.strip() for n in self.names]
        if len(names) not in WIZARD_PLAYERS:
            raise PadError(_("Wizard is played by 3 to 6 players, not {n}").format(n=len(names)))
        if any(not n for n in names) or len(set(names)) != len(names):
            raise PadError(_("every player needs a name, and no two the same"))
        self.names = names
        if self.rules.game is not Game.WIZARD:
            raise PadError("the score pad keeps the score of Wizard")
        if self.rules.players != len(names):
            self.rules = self.rules.with_players(len(names))
        if not 0 <= self.first_dealer < len(names):
            raise PadError(f"the first dealer is a player 1..{len(names)}")
        if not self.rounds:
            self.rounds = [PadRound() for _ in self.rules.hand_sizes]

    @classmethod
    def create(cls, names: list[str], bid_rule: str = "none", schedule: str = "standard",
               custom_hand_sizes: tuple[int, ...] = (), first_dealer: int = 0,
               special_cards: tuple[str, ...] = ()) -> ScorePad:
        """A new pad; the rule options are checked by ``RuleSet`` (``PadError`` on a bad combination)."""
        try:
            rules = RuleSet(
                players=len(names), bid_rule=BidRule(bid_rule), schedule=Schedule(schedule),
                custom_hand_sizes=custom_hand_sizes if schedule == "custom" else (),
                special_cards=special_cards,
            )
        except (ImpossibleRulesError, ValueError) as error:
            raise PadError(str(error)) from None
        return cls(list(names), rules, first_dealer)

    # --- reading -------------------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.names)

    def info(self, index: int) -> RoundInfo:
        self._check_index(index)
        size = self.rules.hand_sizes[index]
        last = index == len(self.rounds) - 1
        why = _NO_TRUMP_WHY[no_trump_reason(self.rules, index)]
        no_trump = _(why) if why else ""
        return RoundInfo(index + 1, (self.first_dealer + index) % self.players, size, no_trump, last)

    @property
    def has_cloud(self) -> bool:
        return CLOUD in self.rules.deck

    @property
    def most_bombed(self) -> int:
        """How many tricks of a round may be won by nobody: one per Bomb in the deck (RULES.md, "Bomb")."""
        return self.rules.deck.count(BOMB)

    def scored_bids(self, index: int) -> list[int] | None:
        """Round ``index``'s bids as the Cloud changed them (the ones scored), or None before its bids."""
        entry = self.rounds[index]
        if entry.bids is None:
            return None
        changes = entry.bid_changes or [0] * self.players
        return [b + c for b, c in zip(entry.bids, changes)]

    def points(self, index: int) -> list[int] | None:
        entry = self.rounds[index]
        bids = self.scored_bids(index)
        if bids is None or entry.tricks is None:
            return None
        return [round_score(b, t) for b, t in zip(bids, entry.tricks)]

    def totals_after(self, index: int) -> list[int]:
        """The running totals after round ``index`` (counting the complete rounds up to it)."""
        totals = [0] * self.players
        for number in range(index + 1):
            points = self.points(number)
            if points is not None:
                totals = [t + p for t, p in zip(totals, points)]
        return totals

    def totals_before(self, index: int) -> list[int]:
        return self.totals_after(index - 1) if index > 0 else [0] * self.players

    @property
    def totals(self) -> list[int]:
        return self.totals_after(len(self.rounds) - 1)

    def running_totals(self) -> list[list[int]]:
        """Per player, the total after each complete round (for the chart)."""
        done = [i for i, r in enumerate(self.rounds) if r.complete]
        return [[self.totals_after(i)[seat] for i in done] for seat in range(self.players)]

    @property
    def next_round(self) -> int | None:
        """The first round not complete, or None once every round is scored."""
        for index, entry in enumerate(self.rounds):
            if not entry.complete:
                return index
        return None

    @property
    def finished(self) -> bool:
        return self.next_round is None

    def winners(self) -> list[int]:
        return winners_of(self.totals) if self.finished else []

    def forbidden_bid(self, index: int, bids: list[int]) -> int | None:
        """The dealer's forbidden bid in round ``index`` given the others' ``bids`` (the dealer's own is ignored)."""
        info = self.info(index)
        others = [b for seat, b in enumerate(bids) if seat != info.dealer]
        before = self.totals_before(index)
        leads_alone = before[info.dealer] > max(t for seat, t in enumerate(before) if seat != info.dealer)
        return dealer_forbidden_bid(info.hand_size, others, self.rules.bid_rule, leads_alone)

    # --- entering ------------------------------------------------------------------------------------------

    def set_bids(self, index: int, bids: list[int]) -> list[int]:
        """Enter (or correct) the bids of round ``index``; returns the later rounds (1-based) whose bids the rule
        now refuses because the totals before them changed."""
        self._check_enterable(index)
        info = self.info(index)
        self._check_numbers("bid", bids, info)
        forbidden = self.forbidden_bid(index, bids)
        if forbidden is not None and bids[info.dealer] == forbidden:
            rule = _(RULE_WORDS[self.rules.bid_rule.value])
            raise PadError(
                _("{rule}: {name} (dealer) may not bid {bid}: the bids would add up to the hand size {n}").format(
                    rule=rule, name=self.names[info.dealer], bid=forbidden, n=info.hand_size)
            )
        entry = self.rounds[index]
        entry.bids = list(bids)
        if entry.tricks is not None and entry.bid_changes is not None:
            try:
                self._check_changes(info, bids, entry.bid_changes)
            except PadError:  # the corrected bids cannot take this change: the hand's end is entered again
                entry.tricks, entry.bid_changes, entry.bombed = None, None, 0
        return self._later_conflicts(index)

    def set_tricks(self, index: int, tricks: list[int], bid_changes: list[int] | None = None,
                   bombed: int = 0) -> None:
        """Enter (or correct) the tricks of round ``index`` (its bids must be in), with the Cloud's change of the
        bids (one number per player, +1, -1 or 0) and the tricks won by nobody (the Bomb's)."""
        self._check_enterable(index)
        info = self.info(index)
        bids = self.rounds[index].bids
        if bids is None:
            raise PadError(_("enter the bids of round {n} before its tricks").format(n=info.number))
        self._check_numbers("tricks", tricks, info)
        self.check_specials(index, bid_changes, bombed)
        expected = info.hand_size - bombed
        if sum(tricks) != expected:
            if bombed:
                raise PadError(
                    ngettext("the tricks add up to {sum}, but a hand of {n} card less the Bomb's trick has {left}",
                             "the tricks add up to {sum}, but a hand of {n} cards less the Bomb's trick has {left}",
                             info.hand_size).format(sum=sum(tricks), n=info.hand_size, left=expected))
            raise PadError(
                ngettext("the tricks add up to {sum}, but a hand of {n} card has exactly {n} trick",
                         "the tricks add up to {sum}, but a hand of {n} cards has exactly {n} tricks",
                         info.hand_size).format(sum=sum(tricks), n=info.hand_size)
            )
        changes = list(bid_changes) if bid_changes is not None and any(bid_changes) else None
        for seat, change in enumerate(changes or []):
            if change and tricks[seat] == 0:
                raise PadError(_("{name} changed their bid with the Cloud, so won the Cloud's trick: not 0 tricks")
                               .format(name=self.names[seat]))
        entry = self.rounds[index]
        entry.tricks, entry.bid_changes, entry.bombed = list(tricks), changes, bombed

    def check_specials(self, index: int, bid_changes: list[int] | None, bombed: int) -> None:
        """What the Cloud and the Bomb did in round ``index`` (its bids in), as far as it is known before the tricks:
        the Bomb's tricks to nobody (0 or 1, with the Bomb), the Cloud's change against the bids."""
        info = self.info(index)
        bids = self.rounds[index].bids
        if bids is None:
            raise PadError(_("enter the bids of round {n} before its tricks").format(n=info.number))
        if bombed and not self.most_bombed:
            raise PadError(_("these rules have no Bomb: every trick is won by somebody"))
        if not 0 <= bombed <= self.most_bombed:
            raise PadError(_("the deck holds one Bomb: at most one trick a round is won by nobody"))
        if bid_changes is not None and any(bid_changes):
            self._check_changes(info, bids, list(bid_changes))

    def _check_changes(self, info: RoundInfo, bids: list[int], changes: list[int]) -> None:
        """The Cloud's change of the bids: RULES.md "Cloud" (docs/rules.md for a bid of the whole hand)."""
        if not self.has_cloud:
            raise PadError(_("these rules have no Cloud: no bid changes in a round"))
        if len(changes) != self.players:
            raise PadError(_("enter one bid change per player ({players}), not {n}").format(
                players=self.players, n=len(changes)))
        changed = [seat for seat, change in enumerate(changes) if change]
        if len(changed) > self.rules.deck.count(CLOUD):
            raise PadError(_("the deck holds one Cloud: one player a round changes their bid, not {n}").format(
                n=len(changed)))
        for seat in changed:
            name, bid, change = self.names[seat], bids[seat], changes[seat]
            allowed = cloud_changes(bid, info.hand_size)
            if change not in allowed:
                if change not in (1, -1):
                    message = _("the Cloud changes a bid by +1 or -1, not {change}")
                elif allowed == (1,):
                    message = _("the Cloud: {name}'s bid of {bid} can only rise")
                else:
                    message = _("the Cloud: {name}'s bid of {bid} can only fall (the hand has {n} cards)")
                raise PadError(message.format(change=change, name=name, bid=bid, n=info.hand_size))

    def _check_index(self, index: int) -> None:
        if not 0 <= index < len(self.rounds):
            raise PadError(_("there is no round {n}: the game has {total} rounds").format(
                n=index + 1, total=len(self.rounds)))

    def _check_enterable(self, index: int) -> None:
        self._check_index(index)
        upcoming = self.next_round
        if upcoming is not None and index > upcoming:
            raise PadError(_("round {first} comes first: enter it before round {n}").format(
                first=upcoming + 1, n=index + 1))

    def _check_numbers(self, what: str, values: list[int], info: RoundInfo) -> None:
        """``what``: "bid" or "tricks", each with its own sentences (the words differ in other languages)."""
        if len(values) != self.players:
            message = (_("enter one bid per player ({players}), not {n}") if what == "bid"
                       else _("enter one trick count per player ({players}), not {n}"))
            raise PadError(message.format(players=self.players, n=len(values)))
        for seat, value in enumerate(values):
            if not 0 <= value <= info.hand_size:
                message = (
                    ngettext("{name}'s bid is {value}: round {round} deals {n} card, so it must be 0..{n}",
                             "{name}'s bid is {value}: round {round} deals {n} cards, so it must be 0..{n}",
                             info.hand_size) if what == "bid" else
                    ngettext("{name} won {value} tricks: round {round} deals {n} card, so it must be 0..{n}",
                             "{name} won {value} tricks: round {round} deals {n} cards, so it must be 0..{n}",
                             info.hand_size))
                raise PadError(message.format(name=self.names[seat], value=value, round=info.number,
                                              n=info.hand_size))

    def _later_conflicts(self, index: int) -> list[int]:
        out = []
        for later in range(index + 1, len(self.rounds)):
            bids = self.rounds[later].bids
            if bids is None:
                break
            forbidden = self.forbidden_bid(later, bids)
            if forbidden is not None and bids[self.info(later).dealer] == forbidden:
                out.append(later + 1)
        return out

    # --- files ---------------------------------------------------------------------------------------------

    @property
    def special(self) -> bool:
        """Whether the game has special cards: its files are then of format /2."""
        return bool(self.rules.special_cards)

    def to_dict(self) -> dict[str, Any]:
        rounds: list[dict[str, Any]] = [{"bids": r.bids, "tricks": r.tricks} for r in self.rounds]
        if self.special:
            for entry, r in zip(rounds, self.rounds):
                entry.update(bid_changes=r.bid_changes, bombed=r.bombed)
        return {
            "format": PAD_FORMAT_SPECIAL if self.special else PAD_FORMAT,
            "names": self.names,
            "rules": self.rules.to_dict(),
            "first_dealer": self.first_dealer,
            "rounds": rounds,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ScorePad:
        if not isinstance(data, dict) or data.get("format") not in PAD_FORMATS:
            raise PadError(f"not a score pad of format {' or '.join(map(repr, PAD_FORMATS))}")
        pad = cls(list(data["names"]), RuleSet.from_dict(data["rules"]), int(data["first_dealer"]))
        if len(data["rounds"]) != len(pad.rounds):
            raise PadError("the saved rounds do not match the schedule")
        # Re-enter every round through the checks, so a hand-edited file cannot hold what the pad would refuse.
        for index, entry in enumerate(data["rounds"]):
            if entry.get("bids") is not None:
                pad.set_bids(index, [int(b) for b in entry["bids"]])
            if entry.get("tricks") is not None:
                changes = entry.get("bid_changes")
                pad.set_tricks(index, [int(t) for t in entry["tricks"]],
                               None if changes is None else [int(c) for c in changes], int(entry.get("bombed", 0)))
        return pad

    def save(self, path: Path) -> None:
        from .store import write_atomic

        write_atomic(path, json.dumps(self.to_dict(), indent=1) + "\n")

    @classmethod
    def load(cls, path: Path) -> ScorePad:
        return cls.from_dict(json.loads(path.read_text()))

    def export_json(self) -> str:
        """The pad with every round's points and totals, and the winners once finished."""
        data = self.to_dict()
        for index, entry in enumerate(data["rounds"]):
            info = self.info(index)
            entry.update(number=info.number, dealer=self.names[info.dealer], hand_size=info.hand_size,
                         no_trump=bool(info.no_trump), points=self.points(index),
                         totals=self.totals_after(index) if self.rounds[index].complete else None)
        data["totals"] = self.totals
        data["winners"] = [self.names[s] for s in self.winners()]
        return json.dumps(data, indent=1) + "\n"

    def export_csv(self) -> str:
        """A row per round: number, cards, dealer, then per player bid, tricks, points, total (blank if not in).
        With special cards: after "no trump" the cards (``special cards``, the same on every row) and the tricks
        won by nobody (``bombed``), and per player after the bid as made the Cloud's change (``cloud``: +1, -1)."""
        out = io.StringIO()
        writer = csv.writer(out)
        special = self.special
        header = list(_CSV_FIXED_SPECIAL if special else _CSV_FIXED)
        for name in self.names:
            header += [f"{name} {what}" for what in (_CSV_PER_PLAYER_SPECIAL if special else _CSV_PER_PLAYER)]
        writer.writerow(header)
        cards = " ".join(self.rules.special_cards)
        for index, entry in enumerate(self.rounds):
            info = self.info(index)
            row: list[Any] = [info.number, info.hand_size, self.names[info.dealer], "yes" if info.no_trump else ""]
            if special:
                row += [cards, "" if entry.tricks is None else entry.bombed]
            points = self.points(index)
            totals = self.totals_after(index) if points is not None else None
            for seat in range(self.players):
                row.append("" if entry.bids is None else entry.bids[seat])
                if special:
                    change = entry.bid_changes[seat] if entry.bid_changes else 0
                    row.append(f"{change:+d}" if change else "")
                row += [
                    "" if entry.tricks is None else entry.tricks[seat],
                    "" if points is None else points[seat],
                    "" if totals is None else totals[seat],
                ]
            writer.writerow(row)
        return out.getvalue()


def import_pad(text: str, bid_rule: str = "none") -> ScorePad:
    """A pad from an exported file: JSON (``export_json``, or a saved pad) or CSV (``export_csv``). The CSV holds no
    rule options but its schedule: ``bid_rule`` says which to check the bids with. Every round is entered through
    the pad's checks, and a CSV's points and totals must be the ones the pad computes (``PadError`` otherwise)."""
    stripped = text.lstrip("\ufeff").lstrip()
    if stripped.startswith("{"):
        try:
            data = json.loads(stripped)
        except ValueError as error:
            raise PadError(f"not a score pad file: {error}") from None
        try:
            return ScorePad.from_dict(data)
        except PadError:
            raise
        except (KeyError, TypeError, ValueError) as error:  # ImpossibleRulesError is a ValueError
            raise PadError(f"not a score pad file: {error}") from None
    return _import_csv(stripped, bid_rule)


_CSV_FIXED = ["round", "cards", "dealer", "no trump"]
_CSV_PER_PLAYER = ("bid", "tricks", "points", "total")
_CSV_FIXED_SPECIAL = [*_CSV_FIXED, "special cards", "bombed"]
_CSV_PER_PLAYER_SPECIAL = ("bid", "cloud", "tricks", "points", "total")


def _import_csv(text: str, bid_rule: str) -> ScorePad:
    rows = list(csv.reader(io.StringIO(text)))
    special = bool(rows) and rows[0][:6] == _CSV_FIXED_SPECIAL
    fixed, per = (_CSV_FIXED_SPECIAL, _CSV_PER_PLAYER_SPECIAL) if special else (_CSV_FIXED, _CSV_PER_PLAYER)
    width, first = len(per), len(fixed)
    if not rows or rows[0][:first] != fixed or (len(rows[0]) - first) % width:
        raise PadError(f"not a score pad CSV: the header must start {', '.join(_CSV_FIXED)}, then 4 columns a player"
                       f" (or {', '.join(_CSV_FIXED_SPECIAL)}, then 5 columns a player)")
    header, body = rows[0], [r for r in rows[1:] if r]
    names = []
    for column in range(first, len(header), width):
        name = header[column].removesuffix(" bid")
        if [f"{name} {what}" for what in per] != header[column:column + width]:
            raise PadError(f"not a score pad CSV: expected the {width} columns of a player at {header[column]!r}")
        names.append(name)
    try:
        sizes = tuple(int(row[1]) for row in body)
    except (ValueError, IndexError):
        raise PadError("not a score pad CSV: every round needs its number of cards") from None
    cards: tuple[str, ...] = ()
    if special:
        if not body or len({row[4] for row in body}) != 1:
            raise PadError("not a score pad CSV: every round names the same special cards")
        cards = tuple(body[0][4].split())
        if not set(cards) <= set(SPECIAL_CARD_NAMES):
            raise PadError(f"not a score pad CSV: special cards are {', '.join(SPECIAL_CARD_NAMES)}, "
                           f"not {body[0][4]!r}")
    try:
        deck = RuleSet(special_cards=cards)
    except ImpossibleRulesError as error:
        raise PadError(f"not a score pad CSV: {error}") from None
    schedule = next(
        (s.value for s in Schedule if s is not Schedule.CUSTOM
         and len(names) in WIZARD_PLAYERS
         and RuleSet(players=len(names), schedule=s, special_cards=deck.special_cards).hand_sizes == sizes),
        "custom",
    )
    if not body or body[0][2] not in names:
        raise PadError("not a score pad CSV: the first round's dealer must be one of the players")
    pad = ScorePad.create(names, bid_rule, schedule, sizes, names.index(body[0][2]), special_cards=cards)
    # per player: the offset of bid, tricks, points and total among its columns (and of the Cloud's change)
    where = {what: per.index(what) for what in per}

    def numbers(row: list[str], what: str) -> list[int] | None:
        cells = [row[first + width * seat + where[what]] for seat in range(len(names))]
        if all(c == "" for c in cells):
            return None
        try:
            return [int(c or 0) if what == "cloud" else int(c) for c in cells]
        except ValueError:
            raise PadError(f"round {row[0]}: every player needs a whole number, not {cells}") from None

    for index, row in enumerate(body):
        if len(row) != len(header):
            raise PadError(f"round {index + 1}: {len(row)} columns, the header has {len(header)}")
        bids, tricks = numbers(row, "bid"), numbers(row, "tricks")
        if bids is not None:
            pad.set_bids(index, bids)
        if tricks is not None:
            changes = numbers(row, "cloud") if special else None
            try:
                bombed = int(row[5] or 0) if special else 0
            except ValueError:
                raise PadError(f"round {row[0]}: the tricks won by nobody are a whole number, not {row[5]!r}") from None
            pad.set_tricks(index, tricks, changes, bombed)
        if numbers(row, "points") != pad.points(index) or numbers(row, "total") != (
            pad.totals_after(index) if pad.rounds[index].complete else None
        ):
            raise PadError(f"round {index + 1}: the file's points or totals are not the ones its bids and tricks score")
    return pad


def parse_special_cards(text: str) -> tuple[str, ...]:
    """``"anniversary"``, ``"anniversary-2021"`` or card names (``"bomb cloud"``, commas or + between them) -> the
    special cards (``RuleSet`` checks the set); ``""`` -> none. ``PadError`` for a word that is neither."""
    words = text.replace(",", " ").replace("+", " ").casefold().split()
    if len(words) == 1 and words[0] in SPECIAL_PRESETS:
        return SPECIAL_PRESETS[words[0]].special_cards
    # the option names, and the cards' names in the pad's language (Bombe, Wolke ...)
    known = {**{_(word).casefold(): card for card, word in SPECIAL_CARD_WORDS.items()},
             **{card: card for card in SPECIAL_CARD_NAMES}}
    wrong = [w for w in words if w not in known]
    if wrong:
        raise PadError(_("no special card {word!r}: the cards are {cards}, or anniversary, anniversary-2021").format(
            word=wrong[0], cards=", ".join(SPECIAL_CARD_NAMES)))
    return tuple(known[w] for w in words)


BOMB_WORDS = frozenset({"bomb", "bombe"})  # the Bomb's word in either language of the pad
SPECIAL_CARD_WORDS = {"dragon": N_("Dragon"), "fairy": N_("Fairy"), "bomb": N_("Bomb"), "werewolf": N_("Werewolf"),
                      "juggler": N_("Juggler"), "cloud": N_("Cloud"), "shapeshifter": N_("Shapeshifter")}


def parse_special_entry(text: str, names: list[str]) -> tuple[list[int] | None, int]:
    """What the Cloud and the Bomb did in a round, as typed after it: ``"Ann +1"`` or ``"1 +1"`` (the player, by
    name or number, whose bid the Cloud changed, and the change), ``"bomb"`` (a trick the Bomb left to nobody),
    both, or nothing. Returns (the change per player, or None; the tricks won by nobody). ``PadError`` otherwise;
    ``set_tricks`` checks what the rules allow."""
    words = text.replace("−", "-").split()
    bombed = sum(1 for word in words if word.casefold() in BOMB_WORDS)
    rest = " ".join(word for word in words if word.casefold() not in BOMB_WORDS)
    if not rest:
        return None, bombed
    found = re.fullmatch(r"(.+?)\s*([+-])\s*(1?)", rest)
    if found is None:
        raise PadError(_("type whose bid the Cloud changed and by how much (e.g. '{name} +1' or '1 -1'), "
                         "'bomb' for a trick the Bomb took, or nothing").format(name=names[0]))
    who = found.group(1).strip()
    folded = [name.casefold() for name in names]
    if who.isdigit() and 1 <= int(who) <= len(names):
        seat = int(who) - 1
    elif who.casefold() in folded:
        seat = folded.index(who.casefold())
    else:
        raise PadError(_("no player {who!r}: a name or a number 1..{n}").format(who=who, n=len(names)))
    changes = [0] * len(names)
    changes[seat] = 1 if found.group(2) == "+" else -1
    return changes, bombed


def special_entry_text(changes: list[int] | None, bombed: int, names: list[str]) -> str:
    """A round's Cloud change and Bomb as ``parse_special_entry`` reads them (to offer them again)."""
    parts = [f"{names[seat]} {change:+d}" for seat, change in enumerate(changes or []) if change]
    return " ".join(parts + ["bomb"] * bombed)


def parse_numbers(text: str, players: int) -> list[int]:
    """``"1 2 1 3"`` (spaces or commas) -> [1, 2, 1, 3]; ``PadError`` for anything else."""
    words = text.replace(",", " ").split()
    if not words:
        raise PadError(_("type {n} numbers, one per player, e.g. {example}").format(
            n=players, example=" ".join(["1"] * players)))
    try:
        return [int(w) for w in words]
    except ValueError:
        raise PadError(_("only whole numbers, one per player: {text!r}").format(text=text.strip())) from None
