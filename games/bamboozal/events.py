"""What can happen in a game of BamBoozal: the events :meth:`BamBoozal.apply` returns.

Each event is a frozen value with seats (indexes), never names; :meth:`describe` turns
it into a short sentence given the players' names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.bamboozal.state import Suit
from games.event import Event


def _rounds(n: int) -> str:
    return "1 round" if n == 1 else f"{n} rounds"


def _names(names: Sequence[str], seats: Sequence[int]) -> str:
    who = [names[s] for s in seats]
    return who[0] if len(who) == 1 else ", ".join(who[:-1]) + " and " + who[-1]


@dataclass(frozen=True)
class HandStarted(Event):
    number: int
    dealer: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Hand {self.number}: {names[self.dealer]} deals"


@dataclass(frozen=True)
class Paid(Event):
    """A seat paid into the pot: the hand amount, or a bamboozal instead."""

    seat: int
    amount: int
    bamboozal: bool = False

    def describe(self, names: Sequence[str]) -> str:
        why = " (bamboozal)" if self.bamboozal else ""
        return f"{names[self.seat]} pays {self.amount}{why}"


@dataclass(frozen=True)
class PotIs(Event):
    amount: int

    def describe(self, names: Sequence[str]) -> str:
        return f"The pot is {self.amount}"


@dataclass(frozen=True)
class TrumpNoted(Event):
    suit: Suit

    def describe(self, names: Sequence[str]) -> str:
        return f"Trumps: {self.suit.label}"


@dataclass(frozen=True)
class Played(Event):
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} plays"


@dataclass(frozen=True)
class Folded(Event):
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} folds"


@dataclass(frozen=True)
class RoundWon(Event):
    seat: int
    round: int
    #: Rounds the seat has won in this hand, this one included.
    count: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Round {self.round}: {names[self.seat]} wins ({self.count})"


@dataclass(frozen=True)
class LonePlayer(Event):
    """Everyone else folded: the one player left wins every round without playing."""

    seat: int
    rounds: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Everyone else folded: {names[self.seat]} wins all {self.rounds} rounds"


@dataclass(frozen=True)
class HandComplete(Event):
    """Every round is entered (or nobody is left to play): the result awaits settling."""

    number: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Hand {self.number} is complete: settle it, or undo the last entry"


@dataclass(frozen=True)
class PotTaken(Event):
    seat: int
    amount: int
    rounds: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} wins with {_rounds(self.rounds)} and takes {self.amount}"


@dataclass(frozen=True)
class PotStays(Event):
    """No winner: a tie for most rounds (``tied``), or nobody played."""

    amount: int
    tied: tuple[int, ...]

    def describe(self, names: Sequence[str]) -> str:
        if not self.tied:
            return f"Nobody played: the pot of {self.amount} stays"
        return f"Split pot: {_names(names, self.tied)} tie, the pot of {self.amount} stays"


@dataclass(frozen=True)
class Bamboozaled(Event):
    """A playing seat won no round: it pays ``owes`` (this hand's pot) into the next hand."""

    seat: int
    owes: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} is BamBoozaled: pays {self.owes} next hand"


@dataclass(frozen=True)
class Undone(Event):
    """The last entry was taken back; ``entry`` is the event it had made."""

    entry: Event

    def describe(self, names: Sequence[str]) -> str:
        return f"Undone: {self.entry.describe(names)}"


@dataclass(frozen=True)
class GameStopped(Event):
    hands: int
    pot: int

    def describe(self, names: Sequence[str]) -> str:
        left = f"; {self.pot} left in the pot" if self.pot else ""
        return f"The players stop after {self.hands} hand(s){left}"
