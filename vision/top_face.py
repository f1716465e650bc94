"""Where a read die's top face is: the centre of its pips.

The reader's place for a die is the whole die, side faces and all; seen at a slant, the
top face, the one it read, lies off that centre. Every pip layout of a six-sided die is
symmetric about the face's centre (and stays so in any view a camera has of a flat face),
so the centre of the face's pips is the face's centre. ``face_centre`` finds pip-sized
dark blobs on a read die's light face that stand out clearly from it, takes the ``value``
of them, alike in strength, whose layout is symmetric about its own centre, and returns
that centre. A one's pip is the blob far stronger than any other or, among side-face pips
as strong, the only one with the face all round it. Where nothing stands out so (a dark
die, coloured pips of little contrast, blur, a die under ``MIN_SIZE``) it returns None and
the die keeps its place: on coloured and marbled dice the blobs too often fit elsewhere.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import cv2
import numpy as np

from vision import model as M
from vision.medians import median

MIN_SIZE = 40  # smaller dice have pips of a few blurred pixels: never looked at
SIDE = 64  # the die's neighbourhood is looked at this many pixels across
AROUND = 1.2  # ... which is this many die sizes
PIP_SIGMA = 0.055  # pip blobs are sought at this x the die size (a pip's radius / sqrt 2)
CANDIDATES = 9  # the strongest dark blobs tried as pips
WEAKEST = 0.3  # a blob under this x the strongest is no pip
ALIKE = 0.55  # nor one under this x the strongest pip of its set
SYMMETRY = 0.07  # a pip set is symmetric when each pip's mirror is this near one (x size)
SPREAD = (0.14, 0.95)  # pips of a face lie at least/at most this far apart (x size)
SHIFT = 0.4  # the face centre lies at most this far from the die's place (x size)
ONE_ALONE = 2.0  # a one's pip must be this much stronger than the next blob, or else ...
RING = 0.22  # ... the only blob whose ring this far out (x size) is face all round: a side
#              face's pips lie near the die's edge, where the ring crosses it
ALL_ROUND = 0.9  # ... its ring this much face (within CONTRAST / 2 of the face's grey)
RING_GAP = 0.2  # ... and every other blob's ring this much less
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


def _face_in(blobs: list[Blob], value: int, size: float) -> np.ndarray | None:
    """The centre of the strongest set of ``value`` alike, well-spread blobs whose every
    blob's mirror through their centre lies near one of them.

    >>> three = [(10.0, 10.0, 5.0), (20.0, 20.0, 5.0), (30.0, 30.0, 5.0), (30.0, 12.0, 4.0)]
    >>> _face_in(three, 3, 40.0).tolist()
    [20.0, 20.0]
    >>> _face_in(three[:2] + three[3:], 3, 40.0) is None  # no three in a symmetric layout
    True
    """
    if len(blobs) < value:
        return None
    blobs = [b for b in blobs if b[2] >= WEAKEST * blobs[0][2]]
    if value == 1:
        if len(blobs) > 1 and blobs[0][2] < ONE_ALONE * blobs[1][2]:
            return None
        return np.array(blobs[0][:2])
    picks = _picks(len(blobs), value)  # (K, value) index sets
    pts = np.array([b[:2] for b in blobs])[picks]  # (K, value, 2)
    strength = np.array([b[2] for b in blobs])[picks]  # (K, value)
    d = np.sqrt(((pts[:, :, None, :] - pts[:, None, :, :]) ** 2).sum(-1))  # (K, value, value)
    above, below = _pairs(value)
    gaps = d[:, above, below]
    centre = pts.mean(axis=1)  # (K, 2)
    mirrors = 2 * centre[:, None, :] - pts
    off = np.sqrt(((mirrors[:, :, None, :] - pts[:, None, :, :]) ** 2).sum(-1)).min(axis=2)
    ok = ((strength.min(axis=1) >= ALIKE * strength.max(axis=1))
          & (gaps.min(axis=1) >= SPREAD[0] * size) & (gaps.max(axis=1) <= SPREAD[1] * size)
          & (off.max(axis=1) <= SYMMETRY * size))
    if not ok.any():
        return None
    return centre[int(np.argmax(np.where(ok, strength.sum(axis=1), -np.inf)))]


@lru_cache(maxsize=8)
def _pairs(k: int) -> tuple[np.ndarray, np.ndarray]:
    """Row and column indices of every pair of ``k`` items (``np.triu_indices(k, 1)``, kept).

    >>> [p.tolist() for p in _pairs(3)]
    [[0, 0, 1], [1, 2, 2]]
    """
    rows, cols = np.triu_indices(k, 1)
    return rows, cols


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


def _one_pip(patch: np.ndarray, blobs: list[Blob], face: float, size: float,
             ) -> np.ndarray | None:
    """Where a one's pip is among side-face pips as strong as it: the only blob with face
    all round it at ``RING`` x the die size (the top face around a one's pip), or None."""
    if not blobs:
        return None
    yy, xx = np.mgrid[0:SIDE, 0:SIDE]
    rings = []
    for x, y, _ in blobs:
        r = np.hypot(xx - x, yy - y)
        ring = (r >= 0.8 * RING * size) & (r <= 1.2 * RING * size)
        rings.append(float((patch[ring] >= face - CONTRAST / 2).mean()) if ring.any() else 0.0)
    order = np.argsort(rings)[::-1]
    best = rings[order[0]]
    if best < ALL_ROUND or (len(rings) > 1 and rings[order[1]] > best - RING_GAP):
        return None
    return np.array(blobs[order[0]][:2])


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
    face = float(median(patch[c - h:c + h, c - h:c + h]))  # around the die's middle
    if face < LIGHT:
        return None
    blobs = _stand_out(patch, _dark_blobs(patch, PIP_SIGMA * s), face, s)
    centre = _face_in(blobs, value, s)
    if centre is None and value == 1:
        centre = _one_pip(patch, blobs, face, s)
    if centre is None or np.hypot(centre[0] - c, centre[1] - c) > SHIFT * s:
        return None
    x, y = centre
    return (float(center[0] + (x - c) / k), float(center[1] + (y - c) / k))


def face_centres(image: np.ndarray,
                 dice: list[tuple[tuple[float, float], float, int]],
                 ) -> list[tuple[float, float] | None]:
    """``face_centre`` of each read die (centre, size, value) in a BGR image."""
    return [face_centre(image, c, s, v) for c, s, v in dice]
