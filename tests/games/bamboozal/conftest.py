"""BamBoozal test fixtures: drive the engine (each action checked legal first), and check
that an action is refused precisely and changes nothing."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable

import pytest

from games.bamboozal import BamBoozal, State
from games.errors import IllegalAction
from games.event import Event

RULES = BamBoozal()

Drive = Callable[[State, Iterable[object]], tuple[State, list[Event]]]
Refused = Callable[[State, object, type[IllegalAction], str], None]


def _drive(state: State, actions: Iterable[object]) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for action in actions:
        assert action in RULES.legal_actions(state), (action, state.phase)
        state, evs = RULES.apply(state, action)  # type: ignore[arg-type]
        assert sum(state.balances) + state.pot == 0
        events += evs
    return state, events


def _refused(state: State, action: object, error: type[IllegalAction], match: str) -> None:
    before = copy.deepcopy(state)
    with pytest.raises(error, match=match) as exc:
        RULES.apply(state, action)  # type: ignore[arg-type]
    assert type(exc.value) is error
    assert state == before
    assert action not in RULES.legal_actions(state)


@pytest.fixture
def drive() -> Drive:
    """``drive(state, actions)``: apply each (listed legal first; money conserved after
    each) and return the last state with every event."""
    return _drive


@pytest.fixture
def refused() -> Refused:
    """``refused(state, action, error, match)``: exactly ``error``, state unchanged, and
    the action is not listed as legal."""
    return _refused
