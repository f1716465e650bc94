"""Variants: More Strikes, No Limits, Party, No Bluffing; settings and their JSON."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.bamboozled import events as ev
from games.bamboozled.actions import Accept, Challenge, Declare, PlayCard, Roll
from games.bamboozled.cards import Card
from games.bamboozled.rules import Bamboozled, CardNotAllowed
from games.bamboozled.state import Phase, Settings, State
from games.errors import InvalidSettings, WrongPhase
from games.event import Event

RULES = Bamboozled()
NAMES = ("Ann", "Bob", "Cat", "Dan")


def play(state: State, *actions) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for action in actions:
        state, evs = RULES.apply(state, action)
        events += evs
        state.piles.check()
    return state, events


# --- More Strikes --------------------------------------------------------------------------


@pytest.mark.parametrize("limit", [1, 2, 5])
def test_strike_limit(limit: int) -> None:
    state = RULES.new_game(NAMES[:3], Settings(strike_limit=limit))
    state = replace(state, piles=replace(state.piles, hands=(0, 0, 0), deck=26))
    for k in range(1, limit + 1):
        state, events = play(state, Declare(53), Challenge((3, 5)))  # Bob's challenge fails
        state = replace(state, awaiting=0)
        assert state.strikes[1] == k
    assert state.out[1] and ev.PlayerOut(1) in events


@pytest.mark.parametrize("bad", [0, -1, 2.5, True, "3"])
def test_strike_limit_must_be_a_whole_number_at_least_1(bad) -> None:
    with pytest.raises(InvalidSettings):
        Settings(strike_limit=bad)


def test_settings_json_round_trip() -> None:
    settings = Settings(strike_limit=2, no_limits=True, party=True, no_bluffing=True, first_seat=3)
    assert RULES.settings_from_json(RULES.settings_to_json(settings)) == settings
    assert RULES.settings_from_json({}) == Settings() == RULES.default_settings()
    with pytest.raises(InvalidSettings, match="unknown"):
        RULES.settings_from_json({"jokers": True})
    with pytest.raises(InvalidSettings):
        RULES.settings_from_json({"no_limits": "yes"})


# --- Party ---------------------------------------------------------------------------------


def test_party_allows_more_than_8_players() -> None:
    names = [f"p{i}" for i in range(30)]
    with pytest.raises(InvalidSettings, match="Party"):
        RULES.new_game(names)
    state = RULES.new_game(names, Settings(party=True, strike_limit=2))
    assert sum(state.piles.hands) == 26 and state.piles.deck == 0
    state, events = play(state, Declare(53), Accept((1, 1)))
    assert ev.NothingToDraw(0) in events  # deck and discard both empty


# --- No Limits -----------------------------------------------------------------------------


def test_no_limits_keeps_every_card() -> None:
    state = RULES.new_game(NAMES[:3], Settings(no_limits=True))
    for _ in range(4):
        state = replace(state, phase=Phase.DECLARE, awaiting=0, score=0)
        state, _ = play(state, Declare(65), Accept((1, 3)))
    assert state.piles.hands[0] == 5 and state.phase is Phase.DECLARE


# --- No Bluffing ---------------------------------------------------------------------------


def kids(n: int = 3, **kw) -> State:
    return RULES.new_game(NAMES[:n], Settings(no_bluffing=True, **kw))


def test_no_bluffing_deck_and_open_roll() -> None:
    state = kids()
    assert state.piles.size == 22 and state.phase is Phase.ROLL and state.awaiting == 0
    state, events = play(state, Roll((3, 5)))
    assert ev.Rolled(0, (3, 5), 53) in events  # the best truthful score is used
    assert state.score == 53 and state.declarer == 0
    assert state.phase is Phase.ROLL and state.awaiting == 1


def test_no_bluffing_tie_is_enough() -> None:
    state, _ = play(kids(), Roll((3, 5)), Roll((5, 3)))
    assert state.score == 53 and state.declarer == 1 and state.awaiting == 2


def test_no_bluffing_not_beating_is_a_strike_and_the_previous_player_draws() -> None:
    state, events = play(kids(), Roll((3, 5)), Roll((2, 3)))
    assert ev.NotBeaten(1, 32, 53) in events
    assert state.strikes == (0, 1, 0) and state.piles.hands == (2, 1, 1)
    assert ev.CardDrawn(0) in events
    assert state.score == 0 and state.awaiting == 1 and state.phase is Phase.ROLL


def test_no_bluffing_after_roll_card_raises_openly() -> None:
    state, _ = play(kids(), Roll((6, 6)))
    state, events = play(state, Roll((3, 5), (Card.DOUBLE,)))
    # 53 does not beat 66, but the Double makes it 55 ... which does not either:
    assert state.strikes[1] == 1
    state, _ = play(kids(), Roll((5, 4)))
    state, events = play(state, Roll((6, 4), (Card.UP_DOWN,)))  # 64 -> 65 beats 54
    assert ev.Rolled(1, (6, 4), 65, (Card.UP_DOWN,)) in events and state.score == 65
    assert state.piles.hands[1] == 0 and state.piles.known_in_discard(Card.UP_DOWN) == 1


def test_no_bluffing_card_must_raise_and_only_one() -> None:
    state, _ = play(kids(), Roll((1, 3)))
    with pytest.raises(CardNotAllowed, match="does not raise"):
        RULES.apply(state, Roll((1, 2), (Card.JACKPOT,)))
    with pytest.raises(CardNotAllowed, match="one after-roll card"):
        RULES.apply(state, Roll((1, 3), (Card.DOUBLE, Card.UP_DOWN)))
    with pytest.raises(CardNotAllowed):
        RULES.apply(state, Roll((1, 3), (Card.SKIP,)))


def test_no_bluffing_has_no_my_bad_no_declarations_no_challenges() -> None:
    state, _ = play(kids(), Roll((1, 3)))
    with pytest.raises(CardNotAllowed):
        RULES.apply(state, PlayCard(Card.MY_BAD))
    with pytest.raises(WrongPhase):
        RULES.apply(state, Declare(53))
    with pytest.raises(WrongPhase):
        RULES.apply(state, Challenge((1, 3)))
    with pytest.raises(WrongPhase):
        RULES.apply(state, Accept((1, 3)))


def test_no_bluffing_before_roll_cards() -> None:
    state, _ = play(kids(), Roll((6, 6)))
    fresh, events = play(state, PlayCard(Card.FRESH_START))
    assert fresh.score == 0 and fresh.awaiting == 1 and fresh.phase is Phase.ROLL
    skipped, _ = play(state, PlayCard(Card.SKIP))
    assert skipped.awaiting == 2 and skipped.score == 66
    assert all(RULES.is_legal(state, a) for a in RULES.legal_actions(state))


def test_no_bluffing_skip_with_two_players_returns_to_the_roller() -> None:
    state, _ = play(kids(2), Roll((6, 6)))
    state, events = play(state, PlayCard(Card.SKIP))
    assert state.awaiting == 0 and state.score == 66 and state.phase is Phase.ROLL


def test_no_bluffing_revive_offer_then_the_draw() -> None:
    state = replace(kids(), strikes=(0, 2, 0))
    state, _ = play(state, Roll((6, 6)), Roll((1, 3)))
    assert state.phase is Phase.REVIVE_OFFER and state.awaiting == 1
    state, events = play(state, PlayCard(Card.REVIVE))
    assert state.strikes == (0, 2, 0) and ev.CardDrawn(0) in events and state.awaiting == 1


def test_no_bluffing_failing_your_own_score_draws_nobody_a_card() -> None:
    # Two players: Bob skips, the roll comes back to Ann over her own 66; she fails.
    state, _ = play(kids(2), Roll((6, 6)), PlayCard(Card.SKIP))
    state, events = play(state, Roll((1, 3)))
    assert state.strikes == (1, 0) and not any(isinstance(e, ev.CardDrawn) for e in events)
