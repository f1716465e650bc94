"""The candidates looked at again before the reader rules on them (``vision.candidates``).

A free candidate read less surely than it needs, alone in the frame, may be a box on one
pip of a larger die: it is read again larger (``looked_larger``, ``vision.larger_look``).
One still under its threshold, but not far, is read by the two opinions in four views of
its face (``looked_four_ways``, ``vision.four_views``). A one touching a one of its size
that is not as sure as a free die must be is in doubt: the two may be the pips of one die,
each marked as a die (``ones_in_doubt``).
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from vision import model as M
from vision.candidates import NOT_DIE, TOUCHING, Candidate
from vision.four_views import four_views
from vision.larger_look import alone, read_larger
from vision.seen_twice import LIKE_SIZED

FOUR_VIEWS_BELOW = 0.3  # a die read this much less surely than its threshold, or nearer, is
#                        read in four views (``looked_four_ways``); of dice read less surely,
#                        none on the photos and 5 of 3,267 through the camera changes
#                        became sure so


def looked_larger(full: np.ndarray, cands: list[Candidate], need: np.ndarray,
                  ) -> list[Candidate]:
    """``cands`` (in the full-resolution frame ``full``), each free one read less surely than
    it ``need``s and alone in the frame read again at a larger size (``vision.larger_look``:
    a box on one pip of a large die), where every classifier is sure of it there."""
    if not cands:
        return cands
    lone = alone(np.array([(c.x, c.y) for c in cands]), np.array([c.size for c in cands]))
    sure = M.calibration().sure
    out = []
    for c, needed, by_itself in zip(cands, need.tolist(), lone, strict=True):
        if by_itself and not (c.touching or c.faint or c.why) and c.p_value < needed:
            seen = read_larger(full, (c.x, c.y), c.size, sure, NOT_DIE)
            if seen is not None:
                value, least, confidence, size, angle = seen
                c = replace(c, value=value, p_value=least, confidence=round(confidence, 3),
                            size=size, angle=angle)
        out.append(c)
    return out


def ones_in_doubt(cands: list[Candidate], sure: float) -> np.ndarray:
    """Which candidates read as a one touch a place of like size (``LIKE_SIZED``) read as a
    one that is not even as sure as a free die must be (``sure``): the two pips of one die,
    each marked as a die, as on a white two on white paper whose body barely shows. Two
    such ones side by side are read only when both are that sure (two ones pressed together
    in a tray are: the stricter threshold of a pressed die does not doubt its neighbour).

    >>> c = lambda x, p, size=20.0: Candidate(x, 0.0, size, 1.0, 1, p, p)
    >>> ones_in_doubt([c(0, 0.8), c(20, 0.4), c(100, 0.9), c(120, 0.75)], 0.7).tolist()
    [True, False, False, False]
    >>> ones_in_doubt([c(0, 0.8), c(20, 0.4, size=35.0)], 0.7).tolist()  # a larger mark
    [False, False]
    """
    out = np.zeros(len(cands), bool)
    for i, a in enumerate(cands):
        if a.value != 1 or a.why:
            continue
        out[i] = any(j != i and b.value == 1 and not b.why and b.p_value < sure
                     and min(a.size, b.size) >= LIKE_SIZED * max(a.size, b.size)
                     and math.hypot(a.x - b.x, a.y - b.y) < TOUCHING * max(a.size, b.size)
                     for j, b in enumerate(cands))
    return out


def looked_four_ways(full: np.ndarray, cands: list[Candidate], need: np.ndarray,
                     easy: np.ndarray) -> list[Candidate]:
    """``cands`` (in the full-resolution frame ``full``) still read less surely than they
    ``need``, but not ``FOUR_VIEWS_BELOW`` less, read once more by the two opinions in four
    views of the face (``vision.four_views``), and taken where their mean is sure enough
    and not "not a die": free dice, dice that touch another, and dice pressed against
    another in an easy frame (``easy``: ``easy_pressed``). A pressed die in any other frame
    never is: in a felt pile the mean read a six at a slant, surely, by its five side face."""
    unsure = [i for i, (c, needed, in_easy) in enumerate(zip(cands, need.tolist(),
                                                             easy.tolist(), strict=True))
              if not (c.faint or c.why or (c.pressed and not in_easy))
              and needed - FOUR_VIEWS_BELOW <= c.p_value < needed]
    if not unsure:
        return cands
    out = list(cands)
    seen = four_views(full, [((cands[i].x, cands[i].y), cands[i].size, cands[i].angle)
                             for i in unsure])
    for i, (value, p_value, confidence, not_die) in zip(unsure, seen, strict=True):
        if p_value >= need[i] and not_die < NOT_DIE:
            out[i] = replace(cands[i], value=value, p_value=p_value,
                             confidence=round(confidence, 3))
    return out
