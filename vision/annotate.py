"""Draw a Reading on a copy of its image, for people to check by eye."""

from __future__ import annotations

import cv2
import numpy as np

from vision.types import Reading


def annotate(image: np.ndarray, reading: Reading) -> np.ndarray:
    """The image with a green box, value and top-face centre (a dot) per die, orange boxes for
    uncertain regions."""
    out = image.copy() if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    for d in reading.dice:
        x0, y0, x1, y1 = d.box
        cv2.rectangle(out, (x0, y0), (x1, y1), (0, 200, 0), 2)
        cv2.circle(out, (round(d.center[0]), round(d.center[1])), 3, (0, 255, 0), -1)
        cv2.putText(out, str(d.value), (x0, max(12, y0 - 3)), cv2.FONT_HERSHEY_SIMPLEX, 0.6,
                    (0, 0, 0), 3, cv2.LINE_AA)
        cv2.putText(out, str(d.value), (x0, max(12, y0 - 3)), cv2.FONT_HERSHEY_SIMPLEX, 0.6,
                    (0, 255, 0), 1, cv2.LINE_AA)
    for r in reading.uncertain:
        x0, y0, x1, y1 = r.box
        cv2.rectangle(out, (x0, y0), (x1, y1), (0, 140, 255), 2)
        cv2.putText(out, "?", (x0, max(12, y0 - 3)), cv2.FONT_HERSHEY_SIMPLEX, 0.6,
                    (0, 140, 255), 2, cv2.LINE_AA)
    if reading.problem:
        cv2.putText(out, reading.problem, (8, 20), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (0, 0, 255),
                    2, cv2.LINE_AA)
    return out
