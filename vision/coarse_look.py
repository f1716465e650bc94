"""A large die the finer looks missed: a coarser look where no die was read.

The detector's first look sees the frame at half its working size and picks the scale of a
second look from the sizes it found. A die much larger than the detector expects there (80
px and more in a 640x480 frame: a camera close over two dice) can be missed whole: not seen
at all (a white die on a light floor), or seen only as its large light pips, each marked
as a small die, whose sizes then call for a finer look, not a coarser one, so that the die
ends as a cluster of uncertain places ("pips too small to count"); or it is read in part,
at too small a size, with another part of it left as a "touching" uncertain place. So when
a reading has no die at all, or uncertain places beside a die near the size the coarser
look can see (``vision.uncertain_looks.COARSE_NEAR``: one set of dice is one size, so a
crowded tray of small dice pays nothing), the detector looks once more at a quarter of the
working size (``vision.uncertain_looks.looked_coarser``), where such a die is of a size it
knows. A die found there counts only when all four classifiers read it alike
(``vision.larger_look.unanimous``), each at least as surely as a die pressed against another
must be (read alone here, it has no neighbour to call it touching), not as a one (a coarse
box around a lone blob), and where it covers no read die, or one read die of its own value
and some uncertain places (the part read, and the rest); it then stands in place of what it
covers. It explains what the finer looks could not and overrules nothing they were sure of.
On lone dice drawn by code (``vision.probe_scenes``: lone-dice) exactly right scenes went
76.7 -> 95.0%; on the shared photos it reads two more felt dice; nothing it read was wrong
there, through the camera changes, or on 1,200 lone dice of 20-160 px.

Dice larger still (150-220 px in a 640x480 frame) may be read by the coarser look and
then boxed again by a later look: a five turned 45 degrees beside a one, taken for two dice
side by side (``vision.paired_dice``) and read at its end as a four. Where a coarse die
reads another value than a read die boxed as large over it (``contradicted``), neither is
ruled on: the read die becomes an uncertain place. It only ever takes a ruling away.
"""

from __future__ import annotations

from vision.types import Box, Die, Face, Region, box_side


def covers(box: Box, point: tuple[float, float]) -> bool:
    """Whether ``point`` lies inside the pixel ``box`` (x0, y0, x1, y1).

    >>> covers((30, 30, 70, 70), (65.0, 40.0)), covers((30, 30, 70, 70), (75.0, 40.0))
    (True, False)
    """
    x0, y0, x1, y1 = box
    return x0 <= point[0] <= x1 and y0 <= point[1] <= y1


def replaced(box: Box, value: Face | None, dice: list[Die], unsure: list[Region],
             ) -> tuple[list[Die], list[Region]] | None:
    """The read dice and uncertain places a coarse die of ``value`` (None: not read yet, any
    value) boxed ``box`` would stand in place of, or None where it may not stand: it may
    cover no read die, or one read die of its own value and some uncertain places (the
    finer looks read part of a large die and took another part for a die of its own).

    >>> part = Region((70.0, 70.0), (60, 60, 80, 80), "dice touching: spread them")
    >>> read = Die(4, (40.0, 40.0), (20, 20, 60, 60), 0.98)
    >>> replaced((0, 0, 100, 100), None, [read], [part]) == ([read], [part])
    True
    >>> replaced((0, 0, 100, 100), 6, [read], [part]), replaced((0, 0, 100, 100), 4, [read], [])
    (None, None)
    """
    over = [d for d in dice if covers(box, d.center)]
    under = [r for r in unsure if covers(box, r.center)]
    if not over or (len(over) == 1 and under and value in (None, over[0].value)):
        return over, under
    return None


SAME_DIE = 0.9  # a read die at least this x a coarse die's side, under it, is the same die


def contradicted(dice: list[Die], found: list[Die]) -> list[Die]:
    """The read ``dice`` that a coarse die of the ``found`` covers and reads otherwise, boxed
    as large (``SAME_DIE``): all four classifiers are sure of a value for that die, and the
    finer looks of another, so neither is ruled on (a large five, boxed beside a neighbour
    and read at one end of the pair, read as a four). A smaller read die under a coarse die
    is one of a pile the coarse look read as one (two threes side by side read as a six).

    >>> four = Die(4, (50.0, 50.0), (0, 0, 100, 100), 0.99)
    >>> five = Die(5, (52.0, 50.0), (10, 10, 90, 90), 1.0)
    >>> also_four = Die(4, five.center, five.box, 1.0)
    >>> contradicted([four], [five]) == [four], contradicted([four], [also_four])
    (True, [])
    >>> contradicted([Die(3, (50.0, 50.0), (25, 25, 75, 75), 0.99)], [five])
    []
    """
    return [d for d in dice if any(
        covers(c.box, d.center) and c.value != d.value
        and box_side(d.box) >= SAME_DIE * box_side(c.box) for c in found)]


def explained(dice: list[Die], unsure: list[Region], found: list[Die],
              ) -> tuple[list[Die], list[Region]]:
    """``dice`` and ``unsure`` with each of the coarser look's ``found`` dice (already sure
    enough) in place of what it covers, where it may stand (``replaced``).

    >>> pip = Region((45.0, 45.0), (40, 40, 50, 50), "pips too small to count")
    >>> big = Die(5, (50.0, 50.0), (20, 20, 80, 80), 0.99)
    >>> explained([], [pip], [big])
    ([Die(value=5, center=(50.0, 50.0), box=(20, 20, 80, 80), confidence=0.99, angle=0.0)], [])
    >>> read = Die(3, (60.0, 60.0), (50, 50, 70, 70), 0.9)
    >>> explained([read], [pip], [big]) == ([read], [pip])
    True
    >>> len(explained([read], [], [Die(2, (150.0, 50.0), (120, 20, 180, 80), 0.97)])[0])
    2
    >>> part = Die(5, (40.0, 40.0), (25, 25, 55, 55), 0.99)
    >>> explained([part], [pip], [big]) == ([big], [])
    True
    """
    dice, unsure = list(dice), list(unsure)
    for die in found:
        gone = replaced(die.box, die.value, dice, unsure)
        if gone is not None:
            over, under = gone
            dice = [d for d in dice if all(d is not o for o in over)] + [die]
            unsure = [r for r in unsure if r not in under]
    return dice, unsure
