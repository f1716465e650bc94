"""Bamboozled odds over the 36 rolls."""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.bamboozled.odds import odds, table
from games.bamboozled.scores import SCORES


def test_known_values() -> None:
    assert odds(53).truthful == Fraction(2, 36)
    assert odds(44).truthful == Fraction(1, 36)
    assert odds(21).truthful == Fraction(2, 36) == odds(21).tie_or_beat
    assert odds(13).tie_or_beat == 1
    assert odds(11).tie_or_beat == Fraction(8, 36)  # 6 doubles + 2 Jackpots
    assert odds(66).tie_or_beat == Fraction(3, 36)


def test_table_is_consistent() -> None:
    rows = table()
    assert [r.score for r in rows] == list(SCORES)
    chances = [r.tie_or_beat for r in rows]
    assert chances == sorted(chances, reverse=True)
    # 28 of the 36 rolls are neither doubles nor 1-2; each makes two non-double scores.
    non_doubles = [r.truthful for r in rows if r.score not in (11, 22, 33, 44, 55, 66, 21)]
    assert sum(non_doubles) == Fraction(2 * 28, 36)


def test_not_a_score() -> None:
    with pytest.raises(ValueError):
        odds(12)
    with pytest.raises(ValueError):
        odds(0)
