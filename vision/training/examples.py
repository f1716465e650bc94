"""The networks' training examples: the detector's input and target for a crop of a sample, the
classifier's crops (where they are taken: labelled dice, negatives, the reader's own looks,
parts of a die) and each crop as the classifier's input.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np

from vision import model as M
from vision.camera_changes import dark_dice
from vision.dataset import LabeledDie, match
from vision.locate import find_peaks
from vision.merged_dice import Peak
from vision.training.augment import (
    color_jitter,
    pressed_crop,
    smeared,
    squeeze_matrix,
    squeezed,
    with_glint,
)
from vision.training.samples import UPRIGHT, Sample
from vision.types import Die
from vision.varied_scenes import SYMBOL

OUT = 320  # detector training crop, original-scale pixels


FORESHORTEN = 0.0  # share of training crops seen as through a slanted camera (--foreshorten)
SQUEEZE = (0.6, 0.95)  # ... squeezed to this share of their size along one direction


def det_example(s: Sample, rng: np.random.Generator, foreshorten: float = FORESHORTEN,
                ) -> tuple[np.ndarray, np.ndarray]:
    """(input blob (3, h, w), target (3, h/8, w/8): heat, log size, size mask); a share
    ``foreshorten`` of the crops is squeezed along one direction (``squeeze_matrix``)."""
    h, w = s.image.shape[:2]
    scale = math.exp(rng.uniform(math.log(0.45), math.log(1.8)))
    # Oblique photos: the top face is the die's upper face in the image, so keep "up" up.
    angle = rng.uniform(-20, 20) if s.kind == "table-white" else rng.uniform(0, 360)
    if len(s.centers) and rng.random() < 0.7:
        cx, cy = s.centers[rng.integers(len(s.centers))] + rng.normal(0, 60, 2)
    else:
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
    m = cv2.getRotationMatrix2D((float(cx), float(cy)), angle, scale)
    m[0, 2] += OUT / 2 - cx
    m[1, 2] += OUT / 2 - cy
    if rng.random() < 0.5:  # mirror
        m[0] = -m[0]
        m[0, 2] += OUT
    if rng.random() < foreshorten:
        sq = squeeze_matrix(rng.uniform(*SQUEEZE), rng.uniform(0.0, 180.0), OUT / 2)
        m = np.hstack([sq[:, :2] @ m[:, :2], (sq[:, :2] @ m[:, 2] + sq[:, 2])[:, None]])
    fill = tuple(float(v) for v in s.image.reshape(-1, 3).mean(axis=0))
    img = cv2.warpAffine(s.image, m, (OUT, OUT), flags=cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_CONSTANT, borderValue=fill)
    x = M.det_blob(color_jitter(M.det_resize(img), rng))[0]
    g = OUT // M.STRIDE
    target = np.zeros((3, g, g), np.float32)
    if len(s.centers):
        pts = s.centers @ m[:, :2].T + m[:, 2]
        ys, xs = np.mgrid[0:g, 0:g].astype(np.float32)
        ys = (ys + 0.5) * M.STRIDE
        xs = (xs + 0.5) * M.STRIDE
        for (px, py), size in zip(pts, s.sizes * scale, strict=True):
            if not (-40 < px < OUT + 40 and -40 < py < OUT + 40):
                continue
            est = size if not np.isnan(size) else 40.0 * scale
            sigma = max(0.5 * M.STRIDE, est / 6.0)
            d2 = (xs - px) ** 2 + (ys - py) ** 2
            target[0] = np.maximum(target[0], np.exp(-d2 / (2 * sigma * sigma)))
            if not np.isnan(size):
                near = d2 <= (1.5 * M.STRIDE) ** 2
                target[1][near] = math.log(size)
                target[2][near] = 1.0
    return x, target


Detect = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]]


READER_NEAR = 0.4  # a detector peak this near a die's centre (x its size) is a look at it
READER_LEAST = 0.4  # ... if its box is at least this x the die's size (not a pip's own box)


def reader_looks(peaks: list[Peak], s: Sample, det_sizes: list[float],
                 ) -> list[tuple[float, float, float, int]]:
    """(cx, cy, size, value) of the detector peaks on labelled dice: the crops the reader
    itself takes there (a peak on one pip of a two, an undersized box), labelled with the
    die's value. A peak nearer than ``READER_NEAR`` x the die's size to its centre, and at
    least ``READER_LEAST`` x its size, is a look at that die; farther ones may be a side
    face or a neighbour, and stay out."""
    if not len(s.centers):
        return []
    out = []
    for (px, py), psz, _ in peaks:
        d = np.hypot(*(s.centers - (px, py)).T)
        k = int(np.argmin(d))
        die = s.sizes[k] if not np.isnan(s.sizes[k]) else max(det_sizes[k], psz)
        if s.values[k] != SYMBOL and d[k] < READER_NEAR * die and psz >= READER_LEAST * die:
            out.append((float(px), float(py), float(psz), int(s.values[k])))
    return out


def crop_items(detect: Detect, samples: list[Sample], rng: np.random.Generator,
               looks: bool = False) -> list[tuple[int, float, float, float, int]]:
    """(sample index, cx, cy, size, class) for every labeled die and for negatives; with
    ``looks``, also for every detector peak on a labeled die (``reader_looks``)."""
    items = []
    for i, s in enumerate(samples):
        heat, size = detect(s.image)
        gh, gw = heat.shape
        for (cx, cy), v in zip(s.centers, s.values, strict=True):
            gx = min(gw - 1, max(0, int(cx // M.STRIDE)))
            gy = min(gh - 1, max(0, int(cy // M.STRIDE)))
            if v != SYMBOL:  # a symbol die is neither a value nor "not a die"
                items.append((i, float(cx), float(cy), float(size[gy, gx]), int(v)))
        # detector peaks that match no label, and random background points
        peaks = find_peaks(heat, size, 0.05)
        sizes = [float(size[min(gh - 1, max(0, int(cy // M.STRIDE))),
                            min(gw - 1, max(0, int(cx // M.STRIDE)))]) for cx, cy in s.centers]
        labels = tuple(LabeledDie(int(v), (cx - sz / 2, cy - sz / 2, cx + sz / 2, cy + sz / 2))
                       for (cx, cy), v, sz in zip(s.centers, s.values, sizes, strict=True))
        for (px, py), psz, ph in peaks:
            d = Die(1, (px, py), (0, 0, 0, 0), 1.0)
            if match([d], labels).false:
                items.append((i, px, py, psz, -1 if ph > 0.15 else 0))  # -1: hard negative
        if looks:
            items += [(i, *look) for look in reader_looks(peaks, s, sizes)]
        h, w = s.image.shape[:2]
        med = float(np.median(size))
        for _ in range(3):
            px, py = rng.uniform(0, w), rng.uniform(0, h)
            if len(s.centers) and np.min(np.hypot(*(s.centers - (px, py)).T)) < med * 0.7:
                continue
            items.append((i, px, py, med * rng.uniform(0.7, 1.3), 0))
    return items


PART = -2  # class of a "part of a die" crop: a die's value cannot be told from it


def part_of(item: tuple[int, float, float, float, int], rng: np.random.Generator
            ) -> tuple[int, float, float, float, int]:
    """A crop of a labelled die that misses most of it: off centre by a quarter to a half of
    the die, and a third to two thirds of its size (a pip of a two read as a one). Trained to
    a flat value distribution, so such a place becomes an uncertain region, never a value."""
    i, cx, cy, size, _ = item
    r, a = size * rng.uniform(0.22, 0.45), rng.uniform(0, 2 * math.pi)
    return (i, cx + r * math.cos(a), cy + r * math.sin(a), size * rng.uniform(0.35, 0.7), PART)


SIDE_CROP = (0.6, 1.0)  # a side face's crop (--side-faces), x its die's size


def side_face_items(samples: list[Sample], share: float, rng: np.random.Generator,
                    ) -> list[tuple[int, float, float, float, int]]:
    """``PART`` items centred on a share of the renders' side faces in view (a slanted
    cube's front face, whose pips are not the die's value: the issue's "side faces
    labelled as side faces, not top face"), cropped at 0.6-1.0 x the die's size, so the
    classifier is never sure of a value there. None drawn when ``share`` is 0."""
    if share <= 0:
        return []
    items = []
    for i, s in enumerate(samples):
        for x, y, size in s.sides.tolist():
            if rng.random() < share:
                items.append((i, x, y, size * rng.uniform(*SIDE_CROP), PART))
    return items


SMEAR = (0.08, 0.3)  # a smeared crop's smear (--smear), x the die's side


def face_crop(s: Sample, item: tuple[int, float, float, float, int]) -> np.ndarray:
    """A labelled die's crop aligned to it (its face the middle square), as a neighbour to
    press against another die's crop (``--neighbours``)."""
    _, cx, cy, size, _ = item
    return M.crop_uint8(s.image, (cx, cy), size, M.die_angle(s.image, (cx, cy), size))


def cls_example(s: Sample, item: tuple[int, float, float, float, int], rng: np.random.Generator,
                jitter: bool = True, foreshorten: float = FORESHORTEN, lamps: float = 0.0,
                glints: float = 0.0, smear: float = 0.0,
                clean: list[np.ndarray] | None = None,
                neighbour: np.ndarray | None = None, dark: float = 0.0) -> np.ndarray:
    """A training crop of ``item`` as the classifier's input; with ``clean``, the same crop
    before its smear (``smear``) is appended to it, for a teacher that reads the crop as a
    still camera shows it (``--teach-clean``); with ``neighbour`` (``face_crop`` of another
    die), the crop shows that die pressed against the place (``pressed_crop``). A share
    ``dark`` of the crops has its lightness turned over (``camera_changes.dark_dice``: white
    dice with black pips as black ones with white pips) after the clean copy is taken, so
    that with ``--teach-clean`` a teacher reads the crop as it was."""
    _, cx, cy, size, _ = item
    if jitter and item[4] != PART:
        cx += rng.normal(0, 0.06) * size
        cy += rng.normal(0, 0.06) * size
        size *= math.exp(rng.normal(0, 0.1))
    # aligned to the die as the reader does, then any quarter turn (a six lies either way),
    # but an upright camera's "up" is kept: its side faces lie below the top face
    angle = M.die_angle(s.image, (cx, cy), size)
    if jitter:
        angle += 90.0 * (0 if s.kind == UPRIGHT else int(rng.integers(4))) + rng.normal(0, 4.0)
    if jitter and rng.random() < foreshorten:
        f = rng.uniform(*SQUEEZE)
        patch = squeezed(M.crop_uint8(s.image, (cx, cy), size / f, angle), f,
                         rng.uniform(0.0, 180.0))
    elif neighbour is not None and item[4] != PART:
        patch = pressed_crop(M.crop_uint8(s.image, (cx, cy), 2 * size, angle, 2 * M.CROP),
                             neighbour, rng)
    else:
        patch = M.crop_uint8(s.image, (cx, cy), size, angle)
    if jitter:
        if rng.random() < 0.5:
            patch = patch[:, ::-1]
        patch = color_jitter(np.ascontiguousarray(patch), rng, lamps)
        if glints > 0 and item[4] > 0 and rng.random() < glints:  # none drawn when off
            patch = with_glint(patch, item[4], rng)
    if clean is not None:
        clean.append(M.patch_input(patch))
    if jitter and dark > 0 and rng.random() < dark:  # no draw when off (earlier recipes)
        patch = dark_dice(patch)
    if jitter and smear > 0 and rng.random() < smear:  # none drawn when off
        length = rng.uniform(*SMEAR) * M.CROP / M.CROP_FACTOR
        patch = smeared(patch, length, rng.uniform(0.0, 180.0))
    return M.patch_input(patch)
