"""A die read as a value its face does not show: one of that value's pip places is bare.

The classifiers read a die from the whole crop. Now and then they count marks that are not
the die's pips: a spotted floor's dots showing at a two's rounded corners, read as a five
(0.85 sure); a glint beside a three's corner pip, read as a five (0.79 sure). The face
itself says otherwise: a five's pips lie at its four corners and its middle, and on that
two's face the middle and two corners are the face's own colour.

So where a die's face is seen plainly, a die read as ``value`` must show a mark at each of
that value's pip places. The check looks at the die's face in its own axes
(``centre_pip.apart_map``: each pixel's distance from the face's colour, over the pips'
median distance), and tries every placement of the value's layout a real die could show:
turned by up to a right angle (``TURNS``: the reader's angle may be off), the pips
``REACHES`` x the side from the middle across and down (a six's rows are nearer than its
columns; a slant squeezes one way, up to ``SQUASH``), the layout up to ``SHIFT`` x the side
off the middle (a two's only ``SHIFT_TWO``: two marks on a diagonal let wander further fit a
one's pip and a glint beside it, glossy-dice scenes 217 and 530), two and three on either
diagonal, six's middle pips on either axis. A placement fits where every place has a mark
(``PRESENT`` of the pips' distance, blurred by ``SMOOTH`` x the side too: sensor noise on a
dark face reaches that in single pixels) within ``NEAR`` x the side. If none fits, a pip
place is bare however the die lies: the die is not ruled on (``PIP_MISSING``). It is lenient
by design: a four's or five's corner pips, each a pip wide, leave no gap where a six's
middle pips would be, so a four or five read as a six is not told.

The face is looked at where its colour shows it (``centre_pip.found_face``: a square of the
face's colour, about the box's size), not where the box lies. It says nothing where it cannot
see the face whole: a face its colour does not show (the look may be off the face, its pips
cut by its edge), a die under ``centre_pip.MIN_SIDE`` pixels, pips that do not stand out
(``centre_pip.CLEAR``), or a one (its single place is the middle).

Measured on every die read less than 0.999 sure in the 553 shared photos and 60 scenes
of each probe, as they are, and in the held-out photos and 15 scenes of each probe
through the 12 camera changes: it takes those two dice, and no other, read right or wrongly.
The two's narrower shift, measured on every shared photo, a quarter of them through the 12
changes and 900 scenes of each probe: it takes those two ones, and no other die.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision import centre_pip as C

PRESENT = 0.3  # a place has a mark where the face differs this much (x the pips' median)
NEAR = 0.05  # ... within this x the side of it
SMOOTH = 0.03  # ... and still does, blurred this much (x the side): a pip, not a speck of noise
SHIFT = 0.15  # the layout is tried up to this x the side off the look's middle ...
SHIFT_TWO = 0.05  # ... a two's, this: two marks on a diagonal fit anywhere within SHIFT
REACHES = tuple(0.18 + 0.03 * k for k in range(7))  # pips this x the side from the middle
SQUASH = 1.45  # ... across and down, one at most this many times the other
TURNS = (0.0, 15.0, 30.0, 45.0, 60.0, 75.0)  # degrees the layout is turned (NEAR covers 7.5)

Place = tuple[int, int]  # a pip place: -1, 0 or 1 reach from the middle, across and down
DIAGONALS: tuple[tuple[Place, ...], ...] = (((-1, -1), (1, 1)), ((1, -1), (-1, 1)))
CORNERS: tuple[Place, ...] = ((-1, -1), (1, -1), (-1, 1), (1, 1))
MIDDLE: tuple[Place, ...] = ((0, 0),)
SIDES: tuple[tuple[Place, ...], ...] = (((-1, 0), (1, 0)), ((0, -1), (0, 1)))
LAYOUTS: dict[int, tuple[tuple[Place, ...], ...]] = {
    2: DIAGONALS,
    3: tuple(d + MIDDLE for d in DIAGONALS),
    4: (CORNERS,),
    5: (CORNERS + MIDDLE,),
    6: tuple(CORNERS + m for m in SIDES),
}
"""Each value's pip places, every way a die may show them (two and three on either
diagonal, six's middle pips across or down)."""


def pip_missing(image: np.ndarray, centre: tuple[float, float], side: float, angle: float,
                value: int, faces: C.FaceLooks | None = None) -> bool:
    """Whether a die read as ``value`` (``centre``, ``side`` in pixels, turned by ``angle``)
    shows its face plainly and no placement of that value's pips finds a mark at each place.
    False where that cannot be told (see the module's notes). ``faces``: the image's faces
    already found (``centre_pip.FaceLooks``), if any."""
    looks = faces if faces is not None else C.FaceLooks(image)
    face = looks.seen(centre, side, angle) if value in LAYOUTS else None
    if face is None:
        return False
    apart, lab, s, colour = looks.apart(face, angle)
    pips = C.contrast(apart, lab, s, colour)  # how far its pips stand out from it
    return pips >= C.CLEAR and not fits(marked_near(apart / pips, s), s, LAYOUTS[value],
                                        layout_shift(value))


def layout_shift(value: int) -> float:
    """How far (x the side) a face of ``value`` pips is tried off a look's middle: a two's
    ``SHIFT_TWO``, any other's ``SHIFT``.

    >>> layout_shift(2), layout_shift(5)
    (0.05, 0.15)
    """
    return SHIFT_TWO if value == 2 else SHIFT


def marked_near(apart: np.ndarray, s: float) -> np.ndarray:
    """``apart`` (a look's distance from the face, in pips' distances) kept within the
    marks' zone (``centre_pip.zone``), where it holds blurred by ``SMOOTH`` x the side ``s``
    too (a speck of sensor noise on a dark face does not), spread to ``NEAR`` x the side:
    what a mark within that reach of each pixel shows."""
    z = C.zone(s)
    inside = np.zeros(apart.shape, np.float32)
    inside[z, z] = apart[z, z]
    inside = np.minimum(inside, cv2.GaussianBlur(inside, (0, 0), SMOOTH * s))
    r = max(1, round(NEAR * s))
    return cv2.dilate(inside, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1,) * 2))


def fits(near: np.ndarray, s: float, layouts: tuple[tuple[Place, ...], ...],
         shift: float = SHIFT, turns: tuple[float, ...] = TURNS,
         reaches: tuple[float, ...] = REACHES) -> bool:
    """Whether some placement of one of ``layouts`` (turned by ``turns``, spaced by
    ``reaches``, shifted by up to ``shift`` x the side) has a mark (``PRESENT``) at each place, on
    ``near`` (``marked_near``) of a look where the die's side is ``s`` pixels.

    >>> s = C.SIDE / C.AROUND
    >>> look = np.zeros((C.SIDE, C.SIDE), np.float32)
    >>> for x, y in ((-0.25, -0.25), (0.25, 0.25)):  # a two's pips, 0.16 of the side across
    ...     at = (round(C.SIDE / 2 + x * s), round(C.SIDE / 2 + y * s))
    ...     _ = cv2.circle(look, at, round(0.08 * s), 1.0, -1)
    >>> near = marked_near(look, s)
    >>> fits(near, s, LAYOUTS[2]), fits(near, s, LAYOUTS[5])
    (True, False)
    """
    c = C.SIDE / 2
    m = round(shift * s)
    for turn in turns:
        turned = near if not turn else cv2.warpAffine(
            near, cv2.getRotationMatrix2D((c - 0.5, c - 0.5), turn, 1.0), near.shape[::-1])
        for across in reaches:
            for down in reaches:
                if max(across, down) > SQUASH * min(across, down):
                    continue
                for places in layouts:
                    least = None
                    for x, y in places:
                        px, py = round(c + x * across * s), round(c + y * down * s)
                        window = turned[py - m:py + m + 1, px - m:px + m + 1]
                        least = window if least is None else np.minimum(least, window)
                    if least is not None and float(least.max()) >= PRESENT:
                        return True
    return False
