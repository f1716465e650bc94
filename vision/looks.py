"""How a frame is shown to the reader's networks: as the camera saw it, or turned over.

The networks learned dice mostly from light dice with dark pips and coloured dice with light
pips. A player's black dice with white pips, or pale dice with dark pips on a dark tray,
read worse (round 70's "dark dice" rows). Such dice, with their lightness turned over (Lab
L to 255 - L, the colour kept), look like the dice the networks know. A taught profile
keeps the look its taught dice read best in (``vision.teach.choose_look``), and every read
with that profile shows the frame so (``vision.reader.read_dice``). Each look is its own
inverse, so crops kept in one look are shown in another by showing them again.
"""

from __future__ import annotations

from enum import Enum

import cv2
import numpy as np


def lightness_turned(image: np.ndarray) -> np.ndarray:
    """``image`` (BGR uint8) with its lightness (Lab L) turned over, the colour (a, b) kept.

    >>> pixels = np.full((1, 2, 3), 250, np.uint8); pixels[0, 1] = (40, 40, 200)  # BGR
    >>> lightness_turned(pixels)[0].tolist()  # white goes nearly black, a dark red lighter
    [[6, 6, 6], [66, 76, 237]]
    """
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2Lab)
    lab[..., 0] = 255 - lab[..., 0]
    return cv2.cvtColor(lab, cv2.COLOR_Lab2BGR)


class Look(Enum):
    """How the reader's networks are shown a frame."""

    AS_SEEN = "as seen"  # the frame as the camera saw it
    TURNED = "lightness turned over"  # dark dice with light pips shown as light dice

    def shown(self, image: np.ndarray) -> np.ndarray:
        """``image`` (BGR uint8, a frame or crops ``(N, H, W, 3)``) shown in this look.

        >>> img = np.full((2, 2, 3), 30, np.uint8)
        >>> Look.AS_SEEN.shown(img) is img, int(Look.TURNED.shown(img)[0, 0, 0]) > 200
        (True, True)
        """
        if self is Look.AS_SEEN:
            return image
        if image.ndim == 4:  # crops: one image as tall as all of them, turned at once
            n, h = image.shape[:2]
            return lightness_turned(image.reshape(n * h, *image.shape[2:])).reshape(image.shape)
        return lightness_turned(image)
