"""An uncertain die boxed larger than itself, read again from smaller crops of its box.

A camera at a slant sees a die's top face, the side faces turned towards it and its shadow,
and the detector often boxes all of them: on the slanted-cubes probe, boxes two or three
times the top face's side. A crop of that box holds the top face small, off its middle, and
no classifier reads it surely: the die is left uncertain ("face could not be counted")
though a person reads it at a glance. Read again from crops ``SIZES`` x the box's side,
centred ``UP`` x the side above the box's middle, the top face often fills a crop.

Never at or below the middle: a slanted camera sees the side faces below the top face (the
camera is upright, as ``vision.slanted_top`` has it), and a crop there reads a side face
(a first version, over 600 slanted-cube scenes: crops at the middle read 13 dice wrongly
for 7 rightly; those above it, 47 rightly and none wrongly). Nor left or right of the
middle: those crops read 1 scene in 200 more and cost twice the rest.

The first classifier reads every crop; its likeliest ``TRIES``, read nearly as surely as a
pressed die must be (``candidates.nearly_sure``), are read by all four classifiers, and the
first read ``unanimous``ly at the pressed threshold is the die, unless the part above it
reads as a top face of another value (``slanted_top.top_looks``: a side face read). A one
never is: a small whole die in a larger crop is one blob, like a one's pip.

Only places left for ``REASONS`` are looked at (never one another check refused: a glint, a
side face read, a missing pip), only places clear of every other (``candidates.ALONE``: in
a pile a crop would read a neighbour), only boxes whose smallest crop is a die whose pips
can be counted (``candidates.SMALL_PIPS``), and at most ``PLACES`` a frame, the largest
first: each costs the classifiers 12 crops and up to 12 more. What is read is checked after
as every read die is (the slanted-top look, the glint, pip and more-pips checks).

The same crops tell a die read as a one from such a box. A small whole die in the middle of
a larger crop is one blob on the floor, like a one's pip, and the classifiers read it so
(the slanted-cubes probe seen 10-30 degrees off straight down: twos boxed with their shadow
at 2.1-2.6 x the top face's side, read as ones 0.70-0.90 sure, a wrong ruling). The crops
of its box read its own value: in 6-10 of the 12, by all four classifiers, one of them
0.94-1.0 sure. A one boxed about its size reads as a one there. So a die read as a one under
``ONE_DOUBTED`` sure, clear of every other place, whose crops read another value, by all
four classifiers each at least ``HALF`` sure, in ``SHARE`` of them or more and one at least
``OTHER_SURE`` sure (``read_otherwise``), is not ruled on as a one: read again from its
crops as an uncertain place is (``read_inside``), it is that die; else it is left
uncertain (``UNREAD``). Of the 453 ones read rightly but under 0.99 sure, on the shared
photos, 300 scenes of each probe and 200 slanted-cube scenes at each of 10, 20, 25 and 30
degrees (1,572 ones read rightly in all), no other value was read so by more than 6 crops
(touching dice: a neighbour in the crops), none over 0.78 sure.
"""

from __future__ import annotations

import numpy as np

from vision import model as M
from vision.candidates import NOT_DIE, SMALL_PIPS, clear_of_others, nearly_sure
from vision.larger_look import unanimous, unanimous_die
from vision.locate import Frames
from vision.slanted_top import top_looks
from vision.types import UNREAD, Die, Region, box_centre, box_side, square_box

SIZES = (0.45, 0.55, 0.65, 0.8)  # crops this x the uncertain box's side ...
UP = (-0.3, -0.2, -0.1)  # ... and this x above it (never below: the side faces lie there)
TRIES = 3  # the first classifier's likeliest crops read by all four
PLACES = 3  # at most this many uncertain places a frame are looked at, the largest first
REASONS = (UNREAD,)  # places left uncertain for these are looked at
ONE_DOUBTED = 0.95  # a die read as a one under this sure is looked at for another value ...
HALF = 0.5  # ... in its crops, each classifier reading that value at least this surely ...
SHARE = 0.5  # ... in at least this share of the crops ...
OTHER_SURE = 0.9  # ... one of them this sure (P of the later looks' mean)


def crop_places(centre: tuple[float, float], side: float) -> list[tuple[tuple[float, float],
                                                                        float]]:
    """The (centre, size) crops of a box (``centre``, ``side``): each of ``SIZES`` x its side,
    centred at each of ``UP`` x its side above its middle.

    >>> places = crop_places((100.0, 100.0), 50.0)
    >>> len(places), places[0], max(y for (_, y), _ in places), max(s for _, s in places)
    (12, ((100.0, 85.0), 22.5), 95.0, 40.0)
    """
    x, y = centre
    return [((x, y + dy * side), k * side) for k in SIZES for dy in UP]


def worth_looking(dice: list[Die], unsure: list[Region], least: float) -> list[Region]:
    """The ``unsure`` places to read from smaller crops: left for ``REASONS``, boxed at
    least ``least`` across (pixels), clear of every die and other place
    (``candidates.clear_of_others``), the ``PLACES`` largest.

    >>> read = [Die(3, (0.0, 0.0), (-20, -20, 20, 20), 0.99)]
    >>> near, far = (Region((x, 0.0), (int(x) - 30, -30, int(x) + 30, 30), UNREAD)
    ...              for x in (60.0, 200.0))
    >>> worth_looking(read, [near, far], 50.0) == [far], worth_looking(read, [far], 70.0)
    (True, [])
    """
    wanted = [i for i, r in enumerate(unsure) if r.reason in REASONS and box_side(r.box) >= least]
    if not wanted:
        return []  # most frames: no place to look at, and no distances to measure
    clear = clear_of_others([d.box for d in dice] + [r.box for r in unsure])[len(dice):]
    chosen = [unsure[i] for i in wanted if clear[i]]
    return sorted(chosen, key=lambda r: -box_side(r.box))[:PLACES]


Crops = tuple[list[M.Place], np.ndarray]
"""A box's ``crop_places`` as full-resolution places, and the first classifier's reads of
them (N, 7): ``inside``."""


def inside(fr: Frames, box: tuple[int, int, int, int]) -> Crops:
    """The ``crop_places`` of a ``box`` (image pixels) as full-resolution places turned to
    the die's axes, and the first classifier's reads of them (N, 7)."""
    f = fr.full_px
    x, y = box_centre(box)
    places = M.turned(fr.full, crop_places((x / f, y / f), box_side(box) / f))
    return places, M.run_classifier(M.crop_patches(fr.full, places))


def read_inside(fr: Frames, region: Region, sure: float) -> Die | None:
    """The die read from the crops of an uncertain ``region``'s box (``read_crops``)."""
    return read_crops(fr, inside(fr, region.box), sure)


def read_crops(fr: Frames, crops: Crops, sure: float) -> Die | None:
    """The die read ``unanimous``ly (each classifier at least ``sure``) from one of a box's
    ``crops`` (``inside``), in image pixels; None if none is, or if the first so read is a
    side face (``slanted_top.top_looks``)."""
    places, first = crops
    likely = nearly_sure(first, sure)
    order = [int(k) for k in np.argsort(-M.value_probability(first), kind="stable")
             if likely[k]][:TRIES]
    for k in order:  # one place at a time: the first read unanimously settles it
        place = places[k]
        seen = unanimous(fr.full, [place], sure, NOT_DIE)[0]
        if seen is not None:  # read: unless the part above it is a top face read otherwise
            side_face = top_looks(fr.full, [square_box(*place[:2])], [seen[0]])[0]
            return unanimous_die(place, seen, fr.full_px) if side_face is None else None
    return None


def read_within(fr: Frames, dice: list[Die], unsure: list[Region], sure: float,
                ) -> tuple[list[Die], list[Region]]:
    """``dice`` and ``unsure`` with each place ``worth_looking`` at that is read from a crop
    of its box (``read_inside``; ``sure``: the pressed threshold) a die in its place."""
    if sure > 1.0:
        return dice, unsure
    found: dict[int, Die] = {}
    for region in worth_looking(dice, unsure, SMALL_PIPS / SIZES[0] * fr.full_px):
        die = read_inside(fr, region, sure)
        if die is not None:
            found[id(region)] = die
    if not found:
        return dice, unsure
    return (dice + list(found.values()),
            [r for r in unsure if id(r) not in found])


def read_otherwise(fr: Frames, crops: Crops) -> bool:
    """Whether the ``crops`` of a die's box (``inside``), the die read as a one, show another
    value: at least ``SHARE`` of them read so by all four classifiers (``unanimous``, each
    at least ``HALF`` sure), one at least ``OTHER_SURE`` sure. Only those the first
    classifier reads so are shown the other three."""
    places, first = crops
    value = first[:, 1:].argmax(axis=1) + 1
    other = [k for k in range(len(places)) if value[k] != 1 and first[k, 0] < NOT_DIE
             and M.value_probability(first[k:k + 1])[0] >= HALF]
    need = SHARE * len(places)
    if len(other) < need:
        return False
    reads = [r for r in unanimous(fr.full, [places[k] for k in other], HALF, NOT_DIE)
             if r is not None]
    return len(reads) >= need and max(r[2] for r in reads) >= OTHER_SURE


def ones_within(fr: Frames, dice: list[Die], unsure: list[Region], sure: float,
                ) -> tuple[list[Die], list[Region]]:
    """``dice`` and ``unsure`` with each die read as a one under ``ONE_DOUBTED``, clear of
    every other place, large enough for its crops to be read (as ``worth_looking`` has it),
    whose crops show another value (``read_otherwise``) read again from the same crops
    (``read_crops``, ``sure``: the pressed threshold), or else made an uncertain place."""
    least = SMALL_PIPS / SIZES[0] * fr.full_px
    doubted = [i for i, d in enumerate(dice) if d.value == 1 and d.confidence < ONE_DOUBTED
               and box_side(d.box) >= least]
    if not doubted:
        return dice, unsure  # most frames: no one in doubt, no distances to measure
    clear = clear_of_others([d.box for d in dice] + [r.box for r in unsure])
    again: dict[int, Die | None] = {}  # each die refused: as read from its crops, or None
    for i in doubted:
        if clear[i]:
            crops = inside(fr, dice[i].box)
            if read_otherwise(fr, crops):
                again[i] = read_crops(fr, crops, sure) if sure <= 1.0 else None
    if not again:
        return dice, unsure
    return ([d for i, d in enumerate(dice) if i not in again]
            + [d for d in again.values() if d is not None],
            unsure + [Region(dice[i].center, dice[i].box, UNREAD, dice[i].confidence)
                      for i, d in again.items() if d is None])
