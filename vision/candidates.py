"""The first read of each place the detector marked: the candidate dice, and how sure each is.

Each place (``vision.locate``) is cropped from the full-resolution frame at its own size,
turned to the die's own axes, and read by the classifier (``classify``): "not a die" or
its value, with a calibrated probability. A die read near its "sure" threshold gets a
second look by two other classifiers; a die touching another must be read alike by all
three, and one pressed against it needs a stricter threshold (``sure_thresholds``), less
strict in a frame whose free dice read surely (``easy_pressed``). A die still unsure, free
or one of a pair (not in a pile), gets the close look. One place seen twice is settled as
one (``resolve_overlaps``); when the caller knows how many dice lie there and fewer were
seen, fainter places are read too (``with_faint``). The later looks hold the dice they find
to these thresholds too (``vision.candidate_looks``, ``vision.uncertain_looks``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from vision import model as M
from vision.locate import Frames, frames, locate, locate_locally
from vision.medians import median
from vision.merged_dice import Peak
from vision.seen_twice import LIKE_SIZED, one_die_twice
from vision.types import (
    OVERLAPPING_FACES,
    TOO_SMALL,
    Box,
    Die,
    Reading,
    box_centre,
    box_side,
    turned_side,
)

MIN_COUNTABLE = 14.0  # dice smaller than this are never counted: reported uncertain
SMALL_PIPS = 32.0  # dice smaller than this (full-resolution px) have pips of a few px
KEEP = 0.22  # heat x P(die) needed to report a candidate at all
FAINT_FRAME = 0.3  # a frame whose strongest candidate is fainter is looked at locally too
#                    (on every shared photo it is 0.41 or more)
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
TOUCHING = 1.1  # another die's centre nearer than this x the die's size: the two dice touch
ALONE = 1.2  # a read die with no other place's centre nearer than this x its box's side is
#              alone: a look at its whole (``vision.whole_face``) or at its face's pips
#              (``vision.more_pips``) takes in no neighbour
PRESSED = 0.95  # ... nearer than this: pressed together, and the stricter threshold too
SIDE_FACE_NEAR = 0.7  # ... a place this near a die read surely may be its side face, and no
#                      whole die: it gets no close look (two whole dice lie a side apart)
TWO_AGREE = 0.99  # a touching die two classifiers both read this surely is not shown a third
FIRST_ALONE = 0.998  # ... nor one the first reads this surely shown the other two
FIRST_ALONE_EASY = 0.99  # ... nor, in a frame whose free dice it reads surely, this surely
EASY_FRAME = 0.9  # a frame whose free dice are read this surely (median) is one the networks
# know: its pressed dice need only the calibration's ``pressed_easy`` (``easy_pressed``)


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
    faint: bool = False  # found only by looking for a die the count says is missing, or by
    #                      the local look of a frame whose places all looked faint


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


def _apart(places: list[M.Place], die_like: np.ndarray) -> np.ndarray:
    """(N, N) distances from each place to every die-like other, in the place's own sizes
    (inf to itself and to places that are not die-like)."""
    xy = np.array([c for c, _, _ in places], np.float64)
    size = np.array([s for _, s, _ in places], np.float64)
    d = np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1))
    d[:, ~np.asarray(die_like, bool)] = np.inf
    np.fill_diagonal(d, np.inf)
    return np.asarray(d / size[:, None])


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
    return np.where(like, _apart(places, like).min(axis=1), np.inf)


def neighbours(places: list[M.Place], die_like: np.ndarray) -> np.ndarray:
    """How many other die-like places lie nearer than ``TOUCHING`` x each die-like place's
    own size (N,; 0 for a place that is not die-like): 1 for a die in a pair, more in a
    pile.

    >>> row = [((0.0, 0.0), 10.0, 0.0), ((10.0, 0.0), 10.0, 0.0), ((20.0, 0.0), 10.0, 0.0)]
    >>> neighbours(row, np.array([True, True, True])).tolist()
    [1, 2, 1]
    >>> neighbours(row, np.array([True, True, False])).tolist()
    [1, 1, 0]
    """
    like = np.asarray(die_like, bool)
    if len(places) < 2:
        return np.zeros(len(places), np.int64)
    return np.where(like, (_apart(places, like) < TOUCHING).sum(axis=1), 0)


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


def alone(reading: Reading, within: float = ALONE) -> list[Die]:
    """The dice of ``reading`` clear of every other die and uncertain place: none nearer
    than ``within`` x the die's box side (``touching``, on the boxes' centres). A look at a
    die's whole or at its face's pips would take in a neighbour.

    >>> die = lambda x: Die(2, (x, 0.0), (x - 10, -10, x + 10, 10), 0.9)
    >>> [d.center[0] for d in alone(Reading((die(0.0), die(21.0), die(60.0)), ()))]
    [60.0]
    """
    boxes = [d.box for d in reading.dice] + [r.box for r in reading.uncertain]
    apart = clear_of_others(boxes, within)
    return [d for d, clear in zip(reading.dice, apart[:len(reading.dice)], strict=True)
            if clear]


def clear_of_others(boxes: list[Box], within: float = ALONE) -> np.ndarray:
    """Which of ``boxes`` (N,) have no other box's centre nearer than ``within`` x their own
    side (``touching``): a look at such a place takes in no neighbour.

    >>> clear_of_others([(0, 0, 20, 20), (21, 0, 41, 20), (60, 0, 80, 20)]).tolist()
    [False, False, True]
    """
    places = [(box_centre(b), box_side(b), 0.0) for b in boxes]
    return np.asarray(~touching(places, np.ones(len(places), bool), within))


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
    return len(free) > 0 and float(median(free)) >= EASY_FRAME


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
    A die still unsure after these looks gets the close look (``close_look``), at its own
    threshold (a touching die keeps its read where the close look is less sure: a pressed
    die's may still be enough in an easy frame), unless it lies in a pile (touching two
    dice or more, ``neighbours``): a free die, or one of a pair, lies flat on the floor,
    where a die in a pile may lean and show a side face as large as its top (on a felt pile
    the close look read a five on top, by the six of its side face, surely five). Nor does
    a place nearer than ``SIDE_FACE_NEAR`` to a die read surely: it may be that die's side
    face (a white one's three, marked beside it, read surely by the close look).
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
    p_now = M.value_probability(probs)
    sure_now = die_like & (p_now >= need)
    no_close_look = neighbours(places, die_like) > 1  # a die in a pile ...
    if len(places) > 1 and sure_now.any():  # ... or a touching place beside a die read surely
        no_close_look |= touch & (_apart(places, sure_now) < SIDE_FACE_NEAR).any(axis=1)
    unsure = np.flatnonzero(die_like & ~no_close_look & ~sure_now)
    if len(unsure):
        heard = dict(zip(free.tolist(), np.stack(voices, axis=1), strict=True)) if voices else {}
        closer = M.softmax(close_look(full, [places[i] for i in unsure], patches[unsure],
                                      [heard.get(i) for i in unsure.tolist()]), cal.temperature)
        kept = touch[unsure] & (M.value_probability(closer) < p_now[unsure])
        closer[kept] = probs[unsure][kept]  # a pressed die an easy frame may read keeps its read
        probs[unsure] = closer
    return probs, feats, touch, pressed


def close_look(full: np.ndarray, places: list[M.Place], patches: np.ndarray,
               heard: list[np.ndarray | None]) -> np.ndarray:
    """The last look at dice still unsure after the second (free dice, and dice of a pair):
    the mean logits (N, 7) of the two opinions (``M.OPINIONS``, on the usual ``patches``)
    and of the close-look classifier (``M.CLOSE_LOOK``), which reads a larger crop of each
    die from the full-resolution frame (``M.CLOSE_CROP`` pixels: a die up to 49 px across
    keeps every pixel, where the usual crop halves a 60 px one). ``heard``: each die's
    opinions (2, 7) if the second look already asked them, else None."""
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
    looked = locate(fr.work_levels)
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


def clear_of(a: Candidate, others: list[Candidate]) -> bool:
    """Whether candidate ``a`` lies ``OVERLAP`` x the larger size or farther from each of
    ``others``."""
    return all((a.x - o.x) ** 2 + (a.y - o.y) ** 2 >= (OVERLAP * max(a.size, o.size)) ** 2
               for o in others)


def faint_frame(cands: list[Candidate]) -> bool:
    """Whether the first look found nothing die-like, or only faint places (all under
    ``FAINT_FRAME``)."""
    return not cands or max(c.strength for c in cands) < FAINT_FRAME


def looked_locally(fr: Frames, looked: list[Peak], cands: list[Candidate],
                   ) -> tuple[list[Peak], list[Candidate]]:
    """A frame whose places all looked faint (``faint_frame``) looked at again normalized
    locally (``vision.locate.locate_locally``: dice in a tray unlike its table), as its
    detector peaks and candidates. With nothing die-like found first, the new look's. Else
    the first look's, where the new look read no die as surely as a pressed die must be near
    them, with the new look's dice read so surely, and its other places apart from the
    first look's; each new place needs the stricter threshold, as a faint one does (a die
    the first look missed is as often a side face, and under sensor noise a green two was
    read there as a one at 0.71). A slate tray on a pink table: the first look marked one of
    its two dice, boxed twice its size, and the other not at all; a die the size of the
    frame's half, which the new look marks by its pips (its neighbourhood the die itself),
    stays as the first look and the coarser look read it."""
    local = locate_locally(fr.work_levels, looked)
    if not cands:
        return local, settled(fr, local)
    more = [replace(c, faint=True) for c in settled(fr, [p for p in local if p not in looked])]
    firm = [c for c in more if not c.why and c.p_value >= M.calibration().sure_touching]
    kept = [c for c in cands if clear_of(c, firm)]
    loose = [c for c in more if c not in firm and clear_of(c, kept)]
    return local, resolve_overlaps(kept + firm + loose)


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
    new = [c for c in faint if clear_of(c, cands)]
    new.sort(key=lambda c: -c.strength)
    return cands + [replace(c, faint=True) for c in new[:expect - len(cands)]]


def nearly_sure(first: np.ndarray, sure: float) -> np.ndarray:
    """Which of the first classifier's reads (N, 7) are worth showing all four: not "not a
    die" (under ``NOT_DIE``) and read within ``LOOK_BELOW`` of ``sure``, or surer.

    >>> nearly_sure(np.array([[0.0, 0.9, 0.1, 0, 0, 0, 0], [0.6, 0.4, 0, 0, 0, 0, 0],
    ...                       [0.0, 0.5, 0.5, 0, 0, 0, 0]]), 0.935).tolist()
    [True, False, False]
    """
    return (first[:, 0] < NOT_DIE) & (M.value_probability(first) >= sure - LOOK_BELOW)


def first_nearly_sure(full: np.ndarray, places: list[M.Place], sure: float) -> list[bool]:
    """``nearly_sure`` of the first classifier's reads of (centre, size, angle) ``places`` of
    the full-resolution frame ``full``: the looks that read a place by all four classifiers
    show them only these."""
    if not places:
        return []
    return nearly_sure(M.run_classifier(M.crop_patches(full, places)), sure).tolist()
