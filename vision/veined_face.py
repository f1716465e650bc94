"""A marbled die read with more pips than its face shows: the face holds a whole smaller face.

The face checks (``vision.centre_pip``, ``vision.pip_places``, ``vision.more_pips``) find
a die's face by its one colour, and say nothing where it has none: a marbled die, two
colours swirled in veins, is never checked. There the classifiers count a vein's loops and
ends as pips (the marbled-dice probe, as the box reads it: a two read as a four, a three
as a five, a four as a six, 0.69-0.97 sure, with the pips plain to a person).

So where a die read less surely than the pip check asks (``reader.DOUBTED``) shows no
one-coloured face, its face is sought against the floor instead (``body_face``: the
pixels unlike the look's border, the floor, joined to its middle, make a square as
``centre_pip.face_of`` asks, as long one way as the other within ``EVEN``: not a die seen
with its side face). Its colours are split in ``COLOURS`` groups (k-means++, its random
numbers seeded, so a reading is repeatable); the pips are the group that, opened by ``OPEN`` x
the side (a vein's soft edge is thin), makes the most marks of a pip's size and shape
(``pip_marks``: round, up to ``centre_pip.LARGEST``; the group under ``BODY`` of the face,
which a vein or the base fills), and those marks hold at least ``PURE`` of the group
(else it is a vein's colour). Where those marks are at least ``LEAST`` and fewer than the
value read, and lie exactly as a whole face of that many pips (``pip_places.fits``, in
the die's own axes (``AXES``), at least ``FAR`` x the side from the middle, as a real
face's pips lie), the die shows that smaller face, not the value read, and is not ruled on
(``FEWER_PIPS``). A face missing a pip in the marks (a pip run into a vein of its colour)
shows no whole smaller face: a three's corner and middle pips lie nearer each other than
a two's, a four's two pips beside each other are no two's diagonal in the die's axes.

Measured on the dice read under ``DOUBTED`` with no one-coloured face, as the box reads
them (seeds 0-299 of the marbled dice and set, touching and glossy dice, pale and spotted
floors; every shared photo): 6 of the marbled dice's 14 dice ruled wrong are left for a
re-read, and no die read right. Unseen scenes: see ``docs/reader-rounds.md``, round 68.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision import centre_pip as C
from vision import pip_places as P
from vision.medians import median

RING = 3  # the look's border this many pixels deep is the floor ...
FLOOR_APART = 15.0  # ... and a pixel this far from its colour (Lab units), or more ...
FLOOR_SPREAD = 4.0  # ... or this x the ring's median distance from it, is the die's
EVEN = 0.85  # the face found so is at least this x as long one way as the other
COLOURS = 3  # the face's colours: the base, a vein, the pips
SEED, TRIES = 1, 3  # k-means++: its random numbers' seed, and its tries
OPEN = 0.03  # a colour's pixels opened by a disc this x the side: a vein's thin edge goes
BODY = 0.35  # a colour covering this share of the look or more is the body's, no pips'
PURE = 0.6  # the pips' colour: at least this share of it in pip-sized round marks
LEAST = 2  # a smaller face of at least this many pips ...
AXES = (0.0, 15.0, 75.0)  # ... laid out in the die's axes (degrees turned) ...
FAR = 0.23  # ... its pips this x the side from its middle or more (``pip_places.REACHES``)
ROUND = 2.2  # a pip's mark: its box no longer than this x its width ...
FILLED = 0.5  # ... and filled this much


@dataclass(frozen=True)
class PipMarks:
    """The pips of a face of several colours: how many round pip-sized marks its pips'
    colour makes, a map of them (1 on a mark, the look's pixels), the die's side in those
    pixels, and the share of that colour the marks hold."""

    count: int
    marks: np.ndarray
    side: float
    pure: float


def body_face(image: np.ndarray, centre: tuple[float, float], side: float,
              angle: float, look: C.FaceLook | None = None) -> C.Face | None:
    """The face of a die boxed at ``centre`` (``side`` in pixels, turned by ``angle``) found
    against the floor: the look's pixels unlike its border (``RING``), joined to its middle,
    as ``centre_pip.face_of`` asks, ``EVEN`` one way and the other; else None. ``look``:
    the die's ``centre_pip.LOOK`` already made (``centre_pip.face_look``), if any."""
    lab, s, inner, _ = look if look is not None else C.face_look(image, centre, side, angle,
                                                                 C.LOOK)
    ring = np.concatenate([lab[:RING].reshape(-1, 3), lab[-RING:].reshape(-1, 3),
                           lab[:, :RING].reshape(-1, 3), lab[:, -RING:].reshape(-1, 3)])
    floor = median(ring, axis=0).astype(np.float32)
    spread = float(median(np.linalg.norm(ring - floor, axis=1)))
    apart = cv2.GaussianBlur(C.colour_distance(lab, floor), (0, 0), 1.0)
    die = (apart > max(FLOOR_APART, FLOOR_SPREAD * spread)).astype(np.uint8)
    return C.face_of(die, inner, s, centre, side, angle, EVEN)


def colour_groups(lab: np.ndarray) -> np.ndarray:
    """Each pixel's group of ``COLOURS`` (k-means++ of the Lab pixels, ``TRIES`` times, the
    best kept; OpenCV's random numbers seeded first, so the same look always splits alike).

    >>> lab = np.zeros((4, 6, 3), np.float32)
    >>> lab[:, 2:4, 0], lab[:, 4:, 0] = 50.0, 90.0
    >>> groups = colour_groups(lab)[0].tolist()
    >>> groups[0] == groups[1] != groups[2] == groups[3] != groups[4] == groups[5] != groups[0]
    True
    """
    cv2.setRNGSeed(SEED)
    stop = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
    # no labels given: OpenCV makes them (its stubs ask for an array)
    _, groups, _ = cv2.kmeans(lab.reshape(-1, 3).astype(np.float32), COLOURS,
                              None, stop, TRIES, cv2.KMEANS_PP_CENTERS)  # type: ignore[call-overload]
    return np.asarray(groups).reshape(lab.shape[:2])


def pip_marks(image: np.ndarray, face: C.Face, angle: float) -> PipMarks | None:
    """The pip marks of a ``face`` (its centre and side) of several colours, turned by
    ``angle``: the colour group (``colour_groups`` of the marks' zone, ``centre_pip.zone``)
    under ``BODY`` of it that makes the most round pip-sized marks once opened (``OPEN``);
    None where no group is so small."""
    lab, s, _, _ = C.face_look(image, face[0], face[1], angle, C.AROUND)
    z = C.zone(s)
    groups = colour_groups(lab[z, z])
    r = max(1, round(OPEN * s))
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1,) * 2)
    smallest = C.SMALLEST * np.pi * (0.08 * s) ** 2
    largest = np.pi * (C.LARGEST * s) ** 2
    best: PipMarks | None = None
    for g in range(COLOURS):
        opened = cv2.morphologyEx((groups == g).astype(np.uint8), cv2.MORPH_OPEN, disc)
        if opened.mean() >= BODY:
            continue
        n, label, stats, _ = cv2.connectedComponentsWithStats(opened, connectivity=4)
        x, y, w, h, area = stats[1:].T
        edge = len(opened)
        pips = ((x > 0) & (y > 0) & (x + w < edge) & (y + h < edge)
                & (area >= smallest) & (area <= largest)
                & (np.maximum(w, h) <= ROUND * np.minimum(w, h)) & (area >= FILLED * w * h))
        if best is not None and int(pips.sum()) <= best.count:
            continue
        marks = np.zeros(lab.shape[:2], np.float32)
        marks[z, z] = np.isin(label, 1 + np.flatnonzero(pips))
        best = PipMarks(int(pips.sum()), marks, s,
                        float(area[pips].sum()) / max(float(area.sum()), 1.0))
    return best


def smaller_face(image: np.ndarray, centre: tuple[float, float], side: float, angle: float,
                 value: int, faces: C.FaceLooks | None = None) -> bool:
    """Whether a die read as ``value`` (``centre``, ``side`` in pixels, turned by ``angle``)
    shows no one-coloured face, and its face found against the floor holds a whole face of
    fewer pips (see the module). False where that cannot be told. ``faces``: the image's
    one-coloured faces already found (``centre_pip.FaceLooks``), if any."""
    if value <= LEAST or side < C.MIN_SIDE:
        return False
    looks = faces if faces is not None else C.FaceLooks(image)
    if looks.found(centre, side, angle) is not None:
        return False  # a face of one colour: the other checks look at it
    face = body_face(image, centre, side, angle, looks.look(centre, side, angle))
    found = pip_marks(image, face, angle) if face is not None else None
    if found is None or not LEAST <= found.count < value or found.pure < PURE:
        return False
    return P.fits(P.marked_near(found.marks, found.side), found.side,
                  P.LAYOUTS[found.count], P.layout_shift(found.count), AXES,
                  tuple(r for r in P.REACHES if r >= FAR))
