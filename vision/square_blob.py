"""A blob of a mask that may be a die's face: closed, square, and filling its rectangle.

Looks that find a die by its outline rather than the detector (``vision.one_face``: the
face round a lone pip; ``vision.die_pieces``: the blob round a piece of a die;
``vision.missed_dice``: a blob nothing marked) all ask the same of it: that it does not run
on beyond the mask (the floor, a crowd, a pile), that its smallest rectangle is square
(``SQUARE``), and that it fills that rectangle as a die's rounded face does (``filled``).
"""

from __future__ import annotations

import cv2
import numpy as np

SQUARE = 1.25  # the blob's smallest rectangle is at most this much longer than wide

Place = tuple[tuple[float, float], float, float]  # centre, side, angle (degrees)


def closed_square(labels: np.ndarray, stats: np.ndarray, at: int, filled: float,
                  ) -> Place | None:
    """Component ``at`` of a mask's components (``labels``, ``stats``: as
    ``cv2.connectedComponentsWithStats`` gives them) as a (centre, side, angle) place in
    the mask's pixels, where it is closed (it does not reach the mask's edge), square
    (``SQUARE``) and fills at least ``filled`` of its smallest rectangle; else None.

    >>> mask = np.zeros((40, 60), np.uint8)
    >>> mask[10:30, 10:30] = 1; mask[10:20, 40:60] = 1  # a square, and one at the edge
    >>> _, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    >>> closed_square(labels, stats, 1, 0.8), closed_square(labels, stats, 2, 0.8)
    (((19.5, 19.5), 20.0, 0.0), None)
    """
    x, y, w, h, _ = stats[at]
    if x == 0 or y == 0 or x + w >= labels.shape[1] or y + h >= labels.shape[0]:
        return None  # it goes on beyond the mask: the floor, a crowd, a pile
    outline = max(cv2.findContours((labels[y:y + h, x:x + w] == at).astype(np.uint8),
                                   cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0],
                  key=cv2.contourArea)
    (bx, by), (rw, rh), angle = cv2.minAreaRect(outline)
    if min(rw, rh) <= 0 or max(rw, rh) > SQUARE * min(rw, rh):
        return None
    if cv2.contourArea(outline) < filled * rw * rh:
        return None
    side = (rw + rh) / 2 + 1.0  # the outline runs through its edge pixels' centres
    return (float(bx + x), float(by + y)), float(side), float((angle + 45.0) % 90.0 - 45.0)
