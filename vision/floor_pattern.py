"""Whether a small mark is one of the spots the floor is printed with.

A polka-dot tablecloth is a floor of like spots, evenly set: the detector marks some of
them as dice too small to count, and each became an uncertain region, so a frame of dice
read well was never ready to rule on. ``vision.specks`` drops a mark that shows no die
body, but only apart from the read dice (a pressed die's mark lies beside its partner), and
on a cloth whose spots lie a die's side apart every spot lies beside some die.

What sets the cloth's spots apart is that there are many of them: the mark, with the floor
just around it (``AROUND`` x its box), is found again (normalised correlation ``LIKE`` or
more, on grey; the mean colours of its middle and of the floor around it each within
``COLOUR``) at ``PATTERN`` or more places that lie off every read die and every place not
read that shows a die's body, and farther than ``BEYOND`` x the set's size from the mark,
so a die's own pips, the pips of the die beside it, or a crowd of like dice none of which
could be read, never make up the count. A mark over ``LARGER`` x the set's size (a block
of a grid's spots, marked as dice touching) must be found again at ``MANY`` places (or lie
on a pattern found so often): a white one on a tray, seen at a slant, was found again at
six places of the tray's grain and the other dice's edges, and a grid's blocks at
hundreds.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence

import cv2
import numpy as np

from vision.images import Pyramid
from vision.types import Die, Region, box_side

AROUND = 1.6  # the template: the mark's box side x this, centred on it
LIKE = 0.8  # a place correlating this well with the template is a spot like the mark ...
COLOUR = 30.0  # ... where its mean colours are this close (the largest channel difference)
PATTERN = 6  # a mark found again at this many places is the floor's own pattern ...
LARGER = 0.7  # ... and one over this x the set's side, larger than a spot (``specks``), ...
MANY = 24  # ... at this many, or on a pattern found that often
BEYOND = 1.5  # ... counting places farther than this x the set's side from the mark
ON_DIE = 0.6  # and farther than this x a read die's side from its centre
SMALLEST = 8  # the template is shrunk (2x steps) while it stays at least this wide
TEMPLATES = 6  # at most this many templates a frame: the rest go by the spots found


class Levels:
    """A BGR image's pyramid (``vision.images.Pyramid``), in colour and in grey, each level
    made once, when first asked for."""

    def __init__(self, image: np.ndarray | Pyramid) -> None:
        self._colour = image if isinstance(image, Pyramid) else Pyramid(image)
        self._grey: dict[int, np.ndarray] = {}

    def _level(self, k: int) -> tuple[np.ndarray, np.ndarray]:
        colour = self._colour[k]
        if k not in self._grey:
            self._grey[k] = cv2.cvtColor(colour, cv2.COLOR_BGR2GRAY)
        return colour, self._grey[k]

    def for_template(self, side: float) -> tuple[np.ndarray, np.ndarray, float]:
        """The level (colour, grey, its factor) halved while a template of ``side`` (image
        pixels) stays ``SMALLEST`` wide or more."""
        k = 0
        while side / 2 ** (k + 1) >= SMALLEST and min(self._colour[k].shape[:2]) >= 128:
            k += 1
        colour, grey = self._level(k)
        return colour, grey, float(2 ** k)


def like_places(image: np.ndarray | Levels, centre: tuple[float, float], side: float,
                ) -> list[tuple[float, float]]:
    """Centres (image pixels) of the places in the BGR ``image`` that look like the mark of
    box ``side`` at ``centre`` with the floor around it, the mark's own place among them.
    At the frame's edge the template is the part of that square inside the frame (a whole
    spot then has what a spot cut in half has).

    >>> img = np.full((200, 300, 3), 200, np.uint8)
    >>> for x in range(20, 300, 40):
    ...     for y in range(0, 200, 40):  # the first row cut in half by the frame's edge
    ...         _ = cv2.circle(img, (x, y), 5, (40, 90, 200), -1)
    >>> len(like_places(img, (100.0, 80.0), 12.0)), len(like_places(img, (20.0, 0.0), 12.0))
    (28, 35)
    """
    levels = image if isinstance(image, Levels) else Levels(image)
    colour, grey, f = levels.for_template(AROUND * side)
    half = max(int(round(AROUND * side / f / 2)), 2)
    h, w = grey.shape
    cx, cy = centre[0] / f, centre[1] / f
    x0 = min(max(int(round(cx)) - half, 0), w - 1)
    y0 = min(max(int(round(cy)) - half, 0), h - 1)
    x1 = min(int(round(cx)) + half + 1, w)
    y1 = min(int(round(cy)) + half + 1, h)
    if x1 - x0 < half + 1 or y1 - y0 < half + 1:
        return []  # less than half of it in the frame
    template = grey[y0:y1, x0:x1]
    if float(template.std()) < 1.0:
        return []  # a flat patch: nothing to find again
    score = cv2.matchTemplate(grey, template, cv2.TM_CCOEFF_NORMED)
    peaks = (score >= LIKE) & (score >= cv2.dilate(score, np.ones((half + 1, half + 1))))
    ys, xs = np.nonzero(peaks)
    # mean colours, each placed at its window's top left corner as the score is: of the
    # mark's middle (its box) and of the whole window (the floor around it)
    q = max(int(round(side / f)), 1)
    mx = min(max(int(round(cx)) - x0 - q // 2, 0), max(x1 - x0 - q, 0))  # in the template
    my = min(max(int(round(cy)) - y0 - q // 2, 0), max(y1 - y0 - q, 0))
    alike = np.ones(len(xs), bool)
    pixels = colour.astype(np.float32)
    for (kw, kh), (dx, dy) in (((q, q), (mx, my)), ((x1 - x0, y1 - y0), (0, 0))):
        means = cv2.boxFilter(pixels, -1, (kw, kh), anchor=(0, 0),
                              borderType=cv2.BORDER_REPLICATE)
        mark = means[min(y0 + dy, h - 1), min(x0 + dx, w - 1)]
        there = means[np.clip(ys + dy, 0, h - 1), np.clip(xs + dx, 0, w - 1)]
        alike &= np.abs(there - mark).max(axis=1) <= COLOUR
    return [(float((cx - x0 + x) * f), float((cy - y0 + y) * f))
            for x, y in zip(xs[alike], ys[alike], strict=True)]


Patterned = Callable[[tuple[float, float], float], bool]  # is the mark (centre, side) a spot?


class FloorSpots:
    """Whether a mark (centre, box side) is one of the floor's spots (see the module), for
    the BGR ``image`` (or its ``Pyramid``) with read ``dice`` of the set's side
    ``set_side``, and the places not read that show a die's body (``unread``, asked for at
    the first search): a spot found again on one of them does not count (a crowd of like
    dice, every one unread, is not a floor). Spots found for one mark answer for the marks
    on them, so a frame makes at most ``TEMPLATES`` searches.

    >>> img = np.full((400, 400, 3), (150, 120, 200), np.uint8)
    >>> for x in range(30, 400, 60):
    ...     for y in range(30, 400, 60):
    ...         _ = cv2.circle(img, (x, y), 6, (60, 200, 230), -1)
    >>> spot = FloorSpots(img, [Die(2, (60.0, 60.0), (35, 35, 85, 85), 0.99)], 50.0)
    >>> spot((150.0, 150.0), 14.0), spot((210.0, 210.0), 14.0), spot.searches
    (True, True, 1)
    >>> img[140:161, 140:161] = 30  # a dark die where one spot was
    >>> FloorSpots(img, [], 50.0)((150.0, 150.0), 14.0)
    False
    """

    def __init__(self, image: np.ndarray | Pyramid, dice: Sequence[Die], set_side: float,
                 unread: Callable[[], Sequence[Region]] = tuple) -> None:
        self.image = image
        self.dice = tuple(dice)
        self.set_side = set_side
        self.unread = unread
        self.found: list[tuple[float, float]] = []  # the marks and spots of a pattern
        self.printed: list[tuple[float, float]] = []  # ... of one found ``MANY`` times
        self.searches = 0

    @functools.cached_property
    def levels(self) -> Levels:
        return Levels(self.image)  # only for a frame that has a mark to look for

    @functools.cached_property
    def taken(self) -> list[tuple[tuple[float, float], float]]:
        """(centre, reach) of each read die and each die not read: no spot lies there."""
        return [(d.center, ON_DIE * box_side(d.box)) for d in self.dice] + [
            (r.center, ON_DIE * max(box_side(r.box), self.set_side)) for r in self.unread()]

    def _off_dice(self, at: tuple[float, float]) -> bool:
        return all(math.dist(at, c) > r for c, r in self.taken)

    def __call__(self, centre: tuple[float, float], side: float) -> bool:
        large = side > LARGER * self.set_side
        if any(math.dist(centre, at) <= side / 2 for at in (self.printed if large else
                                                             self.found)):
            return True
        if self.searches >= TEMPLATES:
            return False
        self.searches += 1
        like = like_places(self.levels, centre, side)
        count = sum(self._off_dice(at) and math.dist(at, centre) > BEYOND * self.set_side
                    for at in like)
        if count < (MANY if large else PATTERN):
            return False
        self.found.extend([centre, *like])  # the other marks on them too
        if count >= MANY:
            self.printed.extend([centre, *like])
        return True
