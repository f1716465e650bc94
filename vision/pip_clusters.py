"""A die found by its pips alone: strong pip-sized marks no read die explains.

On a die the colour of its floor (a white die on white paper, a cream one on a pale table)
the detector may not mark the die at all but mark each of its pips, strongly, as a small
die of its own, which the classifier then rejects: read at a pip's size the crop holds a
dark disc on white. The reader (``vision.uncertain_looks.looked_at_pips``) takes the
detector's strong marks (``STRONG``) that the reading leaves unexplained, outside every read
die and uncertain region (but those "too small to count": a pip marked as a die under 14 px,
as on a black die on dark cloth, is one), and groups those of like size lying near each
other (``LINK`` x the larger mark: a two's pips lie at opposite corners of its face, about
four marks apart).
Every pip layout is symmetric about its face's centre, so a group's mean is the die's
centre; its greatest distance spans the face corner to corner, about ``SPAN`` of the die's
side (less where the pips are spread wider). The die is read there by all four classifiers
(``vision.larger_look.unanimous``: the same value, as surely as a die pressed against
another must be, never a one) at the sides ``SPAN`` and ``WIDE`` give, and kept only when
it shows at least as many pips as the group has marks and its body shows against the floor
(``vision.die_body.body_contrast`` at least ``BODY``: a group of specks on white paper read
as a two has none).

Two such dice touching make one group of their pips together, more than a face has, or a
group no classifier reads as one die: it is cut in two (``halves``) across the line of its
greatest spread, halfway along it, and each half read as a die of its own. Every face's
pips lie within about a quarter of its side from its centre, so the cut falls between the
dice, whichever faces they show and however they are turned.

On the pale-floor probe (``vision.probe_scenes``) it finds 7 of the 14 dice the reader
missed (the other seven: ones, a lone mark, and a three marked at one pip), and a two on a
light floor among the lone dice; over every shared photo and every camera change it finds
nothing, and on 400 renders (100 of them camouflaged, ``varied_scenes.camouflaged``) the
22 dice it finds are all right.

A one has a single pip: a ``lone`` mark, which no group takes, and which a speck on the
floor makes too. Where the frame has dice read, the reader reads a lone mark once more as a
die of the set's size centred on it (``vision.uncertain_looks.ones_of_pips``), and keeps it
only as a one whose body shows clearly (three times ``BODY``): four more pale-floor scenes
exactly right (round 27). Where nothing is read, there is no set's size: a large one close
under the camera, whose pip alone is marked, is read at the face measured round that pip
(``vision.one_face``, ``vision.uncertain_looks.lone_ones``; round 35).
"""

from __future__ import annotations

import math

Mark = tuple[float, float, float]  # centre x, y and size, in image pixels

STRONG = 0.5  # a detector mark at least this high may be a pip
LINK = 4.5  # marks nearer than this x the larger one's size are pips of one die
ALIKE = 0.5  # ... when the smaller is at least this x the larger
SPAN = 0.75  # a face's farthest two pips lie about this x the die's side apart
WIDE = 0.6  # ... or this, on a die whose pips are spread wider
MOST = 6  # a group of more marks than a face has pips is not one die
PAIR = 2 * MOST  # ... nor one of more than two dice's
GROUPS = 8  # at most this many groups are read a frame, the most marks first
BODY = 5.0  # a die's face (its pips left out) differs from the floor around it this much
#             (grey levels, in one colour channel at least): specks on paper do not


def groups(marks: list[Mark]) -> list[list[Mark]]:
    """The groups of two to ``PAIR`` marks of like size (``ALIKE``) linked by nearness
    (``LINK``), most marks first: the pips of one die each, or of two touching.

    >>> two = [(100.0, 100.0, 10.0), (130.0, 130.0, 10.0)]
    >>> far = [(400.0, 100.0, 10.0)]
    >>> groups(two + far) == [two]
    True
    >>> groups([(100.0, 100.0, 10.0), (130.0, 130.0, 3.0)])  # a speck beside a pip
    []
    """
    parent = list(range(len(marks)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, a in enumerate(marks):
        for j in range(i + 1, len(marks)):
            b = marks[j]
            if math.hypot(a[0] - b[0], a[1] - b[1]) <= LINK * max(a[2], b[2]):
                parent[root(i)] = root(j)
    joined: dict[int, list[Mark]] = {}
    for i, m in enumerate(marks):
        joined.setdefault(root(i), []).append(m)
    out = [g for g in joined.values()
           if 2 <= len(g) <= PAIR and min(m[2] for m in g) >= ALIKE * max(m[2] for m in g)]
    return sorted(out, key=len, reverse=True)[:GROUPS]


def lone(marks: list[Mark]) -> list[Mark]:
    """The marks no other mark lies near (``LINK`` x the larger's size): a one's pip, or a
    speck.

    >>> lone([(100.0, 100.0, 10.0), (130.0, 130.0, 10.0), (400.0, 100.0, 10.0)])
    [(400.0, 100.0, 10.0)]
    """
    return [a for i, a in enumerate(marks)
            if all(math.hypot(a[0] - b[0], a[1] - b[1]) > LINK * max(a[2], b[2])
                   for j, b in enumerate(marks) if j != i)]


def die_of(group: list[Mark]) -> tuple[tuple[float, float], tuple[float, float]]:
    """The centre of the die whose pips ``group`` marks, and the two sides it may have
    (its farthest pips ``SPAN`` or ``WIDE`` of a side apart).

    >>> die_of([(100.0, 100.0, 10.0), (130.0, 130.0, 10.0)])
    ((115.0, 115.0), (56.6, 70.7))
    """
    x = sum(m[0] for m in group) / len(group)
    y = sum(m[1] for m in group) / len(group)
    span = max(math.hypot(a[0] - b[0], a[1] - b[1]) for a in group for b in group)
    return (x, y), (round(span / SPAN, 1), round(span / WIDE, 1))


def halves(group: list[Mark]) -> list[list[Mark]]:
    """``group``'s marks cut in two across the line of their greatest spread, halfway
    along it: the pips of each of two touching dice; only halves of two to ``MOST`` marks
    (a lone mark may be a speck as well as a one's pip).

    >>> five = [(100.0, 100.0, 8.0), (80.0, 80.0, 8.0), (120.0, 80.0, 8.0),
    ...         (80.0, 120.0, 8.0), (120.0, 120.0, 8.0)]
    >>> four = [(160.0, 80.0, 8.0), (200.0, 80.0, 8.0), (160.0, 120.0, 8.0),
    ...         (200.0, 120.0, 8.0)]
    >>> halves(five + four) == [five, four]
    True
    """
    n = len(group)
    mx = sum(m[0] for m in group) / n
    my = sum(m[1] for m in group) / n
    sxx = sum((m[0] - mx) ** 2 for m in group)
    syy = sum((m[1] - my) ** 2 for m in group)
    sxy = sum((m[0] - mx) * (m[1] - my) for m in group)
    turn = math.atan2(2 * sxy, sxx - syy) / 2  # the line of greatest spread
    along = [(m[0] - mx) * math.cos(turn) + (m[1] - my) * math.sin(turn) for m in group]
    middle = (min(along) + max(along)) / 2
    cut = ([m for m, t in zip(group, along, strict=True) if t < middle],
           [m for m, t in zip(group, along, strict=True) if t >= middle])
    return [h for h in cut if 2 <= len(h) <= MOST]


def dice_pips(group: list[Mark]) -> list[list[list[Mark]]]:
    """The ways to read ``group``, in order: as one die's pips (``MOST`` marks or fewer),
    then as two touching dice's (``halves``).

    >>> [len(way) for way in dice_pips([(100.0, 100.0, 10.0), (130.0, 130.0, 10.0)])]
    [1]
    """
    one = [[group]] if len(group) <= MOST else []
    two = halves(group)
    return one + ([two] if two else [])
