"""Action cards in play: timing, hand limit, draws, reshuffle, and every card's effect."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.bamboozled import events as ev
from games.bamboozled.actions import Accept, Challenge, Declare, Decline, Discard, PlayCard, Show
from games.bamboozled.cards import CARDS, Card
from games.bamboozled.rules import Bamboozled, CardNotAllowed, CardNotHeld
from games.bamboozled.state import Phase, Settings, State
from games.errors import IllegalAction, WrongPhase
from games.event import Event

RULES = Bamboozled()
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")


def game(n: int = 3, hands=None, strikes=None, known=None, deck=None, **settings) -> State:
    state = RULES.new_game(NAMES[:n], Settings(**settings))
    piles = state.piles
    if hands is not None:
        piles = replace(piles, hands=tuple(hands), deck=piles.size - sum(hands))
    if deck is not None:
        piles = replace(piles, deck=deck, discard=piles.size - deck - sum(piles.hands))
    if known is not None:
        piles = replace(piles, known=tuple(known.get(c, 0) for c in CARDS))
    state = replace(state, piles=piles)
    if strikes is not None:
        state = replace(state, strikes=tuple(strikes))
    state.piles.check()
    return state


def play(state: State, *actions) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for action in actions:
        state, evs = RULES.apply(state, action)
        events += evs
        state.piles.check()
    return state, events


def deciding(n: int = 3, score: int = 53, **kw) -> State:
    """Ann declared ``score``; Bob decides."""
    return play(game(n, **kw), Declare(score))[0]


# --- hand limit, draws, reshuffle --------------------------------------------------------


def test_third_card_means_choosing_a_discard() -> None:
    state, events = play(deciding(hands=(2, 1, 1)), Accept((2, 3)))
    assert state.phase is Phase.DISCARD and state.awaiting == 0 and state.piles.hands[0] == 3
    assert RULES.legal_actions(state)[0] == Discard(None)
    state, events = play(state, Discard(Card.SKIP))
    assert events == [ev.CardDiscarded(0, Card.SKIP)]
    assert state.piles.hands == (2, 1, 1) and state.piles.known_in_discard(Card.SKIP) == 1
    assert state.phase is Phase.DECLARE and state.awaiting == 1 and state.score == 53


def test_discard_without_naming_the_card() -> None:
    state, _ = play(deciding(hands=(2, 1, 1)), Accept((2, 3)), Discard())
    assert state.piles.hands == (2, 1, 1) and state.piles.discard == 1
    assert sum(state.piles.known) == 0


def test_discard_phase_accepts_only_a_discard() -> None:
    state, _ = play(deciding(hands=(2, 1, 1)), Accept((2, 3)))
    with pytest.raises(WrongPhase):
        RULES.apply(state, Declare(53))


def test_no_limits_has_no_hand_limit() -> None:
    state, _ = play(deciding(hands=(2, 1, 1), no_limits=True), Accept((2, 3)))
    assert state.piles.hands == (3, 1, 1) and state.phase is Phase.DECLARE


def test_empty_deck_reshuffles_the_discard() -> None:
    state = deciding(hands=(1, 1, 1), deck=0, known={Card.SKIP: 2})
    assert state.piles.discard == 23
    state, events = play(state, Accept((2, 3)))
    assert ev.DeckReshuffled(23) in events and ev.CardDrawn(0) in events
    assert state.piles.deck == 22 and state.piles.discard == 0 and sum(state.piles.known) == 0


def test_nothing_to_draw() -> None:
    state = deciding(hands=(1, 1, 1))
    state = replace(state, piles=replace(state.piles, deck=0, discard=0, hands=(12, 7, 7)))
    state, events = play(state, Accept((2, 3)))
    assert ev.NothingToDraw(0) in events and state.piles.hands == (12, 7, 7)
    assert state.phase is Phase.DECLARE  # over the limit already, nothing drawn: no discard


# --- claims the counts make impossible ---------------------------------------------------


def test_cannot_play_with_no_cards() -> None:
    with pytest.raises(CardNotHeld, match="hold 0 cards"):
        RULES.apply(deciding(hands=(1, 0, 1)), PlayCard(Card.SKIP))


def test_second_jackpot_refused_while_the_only_one_is_discarded() -> None:
    state = deciding(score=21, known={Card.JACKPOT: 1}, deck=22)
    state, _ = play(state, Challenge((3, 4)))
    # Ann holds a card, but the Jackpot is known to be in the discard, and neither Double
    # nor Up/Down makes 21 from 3-4: no offer, straight to the strike.
    assert state.phase is Phase.DECLARE and state.strikes[0] == 1


def test_show_of_a_discarded_card_is_refused() -> None:
    state = deciding(score=21, known={Card.JACKPOT: 1}, deck=22)
    state, _ = play(state, Challenge((2, 2)))  # Up/Down could make 21 from 2-2
    assert state.phase is Phase.SHOW_CARD
    with pytest.raises(CardNotHeld, match="already"):
        RULES.apply(state, Show((Card.JACKPOT,)))
    assert RULES.legal_actions(state) == [Show((Card.UP_DOWN,)), Decline()]


# --- after-roll cards ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "dice", "card"),
    [(55, (3, 5), Card.DOUBLE), (33, (5, 3), Card.DOUBLE), (21, (6, 4), Card.JACKPOT),
     (64, (5, 4), Card.UP_DOWN), (21, (2, 2), Card.UP_DOWN)],
)  # fmt: skip
def test_shown_card_makes_the_declaration_stand(score: int, dice, card: Card) -> None:
    state, _ = play(deciding(score=score), Challenge(dice))
    assert state.phase is Phase.SHOW_CARD and state.awaiting == 0
    state, events = play(state, Show((card,)))
    assert ev.CardShown(0, (card,), score) in events
    assert not any(isinstance(e, ev.StrikeTaken) for e in events)
    assert state.strikes == (0, 0, 0) and state.score == score and state.declarer == 0
    assert state.phase is Phase.DECLARE and state.awaiting == 1  # R rolls, >= D
    assert state.piles.hands[0] == 0 and state.piles.known_in_discard(card) == 1


def test_shown_card_must_reach_the_score() -> None:
    state, _ = play(deciding(score=55), Challenge((3, 5)))
    with pytest.raises(CardNotAllowed, match="does not make double 5s"):
        RULES.apply(state, Show((Card.UP_DOWN,)))
    with pytest.raises(CardNotAllowed, match="not an after-roll card"):
        RULES.apply(state, Show((Card.SKIP,)))


def test_one_after_roll_card_per_declaration() -> None:
    state, _ = play(deciding(score=65, hands=(2, 1, 1)), Challenge((3, 5)))
    # Two cards could make 65 from 3-5, one cannot: without No Limits, no offer at all.
    assert state.phase is Phase.DECLARE and state.strikes[0] == 1


def test_no_limits_combines_after_roll_cards() -> None:
    state, _ = play(deciding(score=65, hands=(2, 1, 1), no_limits=True), Challenge((3, 5)))
    assert state.phase is Phase.SHOW_CARD
    assert Show((Card.DOUBLE, Card.UP_DOWN)) in RULES.legal_actions(state)
    state, events = play(state, Show((Card.UP_DOWN, Card.DOUBLE)))
    assert state.strikes == (0, 0, 0) and state.score == 65 and state.piles.hands[0] == 0


def test_after_roll_cards_are_not_played_before_deciding() -> None:
    with pytest.raises(CardNotAllowed, match="after rolling"):
        RULES.apply(deciding(), PlayCard(Card.DOUBLE))


# --- My Bad ------------------------------------------------------------------------------


def test_my_bad_after_a_failed_challenge() -> None:
    state = replace(play(game(4), Declare(53))[0], direction=-1, awaiting=1, judge=1)
    state, _ = play(state, Challenge((5, 3)))
    assert state.phase is Phase.MY_BAD_OFFER and state.awaiting == 1
    state, events = play(state, PlayCard(Card.MY_BAD))
    assert state.strikes == (0, 0, 0, 0) and state.score == 0
    assert state.phase is Phase.DECLARE and state.awaiting == 1 and state.direction == 1
    assert ev.ScoreReset(1, Card.MY_BAD) in events and ev.RoundStarted(1, 2) in events


def test_my_bad_declined_is_a_strike() -> None:
    state, _ = play(deciding(), Challenge((5, 3)), Decline())
    assert state.strikes == (0, 1, 0) and state.awaiting == 1


def test_my_bad_not_before_deciding_and_not_offered_without_cards() -> None:
    with pytest.raises(CardNotAllowed, match="failed challenge"):
        RULES.apply(deciding(), PlayCard(Card.MY_BAD))
    state, _ = play(deciding(hands=(1, 0, 1)), Challenge((5, 3)))
    assert state.phase is Phase.DECLARE and state.strikes[1] == 1


def test_only_my_bad_answers_the_my_bad_offer() -> None:
    state, _ = play(deciding(), Challenge((5, 3)))
    with pytest.raises(CardNotAllowed):
        RULES.apply(state, PlayCard(Card.SKIP))


# --- before-roll cards ---------------------------------------------------------------------


def test_fresh_start() -> None:
    state, events = play(deciding(score=66), PlayCard(Card.FRESH_START))
    assert state.score == 0 and state.declarer is None
    assert state.phase is Phase.DECLARE and state.awaiting == 1
    assert state.piles.hands == (1, 0, 1)  # Ann draws nothing even if she bluffed
    assert state.round == 1 and state.direction == 1  # not a new round
    assert not any(isinstance(e, ev.StrikeTaken | ev.CardDrawn) for e in events)
    state, _ = play(state, Declare(13))  # any score may be declared
    assert state.awaiting == 2


def test_skip_passes_the_decision_on() -> None:
    state, events = play(deciding(), PlayCard(Card.SKIP))
    assert state.phase is Phase.DECIDE and state.awaiting == 2 and state.score == 53
    assert ev.TurnPassed(1, 2) in events and state.direction == 1
    state, events = play(state, Accept((2, 3)))  # Ann bamboozled Cat
    assert ev.Bamboozled(0, 2) in events and state.awaiting == 2


def test_reverse_flips_direction_and_skips_the_roller() -> None:
    state, events = play(deciding(n=4), PlayCard(Card.REVERSE))
    assert state.direction == -1 and ev.DirectionChanged(False) in events
    assert state.phase is Phase.DECIDE and state.awaiting == 3  # after Ann, counter-clockwise
    state, _ = play(state, Accept((3, 5)), Declare(54))
    assert state.awaiting == 2  # still counter-clockwise


def test_reverse_with_three_players_is_the_same_judge_as_skip() -> None:
    skipped, _ = play(deciding(), PlayCard(Card.SKIP))
    reversed_, _ = play(deciding(), PlayCard(Card.REVERSE))
    assert skipped.awaiting == reversed_.awaiting == 2
    assert reversed_.direction == -1 and skipped.direction == 1


def test_reverse_lasts_until_the_round_ends() -> None:
    state, _ = play(deciding(n=4, hands=(1, 1, 1, 0)), PlayCard(Card.REVERSE))
    state, _ = play(state, Challenge((3, 5)))  # Dan's challenge fails: new round
    assert state.direction == 1 and state.awaiting == 3


@pytest.mark.parametrize("card", [Card.SKIP, Card.REVERSE])
def test_skip_or_reverse_with_two_players(card: Card) -> None:
    state, events = play(deciding(n=2, score=66), PlayCard(card))
    assert ev.SelfAccepted(0, 66) in events
    assert not any(isinstance(e, ev.CardDrawn | ev.Bamboozled) for e in events)
    assert state.phase is Phase.DECLARE and state.awaiting == 0 and state.score == 66
    assert state.direction == 1
    with pytest.raises(IllegalAction):
        RULES.apply(state, Declare(65))  # P still has to tie or beat D


def test_skip_chain_back_to_the_declarer_is_a_self_accept() -> None:
    state = deciding(hands=(1, 1, 1))
    state, events = play(state, PlayCard(Card.SKIP), PlayCard(Card.SKIP))
    assert ev.SelfAccepted(0, 53) in events and state.awaiting == 0


def test_one_of_fresh_start_skip_reverse_per_turn() -> None:
    # After a Skip the turn has passed: Bob can no longer act.
    state, _ = play(deciding(hands=(1, 2, 1)), PlayCard(Card.SKIP))
    assert state.awaiting == 2


def test_revive_before_deciding_returns_a_strike_and_combines() -> None:
    state = deciding(hands=(1, 2, 1), strikes=(0, 2, 0))
    state, events = play(state, PlayCard(Card.REVIVE))
    assert state.strikes == (0, 1, 0) and ev.StrikeReturned(1, 1) in events
    assert state.phase is Phase.DECIDE and state.awaiting == 1
    with pytest.raises(CardNotAllowed, match="already"):
        RULES.apply(state, PlayCard(Card.REVIVE))
    state, _ = play(state, PlayCard(Card.SKIP))  # combined with a Skip
    assert state.awaiting == 2 and state.piles.hands[1] == 0


def test_a_second_revive_in_one_turn_under_no_limits() -> None:
    state = deciding(hands=(1, 2, 1), strikes=(0, 2, 0), no_limits=True)
    state, _ = play(state, PlayCard(Card.REVIVE))
    assert PlayCard(Card.REVIVE) in RULES.legal_actions(state)
    state, events = play(state, PlayCard(Card.REVIVE))
    assert state.strikes == (0, 0, 0) and ev.StrikeReturned(1, 0) in events
    assert state.phase is Phase.DECIDE and state.awaiting == 1 and state.piles.hands[1] == 0


def test_a_second_revive_in_one_turn_is_refused_without_no_limits() -> None:
    state, _ = play(deciding(hands=(1, 2, 1), strikes=(0, 2, 0)), PlayCard(Card.REVIVE))
    assert PlayCard(Card.REVIVE) not in RULES.legal_actions(state)
    with pytest.raises(CardNotAllowed, match="No Limits is off"):
        RULES.apply(state, PlayCard(Card.REVIVE))


def test_revive_needs_a_strike() -> None:
    with pytest.raises(CardNotAllowed, match="no strike"):
        RULES.apply(deciding(), PlayCard(Card.REVIVE))


def test_before_roll_cards_only_when_deciding() -> None:
    with pytest.raises(CardNotAllowed, match="Fresh Start cannot be played now"):
        RULES.apply(game(), PlayCard(Card.FRESH_START))


# --- Revive at elimination ------------------------------------------------------------------


def test_revive_at_elimination() -> None:
    state = deciding(hands=(1, 0, 1), strikes=(2, 0, 0))
    state, events = play(state, Challenge((2, 2)))  # Ann bluffed 53: her third strike
    assert state.phase is Phase.REVIVE_OFFER and state.awaiting == 0
    state, events = play(state, PlayCard(Card.REVIVE))
    assert state.strikes == (2, 0, 0) and not state.out[0]
    assert ev.StrikeTaken(0, 2, revived=True) in events
    assert state.score == 0 and state.awaiting == 0 and state.round == 2  # round still ends


def test_revive_at_elimination_with_strike_limit_one() -> None:
    state = deciding(hands=(1, 0, 1), strike_limit=1)
    state, _ = play(state, Challenge((2, 2)), PlayCard(Card.REVIVE))
    assert state.strikes == (0, 0, 0) and not state.out[0]


def test_no_revive_offer_without_cards() -> None:
    state = deciding(hands=(0, 0, 1), strikes=(2, 0, 0))
    state, events = play(state, Challenge((2, 2)))
    assert state.out[0] and ev.PlayerOut(0) in events


def test_revive_offer_for_a_failed_challenger_after_my_bad_declined() -> None:
    state = deciding(hands=(1, 1, 1), strikes=(0, 2, 0))
    state, _ = play(state, Challenge((3, 5)))
    assert state.phase is Phase.MY_BAD_OFFER
    state, _ = play(state, Decline())
    assert state.phase is Phase.REVIVE_OFFER and state.awaiting == 1
    state, _ = play(state, Decline())
    assert state.out[1] and state.awaiting == 2  # next remaining clockwise starts


def test_revive_on_ones_own_turn_when_declaring() -> None:
    # A round starter (or a judge after Fresh Start) may still return a strike.
    state = game(hands=(1, 1, 1), strikes=(1, 0, 0))
    assert PlayCard(Card.REVIVE) in RULES.legal_actions(state)
    state, events = play(state, PlayCard(Card.REVIVE))
    assert state.strikes == (0, 0, 0) and state.phase is Phase.DECLARE and state.awaiting == 0
    with pytest.raises(CardNotAllowed):
        RULES.apply(state, PlayCard(Card.SKIP))


def test_fresh_start_then_revive_in_the_same_turn_but_one_revive_only() -> None:
    state = deciding(hands=(1, 2, 1), strikes=(0, 2, 0))
    state, _ = play(state, PlayCard(Card.REVIVE), PlayCard(Card.FRESH_START))
    assert state.phase is Phase.DECLARE and state.awaiting == 1 and state.revived
    with pytest.raises(CardNotAllowed, match="already"):
        RULES.apply(state, PlayCard(Card.REVIVE))
    # No Limits: as many action cards as they want each turn (seed 000).
    state = deciding(hands=(1, 3, 1), strikes=(0, 2, 0), no_limits=True)
    state, _ = play(state, PlayCard(Card.REVIVE), PlayCard(Card.FRESH_START))
    state, _ = play(state, PlayCard(Card.REVIVE))
    assert state.strikes == (0, 0, 0) and state.phase is Phase.DECLARE
    fresh, _ = play(deciding(hands=(1, 2, 1), strikes=(0, 2, 0)), PlayCard(Card.FRESH_START))
    fresh, _ = play(fresh, PlayCard(Card.REVIVE))  # Fresh Start first, then Revive
    assert fresh.strikes == (0, 1, 0)


def test_revive_flag_survives_the_declarers_discard() -> None:
    state = deciding(hands=(2, 2, 1), strikes=(0, 1, 0))
    state, _ = play(state, PlayCard(Card.REVIVE), Accept((2, 3)))
    assert state.phase is Phase.DISCARD and state.awaiting == 0
    state, _ = play(state, Discard())
    assert state.awaiting == 1 and state.phase is Phase.DECLARE
    with pytest.raises(CardNotAllowed, match="already"):
        RULES.apply(state, PlayCard(Card.REVIVE))


def test_another_reverse_flips_back_past_the_first_reverser() -> None:
    state, _ = play(deciding(n=4), PlayCard(Card.REVERSE))  # Dan judges, counter-clockwise
    assert state.awaiting == 3 and state.direction == -1
    state, events = play(state, PlayCard(Card.REVERSE))
    assert state.direction == 1 and ev.DirectionChanged(True) in events
    # rulings.md: the next after Ann clockwise who has not played a Skip or Reverse on D:
    # Bob reversed it, so Cat decides.
    assert state.awaiting == 2


@pytest.mark.parametrize(("n", "judge"), [(4, 3), (5, 4)])
def test_reverse_after_a_skip_counts_the_judge_from_the_declarer(n: int, judge: int) -> None:
    # Ann declares, Bob skips, Cat reverses: the next player after Ann in the new
    # direction decides (Dan with four, Eve with five), not Bob.
    state, _ = play(deciding(n=n), PlayCard(Card.SKIP))
    assert state.awaiting == 2
    state, events = play(state, PlayCard(Card.REVERSE))
    assert state.direction == -1 and ev.DirectionChanged(False) in events
    assert state.awaiting == state.judge == judge and state.declarer == 0
    assert ev.TurnPassed(2, judge) in events


def test_reverse_after_a_skip_with_three_players_comes_back_to_the_declarer() -> None:
    # Ann declares, Bob skips, Cat reverses: after Ann counter-clockwise are Cat (Reverse)
    # and Bob (Skip), both spent on this declaration; nobody is left, so Ann accepts her
    # own score as with two players and rolls again (rulings.md).
    state, _ = play(deciding(n=3), PlayCard(Card.SKIP))
    state, events = play(state, PlayCard(Card.REVERSE))
    assert state.direction == -1 and ev.SelfAccepted(0, state.score) in events
    assert state.phase is Phase.DECLARE and state.awaiting == 0 and state.passed == ()


def test_a_new_declaration_forgets_who_passed() -> None:
    state, _ = play(deciding(n=4), PlayCard(Card.SKIP))  # Bob skips, Cat judges
    assert state.passed == (1,)
    state, _ = play(state, Accept((6, 6)))  # Cat accepts; she declares next
    state, _ = play(state, Declare(54))  # a new declaration: Dan judges it, anyone may pass
    assert state.passed == () and state.awaiting == 3
