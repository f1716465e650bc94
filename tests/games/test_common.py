"""The seat arithmetic both games share."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from games.common import next_seat
from games.errors import InvalidSettings
from games.registry import get_rules, names


def test_clockwise_and_back_skipping_players_out() -> None:
    out = [False, True, False, True, False]
    assert [next_seat(out, s) for s in range(5)] == [2, 2, 4, 4, 0]
    assert [next_seat(out, s, -1) for s in range(5)] == [4, 0, 0, 2, 2]


def test_nobody_left() -> None:
    with pytest.raises(ValueError, match="nobody is left"):
        next_seat([True, True], 0)


@given(st.lists(st.booleans(), min_size=2, max_size=12), st.data())
def test_next_then_back_returns_to_a_seat_still_in(out: list[bool], data: st.DataObject) -> None:
    seats_in = [i for i, o in enumerate(out) if not o]
    assume(seats_in)
    seat = data.draw(st.sampled_from(seats_in))
    forward = next_seat(out, seat)
    assert not out[forward]
    assert next_seat(out, forward, -1) == seat
    between = [(seat + k) % len(out) for k in range(1, (forward - seat) % len(out) or len(out))]
    assert all(out[s] for s in between)


@pytest.mark.parametrize("rules", [get_rules(n) for n in names()])
def test_every_game_refuses_blank_or_twin_names(rules: Any) -> None:
    with pytest.raises(InvalidSettings, match="needs a name"):
        rules.new_game(["Ann", " ", "Cat", "Dan"])
    with pytest.raises(InvalidSettings, match="same name"):
        rules.new_game(["Ann", "Bob", "Ann", "Dan"])
