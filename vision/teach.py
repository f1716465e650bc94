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
from vision.dataset import LabeledDie, match_places
from vision.profile import Profile, Shot, TaughtDie
from vision.reader import read_dice
from vision.types import Die, Region, box_centre, box_side, turned_side


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


def teach_photos(photos: Sequence[tuple[np.ndarray, Sequence[LabeledDie]]]) -> Profile:
    """A profile from (BGR image, labelled dice) pairs."""
    return Profile.teach([shot_from_labels(img, dice) for img, dice in photos])
