"""Audit: one test per sentence of ``rulings.md``'s Bamboozled section.

Every scenario is built only by driving the engine from ``Bamboozled().new_game(...)``
with ``apply`` (no hand-made states), and every action applied is first checked to be
among ``legal_actions``. Test names follow the ruling they check.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from games.bamboozled import events as ev
from games.bamboozled.actions import (
    Accept,
    Challenge,
    Declare,
    Decline,
    Discard,
    PlayCard,
    Roll,
    Show,
)
from games.bamboozled.cards import CARDS, FULL_DECK, HAND_LIMIT, Card, deck_composition
from games.bamboozled.rules import (
    MAX_PLAYERS,
    BadDice,
    Bamboozled,
    CardNotAllowed,
    CardNotHeld,
    NotACard,
    NotAScore,
    ScoreTooLow,
)
from games.bamboozled.scores import (
    JACKPOT,
    SCORES,
    card_reach,
    parse_score,
    rank,
    ties_or_beats,
    truthful_scores,
)
from games.bamboozled.state import PARTY_STRIKE_LIMIT, Phase, Settings, State
from games.errors import GameOver, IllegalAction, InvalidInput, InvalidSettings, WrongPhase
from games.event import Event

RULES = Bamboozled()
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")
ANN, BOB, CAT, DAN = 0, 1, 2, 3
CW, CCW = 1, -1
OFFERS = (Phase.SHOW_CARD, Phase.MY_BAD_OFFER, Phase.REVIVE_OFFER)


# --- driving the engine --------------------------------------------------------------------


def new(n: int = 3, **settings) -> State:
    return RULES.new_game(NAMES[:n], Settings(**settings))


def _norm(action: object) -> object:
    """The form legal_actions lists: dice low first, cards in CARDS order."""
    try:
        return _normalised(action)
    except (TypeError, ValueError):  # not dice, not cards: as it is
        return action


def _normalised(action: object) -> object:
    order = CARDS.index
    if isinstance(action, Accept):
        return Accept(tuple(sorted(action.dice)))
    if isinstance(action, Challenge):
        return Challenge(tuple(sorted(action.dice)))
    if isinstance(action, Roll):
        return Roll(tuple(sorted(action.dice)), tuple(sorted(action.cards, key=order)))
    if isinstance(action, Show):
        return Show(tuple(sorted(action.cards, key=order)))
    return action


def run(state: State, *actions) -> tuple[State, list[Event]]:
    """Apply ``actions`` in turn; each must be listed as legal, piles stay consistent."""
    events: list[Event] = []
    for action in actions:
        assert _norm(action) in RULES.legal_actions(state), (action, state.phase)
        state, evs = RULES.apply(state, action)
        events += evs
        state.piles.check()
    return state, events


def decline_all(state: State) -> tuple[State, list[Event]]:
    """Say no to every offer (show a card, My Bad, Revive) until none is pending."""
    events: list[Event] = []
    while state.phase in OFFERS:
        state, evs = run(state, Decline())
        events += evs
    return state, events


def kinds(events: list[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def refused(state: State, action: object, error: type[IllegalAction], match: str) -> None:
    """``action`` raises exactly ``error`` (matching ``match``) and changes nothing."""
    before = copy.deepcopy(state)
    with pytest.raises(error, match=match) as exc:
        RULES.apply(state, action)  # type: ignore[arg-type]
    assert type(exc.value) is error
    assert state == before
    assert repr(_norm(action)) not in map(repr, RULES.legal_actions(state))


def dice_of(score: int) -> tuple[int, int]:
    """Dice that show ``score`` truthfully."""
    return (2, 1) if score == JACKPOT else (score // 10, score % 10)


def honest_pass(state: State, score: int = 53) -> State:
    """The roller declares ``score`` truthfully and the judge accepts (and will roll)."""
    return run(state, Declare(score), Accept(dice_of(score)))[0]


def accept_and_declare(state: State, score: int = 53) -> State:
    """The judge accepts the truthful current score, rolls and declares ``score``."""
    return run(state, Accept(dice_of(state.score)), Declare(score))[0]


def bamboozle(state: State) -> tuple[State, list[Event]]:
    """The roller declares (the lowest legal score) over dice that do not show it, the
    judge accepts: the roller draws (and discards an unnamed card if over the limit)."""
    assert state.phase is Phase.DECLARE
    score = max(state.score, 13, key=rank)
    state, events = run(state, Declare(score), Accept((1, 3) if score == 66 else (6, 6)))
    assert "Bamboozled" in kinds(events)
    if state.phase is Phase.DISCARD:
        state, evs = run(state, Discard(None))
        events += evs
    return state, events


def caught_bluffing(state: State) -> tuple[State, list[Event]]:
    """At a round's start the roller declares 66 over 1-3 (no card reaches it) and is
    challenged: a strike for the roller (offers declined)."""
    assert state.phase is Phase.DECLARE and state.score == 0
    state, events = run(state, Declare(66), Challenge((1, 3)))
    state, more = decline_all(state)
    return state, events + more


def failed_challenge(state: State) -> tuple[State, list[Event]]:
    """The roller declares 53 truthfully and the judge challenges: a strike for the judge
    (offers declined)."""
    state, events = run(state, Declare(53), Challenge((3, 5)))
    state, more = decline_all(state)
    return state, events + more


# --- Scores ----------------------------------------------------------------------------------


@pytest.mark.parametrize("dice", [(0, 3), (3, 7), (3,), (1, 2, 3), ("3", "5"), (3.0, 5), None])
def test_a_roll_is_two_dice_each_1_to_6(dice) -> None:
    state = run(new(), Declare(53))[0]
    refused(state, Accept(dice), BadDice, "two values from 1 to 6")
    refused(state, Challenge(dice), BadDice, "two values from 1 to 6")
    for d in ((1, 1), (6, 6), (1, 6), (6, 1)):
        assert RULES.is_legal(state, Accept(d)) and RULES.is_legal(state, Challenge(d))


def test_one_and_two_is_only_21_the_jackpot_and_12_is_never_a_score() -> None:
    assert truthful_scores((1, 2)) == truthful_scores((2, 1)) == {JACKPOT}
    state = new()
    refused(state, Declare(12), NotAScore, "12 is not a Bamboozled score")
    state, events = run(state, Declare(21), Accept((1, 2)))
    assert ev.Truthful(ANN, 21, (1, 2)) in events and state.piles.hands[ANN] == 1


def test_a_double_is_written_aa() -> None:
    for a in range(1, 7):
        assert truthful_scores((a, a)) == {11 * a}
    _, events = run(new(), Declare(44), Accept((4, 4)))
    assert "Truthful" in kinds(events)
    _, events = run(new(), Declare(43), Accept((4, 4)))
    assert "Bluff" in kinds(events)


def test_otherwise_either_order_is_truthful() -> None:
    assert truthful_scores((3, 5)) == truthful_scores((5, 3)) == {35, 53}
    for score in (35, 53):
        for dice in ((3, 5), (5, 3)):
            _, events = run(new(), Declare(score), Accept(dice))
            assert "Truthful" in kinds(events) and "CardDrawn" not in kinds(events)


def test_the_35_scores_lowest_to_highest() -> None:
    non_doubles = [13, 14, 15, 16, 23, 24, 25, 26, 31, 32, 34, 35, 36, 41, 42, 43, 45, 46,
                   51, 52, 53, 54, 56, 61, 62, 63, 64, 65]  # fmt: skip
    assert len(non_doubles) == 28
    assert list(SCORES) == non_doubles + [11, 22, 33, 44, 55, 66, 21]
    assert [rank(s) for s in SCORES] == list(range(1, 36))
    # The engine offers exactly the scores tying or beating 65: 65, the doubles, 21.
    state = honest_pass(new(), 65)
    declares = [a.score for a in RULES.legal_actions(state) if isinstance(a, Declare)]
    assert declares == [65, 11, 22, 33, 44, 55, 66, 21]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("12", "12 is never a score"),
        ("1 2", "12 is never a score"),
        ("0", "0 is not a score"),
        ("77", "77 is not a score: dice only show 1 to 6"),
        ("40", "40 is not a score: dice only show 1 to 6"),
        ("7", "7 is not a score"),
        ("100", "100 is not a score"),
        ("05", "05 is not a score"),
        ("double 7", "doubles are 1 to 6"),
        ("double", "is not a score"),
        ("abc", "'abc' is not a score"),
        ("", "no score given"),
        ("   ", "no score given"),
    ],
)
def test_anything_else_is_not_a_score_refused_with_a_clear_message(text, message) -> None:
    with pytest.raises(InvalidInput, match=message):
        parse_score(text)


@pytest.mark.parametrize(
    ("text", "score"),
    [("53", 53), ("35", 35), (" 53 ", 53), ("21", 21), ("jackpot", 21), ("Jackpot", 21),
     ("double 4", 44), ("double fours", 44), ("44", 44), ("11", 11), ("65", 65), (53, 53)],
)  # fmt: skip
def test_what_people_type_or_say_parses_to_the_score(text, score) -> None:
    assert parse_score(text) == score


@pytest.mark.parametrize("value", [12, 77, 40, 0, 7, 100, -53, 10, 60, 70])
def test_a_non_score_never_reaches_the_game_state(value: int) -> None:
    refused(new(), Declare(value), NotAScore, f"{value} is not a Bamboozled score")


def test_a_declaration_must_tie_or_beat_the_current_score() -> None:
    state = honest_pass(new())  # Bob accepted Ann's 53
    refused(state, Declare(52), ScoreTooLow, "52 does not tie or beat 53")
    refused(state, Declare(35), ScoreTooLow, "35 does not tie or beat 53")
    assert RULES.is_legal(state, Declare(53))  # a tie is enough
    assert RULES.is_legal(state, Declare(11))  # any double beats any non-double
    state = honest_pass(state, 11)
    refused(state, Declare(65), ScoreTooLow, "65 does not tie or beat double 1s")
    state = honest_pass(state, 21)
    declares = [a for a in RULES.legal_actions(state) if isinstance(a, Declare)]
    assert declares == [Declare(21)]  # only a Jackpot ties a Jackpot
    refused(state, Declare(66), ScoreTooLow, "double 6s does not tie or beat Jackpot")
    assert ties_or_beats(21, 21) and not ties_or_beats(66, 21)


def test_at_the_start_of_a_round_any_score_may_be_declared() -> None:
    state = new()
    assert state.score == 0
    declares = [a.score for a in RULES.legal_actions(state) if isinstance(a, Declare)]
    assert declares == list(SCORES)


def test_declaring_34_while_holding_3_5_is_a_bluff() -> None:
    # On an accept: a bamboozle (Ann draws), though 34 is lower than the true 53.
    state, events = run(new(), Declare(34), Accept((3, 5)))
    assert ev.Bluff(ANN, 34, (3, 5)) in events and ev.Bamboozled(ANN, BOB) in events
    assert state.piles.hands[ANN] == 2
    # On a challenge, with no card shown: Ann takes the strike.
    state = run(new(), Declare(34), Challenge((3, 5)))[0]
    assert state.phase is Phase.SHOW_CARD  # her one card might be an Up/Down (5 -> 4)
    state = run(state, Decline())[0]
    assert state.strikes == (1, 0, 0)


# --- A turn ---------------------------------------------------------------------------------


def test_accept_truthful_then_the_receiver_rolls_and_declares_at_least_d() -> None:
    state, events = run(new(), Declare(53), Accept((3, 5)))
    assert kinds(events) == ["Declared", "Accepted", "Truthful"]
    assert state.phase is Phase.DECLARE and state.awaiting == BOB and state.score == 53
    assert state.piles.hands == (1, 1, 1)
    declares = [a.score for a in RULES.legal_actions(state) if isinstance(a, Declare)]
    assert declares[0] == 53 and 52 not in declares


def test_accept_a_bluff_the_declarer_draws_even_if_they_meant_an_after_roll_card() -> None:
    # Ann declares 55 over 3-5: her Double (if it is one) would reach it, but on an
    # accept no card is shown; she bamboozled Bob and draws, keeping her card.
    state, events = run(new(), Declare(55), Accept((3, 5)))
    assert kinds(events) == ["Declared", "Accepted", "Bluff", "Bamboozled", "CardDrawn"]
    assert state.piles.hands == (2, 1, 1) and state.piles.discard == 0
    assert state.phase is Phase.DECLARE and state.awaiting == BOB and state.score == 55
    refused(state, Declare(54), ScoreTooLow, "does not tie or beat double 5s")


def test_challenge_a_truthful_score_is_a_strike_for_the_challenger() -> None:
    state = run(new(), Declare(53), Challenge((5, 3)))[0]
    assert state.phase is Phase.MY_BAD_OFFER and state.awaiting == BOB  # Bob holds a card
    state, events = run(state, Decline())
    assert state.strikes == (0, 1, 0) and ev.StrikeTaken(BOB, 1) in events


def test_challenge_a_bluff_a_shown_after_roll_card_means_no_strike_and_d_stands() -> None:
    state = run(new(), Declare(55), Challenge((3, 5)))[0]
    assert state.phase is Phase.SHOW_CARD and state.awaiting == ANN
    state, events = run(state, Show((Card.DOUBLE,)))
    assert ev.CardShown(ANN, (Card.DOUBLE,), 55) in events and "StrikeTaken" not in kinds(events)
    assert state.strikes == (0, 0, 0) and state.score == 55 and state.round == 1
    assert state.phase is Phase.DECLARE and state.awaiting == BOB  # R rolls, >= D
    assert state.piles.hands[ANN] == 0 and state.piles.discard == 1
    assert state.piles.known_in_discard(Card.DOUBLE) == 1  # shown and discarded
    refused(state, Declare(54), ScoreTooLow, "does not tie or beat double 5s")
    assert RULES.is_legal(state, Declare(55))


def test_challenge_a_bluff_otherwise_the_declarer_takes_the_strike() -> None:
    # No card could make 66 from 1-3: no offer, a strike at once.
    state, events = run(new(), Declare(66), Challenge((1, 3)))
    assert ev.StrikeTaken(ANN, 1) in events and state.strikes == (1, 0, 0)
    # A card could, but Ann does not show one.
    state = run(new(), Declare(55), Challenge((3, 5)))[0]
    state, events = run(state, Decline())
    assert ev.StrikeTaken(ANN, 1) in events and state.strikes == (1, 0, 0)
    # Ann holds no card (she played her Fresh Start): no offer.
    state = honest_pass(honest_pass(new()))  # Ann -> Bob -> Cat: Cat rolls
    state = run(state, Declare(53), PlayCard(Card.FRESH_START))[0]
    assert state.awaiting == ANN and state.piles.hands[ANN] == 0
    state, events = run(state, Declare(55), Challenge((3, 5)))
    assert ev.StrikeTaken(ANN, 1) in events and state.phase is Phase.DECLARE


def test_a_strike_resets_score_and_direction_and_the_struck_player_starts() -> None:
    state = run(new(4), Declare(53), PlayCard(Card.REVERSE))[0]
    assert state.direction == CCW and state.awaiting == DAN
    state, events = run(state, Challenge((3, 5)))
    state, more = decline_all(state)  # Dan's challenge failed
    assert state.strikes == (0, 0, 0, 1)
    assert state.score == 0 and state.declarer is None and state.direction == CW
    assert state.phase is Phase.DECLARE and state.awaiting == DAN and state.round == 2
    assert ev.DirectionChanged(True) in events + more
    assert run(state, Declare(13))[0].awaiting == ANN  # clockwise from Dan


def test_an_eliminated_player_is_followed_by_the_next_remaining_clockwise() -> None:
    state = caught_bluffing(new(4, strike_limit=1))[0]
    assert state.out == (True, False, False, False) and state.awaiting == BOB
    # Bob declares to Cat, who reverses: counter-clockwise, Ann is out, so Dan judges.
    state = run(state, Declare(53), PlayCard(Card.REVERSE))[0]
    assert state.direction == CCW and state.awaiting == DAN
    state = accept_and_declare(state)  # Dan declares 53 to Cat (counter-clockwise)
    assert state.awaiting == CAT
    state, events = run(state, Challenge((5, 3)))  # Cat (no card left) fails: out
    assert state.out == (True, False, True, False) and ev.PlayerOut(CAT) in events
    # The next remaining *clockwise* from Cat starts (Dan), not counter-clockwise (Bob).
    assert state.awaiting == DAN and state.direction == CW and state.score == 0


def test_the_next_remaining_clockwise_skips_players_already_out() -> None:
    state = caught_bluffing(new(4, strike_limit=1))[0]  # Ann out, Bob starts
    state = honest_pass(state)  # Bob 53, Cat accepts
    state = failed_challenge(state)[0]  # Cat 53, Dan challenges and fails: out
    assert state.out == (True, False, False, True)
    assert state.awaiting == BOB  # clockwise from Dan: Ann is out, so Bob


def test_a_player_with_the_strike_limit_is_out_and_the_last_player_left_wins() -> None:
    state = new(3)  # default limit 3
    assert state.settings.strike_limit == 3
    for k in (1, 2):
        state = caught_bluffing(state)[0]  # Ann bluffs, is caught, starts again
        assert state.strikes[ANN] == k and not state.out[ANN] and state.awaiting == ANN
    state, events = caught_bluffing(state)
    assert state.strikes[ANN] == 3 and state.out[ANN] and ev.PlayerOut(ANN) in events
    assert state.awaiting == BOB and state.winner is None
    for _ in range(3):
        state, events = caught_bluffing(state)  # Bob
    assert state.out == (True, True, False) and ev.Winner(CAT) in events
    assert state.winner == CAT and state.phase is Phase.GAME_OVER and state.awaiting is None
    assert RULES.winner(state) == CAT and RULES.legal_actions(state) == []
    refused(state, Declare(53), GameOver, "The game is over: Cat won")


# --- Action cards ---------------------------------------------------------------------------


def test_the_deck_is_26_cards_and_each_player_is_dealt_one() -> None:
    assert dict(FULL_DECK) == {
        Card.DOUBLE: 2, Card.FRESH_START: 4, Card.JACKPOT: 1, Card.MY_BAD: 4,
        Card.REVERSE: 4, Card.REVIVE: 4, Card.SKIP: 4, Card.UP_DOWN: 3,
    }  # fmt: skip
    for n in (2, 3, 8):
        piles = new(n).piles
        assert piles.size == 26 and piles.hands == (1,) * n
        assert piles.deck == 26 - n and piles.discard == 0
        assert {c: piles.count(c) for c in CARDS} == dict(FULL_DECK)


def test_hand_limit_2_a_third_card_means_choosing_one_of_three_to_discard() -> None:
    assert HAND_LIMIT == 2
    state = bamboozle(new())[0]  # Ann bamboozles Bob: 2 cards, no discard
    assert state.piles.hands[ANN] == 2 and state.phase is Phase.DECLARE
    state = honest_pass(honest_pass(state, 66), 66)  # Bob, then Cat: Ann rolls
    state, events = run(state, Declare(66), Accept((1, 3)))  # Ann bamboozles Bob again
    assert state.phase is Phase.DISCARD and state.awaiting == ANN
    assert state.piles.hands[ANN] == 3
    refused(state, Declare(66), WrongPhase, "Ann: discard one of your cards")
    legal = RULES.legal_actions(state)
    assert Discard(None) in legal and all(Discard(c) in legal for c in CARDS)
    state, events = run(state, Discard(Card.REVIVE))  # she chooses which
    assert ev.CardDiscarded(ANN, Card.REVIVE) in events
    assert state.piles.hands[ANN] == 2 and state.piles.discard == 1
    assert state.piles.known_in_discard(Card.REVIVE) == 1
    assert state.phase is Phase.DECLARE and state.awaiting == BOB  # then Bob rolls


def test_played_and_discarded_cards_go_to_the_discard_pile() -> None:
    state = run(new(), Declare(53), PlayCard(Card.FRESH_START))[0]
    assert state.piles.discard == 1 and state.piles.known_in_discard(Card.FRESH_START) == 1
    assert state.piles.hands == (1, 0, 1)


def test_a_draw_from_an_empty_deck_reshuffles_the_discard_pile() -> None:
    state = new(2)  # deck 24
    draws = 0
    while state.piles.deck:
        state = bamboozle(state)[0]
        draws += 1
    assert draws == 24 and state.piles.discard == 22  # 2 kept in each hand
    state, events = bamboozle(state)
    assert ev.DeckReshuffled(22) in events and "CardDrawn" in kinds(events)
    assert kinds(events).index("DeckReshuffled") < kinds(events).index("CardDrawn")
    # 22 shuffled into the deck, one drawn; the drawer discards one of three.
    assert state.piles.deck == 21 and state.piles.discard == 1
    assert sum(state.piles.known) == 0  # the new deck is face down: nothing known


def test_if_deck_and_discard_are_both_empty_nothing_is_drawn_and_it_is_said() -> None:
    state = new(2, no_limits=True)  # no hand limit: every card stays in a hand
    while state.piles.deck:
        state = bamboozle(state)[0]
    assert state.piles.discard == 0 and sum(state.piles.hands) == 26
    hands, drawer = state.piles.hands, state.awaiting
    state, events = bamboozle(state)
    assert ev.NothingToDraw(drawer) in events and "CardDrawn" not in kinds(events)
    assert "DeckReshuffled" not in kinds(events) and state.piles.hands == hands
    assert any("No cards left to draw" in e.describe(state.names) for e in events)


def test_an_eliminated_players_cards_go_to_the_discard_pile() -> None:
    state = bamboozle(new(3, strike_limit=1))[0]  # Ann holds 2; Bob rolls
    # Bob bluffs 13 over 6-6 and is caught by Cat: Bob is out with his 1 card.
    state, events = run(state, Declare(13), Challenge((6, 6)))
    state, more = decline_all(state)
    assert ev.HandDiscarded(BOB, 1) in events + more
    assert state.out[BOB] and state.piles.hands[BOB] == 0 and state.piles.discard == 1
    # Ann is out later with her 2 cards.
    state = honest_pass(state)  # Cat 53, Ann accepts
    state, events = run(state, Declare(66), Challenge((1, 3)))
    state, more = decline_all(state)
    assert ev.HandDiscarded(ANN, 2) in events + more and state.winner == CAT
    assert state.piles.hands == (0, 0, 1) and state.piles.discard == 3


def test_the_device_knows_how_many_cards_not_which_until_one_is_named() -> None:
    # Any card may be named by a player holding one, unless the counts forbid it.
    state = run(new(), Declare(21), Challenge((3, 4)))[0]
    assert Show((Card.JACKPOT,)) in RULES.legal_actions(state)
    state = run(state, Show((Card.JACKPOT,)))[0]  # the only Jackpot: known discarded
    assert state.piles.known_in_discard(Card.JACKPOT) == 1
    # Bob must tie 21; he bluffs 21 over 3-4 and only a Jackpot card could save him:
    # none can be in his hand, so no offer and Bob takes the strike.
    state, events = run(state, Declare(21), Challenge((3, 4)))
    assert ev.StrikeTaken(BOB, 1) in events and state.phase is Phase.DECLARE
    # A player with no card cannot name one.
    state = run(new(), Declare(53), PlayCard(Card.SKIP))[0]  # Bob's card played; Cat
    state = accept_and_declare(accept_and_declare(state))  # Cat -> Ann -> Bob decides
    assert state.awaiting == BOB
    refused(state, PlayCard(Card.SKIP), CardNotHeld, "Bob cannot play Skip: they hold 0")


def test_after_roll_cards_are_shown_only_when_challenged() -> None:
    state = run(new(), Declare(55))[0]
    refused(state, PlayCard(Card.DOUBLE), CardNotAllowed, "Double is played after rolling")
    state, events = run(state, Accept((3, 5)))
    assert state.phase is Phase.DECLARE and "CardShown" not in kinds(events)
    assert state.piles.discard == 0
    state = run(new(), Declare(55), Challenge((3, 5)))[0]
    assert state.phase is Phase.SHOW_CARD


def test_at_most_one_after_roll_card_per_declaration() -> None:
    def ann_with_two_cards() -> State:
        state = bamboozle(new())[0]  # Ann 2 cards; Bob rolls
        return honest_pass(honest_pass(state, 13), 13)  # Bob, Cat: Ann rolls

    # 56 from 3-5 needs Double and Up/Down together: no single card reaches it.
    state, events = run(ann_with_two_cards(), Declare(56), Challenge((3, 5)))
    assert ev.StrikeTaken(ANN, 1) in events and state.phase is Phase.DECLARE
    # Two cards shown on a score one card reaches are refused too.
    state = run(ann_with_two_cards(), Declare(55), Challenge((3, 5)))[0]
    refused(state, Show((Card.DOUBLE, Card.UP_DOWN)), CardNotAllowed,
            "only one after-roll card per declaration")  # fmt: skip


@pytest.mark.parametrize("score", [33, 55])
def test_double_one_die_read_as_the_others_value(score: int) -> None:
    state = run(new(), Declare(score), Challenge((3, 5)))[0]
    assert state.phase is Phase.SHOW_CARD
    refused(state, Show((Card.JACKPOT,)), CardNotAllowed, "Jackpot does not make")
    state = run(state, Show((Card.DOUBLE,)))[0]
    assert state.strikes == (0, 0, 0) and state.score == score
    # Double cannot reach a double of neither die: no card reaches 66 from 3-5.
    state, events = run(new(), Declare(66), Challenge((3, 5)))
    assert ev.StrikeTaken(ANN, 1) in events
    assert card_reach(Card.DOUBLE, (3, 5)) == {33, 35, 53, 55}


@pytest.mark.parametrize("dice", [(6, 6), (4, 5), (1, 3), (3, 4)])
def test_jackpot_card_reaches_21_from_any_dice(dice) -> None:
    state = run(new(), Declare(21), Challenge(dice))[0]
    state = run(state, Show((Card.JACKPOT,)))[0]
    assert state.strikes == (0, 0, 0) and state.score == JACKPOT and state.awaiting == BOB


@pytest.mark.parametrize(
    ("score", "dice", "reachable"),
    [
        (21, (2, 2), True),   # the seed: 2-2, one die down, Jackpot
        (64, (5, 4), True),   # 5 up to 6
        (34, (3, 5), True),   # 5 down to 4
        (31, (6, 3), False),  # 6 cannot wrap up to 1
        (64, (1, 4), False),  # 1 cannot wrap down to 6
        (56, (3, 5), False),  # one step on one die only
        (66, (4, 6), False),  # 4 is two steps from 6
    ],
)  # fmt: skip
def test_up_down_one_die_one_step_within_1_to_6_no_wrap(score, dice, reachable) -> None:
    assert (score in card_reach(Card.UP_DOWN, dice)) is reachable
    state = run(new(), Declare(score), Challenge(dice))[0]
    if reachable:
        state = run(state, Show((Card.UP_DOWN,)))[0]
        assert state.strikes == (0, 0, 0) and state.score == score
    elif state.phase is Phase.SHOW_CARD:  # another card (Double for 66 from 4-6) might
        refused(state, Show((Card.UP_DOWN,)), CardNotAllowed, "Up/Down does not make")
    else:
        assert state.strikes == (1, 0, 0)


# --- Before-roll cards ---------------------------------------------------------------------


def test_fresh_start_no_draw_for_the_bluffer_not_a_new_round_direction_unchanged() -> None:
    state = run(new(4), Declare(53), PlayCard(Card.REVERSE))[0]  # Bob reverses: Dan judges
    state = accept_and_declare(state, 66)  # Dan accepts, bluffs 66 to Cat (ccw)
    assert state.awaiting == CAT
    state, events = run(state, PlayCard(Card.FRESH_START))
    assert ev.ScoreReset(CAT, Card.FRESH_START) in events
    assert not {"Bluff", "Truthful", "Bamboozled", "CardDrawn"} & set(kinds(events))
    assert state.score == 0 and state.declarer is None and state.dice is None
    assert state.piles.hands[DAN] == 1  # Dan draws nothing though he bluffed
    assert state.strikes == (0, 0, 0, 0) and state.round == 1  # not a new round
    assert state.direction == CCW and "DirectionChanged" not in kinds(events)
    assert state.phase is Phase.DECLARE and state.awaiting == CAT
    assert RULES.is_legal(state, Declare(13))  # any score
    assert run(state, Declare(13))[0].awaiting == BOB  # still counter-clockwise


def test_skip_the_next_player_in_the_current_direction_decides_on_d() -> None:
    state, events = run(new(4), Declare(53), PlayCard(Card.SKIP))
    assert state.phase is Phase.DECIDE and state.awaiting == CAT
    assert state.declarer == ANN and state.score == 53 and state.direction == CW
    state, events = run(state, Accept((1, 3)))  # Ann bamboozled Cat (not Bob)
    assert ev.Bamboozled(ANN, CAT) in events and state.piles.hands[ANN] == 2
    assert state.awaiting == CAT and state.phase is Phase.DECLARE
    # In the flipped direction, Skip goes counter-clockwise.
    state = run(new(4), Declare(53), PlayCard(Card.REVERSE))[0]  # Dan judges Ann
    state = accept_and_declare(state)  # Dan 53 to Cat
    state = run(state, PlayCard(Card.SKIP))[0]
    assert state.awaiting == BOB and state.declarer == DAN


def test_reverse_flips_direction_and_p_is_skipped_as_next_judge() -> None:
    state, events = run(new(4), Declare(53), PlayCard(Card.REVERSE))
    assert ev.DirectionChanged(False) in events and state.direction == CCW
    # The next after Ann counter-clockwise is Dan (not Bob again, nor Ann herself).
    assert state.phase is Phase.DECIDE and state.awaiting == DAN and state.declarer == ANN
    state = accept_and_declare(state)  # Dan -> Cat
    assert state.awaiting == CAT
    state = accept_and_declare(state)  # Cat -> Bob: still counter-clockwise
    assert state.awaiting == BOB and state.direction == CCW


def test_reverse_with_three_players_same_judge_as_skip_but_direction_stays_flipped() -> None:
    skip = run(new(3), Declare(53), PlayCard(Card.SKIP))[0]
    reverse = run(new(3), Declare(53), PlayCard(Card.REVERSE))[0]
    assert skip.awaiting == reverse.awaiting == CAT
    assert skip.direction == CW and reverse.direction == CCW
    # Cat accepts and declares: after the Skip Ann judges, after the Reverse Bob does.
    assert accept_and_declare(skip).awaiting == ANN
    assert accept_and_declare(reverse).awaiting == BOB


def test_reverse_lasts_until_the_round_ends_then_clockwise_again() -> None:
    state = run(new(3), Declare(53), PlayCard(Card.REVERSE))[0]  # Cat judges
    state = accept_and_declare(state)  # Cat -> Bob
    state = accept_and_declare(state)  # Bob -> Ann
    assert state.awaiting == ANN and state.direction == CCW
    state = decline_all(run(state, Challenge((3, 5)))[0])[0]  # Ann's challenge fails
    assert state.direction == CW and state.round == 2 and state.awaiting == ANN
    assert run(state, Declare(13))[0].awaiting == BOB


def test_another_reverse_flips_the_direction_back() -> None:
    state = run(new(4), Declare(53), PlayCard(Card.REVERSE))[0]  # ccw, Dan judges Ann
    state, events = run(state, PlayCard(Card.REVERSE))  # Dan reverses again
    assert ev.DirectionChanged(True) in events and state.direction == CW
    # next after Ann clockwise who has not played a Skip or Reverse on D: Bob reversed it
    assert state.awaiting == CAT and state.declarer == ANN


@pytest.mark.parametrize("card", [Card.SKIP, Card.REVERSE])
def test_skip_or_reverse_with_two_players_p_self_accepts_no_draw_rolls_again(card) -> None:
    state = run(new(2), Declare(66))[0]  # Ann bluffs 66 (the dice are never looked at)
    state, events = run(state, PlayCard(card))
    assert ev.SelfAccepted(ANN, 66) in events
    assert not {"Bluff", "Truthful", "Bamboozled", "CardDrawn"} & set(kinds(events))
    assert state.piles.hands == (1, 0) and state.dice is None
    assert state.phase is Phase.DECLARE and state.awaiting == ANN and state.score == 66
    refused(state, Declare(65), ScoreTooLow, "does not tie or beat double 6s")
    state = run(state, Declare(66))[0]
    assert state.phase is Phase.DECIDE and state.awaiting == BOB


@pytest.mark.parametrize("card", [Card.SKIP, Card.REVERSE])
def test_skip_or_reverse_with_two_players_left_of_more_seats(card) -> None:
    state = caught_bluffing(new(3, strike_limit=1))[0]  # Ann out; Bob and Cat left
    state = run(state, Declare(53))[0]  # Bob to Cat
    state, events = run(state, PlayCard(card))
    assert ev.SelfAccepted(BOB, 53) in events and "CardDrawn" not in kinds(events)
    assert state.phase is Phase.DECLARE and state.awaiting == BOB


def test_at_most_one_of_fresh_start_skip_reverse_per_turn_revive_combines() -> None:
    state = bamboozle(new())[0]  # Ann 2 cards; Bob rolls
    state = accept_and_declare(run(state, Declare(13))[0], 13)  # Bob -> Cat -> Ann decides
    assert state.awaiting == ANN and state.piles.hands[ANN] == 2
    state = run(state, PlayCard(Card.FRESH_START))[0]
    for card in (Card.SKIP, Card.REVERSE, Card.FRESH_START):
        refused(state, PlayCard(card), CardNotAllowed, f"{card.label} cannot be played now")
    # Revive combines with one of the others: Bob, 1 strike and 2 cards, decides.
    state = run(new(), Declare(53), Challenge((3, 5)), Decline())[0]  # Bob 1 strike
    state = bamboozle(state)[0]  # Bob starts round 2 and bamboozles Cat: 2 cards
    state = accept_and_declare(run(state, Declare(13))[0], 13)  # Cat -> Ann -> Bob
    assert state.awaiting == BOB and state.strikes == (0, 1, 0)
    state, events = run(state, PlayCard(Card.REVIVE))
    assert ev.StrikeReturned(BOB, 0) in events and state.phase is Phase.DECIDE
    state = run(state, PlayCard(Card.SKIP))[0]
    assert state.awaiting == CAT and state.piles.hands[BOB] == 0  # Ann declared: Cat next


def test_revive_returns_a_strike_and_needs_one() -> None:
    state = run(new(3), Declare(53))[0]
    refused(state, PlayCard(Card.REVIVE), CardNotAllowed, "Bob has no strike to return")
    state = run(state, Challenge((3, 5)), Decline())[0]  # Bob 1 strike, his card kept
    state = run(state, Declare(53))[0]  # Bob starts round 2: Cat decides
    state = accept_and_declare(accept_and_declare(state))  # Cat -> Ann -> Bob decides
    state, events = run(state, PlayCard(Card.REVIVE))
    assert ev.StrikeReturned(BOB, 0) in events and state.strikes == (0, 0, 0)
    assert state.piles.known_in_discard(Card.REVIVE) == 1 and state.piles.hands[BOB] == 0


def test_revive_at_elimination_keeps_limit_minus_one_strikes_and_the_round_ends() -> None:
    state = new(3)
    for _ in range(2):  # Bob fails two challenges, keeping his card (My Bad declined)
        state = failed_challenge(state)[0]  # Ann 53, Bob fails; Bob starts
        state = honest_pass(honest_pass(state))  # Bob -> Cat -> Ann rolls
    assert state.strikes == (0, 2, 0) and state.piles.hands[BOB] == 1
    state = run(state, Declare(53), Challenge((5, 3)), Decline())[0]  # My Bad declined
    assert state.phase is Phase.REVIVE_OFFER and state.awaiting == BOB
    refused(state, PlayCard(Card.SKIP), CardNotAllowed, "only Revive can be played now")
    state, events = run(state, PlayCard(Card.REVIVE))
    assert ev.StrikeTaken(BOB, 2, revived=True) in events and "PlayerOut" not in kinds(events)
    assert state.strikes == (0, 2, 0) and not state.out[BOB]
    # The strike still ends the round: score 0, clockwise, Bob starts.
    assert state.round == 4 and state.score == 0 and state.awaiting == BOB
    assert state.phase is Phase.DECLARE and state.piles.known_in_discard(Card.REVIVE) == 1


def test_my_bad_no_strike_score_0_the_challenger_starts_clockwise() -> None:
    state = run(new(4), Declare(53))[0]
    refused(state, PlayCard(Card.MY_BAD), CardNotAllowed, "My Bad is played after a failed")
    state = run(state, PlayCard(Card.REVERSE))[0]  # ccw: Dan judges Ann
    state = run(state, Challenge((5, 3)))[0]
    assert state.phase is Phase.MY_BAD_OFFER and state.awaiting == DAN
    refused(state, PlayCard(Card.SKIP), CardNotAllowed, "only My Bad can be played now")
    state, events = run(state, PlayCard(Card.MY_BAD))
    assert "StrikeTaken" not in kinds(events) and state.strikes == (0, 0, 0, 0)
    assert ev.ScoreReset(DAN, Card.MY_BAD) in events
    assert state.score == 0 and state.round == 2 and state.direction == CW
    assert state.phase is Phase.DECLARE and state.awaiting == DAN
    assert state.piles.known_in_discard(Card.MY_BAD) == 1
    assert run(state, Declare(13))[0].awaiting == ANN  # clockwise again


# --- Variants --------------------------------------------------------------------------------


@pytest.mark.parametrize("limit", [1, 2, 5])
def test_more_strikes_any_whole_number_at_least_1(limit: int) -> None:
    state = new(3, strike_limit=limit)
    for k in range(1, limit):
        state = caught_bluffing(state)[0]
        assert state.strikes[ANN] == k and not state.out[ANN]
    state = caught_bluffing(state)[0]
    assert state.out[ANN] and state.strikes[ANN] == limit


@pytest.mark.parametrize("bad", [0, -2, 2.5, True, "3", None])
def test_more_strikes_refuses_anything_but_a_whole_number_at_least_1(bad) -> None:
    with pytest.raises(InvalidSettings, match="strike_limit"):
        Settings(strike_limit=bad)


def test_no_limits_no_hand_limit_and_several_after_roll_cards() -> None:
    state = bamboozle(new(3, no_limits=True))[0]  # Ann 2
    state = honest_pass(honest_pass(state, 13), 13)  # Bob, Cat: Ann rolls
    state, events = bamboozle(state)  # Ann 3 cards, no discard
    assert state.piles.hands[ANN] == 3 and state.phase is Phase.DECLARE
    assert "CardDiscarded" not in kinds(events)
    state = honest_pass(honest_pass(state, 13), 13)  # Bob, Cat: Ann rolls
    # 56 from 3-5: Double (55) then Up/Down (56).
    state = run(state, Declare(56), Challenge((3, 5)))[0]
    assert state.phase is Phase.SHOW_CARD
    combo = Show((Card.DOUBLE, Card.UP_DOWN))
    assert combo in RULES.legal_actions(state)
    refused(state, Show((Card.DOUBLE,)), CardNotAllowed, "Double does not make 56 from 3-5")
    state = run(state, combo)[0]
    assert state.strikes == (0, 0, 0) and state.score == 56
    assert state.piles.hands[ANN] == 1 and state.piles.discard == 2


def test_party_more_than_8_players_needs_party_and_suggests_2_strikes() -> None:
    assert MAX_PLAYERS == 8 and PARTY_STRIKE_LIMIT == 2
    assert new(8).players == 8
    with pytest.raises(InvalidSettings, match="9 players: more than 8 needs the Party"):
        new(9)
    state = new(10, party=True, strike_limit=PARTY_STRIKE_LIMIT)
    assert state.players == 10 and state.piles.hands == (1,) * 10 and state.piles.deck == 16
    with pytest.raises(InvalidSettings, match="at least 2 players"):
        new(1, party=True)


def test_no_bluffing_22_cards_open_roll_best_score() -> None:
    assert sum(deck_composition(my_bad=False).values()) == 22
    state = new(3, no_bluffing=True)
    assert state.piles.size == 22 and state.piles.count(Card.MY_BAD) == 0
    assert state.piles.deck == 19 and state.phase is Phase.ROLL
    refused(state, Declare(53), WrongPhase, "Declaring a score is not possible now")
    state, events = run(state, Roll((3, 5)))
    assert ev.Rolled(ANN, (3, 5), 53) in events  # the best truthful score: 53, not 35
    assert state.score == 53 and state.declarer == ANN
    assert state.phase is Phase.ROLL and state.awaiting == BOB
    refused(state, Challenge((3, 5)), WrongPhase, "Challenging is not possible now")
    refused(state, Accept((3, 5)), WrongPhase, "Accepting is not possible now")
    state, events = run(state, Roll((5, 3)))  # a tie is enough
    assert "NotBeaten" not in kinds(events) and state.awaiting == CAT
    state, events = run(state, Roll((2, 1)))
    assert ev.Rolled(CAT, (2, 1), 21) in events and state.score == 21


def test_no_bluffing_not_tying_is_a_strike_for_the_roller_and_a_card_for_the_previous() -> None:
    state = run(new(3, no_bluffing=True), Roll((4, 4)))[0]  # Ann 44
    state, events = run(state, Roll((6, 5)))  # Bob 65 < 44
    assert ev.NotBeaten(BOB, 65, 44) in events
    assert state.strikes == (0, 1, 0) and ev.CardDrawn(ANN) in events
    assert state.piles.hands == (2, 1, 1)
    assert state.score == 0 and state.phase is Phase.ROLL and state.awaiting == BOB
    assert state.round == 2


def test_no_bluffing_after_roll_cards_played_openly_raise_the_roll() -> None:
    state = run(new(3, no_bluffing=True), Roll((4, 4)))[0]  # Ann 44
    refused(state, Roll((5, 5), (Card.DOUBLE,)), CardNotAllowed, "does not raise double 5s")
    state, events = run(state, Roll((3, 5), (Card.DOUBLE,)))  # 53 raised to 55
    assert ev.Rolled(BOB, (3, 5), 55, (Card.DOUBLE,)) in events and state.score == 55
    assert state.piles.hands[BOB] == 0 and state.piles.known_in_discard(Card.DOUBLE) == 1
    refused(state, PlayCard(Card.MY_BAD), CardNotAllowed, "My Bad")


# --- Invariants -----------------------------------------------------------------------------


def _deciding() -> State:
    return run(new(3), Declare(53))[0]


def _declaring_after_accept() -> State:
    return honest_pass(new(3))


def _no_card_judge() -> State:
    state = run(new(3), Declare(53), PlayCard(Card.SKIP))[0]
    return accept_and_declare(accept_and_declare(state))  # Cat -> Ann -> Bob decides


def _show() -> State:
    return run(new(3), Declare(55), Challenge((3, 5)))[0]


def _discard() -> State:
    state = bamboozle(new(3))[0]
    state = honest_pass(honest_pass(state, 66), 66)
    return run(state, Declare(66), Accept((1, 3)))[0]


def _over() -> State:
    return caught_bluffing(new(2, strike_limit=1))[0]


ILLEGAL: list[tuple[Callable[[], State], object, type[IllegalAction], str]] = [
    (new, Accept((3, 5)), WrongPhase, r"Accepting is not possible now \(Ann: roll and"),
    (new, PlayCard(Card.SKIP), CardNotAllowed, "Skip cannot be played now"),
    (new, Declare(12), NotAScore, "12 is not a Bamboozled score"),
    (_deciding, Declare(55), WrongPhase, "Declaring a score is not possible now"),
    (_deciding, Accept((3, 9)), BadDice, "two values from 1 to 6"),
    (_deciding, PlayCard(Card.UP_DOWN), CardNotAllowed, "Up/Down is played after rolling"),
    (_deciding, PlayCard(Card.REVIVE), CardNotAllowed, "no strike to return"),
    (_deciding, Show((Card.DOUBLE,)), WrongPhase, "Showing a card is not possible now"),
    (_deciding, Decline(), WrongPhase, "Declining is not possible now"),
    (_deciding, Discard(None), WrongPhase, "Discarding is not possible now"),
    (_deciding, Roll((3, 5)), WrongPhase, "An open roll is not possible now"),
    (_deciding, PlayCard("skip"), NotACard, "'skip' is not an action card"),
    (_deciding, PlayCard(None), NotACard, "None is not an action card"),
    (_declaring_after_accept, Declare(52), ScoreTooLow, "52 does not tie or beat 53"),
    (_no_card_judge, PlayCard(Card.FRESH_START), CardNotHeld, "they hold 0 cards"),
    (_show, Show(()), CardNotAllowed, "show at least one card"),
    (_show, Show((Card.SKIP,)), CardNotAllowed, "Skip is not an after-roll card"),
    (_show, Show((Card.UP_DOWN,)), CardNotAllowed, "Up/Down does not make double 5s"),
    (_show, Show(("double",)), NotACard, "'double' is not an action card"),
    (_show, Show(None), NotACard, "cards must be a list"),
    (_show, Accept((3, 5)), WrongPhase, "Ann: show an after-roll card making double 5s"),
    (_discard, Declare(66), WrongPhase, "Ann: discard one of your cards"),
    (_discard, Discard("skip"), NotACard, "'skip' is not an action card"),
    (_over, Declare(53), GameOver, "The game is over: Bob won"),
    (_over, Decline(), GameOver, "The game is over"),
]


@pytest.mark.parametrize(("make", "action", "error", "match"), ILLEGAL)
def test_an_illegal_action_raises_its_specific_error_and_changes_nothing(
    make, action, error, match
) -> None:
    refused(make(), action, error, match)


def test_every_refusal_is_an_illegal_action() -> None:
    for _, _, error, _ in ILLEGAL:
        assert issubclass(error, IllegalAction)


# --- The rulings across random games ---------------------------------------------------------


def _random_game_steps(seed: int):
    """A random legal game: yields (before, action, after, events) for every step."""
    import random
    from collections import defaultdict

    rng = random.Random(seed)
    n = rng.randint(2, 6)
    state = RULES.new_game(
        [f"p{i}" for i in range(n)],
        Settings(
            strike_limit=rng.choice([1, 2, 3]),
            no_limits=rng.random() < 0.3,
            no_bluffing=rng.random() < 0.2,
            first_seat=rng.randrange(n),
        ),
    )
    for _ in range(3000):
        if state.winner is not None:
            return
        by_kind = defaultdict(list)
        for action in RULES.legal_actions(state):
            by_kind[type(action)].append(action)
        action = rng.choice(by_kind[rng.choice(list(by_kind))])
        after, events = RULES.apply(state, action)
        yield state, action, after, list(events)
        state = after
    raise AssertionError("a game did not finish")


def _clockwise_from(state: State, seat: int) -> int:
    return seat if not state.out[seat] else state.next_seat(seat, CW)


@pytest.mark.parametrize("seed", range(60))
def test_the_rulings_hold_at_every_step_of_random_games(seed: int) -> None:
    for before, action, after, events in _random_game_steps(seed):
        names = kinds(events)
        # Truthful exactly when the declared score is among the dice's truthful scores.
        for e in events:
            if isinstance(e, ev.Truthful | ev.Bluff):
                assert (e.score in truthful_scores(e.dice)) is isinstance(e, ev.Truthful)
        # A card is drawn only by a bamboozler, or (No Bluffing) the previous player.
        for e in events:
            if isinstance(e, ev.CardDrawn | ev.NothingToDraw):
                assert e.seat == before.declarer
                deferred = any(st.kind == "draw" and st.seat == e.seat for st in before.pending)
                assert "Bamboozled" in names or "NotBeaten" in names or deferred
        # A bamboozle: P draws (or is told nothing is left), never on a self-accept.
        for e in events:
            if isinstance(e, ev.Bamboozled):
                assert e.by == before.declarer and e.victim == before.awaiting != e.by
                assert ev.CardDrawn(e.by) in events or ev.NothingToDraw(e.by) in events
        if "SelfAccepted" in names:
            assert not {"Bluff", "Truthful", "Bamboozled", "CardDrawn"} & set(names)
        # Fresh Start: score 0, not a new round, direction unchanged, nobody draws.
        if action == PlayCard(Card.FRESH_START):
            assert after.round == before.round and after.direction == before.direction
            assert after.score == 0 and after.strikes == before.strikes
            assert after.piles.hands[before.declarer] == before.piles.hands[before.declarer]
        # Every new round: score 0, clockwise, started by whoever took the strike (or
        # played My Bad), else the next remaining clockwise from them.
        if "RoundStarted" in names:
            cause = [
                e.seat
                for e in events
                if isinstance(e, ev.StrikeTaken)
                or (isinstance(e, ev.ScoreReset) and e.card is Card.MY_BAD)
            ]
            if not cause:  # the strike came in an earlier step (a discard or offer between)
                cause = [before.pending[-1].seat]
            assert after.score == 0 and after.declarer is None and after.direction == CW
            assert after.awaiting == _clockwise_from(after, cause[-1])
            assert after.round == before.round + 1
        # A strike ends the round (unless the game ends or a choice is pending first).
        if "StrikeTaken" in names and after.winner is None:
            assert "RoundStarted" in names or after.phase in (Phase.DISCARD, Phase.REVIVE_OFFER)
        # A declaration ties or beats the score it answers.
        if isinstance(action, Declare):
            assert ties_or_beats(action.score, before.score)
