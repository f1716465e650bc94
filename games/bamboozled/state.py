"""Bamboozled's settings, phases and state: frozen values, no behaviour beyond queries."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import Any

from games.bamboozled.cards import Piles
from games.codec import JsonSettings
from games.common import CLOCKWISE, next_seat
from games.errors import InvalidSettings

#: The strike limit the rules suggest for a Party game (more than 8 players).
PARTY_STRIKE_LIMIT = 2



@dataclass(frozen=True)
class Settings(JsonSettings):
    """Variants, chosen before a game.

    strike_limit: strikes that put a player out (More Strikes: any whole number >= 1).
    no_limits: no hand limit, and several after-roll cards may combine on a declaration.
    party: allow more than 8 players (2-8 otherwise); a strike limit of 2 is suggested.
    no_bluffing: open rolls read by the camera, the best truthful score is used, no My Bad.
    first_seat: who starts the game ("who got out of bed earliest today?").
    """

    strike_limit: int = 3
    no_limits: bool = False
    party: bool = False
    no_bluffing: bool = False
    first_seat: int = 0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "int" and (not isinstance(value, int) or isinstance(value, bool)):
                raise InvalidSettings(f"{f.name} must be a whole number, not {value!r}")
            if f.type == "bool" and not isinstance(value, bool):
                raise InvalidSettings(f"{f.name} must be true or false, not {value!r}")
        if self.strike_limit < 1:
            raise InvalidSettings(f"strike_limit must be at least 1, not {self.strike_limit}")
        if self.first_seat < 0:
            raise InvalidSettings(f"first_seat must be a seat number, not {self.first_seat}")


class Phase(Enum):
    """Whose input is awaited, and for what (``State.awaiting`` is that seat)."""

    #: The roller rolled under the cup and declares a score (Declare).
    DECLARE = "declare"
    #: No Bluffing: the roller rolls openly (Roll), or plays a before-roll card.
    ROLL = "roll"
    #: The judge accepts, challenges, or plays Fresh Start / Skip / Reverse / Revive.
    DECIDE = "decide"
    #: Challenged and the dice do not show the score, but an after-roll card could
    #: reach it: the declarer shows card(s) (Show) or not (Decline).
    SHOW_CARD = "show_card"
    #: The challenge failed and the challenger holds a card: My Bad (PlayCard) or Decline.
    MY_BAD_OFFER = "my_bad_offer"
    #: A strike would put this player out and they hold a card: Revive or Decline.
    REVIVE_OFFER = "revive_offer"
    #: This player drew a third card: they discard one (Discard).
    DISCARD = "discard"
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class Step:
    """One pending consequence, run in order once the awaited input has arrived.

    kind: "strike" (seat takes a strike), "draw" (seat draws a card), "round" (a new
    round, started by seat or the next remaining clockwise), "declare" (seat rolls and
    declares over the current score), "roll" (No Bluffing: seat rolls next).
    """

    kind: str
    seat: int


@dataclass(frozen=True)
class State:
    """A moment of the game. Seats are indexes into ``names``; clockwise is +1."""

    settings: Settings
    names: tuple[str, ...]
    strikes: tuple[int, ...]
    out: tuple[bool, ...]
    piles: Piles
    phase: Phase
    #: The seat whose input is awaited (``None`` once the game is over).
    awaiting: int | None
    #: The score to tie or beat; 0 at the start of a round.
    score: int = 0
    #: Who declared ``score`` (P); ``None`` at the start of a round or after Fresh Start.
    declarer: int | None = None
    #: Who decides on the declaration (R), in DECIDE and during its consequences.
    judge: int | None = None
    direction: int = CLOCKWISE
    round: int = 1
    #: The dice last read by the camera (at an accept, challenge or open roll).
    dice: tuple[int, int] | None = None
    #: Whether the judge already played Revive this turn.
    revived: bool = False
    #: Seats that played Skip or Reverse on the current declaration (they never judge it).
    passed: tuple[int, ...] = ()
    pending: tuple[Step, ...] = ()
    winner: int | None = None

    def evolve(self, **changes: Any) -> State:
        """A copy with ``changes`` (like ``dataclasses.replace``, but several times
        faster: the engine makes a few per action and the random-game tests millions)."""
        unknown = changes.keys() - self.__dict__.keys()
        if unknown:
            raise TypeError(f"State has no field(s) {', '.join(sorted(unknown))}")
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still in the game, in seat order."""
        return tuple(i for i, out in enumerate(self.out) if not out)

    def next_seat(self, seat: int, direction: int | None = None) -> int:
        """The next remaining seat after ``seat`` in ``direction`` (default: current)."""
        return next_seat(self.out, seat, self.direction if direction is None else direction)

    @property
    def revive_spent(self) -> bool:
        """Whether the awaited seat may not play Revive again this turn (one Revive per
        turn, any number under No Limits)."""
        return self.revived and not self.settings.no_limits

    def hand(self, seat: int) -> int:
        """How many cards ``seat`` holds."""
        return self.piles.hands[seat]
