"""Doubting Dice's settings, phases and state: frozen values, checked when made."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from games.codec import JsonSettings
from games.doubting.actions import Bid
from games.errors import InvalidSettings

MAX_DICE = 5
"""Dice each player starts with; an exact call never takes a player above it."""
MIN_PLAYERS = 2
MAX_PLAYERS = 10
"""Seed 004 sets no player count; ten at five dice each (50) is the box's largest table."""
FACES = (2, 3, 4, 5, 6)
"""Faces a bid may name (ones are wild and never bid on)."""


# --- settings --------------------------------------------------------------------------
@dataclass(frozen=True)
class DoubtingSettings(JsonSettings):
    """Options chosen before a game."""

    unknown_settings = "unknown Doubting Dice settings"

    palifico: bool = True
    """A player's first drop to one die makes the next round palifico."""
    announce_total: bool = False
    """Each round starts with ``RoundDice`` and the sum of all dice is announced."""
    lives: bool = False
    """Losing all dice is a strike and a reset to 5 dice, until ``strike_limit``."""
    strike_limit: int = 3
    """Strikes that put a player out (only with ``lives``)."""
    first_player: int = 0
    """Seat that opens the first round."""

    def __post_init__(self) -> None:
        for name in ("palifico", "announce_total", "lives"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidSettings(f"{name} must be true or false")
        for name in ("strike_limit", "first_player"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidSettings(f"{name} must be a whole number")
        if self.strike_limit < 1:
            raise InvalidSettings("the strike limit must be at least 1")
        if self.first_player < 0:
            raise InvalidSettings("first_player must be a seat number (0 or more)")


# --- state -----------------------------------------------------------------------------
class Phase(StrEnum):
    """What the game waits for."""

    ROUND_DICE = "round_dice"
    """Announce total: the box supplies the dice of the new round (no seat acts)."""
    OPENING = "opening"
    """``awaiting`` makes the round's first bid."""
    ANSWER = "answer"
    """``awaiting`` (right after the bidder) raises, challenges or calls exact."""
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class RoundResult:
    """How the last round ended (for the reveal screen and the summary)."""

    kind: str  # "challenge" | "exact"
    caller: int
    bidder: int
    bid: Bid
    palifico: bool
    count: int
    dice: tuple[int, ...]


@dataclass(frozen=True)
class DoubtingState:
    """The whole game; immutable."""

    names: tuple[str, ...]
    settings: DoubtingSettings
    dice: tuple[int, ...]
    """Dice each seat holds (0 when out)."""
    strikes: tuple[int, ...]
    out: tuple[bool, ...]
    palifico_used: tuple[bool, ...]
    """Whether the seat already had its palifico round in its current life."""
    phase: Phase
    awaiting: int | None
    """The seat whose input is awaited (``None`` in ROUND_DICE and OVER)."""
    round: int = 1
    starter: int = 0
    """The seat that opens (or opened) this round."""
    bid: Bid | None = None
    bidder: int | None = None
    palifico_seat: int | None = None
    """Set during a palifico round: whose single die made it one."""
    announced_total: int | None = None
    last_result: RoundResult | None = None
    winner: int | None = None
    bids: tuple[tuple[int, Bid], ...] = field(default=())
    """This round's bids so far, (seat, bid) in order."""

    @property
    def palifico(self) -> bool:
        return self.palifico_seat is not None

    @property
    def dice_in_play(self) -> int:
        return sum(self.dice)

    @property
    def remaining(self) -> tuple[int, ...]:
        """Seats still in the game."""
        return tuple(i for i, o in enumerate(self.out) if not o)
