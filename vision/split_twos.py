"""A two whose pips were boxed apart, each read as a one: read again over both boxes.

On a floor the colour of its dice (the pale-floor probe: white dice on cream paper, on
pale green card), and where a two presses against a neighbour, the detector sometimes
boxes one pip of a two as a die of its own. Read at that size the crop shows one dark disc
on white, and the classifiers read a one, 0.69-0.81 sure: a wrong ruling. The two's other
pip lies just beside that box, marked as a place of its own (left uncertain, or read as
the two, boxed off its middle): their centres 0.5-1.25 x their mean side apart. A crop
square over both boxes holds the whole two, and every classifier reads it so, 0.87-1.0
sure.

So a die read as a one under ``within_box.ONE_DOUBTED`` sure, whose nearest other place
(a read die or an uncertain one) lies within ``NEAR`` x their mean side, is read again
over both: crops ``SIZES`` x the side of the square round both boxes. Where all four
classifiers read a two there at every size, each at least ``SPLIT_SURE``
(``larger_look.unanimous``), the one is the two's pip. Beside a die read as a two, it is
that die, read already, and is dropped. Otherwise, read at one of the sizes as surely as
a pressed die must be, the two takes the place of the one and of its neighbour (unless
that is a die read as more than a one); else the one is made an uncertain place
(``UNREAD``).

Only a two: a one beside a larger die is common (a felt one beside a four, a pale one
beside a five), and the crop over both reads the larger die as surely as this; a one's
pip with one more mark is a two. Over the shared photos (as they are and the held-out ones
through the twelve camera changes) and seeds 0-599 of every probe, 135 of the ones read
under ``ONE_DOUBTED`` had another place that near. Of the 124 read rightly, none was read
a two over both at both sizes each at least 0.83 sure (a felt one beside a two,
through the camera changes: 0.96 and 0.82); of the twos' pips ruled ones, six of eight
were, each at least 0.87 (the other two: the crop over both took in a four, a five).
"""

from __future__ import annotations

import math

from vision import model as M
from vision.candidates import NOT_DIE
from vision.larger_look import Read, unanimous, unanimous_die
from vision.locate import Frames
from vision.types import UNREAD, Box, Die, Region, box_centre, box_round, box_side
from vision.within_box import ONE_DOUBTED

NEAR = 1.3  # a place whose centre is within this x the mean side of it and the one ...
SIZES = (1.0, 1.15)  # ... is read with the one in crops this x the square round both ...
SPLIT_SURE = 0.85  # ... and a two read there by every classifier, each this sure, at each size
TWO = 2


def nearest_box(box: Box, others: list[Box]) -> tuple[int, float] | None:
    """The index of the box in ``others`` whose centre is nearest ``box``'s, and that
    distance over their mean side; None if there are no others.

    >>> nearest_box((0, 0, 10, 10), [(30, 0, 40, 10), (12, 0, 22, 10)])
    (1, 1.2)
    """
    if not others:
        return None
    c, s = box_centre(box), box_side(box)
    ratios = [math.dist(c, box_centre(b)) / ((s + box_side(b)) / 2) for b in others]
    k = min(range(len(others)), key=ratios.__getitem__)
    return k, ratios[k]


def over_both(a: Box, b: Box, f: float) -> list[tuple[tuple[float, float], float]]:
    """The (centre, size) crops of the square round boxes ``a`` and ``b`` (image pixels),
    ``SIZES`` x its side, in full-resolution pixels (``f``: image pixels per full pixel).

    >>> over_both((0, 0, 10, 10), (10, 4, 20, 14), 2.0)
    [((5.0, 3.5), 10.0), ((5.0, 3.5), 11.5)]
    """
    both = box_round(a, b)
    x, y = box_centre(both)
    return [((x / f, y / f), box_side(both) / f * k) for k in SIZES]


def read_two(fr: Frames, places: list[M.Place]) -> list[Read] | None:
    """The ``unanimous`` reads of ``places`` if each reads a two, every classifier at least
    ``SPLIT_SURE`` sure; else None. The first classifier is asked first, alone."""
    first = M.run_classifier(M.crop_patches(fr.full, places))
    if (first[:, 1:].argmax(axis=1) + 1 != TWO).any() or (
            M.value_probability(first) < SPLIT_SURE).any():
        return None  # most ones: the first classifier reads no two, and the rest are spared
    reads = unanimous(fr.full, places, SPLIT_SURE, NOT_DIE)
    if any(r is None or r[0] != TWO for r in reads):
        return None
    return [r for r in reads if r is not None]


def split_twos(fr: Frames, dice: list[Die], unsure: list[Region], sure: float,
               ) -> tuple[list[Die], list[Region]]:
    """``dice`` and ``unsure`` with each die read as a one under ``ONE_DOUBTED`` that is a
    two's pip (``read_two`` over it and its ``nearest_box`` within ``NEAR``) dropped beside
    a die read as that two, replaced with its neighbour by the two read as surely as
    ``sure`` (the pressed threshold), or else made an uncertain place."""
    doubted = [d for d in dice if d.value == 1 and d.confidence < ONE_DOUBTED]
    if not doubted:
        return dice, unsure  # most frames: no one in doubt
    gone: set[int] = set()  # ids of the dice and places a two's pip takes out
    added: list[Die] = []
    left: list[Region] = []
    everything: list[Die | Region] = [*dice, *unsure]
    for one in doubted:
        if id(one) in gone:
            continue  # the other pip of a two read already
        others = [x for x in everything if x is not one and id(x) not in gone]
        near = nearest_box(one.box, [x.box for x in others])
        if near is None or near[1] > NEAR:
            continue
        other = others[near[0]]
        places = M.turned(fr.full, over_both(one.box, other.box, fr.full_px))
        reads = read_two(fr, places)
        if reads is None:
            continue
        gone.add(id(one))
        if isinstance(other, Die) and other.value == TWO:
            continue  # the two is read: the one was its pip
        best = max(range(len(reads)), key=lambda k: reads[k][1])
        if reads[best][1] >= sure and not (isinstance(other, Die) and other.value != 1):
            gone.add(id(other))
            added.append(unanimous_die(places[best], reads[best], fr.full_px))
        else:
            left.append(Region(one.center, one.box, UNREAD, one.confidence))
    if not gone:
        return dice, unsure
    return ([d for d in dice if id(d) not in gone] + added,
            [r for r in unsure if id(r) not in gone] + left)
