"""Bamboozled odds: how likely one roll of two dice makes a declared score.

For a score S, over the 36 equally likely rolls:

* ``truthful``: the roll can honestly be declared S (53 needs 3-5: 2/36);
* ``tie_or_beat``: the roll's best truthful score ties or beats S (what a player needs
  to follow S without bluffing).

Exact :class:`fractions.Fraction` values; the coach hint and ``bluffbox odds`` use them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from games.bamboozled.scores import (
    OUTCOMES,
    SCORES,
    best_truthful,
    rank,
    score_name,
    truthful_scores,
)


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
