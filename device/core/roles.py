"""What a press means: the box's button roles and press events, shared by every game and
every button source."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Protocol


class Role(enum.Enum):
    """What a press means. The first six are physical buttons."""

    ACCEPT = "accept"
    CHALLENGE = "challenge"
    UP = "up"
    DOWN = "down"
    OK = "ok"
    CARD = "card"
    BACK = "back"  # long press of OK
    MENU = "menu"  # long press of CARD
    QUIT = "quit"  # simulator only: q, or the end of piped input


@dataclass(frozen=True)
class ButtonEvent:
    """One press; ``t`` is ``time.monotonic()`` seconds when it was recognised."""

    role: Role
    t: float = 0.0


class Presses(Protocol):
    """Where presses come from (:class:`device.hw.buttons.ButtonSource`)."""

    def get(self, timeout: float | None = None) -> ButtonEvent | None:
        """The next press, or ``None`` after ``timeout`` seconds."""


__all__ = ["ButtonEvent", "Presses", "Role"]
