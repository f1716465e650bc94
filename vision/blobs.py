"""Die-sized blobs of a mask: where the colour model or the empty-tray difference sees dice
(``die_blobs``), and whether one blob may be a die's face (``closed_square``).

Looks that find a die by its outline rather than the detector (``vision.one_face``: the
face round a lone pip; ``vision.die_pieces``: the blob round a piece of a die;
``vision.missed_dice``: a blob nothing marked) all ask the same of it: that it does not run
on beyond the mask (the floor, a crowd, a pile), that its smallest rectangle is square
(``SQUARE``), and that it fills that rectangle as a die's rounded face does.
"""

from __future__ import annotations

import cv2
import numpy as np

Place = tuple[tuple[float, float], float]  # (centre x, y) and die side, in pixels
Square = tuple[tuple[float, float], float, float]  # centre, side and angle (degrees)

SQUARE = 1.25  # a face's smallest rectangle is at most this much longer than wide


def die_blobs(mask: np.ndarray, side: float, max_dice: int = 30) -> list[Place]:
    """Centres of the blobs of a binary mask that could be dice of about ``side`` pixels.

    The mask is closed (gaps inside a die filled) and opened (specks and thin lines go).
    A blob between 0.35 and 1.8 die areas is one die at its centroid, its side the root of
    its area (within 0.7 and 1.3 ``side``); a larger one
    (touching dice) is split at the peaks of its distance transform, at least 0.7 sides
    apart; a blob over ``max_dice`` dice is not dice at all (a hand, a shadow, the tray).
    """
    n, labels, stats, cents = cv2.connectedComponentsWithStats(cleaned(mask, side),
                                                               connectivity=8)
    area = side * side
    out: list[Place] = []
    for i in range(1, n):
        a = float(stats[i, cv2.CC_STAT_AREA])
        if a < 0.35 * area or a > max_dice * area:
            continue
        if a <= 1.8 * area:
            own = float(np.clip(np.sqrt(a), 0.7 * side, 1.3 * side))
            out.append(((float(cents[i][0]), float(cents[i][1])), own))
            continue
        x, y, w, h = (int(v) for v in stats[i, :4])
        blob = (labels[y:y + h, x:x + w] == i).astype(np.uint8)
        dist = cv2.distanceTransform(np.pad(blob, 1), cv2.DIST_L2, 5)[1:-1, 1:-1]
        peaks: list[tuple[float, float]] = []
        tops = (dist >= cv2.dilate(dist, np.ones((3, 3), np.uint8))) & (dist >= 0.3 * side)
        ys, xs = np.nonzero(tops)  # only the local maxima can be peaks
        for k in np.argsort(-dist[ys, xs], kind="stable"):
            yy, xx = int(ys[k]), int(xs[k])
            if all((xx - px) ** 2 + (yy - py) ** 2 >= (0.7 * side) ** 2 for px, py in peaks):
                peaks.append((float(xx), float(yy)))
        out.extend(((x + px, y + py), side) for px, py in peaks)
    return out


def cleaned(mask: np.ndarray, side: float) -> np.ndarray:
    """A binary mask closed (gaps inside a die of about ``side`` pixels filled) and opened
    (specks and thin lines gone), as ``die_blobs`` looks at it (uint8 0/1)."""
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (max(1, int(side / 5)),) * 2)
    m = cv2.morphologyEx((mask > 0).astype(np.uint8), cv2.MORPH_CLOSE, k)
    return cv2.morphologyEx(m, cv2.MORPH_OPEN, k)


def closed_square(labels: np.ndarray, stats: np.ndarray, at: int, filled: float,
                  ) -> Square | None:
    """Component ``at`` of a mask's components (``labels``, ``stats``: as
    ``cv2.connectedComponentsWithStats`` gives them) as a (centre, side, angle) place in
    the mask's pixels, where it is closed (it does not reach the mask's edge), square
    (``SQUARE``) and fills at least ``filled`` of its smallest rectangle; else None.

    >>> mask = np.zeros((40, 60), np.uint8)
    >>> mask[10:30, 10:30] = 1; mask[10:20, 40:60] = 1  # a square, and one at the edge
    >>> _, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    >>> closed_square(labels, stats, 1, 0.8), closed_square(labels, stats, 2, 0.8)
    (((19.5, 19.5), 20.0, 0.0), None)
    """
    x, y, w, h, _ = stats[at]
    if x == 0 or y == 0 or x + w >= labels.shape[1] or y + h >= labels.shape[0]:
        return None  # it goes on beyond the mask: the floor, a crowd, a pile
    outline = max(cv2.findContours((labels[y:y + h, x:x + w] == at).astype(np.uint8),
                                   cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0],
                  key=cv2.contourArea)
    (bx, by), (rw, rh), angle = cv2.minAreaRect(outline)
    if min(rw, rh) <= 0 or max(rw, rh) > SQUARE * min(rw, rh):
        return None
    if cv2.contourArea(outline) < filled * rw * rh:
        return None
    side = (rw + rh) / 2 + 1.0  # the outline runs through its edge pixels' centres
    return (float(bx + x), float(by + y)), float(side), float((angle + 45.0) % 90.0 - 45.0)
