"""A die read as fewer pips than its face plainly shows: a six read as a four.

The classifiers now and then count too few of a face's pips. A slanted camera squeezes a
six's two rows of three together, and the first classifier and both opinions read it as a
four, 0.97 sure (the slanted-wood probe, scenes 113 and 273 of 600: a cream six with red
pips, each pip clear). The pip check (``vision.pip_places``) does not tell it: every one of
a four's pip places has a mark, for a six has a pip at each of them too.

The face does tell it. Where a die read as ``value`` shows, on its face found by its colour
(``centre_pip.FaceLooks``), clear marks (``centre_pip.CLEAR``) alike in size and colour
(``SIZED``, ``centre_pip.ALIKE``) and squeezed alike (``SQUEEZED``: a side face's pips are
squeezed the other way), as many as a face of ``MORE[value]`` has, two or more than
``value``'s; laid out about their centre as a face's pips are (each one's mirror through
their centre on another, within ``SYMMETRY`` x the side) and centred on the face (within
``CENTRED``): the face shows that many pips, and the die is not ruled on
(``types.MORE_PIPS``). One mark more is never enough: a glint in a two's or a four's middle
makes a symmetric three or five (``vision.centre_pip`` tells those). A face whose marks are
not laid out so says nothing: a slanted camera's side-face pips, counted beside the top
face's, lie to one side of them (the slanted-cubes probe: a two beside two side pips, a
one beside two, mirrored 0.09-0.25 of the side off, where a six's are 0.005 off), and a
speck or a shadow's edge is not alike. The reader asks it of dice alone
(``candidates.alone``: a neighbour's pips may lie in a die's look) read under
``reader.COUNTED`` sure.

Measured in the 553 shared photos (as they are, and the held-out ones through the twelve
camera changes) and 600 scenes of each probe: it takes the two slanted sixes, and no other
die, read right or wrongly. A count of like-sized marks alone does not tell (round 46:
glints, side faces and a neighbour's pips give 36 dice read right more such marks than
their value); laid out as a face's, it does.
"""

from __future__ import annotations

import numpy as np

from vision import centre_pip as C
from vision.medians import median

MORE: dict[int, frozenset[int]] = {1: frozenset({3, 5}), 2: frozenset({4, 5, 6}),
                                   3: frozenset({5}), 4: frozenset({6})}
"""The faces with two or more pips than each value whose pips they show at its places."""
SIZED = (0.6, 1.6)  # a pip's area over the marks' median: the marks alike in size
SQUEEZED = 1.3  # the most squeezed mark's squash over the least's, at most: alike
SYMMETRY = 0.05  # each mark's mirror through the marks' centre lies this near one (x side)
CENTRED = 0.12  # the marks' centre lies this near the face's middle (x side)


def pips_alike(found: list[C.FaceMark]) -> list[C.FaceMark]:
    """The ``found`` marks alike in size (``SIZED``) and colour (``centre_pip.ALIKE``) to
    the median of them all: a face's pips, without a speck, a glint of another colour or a
    shadow's edge.

    >>> pip = lambda a, c=80.0: C.FaceMark(a, (0.0, 0.0), (c, 0.0, 0.0), 1.0)
    >>> len(pips_alike([pip(50), pip(52), pip(48), pip(10), pip(50, 20.0)]))
    3
    """
    if not found:
        return []
    area = float(median([m.area for m in found]))
    colour = median(np.array([m.colour for m in found]), axis=0)
    return [m for m in found if SIZED[0] <= m.area / area <= SIZED[1]
            and float(np.linalg.norm(np.array(m.colour) - colour)) <= C.ALIKE]


def laid_as_a_face(pips: list[C.FaceMark], s: float) -> bool:
    """Whether ``pips`` (their centres in a look's zone, ``centre_pip.zone``, of a die whose
    side is ``s`` pixels) lie as a face's: each one's mirror through their centre within
    ``SYMMETRY`` x the side of another, their centre within ``CENTRED`` of the look's
    middle, squeezed alike (``SQUEEZED``).

    >>> s = C.SIDE / C.AROUND; z = C.zone(s).start; m = C.SIDE / 2 - z
    >>> six = [C.FaceMark(40.0, (m + x * s, m + y * s), (30.0, 0.0, 0.0), 1.0)
    ...        for x in (-0.25, 0.25) for y in (-0.25, 0.0, 0.25)]
    >>> laid_as_a_face(six, s), laid_as_a_face(six[:5], s)
    (True, False)
    """
    xy = np.array([m.centre for m in pips], np.float64)
    centre = xy.mean(axis=0)
    gaps = np.linalg.norm((2 * centre - xy)[:, None, :] - xy[None, :, :], axis=2).min(axis=1)
    middle = C.SIDE / 2 - C.zone(s).start
    squash = [m.squash for m in pips]
    return bool(gaps.max() <= SYMMETRY * s
                and np.linalg.norm(centre - middle) <= CENTRED * s
                and max(squash) <= SQUEEZED * min(squash))


def more_pips(image: np.ndarray, centre: tuple[float, float], side: float, angle: float,
              value: int, faces: C.FaceLooks | None = None) -> bool:
    """Whether a die read as ``value`` (``centre``, ``side`` in pixels, turned by
    ``angle``) plainly shows the pips of a face with two or more (see the module's notes).
    False where that cannot be told. ``faces``: the image's faces already found
    (``centre_pip.FaceLooks``), if any."""
    looks = faces if faces is not None else C.FaceLooks(image)
    face = looks.seen(centre, side, angle) if value in MORE else None
    if face is None:
        return False
    found, clear = C.marks_in(looks.apart(face, angle))
    if clear < C.CLEAR:
        return False
    pips = pips_alike(found)
    return len(pips) in MORE[value] and laid_as_a_face(pips, C.SIDE / C.AROUND)
