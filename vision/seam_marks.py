"""With every die the game counts read, a mark on the seam of read dice is no die.

Two dice touching side by side are often marked three times by the detector: each die,
and once more on the seam between them. The seam mark straddles both dice, reads as
neither, and is left an uncertain place ("dice touching: spread them"), so the box asks the
players to spread dice it has in fact read: a 22-dice tray photo with all 22 read surely
was not ruled on for a mark on the seam of a red two and a green four.

Dice do not overlap, so a place whose box the boxes of read dice cover more than half
(``COVERED``), two dice or more each covering a part of it (``PART``), holds no die of its
own. That alone is not enough to drop it: a die leaning on others in a pile shows only its
uncovered part. But when the game says how many dice lie in the tray and that many are
read, there is no die left for the place to be, and it is dropped (``without_seam_marks``).
Any other uncertain place stands, and the box asks for another look as before. The count
can be met wrongly (a floor's spot read as a die, a die missed), and then any doubt left
keeps the box from ruling: on a spotted floor through a grey camera, the only doubt was a
second mark on a read three, half under it. Dropping every uncertain place where the count
is met would rule wrongly on 3 of the 6,636 shared photos through the 12 camera changes
and on 25 of the 7,200 probe scenes through them; dropping seam marks alone rules on 6 and
7 more of them, and on 3 more photos as they are, none wrongly.

``bluffbox dice`` keeps every place unless told the count (``--expect N``).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.types import Box, Die, Reading, verdict

COVERED = 0.5  # read dice's boxes cover more than this share of a seam mark's box ...
PART = 0.1  # ... two or more of them this share of it at least, each


def cover(box: Box, dice: tuple[Die, ...]) -> tuple[float, int]:
    """The share of ``box`` that the boxes of ``dice`` cover (overlaps counted once), and how
    many of them each cover at least ``PART`` of it.

    >>> left = Die(2, (20.0, 20.0), (0, 0, 40, 40), 0.99)
    >>> right = Die(4, (60.0, 20.0), (40, 0, 80, 40), 0.99)
    >>> cover((20, 0, 60, 40), (left, right)), cover((30, 20, 70, 60), (left, right))
    ((1.0, 2), (0.5, 2))
    >>> cover((0, 36, 40, 76), (left, right)), cover((100, 0, 140, 40), (left, right))
    ((0.1, 1), (0.0, 0))
    """
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if w <= 0 or h <= 0:
        return 0.0, 0
    under = np.zeros((h, w), bool)
    parts = 0
    for d in dice:
        a0, b0 = max(d.box[0], x0) - x0, max(d.box[1], y0) - y0
        a1, b1 = min(d.box[2], x1) - x0, min(d.box[3], y1) - y0
        if a1 > a0 and b1 > b0:
            under[b0:b1, a0:a1] = True
            parts += (a1 - a0) * (b1 - b0) >= PART * w * h
    return float(under.mean()), parts


def seam_mark(box: Box, dice: tuple[Die, ...]) -> bool:
    """Whether a place boxed ``box`` lies on the seam of read ``dice``: more than ``COVERED``
    of it under their boxes, two of them or more covering ``PART`` of it each.

    >>> left = Die(2, (20.0, 20.0), (0, 0, 40, 40), 0.99)
    >>> right = Die(4, (60.0, 20.0), (40, 0, 80, 40), 0.99)
    >>> seam_mark((22, 2, 58, 38), (left, right)), seam_mark((22, 2, 58, 38), (left,))
    (True, False)
    """
    share, parts = cover(box, dice)
    return share > COVERED and parts >= 2


def without_seam_marks(reading: Reading) -> Reading:
    """``reading`` less its uncertain places on the seam of read dice (``seam_mark``), when it
    holds as many read dice as expected (its ``expect``); unchanged otherwise.

    >>> from vision.types import Region
    >>> left = Die(2, (20.0, 20.0), (0, 0, 40, 40), 0.99)
    >>> right = Die(4, (60.0, 20.0), (40, 0, 80, 40), 0.99)
    >>> seam = Region((40.0, 20.0), (22, 2, 58, 38), "dice touching: spread them", 0.3)
    >>> r = Reading((left, right), (seam,), expect=2, problem="a die could not be read")
    >>> without_seam_marks(r).uncertain, without_seam_marks(r).problem
    ((), None)
    >>> [len(without_seam_marks(replace(r, expect=e)).uncertain) for e in (None, 3)]
    [1, 1]
    """
    if reading.expect is None or len(reading.dice) != reading.expect or not reading.uncertain:
        return reading
    kept = tuple(r for r in reading.uncertain if not seam_mark(r.box, reading.dice))
    if len(kept) == len(reading.uncertain):
        return reading
    return replace(reading, uncertain=kept, problem=verdict(reading.dice, kept, reading.expect))
