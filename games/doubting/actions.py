"""The actions of Doubting Dice: small frozen values, and their JSON form for the log."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import ClassVar

from games.codec import ActionCodec


# --- actions ---------------------------------------------------------------------------
@dataclass(frozen=True, order=True)
class Bid:
    """At least ``quantity`` dice on the table show ``face`` (ones wild unless palifico).

    Bids order by (quantity, face): outside palifico a raise is exactly a bigger bid.
    """

    quantity: int
    face: int

    def __str__(self) -> str:
        return f"{self.quantity} x {self.face}"


@dataclass(frozen=True)
class Call:
    """Base of the two answers that end a round with a reveal of all dice."""

    dice: tuple[int, ...] | None = None
    """Every die on the table at the reveal (any order); ``None`` until the camera read them."""

    kind: ClassVar[str] = "call"

    def with_dice(self, dice: Iterable[int]) -> Call:
        """The same call carrying the camera's reading."""
        return replace(self, dice=tuple(dice))


@dataclass(frozen=True)
class Challenge(Call):
    """The answerer doubts the bid."""

    kind: ClassVar[str] = "challenge"


@dataclass(frozen=True)
class Exact(Call):
    """The answerer says the bid is exactly right."""

    kind: ClassVar[str] = "exact"


@dataclass(frozen=True)
class RoundDice:
    """All dice in play at the start of a round (only with ``announce_total``)."""

    dice: tuple[int, ...] | None = None

    def with_dice(self, dice: Iterable[int]) -> RoundDice:
        return replace(self, dice=tuple(dice))


Action = Bid | Challenge | Exact | RoundDice


#: The log form of every action (:mod:`games.codec`): a call before the reveal has no
#: ``"dice"`` key.
CODEC: ActionCodec[Action] = ActionCodec(
    "Doubting Dice",
    {"bid": Bid, "challenge": Challenge, "exact": Exact, "round_dice": RoundDice},
    omit_none=True,
)
