"""After the ruling: the looks for the dice the first read left uncertain or missed.

Each look finds a die by itself, so the die must be read as surely as one pressed against
another (``pressed_sure``), and alike by all four classifiers (``unanimous_dice``,
``vision.larger_look.unanimous``): a large die a coarser look sees (``looked_coarser``,
``vision.coarse_look``), dice found by their pips alone (``looked_at_pips``,
``vision.pip_clusters``), dice the detector marked beside a read die that no look kept
(``looked_beside``, ``vision.faint_neighbours``), uncertain places read again at the set's
size (``looked_at_set_size``, ``vision.set_size``), and two dice side by side taken for one
(``looked_at_pairs``, ``vision.paired_dice``). What is read is then checked against what
is left: ones and twos whose body does not show against the floor are no dice
(``with_bodies``), and uncertain marks that are a read die's own pips are no uncertain
places (``off_read_dice``, ``pips_of_read_dice``).
"""

from __future__ import annotations

import math

import numpy as np

from vision import model as M
from vision import specks
from vision.candidates import (
    KEEP,
    LOOK_BELOW,
    NOT_DIE,
    _places,
    first_nearly_sure,
    nearly_sure,
    sure_thresholds,
    worth_keeping,
)
from vision.coarse_look import covers, replaced
from vision.die_body import FAR, NEAR, SHOWN, body_contrast
from vision.faint_neighbours import Spot, shrunk, worth_reading
from vision.larger_look import unanimous, unanimous_die
from vision.locate import LARGE_DIE, Frames, _look
from vision.merged_dice import Peak
from vision.one_face import face_around
from vision.paired_dice import pairs
from vision.pip_clusters import BODY, STRONG, Mark, dice_pips, die_of, groups, lone
from vision.set_size import apart, set_side, worth_rereading
from vision.types import (
    PIPS_TOO_SMALL,
    TOO_SMALL,
    Box,
    Die,
    Face,
    Region,
    box_centre,
    box_round,
    box_side,
    square_box,
)

COARSE_NEAR = 0.75  # the coarser look (LARGE_DIE / 2 and up) is worth it where no die was
# read, or where a read die is at least this x its smallest: one set of dice is one size
PIP_TRIES = 8  # in a frame with nothing read, the strongest this many marks may be a one's pip
ONE_BODY = 3 * BODY  # a one found by its lone pip: its body shows this much (grey levels)
END_SIZES = (1.0, 1.15)  # a pair's end is read at these x its width, the first that reads
ON_FACE = 0.4  # an uncertain mark this near a read die's centre (x its side) is on its face
SMALLER = 0.7  # ... when under this x its side: one of its pips, marked as a die
BESIDE = 0.8  # ... or off its face but this near its centre, one its box left out
PIPS_MARKED = (TOO_SMALL, PIPS_TOO_SMALL)  # places left uncertain for these may be pips


def off_read_dice(unsure: tuple[Region, ...], dice: list[Die]) -> tuple[Region, ...]:
    """The uncertain regions that are not marks on a read die's own face: a region whose
    centre lies within ``ON_FACE`` x a read die's side of its centre and whose box is under
    ``SMALLER`` x that side is one of its pips the detector marked as a die (on a pale die
    whose body barely shows, the pip mark can outweigh the die's, so the two were not
    settled as one place). No die can lie there: dice do not overlap.

    >>> from vision.types import TOUCHING_DICE
    >>> die = Die(2, (100.0, 100.0), (80, 80, 120, 120), 0.99)
    >>> pip = Region((108.0, 106.0), (100, 98, 116, 114), TOUCHING_DICE, 0.5)
    >>> beside = Region((135.0, 100.0), (120, 85, 150, 115), TOUCHING_DICE, 0.5)
    >>> off_read_dice((pip, beside), [die]) == (beside,)
    True
    """
    def on_face(r: Region) -> bool:
        return any(math.hypot(r.center[0] - c[0], r.center[1] - c[1]) < ON_FACE * side
                   and box_side(r.box) < SMALLER * side
                   for c, side in ((box_centre(d.box), box_side(d.box)) for d in dice))
    return tuple(r for r in unsure if not on_face(r))


def pips_of_read_dice(fr: Frames, dice: list[Die], unsure: tuple[Region, ...],
                      ) -> tuple[Region, ...]:
    """``unsure`` less the pip-sized marks (under ``SMALLER`` x a read die's side) lying just
    off a read die's box (``ON_FACE`` to ``BESIDE`` x its side from its centre) that are
    its own pips (``own_pip``). A die turned 45 degrees whose box the detector placed off
    its middle leaves a pip outside it, marked as a die of its own."""
    strict = pressed_sure()
    if strict > 1.0:
        return unsure
    return tuple(r for r in unsure if not any(
        own_pip(fr, d, r, strict) for d in dice if isinstance(d.value, int)
        and box_side(r.box) < SMALLER * box_side(d.box)
        and ON_FACE * box_side(d.box) <= math.dist(r.center, box_centre(d.box))
        < BESIDE * box_side(d.box)))


def own_pip(fr: Frames, die: Die, mark: Region, sure: float) -> bool:
    """Whether ``mark`` is one of ``die``'s pips: the die read again over its box and the
    mark's together (their bounding square), by all four classifiers at least ``sure``
    (``unanimous``), reads the same value. A mark on a neighbour the die's box left out is
    not: that crop holds two dice."""
    f = fr.full_px
    both = box_round(die.box, mark.box)
    x, y = box_centre(both)
    place = ((x / f, y / f), box_side(both) / f)
    return any(d.value == die.value
               for d in unanimous_dice(fr, M.turned(fr.full, [place]), sure, ones=True))


# The sizes (x its box) at which a read die's body may show: a one's box is its own (a
# speck on the floor); a two's may be drawn round one of its pips, then enlarged
# (``larger_look``), up to 1.8x the die; a larger face's (spots of a polka-dot cloth laid
# out as a five) may hold a margin, as a mark's does (``specks.SMALLER``).
BODY_SCALES: dict[Face, tuple[float, ...]] = {
    1: (1.0,), 2: (1.0, 0.75, 0.55), **dict.fromkeys((3, 4, 5, 6), (1.0, specks.SMALLER))}
SPECK_FACES = frozenset({1, 2})  # the faces a speck or two on the floor look like


BodyMemo = dict[tuple[Box, float, Face], tuple[float, float]]
"""One image's dice's bodies as measured (``body_shown``), by box, angle and value: the
measure, and the ``enough`` it was asked for."""


def body_shown(image: np.ndarray, die: Die, enough: float = SHOWN,
               memo: BodyMemo | None = None) -> float:
    """How much ``die``'s body shows against the floor around it (grey levels):
    ``die_body.body_contrast`` just around the die or farther out, at the sizes in
    ``BODY_SCALES``, looked at until ``enough`` shows (a face of no pips, a symbol, is not
    asked: infinite). Real ones show 13 levels or more on every shared photo, twos 9,
    threes to sixes 10; through every camera change ones and twos 4 or more (a blue one in
    a grey tray, seen by a grey camera), threes to sixes 5 (a four in a felt tray, in a dim
    room). A ``memo`` of the image's dice measured before answers again where it can: a
    measure that reached this ``enough``, or one that searched every size.

    >>> floor = np.full((200, 200, 3), 220, np.uint8)
    >>> die = floor.copy(); die[80:120, 80:120] = 205; die[98:103, 98:103] = 30
    >>> dot = floor.copy(); dot[98:103, 98:103] = 30
    >>> one = Die(1, (100.0, 100.0), (80, 80, 120, 120), 0.99)
    >>> [body_shown(img, one) for img in (die, dot)]
    [15.0, 0.0]
    >>> memo: BodyMemo = {}
    >>> body_shown(die, one, 3.0, memo), body_shown(floor, one, 3.0, memo)  # the die's, again
    (15.0, 15.0)
    """
    scales = BODY_SCALES.get(die.value)
    if scales is None:
        return math.inf
    key = (die.box, die.angle, die.value)
    if memo is not None and key in memo:
        shown, asked = memo[key]
        if shown >= enough or shown < asked:  # enough shows, or every size was looked at
            return shown
    shown = body_contrast(image, box_centre(die.box), box_side(die.box), die.angle,
                          (NEAR, FAR), scales, enough)
    if memo is not None:
        memo[key] = (shown, enough)
    return shown


def shows_body(image: np.ndarray, die: Die, memo: BodyMemo | None = None) -> bool:
    """Whether ``die``'s body shows against the floor around it: ``body_shown`` at least
    ``SHOWN``."""
    return body_shown(image, die, SHOWN, memo) >= SHOWN


def with_bodies(image: np.ndarray, dice: list[Die], memo: BodyMemo | None = None,
                ) -> list[Die]:
    """``dice`` less the ones and twos that do not ``shows_body``: a dot on white paper or
    on a polka-dot tablecloth, which the classifiers read as a one, the floor its "face"
    (``SPECK_FACES``; a die of more pips that shows no body is dropped only where the
    floor's print repeats it: ``specks.off_floor_spots``). ``memo``: as ``body_shown``'s.

    >>> floor = np.full((200, 200, 3), 220, np.uint8)
    >>> dot = floor.copy(); dot[98:103, 98:103] = 30
    >>> one = Die(1, (100.0, 100.0), (80, 80, 120, 120), 0.99)
    >>> three = Die(3, (100.0, 100.0), (80, 80, 120, 120), 0.99)
    >>> [d.value for d in with_bodies(dot, [one, three])]
    [3]
    """
    return [d for d in dice if d.value not in SPECK_FACES or shows_body(image, d, memo)]


def pressed_sure() -> float:
    """The calibrated threshold a die pressed against another must reach: the looks that
    find a die by themselves (the coarser look, the pip look) hold it to that."""
    return float(sure_thresholds(np.ones(1, bool))[0])


def unanimous_dice(fr: Frames, places: list[M.Place], sure: float, ones: bool = False,
                   ) -> list[Die]:
    """The dice at the full-resolution ``places`` that all four classifiers read
    ``unanimous``ly, each at least ``sure``; in image pixels."""
    return [unanimous_die(place, seen, fr.full_px)
            for place, seen in zip(places, unanimous(fr.full, places, sure, NOT_DIE, ones),
                                   strict=True) if seen is not None]


def looked_at_set_size(fr: Frames, read: list[Die], unsure: list[Region]) -> list[Die]:
    """The ``unsure`` places (``vision.set_size.worth_rereading``) read again centred where
    they were marked, at the side of the set's ``read`` dice, ``unanimous``ly by all four
    classifiers at least as surely as a pressed die must be, a one too (its body is checked
    after, as every read one's: ``with_bodies``); each apart from every read die and from
    the others (``set_size.apart``); in image pixels. Only places the first classifier
    reads nearly that surely (``LOOK_BELOW``) are shown the others."""
    if not read or not unsure:
        return []
    side = set_side(read)
    again = worth_rereading(unsure, side)
    strict = pressed_sure()
    if not again or strict > 1.0:
        return []
    f = fr.full_px
    places = M.turned(fr.full, [((x / f, y / f), side / f) for x, y in (r.center for r in again)])
    likely = first_nearly_sure(fr.full, places, strict)
    places = [p for p, keep in zip(places, likely, strict=True) if keep]
    return apart(unanimous_dice(fr, places, strict, ones=True), read, side)


def coarse_worth(fr: Frames, dice: list[Die], unsure: tuple[Region, ...]) -> bool:
    """Whether a reading (``dice`` read, ``unsure`` places) leaves something a die too large
    for the finer looks may explain: no die at all, or uncertain places beside a read die at
    least ``COARSE_NEAR`` x the smallest the coarser look sees (one set of dice is one size)."""
    return not dice or (bool(unsure) and max(box_side(d.box) for d in dice)
                        >= COARSE_NEAR * fr.work_px * LARGE_DIE / 2)


def looked_coarser(fr: Frames, read: list[Die], unsure: list[Region]) -> list[Die]:
    """The large dice a look at a quarter of the working size finds where it covers none of
    the dice ``read`` so far, or one of them and some of the ``unsure`` places, read
    ``unanimous``ly by all four classifiers at least as surely as a pressed die must be, in
    image pixels (``vision.coarse_look``: a die too large for the finer looks, or whose pips
    or corner they found as dice). Only places the first classifier reads nearly that surely
    (``LOOK_BELOW``) are shown the others."""
    if min(fr.work_levels[1].shape[:2]) < 2 * M.PAD:
        return []
    k = fr.work_px
    peaks = [p for p in _look(fr.work, fr.work_levels[2])
             if p[1] > LARGE_DIE / 2 and p[2] >= KEEP and replaced(
                 square_box((p[0][0] * k, p[0][1] * k), p[1] * k), None, read, unsure)
             is not None]  # where ``explained`` could use a die of some value
    strict = pressed_sure()
    if not peaks or strict > 1.0:
        return []
    places = _places(fr, peaks)
    first = M.run_classifier(M.crop_patches(fr.full, places))
    likely = (worth_keeping(first, np.array([h for _, _, h in peaks]))
              & (first[:, 1:].argmax(axis=1) != 0)  # not a one
              & (M.value_probability(first) >= strict - LOOK_BELOW))
    return unanimous_dice(fr, [p for p, keep in zip(places, likely.tolist(), strict=True)
                               if keep], strict)


def looked_at_pips(fr: Frames, looked: list[Peak], read: list[Die], unsure: tuple[Region, ...],
                   ) -> list[Die]:
    """Dice found by their pips alone (``vision.pip_clusters``): the detector's strong marks
    (``looked``, working pixels) outside every ``read`` die and ``unsure`` region but those
    too small to count (``PIPS_MARKED``: a pip marked as a die is one of those, under 14 px,
    or under 32 on a large die), grouped as the pips of one die each, read ``unanimous``ly
    by all four classifiers at least as surely as a pressed die must be, as no fewer pips
    than marks, whose body shows against the floor (``body_contrast``); and the ones whose
    pip is a lone mark (``ones_of_pips``; in a frame with nothing read, ``lone_ones``, on
    every mark, faint or read unsurely as a die of its own); in image pixels."""
    k = fr.work_px
    strict = pressed_sure()
    if strict > 1.0:
        return []
    marks = [(x * k, y * k, s * k) for (x, y), s, h in looked if h >= STRONG
             and not any(covers(d.box, (x * k, y * k)) for d in read)
             and not any(covers(r.box, (x * k, y * k)) for r in unsure
                         if r.reason not in PIPS_MARKED)]
    found: list[Die] = []
    for group in groups(marks):
        for way in dice_pips(group):  # one die, else two touching
            dice = [d for pips in way if (d := die_of_pips(fr, pips, strict)) is not None]
            if dice:
                found.extend(dice)
                break
    if read or found:
        alone = lone(marks)
        return found + (ones_of_pips(fr, alone, set_side(read + found), strict) if alone else [])
    # nothing read: any mark may be a large one's pip, read unsurely as a die of its own
    return lone_ones(fr, [(x * k, y * k, s * k) for (x, y), s, _ in looked], strict)


def ones_of_pips(fr: Frames, marks: list[Mark], side: float, sure: float) -> list[Die]:
    """The ones whose pip is one of the lone strong ``marks`` (image pixels): read at the
    set's ``side`` centred on the mark (``ones_at``)."""
    f = fr.full_px
    return ones_at(fr, M.turned(fr.full, [((x / f, y / f), side / f) for x, y, _ in marks]),
                   sure)


def lone_ones(fr: Frames, marks: list[Mark], sure: float) -> list[Die]:
    """The ones whose pip is one of ``marks`` (image pixels, strongest first; the
    ``PIP_TRIES`` strongest) in a frame with no die read, so no set's side: each read at the
    face measured round its pip (``vision.one_face``: a large one close under the camera),
    where there is one (``ones_at``); a mark on a one found already is not tried."""
    f = fr.full_px
    found: list[Die] = []
    for x, y, s in marks[:PIP_TRIES]:
        if any(covers(d.box, (x, y)) for d in found):
            continue
        face = face_around(fr.full, (x / f, y / f), s / f)
        if face is not None:
            found += ones_at(fr, M.turned(fr.full, [face[:2]]), sure)
    return found


def ones_at(fr: Frames, places: list[M.Place], sure: float) -> list[Die]:
    """The ones at full-resolution ``places`` (centred on a lone pip): each a one by the three
    classifiers at ``sure`` and by the close look as surely as a free die must be (it shrinks
    a large die's crop, and reads a large pale one less surely), where its body shows
    clearly against the floor (``ONE_BODY``: a speck on the floor has none). Only places the
    first classifier reads as a one nearly that surely (``LOOK_BELOW``) are shown the
    others; in image pixels."""
    f = fr.full_px
    places = [p for p in places if body_contrast(fr.full, *p) >= ONE_BODY]
    if not places:
        return []
    first = M.run_classifier(M.crop_patches(fr.full, places))  # cheap, before all four
    likely = nearly_sure(first, sure) & (first[:, 1:].argmax(axis=1) == 0)  # a one
    places = [p for p, one in zip(places, likely.tolist(), strict=True) if one]
    free = M.calibration().sure
    return [unanimous_die(p, r, f) for p, r in
            zip(places, unanimous(fr.full, places, sure, NOT_DIE, ones=True, close_sure=free),
                strict=True) if r is not None and r[0] == 1]


def die_of_pips(fr: Frames, pips: list[Mark], sure: float) -> Die | None:
    """The die whose pips are the marks ``pips`` (image pixels), read ``unanimous``ly at
    ``sure`` as no fewer pips than marks at the smaller side of ``die_of``'s two that reads,
    where its body shows against the floor; else None."""
    f = fr.full_px
    (x, y), sides = die_of(pips)
    places = [p for p in M.turned(fr.full, [((x / f, y / f), side / f) for side in sides])
              if body_contrast(fr.full, *p) >= BODY]  # cheap, before four classifiers
    seen = [(p, r) for p, r in zip(places, unanimous(fr.full, places, sure, NOT_DIE),
                                   strict=True) if r is not None and r[0] >= len(pips)]
    return unanimous_die(*seen[0], f) if seen else None


def looked_beside(fr: Frames, looked: list[Peak], read: list[Die], unsure: tuple[Region, ...],
                  ) -> list[Die]:
    """Dice the detector marked but no look kept (``looked``: its peaks, working pixels;
    those too faint to keep, and those kept whose crop no classifier took for a die) beside
    a ``read`` die of their size, touching it, outside every read die and ``unsure`` region
    (``vision.faint_neighbours``), read ``unanimous``ly by all four classifiers at least as
    surely as a pressed die must be; a place none reads so is read once more at
    ``SHRUNK`` x its size (``faint_neighbours.shrunk``); in image pixels."""
    k, f = fr.work_px, fr.full_px
    strict = pressed_sure()
    marked = [((x * k, y * k), s * k) for (x, y), s, _ in looked]
    if not marked or not read or strict > 1.0:
        return []
    spots = worth_reading(marked, [(d.center, box_side(d.box)) for d in read],
                          [d.box for d in read] + [r.box for r in unsure])

    def at(places: list[Spot]) -> list[Die]:
        return unanimous_dice(fr, M.turned(fr.full, [((x / f, y / f), s / f)
                                                      for (x, y), s in places]), strict)

    found = at(spots)
    return found + at(shrunk(spots, [d.box for d in found]))


def looked_at_pairs(fr: Frames, read: list[Die], unsure: list[Region],
                    ) -> tuple[list[Die], list[Region]]:
    """``read`` and ``unsure`` with the dice of each pair the reader took for one
    (``vision.paired_dice``: two dice side by side, one read die there at most) in place
    of what it had there, where all four classifiers read both ends ``unanimous``ly, as
    surely as a pressed die must be (a one too: its body is checked after, as every read
    one's); in image pixels. Each end is looked at turned as the pair is, at each of
    ``END_SIZES`` x its width, and turned to its own axes; only places the first classifier
    reads nearly that surely (``LOOK_BELOW``) are shown the others."""
    strict = pressed_sure()
    if not read or strict > 1.0:
        return read, unsure
    f = fr.full_px
    seen = [(x / f, y / f) for x, y in (d.center for d in read)]
    todo = [pair for pair in pairs(fr.levels, seen + [(x / f, y / f) for x, y in
                                                    (r.center for r in unsure)],
                                   set_side(read) / f) if pair.seen_as_one(seen)]
    looks = [[[*pair.places(end, END_SIZES), *M.turned(fr.full, [(end, pair.width)])]
              for end in pair.ends] for pair in todo]
    flat = [p for ends in looks for end in ends for p in end]
    if not flat:
        return read, unsure
    likely = iter(first_nearly_sure(fr.full, flat, strict))
    for pair, ends in zip(todo, looks, strict=True):
        worth = [[p for p in end if next(likely)] for end in ends]
        if not all(worth):
            continue
        dice = [next(iter(unanimous_dice(fr, end, strict, ones=True)), None) for end in worth]
        if None in dice:
            continue
        read = [d for d in read if not pair.holds((d.center[0] / f, d.center[1] / f))]
        read += [d for d in dice if d is not None]
        unsure = [r for r in unsure if not pair.holds((r.center[0] / f, r.center[1] / f))]
    return read, unsure
