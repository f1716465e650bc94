"""Dice the reader boxed in part, read whole where the empty tray shows the whole die.

On a marbled or translucent die the detector may mark a pip, or half the face, as a die of
its own: a two becomes one or two small uncertain places ("pips too small to count"), or
now and then a one read 0.73-0.77 sure. The box knows better: against its empty tray
(``vision.reference``) each die shows as a blob of its own size (``blobs.die_blobs``). A read
die or uncertain place whose box is under ``PART`` x the side of the blob it lies in is part
of that blob's die, where the blob is one die's square (``one_die``: not two dice touching,
nor a die and its long shadow). Such a blob is read whole by the classifier and its two
opinions (``read_whole``), and settles all the reader saw in it (``wholes_read``): parts
alone become the die the three read surely, or one uncertain place; a die the reader read
whole there keeps its own box, its parts dropped, where the three read its value surely, and
stays as it was where they are unsure; where the three surely read a value that a die read
there, whole or in part, does not show, the blob is one uncertain place. Nothing here makes
a die sure where the classifiers are not.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision import model as M
from vision.blobs import Place, cleaned, closed_square
from vision.candidates import NOT_DIE
from vision.larger_look import Read, unanimous
from vision.types import READ_APART, UNREAD, Die, Reading, Region, box_side, square_box, verdict

PART = 0.7  # a box under this x its blob's side is part of the blob's die
WHOLE_SURE = 0.8  # each classifier's P(value) needed to read the blob as a die
FILLED = 0.75  # one die's blob fills this much of its smallest rectangle, or more
ALIKE = 0.2  # ... and that rectangle's side is within this share of the blob's
INSIDE = 0.5  # a box's centre within this x the blob's side of the blob's centre lies in it


def _in(place: Place, x: Die | Region) -> bool:
    (bx, by), side = place
    return abs(x.center[0] - bx) <= INSIDE * side and abs(x.center[1] - by) <= INSIDE * side


def _part_of(place: Place, x: Die | Region) -> bool:
    return _in(place, x) and box_side(x.box) < PART * place[1]


def read_whole(image: np.ndarray, places: list[Place]) -> list[Read | None]:
    """Each place, turned to the die's axes, read by the classifier and its two opinions
    (``larger_look.unanimous`` without the close look): its value where all three read it,
    ones too, at least ``WHOLE_SURE`` surely, else None."""
    return unanimous(image, M.turned(image, places), WHOLE_SURE, NOT_DIE, ones=True,
                     close=False)


def one_die(mask: np.ndarray, side: float, blob: Place) -> bool:
    """Whether ``blob`` (of ``blobs.die_blobs`` on ``mask`` for dice of about ``side``
    pixels) is one die's square: its component of the cleaned mask closed and square
    (``blobs.closed_square``, ``FILLED``), its side within ``ALIKE`` of the blob's. Two dice
    touching, or a die and its long shadow, are not."""
    (cx, cy), own = blob
    r = int(2 * own) + 2
    x0, y0 = max(0, int(cx) - r), max(0, int(cy) - r)
    near = cleaned(mask[y0:int(cy) + r + 1, x0:int(cx) + r + 1], side)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(near, connectivity=8)
    at = int(labels[int(cy) - y0, int(cx) - x0])
    square = closed_square(labels, stats, at, FILLED) if at else None
    return square is not None and abs(square[1] / own - 1.0) <= ALIKE


def wholes_read(image: np.ndarray, reading: Reading, mask: np.ndarray, side: float,
                blobs: list[Place]) -> Reading:
    """``reading`` with every blob that is one die's square (``one_die``) and holds part of
    a die (``PART``) read whole (``read_whole``), all the reader saw in it settled at once:
    where the classifiers are not sure of the blob, one uncertain place (but where the reader
    read a die of about the blob's size there: left as the reader saw it); where they are
    sure of another value than a die the reader read there, one uncertain place; where they
    are sure of the value of every die read there, the largest of those dice alone (its box
    the reader's, which the later checks look at), or with none read, a die of the blob's
    value in its place."""
    seen: list[Die | Region] = [*reading.dice, *reading.uncertain]
    parted = [b for b in blobs if any(_part_of(b, x) for x in seen) and one_die(mask, side, b)]
    if not parted:
        return reading
    dice, regions = list(reading.dice), list(reading.uncertain)
    for blob, read in zip(parted, read_whole(image, parted), strict=True):
        now: list[Die | Region] = [*dice, *regions]
        inside = [x for x in now if _in(blob, x)]
        read_in = [d for d in dice if _in(blob, d)]
        wholes = [d for d in read_in if not _part_of(blob, d)]
        if read is None and wholes:
            continue  # a die the reader saw whole, its parts unsettled: as the reader saw it
        agree = read is not None and all(d.value == read[0] for d in read_in)
        kept = max(wholes or read_in, key=lambda d: box_side(d.box)) if agree and read_in else None
        dice = [d for d in dice if d is kept or all(d is not x for x in inside)]
        regions = [r for r in regions if all(r is not x for x in inside)]
        box = square_box(*blob)
        if read is None:
            regions.append(Region(blob[0], box, UNREAD, 0.0))
        elif not agree:
            regions.append(Region(blob[0], box, READ_APART, 0.0))
        elif kept is None:
            dice.append(Die(read[0], blob[0], box, round(read[1], 3)))
    dice.sort(key=lambda d: (d.center[1], d.center[0]))
    dt, ut = tuple(dice), tuple(regions)
    return replace(reading, dice=dt, uncertain=ut, problem=verdict(dt, ut, reading.expect))
