"""RuleSet: one frozen value holding every option of a game, and the registry of named presets.

Every option of RULES.md is a field here (the first value named there is the default). A rule set is data: the state
machines read it, nothing else carries rule switches. ``RuleSet(...)`` validates itself and raises
``ImpossibleRulesError`` for a combination no table could play (7 Wizard players, a hand the deck cannot deal, the
hook rule with hidden bids, ...).

Presets live in ``PRESETS`` and are found with ``find_rules(name, players=...)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import Any

from .cards import DECK_SIZE, RankStyle


class ImpossibleRulesError(ValueError):
    """A rule set that cannot be played."""


class Game(StrEnum):
    WIZARD = "wizard"
    WILY = "wily"


class Schedule(StrEnum):
    """Hand sizes of the rounds of a Wizard game."""

    STANDARD = "standard"  # 1, 2, ..., 60 / players
    DOUBLE_DOWN = "double-down"  # 1 .. N, then N .. 1
    QUICK = "quick"  # 1, 3, 5, ... up to 60 / players
    CUSTOM = "custom"  # RuleSet.custom_hand_sizes


class BidRule(StrEnum):
    NONE = "none"
    HOOK = "hook"  # the dealer may not make the bids add up to the hand size
    CANADIAN = "canadian"  # the hook rule only while the dealer leads the score alone; 0 is then always allowed


class JesterLead(StrEnum):
    """Which card sets the suit to follow after a Jester lead (RULES.md, "Play")."""

    FIRST_NON_JESTER = "first_non_jester"  # a Wizard after the Jester frees everybody
    FIRST_SUITED = "first_suited"  # the first suited card sets the suit even after a Wizard


class WilyMode(StrEnum):
    PARTNERS = "partners"  # 4 or 6 players, partners opposite
    TWO_TEAMS = "two_teams"  # 6 players, seats 0 2 4 against 1 3 5
    NO_PARTNERS = "no_partners"  # 3..7 players, each a team of one


class Passing(StrEnum):
    """Where No-Partners players pass their three cards."""

    LEFT = "left"
    NONE = "none"


WIZARD_PLAYERS = range(3, 7)
WILY_PLAYERS = range(3, 8)
CARDS_PASSED = 3


@dataclass(frozen=True)
class RuleSet:
    game: Game = Game.WIZARD
    players: int = 4
    rank_style: RankStyle = RankStyle.TWO_TO_ACE
    # Wizard
    schedule: Schedule = Schedule.STANDARD
    custom_hand_sizes: tuple[int, ...] = ()
    bid_rule: BidRule = BidRule.NONE
    hidden_bids: bool = False
    jester_lead: JesterLead = JesterLead.FIRST_NON_JESTER
    first_dealer: int | None = None  # None: drawn by cards (RULES.md, "Dealer")
    last_hand_no_trump: bool = False  # Double Down's last hand is played without trump
    # Wily Wizards
    mode: WilyMode = WilyMode.PARTNERS
    allow_no_trump: bool = False
    combined_bids: bool = False
    passing: Passing = Passing.LEFT
    hand_sizes: tuple[int, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        # Accept plain strings (from JSON or a command line) for the enum fields.
        for f in fields(self):
            if f.name == "hand_sizes":
                continue
            value = getattr(self, f.name)
            kind = _ENUM_FIELDS.get(f.name)
            if kind is not None and not isinstance(value, kind):
                try:
                    object.__setattr__(self, f.name, kind(value))
                except ValueError:
                    choices = ", ".join(m.value for m in kind)
                    raise ImpossibleRulesError(f"{f.name} must be one of {choices}, not {value!r}") from None
        object.__setattr__(self, "custom_hand_sizes", tuple(int(n) for n in self.custom_hand_sizes))
        object.__setattr__(self, "hand_sizes", self._validated_hand_sizes())

    def _validated_hand_sizes(self) -> tuple[int, ...]:
        n = self.players
        if self.game is Game.WILY:
            self._validate_wily()
            return (DECK_SIZE // n,)
        if n not in WIZARD_PLAYERS:
            raise ImpossibleRulesError(f"Wizard is played by 3 to 6 players, not {n}")
        if self.first_dealer is not None and not 0 <= self.first_dealer < n:
            raise ImpossibleRulesError(f"first_dealer must be a seat 0..{n - 1}, not {self.first_dealer}")
        if self.hidden_bids and self.bid_rule is not BidRule.NONE:
            raise ImpossibleRulesError(
                f"the {self.bid_rule.value} rule needs open bids: the dealer must see the others' bids"
            )
        most = DECK_SIZE // n
        if self.schedule is Schedule.STANDARD:
            sizes = tuple(range(1, most + 1))
        elif self.schedule is Schedule.DOUBLE_DOWN:
            sizes = tuple(range(1, most + 1)) + tuple(range(most, 0, -1))
        elif self.schedule is Schedule.QUICK:
            sizes = tuple(range(1, most + 1, 2))
        else:
            sizes = self.custom_hand_sizes
            if not sizes:
                raise ImpossibleRulesError("a custom schedule needs custom_hand_sizes, e.g. (1, 2, 3)")
        if self.schedule is not Schedule.CUSTOM and self.custom_hand_sizes:
            raise ImpossibleRulesError("custom_hand_sizes is only read with schedule='custom'")
        for size in sizes:
            if not 1 <= size <= most:
                raise ImpossibleRulesError(
                    f"a hand of {size} cards cannot be dealt to {n} players from {DECK_SIZE} cards (1..{most})"
                )
        return sizes

    def _validate_wily(self) -> None:
        n = self.players
        if self.mode is WilyMode.PARTNERS and n not in (4, 6):
            raise ImpossibleRulesError(f"Wily Wizards with partners is for 4 or 6 players, not {n}")
        if self.mode is WilyMode.TWO_TEAMS and n != 6:
            raise ImpossibleRulesError(f"Wily Wizards in two teams is for 6 players, not {n}")
        if self.mode is WilyMode.NO_PARTNERS and n not in WILY_PLAYERS:
            raise ImpossibleRulesError(f"Wily Wizards without partners is for 3 to 7 players, not {n}")
        if self.combined_bids and self.mode is WilyMode.NO_PARTNERS:
            raise ImpossibleRulesError("Partners' Bids Combined needs partners")
        if self.first_dealer is not None and not 0 <= self.first_dealer < n:
            raise ImpossibleRulesError(f"first_dealer must be a seat 0..{n - 1}, not {self.first_dealer}")

    @property
    def rounds(self) -> int:
        return len(self.hand_sizes)

    def with_players(self, players: int) -> RuleSet:
        return replace(self, players=players)

    def to_dict(self) -> dict[str, Any]:
        """Only the fields that differ from the defaults, as JSON-ready values."""
        default = RuleSet()
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name == "hand_sizes":
                continue
            value = getattr(self, f.name)
            if f.name in ("game", "players") or value != getattr(default, f.name):
                out[f.name] = list(value) if isinstance(value, tuple) else value
        return {k: (v.value if isinstance(v, StrEnum) else v) for k, v in out.items()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        known = {f.name for f in fields(cls) if f.init}
        unknown = set(data) - known
        if unknown:
            raise ImpossibleRulesError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        values = dict(data)
        if "custom_hand_sizes" in values:
            values["custom_hand_sizes"] = tuple(values["custom_hand_sizes"])
        return cls(**values)

    def describe(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.to_dict().items())


_ENUM_FIELDS: dict[str, type[StrEnum]] = {
    "game": Game,
    "rank_style": RankStyle,
    "schedule": Schedule,
    "bid_rule": BidRule,
    "jester_lead": JesterLead,
    "mode": WilyMode,
    "passing": Passing,
}

PRESETS: dict[str, RuleSet] = {
    "standard": RuleSet(),
    "double-down": RuleSet(schedule=Schedule.DOUBLE_DOWN, last_hand_no_trump=True),
    "quick": RuleSet(schedule=Schedule.QUICK),
    "hook": RuleSet(bid_rule=BidRule.HOOK),
    "canadian": RuleSet(bid_rule=BidRule.CANADIAN),
    "hidden-bids": RuleSet(hidden_bids=True),
    "extended-suits": RuleSet(rank_style=RankStyle.ONE_TO_THIRTEEN, jester_lead=JesterLead.FIRST_SUITED),
    # Wily Wizards
    "wily": RuleSet(game=Game.WILY, players=4),
    "wily-two-teams": RuleSet(game=Game.WILY, players=6, mode=WilyMode.TWO_TEAMS),
    "wily-no-partners": RuleSet(game=Game.WILY, players=4, mode=WilyMode.NO_PARTNERS),
    "wily-no-passing": RuleSet(game=Game.WILY, players=5, mode=WilyMode.NO_PARTNERS, passing=Passing.NONE),
    "wily-combined": RuleSet(game=Game.WILY, players=4, combined_bids=True),
    "wily-no-trump": RuleSet(game=Game.WILY, players=4, allow_no_trump=True),
}
"""Named rule sets. Each is stored for its usual player count; ``find_rules`` sets another."""


def find_rules(name: str, players: int | None = None) -> RuleSet:
    """The preset called ``name``, for ``players`` players if given."""
    try:
        rules = PRESETS[name]
    except KeyError:
        raise ImpossibleRulesError(f"no preset {name!r}; presets: {', '.join(PRESETS)}") from None
    return rules if players is None or players == rules.players else rules.with_players(players)


def register_preset(name: str, rules: RuleSet) -> None:
    PRESETS[name] = rules


__all__ = [
    "CARDS_PASSED",
    "BidRule",
    "Game",
    "ImpossibleRulesError",
    "JesterLead",
    "PRESETS",
    "Passing",
    "RuleSet",
    "Schedule",
    "WilyMode",
    "find_rules",
    "register_preset",
]
