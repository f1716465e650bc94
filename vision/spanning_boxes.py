"""A die read from a box over two dice read beside it: no die of its own.

Two dice pressed together are sometimes marked three times: once on each, and once by a
box over both, which a classifier may read surely as one of the two (a box over a three
and a six read as a third three; over two fives, a third five). No die can lie there:
dice do not overlap, and that box's middle is the seam between the two. So a read die
whose box, grown by ``REACH`` x its side all round, holds the centres of two other read
dice, each at least ``HALF`` its side (a die's pips, read as ones, are smaller), with its
own centre within ``MIDDLE`` x their distance of the point halfway between them, is
dropped. (A box over two pressed dice can end just short of the farther one's centre: a
four boxed with the six beside it, 2 px short of the six's centre in a 64 px box.) A real
die boxed far too large (a tray's five in a box twice its side) holds its neighbours'
centres too, but its own centre is not between them.
"""

from __future__ import annotations

import math
from itertools import combinations

from vision.coarse_look import covers
from vision.types import Die, box_side

HALF = 0.5  # the two dice under a spanning box are at least this x its side ...
MIDDLE = 0.35  # ... and its centre lies this near their midpoint (x their distance)
REACH = 0.1  # ... their centres within the box grown by this x its side all round


def spans_two(die: Die, others: list[Die]) -> bool:
    """Whether ``die``'s box lies over two of ``others`` (see the module).

    >>> a = Die(3, (100.0, 100.0), (80, 80, 120, 120), 0.99)
    >>> b = Die(6, (140.0, 100.0), (120, 80, 160, 120), 0.99)
    >>> over = Die(3, (121.0, 101.0), (93, 73, 149, 129), 0.95)
    >>> spans_two(over, [a, b]), spans_two(a, [b, over])
    (True, False)
    >>> short = Die(3, (121.0, 101.0), (93, 73, 138, 129), 0.95)  # ends 2 px short of b's
    >>> spans_two(short, [a, b])
    True
    >>> large = Die(5, (100.0, 100.0), (64, 64, 136, 136), 0.95)  # boxed twice too large
    >>> spans_two(large, [Die(2, (120.0, 85.0), (103, 68, 137, 102), 0.99),
    ...                   Die(1, (125.0, 118.0), (110, 103, 140, 133), 0.99)])
    False
    """
    side = box_side(die.box)
    m = round(REACH * side)
    grown = (die.box[0] - m, die.box[1] - m, die.box[2] + m, die.box[3] + m)
    near = [o for o in others if o is not die and covers(grown, o.center)
            and box_side(o.box) >= HALF * side]
    for a, b in combinations(near, 2):
        mid = ((a.center[0] + b.center[0]) / 2, (a.center[1] + b.center[1]) / 2)
        if math.dist(mid, die.center) <= MIDDLE * math.dist(a.center, b.center):
            return True
    return False


def without_spans(dice: list[Die]) -> list[Die]:
    """``dice`` less those read from a box over two others (``spans_two``)."""
    return [d for d in dice if not spans_two(d, dice)]
