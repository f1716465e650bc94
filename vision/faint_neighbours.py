"""A die pressed against another whose heat the other's peak took: a faint neighbour.

Two dice pressed together side by side, seen at the first look's half size, give one ridge
of heat; the peak goes to one die and the other is left a faint peak, under the reader's
``KEEP``, which is never read (``vision.merged_dice`` finds the other only where the ridge
has a shoulder). A faint peak is worth one more look where a read die of its size
(``LIKE_SIZED``) lies at a touching distance (``TOUCHING`` x the larger of the two), and no
read die or uncertain region already covers it: there it is the second die far more often
than a shadow or an edge. The same holds for a peak strong enough to keep whose crop no
classifier took for a die: wedged among others, a die is often boxed too large, its crop
taking in part of a neighbour. The reader (``vision.uncertain_looks.looked_beside``) reads
each such place by all four classifiers, as a pressed die must be read, and a place none
reads so once more ``shrunk``; a faint peak anywhere else stays unread, as before.
"""

from __future__ import annotations

import math

from vision.coarse_look import covers
from vision.types import Box

Spot = tuple[tuple[float, float], float]  # centre x, y and size, in image pixels

SHRUNK = 0.75  # a place no classifier reads at its size is read again this much smaller
LIKE_SIZED = 0.7  # a faint peak at least this x a read die's side, and at most 1 / this
TOUCHING = 1.1  # ... whose centre is nearer than this x the larger of the two
APART = 0.5  # faint places nearer than this x the larger are one place: the first is read


def worth_reading(faint: list[Spot], dice: list[Spot], taken: list[Box]) -> list[Spot]:
    """The ``faint`` places (best first) beside one of the read ``dice``, of its size and
    touching it, outside every ``taken`` box (read dice and uncertain regions), one per
    place.

    >>> die = ((100.0, 100.0), 40.0)
    >>> faint = [((142.0, 100.0), 38.0), ((146.0, 102.0), 36.0), ((100.0, 190.0), 40.0),
    ...          ((140.0, 100.0), 12.0)]
    >>> worth_reading(faint, [die], [(80, 80, 120, 120)])  # the first only: one place
    [((142.0, 100.0), 38.0)]
    """
    out: list[Spot] = []
    for centre, size in faint:
        if any(covers(box, centre) for box in taken):
            continue
        if not any(LIKE_SIZED * side <= size <= side / LIKE_SIZED
                   and math.dist(centre, at) <= TOUCHING * max(size, side) for at, side in dice):
            continue
        if all(math.dist(centre, c) >= APART * max(size, s) for c, s in out):
            out.append((centre, size))
    return out


def shrunk(spots: list[Spot], read: list[Box]) -> list[Spot]:
    """The ``spots`` no ``read`` box covers, at ``SHRUNK`` x their size: a die pressed among
    others is often boxed too large, its box taking in part of a neighbour, and no
    classifier reads that crop (a maroon four wedged between two dice in a tray, boxed 48 px
    where it is 36).

    >>> shrunk([((100.0, 100.0), 40.0), ((200.0, 100.0), 48.0)], [(80, 80, 120, 120)])
    [((200.0, 100.0), 36.0)]
    """
    return [(c, SHRUNK * s) for c, s in spots if not any(covers(box, c) for box in read)]
