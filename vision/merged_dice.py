"""Dice the detector's first look merged with a neighbour, found by a closer look.

The first look sees the frame at half size, on a grid of 8 working pixels. Two small dice
pressed corner to corner then give one ridge of heat with a single peak: the other die's
heat is a shoulder of its neighbour's peak, and it is never read. A shoulder is heat no
peak explains: cells warm enough (``SHOULDER``) that lie ``FAR`` x a peak's size from
every peak. Only there does the reader look again, at twice the scale, in a small window
of the working image (``windows``), and keep the die-sized peaks it finds on a shoulder
(``beside``). A shoulder can also be a die's pips or a side face; a peak well under its
neighbour's size (``LIKE_SIZED``) is that, and is left out. Whatever is kept is only a
place: the classifier still decides whether a die is there and what it shows.
"""

from __future__ import annotations

import numpy as np

Peak = tuple[tuple[float, float], float, float]  # centre, size (working pixels), height
Window = tuple[int, int, int, int]  # x0, y0, x1, y1 (working pixels)

SHOULDER = 0.25  # heat a cell needs to be a shoulder
FAR = 0.6  # ... lying this x a peak's size from every peak (and a new peak as far too)
LIKE_SIZED = 0.7  # a peak on a shoulder under this x its nearest peak's size is not a die
MARGIN = 1.5  # a window reaches this x the nearest peak's size around its shoulder cells


def shoulders(heat: np.ndarray, cell: float, peaks: list[Peak],
              ) -> list[tuple[float, float, float]]:
    """(x, y, nearest peak's size) in working pixels of each shoulder cell of ``heat`` (a
    grid of ``cell`` pixels) around ``peaks``; none without peaks.

    >>> heat = np.zeros((8, 8), np.float32)
    >>> heat[2, 2], heat[2, 3], heat[4, 4] = 0.9, 0.5, 0.4
    >>> shoulders(heat, 8.0, [((20.0, 20.0), 20.0, 0.9)])
    [(36.0, 36.0, 20.0)]
    """
    ys, xs = np.nonzero(heat >= SHOULDER)
    if not len(ys) or not peaks:
        return []
    cx, cy = (xs + 0.5) * cell, (ys + 0.5) * cell
    centres = np.array([p[0] for p in peaks], np.float64)
    sizes = np.array([p[1] for p in peaks], np.float64)
    d2 = (cx[:, None] - centres[None, :, 0]) ** 2 + (cy[:, None] - centres[None, :, 1]) ** 2
    far = np.all(d2 >= (FAR * sizes[None, :]) ** 2, axis=1)
    nearest = sizes[np.argmin(d2, axis=1)]
    return [(float(x), float(y), float(s))
            for x, y, s in zip(cx[far], cy[far], nearest[far], strict=True)]


def windows(cells: list[tuple[float, float, float]], width: int, height: int,
            ) -> list[Window]:
    """Windows of the working image (``width`` x ``height``) that hold every shoulder cell
    with ``MARGIN`` x its nearest peak's size around it; overlapping ones are joined.

    >>> windows([(40.0, 40.0, 20.0), (50.0, 44.0, 20.0), (200.0, 200.0, 20.0)], 240, 230)
    [(10, 10, 80, 74), (170, 170, 230, 230)]
    """
    boxes = [[int(max(0.0, x - MARGIN * s)), int(max(0.0, y - MARGIN * s)),
              int(min(width, x + MARGIN * s)), int(min(height, y + MARGIN * s))]
             for x, y, s in cells]
    joined: list[list[int]] = []
    for b in boxes:
        for j in joined:
            if b[0] < j[2] and j[0] < b[2] and b[1] < j[3] and j[1] < b[3]:
                j[:] = [min(b[0], j[0]), min(b[1], j[1]), max(b[2], j[2]), max(b[3], j[3])]
                break
        else:
            joined.append(b)
    return [(x0, y0, x1, y1) for x0, y0, x1, y1 in joined]


def beside(closer: list[Peak], cells: list[tuple[float, float, float]], peaks: list[Peak],
           ) -> list[Peak]:
    """The peaks of the closer look (``closer``, working pixels, best first) to add to the
    first look's ``peaks``: on a shoulder cell (within half the new peak's size), ``FAR``
    from every peak kept, and at least ``LIKE_SIZED`` x its nearest first-look peak.

    >>> first = [((100.0, 100.0), 30.0, 0.7)]
    >>> cells = [(122.0, 122.0, 30.0)]
    >>> beside([((120.0, 120.0), 26.0, 0.6), ((104.0, 100.0), 30.0, 0.8)], cells, first)
    [((120.0, 120.0), 26.0, 0.6)]
    >>> beside([((120.0, 120.0), 12.0, 0.6)], cells, first)  # a pip, not a die
    []
    """
    new: list[Peak] = []
    for p in closer:
        (x, y), s, _ = p
        if not any((x - a) ** 2 + (y - b) ** 2 < (0.5 * s) ** 2 for a, b, _ in cells):
            continue
        if any((x - q[0][0]) ** 2 + (y - q[0][1]) ** 2 < (FAR * max(s, q[1])) ** 2
               for q in peaks + new):
            continue
        near = min(peaks, key=lambda q: (x - q[0][0]) ** 2 + (y - q[0][1]) ** 2)
        if s >= LIKE_SIZED * near[1]:
            new.append(p)
    return new
