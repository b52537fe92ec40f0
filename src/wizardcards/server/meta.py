"""What a create-table form and the browser client need to know (``GET /meta``): the games and their player counts,
the presets, every rule option a player may set with its choices, the bots and the names an unnamed bot seat gets,
and how each rank style labels ranks.

The anniversary cards (RULES.md, "Special cards") are the option ``special_cards``, of kind ``names``: any subset of
its ``choices``, except that the names of each group of ``together`` come only together (the Dragon and the Fairy);
their presets ``anniversary`` and ``anniversary-2021`` are listed with the others. Each bot says whether it plays
them (``special_cards``; an operator's engine when it announced them): a table with special cards seats only those
(``players.bot_rules_error``).

Everything is read from the core and the bot registry where it can be (the presets and each game's default, the
enums' values, the fields of ``RuleSet``, the rank labels of the core's card text, the bots through ``players``); the
words for people (labels, descriptions) are written here. A test checks that every field of ``RuleSet`` but the game
and the player count is offered, so a new rule option cannot be forgotten.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields
from enum import StrEnum
from typing import Any

from ..bots.names import BOT_NAMES
from ..core import PRESETS, Game, RankStyle, RuleSet
from ..core.cards import SPECIAL_CARD_NAMES, rank_faces
from ..core.rules import DEFAULT_PRESET, SPECIAL_PRESETS, WILY_PLAYERS, WIZARD_PLAYERS
from .players import DEFAULT_BOT, bot_choices

PRESET_DESCRIPTIONS = {
    "standard": "Wizard as printed: rounds of 1, 2, 3 ... cards up to the whole deck",
    "double-down": "Rounds up to the whole deck and back down to 1; the last hand is played without trump",
    "quick": "Rounds of 1, 3, 5 ... cards: about half as long",
    "hook": "The dealer may not bid so that the bids add up to the cards in hand",
    "canadian": "The hook rule only while the dealer leads the score alone",
    "hidden-bids": "Bids are secret until the round has been played",
    "extended-suits": "Ranks written 1..13; after a Jester lead the first suited card sets the suit",
    "wily": "Wily Wizards: partners sitting opposite, auction, trump, passing three cards",
    "wily-two-teams": "Wily Wizards for 6 in two teams of three, every other seat",
    "wily-no-partners": "Wily Wizards, every player for themselves",
    "wily-no-passing": "Wily Wizards, every player for themselves, no cards passed",
    "wily-combined": "Wily Wizards: partners' bids are combined",
    "wily-no-trump": "Wily Wizards: the high bidder may name no trump",
    "anniversary": "The 20th-anniversary edition: Dragon, Fairy, Bomb, Werewolf, Juggler and Cloud join the deck",
    "anniversary-2021": "The 25th-anniversary edition: the six special cards and the Shapeshifter",
}

OFFERED_PRESETS = {**PRESETS, **SPECIAL_PRESETS}
"""Every preset this server offers: the core's ``PRESETS`` and the presets with the special cards, which the core
keeps apart until every front end plays them (the server and its browser client do)."""

SPECIAL_CARDS_TOGETHER = (("dragon", "fairy"),)  # RULES.md: the Dragon and the Fairy come only together

# name: (label, games it applies to); every RuleSet field but game, players (and the derived hand_sizes)
OPTION_LABELS: dict[str, tuple[str, tuple[str, ...]]] = {
    "rank_style": ("Rank labels", ("wizard", "wily")),
    "schedule": ("Rounds", ("wizard",)),
    "custom_hand_sizes": ("Cards per round (custom rounds)", ("wizard",)),
    "bid_rule": ("Bid rule", ("wizard",)),
    "hidden_bids": ("Hidden bids", ("wizard",)),
    "jester_lead": ("After a Jester is led", ("wizard",)),
    "wizard_lead": ("After a Wizard is led", ("wizard", "wily")),
    "wizard_turned": ("A Wizard turned up for trump", ("wizard",)),
    "trump_card_shown": ("Trump card shown", ("wizard",)),
    "first_dealer": ("First dealer (seat; empty: drawn by cards)", ("wizard", "wily")),
    "last_hand_no_trump": ("Last hand without trump", ("wizard",)),
    "mode": ("Teams", ("wily",)),
    "allow_no_trump": ("High bidder may name no trump", ("wily",)),
    "combined_bids": ("Partners' bids combined", ("wily",)),
    "passing": ("Passing (no partners)", ("wily",)),
    "special_cards": ("Special cards (anniversary editions)", ("wizard",)),
}


def user_options() -> list[str]:
    """The RuleSet fields a player may set in a create-table form."""
    return [f.name for f in fields(RuleSet) if f.init and f.name not in {"game", "players"}]


def _option(name: str) -> dict[str, Any]:
    label, games = OPTION_LABELS[name]
    default = getattr(RuleSet(), name)
    option: dict[str, Any] = {"name": name, "label": label, "games": list(games)}
    if name == "special_cards":  # a subset of the names, some of which come only in groups
        option.update(kind="names", choices=list(SPECIAL_CARD_NAMES), default=list(default),
                      together=[list(group) for group in SPECIAL_CARDS_TOGETHER])
    elif isinstance(default, StrEnum):
        option.update(kind="choice", choices=[member.value for member in type(default)], default=default.value)
    elif isinstance(default, bool):
        option.update(kind="bool", default=default)
    elif isinstance(default, tuple):  # custom_hand_sizes: a list of ints, read only with schedule "custom"
        option.update(kind="int_list", default=list(default), min=1, max=60 // min(WIZARD_PLAYERS))
    else:  # first_dealer: a seat, or null (drawn by cards)
        option.update(kind="int", default=default, min=0, max=max(WILY_PLAYERS) - 1, nullable=True)
    return option


def rank_labels() -> dict[str, list[str]]:
    """Per rank style, the rank labels from the lowest rank to the highest, as the core's card faces show them."""
    return {style.value: list(rank_faces(style)) for style in RankStyle}


def meta(engines: Iterable[str] = (), special_engines: Iterable[str] = ()) -> dict[str, Any]:
    """The answer of ``GET /meta`` (``engines``: the names of the operator's outside engines, offered as bots;
    ``special_engines``: those of them that play the special cards)."""
    return {
        "games": {
            Game.WIZARD.value: {"players": list(WIZARD_PLAYERS), "default_preset": DEFAULT_PRESET[Game.WIZARD]},
            Game.WILY.value: {"players": list(WILY_PLAYERS), "default_preset": DEFAULT_PRESET[Game.WILY]},
        },
        "presets": [
            {"name": name, "game": rules.game.value, "description": PRESET_DESCRIPTIONS.get(name, rules.describe()),
             "rules": rules.to_dict()}
            for name, rules in OFFERED_PRESETS.items()
        ],
        "options": [_option(name) for name in user_options()],
        "bots": bot_choices(engines, special_engines),
        "default_bot": DEFAULT_BOT,
        "bot_names": list(BOT_NAMES),  # a bot seat left unnamed in the form is named by its seat from these
        "rank_labels": rank_labels(),
    }
