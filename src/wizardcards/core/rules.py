"""RuleSet: one frozen value holding every option of a game, and the registry of named presets.

Every option of RULES.md is a field here (the first value named there is the default). A rule set is data: the state
machines read it, nothing else carries rule switches. ``RuleSet(...)`` validates itself and raises
``ImpossibleRulesError``, naming the option, for a value of the wrong type (``first_dealer=1.5``,
``hidden_bids="false"``), an option of the other game (``hidden_bids`` for Wily Wizards, ``mode`` for Wizard), or a
combination no table could play (7 Wizard players, a hand the deck cannot deal, the hook rule with hidden bids, ...).
Every front end builds its rule sets through this one door (``RuleSet(...)``, ``RuleSet.from_dict``,
``find_rules``, ``default_rules``).

Presets live in ``PRESETS`` and are found with ``find_rules(name, players=...)``; ``default_rules(game)`` is each
game's standard rule set.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields, replace
from enum import StrEnum
from typing import Any

from .cards import DECK_SIZE, SPECIAL_CARD_NAMES, RankStyle, special_card_of


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
    TOURNAMENT = "tournament"  # Amigo's ten hands ending with the whole deck (TOURNAMENT_HAND_SIZES)
    CUSTOM = "custom"  # RuleSet.custom_hand_sizes


class BidRule(StrEnum):
    NONE = "none"
    HOOK = "hook"  # the dealer may not make the bids add up to the hand size
    CANADIAN = "canadian"  # the hook rule only while the dealer leads the score alone; 0 is then always allowed


class JesterLead(StrEnum):
    """Which card sets the suit to follow after a Jester lead (RULES.md, "Play")."""

    FIRST_NON_JESTER = "first_non_jester"  # a Wizard after the Jester frees everybody
    FIRST_SUITED = "first_suited"  # the first suited card sets the suit even after a Wizard


class WizardLead(StrEnum):
    """What a Wizard lead asks of the others. The rules: nothing. Some other programs: follow the first suited card."""

    FREE = "free"  # everyone plays freely (RULES.md, "Play")
    NEXT_SUITED = "next_suited"  # the first suited card after the Wizard sets a suit to follow


class WizardTurned(StrEnum):
    """What a Wizard turned up for trump does. The rules: the dealer chooses; other programs: below."""

    DEALER_CHOOSES = "dealer_chooses"  # RULES.md, "Trump"
    RANDOM_SUIT = "random_suit"  # a suit drawn from the game's seed
    NO_TRUMP = "no_trump"  # no trump this round


class WilyMode(StrEnum):
    PARTNERS = "partners"  # 4 or 6 players, partners opposite
    TWO_TEAMS = "two_teams"  # 6 players, seats 0 2 4 against 1 3 5
    NO_PARTNERS = "no_partners"  # 3..7 players, each a team of one


class Passing(StrEnum):
    """Where No-Partners players pass their three cards."""

    LEFT = "left"
    NONE = "none"


TOURNAMENT_HAND_SIZES: dict[int, tuple[int, ...]] = {
    # RULES.md "Players and rounds": ten hands, the last dealing the whole 60-card deck.
    3: (2, 4, 6, 8, 10, 12, 14, 16, 18, 20),
    4: (1, 3, 5, 7, 9, 11, 12, 13, 14, 15),
    5: (2, 4, 5, 6, 7, 8, 9, 10, 11, 12),
    6: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
}

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
    wizard_lead: WizardLead = WizardLead.FREE  # modes of other programs: see WizardLead, WizardTurned
    wizard_turned: WizardTurned = WizardTurned.DEALER_CHOOSES
    trump_card_shown: bool = True  # False: the card turned up for trump is seen by nobody (only its suit is known)
    first_dealer: int | None = None  # None: drawn by cards (RULES.md, "Dealer")
    last_hand_no_trump: bool = False  # Double Down's last hand is played without trump
    special_cards: tuple[str, ...] = ()  # the anniversary cards in the deck (SPECIAL_CARD_NAMES), in that order
    # Wily Wizards
    mode: WilyMode = WilyMode.PARTNERS
    allow_no_trump: bool = False
    combined_bids: bool = False
    passing: Passing = Passing.LEFT
    hand_sizes: tuple[int, ...] = field(init=False, compare=False, repr=False)
    deck: tuple[int, ...] = field(init=False, compare=False, repr=False)  # the card ids of the deck, in id order

    def __post_init__(self) -> None:
        for f in fields(self):
            if f.init:
                object.__setattr__(self, f.name, _checked(f.name, getattr(self, f.name)))
        self._refuse_other_games_options()
        if self.schedule is Schedule.DOUBLE_DOWN:
            # RULES.md "Trump": the official Double Down text plays the very last hand without trump.
            object.__setattr__(self, "last_hand_no_trump", True)
        self._validate_special_cards()
        object.__setattr__(self, "deck", tuple(range(DECK_SIZE)) + tuple(map(special_card_of, self.special_cards)))
        object.__setattr__(self, "hand_sizes", self._validated_hand_sizes())

    def _validate_special_cards(self) -> None:
        """RULES.md "Special cards": any subset, the Dragon and the Fairy only together; the Werewolf swaps the card
        turned up in the open, so the rules that hide that card cannot have the special cards."""
        chosen = self.special_cards
        if not chosen:
            return
        if ("dragon" in chosen) != ("fairy" in chosen):
            raise ImpossibleRulesError("special_cards: the Dragon and the Fairy come only together (name both or "
                                       "neither)")
        if not self.trump_card_shown:
            raise ImpossibleRulesError("special_cards need trump_card_shown: the Werewolf and the trump choices "
                                       "of the special cards are made over the card turned up, in the open")

    @property
    def deck_size(self) -> int:
        return len(self.deck)

    @property
    def num_actions(self) -> int:
        """The size of the action table these rules play with (actions.py): 81, or 102 with special cards."""
        return 102 if self.special_cards else 81

    def _refuse_other_games_options(self) -> None:
        wizard = self.game is Game.WIZARD
        for name in sorted(_WILY_ONLY if wizard else _WIZARD_ONLY):
            if getattr(self, name) != _DEFAULTS[name]:
                this, other = ("Wizard", "Wily Wizards") if wizard else ("Wily Wizards", "Wizard")
                raise ImpossibleRulesError(f"{name} is an option of {other}, not of {this}")

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
        deck = DECK_SIZE + len(self.special_cards)
        most = deck // n  # RULES.md "Special cards": deck / players rounds, rounded down
        if self.schedule is Schedule.STANDARD:
            sizes = tuple(range(1, most + 1))
        elif self.schedule is Schedule.DOUBLE_DOWN:
            sizes = tuple(range(1, most + 1)) + tuple(range(most, 0, -1))
        elif self.schedule is Schedule.QUICK:
            sizes = tuple(range(1, most + 1, 2))
        elif self.schedule is Schedule.TOURNAMENT:
            sizes = TOURNAMENT_HAND_SIZES[n]
        else:
            sizes = self.custom_hand_sizes
            if not sizes:
                raise ImpossibleRulesError("a custom schedule needs custom_hand_sizes, e.g. (1, 2, 3)")
        if self.schedule is not Schedule.CUSTOM and self.custom_hand_sizes:
            raise ImpossibleRulesError("custom_hand_sizes is only read with schedule='custom'")
        for size in sizes:
            if not 1 <= size <= most:
                raise ImpossibleRulesError(
                    f"a hand of {size} cards cannot be dealt to {n} players from {deck} cards (1..{most})"
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
        if self.passing is Passing.NONE and self.mode is not WilyMode.NO_PARTNERS:
            raise ImpossibleRulesError("passing='none' is for No Partners: partners always pass to each other")
        if self.combined_bids and self.mode is WilyMode.NO_PARTNERS:
            raise ImpossibleRulesError("Partners' Bids Combined needs partners")
        if self.first_dealer is not None and not 0 <= self.first_dealer < n:
            raise ImpossibleRulesError(f"first_dealer must be a seat 0..{n - 1}, not {self.first_dealer}")

    @property
    def rounds(self) -> int:
        return len(self.hand_sizes)

    @property
    def lead_rule(self) -> int:
        """The two lead options as ``tricks.next_led`` takes them (a small int of flags)."""
        return (1 if self.jester_lead is JesterLead.FIRST_SUITED else 0) | (
            2 if self.wizard_lead is WizardLead.NEXT_SUITED else 0
        )

    def with_players(self, players: int) -> RuleSet:
        return replace(self, players=players)

    def to_dict(self) -> dict[str, Any]:
        """Only the fields that differ from the defaults, as JSON-ready values."""
        default = RuleSet()
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name in ("hand_sizes", "deck"):
                continue
            value = getattr(self, f.name)
            if f.name in ("game", "players") or value != getattr(default, f.name):
                out[f.name] = list(value) if isinstance(value, tuple) else value
        return {k: (v.value if isinstance(v, StrEnum) else v) for k, v in out.items()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        """A rule set from JSON-ready values (``to_dict``'s form); every value is checked as ``RuleSet(...)`` does."""
        if not isinstance(data, dict):
            raise ImpossibleRulesError(f"rule options are an object of option names, not {type(data).__name__}")
        known = {f.name for f in fields(cls) if f.init}
        unknown = set(data) - known
        if unknown:
            raise ImpossibleRulesError(f"unknown rule option(s): {', '.join(sorted(map(str, unknown)))}")
        return cls(**data)

    def describe(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.to_dict().items())


_ENUM_FIELDS: dict[str, type[StrEnum]] = {
    "game": Game,
    "rank_style": RankStyle,
    "schedule": Schedule,
    "bid_rule": BidRule,
    "jester_lead": JesterLead,
    "wizard_lead": WizardLead,
    "wizard_turned": WizardTurned,
    "mode": WilyMode,
    "passing": Passing,
}
_NAME_LIST_FIELDS = frozenset({"special_cards"})
_BOOL_FIELDS = frozenset({"hidden_bids", "last_hand_no_trump", "trump_card_shown", "allow_no_trump", "combined_bids"})
_WIZARD_ONLY = frozenset({
    "schedule", "custom_hand_sizes", "bid_rule", "hidden_bids", "last_hand_no_trump", "wizard_turned",
    "trump_card_shown", "special_cards",
})
_WILY_ONLY = frozenset({"mode", "allow_no_trump", "combined_bids", "passing"})
_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(RuleSet) if f.default is not MISSING}
_DEFAULTS["custom_hand_sizes"] = ()
_DEFAULTS["special_cards"] = ()


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _checked(name: str, value: Any) -> Any:
    """``value`` for option ``name`` in its canonical type (an enum from its string, a tuple from a list), or
    ``ImpossibleRulesError`` naming the option when it has the wrong type (no number is taken for a bool, no
    float or bool for a whole number, no string for anything but an enum)."""
    kind = _ENUM_FIELDS.get(name)
    if kind is not None:
        if isinstance(value, kind):
            return value
        try:
            return kind(value)
        except ValueError:
            choices = ", ".join(m.value for m in kind)
            raise ImpossibleRulesError(f"{name} must be one of {choices}, not {value!r}") from None
    if name in _BOOL_FIELDS:
        if not isinstance(value, bool):
            raise ImpossibleRulesError(f"{name} must be true or false, not {value!r}")
        return value
    if name == "players":
        if not _is_int(value):
            raise ImpossibleRulesError(f"players must be a whole number, not {value!r}")
        return value
    if name == "first_dealer":
        if value is not None and not _is_int(value):
            raise ImpossibleRulesError(f"first_dealer must be a seat number or null (drawn by cards), not {value!r}")
        return value
    if name in _NAME_LIST_FIELDS:
        if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
            raise ImpossibleRulesError(f"{name} must be a list of card names ({', '.join(SPECIAL_CARD_NAMES)}), "
                                       f"not {value!r}")
        for card in value:
            if card not in SPECIAL_CARD_NAMES:
                raise ImpossibleRulesError(f"{name}: no special card {card!r}; the cards are "
                                           f"{', '.join(SPECIAL_CARD_NAMES)}")
            if list(value).count(card) > 1:
                raise ImpossibleRulesError(f"{name} names the {card} twice: the deck has one of each")
        return tuple(sorted(value, key=SPECIAL_CARD_NAMES.index))  # one order: equal rule sets compare equal
    if name == "custom_hand_sizes":
        if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
            raise ImpossibleRulesError(f"custom_hand_sizes must be a list of hand sizes, not {value!r}")
        for size in value:
            if not _is_int(size):  # the range is the deck's to say (_validated_hand_sizes)
                raise ImpossibleRulesError(f"custom_hand_sizes must hold whole numbers, not {size!r}")
        return tuple(value)
    return value


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

ANNIVERSARY_2016: tuple[str, ...] = SPECIAL_CARD_NAMES[:6]
SPECIAL_PRESETS: dict[str, RuleSet] = {
    "anniversary": RuleSet(special_cards=ANNIVERSARY_2016),  # the six cards of the 2016 edition
    "anniversary-2021": RuleSet(special_cards=SPECIAL_CARD_NAMES),  # all seven, the Shapeshifter of 2021 too
}
"""The presets with the special cards. ``find_rules`` finds them; they are kept out of ``PRESETS``, the list the
front ends offer, until every front end plays the special cards (issue 29, items 2-4)."""


DEFAULT_PRESET: dict[Game, str] = {Game.WIZARD: "standard", Game.WILY: "wily"}
"""The preset each game starts from when no other is named."""


def find_rules(name: str, players: int | None = None, game: Game | str | None = None) -> RuleSet:
    """The preset called ``name``, for ``players`` players if given; with ``game``, a preset of another game is
    refused."""
    rules = PRESETS.get(name) or SPECIAL_PRESETS.get(name)
    if rules is None:
        raise ImpossibleRulesError(f"no preset {name!r}; presets: {', '.join([*PRESETS, *SPECIAL_PRESETS])}")
    if game is not None and rules.game is not _checked("game", game):
        raise ImpossibleRulesError(f"preset {name!r} is a {rules.game.value} rule set, not {Game(game).value}")
    return rules if players is None or players == rules.players else rules.with_players(players)


def default_rules(game: Game | str = Game.WIZARD, players: int | None = None) -> RuleSet:
    """The standard rule set of ``game`` (its ``DEFAULT_PRESET``), for ``players`` players if given."""
    kind: Game = _checked("game", game)
    return find_rules(DEFAULT_PRESET[kind], players)


def rules_for(game: Game | str | None = None, preset: str | None = None, players: int | None = None) -> RuleSet:
    """What a front end asks for: the preset named (refused if it is not of ``game``, when a game is given), or the
    standard rule set of ``game`` (Wizard when none is given)."""
    if preset:
        return find_rules(preset, players, game=game)
    return default_rules(Game.WIZARD if game is None else game, players)


__all__ = [
    "CARDS_PASSED",
    "DEFAULT_PRESET",
    "BidRule",
    "Game",
    "ImpossibleRulesError",
    "JesterLead",
    "PRESETS",
    "SPECIAL_PRESETS",
    "TOURNAMENT_HAND_SIZES",
    "Passing",
    "RuleSet",
    "Schedule",
    "WilyMode",
    "WizardLead",
    "WizardTurned",
    "default_rules",
    "find_rules",
    "rules_for",
]
