"""The actions of Doubting Dice: small frozen values, and their JSON form for the log."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar, TypeGuard


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




def action_to_json(action: Action) -> dict[str, Any]:
    """The action as a JSON-ready dict for the game log."""
    if isinstance(action, Bid):
        return {"type": "bid", "quantity": action.quantity, "face": action.face}
    if isinstance(action, Challenge | Exact | RoundDice):
        kind = "round_dice" if isinstance(action, RoundDice) else action.kind
        data: dict[str, Any] = {"type": kind}
        if action.dice is not None:
            data["dice"] = list(action.dice)
        return data
    raise ValueError(f"not a Doubting Dice action: {action!r}")


_DICE_ACTIONS: dict[str, type[Challenge | Exact | RoundDice]] = {
    "challenge": Challenge,
    "exact": Exact,
    "round_dice": RoundDice,
}


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Inverse of :func:`action_to_json`; ``ValueError`` on bad data."""
    if not isinstance(data, Mapping):
        raise ValueError("an action must be a JSON object")
    kind = data.get("type")
    if kind == "bid":
        q, f = data.get("quantity"), data.get("face")
        if not (_whole(q) and _whole(f)):
            raise ValueError("a bid needs whole numbers 'quantity' and 'face'")
        return Bid(q, f)
    cls = _DICE_ACTIONS.get(str(kind))
    if cls is None:
        raise ValueError(f"unknown Doubting Dice action type {kind!r}")
    raw = data.get("dice")
    if raw is None:
        return cls()
    if not isinstance(raw, list) or not all(_whole(d) for d in raw):
        raise ValueError("'dice' must be a list of whole numbers")
    return cls(dice=tuple(raw))


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
