"""A labelled photo as another camera, lamp or mounting would show it.

The players' own table brings other light and other cameras. ``scripts/bench-vision
--changes`` reads the held-out photos through each change, as a guess at how the reader
would do on scenes it has never seen. Above all it checks that the reader stays honest:
"ruled wrong" must not grow.

>>> image = np.zeros((40, 60, 3), np.uint8)
>>> turned, dice = changed(image, (LabeledDie(2, (10.0, 5.0, 20.0, 15.0)),), Change.TURNED)
>>> turned.shape, dice[0].box
((60, 40, 3), (25.0, 10.0, 35.0, 20.0))
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

import cv2
import numpy as np

from vision.dataset import LabeledDie
from vision.images import jpeg_roundtrip
from vision.looks import lightness_turned


class Change(Enum):
    """One way another table's camera or lamp differs from the photos'."""

    DIM = "dim room"  # gamma 2.2 at 80% exposure: shadows go black
    WARM_LAMP = "warm lamp"  # a tungsten cast: blue down, red up
    GREY = "grey camera"  # no colour at all
    JPEG = "heavy jpeg"  # quality 20: blocky pips
    SOFT_FOCUS = "soft focus"  # a Gaussian blur of 1.5 px
    NOISE = "sensor noise"  # Gaussian noise, sigma 12 grey levels
    FARTHER = "farther camera"  # 0.6x: smaller dice
    NEARER = "nearer camera"  # 2.2x: larger, softer dice
    TURNED = "camera turned"  # a quarter turn clockwise
    TILTED = "camera tilted"  # looking down at a slant: the far edge 0.7x as wide, rows 0.8x
    SHAKE = "camera shake"  # a smear of 7 px along the rows: a hand-held photo, a slow shutter
    WIDE_ANGLE = "wide-angle lens"  # barrel distortion: the middle 1.25x larger, corners squeezed
    DARK_DICE = "dark dice"  # every pixel's lightness turned over, its colour kept: white dice
    # with black pips become black dice with white pips, pastel dice dark ones, a pale floor
    # a dark one (and shadows light)
    WEBCAM_JPEG = "webcam jpeg"  # quality 60: a webcam's MJPEG stream, a messaging app's
    # re-save (each pip's colour spread over its 16 px block, small pips faded)


SCALE = {Change.FARTHER: 0.6, Change.NEARER: 2.2}
NOISE_SIGMA = 12.0
QUALITY = {Change.JPEG: 20, Change.WEBCAM_JPEG: 60}  # the JPEG changes' qualities
SMEAR = 7  # the camera shake's smear, pixels along the rows
TILT_FAR, TILT_DEPTH = 0.7, 0.8  # the tilted frame: far (top) edge's width, its height
BARREL = 0.25  # the wide-angle lens: photo radius r seen at r', r = r'(1 + k r'^2) / (1 + k)


def _dim(image: np.ndarray) -> np.ndarray:
    return np.clip((image / 255.0) ** 2.2 * 255.0 * 0.8, 0, 255).astype(np.uint8)


def _warm(image: np.ndarray) -> np.ndarray:
    return np.clip(image * np.array([0.6, 0.9, 1.25]), 0, 255).astype(np.uint8)


def _grey(image: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)


def dark_dice(image: np.ndarray) -> np.ndarray:
    """``Change.DARK_DICE``: the lightness (Lab L) turned over, the colour (a, b) kept
    (``vision.looks.lightness_turned``, the look a profile of such dice reads them in).

    >>> pixels = np.full((1, 2, 3), 250, np.uint8); pixels[0, 1] = (40, 40, 200)  # BGR
    >>> dark_dice(pixels)[0].tolist()  # white goes nearly black, a dark red a lighter red
    [[6, 6, 6], [66, 76, 237]]
    """
    return lightness_turned(image)


def _jpeg_at(quality: int) -> Callable[[np.ndarray], np.ndarray]:
    def saved(image: np.ndarray) -> np.ndarray:
        return jpeg_roundtrip(image, quality)
    return saved


def _soft(image: np.ndarray) -> np.ndarray:
    return cv2.GaussianBlur(image, (0, 0), 1.5)


def _noise(image: np.ndarray) -> np.ndarray:
    rng = np.random.default_rng(0)  # the same noise every run: the figures repeat
    return np.clip(image + rng.normal(0, NOISE_SIGMA, image.shape), 0, 255).astype(np.uint8)


def _scaled(k: float) -> Callable[[np.ndarray], np.ndarray]:
    def scale(image: np.ndarray) -> np.ndarray:
        interpolation = cv2.INTER_AREA if k < 1 else cv2.INTER_CUBIC
        return cv2.resize(image, None, fx=k, fy=k, interpolation=interpolation)
    return scale


def _shaken(image: np.ndarray) -> np.ndarray:
    return cv2.blur(image, (SMEAR, 1), borderType=cv2.BORDER_REPLICATE)


def _turned(image: np.ndarray) -> np.ndarray:
    return cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE)


def tilt(shape: tuple[int, ...]) -> np.ndarray:
    """The homography of ``Change.TILTED`` for a frame of ``shape`` (height, width, ...): the
    photo's corners to a trapezoid, the far edge ``TILT_FAR`` as wide and centred, every
    row ``TILT_DEPTH`` as far apart (a camera tilted about 35 degrees from straight down
    sees its far dice smaller and squeezed; their side faces it cannot add).

    >>> ends = np.array([[[0, 0], [100, 100]]], np.float32)
    >>> pts = cv2.perspectiveTransform(ends, tilt((100, 100)))
    >>> np.round(pts).astype(int).tolist()
    [[[15, 0], [100, 80]]]
    """
    h, w = shape[:2]
    far = w * (1.0 - TILT_FAR) / 2.0
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    dst = np.array([[far, 0], [w - far, 0], [w, h * TILT_DEPTH], [0, h * TILT_DEPTH]],
                   np.float32)
    return cv2.getPerspectiveTransform(src, dst)


def _tilted(image: np.ndarray) -> np.ndarray:
    h, w = image.shape[:2]
    return cv2.warpPerspective(image, tilt(image.shape), (w, round(h * TILT_DEPTH)),
                               flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)


def _lens_centre(shape: tuple[int, ...]) -> tuple[float, float, float]:
    """The frame's middle (x, y) and its half diagonal: the lens's radius 1."""
    h, w = shape[:2]
    cx, cy = (w - 1) / 2.0, (h - 1) / 2.0
    return cx, cy, float(np.hypot(cx, cy))


def through_lens(x: float, y: float, shape: tuple[int, ...]) -> tuple[float, float]:
    """Where the photo's point (x, y) lies in the frame through ``Change.WIDE_ANGLE`` (a
    barrel distortion of ``BARREL``, the frame's middle and corners fixed): the inverse of
    the image's own mapping, solved by Newton's method.

    >>> [round(v, 2) for v in through_lens(49.5, 49.5, (100, 100))]  # the middle stays
    [49.5, 49.5]
    >>> [round(v, 2) for v in through_lens(0.0, 0.0, (100, 100))]  # and so do the corners
    [0.0, 0.0]
    >>> [round(v, 1) for v in through_lens(49.5, 20.0, (100, 100))]  # the rest moves out
    [49.5, 14.8]
    """
    cx, cy, radius = _lens_centre(shape)
    seen = float(np.hypot(x - cx, y - cy)) / radius
    r = seen
    for _ in range(20):  # r (1 + k r^2) / (1 + k) = seen; the left side only grows with r
        r -= (r * (1 + BARREL * r * r) / (1 + BARREL) - seen) / ((1 + 3 * BARREL * r * r)
                                                                 / (1 + BARREL))
    k = r / seen if seen > 0 else 1.0
    return cx + (x - cx) * k, cy + (y - cy) * k


def _wide_angle(image: np.ndarray) -> np.ndarray:
    cx, cy, radius = _lens_centre(image.shape)
    ys, xs = np.mgrid[0:image.shape[0], 0:image.shape[1]].astype(np.float32)
    dx, dy = (xs - cx) / radius, (ys - cy) / radius
    k = (1 + BARREL * (dx * dx + dy * dy)) / (1 + BARREL)
    return cv2.remap(image, cx + dx * k * radius, cy + dy * k * radius, cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REPLICATE)


IMAGE: dict[Change, Callable[[np.ndarray], np.ndarray]] = {
    Change.DIM: _dim,
    Change.WARM_LAMP: _warm,
    Change.GREY: _grey,
    Change.JPEG: _jpeg_at(QUALITY[Change.JPEG]),
    Change.SOFT_FOCUS: _soft,
    Change.NOISE: _noise,
    Change.FARTHER: _scaled(SCALE[Change.FARTHER]),
    Change.NEARER: _scaled(SCALE[Change.NEARER]),
    Change.TURNED: _turned,
    Change.TILTED: _tilted,
    Change.SHAKE: _shaken,
    Change.WIDE_ANGLE: _wide_angle,
    Change.DARK_DICE: dark_dice,
    Change.WEBCAM_JPEG: _jpeg_at(QUALITY[Change.WEBCAM_JPEG]),
}


def scaled_label(die: LabeledDie, k: float) -> LabeledDie:
    """A die's label in the photo scaled ``k`` times.

    >>> scaled_label(LabeledDie(4, (10.0, 20.0, 30.0, 40.0)), 1.5).box
    (15.0, 30.0, 45.0, 60.0)
    """
    x0, y0, x1, y1 = die.box
    return LabeledDie(die.value, (x0 * k, y0 * k, x1 * k, y1 * k))


def rescaled(image: np.ndarray, dice: tuple[LabeledDie, ...], k: float,
             ) -> tuple[np.ndarray, tuple[LabeledDie, ...]]:
    """The photo as a camera of ``k`` times its resolution (or ``k`` times nearer) shows
    it, and its labels where the dice now lie (``scripts/bench-vision --scales``).

    >>> image, dice = rescaled(np.zeros((40, 60, 3), np.uint8),
    ...                        (LabeledDie(2, (10.0, 5.0, 20.0, 15.0)),), 1.5)
    >>> image.shape, dice[0].box
    ((60, 90, 3), (15.0, 7.5, 30.0, 22.5))
    """
    return _scaled(k)(image), tuple(scaled_label(d, k) for d in dice)


def moved_label(die: LabeledDie, change: Change, shape: tuple[int, ...]) -> LabeledDie:
    """Where a die's label lies after ``change`` (``shape``: the photo's, before).

    >>> moved_label(LabeledDie(4, (10.0, 20.0, 30.0, 40.0)), Change.FARTHER, (100, 100)).box
    (6.0, 12.0, 18.0, 24.0)
    >>> moved_label(LabeledDie(4, (10.0, 20.0, 30.0, 40.0)), Change.TURNED, (100, 100)).box
    (60.0, 10.0, 80.0, 30.0)
    >>> [round(v) for v in moved_label(LabeledDie(4, (0, 0, 100, 100)), Change.TILTED,
    ...                                (100, 100)).box]
    [0, 0, 100, 80]
    """
    x0, y0, x1, y1 = die.box
    if change in SCALE:
        return scaled_label(die, SCALE[change])
    if change is Change.TURNED:  # clockwise: (x, y) -> (height - y, x)
        return LabeledDie(die.value, (shape[0] - y1, x0, shape[0] - y0, x1))
    if change is Change.TILTED:  # the box around the label's corners as they now lie
        corners = np.array([[[x0, y0], [x1, y0], [x1, y1], [x0, y1]]], np.float32)
        pts = cv2.perspectiveTransform(corners, tilt(shape))[0]
        lo, hi = pts.min(axis=0), pts.max(axis=0)
        return LabeledDie(die.value, (float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])))
    if change is Change.WIDE_ANGLE:  # the box around its corners and its sides' middles
        mx, my = (x0 + x1) / 2.0, (y0 + y1) / 2.0
        xs, ys = zip(*(through_lens(x, y, shape) for x, y in (
            (x0, y0), (mx, y0), (x1, y0), (x1, my), (x1, y1), (mx, y1), (x0, y1), (x0, my))),
            strict=True)
        return LabeledDie(die.value, (min(xs), min(ys), max(xs), max(ys)))
    return die


def changed(image: np.ndarray, dice: tuple[LabeledDie, ...], change: Change,
            ) -> tuple[np.ndarray, tuple[LabeledDie, ...]]:
    """The photo through ``change``, and its labels where the dice now lie."""
    return IMAGE[change](image), tuple(moved_label(d, change, image.shape) for d in dice)
