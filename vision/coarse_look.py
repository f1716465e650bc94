"""A large die the finer looks missed: a coarser look where no die was read.

The detector's first look sees the frame at half its working size and picks the scale of a
second look from the sizes it found. A die much larger than the detector expects there (80
px and more in a 640x480 frame: a camera close over two dice) can be missed whole: not seen
at all (a white die on a light floor), or seen only as its large light pips, each marked
as a small die, whose sizes then call for a finer look, not a coarser one, so that the die
ends as a cluster of uncertain places ("pips too small to count"). So when a reading is
left with uncertain places, or with no die at all, the detector looks once more at a
quarter of the working size (``vision.reader.looked_coarser``), where such a die is of a
size it knows; only places that cover no die already read, and that the first classifier
reads nearly surely, are read further (a frame whose dice are all read pays nothing; one
with an uncertain place about 1.4 ms on this machine for the detector pass). A die found
there counts only when all four classifiers read it alike (``vision.larger_look.unanimous``),
each at least as surely as a die pressed against another must be (read alone here, it has
no neighbour to call it touching), not as a one (a coarse box around a lone blob), and
where it covers no read die; it then stands in place of the uncertain places it covers. It
explains what the finer looks could not and overrules nothing they were sure of. On lone
dice drawn by code (``vision.probe_scenes``: lone-dice) exactly right scenes went 76.7 ->
88.3%; on the shared photos it reads two more felt dice; nothing it read was wrong there,
through the camera changes, or on 1,300 lone dice of 20-160 px.
"""

from __future__ import annotations

from vision.types import Box, Die, Region


def covers(box: Box, point: tuple[float, float]) -> bool:
    """Whether ``point`` lies inside the pixel ``box`` (x0, y0, x1, y1).

    >>> covers((30, 30, 70, 70), (65.0, 40.0)), covers((30, 30, 70, 70), (75.0, 40.0))
    (True, False)
    """
    x0, y0, x1, y1 = box
    return x0 <= point[0] <= x1 and y0 <= point[1] <= y1


def explained(dice: list[Die], unsure: list[Region], found: list[Die],
              ) -> tuple[list[Die], list[Region]]:
    """``dice`` and ``unsure`` with each of the coarser look's ``found`` dice (already sure
    enough) that covers no read die, in place of the uncertain places it covers.

    >>> pip = Region((45.0, 45.0), (40, 40, 50, 50), "pips too small to count")
    >>> big = Die(5, (50.0, 50.0), (20, 20, 80, 80), 0.99)
    >>> explained([], [pip], [big])
    ([Die(value=5, center=(50.0, 50.0), box=(20, 20, 80, 80), confidence=0.99, angle=0.0)], [])
    >>> read = Die(3, (60.0, 60.0), (50, 50, 70, 70), 0.9)
    >>> explained([read], [pip], [big]) == ([read], [pip])
    True
    >>> len(explained([read], [], [Die(2, (150.0, 50.0), (120, 20, 180, 80), 0.97)])[0])
    2
    """
    dice, unsure = list(dice), list(unsure)
    for die in found:
        under = [r for r in unsure if covers(die.box, r.center)]
        if not any(covers(die.box, d.center) for d in dice):
            unsure = [r for r in unsure if r not in under]
            dice.append(die)
    return dice, unsure
