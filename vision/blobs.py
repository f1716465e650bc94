"""Die-sized blobs of a mask: where the colour model or the empty-tray difference sees dice."""

from __future__ import annotations

import cv2
import numpy as np

Place = tuple[tuple[float, float], float]  # (centre x, y) and die side, in pixels


def die_blobs(mask: np.ndarray, side: float, max_dice: int = 30) -> list[Place]:
    """Centres of the blobs of a binary mask that could be dice of about ``side`` pixels.

    The mask is closed (gaps inside a die filled) and opened (specks and thin lines go).
    A blob between 0.35 and 1.8 die areas is one die at its centroid, its side the root of
    its area (within 0.7 and 1.3 ``side``); a larger one
    (touching dice) is split at the peaks of its distance transform, at least 0.7 sides
    apart; a blob over ``max_dice`` dice is not dice at all (a hand, a shadow, the tray).
    """
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (max(1, int(side / 5)),) * 2)
    m = cv2.morphologyEx((mask > 0).astype(np.uint8), cv2.MORPH_CLOSE, k)
    m = cv2.morphologyEx(m, cv2.MORPH_OPEN, k)
    n, labels, stats, cents = cv2.connectedComponentsWithStats(m, connectivity=8)
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
