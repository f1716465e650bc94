"""Labelled photos -> a ``Profile``: each confirmed die is cropped where the reader sees it.

A labelled pip die the plain reader found (its centre inside the label's box grown by a
quarter) is taught at the reader's centre and size, as later reads will crop it; a symbol
die (which the pip detector does not size well), or a die it missed, at the box's centre,
its side found from the box and the turn of the die's edges (a turned die's upright box is
wider than the die).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

from vision import model as M
from vision.dataset import LabeledDie, match, match_places
from vision.looks import Look
from vision.profile import Profile, Shot, TaughtDie
from vision.reader import read_dice
from vision.types import Die, Region, box_centre, box_side, turned_side

LOOK_GAIN = 0.1  # another look must read this share of the taught dice more right ...
LOOK_MIN = 2  # ... and at least this many dice
WRONG_COST = 5  # a sure read wrong weighs as this many dice read right


def shot_from_labels(image: np.ndarray, dice: Sequence[LabeledDie]) -> Shot:
    """A teaching picture: ``image`` with its labelled dice placed as the reader sees them."""
    reading = read_dice(image)
    found: list[Die | Region] = [*reading.dice, *reading.uncertain]
    seen = [(box_centre(d.box), box_side(d.box)) for d in found]  # where the reader looked
    pairs = match_places([d.center for d in found], dice)  # a die's top face, a region's place
    taught = []
    for i, lab in enumerate(dice):
        if i in pairs and isinstance(lab.value, int):
            center, size = seen[pairs[i]]
        else:
            center, size = lab.center, die_side(image, lab)
        taught.append(TaughtDie(lab.value, (float(center[0]), float(center[1])), float(size)))
    return Shot(image, tuple(taught))


def die_side(image: np.ndarray, die: LabeledDie) -> float:
    """The side of a square die from its upright box: box side / (|cos a| + |sin a|), where
    a is the dominant direction of the edges in the box."""
    x0, y0, x1, y1 = die.box
    box = max(x1 - x0, y1 - y0)
    crop = cv2.cvtColor(M.crop_uint8(image, die.center, box / M.CROP_FACTOR),
                        cv2.COLOR_BGR2GRAY).astype(np.float32)
    gx, gy = cv2.Sobel(crop, cv2.CV_32F, 1, 0), cv2.Sobel(crop, cv2.CV_32F, 0, 1)
    a = float(np.angle(((gx * gx + gy * gy) * np.exp(4j * np.arctan2(gy, gx))).sum()) / 4)
    return turned_side(box, math.degrees(a))


def look_score(shots: Sequence[Shot], look: Look) -> tuple[int, int]:
    """(confirmed dice read right, confirmed dice read surely as another value) when the
    teaching pictures are shown in ``look``. A sure read on no confirmed die is not held
    against a look: at the box, the confirmed dice are the ones the reader found as the
    frame came, and dark dice it missed so are what another look finds."""
    right = wrong = 0
    for shot in shots:
        labels = tuple(LabeledDie.square(d.face, d.center, d.size) for d in shot.dice)
        s = match(read_dice(look.shown(shot.image)).dice, labels)
        right += s.right
        wrong += len(s.wrong)
    return right, wrong


def choose_look(shots: Sequence[Shot]) -> Look:
    """The look the taught dice read best in (``vision.looks``), each look scored by its
    dice read right less ``WRONG_COST`` for each sure read wrong (``look_score``): as seen,
    unless another scores at least ``LOOK_GAIN`` of the confirmed dice (and ``LOOK_MIN``
    dice) more. Symbol dice are read as seen.

    >>> from vision.synthetic import render_dice_scene
    >>> img, dice = render_dice_scene([1, 2, 3, 4, 5, 6], 0, style="white")
    >>> choose_look([Shot(img, tuple(TaughtDie(d.value, d.center, 30.0) for d in dice))])
    <Look.AS_SEEN: 'as seen'>
    """
    taught = sum(len(s.dice) for s in shots)
    if not taught or any(isinstance(d.face, str) for s in shots for d in s.dice):
        return Look.AS_SEEN

    def score(look: Look) -> float:
        right, wrong = look_score(shots, look)
        return right - WRONG_COST * wrong

    best, most = Look.AS_SEEN, score(Look.AS_SEEN) + max(LOOK_MIN, LOOK_GAIN * taught)
    for look in Look:
        if look is not Look.AS_SEEN and (s := score(look)) >= most:
            best, most = look, s
    return best


def taught_profile(shots: Sequence[Shot], look: Look | None = None) -> Profile:
    """A profile taught on ``shots`` in ``look``; None: the look they read best in
    (``choose_look``)."""
    return Profile.teach(shots, look=choose_look(shots) if look is None else look)


def teach_photos(photos: Sequence[tuple[np.ndarray, Sequence[LabeledDie]]],
                 look: Look | None = None) -> Profile:
    """A profile from (BGR image, labelled dice) pairs (``look``: as ``taught_profile``)."""
    return taught_profile([shot_from_labels(img, dice) for img, dice in photos], look)
