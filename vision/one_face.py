"""A large one alone in the frame: its face measured round its pip.

Close over a lone one (a die 120-220 px in a 640x480 frame), the detector marks the one's
pip as a small die of its own, and little else; read at the mark's size, the crop holds a
dark disc, which no classifier counts. With other dice read, the reader reads a lone mark
again at the set's size (``vision.uncertain_looks.ones_of_pips``); with none, there is no
size to read it at, and the larger looks never read a one (a small whole die in a larger
crop is itself one blob on the floor).

A one's pip lies in the middle of its face, and the face is a square of one colour round
it, bounded by the floor. ``face_around`` measures it: the colour just outside the pip, the
connected region of that colour round the pip (the pip filled in), and that region's
smallest rectangle. It is a face only where the region is closed (it does not reach the
look's edge: a speck on paper, or a dot of a polka-dot cloth, has the floor all round it,
which goes on), square, filling its rectangle as a die's rounded face does (``FILLED``:
``vision.blobs.closed_square``), with the pip in its middle (``CENTRED``) and
``PIP_SIDES`` pips across. A pip
of a larger die (the middle one of a five) has that die's face round it, which the
classifiers then read whole, as a five.

Where nothing is read, the reader (``vision.uncertain_looks.lone_ones``) takes the
detector's marks, strongest first, faint ones too (a pip marked 0.39 high) and those read
unsurely as dice of their own, and reads each at the face measured round it, as a one only
(``ones_at``: all four classifiers alike and sure, the body showing against the floor).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision import model as M
from vision.blobs import closed_square
from vision.medians import median

REACH = 4.0  # the face is sought within this x the mark's size of its centre
LOOK = 96  # ... on a look this many pixels across
PIP_AT = 0.15  # the pip's colour: the median within this x the mark's size of its centre
RINGS = ((0.35, 0.55), (0.5, 0.8), (0.7, 1.1))  # the face's: the median of the most even of
#   these rings round it (x the mark's size, which is a pip's or, boxed generously, more)
LEAST_APART = 30.0  # the pip differs from the face by this many grey levels (a channel)
SPREAD = 3.0  # a pixel is face within this x the ring's spread of the face's colour ...
LEAST = 10.0  # ... (its 90th percentile), at least this many grey levels ...
ALIKE = 0.35  # ... and at most this x the pip's distance from the face
FILLED = 0.85  # the region fills this much of its rectangle (rounded corners; square as
#                ``vision.blobs.closed_square`` asks)
CENTRED = 0.12  # the pip lies within this x the side of the rectangle's centre
ROUND = 0.7  # the pip fills this much of its smallest enclosing circle (a square 0.64) ...
WHOLE = 0.97  # ... and of its outline: no pips of its own in it
PIP_SIZE = (0.1, 0.45)  # ... and is this x the face's side across
PIP_SIDES = (1.5, 7.0)  # the face is this many marks across (a pip boxed generously: 1.8)


def face_around(image: np.ndarray, centre: tuple[float, float], size: float,
                ) -> tuple[tuple[float, float], float, float] | None:
    """The face round a pip marked at ``centre`` (``size`` pixels across) in a BGR image, as
    a (centre, side, angle in degrees) place, or None where no closed square face of one
    colour lies round it (see the module).

    >>> floor = np.full((240, 320, 3), (200, 170, 210), np.uint8)
    >>> die = cv2.rectangle(floor.copy(), (100, 60), (219, 179), (235, 235, 235), -1)
    >>> die = cv2.circle(die, (160, 120), 14, (20, 20, 20), -1)
    >>> (x, y), side, angle = face_around(die, (160.0, 120.0), 30.0)
    >>> round(x), round(y), round(side), round(angle)
    (159, 119, 120, 0)
    >>> speck = cv2.circle(floor.copy(), (160, 120), 14, (20, 20, 20), -1)
    >>> face_around(speck, (160.0, 120.0), 30.0) is None
    True
    """
    half = REACH * size
    m = M.crop_matrix(centre, 2 * half / M.CROP_FACTOR, 0.0, LOOK)
    look = cv2.warpAffine(image, m, (LOOK, LOOK), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    k = LOOK / (2 * half)  # look pixels per image pixel
    c = LOOK / 2
    yy, xx = np.mgrid[0:LOOK, 0:LOOK]
    r = np.hypot(xx - c, yy - c) / (size * k)
    pip = median(look[r < PIP_AT].reshape(-1, 3), axis=0)
    rings = []  # (spread, face colour, its distance from the pip's, outer edge) of each ring
    for inner, outer in RINGS:
        ring = look[(r >= inner) & (r <= outer)].reshape(-1, 3)
        face = median(ring, axis=0)
        apart = float(np.abs(face - pip).max())
        if apart >= LEAST_APART:
            rings.append((float(np.percentile(np.abs(ring - face).max(axis=1), 90)), face,
                          apart, outer))
    if not rings:
        return None
    spread, face, apart, outer = min(rings, key=lambda ring: ring[0])  # the most even: face
    within = min(max(SPREAD * spread, LEAST), ALIKE * apart)
    near = (np.abs(look - face).max(axis=2) <= within).astype(np.uint8)
    near[r < outer] = 1  # the pip and its edge belong to the face
    _, labels, stats, _ = cv2.connectedComponentsWithStats(near, connectivity=4)
    square = closed_square(labels, stats, int(labels[int(c), int(c)]), FILLED)
    if square is None:
        return None  # the floor (it goes on beyond the look), or no square
    (fx, fy), side, angle = square
    if np.hypot(fx - c, fy - c) > CENTRED * side:
        return None
    if not PIP_SIDES[0] <= side / (size * k) <= PIP_SIDES[1]:
        return None
    if not _a_pip(look, pip, face, c, side):
        return None
    back = cv2.invertAffineTransform(m)
    ix, iy = back @ np.array([fx, fy, 1.0])
    return (float(ix), float(iy)), float(side / k), angle


def _a_pip(look: np.ndarray, pip: np.ndarray, face: np.ndarray, c: float, side: float,
           ) -> bool:
    """Whether what lies at the look's centre ``c`` is a pip on a face ``side`` pixels
    across: the connected blob there of pixels nearer the ``pip``'s colour than the
    ``face``'s is a disc (``ROUND``, ``WHOLE``: a small whole die taken for the pip, a tray
    for its face, is a square with its own pips in it) of a pip's size (``PIP_SIZE``).

    >>> look = np.full((96, 96, 3), 230.0, np.float32)
    >>> pip, face = np.array([20.0] * 3), np.array([230.0] * 3)
    >>> disc = cv2.circle(look.copy(), (48, 48), 8, (20, 20, 20), -1)
    >>> square = cv2.rectangle(look.copy(), (38, 38), (58, 58), (20, 20, 20), -1)
    >>> [_a_pip(x, pip, face, 48.0, 60.0) for x in (disc, square)]
    [True, False]
    """
    dark = (np.abs(look - pip).max(axis=2) < np.abs(look - face).max(axis=2)).astype(np.uint8)
    _, labels = cv2.connectedComponents(dark, connectivity=4)
    at = labels[int(c), int(c)]
    if at == 0:
        return False
    blob = (labels == at).astype(np.uint8)
    outline = max(cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)[0],
                  key=cv2.contourArea)
    (_, _), radius = cv2.minEnclosingCircle(outline)
    filled = cv2.drawContours(np.zeros_like(blob), [outline], -1, (1,), -1)
    area = float(blob.sum())
    return (area >= WHOLE * float(filled.sum())
            and area >= ROUND * np.pi * (radius + 0.5) ** 2
            and PIP_SIZE[0] <= 2 * radius / side <= PIP_SIZE[1])
