"""One die the detector marked twice: two uncertain regions that can only be one die.

Two dice never lie nearer than one side apart (each holds a disc of half its side), so two
uncertain regions of about one size whose centres are nearer than ``ECHO`` x that size are
two looks at one die: a die seen long at a slant, its top face and its side marked apart.
Each then had the other as a touching neighbour, which is why neither could be read. Such
a pair is read once more as one die, at the size of the larger look and over both looks,
by all three classifiers. It becomes a die only when all six reads name the same value,
the two opinions' four at least as surely as a die pressed against another must be (the
calibration's stricter threshold), the first classifier's two as surely as a free die
must be. The opinions were trained on dice seen at a slant (``vision.train --foreshorten``),
which is what such a pair is; the first classifier never was, and it is the least sure of
the three on such dice (a slanted five: 0.92 and 0.87 where the opinions read 0.97-0.99).
Otherwise both regions stay, and the box asks for a re-read as before.
"""

from __future__ import annotations

import numpy as np

from vision import model as M
from vision.types import Die, Region, box_centre, box_round, box_side, square_box

ECHO = 0.65  # regions nearer than this x the larger's side are one die seen twice
LIKE_SIZED = 0.7  # ... when the smaller is at least this x the larger's side


def one_die_twice(gap: float, a: float, b: float) -> bool:
    """Whether two places of sides ``a`` and ``b``, centres ``gap`` apart, can only be one
    die marked twice: about one size (``LIKE_SIZED``) and nearer than ``ECHO`` x the larger.

    >>> one_die_twice(24.0, 40.0, 40.0), one_die_twice(30.0, 40.0, 40.0), one_die_twice(
    ...     10.0, 40.0, 20.0)
    (True, False, False)
    """
    small, big = sorted((a, b))
    return small >= LIKE_SIZED * big and gap < ECHO * big


def echo_pairs(regions: list[Region], smallest: float = 0.0) -> list[tuple[int, int]]:
    """Index pairs of like-sized regions nearer than ``ECHO`` sides, nearest first, each
    region in one pair at most; regions under ``smallest`` pixels are too small to count.

    >>> h = lambda x, s: (x - s // 2, 50 - s // 2, x + s // 2, 50 + s // 2)
    >>> r = lambda x, s=40: Region((x, 50.0), h(x, s), "?")
    >>> echo_pairs([r(100), r(120), r(300), r(400), r(415, 20), r(500, 10), r(505, 10)], 14)
    [(0, 1)]
    """
    pairs = []
    for i, a in enumerate(regions):
        for j in range(i + 1, len(regions)):
            b = regions[j]
            sa, sb = box_side(a.box), box_side(b.box)
            gap = float(np.hypot(a.center[0] - b.center[0], a.center[1] - b.center[1]))
            if min(sa, sb) >= smallest and one_die_twice(gap, sa, sb):
                pairs.append((gap, i, j))
    used: set[int] = set()
    out = []
    for _, i, j in sorted(pairs):
        if i not in used and j not in used:
            used |= {i, j}
            out.append((i, j))
    return out


def read_once(image: np.ndarray, regions: tuple[Region, ...], smallest: float = 0.0,
              ) -> tuple[list[Die], tuple[Region, ...]]:
    """The dice read from echo pairs of ``regions`` (in ``image``'s pixels; none under
    ``smallest`` pixels) and the regions left uncertain."""
    pairs = echo_pairs(list(regions), smallest)
    if not pairs:
        return [], regions
    looks: list[tuple[tuple[float, float], float]] = []
    for i, j in pairs:
        a, b = regions[i].box, regions[j].box
        both = box_round(a, b)
        centre = box_centre(both)
        looks += [(centre, max(box_side(a), box_side(b))), (centre, box_side(both))]
    places = M.turned(image, looks)
    patches = M.crop_patches(image, places)
    cal = M.calibration()
    reads = [M.softmax(M.run_classifier_raw(patches, name)[0], cal.temperature)
             for name in (M.CLASSIFIER, *M.OPINIONS)]
    values = np.stack([p[:, 1:].argmax(axis=1) + 1 for p in reads])  # (3, looks)
    sure = np.stack([M.value_probability(p) for p in reads])
    dice, gone = [], set()
    for k, (i, j) in enumerate(pairs):
        cols = [2 * k, 2 * k + 1]
        v = values[:, cols]
        if ((v == v[0, 0]).all() and sure[1:, cols].min() >= cal.sure_touching
                and sure[0, cols].min() >= cal.sure):
            (cx, cy), s, angle = places[2 * k]
            dice.append(Die(int(v[0, 0]), (round(cx, 1), round(cy, 1)),
                            square_box((cx, cy), s),
                            round(float(sure[:, cols].min()), 3), round(angle, 1)))
            gone |= {i, j}
    return dice, tuple(r for k, r in enumerate(regions) if k not in gone)
