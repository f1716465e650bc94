"""A die whose centre "pip" is a glint, read again with the glint painted out.

On a glossy die under a lamp a glint in the middle of a two or a four looks like a three's
or a five's centre pip, and every classifier reads it so. ``vision.centre_pip.glint_at``
finds such a glint (off the centre pip's place, of another colour, drawn out, or a speck
between the corner pips alone). Refused, the die was left uncertain, though its face is
plain to see: the corner pips are the face's, and only the middle one is not a pip.

Here the glint is painted over in the face's colour (``PAINT`` x its radius, the colour the
median of a ring round it, ``RING``, where the face shows), on a copy of the die's
neighbourhood only, and the die is read again by all four classifiers
(``vision.larger_look.unanimous``). It is read only where they all name the value the
glint added a pip to, one less (a five was a four, a three a two), as surely as a die
pressed against another must be: a true five whose centre pip the check took for a glint
turns, painted over, into a four no classifier can be sure of only if the pip really was
off its place, so a die read otherwise stays an uncertain region, as before.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.candidates import NOT_DIE
from vision.centre_pip import FaceLooks, Glint, glint_at
from vision.larger_look import unanimous
from vision.medians import median
from vision.types import GLINT, Die, Reading, box_side

PAINT = 1.6  # the glint is painted over out to this x its radius (its blurred rim too) ...
RING = (1.8, 2.6)  # ... in the colour of the face this far (x its radius) from its centre
WINDOW = 1.6  # the copy painted: this x the die's side each way from its centre (a crop
#               takes in 0.65 x the side each way, 0.92 turned a half-quarter)


def painted(image: np.ndarray, glint: Glint, centre: tuple[float, float], side: float,
            ) -> tuple[np.ndarray, tuple[int, int]]:
    """A copy of the neighbourhood of a die (``centre``, ``side`` pixels) in a BGR image
    with its ``glint`` painted over in the face's colour round it, and where the copy's
    corner lies in the image (x, y).

    >>> face = np.full((100, 100, 3), 200, np.uint8)
    >>> face[48:53, 58:63] = 255  # a glint off the middle
    >>> copy, (x0, y0) = painted(face, ((60.0, 50.0), 2.5), (50.0, 50.0), 40.0)
    >>> (x0, y0), int(copy[50 - y0, 60 - x0, 0]), int(face[50, 60, 0])
    ((0, 0), 200, 255)
    """
    h, w = image.shape[:2]
    reach = WINDOW * side
    x0, y0 = max(int(centre[0] - reach), 0), max(int(centre[1] - reach), 0)
    x1, y1 = min(int(centre[0] + reach) + 1, w), min(int(centre[1] + reach) + 1, h)
    copy = image[y0:y1, x0:x1].copy()
    (gx, gy), radius = glint
    yy, xx = np.mgrid[y0:y1, x0:x1]
    far = np.hypot(xx - gx, yy - gy) / max(radius, 0.5)
    ring = (far >= RING[0]) & (far <= RING[1])
    if ring.any():
        colour = median(copy[ring].astype(np.float64), axis=0)
        copy[far <= PAINT] = np.rint(colour).astype(np.uint8)
    return copy, (x0, y0)


def read_unglinted(image: np.ndarray, die: Die, glint: Glint, sure: float) -> Die | None:
    """The die ``die`` (a three or five whose centre mark is ``glint``) read with the glint
    painted out (``painted``): the value one less, where all four classifiers read that at
    least ``sure`` (``unanimous``); else None."""
    side = float(box_side(die.box))
    copy, (x0, y0) = painted(image, glint, die.center, side)
    place = ((die.center[0] - x0, die.center[1] - y0), side, die.angle)
    (read,) = unanimous(copy, [place], sure, NOT_DIE)
    if read is None or read[0] != int(die.value) - 1:
        return None
    return Die(read[0], die.center, die.box, round(read[2], 3), die.angle)


def without_glints(image: np.ndarray, reading: Reading, below: float, faces: FaceLooks,
                   sure: float) -> Reading:
    """``reading`` with each pip die read under ``below`` sure whose centre mark is a glint
    (``glint_at``; ``faces``: the image's faces, found once) read again with the glint
    painted out (``read_unglinted``, at least ``sure``), or made an uncertain region
    (``GLINT``) where that reads nothing."""
    found = [(d, g) for d in reading.dice if isinstance(d.value, int) and d.confidence < below
             and (g := glint_at(image, d.center, box_side(d.box), d.angle, d.value,
                                faces)) is not None]
    if not found:
        return reading
    again = {id(d): read_unglinted(image, d, g, sure) for d, g in found}
    kept = replace(reading, dice=tuple(again.get(id(d)) or d for d in reading.dice))
    return kept.without([d for d, _ in found if again[id(d)] is None], GLINT)
