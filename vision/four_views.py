"""The last look at a die still uncertain: the later classifiers, four views of it.

A die's crop is turned to the die's own axes, so the crop mirrored left to right, mirrored
top to bottom, or turned half a turn shows the same face with the same pips. A classifier
reads each view a little differently; where one view's reading is soft, the mean over them
is steadier. ``four_views`` reads a place's four views with the two opinions and the close
look (on its larger crop) and takes the calibrated probabilities of the mean of those 12
logits.

Measured before it was used, on the reader's own places (free dice it left uncertain, read
no more than ``vision.reader.FOUR_VIEWS_BELOW`` under their threshold), at the calibrated
"sure" threshold for a free die: felt +6 dice read, through the camera changes
(``vision.camera_changes``) felt +18 and tray +9, none wrong. All eight turnings and
mirrorings, and the first classifier too, read a few more (felt +6 to +8, through the
changes +15 to +20 and +10) at two to three times the cost; two views read fewer.
"""

from __future__ import annotations

import numpy as np

from vision import model as M

Read = tuple[int, float, float, float]  # value, P(value | die), P(value), P(not a die)


VIEWS = 4


def views(crops: np.ndarray) -> np.ndarray:
    """(VIEWS, N, S, S, C): each of (N, S, S, C) crops as it is, mirrored left to right,
    mirrored top to bottom, and turned half a turn.

    >>> [v.ravel().tolist() for v in views(np.arange(4).reshape(1, 2, 2, 1))]
    [[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 0, 1], [3, 2, 1, 0]]
    """
    return np.ascontiguousarray(np.stack([crops, crops[:, :, ::-1], crops[:, ::-1],
                                          crops[:, ::-1, ::-1]]))


def _mean_logits(crops: np.ndarray, names: tuple[str, ...]) -> np.ndarray:
    """(N, 7): the mean logits of the classifiers ``names`` over the views of each of the
    (N, S, S, 3) crops."""
    n = len(crops)
    batch = M.patches_input(views(crops).reshape(VIEWS * n, *crops.shape[1:]))
    logits = [M.run_classifier_raw(batch, name)[0].reshape(VIEWS, n, -1) for name in names]
    return np.mean(logits, axis=(0, 1))


def four_views(full: np.ndarray, places: list[M.Place]) -> list[Read]:
    """Each (centre, size, angle) place of the full-resolution frame ``full`` read by the two
    opinions and the close look in every view: (value, P(value | die), P(value), P(not a
    die)) of the calibrated mean."""
    if not places:
        return []
    opinions = _mean_logits(M.crops_uint8(full, places), M.OPINIONS)
    close = _mean_logits(M.crops_uint8(full, places, M.CLOSE_CROP), (M.CLOSE_LOOK,))
    mean = (2 * opinions + close) / 3  # each of the three classifiers weighs the same
    p = M.softmax(mean, M.calibration().temperature)
    values = p[:, 1:].argmax(axis=1) + 1
    given = M.value_probability(p, values)
    return [(int(v), float(g), float(q[v]), float(q[0]))
            for v, g, q in zip(values, given, p, strict=True)]
