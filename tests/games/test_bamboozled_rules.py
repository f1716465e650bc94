"""Bamboozled turn rules as ruled: declare, accept, challenge, bamboozle, strikes, rounds."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.bamboozled import events as ev
from games.bamboozled.actions import Accept, Challenge, Declare, Decline, PlayCard
from games.bamboozled.cards import Card
from games.bamboozled.rules import BadDice, Bamboozled, NotAScore, ScoreTooLow
from games.bamboozled.state import Phase, Settings, State
from games.errors import GameOver, IllegalAction, InvalidSettings, WrongPhase
from games.event import Event

RULES = Bamboozled()
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")


def game(n: int = 3, hands: tuple[int, ...] | None = None, strikes=None, **settings) -> State:
    state = RULES.new_game(NAMES[:n], Settings(**settings))
    if hands is not None:
        piles = replace(state.piles, hands=hands, deck=state.piles.size - sum(hands))
        state = replace(state, piles=piles)
    if strikes is not None:
        state = replace(state, strikes=tuple(strikes))
    return state


def play(state: State, *actions) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for action in actions:
        state, evs = RULES.apply(state, action)
        events += evs
        state.piles.check()
    return state, events


def kinds(events: list[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def test_new_game() -> None:
    state = game(3)
    assert state.phase is Phase.DECLARE and state.awaiting == 0
    assert state.score == 0 and state.declarer is None and state.direction == 1
    assert state.piles.hands == (1, 1, 1) and state.piles.deck == 23
    assert state.strikes == (0, 0, 0) and RULES.winner(state) is None


def test_first_seat_setting() -> None:
    state = RULES.new_game(NAMES[:4], Settings(first_seat=2))
    assert state.awaiting == 2
    with pytest.raises(InvalidSettings):
        RULES.new_game(NAMES[:2], Settings(first_seat=2))


@pytest.mark.parametrize("players", [NAMES[:1], tuple(f"p{i}" for i in range(9))])
def test_player_count(players) -> None:
    with pytest.raises(InvalidSettings):
        RULES.new_game(players)


def test_names_must_be_distinct() -> None:
    with pytest.raises(InvalidSettings):
        RULES.new_game(["Ann", "Ann"])


def test_declare_then_next_player_decides() -> None:
    state, events = play(game(), Declare(53))
    assert state.phase is Phase.DECIDE and state.awaiting == 1
    assert state.score == 53 and state.declarer == 0
    assert events == [ev.Declared(0, 53)]


def test_declaration_must_tie_or_beat() -> None:
    state, _ = play(game(), Declare(53), Accept((3, 5)))
    with pytest.raises(ScoreTooLow):
        RULES.apply(state, Declare(35))
    play(state, Declare(53))  # a tie is enough
    play(state, Declare(11))  # a double beats 65


@pytest.mark.parametrize("value", [12, 77, 40, 0])
def test_non_scores_are_refused(value: int) -> None:
    with pytest.raises(NotAScore):
        RULES.apply(game(), Declare(value))


def test_accept_truthful() -> None:
    state, events = play(game(), Declare(53), Accept((5, 3)))
    assert kinds(events)[1:] == ["Accepted", "Truthful"]
    assert state.phase is Phase.DECLARE and state.awaiting == 1 and state.score == 53
    assert state.piles.hands == (1, 1, 1)


def test_accept_a_bluff_bamboozles() -> None:
    state, events = play(game(), Declare(53), Accept((2, 3)))
    assert ev.Bamboozled(by=0, victim=1) in events
    assert ev.CardDrawn(0) in events
    assert state.piles.hands == (2, 1, 1)
    assert state.phase is Phase.DECLARE and state.awaiting == 1 and state.score == 53


def test_accept_a_bluff_that_a_card_could_reach_still_bamboozles() -> None:
    # P may have meant to use an after-roll card; on an accept nothing is shown: P draws.
    state, events = play(game(), Declare(55), Accept((3, 5)))
    assert ev.Bamboozled(0, 1) in events and state.piles.hands == (2, 1, 1)
    assert not any(isinstance(e, ev.CardShown) for e in events)


def test_a_lower_false_declaration_is_a_bluff() -> None:
    _, events = play(game(), Declare(34), Accept((3, 5)))
    assert ev.Bluff(0, 34, (3, 5)) in events


def test_challenge_truthful_strikes_the_challenger() -> None:
    state, events = play(game(hands=(1, 0, 1)), Declare(53), Challenge((3, 5)))
    assert ev.StrikeTaken(1, 1) in events
    assert state.strikes == (0, 1, 0)
    assert state.phase is Phase.DECLARE and state.awaiting == 1  # the struck player starts
    assert state.score == 0 and state.declarer is None and state.round == 2


def test_challenge_bluff_strikes_the_declarer() -> None:
    state, events = play(game(hands=(0, 1, 1)), Declare(53), Challenge((2, 3)))
    assert ev.Bluff(0, 53, (2, 3)) in events and ev.StrikeTaken(0, 1) in events
    assert state.strikes == (1, 0, 0) and state.awaiting == 0 and state.score == 0


def test_challenge_bluff_no_offer_when_no_card_could_reach() -> None:
    # P holds a card, but no after-roll card makes 53 from 2-3: the strike is forced.
    state, events = play(game(), Declare(53), Challenge((2, 3)))
    assert state.strikes == (1, 0, 0) and state.phase is Phase.DECLARE


def test_challenge_bluff_offers_the_declarer_to_show_a_card() -> None:
    state, _ = play(game(), Declare(55), Challenge((3, 5)))
    assert state.phase is Phase.SHOW_CARD and state.awaiting == 0
    assert state.strikes == (0, 0, 0)
    declined, events = play(state, Decline())
    assert declined.strikes == (1, 0, 0) and declined.awaiting == 0 and declined.score == 0


def test_strike_resets_score_and_direction() -> None:
    state = replace(game(4, hands=(1, 1, 1, 0)), direction=-1)
    state, _ = play(state, Declare(53))
    assert state.awaiting == 3
    state, events = play(state, Challenge((3, 5)))  # Dan's challenge fails
    assert state.direction == 1 and state.score == 0 and state.awaiting == 3
    assert ev.DirectionChanged(True) in events


def test_round_restarts_with_next_remaining_clockwise_when_struck_player_is_out() -> None:
    state = replace(game(4, hands=(0, 0, 0, 0), strikes=(0, 2, 0, 0)), direction=-1)
    state, _ = play(state, Declare(53))
    state = replace(state, awaiting=1, judge=1, declarer=2)  # Bob judges Cat's 53
    state, events = play(state, Challenge((3, 5)))
    assert ev.PlayerOut(1) in events and state.out == (False, True, False, False)
    assert state.awaiting == 2 and state.direction == 1  # next remaining clockwise


def test_out_at_the_strike_limit_and_last_player_wins() -> None:
    state = game(2, hands=(0, 0), strikes=(2, 2))
    state, events = play(state, Declare(53), Challenge((2, 2)))
    assert ev.PlayerOut(0) in events and ev.Winner(1) in events
    assert state.phase is Phase.GAME_OVER and state.awaiting is None
    assert RULES.winner(state) == 1 and RULES.is_over(state)
    assert RULES.legal_actions(state) == []
    with pytest.raises(GameOver):
        RULES.apply(state, Declare(13))


def test_eliminated_players_cards_go_to_the_discard() -> None:
    state = game(3, hands=(2, 0, 1), strikes=(2, 0, 0))
    state, events = play(state, Declare(53), Challenge((2, 2)))
    # Ann holds 2 cards but none could make 53 from 2-2; she has no Revive known? She
    # might hold one: she is offered Revive, declines, and is out.
    assert state.phase is Phase.REVIVE_OFFER
    state, events = play(state, Decline())
    assert ev.HandDiscarded(0, 2) in events and state.piles.hands == (0, 0, 1)
    assert state.piles.discard == 2 and sum(state.piles.known) == 0
    assert state.out[0] and state.awaiting == 1


def test_wrong_action_for_the_phase() -> None:
    state = game()
    with pytest.raises(WrongPhase, match="Ann: roll and declare"):
        RULES.apply(state, Accept((1, 1)))
    state, _ = play(state, Declare(44))
    with pytest.raises(WrongPhase):
        RULES.apply(state, Declare(55))
    with pytest.raises(BadDice):
        RULES.apply(state, Accept((0, 7)))
    with pytest.raises(BadDice):
        RULES.apply(state, Challenge((1, 2, 3)))  # type: ignore[arg-type]


def test_illegal_actions_leave_the_state_unchanged() -> None:
    state, _ = play(game(), Declare(44))
    before = state
    for bad in (Declare(55), Accept((9, 9)), PlayCard(Card.MY_BAD), PlayCard(Card.DOUBLE)):
        with pytest.raises(IllegalAction):
            RULES.apply(state, bad)
        assert state == before


def test_legal_actions_are_all_legal() -> None:
    state, _ = play(game(), Declare(44))
    actions = RULES.legal_actions(state)
    assert Accept((1, 1)) in actions and Challenge((6, 6)) in actions
    assert all(RULES.is_legal(state, a) for a in actions)
    assert not RULES.is_legal(state, PlayCard(Card.REVIVE))  # no strike to return


def test_summary() -> None:
    state, _ = play(game(), Declare(53))
    s = RULES.summary(state)
    assert s["players"][0] == {"seat": 0, "name": "Ann", "strikes": 0, "cards": 1, "out": False}
    assert s["score"] == 53 and s["declared_by"] == "Ann" and s["awaiting"] == "Bob"
    assert s["phase"] == "decide" and s["direction"] == "clockwise"
    assert s["deck"] == 23 and s["discard"] == 0 and s["winner"] is None
    assert s["prompt"] == "Bob: accept or challenge Ann's 53"
    assert RULES.summary(state, ["A", "B", "C"])["awaiting"] == "B"


def test_events_describe_themselves() -> None:
    state, events = play(game(), Declare(53), Accept((2, 3)))
    text = [e.describe(state.names) for e in events]
    assert "Ann bamboozled Bob!" in text and "Ann declares 53" in text


def test_any_score_at_the_start_of_a_round_even_a_bluff() -> None:
    state = game(hands=(0, 1, 1))
    for score in (13, 65, 11, 21):
        assert RULES.is_legal(state, Declare(score))
    state, events = play(state, Declare(13), Challenge((6, 6)))  # bluffing at 0 is allowed
    assert ev.Bluff(0, 13, (6, 6)) in events and state.strikes == (1, 0, 0)
