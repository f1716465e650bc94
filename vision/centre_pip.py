"""A three or a five whose centre "pip" is a glint: the mark lies off the centre pip's place.

On a glossy die under a lamp, a glint in the middle of a two or a four is what the centre
pip of a three or a five looks like, and every classifier reads it so (the glossy-dice
probe: every die it ruled wrong was a four read as a five, or a two as a three, the glint
clear of the pips by the face's middle; white glints on white pips too). A die's pips are
placed exactly: a centre pip lies at the centre of the corner pips and is their size. On
every labelled photo where a three's or five's pips stand out clearly it lay within 0.18 of
the corners' distance from their centre (pips of a few pixels in a 40 px die), on renders
far nearer. A glint lies where the lamp puts it, and is most often smaller than a pip. So
where a die read as three or five shows exactly that many clear marks (``CLEAR`` Lab units
from its face), its corner marks in a face's symmetric layout (``SQUARE``), and the middle
one lies ``OFF`` or more off their centre, or is under ``LIKE_SIZED`` of their size (but
not ``FAR`` off: then the marks are not its pips, a pip missed and a glint or a side
face's pip counted), the die is not ruled on: it becomes an uncertain region. Where the
pips cannot be told apart so clearly (a dark face, blur, marbling, a die under
``MIN_SIDE``) the check says nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision import model as M

CENTRED = frozenset({3, 5})  # the values with a centre pip among others
SIDE = 64  # the die is looked at this many pixels across ...
AROUND = 1.2  # ... which is this many times its side
FACE = 0.35  # the face's colour: the median within this x the side of the die's middle
ZONE = 0.44  # marks are sought within this x the side of the middle (a pip's outer edge
#              lies 0.35 out), and one reaching its edge is not a pip
SMALLEST = 0.25  # a mark under this x a pip's least area (radius 0.08 side) is noise
CLEAR = 35.0  # the pips stand out this far (Lab units) from the face, or nothing is said
LIKE_SIZED = (0.4, 2.5)  # the middle mark's area over the corners' median: a smaller one
#                          is no pip; a larger one, pips run together, says nothing
OFF = 0.2  # the middle mark this far from the corner pips' centre (x their distance from
#             it) is not a pip (real centre pips: 0.18 at most, on 40-47 px tray dice) ...
FAR = 0.45  # ... up to this far: beyond, the marks are not its pips and nothing is said
SQUARE = 0.25  # corner marks whose mirrors through their centre miss each other by more
#                than this x their distance from it are not a face's corner pips
MIN_SIDE = 24  # smaller dice: pips of a few pixels, nothing is said


@dataclass(frozen=True)
class FaceMark:
    """A blob standing out from a die's face: its area and centre (patch pixels)."""

    area: float
    centre: tuple[float, float]


def marks(image: np.ndarray, centre: tuple[float, float], side: float, angle: float,
          ) -> tuple[list[FaceMark], float]:
    """The marks standing out from the face of a die (``centre``, ``side`` in pixels, turned
    by ``angle``) in a BGR image, and their median distance from the face's colour (Lab
    units)."""
    patch = M.crop_uint8(image, centre, side * AROUND / M.CROP_FACTOR, angle, SIDE)
    lab = cv2.cvtColor(patch.astype(np.float32) / 255.0, cv2.COLOR_BGR2Lab)
    s, c = SIDE / AROUND, SIDE / 2
    inner = slice(int(c - FACE * s), int(c + FACE * s) + 1)
    face = np.median(lab[inner, inner].reshape(-1, 3), axis=0)
    apart = cv2.GaussianBlur(np.linalg.norm(lab - face, axis=2), (0, 0), 0.6)
    z0, z1 = int(np.ceil(c - ZONE * s)), int(c + ZONE * s)
    zone = apart[z0:z1, z0:z1]
    top = float(zone.max())
    if top <= 0:
        return [], 0.0
    level, _ = cv2.threshold((zone / top * 255).astype(np.uint8), 0, 255,
                             cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    n, label, stats, centres = cv2.connectedComponentsWithStats(
        (zone > level / 255 * top).astype(np.uint8), connectivity=4)
    smallest = SMALLEST * np.pi * (0.08 * s) ** 2
    w = zone.shape[0]
    x, y, bw, bh, area = stats[1:].T
    keep = 1 + np.flatnonzero((area >= smallest) & (x > 0) & (y > 0) & (x + bw < w)
                              & (y + bh < w))  # not noise, nor reaching the zone's edge
    if not len(keep):
        return [], 0.0
    flat = label.ravel()
    colours = np.stack([np.bincount(flat, lab[z0:z1, z0:z1, ch].ravel(), n)[keep]
                        for ch in range(3)], axis=1) / stats[keep, cv2.CC_STAT_AREA][:, None]
    found = [FaceMark(float(stats[k, cv2.CC_STAT_AREA]), (float(centres[k][0]),
                                                          float(centres[k][1]))) for k in keep]
    return found, float(np.median(np.linalg.norm(colours - face, axis=1)))


def middle_off(found: list[FaceMark]) -> bool:
    """Whether the middle one of a three's or five's ``found`` marks (nearest the centre of
    them all) lies off the centre of the others (the corner pips, in a layout symmetric
    about their centre: ``SQUARE``) by ``OFF`` up to ``FAR`` x the corners' mean distance
    from their centre, and is not larger than they are, or lies under ``FAR`` off and is
    smaller than a pip (``LIKE_SIZED``).

    >>> pip = lambda x, y, a=50.0: FaceMark(a, (x, y))
    >>> corners = [pip(10, 10), pip(40, 40)]
    >>> middle_off(corners + [pip(25, 25)]), middle_off(corners + [pip(29, 21)])
    (False, True)
    >>> middle_off(corners + [pip(35, 15)])  # too far off: not this face's pips
    False
    >>> five = [pip(10, 10), pip(40, 10), pip(10, 40), pip(40, 40)]
    >>> middle_off(five + [pip(26, 25)]), middle_off(five + [pip(29, 22)])
    (False, True)
    >>> middle_off([pip(10, 10), pip(40, 10), pip(10, 25), pip(40, 40), pip(29, 22)])
    False
    >>> middle_off(corners + [pip(25, 25, 10.0)]), middle_off(corners + [pip(29, 21, 200.0)])
    (True, False)
    """
    xy = np.array([m.centre for m in found])
    i = int(np.argmin(np.linalg.norm(xy - xy.mean(axis=0), axis=1)))
    corners = np.delete(xy, i, axis=0)
    centre = corners.mean(axis=0)
    reach = float(np.linalg.norm(corners - centre, axis=1).mean())
    if reach <= 0:
        return False
    mirrors = 2 * centre - corners
    gaps = np.linalg.norm(mirrors[:, None, :] - corners[None, :, :], axis=2).min(axis=1)
    if gaps.max() > SQUARE * reach:
        return False  # the corners are not a face's corner pips
    off = float(np.linalg.norm(xy[i] - centre)) / reach
    area = found[i].area / float(np.median([m.area for k, m in enumerate(found) if k != i]))
    return off < FAR and ((off >= OFF and area <= LIKE_SIZED[1]) or area < LIKE_SIZED[0])


def glint_in_middle(image: np.ndarray, centre: tuple[float, float], side: float,
                    angle: float, value: int) -> bool:
    """Whether a die read as ``value`` (``centre``, ``side`` in pixels, turned by ``angle``)
    shows that many clear marks, the middle one off the centre pip's place (``middle_off``):
    a glint taken for a pip. False where that cannot be told."""
    if value not in CENTRED or side < MIN_SIDE:
        return False
    found, clear = marks(image, centre, side, angle)
    return len(found) == value and clear >= CLEAR and middle_off(found)
