"""Images the reader accepts: checked once, with one clear error for anything else.

``check_image`` says why an array cannot be read (too small, wrong shape or type);
``load_image`` decodes a file without letting OpenCV print its own warnings, and decodes
very large photos at a reduced size (JPEG decoders scale by 2, 4 or 8 for free), so an
8000x6000 photo never costs hundreds of megabytes.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, UnidentifiedImageError

MIN_SIDE = 32  # smaller images cannot hold a die the reader could count
MAX_FULL = 2048  # the largest side the reader works from; larger frames are reduced first
MAX_PIXELS = 200_000_000  # refuse to even decode larger images (a decompression bomb)

_REDUCED = ((8, cv2.IMREAD_REDUCED_COLOR_8), (4, cv2.IMREAD_REDUCED_COLOR_4),
            (2, cv2.IMREAD_REDUCED_COLOR_2))


class ImageError(ValueError):
    """An image the reader cannot read: missing, undecodable, too small or malformed."""


def check_image(image: object) -> np.ndarray:
    """The image as a uint8 BGR array, or ImageError saying what is wrong with it."""
    if not isinstance(image, np.ndarray):
        raise ImageError(f"not an image array: {type(image).__name__}")
    if image.ndim not in (2, 3) or (image.ndim == 3 and image.shape[2] not in (1, 3, 4)):
        raise ImageError(f"not an image: array of shape {image.shape}")
    if image.dtype != np.uint8:
        raise ImageError(f"8-bit images only, got {image.dtype}")
    h, w = image.shape[:2]
    if min(h, w) < MIN_SIDE:
        raise ImageError(f"image too small: {w}x{h} (at least {MIN_SIDE}x{MIN_SIDE} pixels)")
    if image.ndim == 2 or image.shape[2] == 1:
        return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    return image


def jpeg_roundtrip(image: np.ndarray, quality: int) -> np.ndarray:
    """The image as a JPEG at ``quality`` (0-100) shows it once decoded: blocks, ringing.

    >>> img = np.full((32, 32, 3), 128, np.uint8)
    >>> out = jpeg_roundtrip(img, 20)
    >>> out.shape, out.dtype, int(abs(out.astype(int) - 128).max()) <= 2
    ((32, 32, 3), dtype('uint8'), True)
    """
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    out = cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else None
    if out is None:
        raise ImageError(f"the image could not go through JPEG at quality {quality}")
    return np.asarray(out)


def cap_size(image: np.ndarray, max_side: int = MAX_FULL) -> np.ndarray:
    """Halve the image (2x pyramid steps) until its longer side is at most ``max_side``."""
    levels = Pyramid(image)
    return levels[levels.capped(max_side)]


class Pyramid:
    """An image halved again and again (2x pyramid steps), each level made once, when first
    asked for: the looks of one read share one pyramid of its frame.

    ``pyramid[k]`` is the image halved ``k`` times; ``pyramid.from_level(k)`` is the same
    pyramid seen from that level down (its levels made once, for both).

    >>> p = Pyramid(np.zeros((480, 640, 3), np.uint8))
    >>> p[2].shape, p.capped(200), p.from_level(1)[1] is p[2]
    ((120, 160, 3), 2, True)
    """

    def __init__(self, image: np.ndarray) -> None:
        self._levels = [image]
        self._first = 0

    def __getitem__(self, k: int) -> np.ndarray:
        if k < 0:
            raise IndexError(f"no pyramid level {k}")
        while len(self._levels) <= self._first + k:
            self._levels.append(cv2.pyrDown(self._levels[-1]))
        return self._levels[self._first + k]

    def capped(self, max_side: int) -> int:
        """The first level whose longer side is at most ``max_side``."""
        k = 0
        while max(self[k].shape[:2]) > max_side:
            k += 1
        return k

    def from_level(self, k: int) -> Pyramid:
        """This pyramid from its level ``k`` down, sharing the levels made."""
        view = Pyramid(self[k])
        view._levels, view._first = self._levels, self._first + k
        return view


def load_image(path: str | Path) -> np.ndarray:
    """Decode an image file as BGR, reduced so its longer side is at most about ``MAX_FULL``.

    The size is read from the header first (Pillow), so no warning from OpenCV reaches the
    terminal and a huge photo is decoded at a reduced scale. Raises ImageError.
    """
    path = Path(path)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as im:
                w, h = im.size
    except FileNotFoundError:
        raise ImageError("no such file") from None
    except IsADirectoryError:
        raise ImageError("a directory, not an image file") from None
    except Image.DecompressionBombError:
        raise ImageError("image too large") from None
    except (UnidentifiedImageError, OSError) as exc:
        raise ImageError(f"not an image file ({exc.__class__.__name__})") from None
    if w * h > MAX_PIXELS:
        raise ImageError(f"image too large: {w}x{h} (at most {MAX_PIXELS // 1_000_000} MP)")
    if min(w, h) < MIN_SIDE:
        raise ImageError(f"image too small: {w}x{h} (at least {MIN_SIDE}x{MIN_SIDE} pixels)")
    flag = cv2.IMREAD_COLOR
    for k, reduced in _REDUCED:
        if max(w, h) // k > MAX_FULL // 2:  # what cap_size would halve it to anyway
            flag = reduced
            break
    data = np.fromfile(str(path), np.uint8)
    image = cv2.imdecode(data, flag)  # imdecode, unlike imread, prints nothing on failure
    if image is None:
        raise ImageError("damaged or unsupported image data")
    return cap_size(check_image(image))
