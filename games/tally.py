"""Per-player play statistics: the hook a game provides for the scoreboard and ``bluffbox stats``.

A replayed game is a sequence of :class:`Move` values (the state before, the action, its
events, the state after). :meth:`games.common.Rules.tally` turns one move into the
``(seat, Tally)`` pairs it earns; a game overrides it to count bluffs, challenges and
cards from its own events. The default (for a game that does not) is
:func:`count_turns`: one :attr:`Tally.TURN` for the seat whose action it was, found
through ``summary()["awaiting"]`` (see :mod:`games.common` for that convention).

>>> from games.doubting.actions import Bid
>>> from games.doubting.rules import DoubtingDice
>>> rules = DoubtingDice()
>>> state = rules.new_game(["Ann", "Bob"])
>>> after, events = rules.apply(state, Bid(2, 5))
>>> count_turns(rules, Move(state, Bid(2, 5), events, after))
[(0, <Tally.TURN: 'turns'>)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from games.event import Event


class Tally(StrEnum):
    """What a player can be counted for, in the order the scoreboard shows them."""

    BLUFF_DECLARED = "bluffs declared"
    BLUFF_CAUGHT = "bluffs caught"
    CHALLENGE_MADE = "challenges made"
    CHALLENGE_WON = "challenges won"
    CARD_PLAYED = "cards played"
    TURN = "turns"


@dataclass(frozen=True)
class Move:
    """One logged action in context: what the tally hook looks at."""

    before: Any
    action: Any
    events: tuple[Event, ...]
    after: Any


class Tallied(Protocol):
    """What the tally asks of a game's rules (:class:`games.common.Rules` has both)."""

    def summary(self, state: Any) -> Mapping[str, Any]:
        """The state as the scoreboard shows it (``"players"``, ``"awaiting"``, ...)."""
        ...

    def tally(self, move: Move) -> list[tuple[int, Tally]]:
        """The ``(seat, Tally)`` pairs ``move`` earns."""
        ...


def count_turns(rules: Tallied, move: Move) -> list[tuple[int, Tally]]:
    """The generic fallback: one TURN for the seat ``summary()`` says was awaited."""
    summary = rules.summary(move.before)
    awaiting = summary.get("awaiting")
    names = [p.get("name") for p in summary.get("players", ()) if isinstance(p, dict)]
    if awaiting in names:
        return [(names.index(awaiting), Tally.TURN)]
    return []


def tally_all(rules: Tallied, moves: Iterable[Move]) -> dict[int, dict[Tally, int]]:
    """Seat -> tally -> count over ``moves`` (only the tallies that occurred)."""
    out: dict[int, dict[Tally, int]] = {}
    for move in moves:
        for seat, tally in rules.tally(move):
            per = out.setdefault(seat, {})
            per[tally] = per.get(tally, 0) + 1
    return out
