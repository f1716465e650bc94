"""The last look at a die still uncertain: the two opinions, four views of it.

A die's crop is turned to the die's own axes, so the crop mirrored left to right, mirrored
top to bottom, or turned half a turn shows the same face with the same pips. A classifier
reads each view a little differently; where one view's reading is soft, the mean over them
is steadier. ``four_views`` reads a place's four views with the two opinions (the second
look's classifiers) and takes the calibrated probabilities of the mean of those 8 logits.

Measured before it was used, on the reader's own places left uncertain and read no more
than ``vision.candidate_looks.FOUR_VIEWS_BELOW`` under their threshold, each at its own
threshold (free dice and dice touching another; pressed ones in easy frames were measured
apart): felt +14 dice, through the camera changes (``vision.camera_changes``) felt +28 and
tray +23, none wrong. The close look's four views as a third voice read fewer
(+11, +22, +23) at twice the cost; eight views (quarter turns and mirrors) read a few more
(+17, +29, +25) but one wrong; two views fewer. Pressed dice outside easy frames read so
are sometimes wrong (a felt pile: 1 die, through the changes 2), so they never get this
look.
"""

from __future__ import annotations

import numpy as np

from vision import model as M

Read = tuple[int, float, float, float]  # value, P(value | die), P(value), P(not a die)
VIEWS = 4  # the crop, mirrored each way, and turned half a turn


def views(crops: np.ndarray) -> np.ndarray:
    """(VIEWS, N, S, S, C): each of (N, S, S, C) crops as it is, mirrored left to right,
    mirrored top to bottom, and turned half a turn.

    >>> [v.ravel().tolist() for v in views(np.arange(4).reshape(1, 2, 2, 1))]
    [[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 0, 1], [3, 2, 1, 0]]
    """
    return np.ascontiguousarray(np.stack([crops, crops[:, :, ::-1], crops[:, ::-1],
                                          crops[:, ::-1, ::-1]]))


def four_views(full: np.ndarray, places: list[M.Place]) -> list[Read]:
    """Each (centre, size, angle) place of the full-resolution frame ``full`` read by the two
    opinions in the four views: (value, P(value | die), P(value), P(not a die)) of their
    calibrated mean."""
    if not places:
        return []
    crops = M.crops_uint8(full, places)
    n = len(crops)
    batch = M.patches_input(views(crops).reshape(VIEWS * n, *crops.shape[1:]))
    logits = [M.run_classifier_raw(batch, name)[0].reshape(VIEWS, n, -1) for name in M.OPINIONS]
    p = M.softmax(np.mean(logits, axis=(0, 1)), M.calibration().temperature)
    values = p[:, 1:].argmax(axis=1) + 1
    given = M.value_probability(p, values)
    return [(int(v), float(g), float(q[v]), float(q[0]))
            for v, g, q in zip(values, given, p, strict=True)]
