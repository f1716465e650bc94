"""A die read from a box on part of it is read again whole: it must read the same.

The detector's box is now and then smaller than the die or off its middle: on a glossy die,
one pip and a glint boxed as if they were the whole face (a one read as a two or a three,
a three as a five). The classifiers read what the box holds, and may read it surely.

Where the die is one closed square blob unlike the floor, larger than its box (up to
``WHOLE`` x its side: a larger blob is a tray round the die), the die is read again at the
blob (``vision.die_pieces.blob_around``, within ``REACH`` x the side), turned to its axes:
by the first classifier, and unless it reads the box's value surely (``AGREED``), by the two
opinions too. If any of them names another value (and does not take the blob for no die),
the box and the whole die read apart: the die is not ruled on (``READ_APART``). Not looked
at again: a die boxed whole; one not alone, another die or uncertain place near it
(``candidates.alone``: their blob is no closed square); and one whose blob hangs below its
box (``BELOW``), a die seen by a slanted camera and boxed by its top face, whose whole shows
its side faces too (the camera upright, as in ``vision.slanted_top``).

Measured (round 47) on every die read less than 0.999 sure (``reader.PLAIN``): in the 553
shared photos every blob found reads as its box did; over 600 glossy-dice scenes, 13 of
the 32 dice ruled wrongly are no longer ruled on, for six scenes no longer read exactly
right (a four whose whole reads as a five by its glint, threes one opinion reads as fives
whole, ones read as threes whole); over 600 slanted-cube scenes, 3 of 60, for two scenes.
"""

from __future__ import annotations

import numpy as np

from vision import model as M
from vision.candidates import alone
from vision.die_pieces import blob_around
from vision.types import Die, Reading, box_centre, box_side

NOT_DIE = 0.5  # a read this likely "not a die" names no value
AGREED = 0.99  # the first classifier reading the whole die as the box's value this surely
#                settles it; less surely, the two opinions are asked too
WHOLE = 2.0  # a blob over this x the box is not the die it holds: a tray round a die
REACH = 2.0  # ... so the blob is sought within this x the box's side each way of its middle
BELOW = 0.2  # a blob whose middle lies this x the box's side below the box's is a die seen
#               at a slant, boxed by its top face: the whole shows its side faces too


def boxed_in_part(image: np.ndarray, reading: Reading, below: float) -> list[Die]:
    """The pip dice of ``reading`` read under ``below`` sure, clear of every other die and
    uncertain place (``candidates.alone``: within ``candidates.ALONE`` x its side of
    another, their blob is no closed square), whose whole reads otherwise
    (``read_apart``)."""
    return [d for d in alone(reading)
            if isinstance(d.value, int) and d.confidence < below
            and read_apart(image, box_centre(d.box), box_side(d.box), d.value)]


def read_apart(image: np.ndarray, centre: tuple[float, float], side: float,
               value: int) -> bool:
    """Whether a die read as ``value`` from a box (``centre``, ``side`` pixels) lies in a
    closed square blob larger than the box that a classifier reads as another value (see
    the module); the blob is read turned to its own axes.

    >>> import cv2
    >>> floor = np.full((240, 320, 3), (60, 120, 60), np.uint8)
    >>> die = cv2.rectangle(floor, (130, 90), (189, 149), (200, 90, 40), -1)
    >>> die = cv2.circle(die, (160, 120), 7, (240, 240, 240), -1)
    >>> read_apart(die, (160.0, 120.0), 60.0, 1)  # boxed whole: not looked at again
    False
    """
    blob = blob_around(image, centre, side, REACH)
    if blob is None or blob[1] > WHOLE * side or blob[0][1] - centre[1] >= BELOW * side:
        return False
    places = M.turned(image, [(blob[0], blob[1])])
    patches = M.crop_patches(image, places)
    temperature = M.calibration().temperature
    for name in (M.CLASSIFIER, *M.OPINIONS):
        probs = M.softmax(M.run_classifier_raw(patches, name)[0], temperature)[0]
        named = int(probs[1:].argmax()) + 1
        if probs[0] < NOT_DIE and named != value:
            return True
        if name == M.CLASSIFIER and probs[named] >= AGREED:  # read alike, surely: so be it
            return False
    return False
