"""A clean die the detector did not mark at all, found as a square blob on the dice's floor.

On a plain tray the detector sometimes leaves one die of a roll without any mark, the
others read well: no place, so no look at it, and the roll reads one die short (a green
one beside a green two on a slate tray; a red six on brown). The issue's dark-cloth scene
had it too ("15 of 31 sixes get no box at all").

The read dice show what the floor under them looks like. ``floor_round`` takes its colour
and grain from a ring round each read die (``RING``: beyond its box, within the gap dice
leave between them), and ``vision.paired_dice.not_floor`` marks what is not that floor,
on the pyramid level where a die is about 16 px (``paired_dice.blob_level``). There, a
blob of the set's size (``AREA``; up to ``FEW_LARGEST`` where ``FEW`` dice or fewer were read:
a die's box may be far too small) that is closed and square (``vision.blobs.closed_square``)
and lies apart from every read die and uncertain place (``APART``: a die read off its
centre, or boxed too large, still lies on it) is a die-shaped thing nothing looked at:
``missed_dice`` reads it by all four classifiers (``vision.larger_look.unanimous``), as
surely as a die pressed against another must be, and keeps it where its body shows against
the floor (``BODY``; a one, whose lone pip a speck on the floor makes too, ``ONE_BODY``).
A tray's rim, the table beyond it, a card or a pile make no die-sized square blob; a coin
or a counter of a die's size may, and no classifier reads pips on it.

A frame where no die was read at all has no read dice to show the floor or the set's size:
a black die on a dark floor may show the detector only a pip, or nothing. There
``lone_dice`` takes the frame's own median colour for the floor (``not_floor`` by
``LONE_LEAST`` at least: a black die differs from a dark floor by 25 grey levels or less)
and any closed square blob of a die's size (``LONE_SIDE`` up to ``LONE_LARGEST`` of the
frame) that no uncertain place as large lies on, reads it the same way, and drops the
uncertain places on a die it reads (its pips, marked as dice too small to count).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision import model as M
from vision.blobs import closed_square
from vision.candidates import NOT_DIE, first_nearly_sure
from vision.die_body import body_contrast
from vision.images import Pyramid
from vision.larger_look import unanimous, unanimous_die
from vision.medians import median
from vision.paired_dice import blob_level, channel_difference, not_floor
from vision.types import Die, Region, box_side

RING = (0.7, 1.1)  # the floor: on square rings these x the die's side from its centre ...
SAMPLES = 8  # ... sampled at this many points along each side
AREA = (0.35, 2.0)  # a missed die's blob covers this x the set's side squared ...
FILLED = 0.8  # ... and this much of its smallest rectangle (a coin less: a disc 0.79)
APART = 0.75  # ... and lies this x its side or the place's from every place looked at
FEW = 2  # with this many dice read or fewer, their boxes tell the set's size loosely ...
FEW_LARGEST = 4.0  # ... and a blob up to this x the set's side squared may be a die (a six
#                    read in a 30 px box beside a 51 px four: 2.9)
MOST = 8  # at most this many blobs are read a frame, the likeliest sized first
BODY = 10.0  # a die's body differs this much from the floor (``body_contrast``) ...
ONE_BODY = 20.0  # ... a one's this much (a speck makes a lone pip, but no die-sized square:
#                  black ones alone on a dark floor show 26-27)
LONE_SIDE = (20.0, 40.0)  # with no die read: a blob this many pixels across or more, looked
#                           for where a die the second size is about 16 px
LONE_LARGEST = 0.4  # ... up to this x the frame's shorter side (not a tray, nor the table)
PIECES = 0.6  # ... where no uncertain place this x its side or larger was looked at
LONE_LEAST = 12.0  # ... unlike the floor by this at least (grey levels; a black die on a dark
#                    floor differs by 25 or less), or by the floor's spread allows

Spot = tuple[tuple[float, float], float]  # a centre and a side


def floor_round(image: np.ndarray, centres: list[tuple[float, float]], side: float,
                ) -> tuple[np.ndarray, float] | None:
    """The colour (BGR) of the floor round dice at ``centres`` (``side`` pixels across) in a
    BGR image, the median of the ``RING`` squares round each (``SAMPLES`` a side), and its
    spread (the median difference
    of those pixels from it, in their most different channel); None where no ring lies in
    the image.

    >>> image = np.full((100, 100, 3), 60, np.uint8); image[40:60, 40:60] = 220
    >>> colour, spread = floor_round(image, [(50.0, 50.0)], 20.0)
    >>> colour.tolist(), spread
    ([60.0, 60.0, 60.0], 0.0)
    """
    if not centres:
        return None
    h, w = image.shape[:2]
    t = np.linspace(-1.0, 1.0, SAMPLES, endpoint=False)  # along each side of each square
    ring = np.concatenate([np.stack(xy, axis=1) for r in RING for xy in
                           ((t * r, -r + 0 * t), (r + 0 * t, t * r), (-t * r, r + 0 * t),
                            (-r + 0 * t, -t * r))]) * side  # two square rings round a centre
    at = (np.asarray(centres, np.float64)[:, None, :] + ring[None]).reshape(-1, 2)
    inside = (at[:, 0] >= 0) & (at[:, 0] <= w - 1) & (at[:, 1] >= 0) & (at[:, 1] <= h - 1)
    at = np.rint(at[inside]).astype(np.int64)
    pixels = image[at[:, 1], at[:, 0]]
    if not len(pixels):
        return None
    colour = median(pixels.astype(np.float64), axis=0)
    spread = float(median(channel_difference(pixels[:, None, :], colour).ravel()))
    return colour, spread


def blobs_missed(levels: Pyramid, read: list[Spot], unsure: list[Spot], side: float,
                 ) -> list[Spot]:
    """The die-sized square blobs not of the read dice's floor (see the module) lying apart
    from the ``read`` dice and the ``unsure`` places, as (centre, side) in ``levels[0]``'s
    pixels as those are, those nearest the set's ``side`` first (``MOST`` at most)."""
    image, scale = blob_level(levels, side)
    floor = floor_round(image, [(x * scale, y * scale) for (x, y), _ in read], side * scale)
    if floor is None:
        return []
    most = AREA[1] if len(read) > FEW else FEW_LARGEST
    area = (AREA[0] * (side * scale) ** 2, most * (side * scale) ** 2)
    out = [((x, y), s) for (x, y), s in square_blobs(not_floor(image, *floor), scale, area)
           if all(np.hypot(x - lx, y - ly) > APART * max(s, ls) for (lx, ly), ls in read + unsure)]
    return sorted(out, key=lambda b: abs(np.log(b[1] / side)))[:MOST]


def square_blobs(mask: np.ndarray, scale: float, area: tuple[float, float]) -> list[Spot]:
    """The closed square blobs (``closed_square``, ``FILLED``) of a mask whose area (its
    pixels) lies within ``area``, as (centre, side) in the pixels of a level 1 / ``scale``
    times larger.

    >>> mask = np.zeros((40, 60), np.uint8); mask[10:20, 10:20] = 1; mask[10:30, 35:45] = 1
    >>> square_blobs(mask, 0.5, (50.0, 400.0))
    [((29.0, 29.0), 20.0)]
    """
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    out = []
    for k in range(1, n):
        if area[0] <= stats[k, cv2.CC_STAT_AREA] <= area[1]:
            square = closed_square(labels, stats, k, FILLED)
            if square is not None:
                (x, y), s, _ = square
                out.append(((x / scale, y / scale), s / scale))
    return out


def missed_dice(full: np.ndarray, levels: Pyramid, f: float, read: list[Die],
                unsure: list[Region], sure: float) -> list[Die]:
    """The dice nothing marked (``blobs_missed``, in ``full``, the frame the reader reads,
    whose pyramid is ``levels``; ``f`` image pixels per pixel of it), read alike by all four
    classifiers at least ``sure`` (``unanimous``) where their body shows; in image pixels.
    Only a frame with dice read has a floor and a set's size to go by."""
    if not read:
        return []

    seen = spots(read, f)
    side = float(median([s for _, s in seen]))
    return read_blobs(full, blobs_missed(levels, seen, spots(unsure, f), side), f, sure)


def spots(places: list[Die] | list[Region], f: float) -> list[Spot]:
    """The (centre, side) of read dice or uncertain places (image pixels) in the pixels of
    a frame ``f`` times smaller."""
    return [((p.center[0] / f, p.center[1] / f), box_side(p.box) / f) for p in places]


def read_blobs(full: np.ndarray, blobs: list[Spot], f: float, sure: float) -> list[Die]:
    """The dice at square ``blobs`` of ``full`` (centre, side in its pixels; ``f`` image
    pixels per pixel of it), read alike by all four classifiers at least ``sure``
    (``unanimous``) where their body shows, in image pixels; only blobs the first classifier
    reads nearly surely are shown all four."""
    places = M.turned(full, blobs)
    places = [p for p, likely in zip(places, first_nearly_sure(full, places, sure),
                                     strict=True) if likely]
    return [unanimous_die(place, read_as, f) for place, read_as in
            zip(places, unanimous(full, places, sure, NOT_DIE, ones=True), strict=True)
            if read_as is not None
            and body_contrast(full, *place) >= (ONE_BODY if read_as[0] == 1 else BODY)]


def blobs_alone(levels: Pyramid, unsure: list[Spot]) -> list[Spot]:
    """With no die read: the square blobs not of the frame's floor (its median colour, on
    the pyramid level where a die of ``LONE_SIDE`` is about 16 px) of any die's size
    (``LONE_SIDE`` up to ``LONE_LARGEST`` x the frame's shorter side), as (centre, side) in
    ``levels[0]``'s pixels, largest first (``MOST`` at most); not where an uncertain place
    as large (``PIECES`` x the blob's side) was looked at already."""
    image, scale = blob_level(levels, LONE_SIDE[1])
    area = ((LONE_SIDE[0] * scale) ** 2 * FILLED, (LONE_LARGEST * min(image.shape[:2])) ** 2)
    out = [((x, y), s) for (x, y), s in square_blobs(not_floor(image, least=LONE_LEAST), scale,
                                                     area)
           if all(np.hypot(x - ux, y - uy) > s / 2 or us < PIECES * s for (ux, uy), us in unsure)]
    return sorted(out, key=lambda b: -b[1])[:MOST]


def lone_dice(full: np.ndarray, levels: Pyramid, f: float, unsure: list[Region], sure: float,
              ) -> tuple[list[Die], list[Region]]:
    """In a frame where no die was read, the dice found as square blobs on the frame's floor
    (``blobs_alone``) and read as ``missed_dice`` reads them (``read_blobs``), and the
    ``unsure`` places less those that lie on them (their pips, marked as dice too small).
    A black die on a dark floor may show the detector nothing but a pip, or nothing at all,
    and no read die tells the floor's colour or the dice's size."""
    dice = read_blobs(full, blobs_alone(levels, spots(unsure, f)), f, sure)
    left = [r for r in unsure if not any(
        np.hypot(r.center[0] - d.center[0], r.center[1] - d.center[1]) <= box_side(d.box) / 2
        for d in dice)]
    return dice, left
