"""Whether a place shows a die's body against the floor around it.

A die is a body with pips on it; a speck, a crumb or a printed dot on the floor is a pip
with no body. Seen through a die-sized crop the two can look alike: one dark dot on white
paper, or on a polka-dot tablecloth, is what a one on a die the colour of that paper looks
like, and the classifiers read it so. What sets them apart is around the dot: a die's face
(its pips left out) differs from the floor beside it, by its own colour, its shading or its
shadow, where a dot's "face" is the floor itself.

``body_contrast`` measures that: the largest difference of one colour channel's median
between the face's middle and a ring around it, turned to the die's axes. Two rings: just
outside the face (``NEAR``), and farther out (``FAR``), for a die seen at a slant whose
box is its top face alone, where the near ring falls on its own side faces, the colour of
its top.
"""

from __future__ import annotations

import functools
import math

import cv2
import numpy as np

from vision import model as M

Ring = tuple[float, float]  # inner and outer edge, in die sides from its centre

NEAR: Ring = (0.62, 0.9)
FAR: Ring = (1.2, 1.6)
FACE = 0.4  # the face's middle: within this x the side from the centre
SHOWN = 3.0  # a die's body shows at least this much (grey levels): less is the floor itself
PIP_APART = 30  # a face pixel this far from the face's median colour (a channel) is a pip
CROP = 64  # the crop's side, pixels
SPAN = 3.6  # ... covering this many die sides (the far ring and a margin)
RING_PIXELS = 300  # a ring's median is taken over about this many of its pixels


@functools.cache
def _places(rings: tuple[Ring, ...], scale: float) -> tuple[np.ndarray, tuple[np.ndarray, ...]]:
    """Flat indexes of a crop's face pixels and of each ring's, for a die ``scale`` x the
    side the crop was cut for."""
    yy, xx = np.mgrid[0:CROP, 0:CROP] - (CROP - 1) / 2
    out = (np.maximum(np.abs(xx), np.abs(yy)) / (CROP / 2) * (SPAN / 2) / scale).ravel()
    def spread(at: np.ndarray) -> np.ndarray:  # every k-th, at most about RING_PIXELS
        return at[::-(-len(at) // RING_PIXELS)]
    return (np.flatnonzero(out < FACE),
            tuple(spread(np.flatnonzero((out > lo) & (out < hi))) for lo, hi in rings))


def _median(pixels: np.ndarray) -> np.ndarray:
    """Each channel's median (the upper one of an even count) of (N, 3) pixels."""
    k = len(pixels) // 2
    return np.partition(pixels, k, axis=0)[k]


def _contrast(crop: np.ndarray, face_at: np.ndarray, ring_at: tuple[np.ndarray, ...],
              enough: float) -> float:
    """The largest face-to-ring difference, the rings taken in turn until one is
    ``enough``."""
    face = crop[face_at]
    face = face[np.abs(face - _median(face)).max(axis=1) < PIP_APART]  # the pips left out
    if not len(face):
        return 0.0  # no face of one colour: no body that shows
    body = _median(face)
    best = 0.0
    for at in ring_at:
        best = max(best, float(np.abs(body - _median(crop[at])).max()))
        if best >= enough:
            break
    return best


def body_contrast(image: np.ndarray, centre: tuple[float, float], side: float,
                  angle: float, rings: tuple[Ring, ...] = (NEAR,),
                  scales: tuple[float, ...] = (1.0,), enough: float = math.inf) -> float:
    """How far a die's face, its pips left out, differs from the floor around it: the
    largest difference of one colour channel's median between the face's middle (within
    ``FACE`` of a side of its centre) and each of ``rings``, on a crop turned to the die's
    axes (``side``, ``centre``: image pixels; ``angle``: degrees). A die the colour of its
    floor still shows its body by a few grey levels (its shading, its own colour); a speck
    on paper shows none. With more ``scales``, the die is also taken to be that much
    smaller than ``side`` (a box drawn round more than the die), and the largest
    difference counts; the search stops at one of ``enough``.

    >>> floor = np.full((200, 200, 3), 220, np.uint8)
    >>> die = floor.copy(); die[80:120, 80:120] = 205; die[88:94, 88:94] = 30
    >>> [body_contrast(img, (100.0, 100.0), 40.0, 0.0) for img in (floor, die)]
    [0.0, 15.0]
    >>> [body_contrast(die, (100.0, 100.0), 72.0, 0.0, scales=s) for s in ((1.0,), (1.0, 0.55))]
    [0.0, 15.0]
    """
    m = M.crop_matrix(centre, side * SPAN / M.CROP_FACTOR, angle, CROP)
    crop = cv2.warpAffine(image, m, (CROP, CROP), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE).reshape(-1, 3).astype(np.int16)
    best = 0.0
    for scale in scales:
        best = max(best, _contrast(crop, *_places(rings, scale), enough))
        if best >= enough:
            break
    return best
