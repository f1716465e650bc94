"""A die the detector marked in pieces, found whole as one blob unlike the floor.

On a plain floor, a die of one strong colour whose pips stand out more than its body does (a
red die with white pips on a dark tray, a black one on deep purple) is sometimes marked by
the detector in pieces: its two halves, a half and its pips, or the die and a sliver
beside it. Each piece is then a place with another touching it, and none is read; or the
die is read and the sliver stays uncertain, so the frame is never ready to rule on.

The floor round such a place is of one colour, and the die is a blob unlike it.
``blob_around`` looks round a place (``REACH`` x its side each way) and takes the blob
there that is not floor, as ``vision.paired_dice.not_floor`` tells it (its pips closed
in), but on the look alone: a tray on a table is the floor of its dice, though the table
may fill most of the frame. Only one closed blob counts (it does not reach the look's
edge: a pile of dice, a crowd or a busy floor goes on), square and filling its smallest
rectangle as a die's rounded face does (``FILLED``: ``vision.blobs.closed_square``), and
larger than the place (``PIECE``: the place was a piece of it). Two dice touching make an
oblong blob (the pairs ``vision.paired_dice`` reads), a pile an irregular one: neither is
a die here.

``whole_dice`` reads each such blob as a die by all four classifiers (``vision.larger_look
.unanimous``), as surely as a die pressed against another must be, where its body shows
against the floor; the die stands in place of every piece its blob covers, and of a die
read there already only when that die was read as the same value. A die read there as
another value is not overruled, but no longer ruled on either: the whole face and a piece
of it read apart (a 98 px two on a pale floor marked in halves, one half read surely as a
one, the whole read as a two by all four), so the whole die is one uncertain region.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision import model as M
from vision.blobs import Square, closed_square
from vision.candidates import NOT_DIE, first_nearly_sure
from vision.die_body import body_contrast
from vision.larger_look import unanimous, unanimous_die
from vision.paired_dice import not_floor
from vision.types import UNREAD, Die, Region, box_centre, box_side

REACH = 3.0  # the blob is sought within this x the place's side each way of its centre
LOOK = 96  # ... on a look this many pixels across
FILLED = 0.8  # the blob fills this much of its smallest rectangle (rounded corners)
PIECE = 1.1  # the blob is at least this x the place's side: the place was a piece of it
MOVED = 0.75  # the blob's centre lies within this x its side of the place's centre
BODY = 10.0  # the die's body differs this much from the floor (``body_contrast``)
GRAIN = 0.1  # where no blob shows, the look is smoothed this x the place's side and looked at again
TWICE = 0.9  # two dice read alike nearer than this x the larger's side: one die read twice?


def blob_around(image: np.ndarray, centre: tuple[float, float], side: float,
                reach: float = REACH) -> Square | None:
    """The blob unlike the floor round a place at ``centre`` (``side`` pixels across) in a
    BGR image, as a (centre, side, angle) place, where it is one closed square blob larger
    than the place (see the module) within ``reach`` x the side each way; else None.

    >>> floor = np.full((240, 320, 3), (90, 40, 60), np.uint8)
    >>> die = cv2.rectangle(floor.copy(), (130, 90), (189, 149), (40, 40, 200), -1)
    >>> for x, y in ((145, 105), (175, 135)):
    ...     die = cv2.circle(die, (x, y), 6, (240, 240, 240), -1)
    >>> (x, y), side, angle = blob_around(die, (145.0, 108.0), 30.0)
    >>> round(x), round(y), 58 <= side <= 62
    (159, 119, True)
    >>> two = cv2.rectangle(die.copy(), (190, 90), (249, 149), (40, 40, 200), -1)
    >>> blob_around(two, (145.0, 108.0), 30.0) is None  # two dice touching: oblong
    True
    >>> blob_around(die, (160.0, 120.0), 60.0) is None  # the place is the whole die
    True
    """
    half = reach * side
    px = round(LOOK * reach / REACH)  # as many look pixels a die's side, however far it reaches
    m = M.crop_matrix(centre, 2 * half / M.CROP_FACTOR, 0.0, px)
    look = cv2.warpAffine(image, m, (px, px), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)
    k = px / (2 * half)  # look pixels per image pixel
    c = px // 2
    square = _middle_square(look)
    if square is None:  # no square at all: a grainy floor (felt, carpet) may hide a body
        square = _middle_square(cv2.GaussianBlur(look, (0, 0), GRAIN * side * k))  # unlike it
    if square is None:
        return None
    (bx, by), found, angle = square
    found /= k
    if found < PIECE * side or np.hypot(bx - c, by - c) / k > MOVED * found:
        return None
    ix, iy = cv2.invertAffineTransform(m) @ np.array([bx, by, 1.0])
    return (float(ix), float(iy)), float(found), angle


def _middle_square(look: np.ndarray) -> Square | None:
    """The blob unlike the floor (``not_floor``) in the middle of a square ``look``, where it
    is one closed square (``closed_square``, ``FILLED``)."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(not_floor(look), connectivity=8)
    c = look.shape[0] // 2
    middle = labels[c - 2:c + 3, c - 2:c + 3].ravel()
    middle = middle[middle > 0]
    if n < 2 or not len(middle):
        return None
    return closed_square(labels, stats, int(np.bincount(middle).argmax()), FILLED)


def _covers(place: Square, point: tuple[float, float]) -> bool:
    """Whether ``point`` lies within the square of ``place`` (turned as it is)."""
    (x, y), side, angle = place
    t = np.radians(angle)
    dx, dy = point[0] - x, point[1] - y
    u, v = dx * np.cos(t) + dy * np.sin(t), -dx * np.sin(t) + dy * np.cos(t)
    return bool(max(abs(u), abs(v)) <= side / 2)


def read_twice(read: list[Die]) -> list[Die]:
    """The ``read`` dice with another read as the same value nearer than ``TWICE`` x the
    larger one's side: two dice cannot lie so near, so one die may have been read twice, in
    two pieces.

    >>> d = lambda x, v=6, s=40: Die(v, (x, 50.0), (x - s // 2, 30, x + s // 2, 70), 0.9)
    >>> [r.center[0] for r in read_twice([d(100), d(130), d(300), d(330, 5)])]
    [100, 130]
    """
    return [d for d in read if any(
        e is not d and e.value == d.value
        and np.hypot(d.center[0] - e.center[0], d.center[1] - e.center[1])
        < TWICE * max(box_side(d.box), box_side(e.box)) for e in read)]


def whole_dice(full: np.ndarray, f: float, read: list[Die], unsure: list[Region],
               sure: float) -> tuple[list[Die], list[Region]]:
    """``read`` and ``unsure`` with each die found whole round an uncertain place or a die
    maybe read twice (``read_twice``; ``blob_around``, in ``full``, the frame the reader
    reads, ``f`` image pixels per pixel of it) in place of the pieces and the dice of its
    value it covers, where all four classifiers read it alike at least ``sure``
    (``unanimous``) and its body shows. Where a die inside such a blob was read as another
    value, the blob, pieces and dice, is one uncertain region (``UNREAD``)."""
    blobs: list[Square] = []
    looked: list[Die | Region] = [*unsure, *read_twice(read)]
    for r in sorted(looked, key=lambda r: -r.confidence):
        (x, y), side = box_centre(r.box), box_side(r.box)
        if any(_covers(b, (x / f, y / f)) for b in blobs):
            continue
        blob = blob_around(full, (x / f, y / f), side / f)
        if blob is not None:
            blobs.append(blob)
    blobs = [b for b in blobs if body_contrast(full, *b) >= BODY]
    if not blobs:
        return read, unsure
    places = M.turned(full, [(b[0], b[1]) for b in blobs])
    likely = first_nearly_sure(full, places, sure)
    blobs = [b for b, keep in zip(blobs, likely, strict=True) if keep]
    places = [p for p, keep in zip(places, likely, strict=True) if keep]
    dice, pieces = list(read), list(unsure)
    for blob, place, seen in zip(blobs, places, unanimous(full, places, sure, NOT_DIE,
                                                          ones=True), strict=True):
        if seen is None:
            continue
        inside = [d for d in dice if _covers(blob, (d.center[0] / f, d.center[1] / f))]
        whole = unanimous_die(place, seen, f)
        dice = [d for d in dice if all(d is not o for o in inside)]
        pieces = [r for r in pieces
                  if not _covers(blob, (r.center[0] / f, r.center[1] / f))]
        if all(d.value == whole.value for d in inside):
            dice.append(whole)
        else:  # read apart: not for this look to overrule, nor to leave ruled on
            pieces.append(Region(whole.center, whole.box, UNREAD,
                                 min(d.confidence for d in inside)))
    return dice, pieces
