"""Doubting Dice refuses bad actions with precise errors, and bad settings when made."""

from __future__ import annotations

import pytest

from games.doubting.actions import Bid, Challenge, Exact, RoundDice
from games.doubting.rules import (
    BadReading,
    DoubtingDice,
    NoBidToCall,
    NotABid,
    NotAnAction,
    NotARaise,
)
from games.doubting.state import DoubtingSettings, DoubtingState
from games.errors import GameOver, IllegalAction, InvalidSettings, WrongPhase

RULES = DoubtingDice()


def opened() -> DoubtingState:
    state = RULES.new_game(["Ana", "Ben", "Cat"])
    state, _ = RULES.apply(state, Bid(3, 4))
    return state


@pytest.mark.parametrize(
    ("action", "error", "match"),
    [
        (Bid(3, 1), NotABid, "ones"),
        (Bid(3, 7), NotABid, "not a face"),
        (Bid(0, 5), NotABid, "at least 1"),
        (Bid(16, 5), NotABid, "only 15 dice"),
        (Bid(3, 3), NotARaise, "does not raise"),
        (Challenge(), BadReading, "missing"),
        (Challenge((4,) * 14), BadReading, "14 dice but 15"),
        (Exact((4,) * 14 + (7,)), BadReading, "values must be 1-6"),
        (Exact(3), BadReading, "list of values"),  # type: ignore[arg-type]
        ("bid 3 fours", NotAnAction, "not a Doubting Dice action"),
        (RoundDice((1,) * 15), WrongPhase, "start of a round"),
    ],
)
def test_each_refusal_has_its_own_class(action: object, error: type, match: str) -> None:
    state = opened()
    with pytest.raises(error, match=match) as caught:
        RULES.apply(state, action)  # type: ignore[arg-type]
    assert isinstance(caught.value, IllegalAction)
    assert state == opened()


def test_no_bid_to_call_is_a_wrong_phase() -> None:
    state = RULES.new_game(["Ana", "Ben"])
    with pytest.raises(NoBidToCall, match="no bid to exact"):
        RULES.apply(state, Exact((2,) * 10))
    assert issubclass(NoBidToCall, WrongPhase)


def test_game_over() -> None:
    state = RULES.new_game(["Ana", "Ben"])
    for _ in range(5):  # Ana bids 10 sixes against no sixes, Ben challenges: Ana loses
        state, _ = RULES.apply(state, Bid(state.dice_in_play, 6))
        state, _ = RULES.apply(state, Challenge((2,) * state.dice_in_play))
    assert state.winner == 1
    with pytest.raises(GameOver):
        RULES.apply(state, Bid(1, 2))


@pytest.mark.parametrize(
    ("settings", "match"),
    [
        ({"strike_limit": 0}, "at least 1"),
        ({"first_player": -1}, "seat number"),
        ({"palifico": "yes"}, "true or false"),
        ({"strike_limit": 2.5}, "whole number"),
    ],
)
def test_bad_settings_cannot_be_made(settings: dict[str, object], match: str) -> None:
    with pytest.raises(InvalidSettings, match=match):
        DoubtingSettings(**settings)  # type: ignore[arg-type]
    with pytest.raises(InvalidSettings, match=match):
        RULES.settings_from_json(settings)


def test_unknown_setting() -> None:
    with pytest.raises(InvalidSettings, match="unknown Doubting Dice settings: colour"):
        RULES.settings_from_json({"colour": "red"})
