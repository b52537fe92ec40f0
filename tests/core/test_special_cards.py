"""The special cards of the anniversary editions (RULES.md, "Special cards"; docs/rules.md for what it leaves open):
hand-built rule tests per card and per interaction, each with its expected outcome written out.

``rigged`` overwrites the current round of a fresh game (hands, trump, bids, leader) and ``dealt`` deals a round
from a deck given card by card, so a test states its cards in text. Both write state fields directly, which works on
the compiled (mypyc) engine too.
"""

from __future__ import annotations

import pytest

from wizardcards.core import (
    GameRecord,
    IllegalActionError,
    ImpossibleRulesError,
    InvalidActionError,
    Phase,
    RuleSet,
    find_rules,
    new_game,
    replay,
)
from wizardcards.core import actions as A
from wizardcards.core.cards import (
    BOMB,
    DRAGON,
    FULL_DECK,
    WEREWOLF,
    card_from_text,
    card_to_text,
    cards_from_text,
)
from wizardcards.core.deal import DealSource
from wizardcards.core.rules import PRESETS, SPECIAL_PRESETS, BidRule, Game
from wizardcards.core.special_tricks import trick_result
from wizardcards.core.special_wizard import SpecialWizardState

ALL7 = find_rules("anniversary-2021", players=3)


def rigged(hands: list[str], trump: str = "-", bids: list[int] | None = None, leader: int = 0,
           rules: RuleSet = ALL7, dealer: int | None = None) -> SpecialWizardState:
    """A game of ``rules`` in its round of ``len(hands[0])`` cards, play phase, ``leader`` to lead."""
    n = rules.players
    state = new_game(rules, seed=5)
    assert isinstance(state, SpecialWizardState)
    size = len(hands[0].split())
    state.round_index = rules.hand_sizes.index(size)
    state.hand_size = size
    state.hands = [cards_from_text(h) for h in hands]
    state.trump_card = -1
    state.trump_suit = -1 if trump == "-" else "cdhs".index(trump)
    state.bids = list(bids) if bids is not None else [0] * n
    state.bid_changes = [0] * n
    state.phase = Phase.PLAY
    state.dealer = (leader - 1) % n if dealer is None else dealer
    state.current = state.leader = leader
    state.trick, state.round_tricks, state.tricks_won, state.played = [], [], [0] * n, 0
    state.voids = [0] * n
    return state


def dealt(hands: list[str], turned: str | None, rules: RuleSet = ALL7, dealer: int = 2) -> SpecialWizardState:
    """The round of ``len(hands[0])`` cards dealt with these hands (seat 0 first) and ``turned`` turned up."""
    n = rules.players
    state = new_game(rules, seed=5)
    assert isinstance(state, SpecialWizardState)
    masks = [cards_from_text(h) for h in hands]
    size = len(hands[0].split())
    left = (dealer + 1) % n
    order: list[int] = []
    for k in range(n):
        order += [c for c in range(67) if masks[(left + k) % n] >> c & 1]
    used = sum(1 << c for c in order)
    if turned is not None:
        order.append(card_from_text(turned))
        used |= 1 << order[-1]
    order += [c for c in rules.deck if not used >> c & 1]
    # A deal source whose next deck is this one (its remembered decks filled in): the engine deals it as drawn.
    source = DealSource(5, rules.deck)
    source._decks.extend([tuple(order)] * (state.deal_index + 1))
    state._deals = source
    state.round_index = rules.hand_sizes.index(size)
    state.dealer = dealer
    state._start_round()
    return state


def play(state: SpecialWizardState, *texts: str) -> None:
    for text in texts:
        state.apply(state.text_to_action(text))


def trick(texts: str, trump: str = "-") -> tuple[int, int]:
    return trick_result([card_from_text(t) for t in texts.split()], -1 if trump == "-" else "cdhs".index(trump))


# --- the option, the presets, the deck ------------------------------------------------------------------------


def test_presets_hold_the_six_of_2016_and_all_seven() -> None:
    assert find_rules("anniversary").special_cards == ("dragon", "fairy", "bomb", "werewolf", "juggler", "cloud")
    assert find_rules("anniversary-2021").special_cards[-1] == "shapeshifter"
    assert find_rules("anniversary-2021").deck_size == 67
    # kept out of the list the front ends offer until they play the cards
    assert not set(SPECIAL_PRESETS) & set(PRESETS)


@pytest.mark.parametrize(("cards", "message"), [
    (["dragon"], "the Dragon and the Fairy come only together"),
    (["fairy", "bomb"], "the Dragon and the Fairy come only together"),
    (["bomb", "bomb"], "names the bomb twice"),
    (["joker"], "no special card 'joker'"),
    ("bomb", "must be a list of card names"),
])
def test_special_cards_are_refused_with_the_reason(cards: object, message: str) -> None:
    with pytest.raises(ImpossibleRulesError, match=message):
        RuleSet(special_cards=cards)  # type: ignore[arg-type]


def test_special_cards_are_wizard_only_and_need_the_trump_card_shown() -> None:
    with pytest.raises(ImpossibleRulesError, match="special_cards is an option of Wizard"):
        RuleSet(game=Game.WILY, special_cards=("bomb",))
    with pytest.raises(ImpossibleRulesError, match="need trump_card_shown"):
        RuleSet(special_cards=("bomb",), trump_card_shown=False)


def test_names_take_one_order_and_round_trip_through_dicts() -> None:
    rules = RuleSet(special_cards=["cloud", "fairy", "dragon"])
    assert rules.special_cards == ("dragon", "fairy", "cloud")
    assert RuleSet.from_dict(rules.to_dict()) == rules
    assert rules.to_dict()["special_cards"] == ["dragon", "fairy", "cloud"]


@pytest.mark.parametrize(("players", "rounds", "last_left"), [(3, 22, 0), (4, 16, 2), (5, 13, 1), (6, 11, 0)])
def test_six_cards_make_deck_over_players_rounds(players: int, rounds: int, last_left: int) -> None:
    """66 cards: 22, 16, 13, 11 rounds; the last deals as many as it can, the rest is set aside."""
    rules = find_rules("anniversary", players)
    assert rules.rounds == rounds and rules.hand_sizes[-1] == rounds
    assert 66 - players * rounds == last_left


def test_tournament_schedule_is_amigos_ten_hands() -> None:
    assert RuleSet(players=3, schedule="tournament").hand_sizes == (2, 4, 6, 8, 10, 12, 14, 16, 18, 20)
    assert RuleSet(players=4, schedule="tournament").hand_sizes == (1, 3, 5, 7, 9, 11, 12, 13, 14, 15)
    assert RuleSet(players=5, schedule="tournament").hand_sizes == (2, 4, 5, 6, 7, 8, 9, 10, 11, 12)
    assert RuleSet(players=6, schedule="tournament").hand_sizes == tuple(range(1, 11))
    # the last hand deals the whole deck: no card is turned up, no trump
    state = new_game(RuleSet(players=4, schedule="tournament"), seed=3)
    rng_actions = 0
    while state.round_index < 9:
        state.apply(state.legal_actions()[0])
        rng_actions += 1
    assert state.hand_size == 15 and state.trump_card == -1 and state.trump_suit == -1


def test_the_60_cards_deal_as_before_and_special_decks_hold_their_cards() -> None:
    """Seeds of today's games deal the same cards: the 60-card deck is shuffled exactly as before."""
    plain = new_game(RuleSet(), seed=11)
    assert plain.hands[0] == new_game(RuleSet(), seed=11).hands[0]
    state = new_game(find_rules("anniversary-2021", 3), seed=4)
    while state.round_index < 21:
        state.apply(state.legal_actions()[-1])
    # the last round of 22 deals 66 of the 67 cards: one is left to turn up (or the Werewolf's swap)
    held = 0
    for hand in state.hands:
        held |= hand
    assert held.bit_count() == 66 and not held & ~(FULL_DECK | 0x7F << DRAGON)


# --- Dragon and Fairy -----------------------------------------------------------------------------------------


def test_dragon_beats_a_wizard_and_trumps() -> None:
    assert trick("Wiz Drg Ah", trump="h") == (1, 1)


def test_fairy_wins_a_trick_holding_the_dragon() -> None:
    assert trick("Drg Wiz Fai", trump="h") == (2, 2)


def test_fairy_loses_to_every_card_jesters_included() -> None:
    assert trick("Fai Jes Jes") == (1, 1)  # the first Jester, not the Fairy that led
    assert trick("Fai 2c 3d") == (1, 1)  # the 2c sets the suit after the Fairy led


def test_dragon_led_frees_everybody_as_a_wizard_does() -> None:
    state = rigged(["Drg 2c", "3c Ah", "4d 5d"], bids=[2, 0, 0])
    play(state, "Drg")
    assert state.text_to_action("Ah") in state.legal_actions()  # seat 1 may play Ah while holding 3c


# --- Bomb -----------------------------------------------------------------------------------------------------


def test_bomb_trick_is_won_by_nobody_and_its_winner_without_the_bomb_leads() -> None:
    state = rigged(["Kh 2c", "Bmb 3c", "Ah 4c"], bids=[1, 0, 1])
    play(state, "Kh", "Bmb", "Ah")
    assert state.round_tricks == [(0, (card_from_text("Kh"), BOMB, card_from_text("Ah")), -1)]
    assert state.tricks_won == [0, 0, 0]
    assert state.current == state.leader == 2  # the Ah would have won
    view = state.view(0)
    assert view.round_tricks[0][2] == -1 and view.last_trick is not None and view.last_trick.winner == -1


def test_bomb_led_sets_no_suit() -> None:
    state = rigged(["Bmb 2c", "3h 4c", "5d 6s"], bids=[0, 0, 0])
    play(state, "Bmb", "3h")
    assert state.led == 2  # the 3h decides, as after a Jester lead


def test_bomb_with_dragon_and_fairy() -> None:
    """The Dragon's player leads after a bombed trick; with the Fairy too, the Fairy's player."""
    assert trick("Drg Bmb Wiz") == (-1, 0)
    assert trick("Drg Bmb Fai") == (-1, 2)


def test_bomb_with_cloud_changes_no_bid() -> None:
    state = rigged(["Cld 2c", "Bmb 3c", "Kh 4c"], bids=[1, 0, 0])
    play(state, "Cld>h", "Bmb", "Kh")
    assert state.phase is Phase.PLAY and state.bids == [1, 0, 0] and state.bid_changes == [0, 0, 0]
    assert state.leader == 2  # the Kh beats the Cloud (between the 9 and the 10 of Hearts)


def test_bomb_with_juggler_still_passes() -> None:
    """docs/rules.md: the Bomb takes the trick from everybody, not the Juggler's pass."""
    state = rigged(["Jug 2c", "Bmb 3c", "9h 4c"], bids=[1, 0, 0])
    play(state, "Jug>h", "Bmb", "9h")
    assert state.tricks_won == [0, 0, 0]
    assert state.phase is Phase.JUGGLE and state.current == 2  # the 9h would have won: it gives first, then leads
    play(state, "4c", "2c", "3c")
    assert state.phase is Phase.PLAY and state.current == 2
    assert state.hands == [cards_from_text("4c"), cards_from_text("2c"), cards_from_text("3c")]


def test_tricks_add_to_hand_size_minus_one_with_the_hook_rule() -> None:
    """The hook rule still forbids bids adding up to the hand size; a Bomb's trick leaves the round one short and
    the scores follow the tricks taken."""
    rules = RuleSet(players=3, special_cards=("bomb",), bid_rule=BidRule.HOOK)
    state = rigged(["Ah Kh", "Bmb 2h", "Qh 3h"], rules=rules, bids=[1, 0, 0], leader=1, dealer=0)
    # the dealer (seat 0) bid last: 0 + 0 + 1 = 1, not 2, as the hook rule asks
    play(state, "Bmb", "Qh", "Ah")  # bombed: the Ah's seat 0 leads
    play(state, "Kh", "2h", "3h")  # seat 0 takes the last trick
    row = state.sheet[-1]
    assert row.tricks == (1, 0, 0) and sum(row.tricks) == row.hand_size - 1 == 1
    assert row.points == (30, 20, 20)


# --- Werewolf -------------------------------------------------------------------------------------------------


def test_werewolf_swaps_for_the_card_turned_up_and_names_trump() -> None:
    state = dealt(["Wwf 2c", "3c 4c", "5c 6c"], turned="Ah")
    assert state.phase is Phase.WEREWOLF and state.current == 0
    assert state.hands[0] == cards_from_text("Ah 2c") and state.trump_card == WEREWOLF
    assert state.legal_actions() == [54, 55, 56, 57, 58]  # a suit or no trump
    play(state, "no trump")
    assert state.trump_suit == -1 and state.phase is Phase.BID and state.current == 0  # left of dealer 2
    view = state.view(1)
    assert (view.werewolf, view.turned_up, view.trump_card) == (0, card_from_text("Ah"), WEREWOLF)


def test_werewolf_when_a_wizard_is_turned_up_takes_the_wizard_and_the_dealer_chooses_nothing() -> None:
    state = dealt(["3c 4c", "Wwf 2c", "5c 6c"], turned="Wiz")
    assert state.phase is Phase.WEREWOLF and state.current == 1
    assert state.hands[1] == cards_from_text("Wiz 2c")
    play(state, "trump s")
    assert state.trump_suit == 3 and state.phase is Phase.BID


def test_werewolf_turned_up_lets_the_dealer_choose_a_suit_or_no_trump() -> None:
    state = dealt(["3c 4c", "7d 2c", "5c 6c"], turned="Wwf")
    assert state.phase is Phase.CHOOSE_TRUMP and state.current == 2
    assert state.legal_actions() == [54, 55, 56, 57, 58]


def test_werewolf_in_a_round_with_no_card_turned_up_plays_as_a_jester() -> None:
    rules = RuleSet(players=3, special_cards=("werewolf",))  # 61 cards: round 20 deals 60, one is turned up
    state = rigged(["Wwf 2c", "3h 4c", "5h 6s"], rules=rules, bids=[0, 0, 0])
    play(state, "Wwf", "3h", "5h")
    assert state.round_tricks[0][2] == 2  # the Werewolf lost as a Jester; the 3h set Hearts
    assert state.led == -1


# --- Juggler --------------------------------------------------------------------------------------------------


def test_juggler_ranks_between_seven_and_eight() -> None:
    assert trick("7h Jug>h 2h") == (1, 1)
    assert trick("8h Jug>h 2h") == (0, 0)


def test_juggler_led_sets_its_named_suit_and_named_trump_wins() -> None:
    state = rigged(["Jug 2c", "3h Ac", "5s 6s"], trump="h", bids=[1, 0, 0])
    play(state, "Jug>h")
    assert state.led == 2
    assert state.legal_actions() == [state.text_to_action("3h")]  # seat 1 must follow Hearts
    assert trick("Ac Jug>h Kc", trump="h") == (1, 1)  # a Juggler naming trump is a trump


def test_juggler_names_any_suit_and_shows_no_void() -> None:
    state = rigged(["Ac 2c", "Jug 3c", "5s 6s"], bids=[1, 0, 0])
    play(state, "Ac")
    legal = state.legal_actions()
    assert [state.action_to_text(a) for a in legal] == ["3c", "Jug>c", "Jug>d", "Jug>h", "Jug>s"]
    play(state, "Jug>s")
    assert state.voids[1] == 0


def test_juggler_pass_is_one_card_each_to_the_left_and_hidden() -> None:
    state = rigged(["Jug 2c Ad", "3c 4c Kd", "5c 6c Qd"], bids=[1, 1, 1])
    play(state, "Jug>c", "3c", "5c")
    # the Juggler (a Club between the 7 and the 8) beats the 3c and the 5c: seat 0 leads, so it gives first
    assert state.tricks_won == [1, 0, 0] and state.phase is Phase.JUGGLE and state.current == 0
    play(state, "Ad")
    assert state.view(1).given == 0 and state.view(0).given == cards_from_text("Ad")
    assert state.view(1).hand == cards_from_text("4c Kd")  # nothing has arrived yet
    play(state, "Kd", "Qd")
    assert state.hands == [cards_from_text("2c Qd"), cards_from_text("4c Ad"), cards_from_text("6c Kd")]
    assert state.view(1).received == cards_from_text("Ad") and state.view(2).received == cards_from_text("Kd")
    assert state.view(-1).received == 0 and state.view(-1).given == 0
    assert state.phase is Phase.PLAY and state.current == 0


def test_juggler_in_the_last_trick_passes_nothing() -> None:
    state = rigged(["Jug", "3c", "5c"], bids=[1, 0, 0])
    play(state, "Jug>c", "3c", "5c")
    assert state.round_index == 1 and state.sheet[-1].tricks == (1, 0, 0)


def test_juggler_alone_is_no_play_and_a_played_form_no_gift() -> None:
    state = rigged(["Jug Ac", "3c 4c", "5c 6c"], bids=[0, 0, 0])
    with pytest.raises(IllegalActionError, match="the Jug is played with a suit"):
        state.apply(state.text_to_action("Jug"))
    play(state, "Jug>c", "3c", "5c")
    with pytest.raises(IllegalActionError, match="gives a card, not a card as played"):
        state.apply(state.text_to_action("Cld>h"))


# --- Cloud ----------------------------------------------------------------------------------------------------


def test_cloud_ranks_between_nine_and_ten_and_its_winner_changes_the_bid() -> None:
    assert trick("9s Cld>s Ts") == (2, 2)
    state = rigged(["Cld 2c", "9s 3c", "8s 4c"], bids=[1, 0, 0])
    play(state, "Cld>s", "9s", "8s")
    assert state.phase is Phase.CLOUD and state.current == 0
    assert [state.action_to_text(a) for a in state.legal_actions()] == ["cloud +1", "cloud -1"]
    play(state, "cloud +1")
    assert state.bids == [2, 0, 0] and state.bid_changes == [1, 0, 0] and state.phase is Phase.PLAY
    play(state, "2c", "3c", "4c")  # seat 2's 4c wins: seat 0 ends with 1 trick against the bid of 2
    assert state.sheet[-1].bids == (2, 0, 0) and state.sheet[-1].points == (-10, 20, -10)
    assert state.view(1).sheet_bid_changes[-1] == (1, 0, 0)


def test_cloud_on_a_bid_of_zero_can_only_rise() -> None:
    state = rigged(["Cld 2c", "9s 3c", "8s 4c"], bids=[0, 1, 1])
    play(state, "Cld>s", "9s", "8s")
    assert state.legal_actions() == [A.CLOUD_UP]
    with pytest.raises(IllegalActionError, match="a bid of 0 in a hand of 2 can only rise"):
        state.apply(A.CLOUD_DOWN)
    play(state, "cloud +1")
    assert state.bids == [1, 1, 1]


def test_cloud_on_a_bid_of_the_whole_hand_can_only_fall() -> None:
    state = rigged(["Cld 2c", "9s 3c", "8s 4c"], bids=[2, 0, 0])
    play(state, "Cld>s", "9s", "8s")
    assert state.legal_actions() == [A.CLOUD_DOWN]


def test_cloud_led_naming_trump_is_a_trump() -> None:
    state = rigged(["Cld 2c", "Ah 3c", "Ks 4c"], trump="s", bids=[0, 1, 0])
    play(state, "Cld>s", "Ah")  # seat 1 has no Spade: any card
    assert state.legal_actions() == [state.text_to_action("Ks")]  # seat 2 must follow Spades
    play(state, "Ks")  # the Ks beats the Cloud (a Spade between the 9 and the 10)
    assert state.round_tricks[0][2] == 2 and state.phase is Phase.CLOUD and state.current == 2


def test_cloud_and_juggler_in_one_trick_change_first_then_pass() -> None:
    state = rigged(["Cld 2c", "Jug 3c", "8s 4c"], bids=[0, 0, 0])
    play(state, "Cld>s", "Jug>s", "8s")
    assert state.phase is Phase.CLOUD and state.current == 0  # the Cloud (9-10) beats the Juggler (7-8) and 8s
    play(state, "cloud +1")
    assert state.phase is Phase.JUGGLE and state.current == 0


# --- Shapeshifter ---------------------------------------------------------------------------------------------


def test_shapeshifter_as_wizard_or_jester() -> None:
    assert trick("Ah Shp>Wiz Wiz") == (1, 1)  # the first Wizard
    assert trick("Shp>Jes 2c Jes") == (1, 1)
    state = rigged(["Shp 2c", "3c 4c", "5c 6c"], bids=[0, 0, 0])
    assert [state.action_to_text(a) for a in state.legal_actions()] == ["2c", "Shp>Wiz", "Shp>Jes"]


# --- special cards turned up ----------------------------------------------------------------------------------


@pytest.mark.parametrize("turned", ["Drg", "Jug", "Cld", "Shp"])
def test_these_turned_up_let_the_dealer_choose_a_suit_or_no_trump(turned: str) -> None:
    state = dealt(["3c 4c", "7d 2c", "5c 6c"], turned=turned)
    assert state.phase is Phase.CHOOSE_TRUMP and state.current == 2 and A.NO_TRUMP in state.legal_actions()
    play(state, "no trump")
    assert state.trump_suit == -1 and state.phase is Phase.BID


@pytest.mark.parametrize("turned", ["Fai", "Bmb"])
def test_fairy_or_bomb_turned_up_gives_no_trump(turned: str) -> None:
    state = dealt(["3c 4c", "7d 2c", "5c 6c"], turned=turned)
    assert state.phase is Phase.BID and state.trump_suit == -1


def test_a_wizard_turned_up_still_asks_a_suit() -> None:
    state = dealt(["3c 4c", "7d 2c", "5c 6c"], turned="Wiz")
    assert state.legal_actions() == [54, 55, 56, 57]
    with pytest.raises(IllegalActionError, match="must name a suit, not no trump"):
        state.apply(A.NO_TRUMP)


def test_the_last_rounds_missing_trump() -> None:
    """66 cards at 3 players: round 22 deals the whole deck, no card is turned up, no trump; a Werewolf then plays
    as a Jester."""
    state = new_game(find_rules("anniversary", 3), seed=9)
    while state.round_index < 21:
        state.apply(state.legal_actions()[0])
    assert state.hand_size == 22 and state.trump_card == -1 and state.trump_suit == -1
    assert state.phase is Phase.BID and state.legal_actions()[-1] == A.BID_BASE + 22  # bid 22 is action 82


# --- actions, texts, records ----------------------------------------------------------------------------------


def test_table_2_texts_round_trip_and_table_1_refuses_them() -> None:
    texts = [A.action_to_text(a, specials=True) for a in range(A.NUM_ACTIONS_WITH_SPECIALS)]
    assert len(set(texts)) == A.NUM_ACTIONS_WITH_SPECIALS
    assert [A.action_from_text(t, specials=True) for t in texts] == list(range(A.NUM_ACTIONS_WITH_SPECIALS))
    assert texts[81:] == ["bid 21", "bid 22", "Drg", "Fai", "Bmb", "Wwf", "Jug", "Cld", "Shp",
                          "Jug>c", "Jug>d", "Jug>h", "Jug>s", "Cld>c", "Cld>d", "Cld>h", "Cld>s",
                          "Shp>Wiz", "Shp>Jes", "cloud +1", "cloud -1"]
    with pytest.raises(InvalidActionError, match="no action has id 90"):
        A.action_to_text(90)
    with pytest.raises(InvalidActionError, match="special cards"):
        A.action_from_text("Jug>h")
    with pytest.raises(InvalidActionError):
        new_game(RuleSet(), seed=1).apply(90)


def test_a_special_record_names_its_table_and_replays() -> None:
    state = new_game(find_rules("anniversary-2021", 4), seed=21)
    while not state.is_terminal():
        state.apply(state.legal_actions()[len(state.history) % len(state.legal_actions())])
    data = state.record(["a", "b", "c", "d"]).to_dict()
    assert data["table"] == "wizardcards-actions/2"
    assert replay(GameRecord.from_dict(data)) == state
    assert "table" not in new_game(RuleSet(), seed=1).record().to_dict()  # today's records are as they were
    with pytest.raises(Exception, match="wizardcards-actions/3"):
        GameRecord.from_dict({**data, "table": "wizardcards-actions/3"})


def test_a_played_form_is_not_a_card_of_a_hand() -> None:
    with pytest.raises(ValueError, match="a card as played"):
        cards_from_text("Jug>h 2c")
    assert card_to_text(card_from_text("shp>jes")) == "Shp>Jes"
    assert card_from_text("dragon") == DRAGON


# --- positions and their notation -----------------------------------------------------------------------------


def test_positions_of_random_special_games_read_back_and_play_on() -> None:
    """position_of -> notation -> from_position gives the same position, phase, turn and legal actions, in every
    phase of the special cards (the Werewolf's trump, the Cloud's change, the Juggler's pass) among them."""
    import random

    from wizardcards.core import from_position, position_from_text, position_of, position_to_text
    from wizardcards.core.position import same_position

    phases = set()
    for seed in range(160):
        rules = (find_rules("anniversary-2021", 3 + seed % 4) if seed % 2 else
                 RuleSet(players=3 + seed % 4, special_cards=("werewolf", "juggler", "cloud", "bomb"),
                         schedule="quick"))
        state = new_game(rules, seed)
        rng = random.Random(seed)
        stop = rng.randrange(20, 400)
        while not state.is_terminal() and len(state.history) < stop:
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        text = position_to_text(position_of(state))
        built = from_position(position_from_text(text), seed=1)
        assert same_position(position_of(built), position_of(state)), text
        assert (built.phase, built.current_player()) == (state.phase, state.current_player()), text
        assert sorted(built.legal_actions()) == sorted(state.legal_actions()), text
        phases.add(state.phase)
    assert {Phase.WEREWOLF, Phase.CLOUD, Phase.JUGGLE, Phase.PLAY, Phase.BID} <= phases


def test_notation_of_a_werewolf_swap_a_bombed_trick_a_cloud_and_a_pass() -> None:
    from wizardcards.core import position_from_text, start_game

    text = ("wizard/3:special_cards=bomb+werewolf+juggler+cloud r3 d2 t:Ah/Wwf0>- h:Ah.2c/Bmb.Kd/Qd.3c "
            "b:1.0.1 p:Jug>c.4c.5c s:0.0.0 g:- c:-")
    position = position_from_text(text)
    assert position.werewolf == 0 and position.trump_card == card_from_text("Ah") and position.trump_suit == -1
    state = start_game(position, seed=3)
    assert state.phase is Phase.JUGGLE and state.current == 0  # the Juggler (a Club, 7-8) won: seat 0 gives first
    with pytest.raises(Exception, match="the holder swaps them"):
        start_game(text.replace("t:Ah/Wwf0>-", "t:Ah").replace("h:Ah.2c", "h:Wwf.2c"))
    with pytest.raises(Exception, match="CARD/WwfSEAT>SUIT"):
        position_from_text(text.replace("Wwf0", "Wolf0"))


def test_the_score_sheet_names_a_special_trump_card() -> None:
    state = dealt(["Wwf 2c", "3c 4c", "5c 6c"], turned="Ah")
    play(state, "trump s", "bid 0", "bid 0", "bid 0", "2c", "3c", "5c", "6c", "Ah", "4c")
    assert state.sheet[-1].trump_card == WEREWOLF
    assert state.score_sheet().splitlines()[-1].split()[2] == "Wwf>S"
