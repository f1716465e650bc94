"""The training images' augmentations: colour, light and focus jitter, a stronger lamp or
camera change, a lamp's glint, a squeeze as by a slanted camera, a smear as by a camera that
moved.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision import model as M
from vision.images import jpeg_roundtrip


def other_lamp(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One stronger change of light or camera than ``color_jitter``'s (``--lamps``): a dim
    room (gamma 1.4-2.4 at 60-90% exposure), a coloured lamp (each channel x 0.55-1.35) or
    heavy JPEG (quality 12-50)."""
    kind = int(rng.integers(3))
    if kind == 0:
        x = 255.0 * (img / 255.0) ** rng.uniform(1.4, 2.4) * rng.uniform(0.6, 0.9)
        return np.clip(x, 0, 255).astype(np.uint8)
    if kind == 1:
        return np.clip(img * rng.uniform(0.55, 1.35, 3)[None, None, :], 0, 255).astype(np.uint8)
    return jpeg_roundtrip(img, int(rng.integers(12, 51)))


def color_jitter(img: np.ndarray, rng: np.random.Generator, lamps: float = 0.0) -> np.ndarray:
    """Colour, light and focus jitter; ``lamps`` of the images get an ``other_lamp`` too."""
    if rng.random() < lamps:
        img = other_lamp(img, rng)
    x: np.ndarray = img.astype(np.float32)
    if rng.random() < 0.5:
        x = x[..., rng.permutation(3)]
    if rng.random() < 0.4:  # hue rotation
        hsv = cv2.cvtColor(np.clip(x, 0, 255).astype(np.uint8), cv2.COLOR_BGR2HSV)
        hsv[..., 0] = ((hsv[..., 0].astype(np.int32) + int(rng.integers(0, 180))) % 180)
        x = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR).astype(np.float32)
    if rng.random() < 0.1:
        x = np.repeat(x.mean(axis=2, keepdims=True), 3, axis=2)
    x = x * rng.uniform(0.6, 1.4) + rng.uniform(-40, 40)
    x = x * rng.uniform(0.85, 1.15, 3)[None, None, :]
    if rng.random() < 0.3:
        g = rng.uniform(0.7, 1.4)
        x = 255.0 * (np.clip(x, 0, 255) / 255.0) ** g
    if rng.random() < 0.25:
        x = cv2.GaussianBlur(x, (0, 0), rng.uniform(0.3, 1.0) * min(1.0, x.shape[0] / 100))
    if rng.random() < 0.3:
        x = x + rng.normal(0, rng.uniform(2, 8), x.shape)
    return np.clip(x, 0, 255).astype(np.uint8)


GLINT_AT_CENTRE = 0.5  # share of glints put in the middle of a face that has no pip there


def with_glint(patch: np.ndarray, value: int, rng: np.random.Generator) -> np.ndarray:
    """A lamp's glint on a die crop's face (``--glints``): a bright ellipse, half-axes
    0.03-0.12 and a third to all of that of the die's side, 60-100% white, anywhere on the
    face or (``GLINT_AT_CENTRE``) in the middle of a two, four or six, where it is what a
    three's or five's middle pip looks like.

    >>> patch = np.zeros((40, 40, 3), np.uint8)
    >>> glinted = with_glint(patch, 4, np.random.default_rng(1))
    >>> glinted.shape, int(glinted.max()) > 100
    ((40, 40, 3), True)
    """
    n = patch.shape[0]
    die = n / M.CROP_FACTOR
    if value in (2, 4, 6) and rng.random() < GLINT_AT_CENTRE:
        u, v = rng.normal(0, 0.02, 2) * die
    else:
        u, v = rng.uniform(-0.4, 0.4, 2) * die
    a = float(rng.uniform(0.03, 0.12)) * die
    b = a * float(rng.uniform(0.33, 1.0))
    layer = np.zeros((n * 4, n * 4), np.uint8)
    cv2.ellipse(layer, (int((n / 2 + u) * 4), int((n / 2 + v) * 4)),
                (max(1, int(a * 4)), max(1, int(b * 4))), float(rng.uniform(0, 180)), 0, 360,
                (255,), -1)
    glint = cv2.resize(cv2.GaussianBlur(layer, (0, 0), 2.0), (n, n),
                       interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0
    glint = glint[..., None] * float(rng.uniform(0.6, 1.0))
    white = float(rng.uniform(235, 255))
    return np.clip(patch * (1 - glint) + white * glint, 0, 255).astype(np.uint8)


def squeeze_matrix(f: float, direction: float, centre: float) -> np.ndarray:
    """The 2x3 affine map that squeezes a square image (its centre at ``centre``, ``centre``)
    to ``f`` of its size along ``direction`` (degrees), as a camera at a slant sees a floor.

    >>> squeeze_matrix(0.5, 0.0, 10.0).round(3).tolist()
    [[0.5, 0.0, 5.0], [0.0, 1.0, 0.0]]
    """
    rad = math.radians(direction)
    u = np.array([math.cos(rad), math.sin(rad)])
    a = np.eye(2) + (f - 1.0) * np.outer(u, u)
    return np.hstack([a, (centre - a @ np.array([centre, centre]))[:, None]])


def squeezed(patch: np.ndarray, f: float, direction: float) -> np.ndarray:
    """A patch cropped at 1/f of a die's size, stretched back by 1/f across ``direction``
    (degrees): the die squeezed to f of its size along ``direction``, as a camera looking at
    a slant sees a die's top face, with more of its floor in view that way.

    >>> p = np.zeros((M.CROP, M.CROP, 3), np.uint8)
    >>> p[18:22] = 255  # a bar across the patch, 4 rows thick
    >>> [int((squeezed(p, 0.5, d)[:, 20, 0] > 127).sum()) for d in (0.0, 90.0)]  # rows thick
    [9, 4]
    """
    m = squeeze_matrix(1.0 / f, direction + 90.0, M.CROP / 2)  # stretched across the squeeze
    return cv2.warpAffine(patch, m, (M.CROP, M.CROP), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)


def smeared(patch: np.ndarray, length: float, direction: float) -> np.ndarray:
    """A patch smeared ``length`` pixels along ``direction`` (degrees), as a camera that
    moved while its shutter was open sees it.

    >>> p = np.zeros((M.CROP, M.CROP, 3), np.uint8)
    >>> p[20, 20] = 255  # one bright pixel
    >>> [int((smeared(p, 7.0, d)[..., 0] > 0).sum(axis=a).max()) for d, a in ((0.0, 1), (90.0, 0))]
    [7, 7]
    """
    n = max(int(math.ceil(length)) | 1, 3)
    line = np.zeros((n, n), np.float32)
    line[n // 2, (n - int(round(length))) // 2:(n + int(round(length))) // 2] = 1.0
    turn = cv2.getRotationMatrix2D(((n - 1) / 2, (n - 1) / 2), direction, 1.0)
    kernel = np.asarray(cv2.warpAffine(line, turn, (n, n), flags=cv2.INTER_LINEAR))
    return cv2.filter2D(patch, -1, kernel / kernel.sum(), borderType=cv2.BORDER_REPLICATE)


NEIGHBOUR_SIDE = (0.8, 1.2)  # a pressed neighbour's side, x the die's (--neighbours)
NEIGHBOUR_GAP = (-0.05, 0.12)  # ... the gap between their faces, x the die's side
NEIGHBOUR_PULL = (0.0, 0.15)  # ... the crop moved toward it, x the die's side (a box pulled
NEIGHBOUR_GROW = (1.0, 1.25)  # ... and grown, as a detector's box is by a pressed die)


def with_neighbour(canvas: np.ndarray, other: np.ndarray, face: float, side: float,
                   turn: float, direction: float, gap: float) -> np.ndarray:
    """``canvas`` (a die's crop, its face a middle square ``face`` pixels across) with a
    neighbour pressed against it: the middle square of ``other`` (another die's crop, its
    face ``1 / M.CROP_FACTOR`` of it) scaled to ``side`` x the die's face, turned by
    ``turn`` degrees and moved out along ``direction`` (degrees, image axes) until its face
    lies ``gap`` x the side beyond the die's (a tilted neighbour's corner may overlap the
    edge a little). Only the neighbour's face is pasted, never over the die's own.

    >>> c = np.zeros((40, 40, 3), np.uint8); o = np.full((40, 40, 3), 200, np.uint8)
    >>> out = with_neighbour(c, o, 40 / 1.3, 1.0, 0.0, 0.0, 0.0)
    >>> int(out[20, 20, 0]), int(out[20, 38, 0]), int(out[20, 2, 0]), int(out[2, 20, 0])
    (0, 200, 0, 0)
    """
    n, k = canvas.shape[0], other.shape[0]
    half = face / 2
    a = math.radians(direction)
    reach = (half + side * half + gap * face) / max(abs(math.cos(a)), abs(math.sin(a)))
    scale = side * face * M.CROP_FACTOR / k
    m = cv2.getRotationMatrix2D(((k - 1) / 2, (k - 1) / 2), turn, scale)
    m[:, 2] += (n - 1) / 2 - (k - 1) / 2 + reach * np.array([math.cos(a), math.sin(a)])
    moved = cv2.warpAffine(other, m, (n, n), flags=cv2.INTER_LINEAR,
                           borderMode=cv2.BORDER_REPLICATE)
    square = np.zeros((k, k), np.uint8)
    lo, hi = round((k - 1) / 2 - k / M.CROP_FACTOR / 2), round((k - 1) / 2 + k / M.CROP_FACTOR / 2)
    square[lo:hi + 1, lo:hi + 1] = 255
    theirs = cv2.warpAffine(square, m, (n, n), flags=cv2.INTER_NEAREST)
    own = np.zeros((n, n), np.uint8)
    lo, hi = round((n - 1) / 2 - half), round((n - 1) / 2 + half)
    own[lo:hi + 1, lo:hi + 1] = 255
    paste = (theirs > 0) & (own == 0)
    out = canvas.copy()
    out[paste] = moved[paste]
    return out


def pressed_crop(canvas: np.ndarray, other: np.ndarray, rng: np.random.Generator
                 ) -> np.ndarray:
    """A ``M.CROP`` crop of the die in the middle of ``canvas`` (twice the crop's side, its
    face ``M.CROP / M.CROP_FACTOR`` across) with ``other`` pressed against it
    (``with_neighbour``), taken as a detector often boxes such a die: pulled toward the
    neighbour and grown (``NEIGHBOUR_PULL``, ``NEIGHBOUR_GROW``)."""
    face = M.CROP / M.CROP_FACTOR
    direction = rng.uniform(0.0, 360.0)
    canvas = with_neighbour(canvas, other, face, rng.uniform(*NEIGHBOUR_SIDE),
                            rng.uniform(0.0, 90.0), direction, rng.uniform(*NEIGHBOUR_GAP))
    pull = rng.uniform(*NEIGHBOUR_PULL) * face
    grow = rng.uniform(*NEIGHBOUR_GROW)
    n = canvas.shape[0]
    a = math.radians(direction)
    centre = ((n - 1) / 2 + pull * math.cos(a), (n - 1) / 2 + pull * math.sin(a))
    m = cv2.getRotationMatrix2D(centre, 0.0, 1.0 / grow).astype(np.float64)
    m[:, 2] += (M.CROP - 1) / 2 - np.array(centre, np.float64)
    return cv2.warpAffine(canvas, m, (M.CROP, M.CROP), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)
