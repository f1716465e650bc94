"""Bamboozled odds: how likely one roll of two dice makes a declared score.

For a score S, over the 36 equally likely rolls:

* ``truthful``: the roll can honestly be declared S (53 needs 3-5: 2/36);
* ``tie_or_beat``: the roll's best truthful score ties or beats S (what a player needs
  to follow S without bluffing).

Exact :class:`fractions.Fraction` values; the coach hint and ``bluffbox odds`` use them.
:func:`roll_odds` is the game's scoreboard hook (:mod:`games.roll_odds`): each two-dice
roll's best score against its odds.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from games.bamboozled.scores import (
    OUTCOMES,
    ROLLS,
    SCORES,
    best_truthful,
    rank,
    score_name,
    truthful_scores,
)
from games.roll_odds import Roll, RollOdds

#: The 21 scores two dice can make honestly (their best), lowest first.
TWO_DICE_SCORES: tuple[int, ...] = tuple(sorted({best_truthful(r) for r in ROLLS}, key=rank))


@dataclass(frozen=True)
class Odds:
    score: int
    truthful: Fraction
    tie_or_beat: Fraction

    def to_json(self) -> dict[str, object]:
        return {
            "score": self.score,
            "name": score_name(self.score),
            "rank": rank(self.score),
            "truthful": f"{self.truthful.numerator}/{self.truthful.denominator}",
            "truthful_p": float(self.truthful),
            "tie_or_beat": f"{self.tie_or_beat.numerator}/{self.tie_or_beat.denominator}",
            "tie_or_beat_p": float(self.tie_or_beat),
        }


def odds(score: int) -> Odds:
    """The odds for one score (``ValueError`` if it is not a score)."""
    target = rank(score)
    if target == 0:
        raise ValueError("0 is not a declared score")
    truthful = sum(score in truthful_scores(roll) for roll in OUTCOMES)
    beat = sum(rank(best_truthful(roll)) >= target for roll in OUTCOMES)
    return Odds(score, Fraction(truthful, 36), Fraction(beat, 36))


def table() -> list[Odds]:
    """The odds of every score, lowest first."""
    return [odds(s) for s in SCORES]


def _two_dice_score(dice: Roll) -> int | None:
    """Which of :data:`TWO_DICE_SCORES` a roll of two pip dice makes (None: not such a roll)."""
    pips = [d for d in dice if isinstance(d, int) and 1 <= d <= 6]
    if len(dice) != 2 or len(pips) != 2:
        return None
    return TWO_DICE_SCORES.index(best_truthful(pips))


@cache
def roll_odds() -> RollOdds:
    """The scoreboard's fairness chart: each camera-read two-dice roll's best score against
    its odds.

    >>> chart = roll_odds()
    >>> len(chart.labels), chart.labels[-1], chart.axis[-1], chart.outcome((3, 5))
    (21, 'Jackpot', '21', 7)
    >>> chart.labels[7], round(chart.chances[7] * 36), chart.outcome((3, 5, 1))
    ('53', 2, None)
    """
    return RollOdds("two_dice_scores", "Two-dice scores against their odds",
                    tuple(score_name(s) for s in TWO_DICE_SCORES),
                    tuple(float(odds(s).truthful) for s in TWO_DICE_SCORES), _two_dice_score,
                    short=tuple(str(s) for s in TWO_DICE_SCORES))
