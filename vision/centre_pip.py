"""A three or a five whose centre "pip" is a glint: the mark lies off the centre pip's place.

On a glossy die under a lamp, a glint in the middle of a two or a four is what the centre
pip of a three or a five looks like, and every classifier reads it so (the glossy-dice
probe: every die it ruled wrong was a four read as a five, or a two as a three, the glint
clear of the pips by the face's middle; white glints on white pips too). A die's pips are
placed exactly: a centre pip lies at the centre of the corner pips and is their size. On
every labelled photo where a three's or five's pips stand out clearly it lay within 0.18 of
the corners' distance from their centre (pips of a few pixels in a 40 px die), on renders
far nearer. A glint lies where the lamp puts it, and is most often smaller than a pip. So
where a die read as three or five shows exactly that many clear marks (``CLEAR`` Lab units
from its face), its corner marks in a face's symmetric layout (``SQUARE``), and the middle
one lies ``OFF`` or more off their centre, or is under ``LIKE_SIZED`` of their size (but
not ``FAR`` off: then the marks are not its pips, a pip missed and a glint or a side
face's pip counted), the die is not ruled on: it becomes an uncertain region. So too where
the middle mark is of another colour than the corner pips, which are alike (a white glint
between yellow pips: ``UNLIKE``), and where only the corner pips stand out as pips, laid
out as a face's corners (``CORNERS``), and what lies between them is a speck smaller than
any pip (a glint too small to be a mark at all, read as the centre pip), and where the
middle mark is drawn out far more than the corner pips are (``STRETCHED``: a glint is the
lamp's shine drawn along the face; printed pips are discs, and a slant squeezes them all
alike), and where it stands out from the face far less than they do (``DIM``: a lamp's
grey shine on a dark face between white pips; printed pips stand out alike), and where
it shows two of three signs at lesser bars (``SIGNS``: a little off the centre pip's
place, a little drawn out, a little faint), which no printed pip shows. The marks are
sought on the die's face, found by its colour (``FaceLooks``): a box that takes in the
die's hard shadow, or only part of its face, would put the pips off the middle or outside
the look. Where the pips cannot be told apart so clearly (a dark face, blur, marbling, a
die under ``MIN_SIDE``) the check says nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision import model as M
from vision.medians import median

CENTRED = frozenset({3, 5})  # the values with a centre pip among others
SIDE = 64  # the die is looked at this many pixels across ...
AROUND = 1.2  # ... which is this many times its side
FACE = 0.35  # the face's colour: the median within this x the side of the die's middle
ZONE = 0.44  # marks are sought within this x the side of the middle (a pip's outer edge
#              lies 0.35 out), and one reaching its edge is not a pip
SMALLEST = 0.25  # a mark under this x a pip's least area (radius 0.08 side) is noise
LARGEST = 0.13  # a mark larger than a disc of this radius (x side) is no pip: a shadow's
#                 edge, the floor between a die's edge and the zone's
CLEAR = 35.0  # the pips stand out this far (Lab units) from the face, or nothing is said
LIKE_SIZED = (0.4, 2.5)  # the middle mark's area over the corners' median: a smaller one
#                          is no pip; a larger one, pips run together, says nothing
OFF = 0.2  # the middle mark this far from the corner pips' centre (x their distance from
#             it) is not a pip (real centre pips: 0.18 at most, on 40-47 px tray dice) ...
FAR = 0.45  # ... up to this far: beyond, the marks are not its pips and nothing is said
SQUARE = 0.25  # corner marks whose mirrors through their centre miss each other by more
#                than this x their distance from it are not a face's corner pips
MIN_SIDE = 24  # smaller dice: pips of a few pixels, nothing is said
ALIKE = 20.0  # corner pips within this (Lab units) of their median colour are alike ...
UNLIKE = 30.0  # ... and a middle mark this far from it is of another colour: no pip
SPECK = 0.05  # ... where the corner pips alone stand out, marks down to this x (a speck)
FACE_LIKE = 20.0  # pixels this near the face's colour (Lab units) are its face ...
LOOK = 2.0  # ... sought within this x the box's side of its centre
SIZED = (0.6, 1.5)  # ... a face this x the box's side (filled: pips and all) ...
SQUARISH = 0.75  # ... filling this share of its bounding square ...
MOVE = 0.5  # ... up to this x the box's side off its centre is where the marks are sought
STRETCHED = 1.4  # a middle mark this much longer for its width than the corner pips is no
#                  pip (real centre pips: 1.24 at most, over 517 threes and fives read; 1.45
#                  once through the camera changes: pips of 4 px under a warm lamp)
DIM = 0.84  # a middle mark standing out from the face less than this x as far as the corner
#             pips do is no pip: a lamp's shine on a dark face is greyer than its printed
#             pips (glossy dice whose glint was read as a pip: 0.73-0.86; centre pips read
#             rightly: 0.848 or more on the photos as they are and through the changes)
SIGNS = (0.14, 1.2, 0.87)  # two of these together are no pip either: the middle mark this far
#   off (x the corners' reach, under FAR), drawn out this much more than the corners, standing
#   out this little (x theirs). On every three and five the check passes (6,008, the photos
#   as they are and through the changes and 600 scenes of each probe) no two meet; 3 glossy
#   glints do (off 0.15-0.19, drawn out 1.22-1.34, 0.84-0.97 as clear)
SIZE_BARE = 0.25  # a bare middle is painted over as a mark this x the corner pips' area
BARE = 0.35  # a middle nearer the face's colour than this x the pips' distance is bare
SIZE_ALIKE = 0.6  # ... among corner pips whose smallest is this x the largest, or more
CORNERS = 2.8  # corner pips lie this far (x their radius) from the face's centre, or more
#               (3.5-4.4 on dice; a corner and the centre pip of a three: half that)


@dataclass(frozen=True)
class FaceMark:
    """A blob standing out from a die's face: its area and centre (patch pixels) and its
    mean colour (Lab)."""

    area: float
    centre: tuple[float, float]
    colour: tuple[float, float, float]
    stretch: float  # its length over its width (from its second moments): 1 for a disc
    squash: float = 1.0  # its height over its width in the look's rows and columns (the
    #                      look unturned: in the image's), as a camera at a slant squashes it


Split = tuple[FaceMark, list[FaceMark], np.ndarray, float]  # marks split: the middle one,
#                                                    the corners, their centre and reach


def face_look(image: np.ndarray, centre: tuple[float, float], side: float, angle: float,
          around: float) -> FaceLook:
    """A die (``centre``, ``side`` in pixels, turned by ``angle``) looked at ``around`` x
    its side across, ``SIDE`` pixels, in Lab; the die's side in those pixels; the face's
    middle (``FACE`` x the side each way, rows and columns); and the face's colour there
    (the median)."""
    patch = M.crop_uint8(image, centre, side * around / M.CROP_FACTOR, angle, SIDE)
    lab = cv2.cvtColor(patch.astype(np.float32) / 255.0, cv2.COLOR_BGR2Lab)
    s, c = SIDE / around, SIDE / 2
    inner = slice(int(c - FACE * s), int(c + FACE * s) + 1)
    return lab, s, inner, median(lab[inner, inner].reshape(-1, 3), axis=0)


def warm_up() -> None:
    """One look at a blank die, so that what OpenCV makes on first use (the float Lab
    table of ``face_look``'s colours: about 0.12 s here) is made before the first die is
    looked at, not during a reading."""
    face_look(np.zeros((SIDE, SIDE, 3), np.uint8), (SIDE / 2, SIDE / 2), SIDE / 2, 0.0, AROUND)


Face = tuple[tuple[float, float], float]  # a face's centre and side (image pixels)
ApartMap = tuple[np.ndarray, np.ndarray, float, np.ndarray]  # ``apart_map``: each pixel's
#          distance from the face's colour, the look in Lab, the die's side, the face's colour
FaceLook = tuple[np.ndarray, float, slice, np.ndarray]  # ``face_look``'s: the look in Lab, the
#          die's side in its pixels, the face's middle, the face's colour there


class FaceLooks:
    """The faces of one image's dice, each die's ``LOOK`` (``face_look``) made once and its
    face found by its colour there (``found_face``) once, and each found face's look
    (``apart_map``) made once: the glint check, the pip check (``vision.pip_places``), the
    more-pips check (``vision.more_pips``) and the marbled-face check
    (``vision.veined_face``, which finds a face against the floor in the same look) look at
    the same dice.

    >>> looks = FaceLooks(np.zeros((40, 40, 3), np.uint8))
    >>> looks.found((20.0, 20.0), 16.0, 0.0) is None, looks.square((20.0, 20.0), 16.0, 0.0)
    (True, ((20.0, 20.0), 16.0))
    """

    def __init__(self, image: np.ndarray) -> None:
        self.image = image
        self._looks: dict[tuple[tuple[float, float], float, float], FaceLook] = {}
        self._found: dict[tuple[tuple[float, float], float, float], Face | None] = {}
        self._apart: dict[tuple[tuple[float, float], float, float], ApartMap] = {}

    def look(self, centre: tuple[float, float], side: float, angle: float) -> FaceLook:
        """``face_look`` of the die boxed at ``centre`` (``side``, ``angle``), ``LOOK`` x its
        side across."""
        key = (centre, side, angle)
        if key not in self._looks:
            self._looks[key] = face_look(self.image, centre, side, angle, LOOK)
        return self._looks[key]

    def found(self, centre: tuple[float, float], side: float, angle: float) -> Face | None:
        """``found_face`` of the die boxed at ``centre`` (``side``, ``angle``)."""
        key = (centre, side, angle)
        if key not in self._found:
            self._found[key] = found_face(self.image, centre, side, angle,
                                          self.look(centre, side, angle))
        return self._found[key]

    def seen(self, centre: tuple[float, float], side: float, angle: float) -> Face | None:
        """``found`` for a die of ``MIN_SIDE`` or more; None for a smaller one (pips of a
        few pixels): the pip checks (``vision.pip_places``, ``vision.more_pips``) say
        nothing of it.

        >>> FaceLooks(np.zeros((40, 40, 3), np.uint8)).seen((20.0, 20.0), MIN_SIDE - 1, 0.0)
        """
        return None if side < MIN_SIDE else self.found(centre, side, angle)

    def apart(self, face: Face, angle: float) -> ApartMap:
        """``apart_map`` of a found face (its centre and side), turned by ``angle``: the pip
        check and the more-pips check look at the same faces."""
        key = (face[0], face[1], angle)
        if key not in self._apart:
            self._apart[key] = apart_map(self.image, *face, angle)
        return self._apart[key]

    def square(self, centre: tuple[float, float], side: float, angle: float) -> Face:
        """The centre and side of the face of a die boxed at ``centre`` (``side`` in pixels,
        turned by ``angle``) where its colour shows it (``found``); else ``centre`` and
        ``side``."""
        return self.found(centre, side, angle) or (centre, side)


def found_face(image: np.ndarray, centre: tuple[float, float], side: float,
               angle: float, look: FaceLook | None = None) -> Face | None:
    """The centre and side of the face of a die boxed at ``centre`` (``side`` in pixels,
    turned by ``angle``): the pixels of its face's colour (``FACE_LIKE``) joined to the
    box's middle, pips and all, looked for within ``LOOK`` x the side; where they make a
    square (``SQUARISH``) of ``SIZED`` x the box's side, clear of the look's edge (else
    the floor is the face's colour), not ``MOVE`` off; else None. A box that takes in the
    die's shadow or a side face, or only part of a glossy face, lies off the face, and its
    pips off its middle. ``look``: the die's ``LOOK`` already made (``face_look``), if any.
    """
    lab, s, inner, face = look if look is not None else face_look(image, centre, side,
                                                                  angle, LOOK)
    off = lab - face
    like = (np.einsum("ijk,ijk->ij", off, off) < FACE_LIKE ** 2).astype(np.uint8)
    return face_of(like, inner, s, centre, side, angle)


def face_of(like: np.ndarray, inner: slice, s: float, centre: tuple[float, float],
            side: float, angle: float, even: float = 0.0) -> Face | None:
    """The face (its centre and side in the image) that the pixels of a die's ``LOOK``
    (``like``: 1 where the face is) joined to its middle (``inner``) make, pips and all: a
    square (``SQUARISH``) of ``SIZED`` x the box's side (``s`` in the look's pixels; the
    die boxed at ``centre``, ``side``, turned by ``angle``), clear of the look's edge, not
    ``MOVE`` off, its shorter side at least ``even`` x its longer; else None."""
    c = SIDE / 2
    n, label = cv2.connectedComponents(like, connectivity=4)
    if n < 2:
        return None
    k = int(np.bincount(label[inner, inner].ravel(), minlength=n)[1:].argmax()) + 1
    contours, _ = cv2.findContours((label == k).astype(np.uint8), cv2.RETR_EXTERNAL,
                                   cv2.CHAIN_APPROX_SIMPLE)
    outline = max(contours, key=cv2.contourArea)
    x, y, w, h = cv2.boundingRect(outline)
    m = cv2.moments(outline)
    if (x == 0 or y == 0 or x + w >= SIDE or y + h >= SIDE or m["m00"] < SQUARISH * w * h
            or min(w, h) < even * max(w, h)):
        return None
    found = max(w, h) / s  # a slant squeezes the face one way
    shift = np.array([m["m10"] / m["m00"] - c, m["m01"] / m["m00"] - c])
    if not SIZED[0] <= found <= SIZED[1] or np.linalg.norm(shift) > MOVE * s:
        return None
    back = cv2.invertAffineTransform(M.crop_matrix(centre, side * LOOK / M.CROP_FACTOR,
                                                   angle, SIDE))
    x1, y1 = back @ np.array([c + shift[0], c + shift[1], 1.0])
    return (float(x1), float(y1)), found * side


def apart_map(image: np.ndarray, centre: tuple[float, float], side: float, angle: float,
              ) -> ApartMap:
    """How far each pixel of a die's look (``AROUND`` x its side across, ``SIDE`` pixels,
    turned by ``angle``) lies from its face's colour (Lab units, lightly blurred); the look
    in Lab, the die's side in its pixels, and the face's colour."""
    lab, s, _, face = face_look(image, centre, side, angle, AROUND)
    return cv2.GaussianBlur(colour_distance(lab, face), (0, 0), 0.6), lab, s, face


def colour_distance(lab: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """Each pixel's distance from ``colour`` (Lab units): ``np.linalg.norm(lab - colour,
    axis=2)`` bit for bit, at a third of its cost (its sum over three channels is slow).

    >>> lab = np.random.default_rng(1).random((8, 8, 3)).astype(np.float32) * 90
    >>> colour = np.array([50.0, 4.0, -7.0], np.float32)
    >>> bool(np.array_equal(colour_distance(lab, colour), np.linalg.norm(lab - colour, axis=2)))
    True
    """
    d = lab - colour
    d *= d
    return np.sqrt(d[..., 0] + d[..., 1] + d[..., 2])


def zone(s: float) -> slice:
    """The rows (and columns) of a look where marks are sought: ``ZONE`` x the die's side
    ``s`` (in the look's pixels) each way from its middle. ``marks`` places them from its
    start.

    >>> zone(SIDE / AROUND)
    slice(9, 55, None)
    """
    return slice(int(np.ceil(SIDE / 2 - ZONE * s)), int(SIDE / 2 + ZONE * s))


def _apart(colours: np.ndarray, face: np.ndarray) -> float:
    """The median distance of marks' mean ``colours`` from the ``face``'s (Lab units): how
    far the pips stand out."""
    return float(median(np.linalg.norm(colours - face, axis=1)))


def marks(image: np.ndarray, centre: tuple[float, float], side: float, angle: float,
          least: float = SMALLEST) -> tuple[list[FaceMark], float]:
    """The marks standing out from the face of a die (``centre``, ``side`` in pixels, turned
    by ``angle``) in a BGR image, each at least ``least`` x a pip's least area, and their
    median distance from the face's colour (Lab units)."""
    return marks_in(apart_map(image, centre, side, angle), least)


def marks_in(look: ApartMap, least: float = SMALLEST) -> tuple[list[FaceMark], float]:
    """``marks`` of a die's look (``apart_map``'s)."""
    apart, lab, s, face = look
    sought = _sought(apart, lab, s, least)
    if sought is None:
        return [], 0.0
    label, stats, centres, keep, colours = sought
    found = [FaceMark(float(stats[k, cv2.CC_STAT_AREA]), (float(centres[k][0]),
                                                          float(centres[k][1])),
                      (float(col[0]), float(col[1]), float(col[2])), st, sq)
             for k, col, (st, sq) in zip(keep, colours, _shapes(label, stats, keep),
                                         strict=True)]
    return found, _apart(colours, face)


def contrast(apart: np.ndarray, lab: np.ndarray, s: float, face: np.ndarray) -> float:
    """The median distance of a look's marks from its face's colour (``marks``' second
    answer, from ``apart_map``'s), 0 where it has none; the marks themselves not made."""
    sought = _sought(apart, lab, s, SMALLEST)
    return 0.0 if sought is None else _apart(sought[4], face)


def _sought(apart: np.ndarray, lab: np.ndarray, s: float, least: float,
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """The marks of a look (``apart_map``'s) within ``ZONE`` of its middle, as components:
    their labels (in the zone, from its start), stats, centres, the kept ones' indexes
    (pip-sized, down to ``least`` x a pip's least area, not at the zone's edge) and their
    mean colours (Lab); None where there are none."""
    z = zone(s)
    marked = apart[z, z]
    top = float(marked.max())
    if top <= 0:
        return None
    level, _ = cv2.threshold((marked / top * 255).astype(np.uint8), 0, 255,
                             cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    n, label, stats, centres = cv2.connectedComponentsWithStats(
        (marked > level / 255 * top).astype(np.uint8), connectivity=4)
    smallest = least * np.pi * (0.08 * s) ** 2
    largest = np.pi * (LARGEST * s) ** 2
    w = marked.shape[0]
    x, y, bw, bh, area = stats[1:].T
    keep = 1 + np.flatnonzero((area >= smallest) & (area <= largest) & (x > 0) & (y > 0)
                              & (x + bw < w) & (y + bh < w))  # pip-sized, not at the edge
    if not len(keep):
        return None
    flat = label.ravel()
    colours = np.stack([np.bincount(flat, lab[z, z, ch].ravel(), n)[keep]
                        for ch in range(3)], axis=1) / stats[keep, cv2.CC_STAT_AREA][:, None]
    return label, stats, centres, keep, colours


def _shapes(label: np.ndarray, stats: np.ndarray, keep: np.ndarray,
            ) -> list[tuple[float, float]]:
    """Each ``keep`` component's length over its width: the square root of its second
    moments' larger over smaller eigenvalue (a disc 1, an ellipse twice as long as wide 2);
    and its height over its width: the square root of its spread down the rows over its
    spread along them (a disc squashed to half its height 0.5)."""
    out = []
    for k in keep:
        x, y, w, h = stats[k, :4]
        m = cv2.moments((label[y:y + h, x:x + w] == k).astype(np.uint8), binaryImage=True)
        sxx = m["mu20"] / m["m00"] + 1 / 12  # a pixel's own spread: a 1-pixel mark is round
        syy, sxy = m["mu02"] / m["m00"] + 1 / 12, m["mu11"] / m["m00"]
        half, root = (sxx + syy) / 2, float(np.hypot((sxx - syy) / 2, sxy))
        out.append((float(np.sqrt((half + root) / max(half - root, 1e-9))),
                    float(np.sqrt(syy / sxx))))
    return out


def middle_off(found: list[FaceMark]) -> bool:
    """Whether the middle one of a three's or five's ``found`` marks (nearest the centre of
    them all) lies off the centre of the others (the corner pips, in a layout symmetric
    about their centre: ``SQUARE``) by ``OFF`` up to ``FAR`` x the corners' mean distance
    from their centre, and is not larger than they are, or lies under ``FAR`` off and is
    smaller than a pip (``LIKE_SIZED``).

    >>> pip = lambda x, y, a=50.0: FaceMark(a, (x, y), (80.0, 0.0, 0.0), 1.0)
    >>> corners = [pip(10, 10), pip(40, 40)]
    >>> middle_off(corners + [pip(25, 25)]), middle_off(corners + [pip(29, 21)])
    (False, True)
    >>> middle_off(corners + [pip(35, 15)])  # too far off: not this face's pips
    False
    >>> five = [pip(10, 10), pip(40, 10), pip(10, 40), pip(40, 40)]
    >>> middle_off(five + [pip(26, 25)]), middle_off(five + [pip(29, 22)])
    (False, True)
    >>> middle_off([pip(10, 10), pip(40, 10), pip(10, 25), pip(40, 40), pip(29, 22)])
    False
    >>> middle_off(corners + [pip(25, 25, 10.0)]), middle_off(corners + [pip(29, 21, 200.0)])
    (True, False)
    """
    split = _middle_and_corners(found)
    return split is not None and _off(split)


def _off(split: Split) -> bool:
    """``middle_off`` of marks split into the middle one and the corners."""
    middle, corners, _, _ = split
    off = _off_centre(split)
    area = middle.area / float(median([m.area for m in corners]))
    return off < FAR and ((off >= OFF and area <= LIKE_SIZED[1]) or area < LIKE_SIZED[0])


def _off_centre(split: Split) -> float:
    """How far the middle mark lies from the corners' centre, x their reach."""
    middle, _, centre, reach = split
    return float(np.linalg.norm(np.array(middle.centre) - centre)) / reach


def _middle_and_corners(found: list[FaceMark]) -> Split | None:
    """The middle one of ``found`` marks (nearest the centre of them all), the others (the
    corner pips), and the corners' centre and mean distance from it, where the corners lie
    as a face's do (``_laid_out``); None where they do not."""
    xy = np.array([m.centre for m in found])
    i = int(np.argmin(np.linalg.norm(xy - xy.mean(axis=0), axis=1)))
    laid = _laid_out(np.delete(xy, i, axis=0))
    if laid is None:
        return None
    return found[i], [m for k, m in enumerate(found) if k != i], *laid


def _laid_out(corners: np.ndarray) -> tuple[np.ndarray, float] | None:
    """The centre of corner marks and their mean distance from it, where they lie as a
    face's corner pips do, each one's mirror through the centre on another (``SQUARE``);
    None where they do not."""
    centre = corners.mean(axis=0)
    reach = float(np.linalg.norm(corners - centre, axis=1).mean())
    if reach <= 0:
        return None
    mirrors = 2 * centre - corners
    gaps = np.linalg.norm(mirrors[:, None, :] - corners[None, :, :], axis=2).min(axis=1)
    return None if gaps.max() > SQUARE * reach else (centre, reach)


def middle_unlike(found: list[FaceMark]) -> bool:
    """Whether the middle one of ``found`` marks is of another colour than the others (the
    corner pips, laid out as a face's and alike among themselves, ``ALIKE``), by
    ``UNLIKE`` Lab units or more: a white glint among yellow pips.

    >>> pip = lambda x, y, c=(60.0, -5.0, 28.0): FaceMark(50.0, (x, y), c, 1.0)
    >>> corners = [pip(10, 10), pip(40, 40)]
    >>> middle_unlike(corners + [pip(25, 25)]), middle_unlike(corners + [pip(25, 25, (80, 2, -16))])
    (False, True)
    """
    split = _middle_and_corners(found)
    return split is not None and _unlike(split)


def _unlike(split: Split) -> bool:
    """``middle_unlike`` of marks split into the middle one and the corners."""
    middle, corners, _, _ = split
    colours = np.array([m.colour for m in corners])
    pips = median(colours, axis=0)
    if np.linalg.norm(colours - pips, axis=1).max() > ALIKE:
        return False
    return bool(np.linalg.norm(np.array(middle.colour) - pips) >= UNLIKE)


def middle_stretched(found: list[FaceMark]) -> bool:
    """Whether the middle one of ``found`` marks is ``STRETCHED`` x longer for its width
    than the others (the corner pips, laid out as a face's) are: a lamp's glint, drawn out
    along the face's shine. Printed pips are discs; a slant squeezes them all alike.

    >>> pip = lambda x, y, st=1.05: FaceMark(50.0, (x, y), (80.0, 0.0, 0.0), st)
    >>> corners = [pip(10, 10), pip(40, 40)]
    >>> [middle_stretched(corners + [pip(25, 25, st)]) for st in (1.2, 1.8)]
    [False, True]
    >>> slanted = [pip(10, 10, 1.5), pip(40, 40, 1.5)]
    >>> middle_stretched(slanted + [pip(25, 25, 1.8)])
    False
    """
    split = _middle_and_corners(found)
    return split is not None and _stretched(split)


def _stretched(split: Split, bar: float | None = None) -> bool:
    """``middle_stretched`` of marks split into the middle one and the corners (drawn out
    ``bar`` x as much as the corners, or more; None: ``STRETCHED``)."""
    middle, corners, _, _ = split
    bar = STRETCHED if bar is None else bar
    return middle.stretch >= bar * float(median([m.stretch for m in corners]))


def middle_dim(found: list[FaceMark], face: np.ndarray) -> bool:
    """Whether the middle one of ``found`` marks stands out from the ``face``'s colour (Lab)
    less than ``DIM`` x as far as the others (the corner pips, laid out as a face's) do,
    by the median: a lamp's grey shine between white pips on a dark face. Printed pips are
    alike, and a face's light changes them all alike.

    >>> pip = lambda x, y, lightness=90.0: FaceMark(50.0, (x, y), (lightness, 0.0, 0.0), 1.0)
    >>> corners, black = [pip(10, 10), pip(40, 40)], np.array([20.0, 0.0, 0.0])
    >>> [middle_dim(corners + [pip(25, 25, light)], black) for light in (85.0, 70.0)]
    [False, True]
    """
    split = _middle_and_corners(found)
    return split is not None and _dim(split, face)


def _dim(split: Split, face: np.ndarray, bar: float | None = None) -> bool:
    """``middle_dim`` of marks split into the middle one and the corners (standing out
    under ``bar`` x as far as the corners; None: ``DIM``)."""
    middle, corners, _, _ = split
    return standing(middle, corners, face) < (DIM if bar is None else bar)


def standing(mark: FaceMark, corners: list[FaceMark], face: np.ndarray) -> float:
    """How far ``mark`` stands out from the ``face`` (Lab) over how far the ``corners``
    stand out (their median): about 1 for a printed pip, less for a lamp's grey shine.

    >>> pip = lambda light: FaceMark(50.0, (0.0, 0.0), (light, 0.0, 0.0), 1.0)
    >>> round(standing(pip(60.0), [pip(80.0), pip(80.0)], np.array([20.0, 0.0, 0.0])), 2)
    0.67
    """
    pips = _apart(np.array([m.colour for m in corners]), face)
    return float(np.linalg.norm(np.array(mark.colour) - face)) / max(pips, 1e-6)


def middle_two_signs(found: list[FaceMark], face: np.ndarray) -> bool:
    """Whether the middle one of ``found`` marks shows two of three signs of a glint at the
    lesser bars of ``SIGNS`` (a sign at its own bar is the single tests' case): off the
    corners' centre (under ``FAR``: the marks are the die's), drawn out more than the
    corners, fainter than they are against the ``face`` (Lab). Printed pips show one such
    sign at most.

    >>> pip = lambda x, y, st=1.05, light=90.0: FaceMark(50.0, (x, y), (light, 0.0, 0.0), st)
    >>> corners, black = [pip(10, 10), pip(40, 40)], np.array([20.0, 0.0, 0.0])
    >>> [middle_two_signs(corners + [pip(28, 23, st)], black) for st in (1.1, 1.35)]
    [False, True]
    >>> [middle_two_signs(corners + [pip(25, 25, 1.35, light)], black) for light in (88, 78)]
    [False, True]
    """
    split = _middle_and_corners(found)
    return split is not None and _two_signs(split, face)


def _two_signs(split: Split, face: np.ndarray) -> bool:
    """``middle_two_signs`` of marks split into the middle one and the corners."""
    off = _off_centre(split)
    if off >= FAR:
        return False
    near_off, drawn_out, faint = SIGNS
    return sum((off >= near_off, _stretched(split, drawn_out), _dim(split, face, faint))) >= 2


def corners_alone(found: list[FaceMark]) -> bool:
    """Whether ``found`` marks are a face's corner pips alone: laid out as a face's, as far
    from their centre as corner pips are (``CORNERS`` x their radius), not a corner and
    the centre pip.

    >>> pip = lambda x, y: FaceMark(50.0, (x, y), (80.0, 0.0, 0.0), 1.0)  # radius 4
    >>> corners_alone([pip(10, 10), pip(40, 10), pip(10, 40), pip(40, 40)])
    True
    >>> corners_alone([pip(10, 10), pip(22, 22)])  # a corner and the centre: too near
    False
    """
    laid = _laid_out(np.array([m.centre for m in found]))
    radius = float(np.sqrt(median([m.area for m in found]) / np.pi))
    return laid is not None and laid[1] >= CORNERS * radius


@dataclass(frozen=True)
class Signs:
    """What the glint check saw of the middle mark it took for a glint: off the centre pip's
    place or smaller than a pip (``off``; a lone speck between the corner pips is), of
    another colour than the corner pips (``unlike``), fainter than they are (``dim``), drawn
    out more than they are (``stretched``: blur and a JPEG's blocks draw a small pip out and
    fade it at once), and lighter than the face, or on a face whose pips are (``lit``:
    ``_lit``; a shine on a dark pip leaves a dark remnant). ``vision.past_glints`` weighs
    them."""

    off: bool
    unlike: bool
    dim: bool
    stretched: bool
    lit: bool


@dataclass(frozen=True)
class Glint:
    """The mark the glint check took for a glint: its centre and radius (image pixels), its
    area over the corner pips' median, the face's colour around it (Lab), the signs it
    showed (``Signs``), and how far it stands out from the face (Lab) over how far the
    corner pips do (``standing``: ``Signs.dim`` under ``DIM``)."""

    centre: tuple[float, float]
    radius: float
    size: float
    face: tuple[float, float, float]
    signs: Signs
    standing: float


def glint_at(image: np.ndarray, centre: tuple[float, float], side: float, angle: float,
             value: int, faces: FaceLooks | None = None) -> Glint | None:
    """The glint a die read as ``value`` (``centre``, ``side`` in pixels, turned by
    ``angle``) shows, taken for its centre pip: that many clear marks, the middle one off the
    centre pip's place or smaller than a pip (``middle_off``), of another colour
    (``middle_unlike``), drawn out (``middle_stretched``) or fainter (``middle_dim``), on
    the face found by its colour (``FaceLooks.square``) where the box's own look shows pips,
    but not that many laid out as a face's (the face is found only then: it costs a look);
    or one clear mark
    fewer, the corner pips alone (``corners_alone``), with a lone speck between them
    (``middle_off`` again, the speck far smaller than a pip) or nothing at all, the middle
    bare (``bare``: a shine too faint to mark, counted by the classifiers; the corner marks
    alike in size, ``alike_sized``), the glint then at the middle (``bare_middle``). None
    where there is none, or
    it cannot be told. ``faces``: the image's faces already found (``FaceLooks``), if any."""
    if value not in CENTRED or side < MIN_SIDE:
        return None
    looked = (centre, side)
    look = apart_map(image, centre, side, angle)
    found, clear = marks_in(look)
    # faint marks: no pips stand out, nor will they on the face; no mark at all: the pips may
    # be smaller than the box's look seeks (a box round the die and its shadow): on the face
    if found and clear < CLEAR:
        return None
    if len(found) != value or _laid_out(np.array([m.centre for m in found])) is None:
        looks = faces if faces is not None else FaceLooks(image)
        face, face_side = looks.square(centre, side, angle)  # the box is off the face
        if face != centre:
            looked = (face, face_side)
            look = looks.apart(looked, angle)  # the pip checks look at it too
            found, clear = marks_in(look)
    if clear < CLEAR:
        return None
    if len(found) == value:  # each check splits the marks alike: split them once
        split = _middle_and_corners(found)
        if split is None:
            return None
        off, unlike, dim = _off(split), _unlike(split), _dim(split, look[3])
        stretched = _stretched(split)  # blur draws a pip out and fades it, both at once
        if not (off or unlike or stretched or dim or _two_signs(split, look[3])):
            return None
        signs = Signs(off, unlike, dim, stretched, _lit(split[0], split[1], look[3]))
        return _in_image(split[0], split[1], looked, angle, look[3], signs)
    if len(found) != value - 1 or not corners_alone(found):
        return None
    # the corner pips, and what stands in the middle is smaller than a pip may be: a speck
    specks, _ = marks_in(look, SPECK)
    xy = np.array([m.centre for m in found])
    middle = [m for m in specks if np.linalg.norm(xy - m.centre, axis=1).min() > 0]
    if not middle and alike_sized(found) and bare(look, found, clear):
        mark = bare_middle(found, look[3])  # what was read there: a shine too faint to mark
        return _in_image(mark, found, looked, angle, look[3],
                         Signs(off=True, unlike=False, dim=False, stretched=False,
                               lit=_lit(mark, found, look[3])))
    if len(middle) != 1 or not middle_off([*found, *middle]):
        return None
    return _in_image(middle[0], found, looked, angle, look[3],
                     Signs(off=True, unlike=False, dim=False, stretched=False,
                           lit=_lit(middle[0], found, look[3])))


def bare_middle(corners: list[FaceMark], face: np.ndarray) -> FaceMark:
    """A mark standing for a face's bare middle among its ``corners`` pips: at their centre,
    a quarter of their median area (``SIZE_BARE``), the ``face``'s colour (Lab).

    >>> pip = lambda x, y: FaceMark(40.0, (x, y), (80.0, 0.0, 0.0), 1.0)
    >>> m = bare_middle([pip(10, 10), pip(40, 10), pip(10, 40), pip(40, 40)], np.zeros(3))
    >>> m.centre, m.area, m.colour
    ((25.0, 25.0), 10.0, (0.0, 0.0, 0.0))
    """
    (x, y), area = _between(corners)
    return FaceMark(SIZE_BARE * area, (x, y), (float(face[0]), float(face[1]), float(face[2])),
                    1.0)


def _between(corners: list[FaceMark]) -> tuple[tuple[float, float], float]:
    """The centre of ``corners`` marks (their mean place) and their median area: where a
    face's middle lies between its corner pips, and a pip's size there."""
    x, y = np.array([m.centre for m in corners], np.float64).mean(axis=0)
    return (float(x), float(y)), float(median([m.area for m in corners]))


def alike_sized(corners: list[FaceMark]) -> bool:
    """Whether ``corners`` marks are alike in size, as printed pips are: the smallest at
    least ``SIZE_ALIKE`` x the largest. Two unlike marks on a diagonal (a side face's pip
    at the look's edge and a three's pips run together) are no corner pips to tell a bare
    middle by.

    >>> pip = lambda area: FaceMark(area, (0.0, 0.0), (80.0, 0.0, 0.0), 1.0)
    >>> alike_sized([pip(41.0), pip(45.0)]), alike_sized([pip(22.0), pip(68.0)])
    (True, False)
    """
    areas = [m.area for m in corners]
    return min(areas) >= SIZE_ALIKE * max(areas)


def bare(look: ApartMap, corners: list[FaceMark], clear: float) -> bool:
    """Whether the look (``apart_map``'s) is its face's colour in the middle of its
    ``corners`` pips (a disc of their median area at their centre, placed as ``marks``
    places them): on average nearer the face than ``BARE`` x the pips' distance from it
    (``clear``). A shine across a centre pip makes a mark too large to count, but no bare
    middle (a tray photo's purple three).

    >>> apart = np.zeros((SIDE, SIDE), np.float32)
    >>> look = (apart, np.zeros((SIDE, SIDE, 3)), SIDE / AROUND, np.zeros(3))
    >>> pip = lambda x, y: FaceMark(30.0, (x, y), (80.0, 0.0, 0.0), 1.0)
    >>> corners = [pip(10, 10), pip(34, 10), pip(10, 34), pip(34, 34)]
    >>> bare(look, corners, 60.0)
    True
    >>> apart[28:35, 28:35] = 60.0  # a pip's distance in the middle (from the zone's start)
    >>> bare(look, corners, 60.0)
    False
    """
    apart, _, s, _ = look
    start = zone(s).start
    (x, y), area = _between(corners)
    x, y = x + start, y + start
    rows, cols = np.mgrid[:apart.shape[0], :apart.shape[1]]
    disc = (cols - x) ** 2 + (rows - y) ** 2 <= max(area / np.pi, 1.0)
    return float(apart[disc].mean()) < BARE * clear


def _lit(mark: FaceMark, corners: list[FaceMark], face: np.ndarray) -> bool:
    """Whether a middle ``mark`` may be a lamp's shine and not what a shine leaves of a
    pip: it is lighter than the ``face`` (Lab), or the corner pips are (light pips, where a
    shine on one makes it larger or drawn out). A shine on a dark pip leaves a dark mark,
    smaller than a pip and off its place, which the check takes for a glint too.

    >>> pip = lambda lightness: FaceMark(50.0, (0.0, 0.0), (lightness, 0.0, 0.0), 1.0)
    >>> white, black = np.array([90.0, 0.0, 0.0]), np.array([15.0, 0.0, 0.0])
    >>> _lit(pip(98.0), [pip(10.0)], white), _lit(pip(30.0), [pip(10.0)], white)
    (True, False)
    >>> _lit(pip(60.0), [pip(80.0)], black)
    True
    """
    return bool(mark.colour[0] > face[0]
                or median([m.colour[0] for m in corners]) > face[0])


def _in_image(mark: FaceMark, corners: list[FaceMark], looked: Face, angle: float,
              face: np.ndarray, signs: Signs) -> Glint:
    """A look's middle ``mark`` (``apart_map``'s of the die ``looked`` at, turned by
    ``angle``; the face's colour ``face``) as a ``Glint`` in image pixels."""
    start = zone(SIDE / AROUND).start  # marks are placed from the zone's start
    (x, y), side = looked
    back = cv2.invertAffineTransform(M.crop_matrix((x, y), side * AROUND / M.CROP_FACTOR,
                                                   angle, SIDE))
    cx, cy = back @ np.array([mark.centre[0] + start, mark.centre[1] + start, 1.0])
    pixel = side * AROUND / SIDE  # image pixels per look pixel
    return Glint((float(cx), float(cy)), float(np.sqrt(mark.area / np.pi)) * pixel,
                 mark.area / float(median([m.area for m in corners])),
                 (float(face[0]), float(face[1]), float(face[2])), signs,
                 standing(mark, corners, face))
