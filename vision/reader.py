"""BGR image -> Reading: which dice are on the table and what each top face shows.

Steps: the frame is halved (2x pyramid steps) to a working size; a small detector network
marks die centres and sizes (``vision.model``), first at half the working size, then again
at the scale the dice sizes seen call for; each candidate is cropped from the
full-resolution frame at its own scale, turned to the die's own axes, and a small
classifier says "not a die" or its value, with a calibrated probability. Dice read near
their threshold get a second look by two other classifiers; dice touching another must be
read alike by all three, and those pressed against it need a stricter threshold. When the
caller knows how many dice lie there and fewer were seen, fainter places are read too.
Two uncertain places nearer than any two dice can lie are one die marked twice, read
once more as one (``vision.seen_twice``); an uncertain place alone in the frame may be a box
on one pip of a larger die, read once more larger (``vision.larger_look``); a die too large
for the looks so far, missed or seen only as its pips, is found by a look at a quarter of
the working size where no die was read (``vision.coarse_look``). Two dice side by side
that the detector took for one are found by the blob they make on the floor and read at
its two ends (``vision.paired_dice``). A die in doubt that a slanted camera shows by its
side face is read by its top face, looked at above its middle (``vision.slanted_top``). A
three or five whose middle mark is a glint, not a pip, is not ruled on
(``vision.centre_pip``).
Scale, polarity and colour come from the image itself, so there are no per-scene settings.
Dice the reader is not sure of are reported as ``uncertain`` so the caller can ask players
to spread them.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision import centre_pip
from vision import model as M
from vision.centre_pip import glint_in_middle
from vision.coarse_look import covers, explained, replaced
from vision.die_body import FAR, NEAR, SHOWN, body_contrast
from vision.faint_neighbours import Spot, shrunk, worth_reading
from vision.floor_pattern import FloorSpots
from vision.four_views import four_views
from vision.images import ImageError, cap_size, check_image
from vision.larger_look import Read, alone, read_larger, unanimous
from vision.merged_dice import Peak, beside, shoulders, windows
from vision.paired_dice import pairs
from vision.pip_clusters import BODY, STRONG, Mark, dice_pips, die_of, groups, lone
from vision.profile import Profile
from vision.reference import EmptyTray
from vision.refine import refine
from vision.seen_twice import LIKE_SIZED, one_die_twice, read_once
from vision.set_size import apart, set_side, worth_rereading
from vision.slanted_top import on_slanted_tops
from vision.specks import bodied, body_at, off_floor_spots, without_specks
from vision.synthetic import render_dice_scene
from vision.top_face import face_centres
from vision.types import (
    GLINT,
    OVERLAPPING_FACES,
    PIPS_TOO_SMALL,
    TOO_SMALL,
    TOUCHING_DICE,
    UNREAD,
    Die,
    Face,
    Reading,
    Region,
    box_centre,
    box_side,
    square_box,
    turned_side,
    verdict,
)

__all__ = ["ImageError", "Reading", "die_crops", "read_dice"]

WORK_MAX = 1000  # the detector's working image: the input halved until its side is at most this
DET_SCALE_DEFAULT = 0.5  # the first look: the working image at half size
SIZE_PEAK = 0.35  # peaks this strong set the scale of the second look
SMALL_DIE = 28.0  # median die below this (working px): look again at twice the scale
LARGE_DIE = 130.0  # median die above this: look again at half the scale
COARSE_NEAR = 0.75  # the coarser look (LARGE_DIE / 2 and up) is worth it where no die was
# read, or where a read die is at least this x its smallest: one set of dice is one size
SMALL_PIPS = 32.0  # dice smaller than this (full-resolution px) have pips of a few px
MIN_COUNTABLE = 14.0  # dice smaller than this are never counted: reported uncertain
ONE_BODY = 3 * BODY  # a one found by its lone pip: its body shows this much (grey levels)
END_SIZES = (1.0, 1.15)  # a pair's end is read at these x its width, the first that reads
PEAK_MIN = 0.2  # heat-map peak worth a look
MAX_PEAKS = 96  # at most this many peaks a look (best first): three times the most dice read
PEAK_GAP = 0.45  # peaks closer than this x the smaller size are one peak
KEEP = 0.22  # heat x P(die) needed to report a candidate at all
FAINT = 0.1  # ... when the count is known and fewer places were seen (``with_faint``)
NOT_DIE = 0.5  # classifier "not a die" probability that drops a candidate
OVERLAP = 0.5  # closer than this x the stronger one's size: two looks at one place
SAME_FACE = 0.4  # ... or than this x the larger one's, both read as one face
DOMINANT = 1.3  # a candidate this many times stronger than an overlapping one outvotes it
TWO_SURE = 0.8  # overlapping candidates both this sure, of different values, are two dice
PIP_SIZED = 0.5  # an overlapping candidate under this x the stronger's size is on its pips
LOOK_BELOW = 0.12  # a die read this much less surely than its threshold, or nearer, gets a
AT_ONCE = 0.97  # second look, up to this: a free die read surer is read at once, if it is
LOOK_OVER = 0.01  # also this much over its threshold
FOUR_VIEWS_BELOW = 0.3  # a die read this much less surely than its threshold, or nearer, is
#                        read in four views (``looked_four_ways``); of dice read less surely,
#                        none on the photos and 5 of 3,267 through the camera changes
#                        became sure so
TOUCHING = 1.1  # another die's centre nearer than this x the die's size: the two dice touch
PRESSED = 0.95  # ... nearer than this: pressed together, and the stricter threshold too
TWO_AGREE = 0.99  # a touching die two classifiers both read this surely is not shown a third
FIRST_ALONE = 0.998  # ... nor one the first reads this surely shown the other two
FIRST_ALONE_EASY = 0.99  # ... nor, in a frame whose free dice it reads surely, this surely
PLAIN = 0.999  # a die read this surely is not checked for a glint in its middle (0.995
#                left a glossy four read as a five)
EASY_FRAME = 0.9  # a frame whose free dice are read this surely (median) is one the networks
# know: its pressed dice need only the calibration's ``pressed_easy`` (``easy_pressed``)


def find_peaks(heat: np.ndarray, size: np.ndarray, threshold: float, cell: float = M.STRIDE,
               ) -> list[tuple[tuple[float, float], float, float]]:
    """Local maxima of the heat map: ((x, y) in pixels, die size, peak height), best first.

    ``cell``: image pixels per heat-map cell."""
    mx = cv2.dilate(heat, np.ones((3, 3), np.uint8))
    ys, xs = np.nonzero((heat >= mx) & (heat > threshold))
    order = np.argsort(-heat[ys, xs])
    ys, xs = ys[order], xs[order]
    top = heat[ys, xs]
    # each peak's centre: its 3x3 neighbourhood's cells above half its height, weighted
    padded = np.pad(heat, 1)
    tot = np.zeros(len(ys), np.float64)
    sx, sy = tot.copy(), tot.copy()
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            w = np.maximum(padded[ys + 1 + dy, xs + 1 + dx] - 0.5 * top, 0.0)
            tot += w
            sx += w * (xs + dx)
            sy += w * (ys + dy)
    tot[tot == 0] = 1.0
    centres_x = (sx / tot + 0.5) * cell
    centres_y = (sy / tot + 0.5) * cell
    sizes = size[ys, xs]
    out: list[tuple[tuple[float, float], float, float]] = []
    for cx, cy, s, h in zip(centres_x.tolist(), centres_y.tolist(), sizes.tolist(),
                            top.tolist(), strict=True):
        if any((cx - o[0][0]) ** 2 + (cy - o[0][1]) ** 2 < (PEAK_GAP * min(s, o[1])) ** 2
               for o in out):
            continue
        out.append(((cx, cy), s, h))
        if len(out) == MAX_PEAKS:
            break  # a busy floor: the best peaks are plenty for any game's dice
    return out


@dataclass
class Candidate:
    """A detector peak the classifier takes for a die (image pixels, before any resize back)."""

    x: float
    y: float
    size: float
    strength: float  # heat-map peak x P(die)
    value: int
    p_value: float  # P(value | die)
    confidence: float
    why: str = ""  # set when the candidate cannot be counted
    angle: float = 0.0  # the die's turn in the image (degrees)
    touching: bool = False  # another die touches it: its crop shows some of the other's pips
    pressed: bool = False  # ... so near (``PRESSED``) that it needs the stricter threshold
    faint: bool = False  # found only by looking for a die the count says is missing


def resolve_overlaps(cands: list[Candidate]) -> list[Candidate]:
    """Settle candidates closer than ``OVERLAP`` x the stronger one's size (one place seen twice).

    A candidate ``DOMINANT`` times stronger than its overlapping neighbour outvotes it (the
    neighbour is a faint echo: a gap between dice, an edge). Two of similar strength are a
    die seen with its side face, or stacked dice: they become one uncertain region. Two
    sure readings (``TWO_SURE``) of different values are two dice pressed together. A
    weaker one under ``PIP_SIZED`` x the stronger's size is a look at one of its pips (large
    light pips on a dark die), neither a side face nor a die: it is dropped. A weaker, larger
    one whose middle is nearer than ``SAME_FACE`` x its own size, but not ``OVERLAP`` x the
    stronger's, is a box round more (or less) of the same die when both read the same face:
    the less sure of the two is dropped (on a pale die, a strong mark on half its face read
    unsurely beside the sure box round it; a one in a dim room boxed small and large). Two
    dice pressed together lie farther apart.
    """
    cands = sorted(cands, key=lambda c: -c.strength)
    gone: set[int] = set()
    out = []
    for i, a in enumerate(cands):
        if i in gone:
            continue
        for j in range(i + 1, len(cands)):
            b = cands[j]
            if j in gone:
                continue
            d2 = (a.x - b.x) ** 2 + (a.y - b.y) ** 2
            if d2 >= (OVERLAP * a.size) ** 2:
                if a.value == b.value and d2 < (SAME_FACE * max(a.size, b.size)) ** 2:
                    gone.add(j)  # one face boxed twice, the weaker box larger
                    a = max(a, b, key=lambda c: c.p_value)
                continue
            if a.value != b.value and min(a.p_value, b.p_value) >= TWO_SURE:
                continue  # two sure readings of different faces: two dice side by side
            gone.add(j)
            if b.size < PIP_SIZED * a.size:
                continue  # a place on one of its pips, not a face of its own
            if a.strength < DOMINANT * b.strength:
                a = replace(a, why=OVERLAPPING_FACES,
                            confidence=min(a.confidence, b.confidence))
        out.append(a)
    return out


@dataclass(frozen=True)
class Frames:
    """The images one read works from: the input capped in size (``full``), the working
    image the detector looks at (``work``), and how many input pixels one of each holds."""

    full: np.ndarray
    work: np.ndarray
    full_px: float  # input pixels per full pixel
    work_px: float  # input pixels per working pixel


def frames(image: np.ndarray) -> Frames:
    """Check the image (ImageError) and build its pyramid: 2x steps, never INTER_AREA."""
    image = check_image(image)
    full = cap_size(image)
    work = cap_size(full, WORK_MAX)
    return Frames(full, work, image.shape[1] / full.shape[1], image.shape[1] / work.shape[1])


def _merge(base: list[Peak], finer: list[Peak], keep: Callable[[Peak], bool]) -> list[Peak]:
    """Peaks of a second look (those ``keep`` accepts) replace the first look's near them."""
    chosen = [p for p in finer if keep(p)]
    out = list(chosen)
    for p in base:
        if not any((p[0][0] - q[0][0]) ** 2 + (p[0][1] - q[0][1]) ** 2
                   < (PEAK_GAP * max(p[1], q[1])) ** 2 for q in chosen):
            out.append(p)
    return sorted(out, key=lambda p: -p[2])


def pick_scale(peaks: list[Peak]) -> float:
    """The detector scale for a second pass, from the dice sizes seen (working pixels).

    1.0: small dice (the detector looks at the working image itself, not its half);
    0.25: large dice; 0.5 (no second pass): the first pass saw them at a good size.
    """
    sure = [s for _, s, h in peaks if h >= SIZE_PEAK] or [s for _, s, _ in peaks]
    if not sure:
        return DET_SCALE_DEFAULT
    m = float(np.median(sure))
    if m < SMALL_DIE:
        return 1.0
    if m > LARGE_DIE:
        return 0.25
    return DET_SCALE_DEFAULT


def locate(work: np.ndarray) -> list[Peak]:
    """Die centres and sizes in the working image: a first look at half size, then a second
    at the scale the dice sizes call for; where the first look saw them at a good size, a
    closer look only where it may have merged two dice (``vision.merged_dice``)."""
    small = cv2.pyrDown(work)
    heat, size, cell = _heat(work, small)
    peaks = find_peaks(heat, size, PEAK_MIN, cell)
    scale = pick_scale(peaks)
    if scale == 1.0:
        return _merge(peaks, _look(work, work), lambda p: p[1] < 2 * SMALL_DIE)
    if scale == 0.25 and min(small.shape[:2]) >= 2 * M.PAD:
        return _merge(peaks, _look(work, cv2.pyrDown(small)), lambda p: p[1] > LARGE_DIE / 2)
    return sorted(peaks + _beside(work, shoulders(heat, cell, peaks), peaks), key=lambda p: -p[2])


def _heat(work: np.ndarray, det_in: np.ndarray, norm: tuple[float, float] | None = None,
          ) -> tuple[np.ndarray, np.ndarray, float]:
    """The detector's heat map and die sizes on ``det_in`` (``work``, the working image or a
    window of it, at some pyramid level; ``norm``: as ``M.det_blob``'s), and the working
    pixels one cell of them spans."""
    heat, size = M.run_detector(work, det_in, norm=norm)
    return heat, size, M.STRIDE * M.DET_SCALE * work.shape[1] / det_in.shape[1]


def _look(work: np.ndarray, det_in: np.ndarray) -> list[Peak]:
    """Peaks of the detector run on ``det_in`` (the working image at some pyramid level)."""
    heat, size, cell = _heat(work, det_in)
    return find_peaks(heat, size, PEAK_MIN, cell)


def _beside(work: np.ndarray, cells: list[tuple[float, float, float]], peaks: list[Peak],
            ) -> list[Peak]:
    """Dice beside ``peaks`` that the first look merged with them: the closer look at each
    window around the shoulder ``cells`` (``vision.merged_dice``), normalized as the whole
    working image is; best first."""
    if not cells:
        return []
    norm = M.frame_norm(work)
    closer: list[Peak] = []
    for x0, y0, x1, y1 in windows(cells, work.shape[1], work.shape[0]):
        x0, y0 = x0 - x0 % M.PAD, y0 - y0 % M.PAD  # on the whole image's grid
        part = work[y0:y1, x0:x1]
        if min(part.shape[:2]) < M.PAD:
            continue
        heat, size, cell = _heat(part, part, norm)
        closer += [((x + x0, y + y0), s, h) for (x, y), s, h in
                   find_peaks(heat, size, PEAK_MIN, cell)]
    return beside(sorted(closer, key=lambda p: -p[2]), cells, peaks)


def nearest(places: list[M.Place], die_like: np.ndarray) -> np.ndarray:
    """Each die-like place's distance to the nearest other die-like place, in its own sizes
    (N,); inf where there is none, or the place is not die-like.

    >>> three = [((0.0, 0.0), 10.0, 0.0), ((10.0, 0.0), 10.0, 0.0), ((40.0, 0.0), 10.0, 0.0)]
    >>> nearest(three, np.array([True, True, False])).tolist()
    [1.0, 1.0, inf]
    """
    like = np.asarray(die_like, bool)
    if len(places) < 2:
        return np.full(len(places), np.inf)
    xy = np.array([c for c, _, _ in places], np.float64)
    size = np.array([s for _, s, _ in places], np.float64)
    d = np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1))
    d[:, ~like] = np.inf
    np.fill_diagonal(d, np.inf)
    return np.where(like, d.min(axis=1) / size, np.inf)


def touching(places: list[M.Place], die_like: np.ndarray, within: float | None = None,
             ) -> np.ndarray:
    """Which die-like places (``die_like``, (N,) bool) have another nearer than ``within``
    (default ``TOUCHING``) x their own size: dice side by side, whose crops hold the other's
    pips.

    >>> three = [((0.0, 0.0), 10.0, 0.0), ((10.0, 0.0), 10.0, 0.0), ((40.0, 0.0), 10.0, 0.0)]
    >>> touching(three, np.array([True, True, True])).tolist()
    [True, True, False]
    >>> touching(three, np.array([True, True, True]), PRESSED).tolist()  # 1.0 sizes apart
    [False, False, False]
    """
    return np.asarray(nearest(places, die_like) < (TOUCHING if within is None else within))


def sure_thresholds(pressed: np.ndarray, cal: M.Calibration | None = None,
                    easy: np.ndarray | None = None) -> np.ndarray:
    """The calibrated P(value | die) each die needs to be read: dice pressed against another
    (``PRESSED``) need more, less so those ``easy`` flags (``easy_pressed``).

    >>> cal = M.Calibration(1.0, 0.6, "t", 0.93, 0.8)
    >>> sure_thresholds(np.array([False, True, True]), cal, np.array([True, False, True])
    ...                 ).tolist()
    [0.6, 0.93, 0.8]
    """
    cal = cal or M.calibration()
    pressed = np.asarray(pressed, bool)
    need = np.where(pressed, cal.sure_touching, cal.sure)
    if easy is not None:
        need = np.where(pressed & np.asarray(easy, bool), cal.pressed_easy, need)
    return need


def sure_frame(free: np.ndarray | list[float]) -> bool:
    """Whether a frame's free dice, by their P(value) (``free``), are read surely enough
    (median at least ``EASY_FRAME``) to call the frame easy: dice, light and camera the
    networks know. A frame with no free die is not.

    >>> sure_frame([0.99, 0.95, 0.5]), sure_frame([0.99, 0.6, 0.5]), sure_frame([])
    (True, False, False)
    """
    return len(free) > 0 and float(np.median(free)) >= EASY_FRAME


def easy_pressed(cands: list[Candidate]) -> np.ndarray:
    """Which candidates are pressed dice in an easy frame (N,): one whose free countable dice
    the reader is sure of (their median P(value) at least ``EASY_FRAME``: dice, light and
    camera the networks know), pressed only against dice of about their own size
    (``LIKE_SIZED``: not a look at part of a larger die), none of them so near that the two
    could be one die (``OVERLAP``, or ``one_die_twice`` in the dice's sides, not their
    boxes, which a die turned in the image makes larger: a die seen at a slant, its top and
    side face marked apart, which ``read_once`` reads as one), and not faint.
    Such a die may be read at the calibration's ``pressed_easy`` threshold: where the free
    dice read surely, the pressed ones' reads are right more often than in frames of unknown
    scenes, which keep the stricter one.

    >>> c = lambda x, p=0.99, size=40.0, pressed=False: Candidate(
    ...     x, 0.0, size, 1.0, 5, p, p, touching=pressed, pressed=pressed)
    >>> frame = [c(0), c(100), c(200, 0.85, pressed=True), c(236, 0.85, pressed=True)]
    >>> easy_pressed(frame).tolist()
    [False, False, True, True]
    >>> easy_pressed([c(0, 0.6), c(100, 0.8)] + frame[2:]).tolist()  # free dice unsure
    [False, False, False, False]
    >>> easy_pressed(frame[:2] + [frame[2], c(226, 0.85, 20.0, True)]).tolist()  # a part
    [False, False, True, False]
    >>> easy_pressed(frame[:2] + [frame[2], c(224, 0.85, pressed=True)]).tolist()  # twice
    [False, False, False, False]
    >>> pair = frame[:2] + [frame[2], c(224, 0.85, pressed=True)]
    >>> easy_pressed([replace(x, angle=45.0) for x in pair]).tolist()  # boxes 1.4x the dice
    [False, False, True, True]
    """
    out = np.zeros(len(cands), bool)
    if not sure_frame([c.p_value for c in cands if not c.touching and not c.why]):
        return out
    for i, c in enumerate(cands):
        if not c.pressed or c.faint or c.why:
            continue
        out[i] = True
        for o in cands:
            if o is c:
                continue
            gap, big = math.hypot(c.x - o.x, c.y - o.y), max(c.size, o.size)
            if (gap < OVERLAP * big or one_die_twice(gap, turned_side(c.size, c.angle),
                                                         turned_side(o.size, o.angle))
                    or (gap < PRESSED * big and c.size < LIKE_SIZED * o.size)):
                out[i] = False
                break
    return out


def worth_keeping(probs: np.ndarray, heights: np.ndarray, keep: float = KEEP) -> np.ndarray:
    """Which places (class probabilities (N, 7), detector peak heights (N,)) are die-like
    enough to report: not "not a die" (``NOT_DIE``), and height x P(die) at least ``keep``."""
    p0 = np.asarray(probs[:, 0], np.float64)
    return np.asarray((p0 < NOT_DIE) & (np.asarray(heights, np.float64) * (1.0 - p0) >= keep))


def as_sure_as(probs: np.ndarray, least: np.ndarray) -> np.ndarray:
    """Class probabilities (N, 7) that keep each row's value and P(die) but read the value
    only as surely as ``least`` (N,) (P(value | die)); the rest of the die's probability is
    shared evenly by the other values.

    >>> as_sure_as(np.array([[0.1, 0.0, 0.0, 0.0, 0.0, 0.9, 0.0]]), np.array([0.8])
    ...            ).round(3).tolist()
    [[0.1, 0.036, 0.036, 0.036, 0.036, 0.72, 0.036]]
    """
    probs = np.asarray(probs, np.float64)
    n = np.arange(len(probs))
    value = probs[:, 1:].argmax(axis=1) + 1
    die = 1.0 - probs[:, 0]
    out = np.empty_like(probs)
    out[:, 0] = probs[:, 0]
    out[:, 1:] = (die * (1.0 - least) / 5.0)[:, None]
    out[n, value] = die * least
    return out


def classify(full: np.ndarray, places: list[M.Place], heights: np.ndarray | None = None,
             keep: float = KEEP) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Calibrated class probabilities (N, 7), features (N, D), touching flags (N,) and
    pressed flags (N,: touching dice nearer than ``PRESSED``) of aligned die crops.

    A die read near or over its "sure" threshold (``sure_thresholds``) gets a second look:
    two other classifiers, trained apart (``M.OPINIONS``), read the same crop. A free die's
    probabilities become theirs (the mean of their logits), from ``LOOK_BELOW`` under its
    threshold up to ``AT_ONCE`` and ``LOOK_OVER`` over it: where one network is wrong the
    others tend to disagree, so a wrong first read rarely becomes a sure one; further from
    the threshold a second look does not change the verdict, so it is not paid for (the
    upper end is fixed, so that a lower threshold never spares a die the second look). A
    touching die, whose crop holds some of its neighbour's pips, is read as surely as the
    least sure of the three reads its first value (``as_sure_as``): all three must be sure,
    so a touching die one opinion is not sure of is not shown to the next (sure enough to be
    shown at all: as its threshold would be in an easy frame, ``easy_pressed``, since the
    frame is judged only once every die is read). Two exceptions
    spare a crowded tray's reads: one the first two both read at least ``TWO_AGREE`` surely
    is not shown the third (on every labelled photo the third never disagreed then), and one
    the first reads at least ``FIRST_ALONE`` surely is shown neither (no such read was
    wrong, nor vetoed, on a labelled photo, held out or through ``vision.camera_changes``),
    nor, where the first look reads the frame's free dice surely (``sure_frame``), one it
    reads at least ``FIRST_ALONE_EASY`` surely (none of those was wrong either).
    Only a die pressed against another (``PRESSED``) needs the stricter threshold; one a
    little farther, whose crop holds only the edge of its neighbour, needs a free die's.
    With the detector's peak ``heights``, a place too weak to be kept (``keep``) gets none.
    """
    cal = M.calibration()
    crops = M.crops_uint8(full, places)
    patches = M.patches_input(crops)
    logits, feats = M.run_classifier_raw(patches)
    probs = M.softmax(logits, cal.temperature)
    die_like = probs[:, 0] < NOT_DIE
    if heights is not None:
        die_like &= worth_keeping(probs, heights, keep)
    apart = nearest(places, die_like)  # in sizes: touching, and pressed together
    touch, pressed = apart < TOUCHING, apart < PRESSED
    need = sure_thresholds(pressed, cal)
    least_need = sure_thresholds(pressed, cal, np.ones(len(places), bool))  # an easy frame's
    p_value = M.value_probability(probs)
    free = np.flatnonzero(die_like & ~touch & (p_value >= need - LOOK_BELOW)
                          & (p_value < np.maximum(AT_ONCE, need + LOOK_OVER)))
    together = np.flatnonzero(die_like & touch & (p_value >= least_need))  # none surer than
    # the first: a touching die the first is not sure of is shown no other
    value = probs[together, 1:].argmax(axis=1) + 1
    least = p_value[together]
    alone = FIRST_ALONE_EASY if sure_frame(p_value[die_like & ~touch]) else FIRST_ALONE
    voices, asked = [], together[least < alone]
    for name in M.OPINIONS:
        if not len(free) + len(asked):
            break
        out = M.run_classifier_raw(patches[np.concatenate([free, asked])], name)[0]
        voices.append(out[:len(free)])
        k = np.searchsorted(together, asked)
        least[k] = np.minimum(least[k], M.value_probability(
            M.softmax(out[len(free):], cal.temperature), value[k]))
        asked = asked[(least[k] >= least_need[asked]) & (least[k] < TWO_AGREE)]
    if len(free):
        probs[free] = M.softmax(np.mean(voices, axis=0), cal.temperature)
    probs[together] = as_sure_as(probs[together], least)
    unsure = np.flatnonzero(die_like & ~touch & (M.value_probability(probs) < need))
    if len(unsure):
        heard = dict(zip(free.tolist(), np.stack(voices, axis=1), strict=True)) if voices else {}
        probs[unsure] = M.softmax(close_look(full, [places[i] for i in unsure], patches[unsure],
                                             [heard.get(i) for i in unsure.tolist()]),
                                  cal.temperature)
    return probs, feats, touch, pressed


def close_look(full: np.ndarray, places: list[M.Place], patches: np.ndarray,
               heard: list[np.ndarray | None]) -> np.ndarray:
    """The last look at free dice still unsure after the second: the mean logits (N, 7) of
    the two opinions (``M.OPINIONS``, on the usual ``patches``) and of the close-look
    classifier (``M.CLOSE_LOOK``), which reads a larger crop of each die from the
    full-resolution frame (``M.CLOSE_CROP`` pixels: a die up to 49 px across keeps every
    pixel, where the usual crop halves a 60 px one). ``heard``: each die's opinions (2, 7)
    if the second look already asked them, else None."""
    ask = [k for k, h in enumerate(heard) if h is None]
    opinions = np.array([h if h is not None else np.zeros((len(M.OPINIONS), 7), np.float32)
                         for h in heard], np.float32)
    if ask:
        for j, name in enumerate(M.OPINIONS):
            opinions[ask, j] = M.run_classifier_raw(patches[ask], name)[0]
    close = M.patches_input(M.crops_uint8(full, places, M.CLOSE_CROP))
    mine = M.run_classifier_raw(close, M.CLOSE_LOOK)[0]
    return np.asarray((opinions.sum(axis=1) + mine) / (len(M.OPINIONS) + 1), np.float32)


def _places(fr: Frames, peaks: list[Peak]) -> list[M.Place]:
    """(centre, size, angle) in full-resolution pixels for each peak (working pixels)."""
    k = fr.work_px / fr.full_px
    return M.turned(fr.full, [((cx * k, cy * k), s * k) for (cx, cy), s, _ in peaks])


def candidates(image: np.ndarray, keep: float = KEEP) -> tuple[Frames, list[Candidate]]:
    """Every die-like place the reader settles on, in full-resolution pixels, before the
    "sure" threshold splits them into read dice and uncertain regions (ImageError); a place
    is die-like when its peak height x P(die) is at least ``keep``."""
    fr = frames(image)
    looked = locate(fr.work)
    return fr, settled(fr, looked, keep)


def settled(fr: Frames, looked: list[Peak], keep: float = KEEP) -> list[Candidate]:
    """``candidates`` from the frames and the detector's peaks (``locate``)."""
    peaks = [p for p in looked if p[2] >= keep]  # weaker ones are never kept
    places = _places(fr, peaks)
    heights = np.array([h for _, _, h in peaks], np.float64)
    probs, _, touch, pressed = classify(fr.full, places, heights, keep)
    kept_at, p_value = worth_keeping(probs, heights, keep), M.value_probability(probs)
    kept = []
    for i, ((_, _, h), (c, size, angle), p) in enumerate(zip(peaks, places, probs, strict=True)):
        if not kept_at[i]:
            continue
        value = int(np.argmax(p[1:])) + 1
        cand = Candidate(c[0], c[1], size, h * (1.0 - float(p[0])), value, float(p_value[i]),
                         round(float(p[value]), 3), angle=angle, touching=bool(touch[i]),
                         pressed=bool(pressed[i]))
        if size < MIN_COUNTABLE:
            cand = replace(cand, why=TOO_SMALL)
        kept.append(cand)
    return resolve_overlaps(kept)


def with_faint(fr: Frames, looked: list[Peak], cands: list[Candidate], expect: int,
               ) -> list[Candidate]:
    """``cands`` and, when fewer than ``expect``, the strongest of the fainter die-like places
    (``FAINT``) that are none of them, up to ``expect``: a die the detector barely marks
    (a red two seen at a slant) when the game knows how many dice lie there. A faint place
    is as often a die's side face (a four beside a one seen close up), so it needs the
    stricter threshold, as a pressed die does; the rest become uncertain regions. ``fr`` and
    ``looked`` are the frames and detector peaks ``cands`` came from."""
    if len(cands) >= expect:
        return cands
    faint = settled(fr, looked, FAINT)
    new = [c for c in faint
           if all((c.x - o.x) ** 2 + (c.y - o.y) ** 2 >= (OVERLAP * max(c.size, o.size)) ** 2
                  for o in cands)]
    new.sort(key=lambda c: -c.strength)
    return cands + [replace(c, faint=True) for c in new[:expect - len(cands)]]


def looked_larger(full: np.ndarray, cands: list[Candidate], need: np.ndarray,
                  ) -> list[Candidate]:
    """``cands`` (in the full-resolution frame ``full``), each free one read less surely than
    it ``need``s and alone in the frame read again at a larger size (``vision.larger_look``:
    a box on one pip of a large die), where every classifier is sure of it there."""
    if not cands:
        return cands
    lone = alone(np.array([(c.x, c.y) for c in cands]), np.array([c.size for c in cands]))
    sure = M.calibration().sure
    out = []
    for c, needed, by_itself in zip(cands, need.tolist(), lone, strict=True):
        if by_itself and not (c.touching or c.faint or c.why) and c.p_value < needed:
            seen = read_larger(full, (c.x, c.y), c.size, sure, NOT_DIE)
            if seen is not None:
                value, least, confidence, size, angle = seen
                c = replace(c, value=value, p_value=least, confidence=round(confidence, 3),
                            size=size, angle=angle)
        out.append(c)
    return out


def ones_in_doubt(cands: list[Candidate], sure: float) -> np.ndarray:
    """Which candidates read as a one touch a place of like size (``LIKE_SIZED``) read as a
    one that is not even as sure as a free die must be (``sure``): the two pips of one die,
    each marked as a die, as on a white two on white paper whose body barely shows. Two
    such ones side by side are read only when both are that sure (two ones pressed together
    in a tray are: the stricter threshold of a pressed die does not doubt its neighbour).

    >>> c = lambda x, p, size=20.0: Candidate(x, 0.0, size, 1.0, 1, p, p)
    >>> ones_in_doubt([c(0, 0.8), c(20, 0.4), c(100, 0.9), c(120, 0.75)], 0.7).tolist()
    [True, False, False, False]
    >>> ones_in_doubt([c(0, 0.8), c(20, 0.4, size=35.0)], 0.7).tolist()  # a larger mark
    [False, False]
    """
    out = np.zeros(len(cands), bool)
    for i, a in enumerate(cands):
        if a.value != 1 or a.why:
            continue
        out[i] = any(j != i and b.value == 1 and not b.why and b.p_value < sure
                     and min(a.size, b.size) >= LIKE_SIZED * max(a.size, b.size)
                     and math.hypot(a.x - b.x, a.y - b.y) < TOUCHING * max(a.size, b.size)
                     for j, b in enumerate(cands))
    return out


def looked_four_ways(full: np.ndarray, cands: list[Candidate], need: np.ndarray,
                     easy: np.ndarray) -> list[Candidate]:
    """``cands`` (in the full-resolution frame ``full``) still read less surely than they
    ``need``, but not ``FOUR_VIEWS_BELOW`` less, read once more by the two opinions in four
    views of the face (``vision.four_views``), and taken where their mean is sure enough
    and not "not a die": free dice, dice that touch another, and dice pressed against
    another in an easy frame (``easy``: ``easy_pressed``). A pressed die in any other frame
    never is: in a felt pile the mean read a six at a slant, surely, by its five side face."""
    unsure = [i for i, (c, needed, in_easy) in enumerate(zip(cands, need.tolist(),
                                                             easy.tolist(), strict=True))
              if not (c.faint or c.why or (c.pressed and not in_easy))
              and needed - FOUR_VIEWS_BELOW <= c.p_value < needed]
    if not unsure:
        return cands
    out = list(cands)
    seen = four_views(full, [((cands[i].x, cands[i].y), cands[i].size, cands[i].angle)
                             for i in unsure])
    for i, (value, p_value, confidence, not_die) in zip(unsure, seen, strict=True):
        if p_value >= need[i] and not_die < NOT_DIE:
            out[i] = replace(cands[i], value=value, p_value=p_value,
                             confidence=round(confidence, 3))
    return out


ON_FACE = 0.4  # an uncertain mark this near a read die's centre (x its side) is on its face
SMALLER = 0.7  # ... when under this x its side: one of its pips, marked as a die
BESIDE = 0.8  # ... or off its face but this near its centre, one its box left out


def off_read_dice(unsure: tuple[Region, ...], dice: list[Die]) -> tuple[Region, ...]:
    """The uncertain regions that are not marks on a read die's own face: a region whose
    centre lies within ``ON_FACE`` x a read die's side of its centre and whose box is under
    ``SMALLER`` x that side is one of its pips the detector marked as a die (on a pale die
    whose body barely shows, the pip mark can outweigh the die's, so the two were not
    settled as one place). No die can lie there: dice do not overlap.

    >>> die = Die(2, (100.0, 100.0), (80, 80, 120, 120), 0.99)
    >>> pip = Region((108.0, 106.0), (100, 98, 116, 114), TOUCHING_DICE, 0.5)
    >>> beside = Region((135.0, 100.0), (120, 85, 150, 115), TOUCHING_DICE, 0.5)
    >>> off_read_dice((pip, beside), [die]) == (beside,)
    True
    """
    def on_face(r: Region) -> bool:
        return any(math.hypot(r.center[0] - c[0], r.center[1] - c[1]) < ON_FACE * side
                   and box_side(r.box) < SMALLER * side
                   for c, side in ((box_centre(d.box), box_side(d.box)) for d in dice))
    return tuple(r for r in unsure if not on_face(r))


def pips_of_read_dice(fr: Frames, dice: list[Die], unsure: tuple[Region, ...],
                      ) -> tuple[Region, ...]:
    """``unsure`` less the pip-sized marks (under ``SMALLER`` x a read die's side) lying just
    off a read die's box (``ON_FACE`` to ``BESIDE`` x its side from its centre) that are
    its own pips (``own_pip``). A die turned 45 degrees whose box the detector placed off
    its middle leaves a pip outside it, marked as a die of its own."""
    strict = pressed_sure()
    if strict > 1.0:
        return unsure
    return tuple(r for r in unsure if not any(
        own_pip(fr, d, r, strict) for d in dice if isinstance(d.value, int)
        and box_side(r.box) < SMALLER * box_side(d.box)
        and ON_FACE * box_side(d.box) <= math.dist(r.center, box_centre(d.box))
        < BESIDE * box_side(d.box)))


def own_pip(fr: Frames, die: Die, mark: Region, sure: float) -> bool:
    """Whether ``mark`` is one of ``die``'s pips: the die read again over its box and the
    mark's together (their bounding square), by all four classifiers at least ``sure``
    (``unanimous``), reads the same value. A mark on a neighbour the die's box left out is
    not: that crop holds two dice."""
    f = fr.full_px
    x0, y0 = min(die.box[0], mark.box[0]), min(die.box[1], mark.box[1])
    x1, y1 = max(die.box[2], mark.box[2]), max(die.box[3], mark.box[3])
    place = (((x0 + x1) / 2 / f, (y0 + y1) / 2 / f), max(x1 - x0, y1 - y0) / f)
    return any(d.value == die.value
               for d in unanimous_dice(fr, M.turned(fr.full, [place]), sure, ones=True))


# The faces a speck or two on the floor look like, and the sizes (x its box) at which the
# die's body may show: a one's box is its own; a two's may be drawn round one of its pips,
# then enlarged (``larger_look``), up to 1.8x the die.
SPECK_SCALES: dict[Face, tuple[float, ...]] = {1: (1.0,), 2: (1.0, 0.75, 0.55)}


def with_bodies(image: np.ndarray, dice: list[Die]) -> list[Die]:
    """``dice`` less the ones and twos whose body does not show against the floor
    (``die_body.body_contrast`` under ``SHOWN`` grey levels, both just around the die and
    farther out, at every size in ``SPECK_SCALES``): a dot on white paper or on a
    polka-dot tablecloth, which the classifiers read as a one, the floor its "face". Real
    ones show 13 levels or more on every shared photo, twos 9, and both 4 or more through
    every camera change (a blue one in a grey tray, seen by a grey camera).

    >>> floor = np.full((200, 200, 3), 220, np.uint8)
    >>> die = floor.copy(); die[80:120, 80:120] = 205; die[98:103, 98:103] = 30
    >>> dot = floor.copy(); dot[98:103, 98:103] = 30
    >>> one = Die(1, (100.0, 100.0), (80, 80, 120, 120), 0.99)
    >>> [len(with_bodies(img, [one])) for img in (die, dot)]
    [1, 0]
    """
    def shows(d: Die) -> bool:
        scales = SPECK_SCALES.get(d.value)
        return scales is None or body_contrast(
            image, box_centre(d.box), box_side(d.box), d.angle, (NEAR, FAR), scales,
            SHOWN) >= SHOWN
    return [d for d in dice if shows(d)]


def nearly_sure(first: np.ndarray, sure: float) -> np.ndarray:
    """Which of the first classifier's reads (N, 7) are worth showing all four: not "not a
    die" (under ``NOT_DIE``) and read within ``LOOK_BELOW`` of ``sure``, or surer.

    >>> nearly_sure(np.array([[0.0, 0.9, 0.1, 0, 0, 0, 0], [0.6, 0.4, 0, 0, 0, 0, 0],
    ...                       [0.0, 0.5, 0.5, 0, 0, 0, 0]]), 0.935).tolist()
    [True, False, False]
    """
    return (first[:, 0] < NOT_DIE) & (M.value_probability(first) >= sure - LOOK_BELOW)


def pressed_sure() -> float:
    """The calibrated threshold a die pressed against another must reach: the looks that
    find a die by themselves (the coarser look, the pip look) hold it to that."""
    return float(sure_thresholds(np.ones(1, bool))[0])


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


def unanimous_dice(fr: Frames, places: list[M.Place], sure: float, ones: bool = False,
                   ) -> list[Die]:
    """The dice at the full-resolution ``places`` that all four classifiers read
    ``unanimous``ly, each at least ``sure``; in image pixels."""
    return [unanimous_die(place, seen, fr.full_px)
            for place, seen in zip(places, unanimous(fr.full, places, sure, NOT_DIE, ones),
                                   strict=True) if seen is not None]


def looked_at_set_size(fr: Frames, read: list[Die], unsure: list[Region]) -> list[Die]:
    """The ``unsure`` places (``vision.set_size.worth_rereading``) read again centred where
    they were marked, at the side of the set's ``read`` dice, ``unanimous``ly by all four
    classifiers at least as surely as a pressed die must be, a one too (its body is checked
    after, as every read one's: ``with_bodies``); each apart from every read die and from
    the others (``set_size.apart``); in image pixels. Only places the first classifier
    reads nearly that surely (``LOOK_BELOW``) are shown the others."""
    if not read or not unsure:
        return []
    side = set_side(read)
    again = worth_rereading(unsure, side)
    strict = pressed_sure()
    if not again or strict > 1.0:
        return []
    f = fr.full_px
    places = M.turned(fr.full, [((x / f, y / f), side / f) for x, y in (r.center for r in again)])
    first = M.run_classifier(M.crop_patches(fr.full, places))
    likely = nearly_sure(first, strict)
    places = [p for p, keep in zip(places, likely.tolist(), strict=True) if keep]
    return apart(unanimous_dice(fr, places, strict, ones=True), read, side)


def coarse_worth(fr: Frames, dice: list[Die], unsure: tuple[Region, ...]) -> bool:
    """Whether a reading (``dice`` read, ``unsure`` places) leaves something a die too large
    for the finer looks may explain: no die at all, or uncertain places beside a read die at
    least ``COARSE_NEAR`` x the smallest the coarser look sees (one set of dice is one size)."""
    return not dice or (bool(unsure) and max(box_side(d.box) for d in dice)
                        >= COARSE_NEAR * fr.work_px * LARGE_DIE / 2)


def looked_coarser(fr: Frames, read: list[Die], unsure: list[Region]) -> list[Die]:
    """The large dice a look at a quarter of the working size finds where it covers none of
    the dice ``read`` so far, or one of them and some of the ``unsure`` places, read
    ``unanimous``ly by all four classifiers at least as surely as a pressed die must be, in
    image pixels (``vision.coarse_look``: a die too large for the finer looks, or whose pips
    or corner they found as dice). Only places the first classifier reads nearly that surely
    (``LOOK_BELOW``) are shown the others."""
    small = cv2.pyrDown(fr.work)
    if min(small.shape[:2]) < 2 * M.PAD:
        return []
    k = fr.work_px
    peaks = [p for p in _look(fr.work, cv2.pyrDown(small))
             if p[1] > LARGE_DIE / 2 and p[2] >= KEEP and replaced(
                 square_box((p[0][0] * k, p[0][1] * k), p[1] * k), None, read, unsure)
             is not None]  # where ``explained`` could use a die of some value
    strict = pressed_sure()
    if not peaks or strict > 1.0:
        return []
    places = _places(fr, peaks)
    first = M.run_classifier(M.crop_patches(fr.full, places))
    likely = (worth_keeping(first, np.array([h for _, _, h in peaks]))
              & (first[:, 1:].argmax(axis=1) != 0)  # not a one
              & (M.value_probability(first) >= strict - LOOK_BELOW))
    return unanimous_dice(fr, [p for p, keep in zip(places, likely.tolist(), strict=True)
                               if keep], strict)


def looked_at_pips(fr: Frames, looked: list[Peak], read: list[Die], unsure: tuple[Region, ...],
                   ) -> list[Die]:
    """Dice found by their pips alone (``vision.pip_clusters``): the detector's strong marks
    (``looked``, working pixels) outside every ``read`` die and ``unsure`` region but those
    "too small to count" (``TOO_SMALL``: a pip marked as a die is one of those), grouped
    as the pips of one die each, read ``unanimous``ly by all four classifiers at least as
    surely as a pressed die must be, as no fewer pips than marks, whose body shows against
    the floor (``body_contrast``); and the ones whose pip is a lone mark (``ones_of_pips``);
    in image pixels."""
    k = fr.work_px
    marks = [(x * k, y * k, s * k) for (x, y), s, h in looked if h >= STRONG]
    marks = [m for m in marks if not any(covers(d.box, m[:2]) for d in read)
             and not any(covers(r.box, m[:2]) for r in unsure if r.reason != TOO_SMALL)]
    strict = pressed_sure()
    if not marks or strict > 1.0:
        return []
    found: list[Die] = []
    for group in groups(marks):
        for way in dice_pips(group):  # one die, else two touching
            dice = [d for pips in way if (d := die_of_pips(fr, pips, strict)) is not None]
            if dice:
                found.extend(dice)
                break
    alone = lone(marks)
    if alone and (read or found):
        found += ones_of_pips(fr, alone, set_side(read + found), strict)
    return found


def ones_of_pips(fr: Frames, marks: list[Mark], side: float, sure: float) -> list[Die]:
    """The ones whose pip is one of the lone strong ``marks`` (image pixels): read at the
    set's ``side`` centred on the mark, a one by the three classifiers at ``sure`` and by
    the close look as surely as a free die must be (it shrinks a large die's crop, and
    reads a large pale one less surely), where its body shows clearly against the floor
    (``ONE_BODY``: a speck on the floor has none). Only places the first classifier reads
    as a one nearly that surely (``LOOK_BELOW``) are shown the others."""
    f = fr.full_px
    places = [p for p in M.turned(fr.full, [((x / f, y / f), side / f) for x, y, _ in marks])
              if body_contrast(fr.full, *p) >= ONE_BODY]
    if not places:
        return []
    first = M.run_classifier(M.crop_patches(fr.full, places))  # cheap, before all four
    likely = nearly_sure(first, sure) & (first[:, 1:].argmax(axis=1) == 0)  # a one
    places = [p for p, one in zip(places, likely.tolist(), strict=True) if one]
    free = M.calibration().sure
    return [unanimous_die(p, r, f) for p, r in
            zip(places, unanimous(fr.full, places, sure, NOT_DIE, ones=True, close_sure=free),
                strict=True) if r is not None and r[0] == 1]


def die_of_pips(fr: Frames, pips: list[Mark], sure: float) -> Die | None:
    """The die whose pips are the marks ``pips`` (image pixels), read ``unanimous``ly at
    ``sure`` as no fewer pips than marks at the smaller side of ``die_of``'s two that reads,
    where its body shows against the floor; else None."""
    f = fr.full_px
    (x, y), sides = die_of(pips)
    places = [p for p in M.turned(fr.full, [((x / f, y / f), side / f) for side in sides])
              if body_contrast(fr.full, *p) >= BODY]  # cheap, before four classifiers
    seen = [(p, r) for p, r in zip(places, unanimous(fr.full, places, sure, NOT_DIE),
                                   strict=True) if r is not None and r[0] >= len(pips)]
    return unanimous_die(*seen[0], f) if seen else None


def looked_beside(fr: Frames, looked: list[Peak], read: list[Die], unsure: tuple[Region, ...],
                  ) -> list[Die]:
    """Dice the detector marked but no look kept (``looked``: its peaks, working pixels;
    those too faint to keep, and those kept whose crop no classifier took for a die) beside
    a ``read`` die of their size, touching it, outside every read die and ``unsure`` region
    (``vision.faint_neighbours``), read ``unanimous``ly by all four classifiers at least as
    surely as a pressed die must be; a place none reads so is read once more at
    ``SHRUNK`` x its size (``faint_neighbours.shrunk``); in image pixels."""
    k, f = fr.work_px, fr.full_px
    strict = pressed_sure()
    marked = [((x * k, y * k), s * k) for (x, y), s, _ in looked]
    if not marked or not read or strict > 1.0:
        return []
    spots = worth_reading(marked, [(d.center, box_side(d.box)) for d in read],
                          [d.box for d in read] + [r.box for r in unsure])

    def at(places: list[Spot]) -> list[Die]:
        return unanimous_dice(fr, M.turned(fr.full, [((x / f, y / f), s / f)
                                                      for (x, y), s in places]), strict)

    found = at(spots)
    return found + at(shrunk(spots, [d.box for d in found]))


def looked_at_pairs(fr: Frames, read: list[Die], unsure: list[Region],
                    ) -> tuple[list[Die], list[Region]]:
    """``read`` and ``unsure`` with the dice of each pair the reader took for one
    (``vision.paired_dice``: two dice side by side, one read die there at most) in place
    of what it had there, where all four classifiers read both ends ``unanimous``ly, as
    surely as a pressed die must be (a one too: its body is checked after, as every read
    one's); in image pixels. Each end is looked at turned as the pair is, at each of
    ``END_SIZES`` x its width, and turned to its own axes; only places the first classifier
    reads nearly that surely (``LOOK_BELOW``) are shown the others."""
    strict = pressed_sure()
    if not read or strict > 1.0:
        return read, unsure
    f = fr.full_px
    seen = [(x / f, y / f) for x, y in (d.center for d in read)]
    todo = [pair for pair in pairs(fr.full, seen + [(x / f, y / f) for x, y in
                                                    (r.center for r in unsure)],
                                   set_side(read) / f) if pair.seen_as_one(seen)]
    looks = [[[*pair.places(end, END_SIZES), *M.turned(fr.full, [(end, pair.width)])]
              for end in pair.ends] for pair in todo]
    flat = [p for ends in looks for end in ends for p in end]
    if not flat:
        return read, unsure
    first = M.run_classifier(M.crop_patches(fr.full, flat))
    likely = iter(nearly_sure(first, strict).tolist())
    for pair, ends in zip(todo, looks, strict=True):
        worth = [[p for p in end if next(likely)] for end in ends]
        if not all(worth):
            continue
        dice = [next(iter(unanimous_dice(fr, end, strict, ones=True)), None) for end in worth]
        if None in dice:
            continue
        read = [d for d in read if not pair.holds((d.center[0] / f, d.center[1] / f))]
        read += [d for d in dice if d is not None]
        unsure = [r for r in unsure if not pair.holds((r.center[0] / f, r.center[1] / f))]
    return read, unsure


def read_dice(image: np.ndarray, expect: int | None = None, profile: Profile | None = None,
              reference: EmptyTray | None = None) -> Reading:
    """Read every die in a BGR image; ``expect`` is how many dice should be there, if known
    (with fewer seen, fainter places are looked at too: ``with_faint``).

    A ``profile`` (the player's taught dice) and a ``reference`` (the empty tray) revise the
    reading (``vision.refine``); a single photo needs neither.

    A die is reported read only when its calibrated value probability reaches the
    calibration's "sure" threshold; the rest are uncertain regions. Confidence is the
    calibrated probability that the die is a die showing that value. Raises ``ImageError``
    for an image the reader cannot use (too small, not an image).
    """
    t0 = time.perf_counter()
    image = check_image(image)
    fr = frames(image)
    looked = locate(fr.work)
    cands = settled(fr, looked)
    if expect is not None:
        cands = with_faint(fr, looked, cands, expect)
    easy = easy_pressed(cands)
    need = sure_thresholds(np.array([c.pressed or c.faint for c in cands], bool), easy=easy)
    cands = looked_four_ways(fr.full, looked_larger(fr.full, cands, need), need, easy)
    f = fr.full_px
    dice: list[Die] = []
    unsure: list[Region] = []
    doubted = ones_in_doubt(cands, M.calibration().sure)
    for c, needed, in_doubt in zip(cands, need, doubted, strict=True):
        box = square_box((c.x * f, c.y * f), c.size * f)
        center = (round(c.x * f, 1), round(c.y * f, 1))
        if c.why:
            unsure.append(Region(center, box, c.why, c.confidence))
        elif c.p_value < needed or in_doubt:
            why = (TOUCHING_DICE if c.touching else
                   PIPS_TOO_SMALL if c.size < SMALL_PIPS else
                   UNREAD)
            unsure.append(Region(center, box, why, c.confidence))
        else:
            dice.append(Die(c.value, center, box, c.confidence, round(c.angle, 1)))
    more, ut = read_once(image, tuple(unsure), MIN_COUNTABLE * f)  # one die marked twice
    dice += more
    if coarse_worth(fr, dice, ut):
        dice, left = explained(dice, list(ut), looked_coarser(fr, dice, list(ut)))
        ut = tuple(left)
    dice += looked_at_pips(fr, looked, dice, ut)
    dice += looked_beside(fr, looked, dice, ut)
    found = with_bodies(image, looked_at_set_size(fr, dice, list(ut)))
    dice, left = explained(dice, list(ut), found)  # in place of the places read again
    dice, left = looked_at_pairs(fr, dice, left)
    ut = tuple(left)
    dice = with_bodies(image, dice)
    dice.sort(key=lambda d: (d.center[1], d.center[0]))
    ut = pips_of_read_dice(fr, dice, off_read_dice(ut, dice))
    body = body_at(image)
    if dice:
        side = set_side(dice)
        spots = FloorSpots(image, dice, side, bodied(ut, side, body))
        ut = without_specks(ut, dice, body, spots)
        dice = off_floor_spots(dice, spots)
    dt = tuple(dice)
    reading = Reading(dt, ut, expect, 0.0, verdict(dt, ut, expect))
    if profile is not None or reference is not None:
        reading = refine(image, reading, profile, reference)
    reading = without_glints(image, on_top_faces(image, on_slanted_tops(image, reading)))
    return replace(reading, ms=round((time.perf_counter() - t0) * 1000.0, 2))


def on_top_faces(image: np.ndarray, reading: Reading) -> Reading:
    """``reading`` with each pip die's centre moved to its top face's, where its pips show
    it (``vision.top_face``); its box stays around the whole die."""
    pips = [(i, d) for i, d in enumerate(reading.dice) if isinstance(d.value, int)]
    faces = face_centres(image, [(box_centre(d.box), box_side(d.box), int(d.value))
                                 for _, d in pips])
    dice = list(reading.dice)
    for (i, d), face in zip(pips, faces, strict=True):
        if face is not None:
            dice[i] = replace(d, center=(round(face[0], 1), round(face[1], 1)))
    return replace(reading, dice=tuple(dice))


def without_glints(image: np.ndarray, reading: Reading) -> Reading:
    """``reading`` with each three or five whose centre mark is a glint
    (``vision.centre_pip``) made an uncertain region."""
    glints = [d for d in reading.dice if isinstance(d.value, int) and d.confidence < PLAIN
              and glint_in_middle(image, d.center, box_side(d.box), d.angle, d.value)]
    return reading.without(glints, GLINT) if glints else reading


def die_crops(image: np.ndarray, reading: Reading) -> np.ndarray:
    """The aligned (N, CROP, CROP, 3) BGR crops the reader classified for ``reading.dice``
    (same order), from the same image; feed them to ``vision.model.classifier_features``."""
    fr = frames(image)
    k = 1.0 / fr.full_px
    places = []
    for d in reading.dice:
        x, y = box_centre(d.box)
        places.append(((x * k, y * k), (d.box[2] - d.box[0]) * k, d.angle))
    return M.crops_uint8(fr.full, places)


def warm_up() -> None:
    """Make the reader ready, so that the first reading costs what every later one does:
    every network loaded and run once (``M.load``), the glint check's first look made
    (``centre_pip.warm_up``: OpenCV builds a table on first use; with the networks, a Pi 4's
    first ruling after a start waited about a second more), and one drawn scene read end to
    end. Raises what the reader raises when it cannot run (a network file missing or
    broken)."""
    M.load()
    centre_pip.warm_up()
    read_dice(render_dice_scene([3, 5], 0, (640, 480))[0], expect=2)
