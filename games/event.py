"""What an applied action reports: the base of every game's events."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    """Something that happened when an action was applied (a strike, a card drawn...).

    Each game subclasses this; :meth:`describe` is a short sentence for a screen or log,
    given the players' names.
    """

    def describe(self, names: Sequence[str]) -> str:
        return type(self).__name__
