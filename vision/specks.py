"""Uncertain marks that are specks on the floor, not dice of the set being read.

The detector marks small dark or light spots (a speckled carpet, a polka-dot cloth, crumbs)
as dice too small to count (``SMALL_MARKS``); each became an uncertain region, so a frame
of well-read dice on a spotted floor was never ready to rule on. The dice on a table are
one set, of one size (the median side of the frame's read dice): a mark lying off every
read die (``APART`` x its side from each centre, just past the die's own edge) is a speck
when, looked at as a die of the set's size, it shows no die body against the floor
(``die_body.body_contrast`` under ``SHOWN``, as a read die must,
``uncertain_looks.with_bodies``): there the "face" around it is the floor itself (spots
show 0-2 levels). A mark on a real die, even the only trace of it, shows that die's body
(25 grey levels or more on every shared photo and probe as drawn; 4 for a one on grey cloth
seen by a grey camera, which a threshold of 5 lost) and stays an uncertain region. So does
a pressed die's mark beside its partner, by its own body: the check once left every mark
within 1.5 sides of a read die alone for it, and a spotted floor's dots there (0.9-1.5
sides off, 1-2 grey levels of body) kept 7 of 100 frames of well-read dice from being ruled
on (round 61: spotted floor 72 -> 79 exactly right of 100; the other probes and the folders
alike). A mark that near a die (under ``FAR_APART`` sides) is first looked for in the
floor's print, as it was before, and only then dropped by its body: the spots a search
finds answer for the larger marks after it, and a search skipped left one (spotted floor
scenes 122 and 163). A mark called dice touching is a small mark too when it is no larger
than ``SPOT_SIZED`` x the set's side, too small for any pair of the set's dice (a floor
dot, or two, beside one another: 3 more of those 100 frames). A larger region the reader
could not count is never taken for a speck by its body: a cream die on a cream floor may
show none either, nor does a steep camera's cube, its region a third of the set's side
(whose boxes take in side faces and shadows), looked at as a die of the set's size. A mark
the floor's print repeats (``vision.floor_pattern``) is a spot wherever it lies, up to
``PRINT_SIZED`` x the set's side (a block of a grid's spots, marked as dice touching); the
smallest marks are looked for first, since the spots their searches find answer for the
larger marks lying on them (a frame makes ``floor_pattern.TEMPLATES`` searches at most).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from vision.die_body import FAR, NEAR, SHOWN, body_contrast
from vision.floor_pattern import LARGER, Patterned
from vision.set_size import set_side
from vision.types import PIPS_TOO_SMALL, TOO_SMALL, TOUCHING_DICE, Box, Die, Region, box_side

SMALL_MARKS = frozenset({TOO_SMALL, PIPS_TOO_SMALL})  # the uncertain regions a speck becomes
APART = 0.75  # a mark this x a read die's side or farther from each one's centre ...
FAR_APART = 1.5  # ... and this far or farther, before the floor's print is looked for
SMALLER = 0.75  # ... whose neighbourhood, as a die of the set's size or this x it, shows a
#                 body under ``die_body.SHOWN`` grey levels is a speck
SPOT_SIZED = LARGER  # a mark no larger than this x the set's side, whatever its reason, may
#                      be one of the floor's spots (``vision.floor_pattern``) read as a one;
#                      one marked "dice touching" is no pair of the set's dice, a small mark
PRINT_SIZED = 1.0  # ... and one the floor's print repeats, up to this x (four spots of a grid)
PRINT_BODY = 6.0  # a read die the print repeats shows this much body (grey levels), or is
#                   the print's: a dense grid's spots, caught in the face's middle, lend a
#                   block of them 3-5 levels (``off_floor_spots``)
Contrast = Callable[[tuple[float, float], float], float]  # body contrast at (centre, side)


def body_at(image: np.ndarray) -> Contrast:
    """How much a die of a given side centred at a point of the BGR ``image`` shows its
    body (``body_contrast``: both rings, as the set's size and ``SMALLER``, unturned)."""
    def contrast(centre: tuple[float, float], side: float) -> float:
        return body_contrast(image, centre, side, 0.0, (NEAR, FAR), (1.0, SMALLER), SHOWN)
    return contrast


def without_specks(unsure: tuple[Region, ...], dice: list[Die], contrast: Contrast,
                   patterned: Patterned | None = None) -> tuple[Region, ...]:
    """The ``unsure`` regions that are not specks beside the read ``dice``; ``contrast``
    measures a die body at a centre for a die of a given side (image pixels). With
    ``patterned`` (``vision.floor_pattern.FloorSpots``), a small mark (by its reason, or
    no larger than ``PRINT_SIZED`` x the set's side) that the floor repeats is a spot of the
    floor's print wherever it lies, and whatever body it seems to show (the smallest marks
    are looked at first).

    >>> dice = [Die(3, (100.0, 100.0), (80, 80, 120, 120), 0.99),
    ...         Die(5, (300.0, 100.0), (280, 80, 320, 120), 0.99)]
    >>> speck = Region((200.0, 300.0), (195, 295, 205, 305), TOO_SMALL, 0.3)
    >>> pressed = Region((125.0, 100.0), (120, 95, 130, 105), TOO_SMALL, 0.3)
    >>> without_specks((speck, pressed), dice, lambda c, s: 1.0) == (pressed,)
    True
    >>> beside = Region((140.0, 100.0), (135, 95, 145, 105), TOO_SMALL, 0.3)  # 1.0 side off
    >>> without_specks((beside,), dice, lambda c, s: 1.0)  # a floor dot by a die
    ()
    >>> without_specks((beside,), dice, lambda c, s: 12.0) == (beside,)  # a partner's body
    True
    >>> dot = Region((200.0, 300.0), (192, 292, 208, 308), TOUCHING_DICE, 0.3)  # 0.4 sides
    >>> pair = Region((200.0, 300.0), (160, 280, 240, 320), TOUCHING_DICE, 0.3)  # two dice
    >>> without_specks((dot, pair), dice, lambda c, s: 1.0) == (pair,)
    True
    >>> without_specks((speck,), dice, lambda c, s: 40.0) == (speck,)  # a die's body there
    True
    >>> pale = Region((200.0, 300.0), (170, 270, 230, 330), "face could not be counted", 0.4)
    >>> without_specks((pale,), dice, lambda c, s: 1.0) == (pale,)
    True
    >>> block = Region((200.0, 300.0), (182, 282, 218, 318), "dice touching", 0.3)
    >>> larger = Region((200.0, 300.0), (178, 278, 222, 322), "dice touching", 0.3)
    >>> without_specks((block, larger), dice, lambda c, s: 40.0, lambda c, s: True) == (larger,)
    True
    >>> on_print = lambda c, s: c == (125.0, 100.0)  # the floor repeats this mark
    >>> without_specks((speck, pressed), dice, lambda c, s: 40.0, on_print) == (speck,)
    True
    """
    if not dice or not unsure:
        return unsure
    side = set_side(dice)

    def speck(r: Region) -> bool:
        small = r.reason in SMALL_MARKS or (r.reason == TOUCHING_DICE
                                            and spot_sized(r.box, side))
        bare = small and contrast(r.center, side) < SHOWN  # measured once

        def off_dice(apart: float) -> bool:
            return all(math.dist(r.center, d.center) >= apart * box_side(d.box) for d in dice)
        if bare and off_dice(FAR_APART):
            return True
        return (((small or spot_sized(r.box, side, PRINT_SIZED)) and patterned is not None
                 and patterned(r.center, box_side(r.box))) or (bare and off_dice(APART)))
    dropped = {id(r) for r in sorted(unsure, key=lambda r: box_side(r.box)) if speck(r)}
    return tuple(r for r in unsure if id(r) not in dropped)


def bodied(unsure: tuple[Region, ...], side: float, contrast: Contrast,
           ) -> Callable[[], list[Region]]:
    """The ``unsure`` places that show a die's body as a die of the set's ``side``
    (``contrast`` ``SHOWN`` or more), when asked: the dice not read, not the floor's marks.

    >>> places = (Region((200.0, 300.0), (195, 295, 205, 305), TOO_SMALL, 0.3),
    ...           Region((300.0, 300.0), (295, 295, 305, 305), TOO_SMALL, 0.3))
    >>> [r.center for r in bodied(places, 40.0, lambda c, s: c[0] - 290.0)()]
    [(300.0, 300.0)]
    """
    def shown() -> list[Region]:
        return [r for r in unsure if contrast(r.center, side) >= SHOWN]
    return shown


def spot_sized(box: Box, side: float, most: float = SPOT_SIZED) -> bool:
    """Whether a mark's ``box`` may be a spot of the floor's print beside dice of ``side``:
    no larger than ``most`` x ``side``."""
    return box_side(box) <= most * side


def off_floor_spots(dice: list[Die], patterned: Patterned, shown: list[Die],
                    side: float) -> list[Die]:
    """The read ``dice`` less the ones the floor repeats (``patterned``): those no larger
    than ``SPOT_SIZED`` x the set's ``side`` (``set_size.set_side``, as the caller took it)
    read as a one (a spot of a polka-dot print, or a speck), and those of any value not
    ``shown`` to have a die's body (``PRINT_BODY``: spots of the print's grid laid out as a
    five). (A small die of another value, its body shown, is left alone: a crowd of small
    dice can look alike.)

    >>> dice = [Die(3, (100.0, 100.0), (80, 80, 120, 120), 0.99),
    ...         Die(5, (300.0, 100.0), (280, 80, 320, 120), 0.99),
    ...         Die(1, (200.0, 300.0), (194, 294, 206, 306), 0.8),
    ...         Die(2, (400.0, 300.0), (394, 294, 406, 306), 0.8)]
    >>> [d.value for d in off_floor_spots(dice, lambda c, s: True, dice, 40.0)]
    [3, 5, 2]
    >>> [d.value for d in off_floor_spots(dice, lambda c, s: True, dice[:1], 40.0)]
    [3]
    >>> [d.value for d in off_floor_spots(dice, lambda c, s: False, dice[:1], 40.0)]
    [3, 5, 1, 2]
    """
    if len(dice) < 2:
        return dice

    def floors(d: Die) -> bool:
        return (((d.value == 1 and spot_sized(d.box, side)) or all(d is not s for s in shown))
                and patterned(d.center, box_side(d.box)))
    return [d for d in dice if not floors(d)]
