"""A die seen at a slant and read by its side face: its top face is read from above.

A camera looking down at a slant sees a die's top face and, below it in the image, the side
faces turned towards it, each with its own pips. At a steep slant the front face is as large
as the top, and a classifier reading the whole die may read the front (the slanted-cubes
probe: a three read as the five on its front face, a four as the six). With the camera
upright (the image's top the far side of the table, as a webcam or a phone is held) the top
face is the uppermost part of the die. So a die read with any doubt (under ``DOUBT`` of its
value), or read as a six however surely (a six's two rows of three survive a steep
camera's squash, and the classifiers read a six on the front face 0.996-1.0 sure), is
looked at again just above its middle: a patch ``WIDE`` x its box's side across and
``TALL`` x that high, stretched to a square as the slant squashes the top face, ``UP`` x
the side above the middle (two looks), and at the same places below it.

The looks below are the test. Every pip layout is symmetric about its face's centre, so on a
die lying flat in the image, whatever its turn, the part above the middle and the part below
show the same thing and read alike; on a die showing a side face they are different faces.
Where both upper looks read the same value, other than the die's, sure (``SURE``), by each
of the three classifiers, and neither lower look reads that value (of a die in doubt, under
``FLAT_SURE`` or not read, neither reads it as surely as ``MIRROR`` nor both at all:
``mirrored``), the die's value is its top face's: the upper looks', at the top face's place.
Where they read it less surely (``DOUBTED``), the die's own read is a side face's and the
top's is not sure: the die is not ruled on (an uncertain region, ``SIDE_FACE``). So too,
less surely still (``SIDE_SEEN``), where both lower looks read the die's own value, the face
in front that the whole die was read by, and the upper looks' value is none that half of a
flat face of the die's value shows (``HALVES``: the upper part of a flat two shows one pip).
And so too where each of the four looks reads its face at least ``WHOLE_TOP`` surely, both
lower looks the die's own value and one upper look as surely as ``DOUBTED``: two whole
faces, a top above a front, whatever the top's value (a one on top of a die read by the
three on its front face; half a flat face never reads so surely: on every shared photo and
300 scenes of each probe, at most 0.76). Otherwise the reading stands, as it does where the
upper looks' value, however sure, is what half of a flat face of the die's value shows and a
lower look reads no die at all (``flat_half``): a box that takes in the die's shadow below
it shows the die's upper half above its middle, and the shadow below.

The first classifier chooses the dice worth the three's looks: either upper look reading
another value at least ``FIRST`` surely (at a steep slant the look nearer the middle holds
more of the front face, and only the higher one reads the top surely).
A camera upside down (the far side at the image's bottom) turns this round; the box's
camera is mounted upright.

A camera turned a quarter (the far side at the image's left or right: a phone held
sideways, a box whose ``[camera] turn`` is not set) shows a die's side faces beside its top,
where the looks above and below do not find them. Where the pips of the dice in doubt say so
(``vision.camera_tilt``: squashed along the image's rows, more than ``ACROSS_STEEP`` off
straight down), those dice are looked at from both sides too: the image turned a quarter
each way, the same looks. Which side is the far one the frame does not say (in one turn a
die read by its side face shows its top above its middle, in the other a die read rightly
shows its side face there), so a die either turn finds a side face in is not ruled on
(``SIDE_FACE``), never read again (``across_doubted``). Measured: the white webcam's photos
turned a quarter, 3 of their 5 dice ruled wrong and 4 of the box's 5 wrong rulings no longer
ruled on (11 dice read right left for a re-read); the slanted cubes turned (seeds 0-399), 27
dice ruled wrong and 15 box rulings wrong fewer, 32 right dice left; every shared photo as it
is, the tray's and felt's turned, and the cubes upright read as before. Cost: the tilt of
the three dice, about 1.5 ms on a crowded tray's frame (the looks themselves, 20-40 ms, only
where it measures across).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision import model as M
from vision.camera_tilt import MIN_DICE, camera_tilt
from vision.types import SIDE_FACE, UNREAD, Die, Reading, Region, box_centre, box_side

UP = (0.2, 0.25)  # the looks' middles above (and below) the die's, x its box's side
WIDE = 0.85  # a look's patch: this x the side across ...
TALL = 0.65  # ... and this x its width high (the top face, squashed by the slant)
DOUBT: dict[int, float] = {**dict.fromkeys(range(1, 6), 0.995), 6: math.inf}
#  a die read under this sure (by the value read) is looked at again: a six however surely
#  (the slanted cubes' sure dice ruled wrong were all sixes read by their front face)
FIRST = 0.5  # the first upper look (one classifier) reading another value this surely ...
SURE = 0.9  # ... is read by all three at both upper looks, each as sure as this
DOUBTED = 0.8  # ... or, read by them at both this surely (their mean), the die is in doubt
SIDE_SEEN = 0.65  # ... or this surely, with both lower looks reading the die's own value
WHOLE_TOP = 0.5  # ... or this surely, one as surely as DOUBTED, with both lower looks reading
#                  the die's own value this surely (two whole faces: ``whole_top_seen``)
FLAT_SURE = 0.995  # a die read less surely than this, or not read, is in doubt (``mirrored``)
MIRROR_FIRST = 0.5  # a die in doubt shows a flat face where a lower look reads the upper
MIRROR = 0.65  # ... looks' value this surely (the first classifier; then the three), or both do
HALVES = {1: frozenset(), 2: frozenset({1}), 3: frozenset({1, 2}), 4: frozenset({1, 2}),
          5: frozenset({1, 2, 3}), 6: frozenset({1, 2, 3})}  # what a look at the upper
#   part of a flat die of each value may read: its face cut about in half
NOT_A_DIE = 0.5  # a look this likely "not a die" reads nothing
LOOKS = 3  # at most this many dice a frame are looked at (the least sure): each look costs
#            a classifier run, and a frame of 25 dice has about ten in doubt
ACROSS_STEEP = 30.0  # degrees off straight down, across the image, measured on those dice,
#   beyond which they are looked at from both sides too (``across_doubted``): a few dice's
#   pips measure an upright tray photo up to 33 degrees across, where the looks cost 20-40 ms


def look_patch(image: np.ndarray, box: tuple[int, int, int, int], up: float) -> np.ndarray:
    """The ``CROP`` x ``CROP`` BGR patch of a die's box ``up`` x its side above its middle
    (below for ``up`` < 0): ``WIDE`` x the side across, ``TALL`` x that high.

    >>> img = np.zeros((100, 100, 3), np.uint8)
    >>> img[20:30] = 255  # a white band across the top of the die's box
    >>> [int(look_patch(img, (20, 20, 80, 80), up).max()) for up in (0.25, -0.25)]
    [255, 0]
    """
    side = box_side(box)
    cx, cy = box_centre(box)
    cy -= up * side
    w = WIDE * side
    h = w * TALL
    src = np.array([[cx - w / 2, cy - h / 2], [cx + w / 2, cy - h / 2],
                    [cx - w / 2, cy + h / 2]], np.float32)
    dst = np.array([[0, 0], [M.CROP, 0], [0, M.CROP]], np.float32)
    return cv2.warpAffine(image, cv2.getAffineTransform(src, dst), (M.CROP, M.CROP),
                          flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def net_probabilities(patches: np.ndarray, nets: tuple[str, ...]) -> np.ndarray:
    """(len(nets), N, 7) calibrated class probabilities of BGR patches, by each of ``nets``."""
    x = M.patches_input(patches)
    t = M.calibration().temperature
    return np.stack([M.softmax(M.run_classifier_raw(x, n)[0], t) for n in nets])


Look = tuple[tuple[int, int, int, int], float]  # a die's box, and how far above its middle
#                                                (x its side; below it if negative) a look lies


class LookReads:
    """One upright image's looks (``look_patch``) and each classifier's probabilities of
    them, each look made and read once: ``top_looks`` and ``vision.two_faces`` look at the
    same dice, in part at the same places (0.25 x the side above and below the middle).
    A crop reads alike in any batch (``model.open_network``), so a look reads alike whichever
    looks it is read with.

    >>> img = np.zeros((100, 100, 3), np.uint8)
    >>> reads = LookReads(img)
    >>> looks = [((20, 20, 80, 80), 0.25), ((20, 20, 80, 80), -0.25)]
    >>> first = reads.probabilities(looks, (M.CLASSIFIER,))
    >>> again = reads.probabilities(looks[::-1], (M.CLASSIFIER,))
    >>> first.shape, bool((again[0] == first[0][::-1]).all()), len(reads._patches)
    ((1, 2, 7), True, 2)
    """

    def __init__(self, image: np.ndarray) -> None:
        self.image = image
        self._patches: dict[Look, np.ndarray] = {}
        self._probs: dict[tuple[str, Look], np.ndarray] = {}

    def patches(self, looks: list[Look]) -> np.ndarray:
        """The (N, CROP, CROP, 3) BGR patches of ``looks``."""
        for look in looks:
            if look not in self._patches:
                self._patches[look] = look_patch(self.image, *look)
        return np.stack([self._patches[look] for look in looks])

    def probabilities(self, looks: list[Look], nets: tuple[str, ...]) -> np.ndarray:
        """(len(nets), N, 7) ``net_probabilities`` of ``looks``, by each of ``nets``."""
        for net in nets:
            new = list(dict.fromkeys(k for k in looks if (net, k) not in self._probs))
            if new:
                for look, p in zip(new, net_probabilities(self.patches(new), (net,))[0],
                                   strict=True):
                    self._probs[(net, look)] = p
        return np.stack([np.stack([self._probs[(net, k)] for k in looks]) for net in nets])


def _together(each: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(N, 7) probabilities of ``net_probabilities``' nets averaged, and whether the nets
    agree on each one's likeliest value."""
    votes = each[:, :, 1:].argmax(axis=2)
    return each.mean(axis=0), (votes == votes[0]).all(axis=0)


def likeliest(probs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each row's likeliest value (1-6) and its probability given a die."""
    value = probs[:, 1:].argmax(axis=1) + 1
    return value, M.value_probability(probs, value)


@dataclass(frozen=True)
class TopLook:
    """What a die's top face reads from above: its value, the looks' least probability of
    it, and whether they are sure enough to read the die by it; if not, the die is only
    doubted (its own read is a side face's, and the top could not be read surely)."""

    value: int
    probability: float
    sure: bool


def top_looks(image: np.ndarray, boxes: list[tuple[int, int, int, int]],
              values: list[int], doubted: list[bool] | None = None,
              reads: LookReads | None = None) -> list[TopLook | None]:
    """For dice (boxes, read values; 0 for a die not read), what their top face reads from
    above, where the looks find a side face read (see the module); None elsewhere.
    ``doubted``: whether each die is in doubt (``mirrored``'s bar; default none is).
    ``reads``: the image's looks already read (``LookReads`` of ``image``), if any.
    Cheapest test first: the two upper looks by one classifier, then the lower looks by it,
    and only then the two opinions at all four looks (the first classifier's reads of them
    are kept from the tests before)."""
    out: list[TopLook | None] = [None] * len(boxes)
    if not boxes:
        return out
    if doubted is None:
        doubted = [False] * len(boxes)
    reads = reads if reads is not None else LookReads(image)
    upper = [(b, u) for b in boxes for u in UP]
    first = reads.probabilities(upper, (M.CLASSIFIER,))[0]
    v, p = likeliest(first)
    seen: dict[int, int] = {}
    for i in range(len(boxes)):  # the surer upper look that reads another value
        other = [k for k in range(i * len(UP), (i + 1) * len(UP))
                 if v[k] != values[i] and p[k] >= FIRST and first[k, 0] < NOT_A_DIE]
        if other:
            seen[i] = int(v[max(other, key=lambda k: p[k])])
    maybe = list(seen)
    if not maybe:
        return out
    below = [-u for u in UP]
    lower = [(boxes[i], u) for i in maybe for u in below]
    first_lower = reads.probabilities(lower, (M.CLASSIFIER,))[0]
    v, p = likeliest(first_lower)
    looks = [slice(k * len(below), (k + 1) * len(below)) for k in range(len(maybe))]
    kept = [k for k, i in enumerate(maybe)
            if not mirrored(seen[i], v[looks[k]], p[looks[k]], MIRROR_FIRST if doubted[i] else 0.0)]
    if not kept:
        return out
    # each die left's four looks, its upper then its lower ones: the first classifier has
    # read them above; the two opinions read the same patches
    rows = [r for k in kept
            for r in (*range(maybe[k] * len(UP), (maybe[k] + 1) * len(UP)),
                      *range(len(upper) + k * len(below), len(upper) + (k + 1) * len(below)))]
    four = [(upper + lower)[r] for r in rows]
    firsts = np.concatenate([first, first_lower])[rows]
    probs, agree = _together(np.concatenate([firsts[None],
                                             reads.probabilities(four, M.OPINIONS)]))
    maybe = [maybe[k] for k in kept]
    n = len(UP) + len(below)
    v, p = likeliest(probs)
    for k, i in enumerate(maybe):
        up, down = slice(k * n, k * n + len(UP)), slice(k * n + len(UP), (k + 1) * n)
        if not ((v[up] == seen[i]).all() and (probs[up, 0] < NOT_A_DIE).all()
                and not mirrored(seen[i], v[down], p[down], MIRROR if doubted[i] else 0.0)):
            continue
        if (p[up] >= DOUBTED).all():
            if flat_half(seen[i], values[i], probs[down, 0]):
                continue  # the upper half of a flat die, boxed with its shadow below it
            sure = bool((p[up] >= SURE).all() and agree[up].all())
            out[i] = TopLook(seen[i], float(p[up].min()), sure)
        elif ((p[up] >= SIDE_SEEN).all() and side_seen(seen[i], values[i], v[down])
              or whole_top_seen(p[up], p[down], values[i], v[down])):
            out[i] = TopLook(seen[i], float(p[up].min()), False)
    return out


def mirrored(top: int, below: np.ndarray, surely: np.ndarray, bar: float) -> bool:
    """Whether lower looks that read ``below`` (each ``surely``) mirror upper looks that
    read ``top``, as on a flat die, whose pips are symmetric about its face's centre: both
    read ``top``, or one does at least ``bar`` surely. A die read surely takes any lower
    look reading ``top`` for a mirror (``bar`` 0: a flat six's halves read as threes, one
    below 0.45); one in doubt, only a sure one (a one on top of a die read by the five in
    front: its lower looks read a one and a two, the one 0.55 sure, where the upper looks
    read the one 0.99 sure).

    >>> mirrored(1, np.array([1, 2]), np.array([0.55, 0.3]), 0.65)
    False
    >>> mirrored(1, np.array([1, 2]), np.array([0.55, 0.3]), 0.0)
    True
    >>> mirrored(3, np.array([3, 3]), np.array([0.4, 0.4]), 0.65)
    True
    """
    same = below == top
    return bool((same & (surely >= bar)).any() or same.all())


def side_seen(top: int, value: int, below: np.ndarray) -> bool:
    """Whether looks that read ``top`` above a die's middle and ``below`` under it show a
    die read as ``value`` by a side face: each lower look reads the die's own value, and
    ``top`` is none that the upper part of a flat die of that value shows (``HALVES``).

    >>> side_seen(4, 6, np.array([6, 6])), side_seen(3, 6, np.array([6, 6]))
    (True, False)
    >>> side_seen(4, 6, np.array([6, 5])), side_seen(4, 0, np.array([0, 0]))  # 0: not read
    (False, False)
    """
    return value in HALVES and top not in HALVES[value] and bool((below == value).all())


def flat_half(top: int, value: int, not_die: np.ndarray) -> bool:
    """Whether upper looks that read ``top`` on a die read as ``value`` show the upper half
    of a flat die read rightly, boxed with its shadow below it: ``top`` is what the upper
    part of a flat die of that value shows (``HALVES``), and a lower look reads no die at
    all (its P("not a die") in ``not_die`` at least ``NOT_A_DIE``), where a slanted die
    would show the face in front it was read by (the slanted-cubes probe seen 10 degrees
    off straight down: a flat two's upper half read as a one, 0.90-0.93 sure, the lower
    looks 0.45 and 0.66 "not a die"; the side faces read in front of a one or a two on top
    at 25-50 degrees, 0.37 at most).

    >>> flat_half(1, 2, np.array([0.45, 0.66])), flat_half(1, 2, np.array([0.29, 0.37]))
    (True, False)
    >>> flat_half(4, 2, np.array([0.9, 0.9])), flat_half(1, 0, np.array([0.9, 0.9]))  # 0: not read
    (False, False)
    """
    return top in HALVES.get(value, frozenset()) and bool((not_die >= NOT_A_DIE).any())


def whole_top_seen(up: np.ndarray, down: np.ndarray, value: int, below: np.ndarray) -> bool:
    """Whether looks above a die's middle that read another value (each ``up`` surely) and
    looks below it that read ``below`` (each ``down`` surely) show two whole faces, a top
    above the side face the die was read by, though the upper looks' value may be what half
    of a flat die of its value shows (a one on top of a die read by the three on its front):
    each look reads its face at least ``WHOLE_TOP`` surely, one upper look as surely as
    ``DOUBTED`` (half a flat face never reads so surely), and each lower look the die's own
    value.

    >>> whole_top_seen(np.array([0.6, 0.9]), np.array([0.9, 0.6]), 3, np.array([3, 3]))
    True
    >>> whole_top_seen(np.array([0.6, 0.7]), np.array([0.9, 0.6]), 3, np.array([3, 3]))
    False
    >>> whole_top_seen(np.array([0.6, 0.9]), np.array([0.4, 0.6]), 3, np.array([3, 3]))
    False
    >>> whole_top_seen(np.array([0.6, 0.9]), np.array([0.9, 0.6]), 3, np.array([3, 1]))
    False
    """
    return bool((up >= WHOLE_TOP).all() and (down >= WHOLE_TOP).all()
                and up.max() >= DOUBTED and (below == value).all())


def on_slanted_tops(image: np.ndarray, reading: Reading,
                    reads: LookReads | None = None) -> Reading:
    """``reading`` with the dice in doubt and the places not read (the face could not be
    counted: ``UNREAD``) that a slanted camera shows by a side face (``top_looks``; the
    ``LOOKS`` least sure of them) read by their top face instead, placed at that face, or,
    for a die whose top could not be read surely, made an uncertain region (``SIDE_FACE``);
    then, in a frame seen across (``across_doubted``), the dice in doubt that show a side
    face beside their top made uncertain regions too. ``reads``: the image's looks already
    read (``LookReads``), if any.
    """
    return across_doubted(image, _read_from_above(image, reading, reads))


def quarter_turned_box(box: tuple[int, int, int, int], shape: tuple[int, ...],
                       clockwise: bool) -> tuple[int, int, int, int]:
    """A box of an image of ``shape`` (height, width, ...) in that image turned a quarter
    (``cv2.ROTATE_90_CLOCKWISE`` or ``_COUNTERCLOCKWISE``).

    >>> img = np.zeros((30, 50), np.uint8)
    >>> img[2:6, 10:20] = 1  # the box (10, 2, 20, 6): columns 10-19, rows 2-5
    >>> for cw, code in ((True, cv2.ROTATE_90_CLOCKWISE), (False, cv2.ROTATE_90_COUNTERCLOCKWISE)):
    ...     x0, y0, x1, y1 = quarter_turned_box((10, 2, 20, 6), img.shape, cw)
    ...     turned = cv2.rotate(img, code)
    ...     print((x0, y0, x1, y1), int(turned[y0:y1, x0:x1].sum()), int(turned.sum()))
    (24, 10, 28, 20) 40 40
    (2, 30, 6, 40) 40 40
    """
    h, w = shape[:2]
    x0, y0, x1, y1 = box
    return (h - y1, x0, h - y0, x1) if clockwise else (y0, w - x1, y1, w - x0)


def across_doubted(image: np.ndarray, reading: Reading) -> Reading:
    """``reading`` with each of its ``LOOKS`` least sure dice in doubt that shows a side
    face seen from either side (``top_looks`` in the image turned a quarter each way) made
    an uncertain region (``SIDE_FACE``), where the pips of those dice say the camera looks
    across the image more than ``ACROSS_STEEP`` off straight down (``camera_tilt``; see the
    module); the reading as it is elsewhere."""
    places = least_sure_in_doubt(reading)
    if len(places) < MIN_DICE:  # one die's pips tell no tilt
        return reading
    tilt = camera_tilt(image, places)
    if tilt is None or not tilt.turned_beyond(ACROSS_STEEP):
        return reading
    shown: set[int] = set()
    for clockwise, code in ((True, cv2.ROTATE_90_CLOCKWISE),
                            (False, cv2.ROTATE_90_COUNTERCLOCKWISE)):
        tops = top_looks(cv2.rotate(image, code),
                         [quarter_turned_box(d.box, image.shape, clockwise) for d in places],
                         [int(d.value) for d in places],
                         [d.confidence < FLAT_SURE for d in places])
        shown |= {i for i, top in enumerate(tops) if top is not None}
    side = [places[i] for i in sorted(shown)]
    return reading.without(side, SIDE_FACE) if side else reading


def least_sure_in_doubt(reading: Reading) -> list[Die]:
    """The ``LOOKS`` least sure of ``reading``'s dice in doubt (``in_doubt``): those worth
    the looks of a frame."""
    return sorted(in_doubt(reading), key=lambda d: d.confidence)[:LOOKS]


def in_doubt(reading: Reading) -> list[Die]:
    """The pip dice of ``reading`` read less surely than ``DOUBT`` of their value (every
    six): those a side face may have been read by."""
    return [d for d in reading.dice if isinstance(d.value, int) and d.confidence < DOUBT[d.value]]


def _read_from_above(image: np.ndarray, reading: Reading, reads: LookReads | None,
                     ) -> Reading:
    """``on_slanted_tops`` in an upright frame: the dice in doubt and the places not read
    that a side face shows, read by their top face (or made uncertain)."""
    doubted = in_doubt(reading)
    unread = [r for r in reading.uncertain if r.reason == UNREAD]
    both: list[Die | Region] = [*doubted, *unread]
    places = sorted(both, key=lambda x: x.confidence)[:LOOKS]
    if not places:
        return reading
    tops = top_looks(image, [x.box for x in places],
                     [int(x.value) if isinstance(x, Die) else 0 for x in places],
                     [x.confidence < FLAT_SURE for x in places], reads)
    found = {id(x): top for x, top in zip(places, tops, strict=True) if top is not None}
    if not found:
        return reading
    read = {k: top for k, top in found.items() if top.sure}
    doubt = {k for k, top in found.items() if not top.sure}

    def on_top(x: Die | Region) -> Die:
        top = read[id(x)]
        cx, cy = box_centre(x.box)
        above = (round(cx, 1), round(cy - float(np.mean(UP)) * box_side(x.box), 1))
        if isinstance(x, Die):
            return replace(x, value=top.value, confidence=round(top.probability, 3),
                           center=above)
        return Die(top.value, above, x.box, round(top.probability, 3))

    dice = tuple(on_top(d) if id(d) in read else d for d in reading.dice)
    dice += tuple(on_top(r) for r in unread if id(r) in read)
    dice = tuple(sorted(dice, key=lambda d: (d.center[1], d.center[0])))
    unsure = tuple(r for r in reading.uncertain if id(r) not in read)
    side_read = [d for d in reading.dice if id(d) in doubt]  # unchanged: still in ``dice``
    return replace(reading, dice=dice, uncertain=unsure).without(side_read, SIDE_FACE)
