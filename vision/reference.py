"""The empty tray: on the box the camera and tray do not move, so a frame of the empty
tray shows what is background, and anything new on it is worth a look.

``EmptyTray(frame)`` keeps a smoothed copy; ``update(frame)`` refreshes it (the watcher does
so whenever it sees the tray empty); ``places(image, side)`` gives die-sized blobs that differ
from it. A frame of another size (another camera mode) matches nothing, nor does one whose
light changed more than one gain a channel explains: then the reader reads as without it.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.blobs import Place, die_blobs
from vision.medians import median

DIFF = 15  # least change (sum over the colour channels, after smoothing) that is not noise
NOISE = 5.0  # or this many times the frame's median change, if more
LIGHT_SHIFT = 0.6  # more than this share of the frame changed: the light or the camera moved
MISMATCH = 120.0  # a least change over this (8x ``DIFF``): the frames do not match, the light
#                   changed more than a gain explains (a probe's floor measures 15-25)
SHADOW = (0.35, 0.93)  # a pixel this much darker than the tray, in every channel alike: a shadow
SHADOW_TINT = 0.12  # "alike": its channels' darkening within this of each other


def _smooth(frame: np.ndarray, k: int = 5) -> np.ndarray:
    if frame.ndim == 2:
        frame = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    return cv2.GaussianBlur(frame, (k, k), 0).astype(np.float32)


class EmptyTray:
    """A frame of the empty tray, to find what lies on it later."""

    def __init__(self, frame: np.ndarray) -> None:
        self._ref = _smooth(frame)
        self._sharp = _smooth(frame, 3)

    @property
    def shape(self) -> tuple[int, int]:
        """(height, width) of the reference frame."""
        return self._ref.shape[0], self._ref.shape[1]

    def update(self, frame: np.ndarray) -> None:
        """Take ``frame`` (the tray seen empty) as the new reference."""
        self._ref = _smooth(frame)
        self._sharp = _smooth(frame, 3)

    def changed(self, image: np.ndarray) -> np.ndarray | None:
        """Mask (uint8 0/1) of the pixels unlike the empty tray, or None when the frame does
        not match (another size, most of it changed: the light or the camera moved, or a
        change of light no gain explains, whose "noise" would hide every die: ``MISMATCH``).

        >>> ramp = np.tile(np.linspace(0, 255, 64), (48, 1))[:, :, None].repeat(3, 2)
        >>> tray = EmptyTray(ramp.astype(np.uint8))
        >>> tray.changed((255 * (ramp / 255) ** 0.3).astype(np.uint8)) is None  # a gamma
        True
        >>> dice = ramp.astype(np.uint8); dice[10:20, 10:20] = 255
        >>> int(tray.changed(dice)[15, 15]), int(tray.changed(dice)[40, 40])
        (1, 0)
        """
        matched = self._matched(image, self._ref, 5)
        if matched is None:
            return None
        now, ref, noise = matched
        diff = cv2.transform(cv2.absdiff(now, ref), np.ones((1, 3), np.float32))
        mask = (diff > noise).astype(np.uint8)
        return None if mask.mean() > LIGHT_SHIFT else mask

    def look(self, image: np.ndarray) -> TrayLook | None:
        """``image`` compared with the empty tray, for looking closely at parts of it
        (``TrayLook.difference``); None for a frame of another size, or one whose light no
        gain matches (``MISMATCH``)."""
        matched = self._matched(image, self._sharp, 3)
        return None if matched is None else TrayLook(image, matched[1], matched[2])

    def _matched(self, image: np.ndarray, base: np.ndarray, k: int,
                 ) -> tuple[np.ndarray, np.ndarray, float] | None:
        """(``image`` smoothed over ``k`` pixels, ``base`` levelled to its light, the least
        change that is not noise), or None for a frame that does not match: another size,
        or light no gain matches (``_level``)."""
        if image.shape[:2] != self.shape:
            return None
        now = _smooth(image, k)
        levelled = self._level(now, base)
        if levelled is None:
            return None
        gain, noise = levelled
        return now, base * gain.astype(np.float32), noise

    @staticmethod
    def _level(now: np.ndarray, base: np.ndarray) -> tuple[np.ndarray, float] | None:
        """Each channel's gain from ``base`` to ``now`` (the light may have changed a little:
        auto exposure), and the least change that is not noise; None where that least change
        is over ``MISMATCH``: no gain matches the frames. The gain is the median of
        the pixels' own ratios: the ratio of the two frames' medians is wrong for a frame
        of two halves (a tray on a table of another shade), whose median pixel a few dice
        move from one half to the other.

        >>> half = np.zeros((40, 40, 3), np.float32); half[:, 20:] = 200.0
        >>> dice = half.copy(); dice[:4, :4] = 200.0  # dice added on the dark half
        >>> levelled = EmptyTray._level(dice, half)
        >>> [round(float(g), 2) for g in levelled[0]], levelled[1]
        ([1.0, 1.0, 1.0], 15)
        """
        n, b = now[::4, ::4].reshape(-1, 3), base[::4, ::4].reshape(-1, 3)
        gain = median((n + 1.0) / (b + 1.0), axis=0)
        noise = max(DIFF, NOISE * float(median(np.abs(n - b * gain).sum(axis=1))))
        return None if noise > MISMATCH else (gain, noise)

    def places(self, image: np.ndarray, side: float) -> list[Place]:
        """Die-sized blobs (for dice about ``side`` pixels across) that are not the tray."""
        mask = self.changed(image)
        return [] if mask is None else die_blobs(mask, side)


class TrayLook:
    """One frame against the empty tray (its light level matched), looked at part by part."""

    def __init__(self, image: np.ndarray, tray: np.ndarray, noise: float) -> None:
        self._image, self._tray, self._noise = image, tray, noise

    def difference(self, box: tuple[int, int, int, int]) -> np.ndarray:
        """How unlike the empty tray each pixel of ``box`` (x0, y0, x1, y1) is (float32; 1.0
        is the least change that is not noise), compared less smoothed than
        ``EmptyTray.changed`` (the dice's own outlines), and 0 where a pixel is only the tray
        darkened (a shadow)."""
        x0, y0, x1, y1 = box
        now = _smooth(self._image[y0:y1, x0:x1], 3)
        ref = self._tray[y0:y1, x0:x1]
        diff = np.abs(now - ref).sum(axis=2) / self._noise
        ratio = (now + 1.0) / (ref + 1.0)
        hi, lo = ratio.max(axis=2), ratio.min(axis=2)
        diff[(hi < SHADOW[1]) & (lo > SHADOW[0]) & (hi - lo < SHADOW_TINT)] = 0.0
        return diff
