"""A three or five whose centre "pip" is a glint, read again with the glint painted out.

The glint check (``vision.centre_pip.glint_at``) finds the mark a lamp's shine put in the
middle of a two or a four, which every classifier reads as the centre pip of a three or a
five; such a die was left uncertain, a re-read. Where the mark shows a sign no pip smeared
by blur, a lamp or a JPEG shows (``telling``, weighing the check's ``Signs``: off the centre
pip's place, of another colour, a speck, or clearly fainter than the corners (``FAINT``)
without being drawn out; and lighter than the face where the pips are darker than it) and
is no larger than the corner pips (``SIZE``), it is painted over in the face's colour (a
disc ``COVER`` x its radius, and a pixel more) and the die is read again by all four
classifiers (``larger_look.unanimous``): where each names one pip fewer, at least as
surely as a die pressed against another must be read, the die is read so. Otherwise it
stays uncertain.

Why both conditions: the check also takes a real centre pip for a glint now and then, and
with that pip painted over, all four classifiers read one pip fewer just as surely. On the
glossy-dice probe's seeds 0-599 the check took four centre pips for glints, each drawn out
(a shine across the pip) and 1.4-2.0 x the corners' size, where 41 of the 45 glints
measured 0.25-1.2 x. Through the camera changes, a tray photo's three under a warm lamp
(pips of 4 px) showed a centre pip drawn out, of the corners' size, and no other sign; and
a spotted-floor three through JPEG showed one drawn out and faint at once, in its place.
A JPEG fades a small pip without drawing it out, too: a tray photo saved again at quality
60 (a webcam's stream, a messaging app) showed a green five's yellow centre pip in its
place, of its corners' size, standing out 0.835 x as far as they do, under the check's
0.84 (``centre_pip.DIM``), and no other sign; painted over, the five read as a four, 1.0
sure, the one die of the shared photos ever read past, re-saved at qualities 20-90 or
through the camera changes. So fainter alone must be fainter than a pip fades: ``FAINT``
0.8. On the glossy-dice probe's seeds 0-599, glints read past for that sign alone measured
0.75-0.84; the two over 0.8 (scene 298's among them, 0.838) are now left uncertain.
The probes draw no shine on a pip; drawn on the black centre pip of white threes and fives
(``test_past_glints``), it leaves a dark crescent the check takes for a glint, off the
place and smaller than a pip, which painted over reads one pip fewer: a shine is lighter
than the face, so on a face with dark pips only a light mark is painted over.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.candidates import NOT_DIE
from vision.centre_pip import Glint
from vision.larger_look import unanimous
from vision.types import Die, box_side
from vision.uncertain_looks import pressed_sure

SIZE = 1.2  # a mark larger than this x the corner pips (by area) may be a pip with a shine on it
FAINT = 0.8  # a mark whose one sign is that it is fainter than the corner pips is read past
#              only when it stands out less than this x as far as they do (the check's own
#              bar, ``centre_pip.DIM``, is 0.84: a real centre pip through JPEG measured 0.835)
COVER = 1.3  # the mark is painted over this x its radius, and a pixel more


def painted(image: np.ndarray, glints: list[Glint]) -> np.ndarray:
    """A copy of ``image`` with each glint painted over in its face's colour.

    >>> from vision.centre_pip import Signs
    >>> img = np.zeros((20, 20, 3), np.uint8)
    >>> signs = Signs(True, False, False, False, True)
    >>> out = painted(img, [Glint((10.0, 10.0), 2.0, 1.0, (100.0, 0.0, 0.0), signs, 0.7)])
    >>> out[10, 10].tolist(), out[0, 0].tolist(), img[10, 10].tolist()
    ([255, 255, 255], [0, 0, 0], [0, 0, 0])
    """
    out = image.copy()
    for g in glints:
        lab = np.array([[g.face]], np.float32)
        bgr = np.clip(cv2.cvtColor(lab, cv2.COLOR_Lab2BGR)[0, 0] * 255.0, 0, 255)
        cv2.circle(out, (round(g.centre[0]), round(g.centre[1])),
                   max(1, round(COVER * g.radius + 1)), [float(v) for v in bgr], -1,
                   lineType=cv2.LINE_AA)
    return out


def telling(glint: Glint) -> bool:
    """Whether the glint check's ``Signs`` of ``glint`` show one no pip smeared by blur, a
    lamp or a JPEG shows: the mark is off the centre pip's place (or a speck), of another
    colour, or clearly fainter than the corners (``FAINT``) without being drawn out (blur
    and a JPEG's blocks draw a small pip out and fade it in one stroke); and it is lighter
    than the face, unless the pips are too (a shine on a dark pip leaves a dark remnant off
    its place).

    >>> from vision.centre_pip import Signs
    >>> signs = lambda *s: Signs(*s, lit=True)
    >>> glint = lambda s, standing=0.7: Glint((0.0, 0.0), 2.0, 0.8, (50.0, 0.0, 0.0), s, standing)
    >>> [telling(glint(s)) for s in (signs(True, False, False, False),
    ...                              signs(False, False, True, True),
    ...                              signs(False, False, True, False))]
    [True, False, True]
    >>> telling(glint(signs(False, False, True, False), 0.83))  # faint, but as pips fade
    False
    >>> telling(glint(Signs(True, True, False, False, lit=False)))
    False
    """
    s = glint.signs
    faint = s.dim and not s.stretched and glint.standing < FAINT
    return (s.off or s.unlike or faint) and s.lit


def worth(glint: Glint) -> bool:
    """Whether a die may be read again past ``glint``: the mark shows a telling sign
    (``telling``) and is no larger than a pip (``SIZE``).

    >>> from vision.centre_pip import Signs
    >>> off = Signs(True, False, False, False, True)
    >>> [worth(Glint((0.0, 0.0), 2.0, size, (50.0, 0.0, 0.0), signs, 0.7))
    ...  for size, signs in ((0.8, off), (1.5, off), (0.8, replace(off, off=False)))]
    [True, False, False]
    """
    return telling(glint) and glint.size <= SIZE


def read_past(image: np.ndarray, dice: list[Die], glints: list[Glint]) -> list[Die | None]:
    """Each of ``dice`` (threes and fives whose centre mark the glint check found: ``glints``)
    read again with the glints painted out, each mark ``worth`` it: the die with one pip
    fewer where all four classifiers read that value surely (``unanimous``, at the pressed
    threshold); else None, and the reader leaves it uncertain (``reader.without_refused``
    mends with this)."""
    again = [i for i, g in enumerate(glints) if worth(g)]
    out: list[Die | None] = [None] * len(dice)
    strict = pressed_sure()
    if not again or strict > 1.0:
        return out
    clean = painted(image, [glints[i] for i in again])
    places = [(dice[i].center, float(box_side(dice[i].box)), dice[i].angle) for i in again]
    for i, seen in zip(again, unanimous(clean, places, strict, NOT_DIE), strict=True):
        if seen is not None and seen[0] == int(dice[i].value) - 1:
            out[i] = replace(dice[i], value=seen[0], confidence=round(seen[2], 3))
    return out
