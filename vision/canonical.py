"""A die's own square, found precisely and warped upright: the canonical crop of a symbol die.

``locate(image, place, die_colour)`` finds the die near a rough place (a detector peak, a
colour or empty-tray blob): the pixels of the die's colour (the taught die histogram against
the window's own surroundings, and unlike the empty tray where one is known), the blob at
the place, its convex hull and its smallest enclosing rotated rectangle. ``canonical``
warps that square to an upright ``SIDE`` x ``SIDE`` grey patch of the face inside the
edges, so crops are never a few pixels off and the die's turn is gone up to a quarter turn;
``describe`` gives a descriptor robust to light (normalized grey levels and gradient
orientation histograms), and ``turns`` the four right-angle views of a patch.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.medians import median
from vision.reference import TrayLook

SIDE = 32  # canonical patch side, pixels
INNER = 0.86  # the patch covers this share of the die's side (the edges and corners left out)
WINDOW = 1.3  # the die is looked for within this many sides of the rough place, each way
SQUARE = 1.3  # the found rectangle's long side at most this times its short one
SIZE_RANGE = (0.7, 1.4)  # the found side within this range of the expected side
MIN_FILL = 0.75  # the blob fills at least this share of its rectangle
CELL = 8  # gradient orientation histograms over CELL x CELL cells
BODY = 0.2  # the die found roughly: this quantile of the changes near its centre
BAND = (0.36, 0.46)  # the die's body: this far from its centre, in sides (no glyph there)
BINS = 12  # orientation bins over the full circle (a glyph darker or lighter than the die)


@dataclass(frozen=True)
class Square:
    """A die's top face in the image: centre (x, y), side and turn (degrees), in pixels."""

    center: tuple[float, float]
    side: float
    angle: float


def colour_index(image: np.ndarray, bins: tuple[int, int, int]) -> np.ndarray:
    """Per pixel, its bin in a Lab histogram of ``bins`` (L, a, b)."""
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2Lab)
    nl, na, nb = bins
    li = lab[..., 0].astype(np.int32) * nl // 256
    ai = lab[..., 1].astype(np.int32) * na // 256
    bi = lab[..., 2].astype(np.int32) * nb // 256
    return (li * na + ai) * nb + bi


def die_mask(window: np.ndarray, center: tuple[float, float], side: float,
             die_colour: np.ndarray, bins: tuple[int, int, int]) -> np.ndarray:
    """Mask (uint8 0/1) of the window's pixels more likely the die's colour than the colour
    of the window's own surroundings (pixels over a side from ``center``)."""
    idx = colour_index(window, bins)
    h, w = idx.shape
    yy, xx = np.mgrid[0:h, 0:w]
    ring = (xx - center[0]) ** 2 + (yy - center[1]) ** 2 > side ** 2
    n = len(die_colour)
    d = die_colour.astype(np.float64) + 0.5
    b = np.bincount(idx[ring], minlength=n).astype(np.float64) + 0.5
    d, b = d / d.sum(), b / b.sum()
    return (d / (d + b) > 0.5)[idx].astype(np.uint8)


def _level_mask(diff: np.ndarray, level: float) -> np.ndarray:
    """Mask of the pixels of a difference map over half ``level`` (and over noise)."""
    return (diff > max(1.0, 0.5 * level)).astype(np.uint8)


def _rough_level(diff: np.ndarray, center: tuple[float, float], side: float) -> float:
    """The die's change from the tray near ``center``, roughly: a low quantile (``BODY``)
    of the changes there, so that a glyph far unlike the tray on a body much like it does
    not hide the body."""
    h, w = diff.shape
    yy, xx = np.mgrid[0:h, 0:w]
    core = ((xx - center[0]) ** 2 + (yy - center[1]) ** 2 < (0.5 * side) ** 2) & (diff > 1.0)
    return float(np.quantile(diff[core], BODY)) if core.any() else 1.0


def _body_level(diff: np.ndarray, square: tuple[float, float, float, float]) -> float | None:
    """The change of the die's body: the median over a band just inside the found square's
    edges (``BAND`` of its side from the centre), where no glyph reaches."""
    cx, cy, s, angle = square
    h, w = diff.shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = np.radians(angle)
    u = np.abs((xx - cx) * np.cos(a) + (yy - cy) * np.sin(a))
    v = np.abs(-(xx - cx) * np.sin(a) + (yy - cy) * np.cos(a))
    far = np.maximum(u, v) / max(s, 1.0)
    band = (far > BAND[0]) & (far < BAND[1])
    return float(median(diff[band])) if band.any() else None


def _square(mask: np.ndarray, local: tuple[float, float], side: float,
            ) -> tuple[float, float, float, float] | None:
    """The square die-sized blob of ``mask`` nearest ``local``: (x, y, side, angle) in the
    mask's pixels, or None."""
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (max(3, int(side / 6)),) * 2)
    mask = cv2.morphologyEx(cv2.morphologyEx(mask, cv2.MORPH_CLOSE, k), cv2.MORPH_OPEN, k)
    n, labels, stats, cents = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if n < 2:
        return None
    near = [(float((cents[i][0] - local[0]) ** 2 + (cents[i][1] - local[1]) ** 2), i)
            for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] >= 0.3 * side * side]
    if not near:
        return None
    best = min(near)[1]
    pts = cv2.findNonZero((labels == best).astype(np.uint8))
    hull = cv2.convexHull(pts)
    (cx, cy), (rw, rh), angle = cv2.minAreaRect(hull)
    s = (rw + rh) / 2
    if (max(rw, rh) > SQUARE * max(min(rw, rh), 1.0)
            or not SIZE_RANGE[0] * side <= s <= SIZE_RANGE[1] * side
            or cv2.contourArea(hull) < MIN_FILL * rw * rh):
        return None
    return float(cx), float(cy), float(s), float(angle)


def locate(image: np.ndarray, center: tuple[float, float], side: float,
           die_colour: np.ndarray, bins: tuple[int, int, int],
           tray: TrayLook | None = None) -> Square | None:
    """The die's square near ``center`` (a die about ``side`` pixels), or None when no
    square die of that size and colour is there. With the frame compared with the empty
    tray (``tray``) the die is what is new on the tray, whatever the light does to its
    colour: found roughly first (:func:`_rough_level`), then its outline where it is half
    die body, half tray (:func:`_body_level`)."""
    h, w = image.shape[:2]
    r = int(WINDOW * side) + 2
    x0, y0 = max(0, int(center[0]) - r), max(0, int(center[1]) - r)
    x1, y1 = min(w, int(center[0]) + r + 1), min(h, int(center[1]) + r + 1)
    if x1 - x0 < side or y1 - y0 < side:
        return None
    local = (center[0] - x0, center[1] - y0)
    if tray is not None:
        diff = tray.difference((x0, y0, x1, y1))
        found = _square(_level_mask(diff, _rough_level(diff, local, side)), local, side)
        body = _body_level(diff, found) if found is not None else None
        if body is not None:
            found = _square(_level_mask(diff, body), local, side) or found
    else:
        found = _square(die_mask(image[y0:y1, x0:x1], local, side, die_colour, bins), local,
                        side)
    if found is None:
        return None
    cx, cy, s, angle = found
    return Square((cx + x0, cy + y0), s, angle % 90.0)


def edge_angle(grey: np.ndarray) -> float:
    """The dominant direction of a square's edges in a grey crop, degrees in [0, 90): the
    gradients' orientations taken four times round, weighted by their strength."""
    g = np.asarray(grey, np.float32)
    gx, gy = cv2.Sobel(g, cv2.CV_32F, 1, 0), cv2.Sobel(g, cv2.CV_32F, 0, 1)
    a = float(np.angle(((gx * gx + gy * gy) * np.exp(4j * np.arctan2(gy, gx))).sum()) / 4)
    return float(np.degrees(a) % 90.0)


def placed(image: np.ndarray, center: tuple[float, float], side: float) -> Square:
    """The square of a die known to be at ``center`` with ``side``: its turn from its edges
    (a ring over the die's outline, where the glyph hardly reaches)."""
    r = int(0.8 * side) + 1
    x0, y0 = max(0, int(center[0]) - r), max(0, int(center[1]) - r)
    crop = image[y0:int(center[1]) + r + 1, x0:int(center[0]) + r + 1]
    grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY) if crop.ndim == 3 else crop
    h, w = grey.shape
    yy, xx = np.mgrid[0:h, 0:w]
    d = np.sqrt((xx - (center[0] - x0)) ** 2 + (yy - (center[1] - y0)) ** 2)
    ring = ((d > 0.4 * side) & (d < 0.75 * side)).astype(np.float32)
    smooth = cv2.GaussianBlur(grey.astype(np.float32), (0, 0), 1.0)
    return Square(center, side, (edge_angle(smooth * ring + smooth.mean() * (1 - ring)))
                  % 90.0)


def canonical(image: np.ndarray, square: Square) -> np.ndarray:
    """The die's face warped upright to a SIDE x SIDE grey patch (float32)."""
    scale = SIDE / max(square.side * INNER, 1.0)
    m = cv2.getRotationMatrix2D(square.center, square.angle, scale)
    m[0, 2] += SIDE / 2 - square.center[0]
    m[1, 2] += SIDE / 2 - square.center[1]
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    if scale < 0.6:  # shrink first, against aliasing
        grey = cv2.GaussianBlur(grey, (0, 0), 0.5 / scale)
    patch = cv2.warpAffine(grey, m, (SIDE, SIDE), flags=cv2.INTER_LINEAR,
                           borderMode=cv2.BORDER_REPLICATE)
    return patch.astype(np.float32)


def turns(patch: np.ndarray) -> list[np.ndarray]:
    """The patch and its three right-angle turns."""
    return [np.ascontiguousarray(np.rot90(patch, k)) for k in range(4)]


def describe(patches: list[np.ndarray] | np.ndarray) -> np.ndarray:
    """(N, SIDE, SIDE) grey patches -> (N, D) unit descriptors, unchanged by the light's level
    and contrast: the normalized grey levels (slightly blurred) and the gradient orientation
    histograms (HOG), each half of the weight."""
    out = []
    for p in patches:
        g = cv2.GaussianBlur(np.asarray(p, np.float32), (0, 0), 1.0)
        g = (g - g.mean()) / (g.std() + 1e-3)
        hog = orientation_histograms(g)
        grey = cv2.resize(g, (SIDE // 2, SIDE // 2), interpolation=cv2.INTER_AREA).ravel()
        out.append(np.concatenate([grey / (np.linalg.norm(grey) + 1e-6),
                                   hog / (np.linalg.norm(hog) + 1e-6)]) / np.sqrt(2.0))
    return np.asarray(out, np.float32).reshape(len(out), -1)


def orientation_histograms(patch: np.ndarray) -> np.ndarray:
    """Gradient orientation histograms (``BINS`` over the circle, magnitude-weighted, split
    between the two nearest bins) of each CELL x CELL cell, each cell's root-normalized."""
    gx = cv2.Sobel(patch, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(patch, cv2.CV_32F, 0, 1, ksize=3)
    mag = np.sqrt(gx * gx + gy * gy)
    pos = (np.arctan2(gy, gx) % (2 * np.pi)) * (BINS / (2 * np.pi))
    lo = np.floor(pos).astype(np.int32) % BINS
    frac = pos - np.floor(pos)
    h, w = patch.shape
    cell = (np.arange(h)[:, None] // CELL) * (w // CELL) + np.arange(w)[None, :] // CELL
    n = (h // CELL) * (w // CELL)
    hist = np.zeros(n * BINS, np.float32)
    np.add.at(hist, (cell * BINS + lo).ravel(), (mag * (1 - frac)).ravel())
    np.add.at(hist, (cell * BINS + (lo + 1) % BINS).ravel(), (mag * frac).ravel())
    cells = hist.reshape(n, BINS)
    cells /= np.linalg.norm(cells, axis=1, keepdims=True) + 1.0
    return np.sqrt(cells).ravel()
