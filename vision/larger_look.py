"""A box on one pip of a larger die: the same place looked at again, larger.

On a large white die seen close up, the detector sometimes marks one pip of a two (or a
corner of the face) as a small die of its own. Read at that size the crop shows a dark
disc on white, which no classifier can count, so the place stays uncertain while the
die's other pip lies just outside the crop. A free place the reader is not sure of, with
no other die-like place within ``ALONE`` x its size, is cropped again at ``GROW`` x its
size (the same centre, turned to the die's axes at that size), smallest first, and read
by every classifier: the first, the two opinions and the close look. It becomes a die only
when all four name the same value, none takes it for "not a die", and each is at least as
sure as a free die must be (the calibration's "sure" threshold), which is stricter than a
free die's own rule (the mean of the later looks). It never reads a one: a small whole die
seen in a larger crop is itself one dark blob on the floor, like a one's pip (a 20 px blue
six with gold pips on a light floor, in a 1280x960 frame, was read so as a one). Over
every labelled photo and every camera change (``vision.camera_changes``) no such read was
wrong; it reads three white twos, a felt three and two more dice through the changes.
Crowded places never get it: a larger crop there takes in a neighbour (a felt one read at
the frame's median size became a four).
"""

from __future__ import annotations

import numpy as np

from vision import model as M
from vision.types import Die, square_box

GROW = (1.5, 2.0)  # the larger sizes tried, x the place's own, smallest first
ALONE = 3.0  # no other die-like place's centre nearer than this x the place's size


def alone(centres: np.ndarray, sizes: np.ndarray) -> list[bool]:
    """Which places (centres (N, 2), sizes (N,)) have no other centre within ``ALONE`` x
    their own size.

    >>> alone(np.array([[0.0, 0.0], [50.0, 0.0], [200.0, 0.0]]), np.array([10.0, 20.0, 10.0]))
    [True, False, True]
    """
    xy = np.asarray(centres, np.float64).reshape(-1, 2)
    d = np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1))
    np.fill_diagonal(d, np.inf)
    return [bool(b) for b in d.min(axis=1, initial=np.inf) >= ALONE * np.asarray(sizes, np.float64)]


Read = tuple[int, float, float]  # value, least P(value | die) of the four, P(value) of the mean


def unanimous(full: np.ndarray, places: list[M.Place], sure: float, not_die: float,
              ones: bool = False, close_sure: float | None = None, close: bool = True,
              ) -> list[Read | None]:
    """Each (centre, size, angle) place of the full-resolution frame ``full`` read by every
    classifier (the first, the two opinions, the close look; without ``close``, the close
    look left out): (value, the least P(value | die) of them, P(value) of the later looks'
    mean logits) when all name the same value, none reads "not a die" with ``not_die`` or
    more, each is at least ``sure`` sure (the close look at least ``close_sure``, if given),
    and the value is not a one (a small whole die in a larger crop is one blob on the
    floor, like a one's pip), unless ``ones`` (a crop of the set's dice's size); else None."""
    if not places:
        return []
    patches = M.crop_patches(full, places)
    logits = [M.run_classifier_raw(patches, name)[0] for name in (M.CLASSIFIER, *M.OPINIONS)]
    if close:
        closer = M.patches_input(M.crops_uint8(full, places, M.CLOSE_CROP))
        logits.append(M.run_classifier_raw(closer, M.CLOSE_LOOK)[0])
    temperature = M.calibration().temperature
    reads = [M.softmax(lg, temperature) for lg in logits]
    mean = M.softmax(np.mean(logits[1:], axis=0), temperature)  # the later looks, as for a free die
    out: list[Read | None] = []
    for k in range(len(places)):
        values = {int(p[k, 1:].argmax()) + 1 for p in reads}
        each = [float(M.value_probability(p[k:k + 1])[0]) for p in reads]
        least = min(each)
        value = values.pop() if len(values) == 1 else 0  # 0: they disagree
        enough = (least >= sure if close_sure is None or not close
                  else min(each[:-1]) >= sure and each[-1] >= close_sure)
        ok = ((value > 1 or (ones and value == 1)) and enough
              and max(float(p[k, 0]) for p in reads) < not_die)
        out.append((value, least, float(mean[k, value])) if ok else None)
    return out


def unanimous_die(place: M.Place, seen: Read, f: float) -> Die:
    """The die a ``unanimous`` read (``seen``) of a full-resolution ``place`` names, in
    image pixels (``f``: image pixels per full pixel).

    >>> unanimous_die(((50.0, 40.0), 20.0, 12.34), (5, 0.97, 0.9912), 2.0)
    Die(value=5, center=(100.0, 80.0), box=(80, 60, 120, 100), confidence=0.991, angle=12.3)
    """
    (x, y), size, angle = place
    value, _, confidence = seen
    return Die(value, (round(x * f, 1), round(y * f, 1)), square_box((x * f, y * f), size * f),
               round(confidence, 3), round(angle, 1))


def read_larger(full: np.ndarray, centre: tuple[float, float], size: float, sure: float,
                not_die: float) -> tuple[int, float, float, float, float] | None:
    """(value, least P(value | die) of the four classifiers, P(value) of the later looks'
    mean, size, angle) at the first of the ``GROW`` sizes where the place in the
    full-resolution frame ``full`` is read ``unanimous``ly; None if at no size."""
    places = M.turned(full, [(centre, size * k) for k in GROW])
    for (_, grown, angle), read in zip(places, unanimous(full, places, sure, not_die),
                                       strict=True):
        if read is not None:
            return (*read, grown, angle)
    return None
