"""Where the dice lie: the images one read works from, and the detector's die places in them.

The input is checked and capped in size (``full``), then halved by 2x pyramid steps to a
working image (``frames``). The detector network (``vision.model``) marks die centres and
sizes there (``find_peaks``): a first look at half the working size, then a second at the
scale the dice sizes seen call for (``pick_scale``: the working image itself for small
dice, a quarter of it for large ones), whose peaks replace the first's near them; where the
first look saw the dice at a good size, a closer look only where it may have merged two
dice (``vision.merged_dice``). Dice larger than the reader is made for are read in the
frame shrunk (``read_scale``, ``shrunk``). A place is only a place, in working pixels:
whether a die lies there, and what it shows, is the classifier's to say (``vision.candidates``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from vision import model as M
from vision.images import Pyramid, cap_size, check_image
from vision.medians import median
from vision.merged_dice import Peak, beside, shoulders, windows

WORK_MAX = 1000  # the detector's working image: the input halved until its side is at most this
DET_SCALE_DEFAULT = 0.5  # the first look: the working image at half size
SIZE_PEAK = 0.35  # peaks this strong set the scale of the second look
SMALL_DIE = 28.0  # median die below this (working px): look again at twice the scale
LARGE_DIE = 130.0  # median die above this: look again at half the scale
PEAK_MIN = 0.2  # heat-map peak worth a look
MAX_PEAKS = 96  # at most this many peaks a look (best first): three times the most dice read
LOCAL = 32.0  # a look normalized locally: each pixel by its neighbourhood, a Gaussian of
#               this many pixels of the half-size image (16 let a die's own pips set its
#               spread: a 59 px two marked as two small dice)
UNLIKE = 0.5  # ... its peaks count where the neighbourhood's mean lies this x the frame's
#              spread from the frame's mean (a pale floor's dice gain nothing by it)
PEAK_GAP = 0.45  # peaks closer than this x the smaller size are one peak
SHRINK_OVER = 64.0  # median die above this (working px): the frame is read shrunk
#                     (``read_scale``; at 56 or 52 a shared white photo of large dice is lost)
SHRUNK_DIE = 48.0  # ... so that its dice measure this (the shared folders' dice: 37-52 by
#                   folder; at 42 two drawn touching dice more were read as one)
SHRUNK_MIN = 360  # ... but never to a shorter side than this (px): a die filling the frame
#                   (at 240, slanted cubes, their top faces half their boxes, read worse)
WORTH = 0.9  # ... and only where its working image is at most this x the frame's (else
#              the reader would lose only the finer pixels its crops are cut from)


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


@dataclass(frozen=True)
class Frames:
    """The images one read works from: the input capped in size (``full``), the working
    image the detector looks at (``work``), how many input pixels one of each holds, and
    the pyramid they come from (``levels``: ``full`` halved again and again; ``work_levels``:
    the same from ``work`` down), each level made once, for every look that needs it."""

    full: np.ndarray
    work: np.ndarray
    full_px: float  # input pixels per full pixel
    work_px: float  # input pixels per working pixel
    levels: Pyramid
    work_levels: Pyramid


def frames(image: np.ndarray) -> Frames:
    """Check the image (ImageError) and build its pyramid: 2x steps, never INTER_AREA."""
    image = check_image(image)
    full = cap_size(image)
    levels = Pyramid(full)
    work_levels = levels.from_level(levels.capped(WORK_MAX))
    work = work_levels[0]
    return Frames(full, work, image.shape[1] / full.shape[1], image.shape[1] / work.shape[1],
                  levels, work_levels)


def _merge(base: list[Peak], finer: list[Peak], keep: Callable[[Peak], bool]) -> list[Peak]:
    """Peaks of a second look (those ``keep`` accepts) replace the first look's near them."""
    chosen = [p for p in finer if keep(p)]
    out = list(chosen)
    for p in base:
        if not any((p[0][0] - q[0][0]) ** 2 + (p[0][1] - q[0][1]) ** 2
                   < (PEAK_GAP * max(p[1], q[1])) ** 2 for q in chosen):
            out.append(p)
    return sorted(out, key=lambda p: -p[2])


def dice_size(peaks: list[Peak], strong_only: bool = False) -> float | None:
    """The dice's size (working pixels) as the peaks show it: the median of the strong
    peaks' sizes (``SIZE_PEAK``), or of all peaks' where none is strong (unless
    ``strong_only``); None for none.

    >>> peaks = [((0.0, 0.0), 40.0, 0.9), ((9.0, 0.0), 50.0, 0.8), ((5.0, 5.0), 9.0, 0.2)]
    >>> dice_size(peaks), dice_size(peaks[2:]), dice_size(peaks[2:], strong_only=True)
    (45.0, 9.0, None)
    """
    sure = [s for _, s, h in peaks if h >= SIZE_PEAK]
    if not sure and not strong_only:
        sure = [s for _, s, _ in peaks]
    return float(median(sure)) if sure else None


def pick_scale(peaks: list[Peak]) -> float:
    """The detector scale for a second pass, from the dice sizes seen (working pixels).

    1.0: small dice (the detector looks at the working image itself, not its half);
    0.25: large dice; 0.5 (no second pass): the first pass saw them at a good size.
    """
    m = dice_size(peaks)
    if m is None:
        return DET_SCALE_DEFAULT
    if m < SMALL_DIE:
        return 1.0
    if m > LARGE_DIE:
        return 0.25
    return DET_SCALE_DEFAULT


def read_scale(fr: Frames, peaks: list[Peak]) -> float:
    """The scale (of the input) a frame is read at, from the dice sizes its first look saw
    surely: 1.0, or under it where the dice are larger than ``SHRINK_OVER`` working pixels,
    so that they measure ``SHRUNK_DIE`` (a nearer or finer camera than the photos the reader's
    checks were made on: a glint check that takes a large five's middle pip for a glint,
    a second look that splits a large die), but no shorter side than ``SHRUNK_MIN``, and
    only where that makes the working image smaller (``WORTH``): a frame halved to its
    working image keeps its finer pixels for the crops."""
    m = dice_size(peaks, strong_only=True)  # a tray's rim, weakly taken for dice, is none
    if m is None or m <= SHRINK_OVER:
        return 1.0
    h, w = fr.full.shape[:2]
    least = SHRUNK_MIN / (min(h, w) * fr.full_px)  # the input's scale at that shortest side
    scale = max(SHRUNK_DIE / (m * fr.work_px), least)
    return scale if scale * fr.work_px < WORTH else 1.0  # a working image no smaller: none


def shrunk(fr: Frames, scale: float) -> np.ndarray:
    """The frame's input at ``scale`` (under 1): the pyramid's nearest level above it,
    shrunk the rest of the way with INTER_AREA (a whole 2x step costs a fraction of an
    INTER_AREA shrink of the input)."""
    h, w = fr.full.shape[:2]
    size = (max(1, round(w * fr.full_px * scale)), max(1, round(h * fr.full_px * scale)))
    k = 0
    while fr.levels[k + 1].shape[1] >= size[0] and fr.levels[k + 1].shape[0] >= size[1]:
        k += 1
    return cv2.resize(fr.levels[k], size, interpolation=cv2.INTER_AREA)


def locate(levels: Pyramid) -> list[Peak]:
    """Die centres and sizes in the working image (``levels[0]``; its halves are taken from
    the same pyramid): a first look at half size, then a second at the scale the dice sizes
    call for; where the first look saw them at a good size, a closer look only where it may
    have merged two dice (``vision.merged_dice``)."""
    work, small = levels[0], levels[1]
    heat, size, cell = _heat(work, small)
    peaks = find_peaks(heat, size, PEAK_MIN, cell)
    scale = pick_scale(peaks)
    if scale == 1.0:
        return _merge(peaks, _look(work, work), lambda p: p[1] < 2 * SMALL_DIE)
    if scale == 0.25 and min(small.shape[:2]) >= 2 * M.PAD:
        return _merge(peaks, _look(work, levels[2]), lambda p: p[1] > LARGE_DIE / 2)
    return sorted(peaks + _beside(work, shoulders(heat, cell, peaks), peaks), key=lambda p: -p[2])


def _heat(work: np.ndarray, det_in: np.ndarray, norm: tuple[float, float] | None = None,
          local: float | None = None) -> tuple[np.ndarray, np.ndarray, float]:
    """The detector's heat map and die sizes on ``det_in`` (``work``, the working image or a
    window of it, at some pyramid level; ``norm``, ``local``: as ``M.run_detector``'s), and
    the working pixels one cell of them spans."""
    heat, size = M.run_detector(work, det_in, norm=norm, local=local)
    return heat, size, M.STRIDE * M.DET_SCALE * work.shape[1] / det_in.shape[1]


def _look(work: np.ndarray, det_in: np.ndarray, local: float | None = None) -> list[Peak]:
    """Peaks of the detector run on ``det_in`` (the working image at some pyramid level;
    ``local``: as ``M.run_detector``'s)."""
    heat, size, cell = _heat(work, det_in, local=local)
    return find_peaks(heat, size, PEAK_MIN, cell)


def locate_locally(levels: Pyramid, looked: list[Peak]) -> list[Peak]:
    """``looked`` (the detector's peaks, ``locate``) with those of a look at half size with
    each pixel normalized by its neighbourhood (``LOCAL`` pixels of the half: a die in a
    dark tray on a light table, faint against the frame's spread) in place of theirs near
    them, where that neighbourhood is unlike the frame (``UNLIKE``: on a plain or pale
    floor the local look finds the floor's grain, a pip, and no die the first look missed)."""
    work, small = levels[0], levels[1]
    mean, spread = M.frame_norm(small)
    near = M.local_mean(small, LOCAL)  # as the local look normalizes by
    k = small.shape[1] / work.shape[1]  # half-size pixels per working pixel
    h, w = near.shape

    def unlike(p: Peak) -> bool:  # its neighbourhood is unlike the frame: a tray, a table
        x, y = min(int(p[0][0] * k), w - 1), min(int(p[0][1] * k), h - 1)
        return abs(float(near[y, x]) - mean) >= UNLIKE * spread

    return _merge(looked, [p for p in _look(work, small, LOCAL) if unlike(p)], lambda p: True)


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
