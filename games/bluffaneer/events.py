"""What can happen in a game of Bluffaneer: the events :meth:`Bluffaneer.apply` returns.

Events hold seats and symbol names, never player names; :meth:`describe` makes a short
sentence given the players' names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.bluffaneer.faces import Card, Double
from games.event import Event


def _coins(n: int) -> str:
    return f"{n} coin" + ("" if n == 1 else "s")


@dataclass(frozen=True)
class Rolled(Event):
    seat: int
    dice: tuple[str, str]

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} rolls {self.dice[0]} + {self.dice[1]}"


@dataclass(frozen=True)
class DoubleRolled(Event):
    """Two of a symbol: its effect follows (at once, or after the victim is chosen)."""

    seat: int
    symbol: str
    effect: Double

    def describe(self, names: Sequence[str]) -> str:
        return f"Double {self.symbol}! " + _EFFECTS[self.effect]


_EFFECTS = {
    Double.TRIBUTE: "Every other player gives the roller 1 coin",
    Double.STEAL_2: "The roller steals 2 coins from a player of their choice",
    Double.STEAL_3: "The roller steals 3 coins from a player of their choice",
    Double.GIVE_AROUND: "The roller gives 1 coin to each other player, from the left",
}


@dataclass(frozen=True)
class Stole(Event):
    """Double swords or ships: the roller picked ``victim`` (a ``Paid`` follows)."""

    roller: int
    victim: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.roller]} steals from {names[self.victim]}"


@dataclass(frozen=True)
class Paid(Event):
    """Coins moved from ``payer`` to ``payee`` (``None``: returned to the bank)."""

    payer: int
    payee: int | None
    coins: int

    def describe(self, names: Sequence[str]) -> str:
        if self.payee is None:
            return f"{names[self.payer]} returns {_coins(self.coins)} to the bank"
        return f"{names[self.payer]} gives {names[self.payee]} {_coins(self.coins)}"


@dataclass(frozen=True)
class ShortOfCoins(Event):
    """A transfer took less than owed: ``seat`` had only ``paid`` of ``owed``."""

    seat: int
    owed: int
    paid: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} owed {_coins(self.owed)} but had only {self.paid}"


@dataclass(frozen=True)
class CardRevealed(Event):
    """A card shown: the roller's own match, or a claimer's card."""

    seat: int
    card: Card
    matches: bool

    def describe(self, names: Sequence[str]) -> str:
        verdict = "matches the roll" if self.matches else "does not match the roll"
        return f"{names[self.seat]} shows {self.card.first} + {self.card.second}: {verdict}"


@dataclass(frozen=True)
class Claimed(Event):
    claimer: int
    roller: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.claimer]}: \"Gimme Yer Booty!\""


@dataclass(frozen=True)
class NobodyClaimed(Event):
    roller: int

    def describe(self, names: Sequence[str]) -> str:
        return "Nobody claims a match: no coins move"


@dataclass(frozen=True)
class Trusted(Event):
    roller: int
    claimer: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.roller]} trusts {names[self.claimer]}"


@dataclass(frozen=True)
class BluffaneerCalled(Event):
    roller: int
    claimer: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.roller]}: \"Bluffaneer!\""


@dataclass(frozen=True)
class ClaimRuled(Event):
    """The ruling on a challenged claim: ``true`` when the card matched the roll."""

    claimer: int
    true: bool

    def describe(self, names: Sequence[str]) -> str:
        if self.true:
            return f"TRUE: {names[self.claimer]} had the match"
        return f"BLUFF: {names[self.claimer]} was bluffing"


@dataclass(frozen=True)
class CardDiscarded(Event):
    """A revealed card goes to the discard pile (a ``CardDrawn`` replaces it)."""

    seat: int
    card: Card

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} discards {self.card.first} + {self.card.second}"


@dataclass(frozen=True)
class CardDrawn(Event):
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} draws a new card"


@dataclass(frozen=True)
class DeckReshuffled(Event):
    cards: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Draw pile empty: shuffle the {self.cards} discarded cards into a new one"


@dataclass(frozen=True)
class TurnStarted(Event):
    seat: int
    turn: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Turn {self.turn}: {names[self.seat]} rolls"


@dataclass(frozen=True)
class GameEnded(Event):
    """Someone lost their last coin (``broke``: every seat at 0)."""

    broke: tuple[int, ...]

    def describe(self, names: Sequence[str]) -> str:
        who = ", ".join(names[s] for s in self.broke)
        return f"{who} lost their last coin: the game ends"


@dataclass(frozen=True)
class Tie(Event):
    seats: tuple[int, ...]
    coins: int

    def describe(self, names: Sequence[str]) -> str:
        who = " and ".join(names[s] for s in self.seats)
        return f"{who} tie with {_coins(self.coins)}: a coin toss decides"


@dataclass(frozen=True)
class CoinTossed(Event):
    winner: int
    among: tuple[int, ...]

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.winner]} wins the coin toss"


@dataclass(frozen=True)
class Winner(Event):
    seat: int
    coins: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} wins with {_coins(self.coins)}!"
