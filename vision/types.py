"""Result types of the dice reader."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Union

Box = tuple[int, int, int, int]
Face = Union[int, str]  # a pip value 1..6 (the default), or a face name for symbol dice


def parse_face(label: object) -> Face:
    """A face label: a pip value 1..6 (an int, or digits) or a face name; else ValueError.

    >>> parse_face("5"), parse_face(5), parse_face(" skull ")
    (5, 5, 'skull')
    """
    if isinstance(label, bool) or not isinstance(label, (int, str)):
        raise ValueError(f"a face is a pip value 1..6 or a name, not {label!r}")
    if isinstance(label, str) and label.strip().isdigit():
        label = int(label)
    if isinstance(label, int):
        if not 1 <= label <= 6:
            raise ValueError(f"a pip value is 1..6, not {label}")
        return label
    if not label.strip():
        raise ValueError("a face name cannot be empty")
    return label.strip()


def box_side(box: Box) -> float:
    """The longer side of a box (x0, y0, x1, y1): a die's size as the reader boxed it.

    >>> box_side((10, 20, 40, 60))
    40.0
    """
    return float(max(box[2] - box[0], box[3] - box[1]))


def box_round(a: Box, b: Box) -> Box:
    """The least box holding both boxes ``a`` and ``b``.

    >>> box_round((0, 0, 10, 10), (10, 4, 20, 14))
    (0, 0, 20, 14)
    """
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def box_centre(box: Box) -> tuple[float, float]:
    """The centre of a pixel box (x0, y0, x1, y1).

    >>> box_centre((45, 15, 55, 25))
    (50.0, 20.0)
    """
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def turned_side(upright: float, degrees: float) -> float:
    """The side of a square turned ``degrees`` in the image whose upright box is ``upright``
    across: upright / (|cos a| + |sin a|).

    >>> round(turned_side(56.57, 45.0), 1), turned_side(40.0, 0.0)
    (40.0, 40.0)
    """
    a = math.radians(degrees)
    return upright / (abs(math.cos(a)) + abs(math.sin(a)))


def square_box(center: tuple[float, float], side: float) -> Box:
    """The pixel box of a square ``side`` across around ``center``.

    >>> square_box((50.0, 20.0), 10.0)
    (45, 15, 55, 25)
    """
    x, y = center
    return (int(round(x - side / 2)), int(round(y - side / 2)), int(round(x + side / 2)),
            int(round(y + side / 2)))


def face_order(face: Face) -> tuple[int, int, str]:
    """Sort key: pip values first, in order, then face names alphabetically."""
    return (0, face, "") if isinstance(face, int) else (1, 0, face)


@dataclass(frozen=True)
class Die:
    """A die read with its top face (pip value, or face name for symbol dice); the pixel
    centre of that face (``vision.top_face``: seen at a slant, off the middle of the die's
    box) and the box around the whole die (x0, y0, x1, y1), whose centre is where the
    reader placed the die; its turn in the image (degrees, the angle its crop was aligned
    by)."""

    value: Face
    center: tuple[float, float]
    box: Box
    confidence: float
    angle: float = 0.0


TOUCHING_DICE = "dice touching: spread them"  # a Region's reason: another die touches it
OVERLAPPING_FACES = "overlapping faces (a side face, or stacked dice)"  # ... two looks at one
# place, alike in strength: a die seen with its side face, or dice stacked
TOO_SMALL = "die too small to count its pips"  # ... under the reader's smallest countable die
UNREAD = "face could not be counted"  # ... a die whose read was not sure enough
GLINT = "a glint where a pip would be"  # ... a three or five whose centre mark is off its place
PIP_MISSING = "a pip of the value read is missing"  # ... its face bare at one of its places
MORE_PIPS = "the face shows more pips than read"  # ... a face of two pips more, laid out plainly
FEWER_PIPS = "the face shows fewer pips than read"  # ... a marbled face: a whole smaller face
SIDE_FACE = "a side face read: the top face reads otherwise"  # ... a die seen at a slant
READ_APART = "the die and its box read apart"  # ... a die boxed in part, read otherwise whole
PIPS_TOO_SMALL = "pips too small to count"  # ... a small die read unsurely: its pips a few px


@dataclass(frozen=True)
class Region:
    """A die-like region whose top face could not be counted, and why."""

    center: tuple[float, float]
    box: Box
    reason: str
    confidence: float = 0.0


@dataclass(frozen=True)
class Reading:
    """Everything the reader saw in one image, with a verdict the box can rule on."""

    dice: tuple[Die, ...] = ()
    uncertain: tuple[Region, ...] = ()
    expect: int | None = None
    ms: float = 0.0
    problem: str | None = field(default=None)

    def without(self, dice: Iterable[Die], reason: str) -> Reading:
        """This reading with ``dice`` (some of its own) not ruled on: each an uncertain
        region, for ``reason``, in its place; the problem judged again.

        >>> two = Die(2, (10.0, 10.0), (0, 0, 20, 20), 0.9)
        >>> five = Die(5, (50.0, 10.0), (40, 0, 60, 20), 0.8)
        >>> r = Reading((two, five), expect=2).without([five], "a glint")
        >>> r.values, [u.reason for u in r.uncertain], r.problem
        ((2,), ['a glint'], 'a die could not be read')
        """
        gone = {id(d) for d in dice}
        kept = tuple(d for d in self.dice if id(d) not in gone)
        unsure = self.uncertain + tuple(Region(d.center, d.box, reason, d.confidence)
                                        for d in self.dice if id(d) in gone)
        return replace(self, dice=kept, uncertain=unsure,
                       problem=verdict(kept, unsure, self.expect))

    def scaled(self, k: float) -> Reading:
        """This reading in an image ``k`` times the size of the one read (centres scaled to
        0.1 px, boxes to whole pixels); itself for ``k`` 1.

        >>> r = Reading((Die(4, (10.0, 12.0), (0, 2, 20, 22), 0.9),),
        ...             (Region((30.0, 30.0), (25, 25, 35, 35), UNREAD),))
        >>> s = r.scaled(1.5)
        >>> s.dice[0].center, s.dice[0].box, s.uncertain[0].box
        ((15.0, 18.0), (0, 3, 30, 33), (38, 38, 52, 52))
        """
        if k == 1.0:
            return self

        def point(p: tuple[float, float]) -> tuple[float, float]:
            return round(p[0] * k, 1), round(p[1] * k, 1)

        def box(b: Box) -> Box:
            return (round(b[0] * k), round(b[1] * k), round(b[2] * k), round(b[3] * k))

        return replace(self, dice=tuple(replace(d, center=point(d.center), box=box(d.box))
                                        for d in self.dice),
                       uncertain=tuple(replace(r, center=point(r.center), box=box(r.box))
                                       for r in self.uncertain))

    @property
    def ok(self) -> bool:
        """True when every die was read and the count matches what was expected."""
        return self.problem is None

    @property
    def values(self) -> tuple[Face, ...]:
        """The read values (or face names), sorted."""
        return tuple(sorted((d.value for d in self.dice), key=face_order))


def verdict(dice: tuple[Die, ...], uncertain: tuple[Region, ...], expect: int | None) -> str | None:
    """The problem to report (or None): uncertain dice first, then a count mismatch."""
    if uncertain:
        n = len(uncertain)
        return "a die could not be read" if n == 1 else f"{n} dice could not be read"
    if expect is not None and len(dice) != expect:
        return f"expected {expect} {'die' if expect == 1 else 'dice'}, saw {len(dice)}"
    return None
