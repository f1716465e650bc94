"""Uncertain places read once more as dice of the set's size.

The dice on a table are one set, of one size: the median side of the dice a frame was read
with. An uncertain place was often boxed at another size: a one beside a five marked by its
pip alone (a 28 px box on a 46 px die, "pips too small to count"), a red one whose box took
in the edge of its neighbour, a die pressed against another whose box the pair shares. Read
again centred where it was marked, at the set's size, by all four classifiers at least as
surely as a pressed die must be (``vision.uncertain_looks.looked_at_set_size``; a one too,
its body checked as every read one's is), many of them are read; the rest stay uncertain. A
place larger than ``LARGEST`` x the set's side is two dice or a die and its shadow: its
middle is no die's middle, and it is left as it is.
"""

from __future__ import annotations

import math
import statistics

from vision.types import Die, Region, box_side

LARGEST = 1.3  # uncertain places up to this x the set's side are read again at its size
APART = 0.7  # a die so found lies at least this x the set's side from every other die


def set_side(dice: list[Die]) -> float:
    """The side of the set's dice: the median of the read ``dice``'s boxes (pixels).

    >>> set_side([Die(3, (0.0, 0.0), (0, 0, 40, 40), 0.9), Die(5, (90.0, 0.0), (70, 0, 110, 40),
    ...           0.9), Die(2, (200.0, 0.0), (170, 0, 230, 60), 0.9)])
    40.0
    """
    return float(statistics.median(box_side(d.box) for d in dice))


def worth_rereading(unsure: list[Region], side: float) -> list[Region]:
    """The ``unsure`` places no larger than ``LARGEST`` x the set's ``side``.

    >>> pip = Region((10.0, 10.0), (5, 5, 15, 15), "pips too small to count")
    >>> pair = Region((50.0, 10.0), (10, 0, 90, 80), "dice touching: spread them")
    >>> worth_rereading([pip, pair], 40.0) == [pip]
    True
    """
    return [r for r in unsure if box_side(r.box) <= LARGEST * side]


def apart(found: list[Die], read: list[Die], side: float) -> list[Die]:
    """The ``found`` dice, surest first, that lie ``APART`` from every ``read`` die and every
    one kept before them: two places of one die read twice give one die.

    >>> read = [Die(4, (0.0, 0.0), (-20, -20, 20, 20), 0.99)]
    >>> one = Die(1, (45.0, 0.0), (25, -20, 65, 20), 0.95)
    >>> again = Die(1, (50.0, 5.0), (30, -15, 70, 25), 0.97)
    >>> on_it = Die(4, (10.0, 0.0), (-10, -20, 30, 20), 0.99)
    >>> apart([one, again, on_it], read, 40.0) == [again]
    True
    """
    out: list[Die] = []
    for die in sorted(found, key=lambda d: -d.confidence):
        if all(math.dist(die.center, o.center) >= APART * side for o in out + read):
            out.append(die)
    return out
