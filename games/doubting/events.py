"""What can happen in a game of Doubting Dice: the events :meth:`DoubtingDice.apply` returns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.doubting.actions import Bid
from games.doubting.state import MAX_DICE
from games.event import Event


# --- events ----------------------------------------------------------------------------
def seat_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def dice_word(n: int) -> str:
    return "1 die" if n == 1 else f"{n} dice"


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int
    starter: int
    dice_in_play: int

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"Round {self.round}: {dice_word(self.dice_in_play)} in play, "
            f"{seat_name(names, self.starter)} starts"
        )


@dataclass(frozen=True)
class PalificoRound(Event):
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"Palifico for {seat_name(names, self.seat)}: "
            "ones are not wild and the face cannot change"
        )


@dataclass(frozen=True)
class TotalAnnounced(Event):
    total: int
    dice_in_play: int

    def describe(self, names: Sequence[str]) -> str:
        return f"The {dice_word(self.dice_in_play)} on the table add up to {self.total}"


@dataclass(frozen=True)
class BidMade(Event):
    seat: int
    bid: Bid

    def describe(self, names: Sequence[str]) -> str:
        return f"{seat_name(names, self.seat)} bids {self.bid.quantity} x {self.bid.face}"


@dataclass(frozen=True)
class CallMade(Event):
    seat: int
    kind: str
    bidder: int
    bid: Bid

    def describe(self, names: Sequence[str]) -> str:
        what = "challenges" if self.kind == "challenge" else "calls exact on"
        return (
            f"{seat_name(names, self.seat)} {what} {seat_name(names, self.bidder)}'s "
            f"{self.bid.quantity} x {self.bid.face}"
        )


@dataclass(frozen=True)
class RevealCounted(Event):
    bid: Bid
    count: int
    face_count: int
    ones_count: int
    ones_wild: bool

    @property
    def bid_true(self) -> bool:
        return self.count >= self.bid.quantity

    def describe(self, names: Sequence[str]) -> str:
        if self.ones_wild:
            ones = "1 one" if self.ones_count == 1 else f"{self.ones_count} ones"
            detail = f" ({self.face_count} x {self.bid.face} + {ones})"
        else:
            detail = " (ones not wild)"
        bid = f"{self.bid.quantity} x {self.bid.face}"
        return f"{self.count} x {self.bid.face} on the table{detail} against the bid {bid}"


@dataclass(frozen=True)
class DiceLost(Event):
    seat: int
    lost: int
    dice_left: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{seat_name(names, self.seat)} loses {dice_word(self.lost)}, {self.dice_left} left"


@dataclass(frozen=True)
class DiceGained(Event):
    seat: int
    gained: int
    dice_left: int

    def describe(self, names: Sequence[str]) -> str:
        if not self.gained:
            return f"{seat_name(names, self.seat)} is exact but already has {MAX_DICE} dice"
        return f"{seat_name(names, self.seat)} is exact and gains a die: {self.dice_left}"


@dataclass(frozen=True)
class StrikeTaken(Event):
    seat: int
    strikes: int
    limit: int

    def describe(self, names: Sequence[str]) -> str:
        tail = "" if self.strikes >= self.limit else f" and takes {MAX_DICE} dice again"
        return f"{seat_name(names, self.seat)} takes strike {self.strikes}/{self.limit}{tail}"


@dataclass(frozen=True)
class PlayerOut(Event):
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{seat_name(names, self.seat)} is out"


@dataclass(frozen=True)
class GameWon(Event):
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{seat_name(names, self.seat)} wins!"


