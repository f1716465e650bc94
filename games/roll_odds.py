"""The other statistics hook a game provides for the scoreboard: what fair dice make.

:meth:`games.common.Rules.roll_odds` returns a :class:`RollOdds` (or ``None``, the default:
the game has no fairness chart). The scoreboard counts, over the camera-read rolls of that
game's logs, how often each outcome came up (:attr:`RollOdds.outcome` of each roll) and
tests the counts against :attr:`RollOdds.chances` (e.g. Bamboozled's two-dice scores
against their odds: :func:`games.bamboozled.odds.roll_odds`).

>>> coin = RollOdds("coin", "Coin sides", ("heads", "tails"), (0.5, 0.5),
...                 lambda dice: {1: 0, 2: 1}.get(dice[0]) if len(dice) == 1 else None)
>>> coin.outcome((2,)), coin.outcome((1, 2)), coin.axis
(1, None, ('heads', 'tails'))
>>> RollOdds("bad", "Bad", ("a", "b"), (0.5, 0.6), lambda dice: 0)
Traceback (most recent call last):
...
ValueError: Bad: the chances must be positive and add up to 1, not 1.1
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

#: The dice one reading gave: pip values, or face names for symbol dice.
Roll = tuple[int | str, ...]


@dataclass(frozen=True)
class RollOdds:
    """A fairness chart's expectations: ``key`` (its name in the statistics' JSON),
    ``title``, the outcomes (``labels``; ``short``: shorter ones for a chart's axis) and a
    fair roll's ``chances`` of each, and ``outcome``: which outcome a camera-read roll makes
    (an index into ``labels``; ``None``: the roll does not count, e.g. three dice)."""

    key: str
    title: str
    labels: tuple[str, ...]
    chances: tuple[float, ...]
    outcome: Callable[[Roll], int | None]
    short: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.key or not self.labels or len(self.labels) != len(self.chances):
            raise ValueError(f"{self.title}: one chance for each of one or more outcomes")
        if self.short and len(self.short) != len(self.labels):
            raise ValueError(f"{self.title}: one short label for each outcome")
        total = sum(self.chances)
        if min(self.chances) <= 0 or not math.isclose(total, 1.0, abs_tol=1e-9):
            raise ValueError(f"{self.title}: the chances must be positive and add up to 1,"
                             f" not {total:.3g}")

    @property
    def axis(self) -> tuple[str, ...]:
        """The labels for a chart's axis."""
        return self.short or self.labels


__all__ = ["Roll", "RollOdds"]
