"""BGR image -> Reading: which dice are on the table and what each top face shows.

Steps: a small detector network marks die centres and sizes (``vision.model``); each
candidate is cropped at its own scale and a small classifier says "not a die" or its
value. Scale, polarity and colour come from the image itself (crops are normalized per
die), so there are no per-scene settings. Dice the classifier is unsure of are reported
as ``uncertain`` so the caller can ask players to spread the dice.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision import model as M
from vision.profile import Profile
from vision.reference import EmptyTray
from vision.refine import refine
from vision.types import Die, Reading, Region, verdict

PEAK_MIN = 0.2  # heat-map peak worth classifying
PEAK_GAP = 0.45  # peaks closer than this x the smaller size are one peak
KEEP = 0.22  # heat x P(die) needed to report a candidate at all
NOT_DIE = 0.5  # classifier "not a die" probability that drops a candidate
SURE = 0.45  # value probability below which a die is reported as uncertain
OVERLAP = 0.5  # closer than this x the stronger one's size: two looks at one place
DOMINANT = 1.3  # a candidate this many times stronger than an overlapping one outvotes it
TWO_SURE = 0.8  # overlapping candidates both this sure, of different values, are two dice
TTA = 2  # classifier views per unsure die (quarter turns of the crop), averaged
SECOND_LOOK = 0.85  # crops classified less surely than this get the extra views


def find_peaks(heat: np.ndarray, size: np.ndarray, threshold: float,
               ) -> list[tuple[tuple[float, float], float, float]]:
    """Local maxima of the heat map: ((x, y) in pixels, die size, peak height), best first."""
    mx = cv2.dilate(heat, np.ones((3, 3), np.uint8))
    ys, xs = np.nonzero((heat >= mx) & (heat > threshold))
    order = np.argsort(-heat[ys, xs])
    gh, gw = heat.shape
    out: list[tuple[tuple[float, float], float, float]] = []
    for k in order:
        y, x = int(ys[k]), int(xs[k])
        y0, y1, x0, x1 = max(0, y - 1), min(gh, y + 2), max(0, x - 1), min(gw, x + 2)
        w = heat[y0:y1, x0:x1]
        w = np.maximum(w - 0.5 * heat[y, x], 0)
        yy, xx = np.mgrid[y0:y1, x0:x1]
        tot = float(w.sum()) or 1.0
        cx = (float((w * xx).sum()) / tot + 0.5) * M.STRIDE
        cy = (float((w * yy).sum()) / tot + 0.5) * M.STRIDE
        s = float(size[y, x])
        if any((cx - o[0][0]) ** 2 + (cy - o[0][1]) ** 2 < (PEAK_GAP * min(s, o[1])) ** 2
               for o in out):
            continue
        out.append(((cx, cy), s, float(heat[y, x])))
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


def resolve_overlaps(cands: list[Candidate]) -> list[Candidate]:
    """Settle candidates closer than ``OVERLAP`` x the stronger one's size (one place seen twice).

    A candidate ``DOMINANT`` times stronger than its overlapping neighbour outvotes it (the
    neighbour is a faint echo: a gap between dice, an edge). Two of similar strength are a
    die seen with its side face, or stacked dice: they become one uncertain region. Two
    sure readings (``TWO_SURE``) of different values are two dice pressed together.
    """
    cands = sorted(cands, key=lambda c: -c.strength)
    gone: set[int] = set()
    out = []
    for i, a in enumerate(cands):
        if i in gone:
            continue
        for j in range(i + 1, len(cands)):
            b = cands[j]
            near = (OVERLAP * a.size) ** 2
            if j in gone or (a.x - b.x) ** 2 + (a.y - b.y) ** 2 >= near:
                continue
            if a.value != b.value and min(a.p_value, b.p_value) >= TWO_SURE:
                continue  # two sure readings of different faces: two dice side by side
            gone.add(j)
            if a.strength < DOMINANT * b.strength:
                a = replace(a, why="overlapping faces (a side face, or stacked dice)",
                            confidence=min(a.confidence, b.confidence))
        out.append(a)
    return out


def _as_bgr(image: np.ndarray) -> np.ndarray:
    if image.ndim == 2:
        return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    return image


def read_dice(image: np.ndarray, expect: int | None = None, profile: Profile | None = None,
              reference: EmptyTray | None = None) -> Reading:
    """Read every die in a BGR image; ``expect`` is how many dice should be there, if known.

    A ``profile`` (the player's taught dice) and a ``reference`` (the empty tray) revise the
    reading (``vision.refine``); a single photo needs neither.
    """
    t0 = time.perf_counter()
    image = original = _as_bgr(image)
    f = 1.0
    if max(image.shape[:2]) > M.MAX_SIDE:
        f = M.MAX_SIDE / max(image.shape[:2])
        image = cv2.resize(image, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    heat, size = M.run_detector(image)
    peaks = find_peaks(heat, size, PEAK_MIN)
    patches = M.crop_patches(image, [(c, s) for c, s, _ in peaks])
    probs = M.run_classifier(patches)
    unsure_rows = np.nonzero(probs.max(axis=1) < SECOND_LOOK)[0]
    if TTA > 1 and len(unsure_rows):  # look again at the unsure ones, turned
        views = probs[unsure_rows]
        for k in range(1, TTA):
            turned = np.rot90(patches[unsure_rows], k, (2, 3))
            views = views + M.run_classifier(np.ascontiguousarray(turned))
        probs[unsure_rows] = views / TTA
    kept = []
    for ((cx, cy), s, h), p in zip(peaks, probs, strict=True):
        p_die = 1.0 - float(p[0])
        if p[0] >= NOT_DIE or h * p_die < KEEP:
            continue
        value = int(np.argmax(p[1:])) + 1
        kept.append(Candidate(cx, cy, s, h * p_die, value, float(p[value]) / max(p_die, 1e-6),
                              round(min(1.0, h * 1.2) * float(p[value]), 3)))
    dice: list[Die] = []
    unsure: list[Region] = []
    for c in resolve_overlaps(kept):
        half = c.size / 2
        box = (int(round((c.x - half) / f)), int(round((c.y - half) / f)),
               int(round((c.x + half) / f)), int(round((c.y + half) / f)))
        center = (round(c.x / f, 1), round(c.y / f, 1))
        if c.why:
            unsure.append(Region(center, box, c.why, c.confidence))
        elif c.p_value < SURE:
            unsure.append(Region(center, box, "face could not be counted", c.confidence))
        else:
            dice.append(Die(c.value, center, box, c.confidence))
    dice.sort(key=lambda d: (d.center[1], d.center[0]))
    dt, ut = tuple(dice), tuple(unsure)
    reading = Reading(dt, ut, expect, 0.0, verdict(dt, ut, expect))
    if profile is not None or reference is not None:
        reading = refine(original, reading, profile, reference)
    return replace(reading, ms=round((time.perf_counter() - t0) * 1000.0, 2))
