"""Where a read die's top face is: the centre of its pips.

The reader's place for a die is the whole die, side faces and all; seen at a slant, the
top face, the one it read, lies off that centre. Every pip layout of a six-sided die is
symmetric about the face's centre (and stays so in any view a camera has of a flat face),
so the centre of the face's pips is the face's centre. ``face_centre`` finds pip-sized
blobs around a read die that stand out clearly from the die's face (dark pips on a light
face, or light on dark), takes the ``value`` of them, alike in strength, whose layout is
symmetric about its own centre, and returns that centre; where no such set stands out (a
one among side-face pips, coloured pips of little contrast, blur) it returns None and the
die keeps its place.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import cv2
import numpy as np

from vision import model as M

MIN_SIZE = 40  # smaller dice have pips of a few blurred pixels: never looked at
SIDE = 64  # the die's neighbourhood is looked at this many pixels across
AROUND = 1.2  # ... which is this many die sizes
PIP_SIGMA = 0.055  # pip blobs are sought at this x the die size (a pip's radius / sqrt 2)
CANDIDATES = 9  # the strongest blobs of each contrast tried as pips
WEAKEST = 0.3  # a blob under this x the strongest is no pip
ALIKE = 0.55  # nor one under this x the strongest pip of its set
SYMMETRY = 0.07  # a pip set is symmetric when each pip's mirror is this near one (x size)
SPREAD = (0.14, 0.95)  # pips of a face lie at least/at most this far apart (x size)
SHIFT = 0.4  # the face centre lies at most this far from the die's place (x size)
ONE_ALONE = 2.0  # a one's pip must be this much stronger than the next blob
LIGHT = 120  # only a light face (its median grey at least this) is looked at for dark pips
INSIDE = 0.5  # pips lie this near the die's middle along either axis (x size), not beyond
CONTRAST = 40  # grey levels between a pip's centre and the face around the pips, at least

Blob = tuple[float, float, float]  # x, y in the patch; strength


def _dark_blobs(patch: np.ndarray, sigma: float) -> list[Blob]:
    """The strongest dark blobs of pip size (at most ``CANDIDATES``), strongest first."""
    dog = cv2.GaussianBlur(patch, (0, 0), 1.6 * sigma) - cv2.GaussianBlur(patch, (0, 0), sigma)
    peak = (dog >= cv2.dilate(dog, np.ones((3, 3), np.uint8))) & (dog > 0)
    ys, xs = np.nonzero(peak)
    order = np.argsort(-dog[ys, xs], kind="stable")[:CANDIDATES]
    return [(float(xs[i]), float(ys[i]), float(dog[ys[i], xs[i]])) for i in order]


def _symmetric(points: np.ndarray, tol: float) -> bool:
    """Whether every point's mirror through the points' centre lies within ``tol`` of one.

    >>> _symmetric(np.array([[0.0, 0.0], [2.0, 2.0], [1.0, 1.1]]), 0.2)
    True
    >>> _symmetric(np.array([[0.0, 0.0], [2.0, 2.0], [1.8, 0.2]]), 0.2)
    False
    """
    mirrors = 2 * points.mean(axis=0) - points
    d = np.sqrt(((mirrors[:, None, :] - points[None, :, :]) ** 2).sum(-1))
    return bool((d.min(axis=1) <= tol).all())


def _face_in(blobs: list[Blob], value: int, size: float) -> tuple[float, np.ndarray] | None:
    """(strength, centre) of the strongest symmetric, well-spread set of ``value`` alike
    blobs."""
    if len(blobs) < value:
        return None
    blobs = [b for b in blobs if b[2] >= WEAKEST * blobs[0][2]]
    if value == 1:
        if len(blobs) > 1 and blobs[0][2] < ONE_ALONE * blobs[1][2]:
            return None
        return blobs[0][2], np.array(blobs[0][:2])
    picks = _picks(len(blobs), value)  # (K, value) index sets
    pts = np.array([b[:2] for b in blobs])[picks]  # (K, value, 2)
    strength = np.array([b[2] for b in blobs])[picks]  # (K, value)
    d = np.sqrt(((pts[:, :, None, :] - pts[:, None, :, :]) ** 2).sum(-1))  # (K, value, value)
    upper = np.triu_indices(value, 1)
    gaps = d[:, upper[0], upper[1]]
    centre = pts.mean(axis=1)  # (K, 2)
    mirrors = 2 * centre[:, None, :] - pts
    off = np.sqrt(((mirrors[:, :, None, :] - pts[:, None, :, :]) ** 2).sum(-1)).min(axis=2)
    ok = ((strength.min(axis=1) >= ALIKE * strength.max(axis=1))
          & (gaps.min(axis=1) >= SPREAD[0] * size) & (gaps.max(axis=1) <= SPREAD[1] * size)
          & (off.max(axis=1) <= SYMMETRY * size))
    if not ok.any():
        return None
    total = np.where(ok, strength.sum(axis=1), -np.inf)
    k = int(np.argmax(total))
    return float(total[k]), centre[k]


@lru_cache(maxsize=64)
def _picks(n: int, k: int) -> np.ndarray:
    """Every set of ``k`` of ``n`` indices, as rows.

    >>> _picks(3, 2).tolist()
    [[0, 1], [0, 2], [1, 2]]
    """
    return np.array(list(combinations(range(n), k)), np.intp).reshape(-1, k)


def _stand_out(patch: np.ndarray, blobs: list[Blob], face: float, size: float) -> list[Blob]:
    """The dark blobs on the die (within ``INSIDE`` of its middle) whose centre is at least
    ``CONTRAST`` darker than the face."""
    c, reach = SIDE / 2, INSIDE * size
    return [b for b in blobs if max(abs(b[0] - c), abs(b[1] - c)) <= reach
            and face - float(patch[int(b[1]), int(b[0])]) >= CONTRAST]


def face_centre(image: np.ndarray, center: tuple[float, float], size: float, value: int,
                ) -> tuple[float, float] | None:
    """The centre of the top face of a die read as ``value`` at ``center`` (``size`` pixels
    across) in a BGR image: the centre of its pips, or None where they cannot be told."""
    if not 1 <= value <= 6 or size < MIN_SIZE:
        return None
    k = SIDE / (AROUND * size)  # patch pixels per image pixel
    around = M.crop_uint8(image, center, AROUND * size / M.CROP_FACTOR, 0.0, SIDE)
    patch = cv2.cvtColor(around, cv2.COLOR_BGR2GRAY).astype(np.float32)
    s = size * k
    h, c = max(2, int(s / 3)), SIDE // 2
    face = float(np.median(patch[c - h:c + h, c - h:c + h]))  # around the die's middle
    if face < LIGHT:
        return None
    found = _face_in(_stand_out(patch, _dark_blobs(patch, PIP_SIGMA * s), face, s), value, s)
    if found is None or np.hypot(found[1][0] - c, found[1][1] - c) > SHIFT * s:
        return None
    x, y = found[1]
    return (float(center[0] + (x - c) / k), float(center[1] + (y - c) / k))


def face_centres(image: np.ndarray,
                 dice: list[tuple[tuple[float, float], float, int]],
                 ) -> list[tuple[float, float] | None]:
    """``face_centre`` of each read die (centre, size, value) in a BGR image."""
    return [face_centre(image, c, s, v) for c, s, v in dice]
