"""Two dice side by side that the reader took for one, found by the shape they make.

Two dice pressed side by side are one blob on the floor, twice as long as it is wide. The
detector often marks such a pair once: a box on one die and none on the other (a pale one
beside a five), or one box on the pair, read as one of its dice. The issue's dark-cloth
scene has it: "two touching dice become one". The blob's outline tells what the detector
could not. Where the floor is not (``not_floor``: a pixel whose colour differs from the
frame's median by more than the floor's own spread allows), the blob under a read die or
an uncertain place whose least rectangle is ``LONG`` times as long as wide, and which fills
it (``FILLED``), is two dice of its width, each centred a quarter of its length from an
end (``Pair``). A die and its shadow, a die seen at a slant with its side face, a die
beside a tray's edge make such a blob too; so nothing is taken from the shape alone. Where
the reader read one die in the blob at most (``Pair.seen_as_one``), it reads both ends as it
reads a pressed die, and only when both are dice do they take the place of what it had
there (``vision.uncertain_looks.looked_at_pairs``). A blob holding two read dice is left
alone: they are the pair already, or the blob is three dice in a row, turned so that it
fits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.images import Pyramid
from vision.medians import median

SPREAD = 4.0  # a pixel is not floor when it differs from the floor's colour by this x the
LEAST = 25.0  # frame's median difference, and by at least this (grey levels, any channel)
LONG = (1.6, 2.5)  # a pair's blob is this many times as long as wide
FILLED = 0.6  # ... and fills this much of its least rectangle (dice turned apart fill less)
AREA = (0.5, 4.0)  # a pair's blob covers this x the set's side squared: two dice of about
#                   its size (and not a tray's edge, nor the floor round a pile); where every
#                   pair was read as one die from a box over both, the set's side is that
#                   box's, 1.8x a die's, and a pair covers 0.6 of it squared
SMALLEST = 16.0  # the blobs are found in the frame halved while the set's side stays this large
INSIDE = 0.1  # a centre in the pair's rectangle grown by this x its width is the pair's

Point = tuple[float, float]


def not_floor(image: np.ndarray, floor: np.ndarray | None = None,
              spread: float | None = None, least: float = LEAST) -> np.ndarray:
    """(H, W) uint8 mask, 1 where the BGR ``image`` is not its floor: every pixel whose colour
    differs in some channel from the floor's colour (``floor``, BGR; else the frame's
    median colour) by more than ``SPREAD`` x the floor's own spread (``spread``: the
    median such difference of floor pixels; else of the frame's), and ``least`` at least;
    specks opened away, a die's pips closed in.

    >>> floor = np.full((60, 80, 3), 90, np.uint8)
    >>> floor[20:40, 10:30] = 230  # a die
    >>> int(not_floor(floor).sum()), int(not_floor(floor)[30, 20])
    (400, 1)
    >>> tray = floor.copy(); tray[:, 40:] = 200  # a table beside the tray, the tray's colour
    >>> int(not_floor(tray, np.array([90.0] * 3), 1.0)[30, 20])  # given: the die is not floor
    1
    """
    if floor is None:
        floor = median(image[::8, ::8].reshape(-1, 3), axis=0)
    diff = channel_difference(image, floor)
    if spread is None:
        spread = float(median(diff[::8, ::8]))
    level = max(least, SPREAD * spread)
    mask = cv2.morphologyEx((diff > level).astype(np.uint8), cv2.MORPH_OPEN,
                            np.ones((3, 3), np.uint8))
    return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))


def channel_difference(image: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """(H, W) uint8: how far each pixel of the BGR ``image`` lies from ``colour`` (BGR) in
    its most different channel."""
    b, g, r = cv2.split(cv2.absdiff(image, np.array([*colour.tolist(), 0.0])))  # a scalar
    return np.asarray(cv2.max(cv2.max(b, g), r))


@dataclass(frozen=True)
class Pair:
    """Two dice side by side: the centre of their blob, its length and width (a die's side)
    and the angle of its length (degrees)."""

    centre: Point
    length: float
    width: float
    angle: float

    @property
    def ends(self) -> tuple[Point, Point]:
        """The two dice's centres: a quarter of the length from either end.

        >>> Pair((50.0, 20.0), 40.0, 20.0, 0.0).ends
        ((40.0, 20.0), (60.0, 20.0))
        """
        a = math.radians(self.angle)
        dx, dy = self.length / 4 * math.cos(a), self.length / 4 * math.sin(a)
        x, y = self.centre
        return (x - dx, y - dy), (x + dx, y + dy)

    def places(self, end: Point, sizes: tuple[float, ...]) -> list[tuple[Point, float, float]]:
        """(centre, size, angle) places of a die at ``end``, its side ``sizes`` x the pair's
        width, turned as the pair is: two dice side by side lie square to their blob.

        >>> Pair((50.0, 20.0), 40.0, 20.0, 80.0).places((50.0, 10.0), (1.0, 1.2))
        [((50.0, 10.0), 20.0, -10.0), ((50.0, 10.0), 24.0, -10.0)]
        """
        turn = (self.angle + 45.0) % 90.0 - 45.0
        return [(end, k * self.width, turn) for k in sizes]

    def holds(self, point: Point) -> bool:
        """Whether ``point`` lies in the pair's rectangle (grown by ``INSIDE`` x its width).

        >>> p = Pair((50.0, 20.0), 40.0, 20.0, 90.0)
        >>> p.holds((50.0, 38.0)), p.holds((36.0, 20.0))
        (True, False)
        """
        a = math.radians(self.angle)
        dx, dy = point[0] - self.centre[0], point[1] - self.centre[1]
        along = dx * math.cos(a) + dy * math.sin(a)
        across = -dx * math.sin(a) + dy * math.cos(a)
        grow = INSIDE * self.width
        return abs(along) <= self.length / 2 + grow and abs(across) <= self.width / 2 + grow

    def seen_as_one(self, centres: list[Point]) -> bool:
        """Whether at most one of the reader's ``centres`` (of read dice) lies in the pair:
        the detector took the two for one (a box on one die, or on both). With two there,
        the pair is read already, or its blob holds more dice than two.

        >>> p = Pair((50.0, 20.0), 40.0, 20.0, 0.0)
        >>> p.seen_as_one([(50.0, 20.0), (150.0, 20.0)])  # a box on both dice
        True
        >>> p.seen_as_one([(41.0, 20.0), (59.0, 21.0)])  # one at each end
        False
        """
        return sum(self.holds(c) for c in centres) <= 1


def blob_level(levels: Pyramid, side: float) -> tuple[np.ndarray, float]:
    """The level of the pyramid ``levels`` where blobs are looked for: halved while a die
    (``side`` pixels in ``levels[0]``) stays ``SMALLEST`` across; and its scale.

    >>> image, scale = blob_level(Pyramid(np.zeros((480, 640, 3), np.uint8)), 70.0)
    >>> image.shape, scale
    ((120, 160, 3), 0.25)
    """
    k = 0
    while side / 2 ** (k + 1) >= SMALLEST and min(levels[k].shape[:2]) >= 64:
        k += 1
    return levels[k], 1.0 / 2 ** k


def pairs(levels: Pyramid, places: list[Point], side: float) -> list[Pair]:
    """The pairs (``Pair``) whose blob in the image (``levels[0]``, looked at on the level of
    its pyramid ``levels`` where a die is about ``SMALLEST`` across) lies under any of
    ``places`` (the reader's dice and uncertain places), one per blob; ``side``: the set's
    side, which bounds a blob's area (``AREA``).

    >>> floor = np.full((80, 120, 3), 60, np.uint8)
    >>> floor[30:50, 20:60] = 220  # two dice side by side
    >>> floor[30:50, 80:100] = 220  # a die alone
    >>> (pair,) = pairs(Pyramid(floor), [(30.0, 40.0), (90.0, 40.0)], 20.0)
    >>> [tuple(round(v) for v in end) for end in pair.ends]
    [(30, 40), (49, 40)]
    """
    if not places:
        return []
    image, scale = blob_level(levels, side)
    mask = not_floor(image)
    _, blobs, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    h, w = mask.shape
    out: list[Pair] = []
    seen: set[int] = set()
    for x, y in ((x * scale, y * scale) for x, y in places):
        k = int(blobs[min(max(int(y), 0), h - 1), min(max(int(x), 0), w - 1)])
        if k == 0 or k in seen:
            continue
        seen.add(k)
        bx, by, bw, bh, area = (int(v) for v in stats[k])
        if not AREA[0] <= area / (side * scale) ** 2 <= AREA[1]:
            continue
        ys, xs = np.nonzero(blobs[by:by + bh, bx:bx + bw] == k)
        points = np.column_stack([xs + bx, ys + by]).astype(np.float32)
        (cx, cy), (rw, rh), angle = cv2.minAreaRect(points)
        if rw < rh:
            rw, rh, angle = rh, rw, angle + 90.0
        angle = (angle + 90.0) % 180.0 - 90.0  # the length's direction, either way along it
        if rh <= 0 or not LONG[0] <= rw / rh <= LONG[1] or area < FILLED * rw * rh:
            continue
        out.append(Pair((float(cx) / scale, float(cy) / scale), float(rw) / scale,
                        float(rh) / scale, float(angle)))
    return out
