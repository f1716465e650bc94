"""How far from straight down the camera looks, measured on the pips of the dice it reads.

A die's pips are printed discs. A camera looking down at a slant squashes what lies on the
table along its line of sight: a pip on a top face shows cos(tilt) as tall as it is wide in
an upright camera's picture (as wide as tall in a camera turned a quarter). The median
squash of the pip marks on the dice read gives the tilt; the pips of side faces, squashed
by sin(tilt) in the same direction, are fewer, and at 45 degrees alike. Marks are sought
on each die's face as the glint check seeks them (``vision.centre_pip.marks``), but in the
image's own rows and columns.

The reader reads dice at a slant, but the steeper the camera, the more often a side face
is taken for the top (``scripts/bench-vision --tilts``: dice drawn as cubes read exactly
right in 90% of scenes 5-20 degrees off straight down, 43% at 35-50 degrees, with a
quarter of the box's rulings wrong there). ``bluffbox doctor`` says so when the box's camera
looks down more steeply than ``STEEP``, and so does teaching at the box. It is a rough
measure, from a frame's few pips: the cubes drawn 5-20, 20-35 and 35-50 degrees off
straight down measure 14, 28 and 36 degrees (medians; ``scripts/bench-vision --tilts``),
on 60, 48 and 38% of the scenes (the others show too few clear pips); the dark-cloth probe
0; the shared photos' tray (phones held over it) 11 (a tenth over 19), felt 17 (photos
"top-down to moderately slanted"), the webcam frames of white dice seen at an angle 23 (a
tenth over 36).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from vision import centre_pip
from vision.medians import median
from vision.types import Die, box_centre, box_side

STEEP = 25.0  # degrees off straight down beyond which the camera is mounted too steeply
MIN_MARKS = 6  # fewer pip marks than this tell no tilt ...
MIN_DICE = 2  # ... nor the marks of fewer dice than this (one die's side faces mislead)
CLEAR = 20.0  # a die's marks stand out this far (Lab units) from its face, or it is passed over
MOST_MARKS = 9  # a die showing more marks than this is not showing its pips (marbling)
ACROSS = 20.0  # degrees off straight down beyond which pips wider than tall tell a camera
#                turned a quarter (nearer straight down, round pips measure either way)


@dataclass(frozen=True)
class Tilt:
    """The camera's tilt off straight down (degrees), from ``marks`` pip marks on ``dice``
    dice; ``across``: the pips are squashed along the image's rows (wider than tall), as a
    camera turned a quarter sees them."""

    degrees: float
    marks: int
    dice: int
    across: bool = False

    @property
    def steep(self) -> bool:
        """Whether the camera looks down more steeply than ``STEEP``."""
        return self.degrees > STEEP

    @property
    def turned(self) -> bool:
        """Whether the camera looks at a slant across the image, further than ``ACROSS``
        off straight down: turned a quarter, the far side of the table at the image's left
        or right, where the reader takes it to be at the top.

        >>> Tilt(30.0, 12, 3, across=True).turned, Tilt(12.0, 12, 3, across=True).turned
        (True, False)
        """
        return self.turned_beyond(ACROSS)

    def turned_beyond(self, degrees: float) -> bool:
        """Whether the camera looks at a slant across the image further than ``degrees``
        off straight down (``turned`` at ``ACROSS``; the reader's sideways looks at their
        own bound, ``slanted_top.ACROSS_STEEP``).

        >>> Tilt(32.0, 12, 3, across=True).turned_beyond(30.0)
        True
        >>> Tilt(32.0, 12, 3).turned_beyond(30.0)  # squashed down the image: not across
        False
        >>> Tilt(29.0, 12, 3, across=True).turned_beyond(30.0)
        False
        """
        return self.across and self.degrees > degrees


def squash_tilt(squash: float) -> float:
    """The tilt (degrees) that squashes discs to ``squash`` (their median height over
    width): its arccosine, or its inverse's where they are wider than tall.

    >>> round(squash_tilt(0.71), 1), squash_tilt(1.0)
    (44.8, 0.0)
    >>> round(squash_tilt(1 / 0.71), 1)  # a camera turned a quarter
    44.8
    """
    return math.degrees(math.acos(min(squash, 1.0 / squash, 1.0)))


def pip_squashes(image: np.ndarray, die: Die) -> list[float]:
    """The height over width of each pip mark on ``die``'s face in ``image`` (BGR), looked at
    in the image's rows and columns; none for symbol dice, dice too small to show their
    pips (``centre_pip.MIN_SIDE``), faint marks or too many of them."""
    side = box_side(die.box)
    if not isinstance(die.value, int) or side < centre_pip.MIN_SIDE:
        return []
    found, apart = centre_pip.marks(image, box_centre(die.box), side, 0.0)
    if apart < CLEAR or len(found) > MOST_MARKS:
        return []
    return [m.squash for m in found]


def camera_tilt(image: np.ndarray, dice: Sequence[Die]) -> Tilt | None:
    """The camera's tilt measured on the pips of ``dice`` (read in ``image``); None where
    they show fewer than ``MIN_MARKS`` clear marks, or only one die does."""
    return tilt_of([(image, dice)])


def tilt_of(looks: Iterable[tuple[np.ndarray, Sequence[Die]]]) -> Tilt | None:
    """``camera_tilt`` over several frames of one camera (the teach looks), each with its
    dice."""
    per_die = [pip_squashes(image, d) for image, dice in looks for d in dice]
    squashes = [q for marks in per_die for q in marks]
    measured = sum(1 for marks in per_die if marks)
    if len(squashes) < MIN_MARKS or measured < MIN_DICE:
        return None
    squash = float(median(squashes))
    return Tilt(round(squash_tilt(squash), 1), len(squashes), measured, across=squash > 1.0)
