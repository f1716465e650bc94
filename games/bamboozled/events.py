"""What can happen in a game of Bamboozled: the events :meth:`Bamboozled.apply` returns.

Each event is a frozen value with seats (indexes), never names; :meth:`describe` turns
it into a short sentence given the players' names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.bamboozled.cards import Card
from games.bamboozled.scores import score_name
from games.common import dice_text
from games.event import Event


def _cards(cards: Sequence[Card]) -> str:
    return " + ".join(c.label for c in cards)


@dataclass(frozen=True)
class Declared(Event):
    seat: int
    score: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} declares {score_name(self.score)}"


@dataclass(frozen=True)
class Rolled(Event):
    """No Bluffing: an open roll, read by the camera, and the score it makes."""

    seat: int
    dice: tuple[int, int]
    score: int
    cards: tuple[Card, ...] = ()

    def describe(self, names: Sequence[str]) -> str:
        using = f" with {_cards(self.cards)}" if self.cards else ""
        return f"{names[self.seat]} rolls {dice_text(self.dice)}{using}: {score_name(self.score)}"


@dataclass(frozen=True)
class NotBeaten(Event):
    """No Bluffing: the roll does not tie or beat the current score."""

    seat: int
    score: int
    current: int

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"{names[self.seat]}'s {score_name(self.score)} does not beat "
            f"{score_name(self.current)}"
        )


@dataclass(frozen=True)
class Accepted(Event):
    judge: int
    declarer: int
    score: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.judge]} accepts {names[self.declarer]}'s {score_name(self.score)}"


@dataclass(frozen=True)
class Challenged(Event):
    judge: int
    declarer: int
    score: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.judge]} challenges {names[self.declarer]}'s {score_name(self.score)}"


@dataclass(frozen=True)
class Truthful(Event):
    """The ruling: the dice show the declared score."""

    declarer: int
    score: int
    dice: tuple[int, int]

    def describe(self, names: Sequence[str]) -> str:
        return f"Truthful: the dice show {dice_text(self.dice)}, {score_name(self.score)} is true"


@dataclass(frozen=True)
class Bluff(Event):
    """The ruling: the dice do not show the declared score."""

    declarer: int
    score: int
    dice: tuple[int, int]

    def describe(self, names: Sequence[str]) -> str:
        return f"Bluff: the dice show {dice_text(self.dice)}, not {score_name(self.score)}"


@dataclass(frozen=True)
class Bamboozled(Event):
    by: int
    victim: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.by]} bamboozled {names[self.victim]}!"


@dataclass(frozen=True)
class SelfAccepted(Event):
    """Skip/Reverse with two players: the turn returns to the declarer (no check)."""

    seat: int
    score: int

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"The dice return to {names[self.seat]}, who must accept their own "
            f"{score_name(self.score)} (no check)"
        )


@dataclass(frozen=True)
class TurnPassed(Event):
    """After a Skip or Reverse, ``to`` must accept or challenge."""

    seat: int
    to: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.to]} must now accept or challenge"


@dataclass(frozen=True)
class CardDrawn(Event):
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} draws an action card"


@dataclass(frozen=True)
class NothingToDraw(Event):
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"No cards left to draw: {names[self.seat]} draws nothing"


@dataclass(frozen=True)
class DeckReshuffled(Event):
    cards: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Deck empty: shuffle the {self.cards} discarded cards into a new deck"


@dataclass(frozen=True)
class CardPlayed(Event):
    seat: int
    card: Card

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} plays {self.card.label}"


@dataclass(frozen=True)
class CardShown(Event):
    """After a challenge, the declarer shows after-roll card(s) reaching the score."""

    seat: int
    cards: tuple[Card, ...]
    score: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} shows {_cards(self.cards)}: {score_name(self.score)} stands"


@dataclass(frozen=True)
class CardDiscarded(Event):
    """Hand limit: a card discarded (``card`` when the player named it)."""

    seat: int
    card: Card | None = None

    def describe(self, names: Sequence[str]) -> str:
        what = self.card.label if self.card else "a card"
        return f"{names[self.seat]} discards {what}"


@dataclass(frozen=True)
class HandDiscarded(Event):
    """An eliminated player's cards go to the discard pile."""

    seat: int
    cards: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]}'s {self.cards} card(s) go to the discard pile"


@dataclass(frozen=True)
class StrikeTaken(Event):
    seat: int
    strikes: int
    revived: bool = False

    def describe(self, names: Sequence[str]) -> str:
        if self.revived:
            return f"{names[self.seat]} plays Revive and stays in with {self.strikes} strike(s)"
        return f"{names[self.seat]} takes a strike ({self.strikes})"


@dataclass(frozen=True)
class StrikeReturned(Event):
    """Revive before the decision: one strike returned."""

    seat: int
    strikes: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} returns a strike ({self.strikes} left)"


@dataclass(frozen=True)
class PlayerOut(Event):
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} is out"


@dataclass(frozen=True)
class ScoreReset(Event):
    """Fresh Start or My Bad: the score goes back to 0."""

    seat: int
    card: Card

    def describe(self, names: Sequence[str]) -> str:
        return f"{self.card.label}: the score resets to 0"


@dataclass(frozen=True)
class DirectionChanged(Event):
    clockwise: bool

    def describe(self, names: Sequence[str]) -> str:
        return "Play now goes " + ("clockwise" if self.clockwise else "counter-clockwise")


@dataclass(frozen=True)
class RoundStarted(Event):
    starter: int
    round: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Round {self.round}: {names[self.starter]} starts, clockwise, score 0"


@dataclass(frozen=True)
class Winner(Event):
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} wins!"
