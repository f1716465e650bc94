"""The publisher's worked example (seed 001): Sasha, Charlie and Anita."""

from __future__ import annotations

import pytest

from games.bamboozled import events as ev
from games.bamboozled.actions import Accept, Challenge, Declare
from games.bamboozled.rules import Bamboozled, ScoreTooLow
from games.bamboozled.state import Phase, State

RULES = Bamboozled()
SASHA, CHARLIE, ANITA = 0, 1, 2


def charlie_passes_53() -> State:
    state = RULES.new_game(["Sasha", "Charlie", "Anita"])
    # Sasha secretly rolls 34, passes to Charlie and declares 34.
    state, _ = RULES.apply(state, Declare(34))
    assert state.awaiting == CHARLIE and state.phase is Phase.DECIDE
    # Charlie accepts 34 as true and now it is his turn: he must tie or beat 34.
    state, events = RULES.apply(state, Accept((3, 4)))
    assert ev.Truthful(SASHA, 34, (3, 4)) in events
    assert state.awaiting == CHARLIE and state.phase is Phase.DECLARE
    # Charlie rolls a 3 and 2: 32 does not beat 34, so he must bluff ...
    with pytest.raises(ScoreTooLow):
        RULES.apply(state, Declare(32))
    # ... and declares 53.
    state, _ = RULES.apply(state, Declare(53))
    assert state.awaiting == ANITA and state.phase is Phase.DECIDE
    return state


def test_anita_accepts_and_charlie_bamboozled_her() -> None:
    state, events = RULES.apply(charlie_passes_53(), Accept((3, 2)))
    assert ev.Bamboozled(by=CHARLIE, victim=ANITA) in events
    assert ev.CardDrawn(CHARLIE) in events and state.piles.hands == (1, 2, 1)
    # Anita takes her turn and must tie or beat 53.
    assert state.awaiting == ANITA and state.phase is Phase.DECLARE and state.score == 53
    with pytest.raises(ScoreTooLow):
        RULES.apply(state, Declare(52))


def test_anita_calls_the_bluff_and_charlie_takes_a_strike() -> None:
    state, events = RULES.apply(charlie_passes_53(), Challenge((3, 2)))
    assert ev.Bluff(CHARLIE, 53, (3, 2)) in events and ev.StrikeTaken(CHARLIE, 1) in events
    assert state.strikes == (0, 1, 0)
    # The dice score resets to zero and Charlie takes a turn.
    assert state.score == 0 and state.awaiting == CHARLIE and state.phase is Phase.DECLARE
    assert RULES.summary(state)["prompt"] == "Charlie: roll and declare any score"
