"""A die read by the face in front of its top: two whole faces, one above the other.

``vision.slanted_top`` reads a die seen at a slant by its top face where the looks just
above its middle read the top clearly and unlike the looks below. At a steep slant the
classifiers read the front face's value 0.7-1.0 sure (the slanted-cubes probe, 25-50 degrees
off straight down), while those looks (``slanted_top.UP``, 0.2 and 0.25 x the side above the
middle) still hold much of the front face, read the top less surely than its bar, and the
die is ruled on by the face in front. This check only ever doubts a die, never reads it
anew, so it may listen to less sure looks, a little higher (``ABOVE``, 0.25 and 0.3 x the
side), each read by the three classifiers together (their mean probabilities):

* both looks above read one value, other than the die's, and no look takes the place for
  no die (``slanted_top.NOT_A_DIE``);
* both looks as far below read the die's own value, at least ``BELOW`` surely: the face in
  front, whole. On a die lying flat, whatever its turn, a look below its middle shows the
  lower half of its face, which mirrors the upper half (every pip layout is symmetric about
  the face's centre), and reads as the upper looks do, or as a part of its face;
* and the looks above read their value at least ``OTHER`` surely where no upper half of a
  flat face of the die's value shows that value (``slanted_top.HALVES``: a one above a die
  read as a five may be the five's upper half), else ``HALF`` surely, with the looks below
  as surely: two whole faces.

Then the die is left uncertain (``SIDE_FACE``), for a re-read. Measured on 900 slanted-cubes
scenes as the box reads them: 9 of the 32 dice ruled wrong that ``slanted_top`` left
(a three read as the six in front, a two as the one in front, ...), at the cost of 3 of
about 5,000 right dice in doubt on the probes and shared photos left for a re-read.
Thresholds chosen on the first 300 scenes, checked on the other 600 (4 of 14 and 5 of 18
caught); ``HALF`` raised from 0.6 to 0.7 where 0.6 doubted three white dice read right
through the camera changes (a six's upper row read as a three 0.65-0.72 sure, its lower
looks a six: the dice small in the frame, so each look holds most of the face).
``vision.bench.bench_probe`` over scenes 0-299 as the box reads them: dice ruled wrong
2.95 -> 2.42%, the box's rulings wrong 6.42 -> 5.41%. Cheapest test first: the
first classifier alone at the looks above, the two opinions only where both read one other
value.
"""

from __future__ import annotations

import numpy as np

from vision import model as M
from vision.slanted_top import (
    HALVES,
    NOT_A_DIE,
    LookReads,
    least_sure_in_doubt,
    likeliest,
)
from vision.types import SIDE_FACE, Die, Reading

ABOVE = (0.25, 0.3)  # the looks' middles above (and below) the die's, x its box's side
OTHER = 0.45  # the looks above read a value no flat half of the die's shows this surely ...
HALF = 0.7  # ... or a value a flat half shows this surely, the looks below as surely
BELOW = 0.3  # the looks below read the die's own value at least this surely


def without_front_reads(image: np.ndarray, reading: Reading,
                        reads: LookReads | None = None) -> Reading:
    """``reading`` (of ``image``, an upright frame) with its least sure dice in doubt
    (``slanted_top.least_sure_in_doubt``) that show two whole faces (``two_faces``) made
    uncertain regions (``SIDE_FACE``). ``reads``: the image's looks already read
    (``slanted_top.LookReads``), if any."""
    places = least_sure_in_doubt(reading)
    fronts = [d for d, shown in zip(places, two_faces(image, places, reads), strict=True)
              if shown]
    return reading.without(fronts, SIDE_FACE) if fronts else reading


def two_faces(image: np.ndarray, dice: list[Die], reads: LookReads | None = None,
              ) -> list[bool]:
    """Whether each of ``dice`` (pip dice read in ``image``) shows two whole faces, the
    upper one read otherwise than the die (see the module). ``reads``: the image's looks
    already read (``slanted_top.LookReads``), if any."""
    out = [False] * len(dice)
    if not dice:
        return out
    reads = reads if reads is not None else LookReads(image)
    upper = [(d.box, u) for d in dice for u in ABOVE]
    first = reads.probabilities(upper, (M.CLASSIFIER,))[0]
    tops, _ = likeliest(first)
    n = len(ABOVE)
    maybe = [i for i, d in enumerate(dice)
             if len(set(tops[i * n:(i + 1) * n])) == 1 and tops[i * n] != d.value]
    if not maybe:
        return out
    rows = [k for i in maybe for k in range(i * n, (i + 1) * n)]
    others = reads.probabilities([upper[k] for k in rows], M.OPINIONS)
    above = np.concatenate([first[rows][None], others]).mean(axis=0)
    seen = {i: top for k, i in enumerate(maybe)
            if (top := _other_top(above[k * n:(k + 1) * n], int(dice[i].value))) is not None}
    if not seen:
        return out
    lower = [(dice[i].box, -u) for i in seen for u in ABOVE]
    below = reads.probabilities(lower, (M.CLASSIFIER, *M.OPINIONS)).mean(axis=0)
    for j, (i, top) in enumerate(seen.items()):
        out[i] = _front_below(below[j * n:(j + 1) * n], int(dice[i].value), top)
    return out


def _other_top(above: np.ndarray, value: int) -> int | None:
    """The one other value that looks above a die read as ``value`` (their (N, 7)
    probabilities) all read, as a die, surely enough to doubt it by (``OTHER``, or ``HALF``
    for what an upper half of a flat face of ``value`` shows); None where they do not."""
    read, surely = likeliest(above)
    top = int(read[0])
    if (read != top).any() or top == value or (above[:, 0] >= NOT_A_DIE).any():
        return None
    return top if (surely >= (HALF if top in HALVES[value] else OTHER)).all() else None


def _front_below(below: np.ndarray, value: int, top: int) -> bool:
    """Whether looks below a die read as ``value``, under looks reading ``top``, read its
    own value (their (N, 7) probabilities) at least ``BELOW`` surely, or ``HALF`` where
    ``top`` is what half of a flat face of ``value`` shows: the face in front, whole."""
    read, surely = likeliest(below)
    bar = HALF if top in HALVES[value] else BELOW
    return bool((read == value).all() and (surely >= bar).all())


def shows_front(above: np.ndarray, below: np.ndarray, value: int) -> bool:
    """Whether looks above a die read as ``value`` and looks below it (their (N, 7)
    probabilities) show two whole faces: the looks above read one other value surely
    (``_other_top``) and those below the die's own (``_front_below``).

    >>> def looks(value, p):  # looks reading ``value`` with probability ``p``, as a die
    ...     row = np.full(7, (1 - p) / 6); row[value] = p; row[0] = 0.0
    ...     return np.stack([row / row.sum()] * 2)
    >>> shows_front(looks(3, 0.8), looks(6, 0.5), 6)  # a three may be a flat six's half
    False
    >>> shows_front(looks(3, 0.8), looks(6, 0.7), 6)  # ... not with a whole six below it
    True
    >>> shows_front(looks(2, 0.5), looks(1, 0.35), 1)  # no half of a one shows a two
    True
    >>> shows_front(looks(2, 0.5), looks(2, 0.9), 1)  # the looks below mirror those above
    False
    """
    top = _other_top(above, value)
    return top is not None and _front_below(below, value, top)
