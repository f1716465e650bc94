"""The empty tray: on the box the camera and tray do not move, so a frame of the empty
tray shows what is background, and anything new on it is worth a look.

``EmptyTray(frame)`` keeps a smoothed copy; ``update(frame)`` refreshes it (the watcher does
so whenever it sees the tray empty); ``places(image, side)`` gives die-sized blobs that differ
from it. A frame of another size (another camera mode) matches nothing.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.blobs import Place, die_blobs

DIFF = 15  # least change (sum over the colour channels, after smoothing) that is not noise
NOISE = 5.0  # or this many times the frame's median change, if more
LIGHT_SHIFT = 0.6  # more than this share of the frame changed: the light or the camera moved


def _smooth(frame: np.ndarray) -> np.ndarray:
    if frame.ndim == 2:
        frame = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    return cv2.GaussianBlur(frame, (5, 5), 0).astype(np.float32)


class EmptyTray:
    """A frame of the empty tray, to find what lies on it later."""

    def __init__(self, frame: np.ndarray) -> None:
        self._ref = _smooth(frame)

    @property
    def shape(self) -> tuple[int, int]:
        """(height, width) of the reference frame."""
        return self._ref.shape[0], self._ref.shape[1]

    def update(self, frame: np.ndarray) -> None:
        """Take ``frame`` (the tray seen empty) as the new reference."""
        self._ref = _smooth(frame)

    def changed(self, image: np.ndarray) -> np.ndarray | None:
        """Mask (uint8 0/1) of the pixels unlike the empty tray, or None when the frame does
        not match (another size, or most of it changed: the light or the camera moved)."""
        if image.shape[:2] != self.shape:
            return None
        now = _smooth(image)
        # the light may have changed a little (auto exposure): match each channel's level
        gain = np.median(now[::4, ::4].reshape(-1, 3) + 1.0, axis=0) / np.median(
            self._ref[::4, ::4].reshape(-1, 3) + 1.0, axis=0)
        diff = np.abs(now - self._ref * gain).sum(axis=2)
        mask = (diff > max(DIFF, NOISE * float(np.median(diff[::4, ::4])))).astype(np.uint8)
        if mask.mean() > LIGHT_SHIFT:
            return None
        return mask

    def places(self, image: np.ndarray, side: float) -> list[Place]:
        """Die-sized blobs (for dice about ``side`` pixels across) that are not the tray."""
        mask = self.changed(image)
        return [] if mask is None else die_blobs(mask, side)
