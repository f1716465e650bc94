"""BGR image -> Reading: which dice are on the table and what each top face shows.

Steps: the frame is halved (2x pyramid steps) to a working size; a small detector network
marks die centres and sizes (``vision.model``), first at half the working size, then again
at the scale the dice sizes seen call for (``vision.locate``); where those dice are larger
than the reader's looks and checks are made for (a nearer or finer camera), the frame is
shrunk until they are not and read so (``locate.read_scale``), the reading given back in
the frame's own pixels. Each candidate is cropped from the full-resolution frame at its own
scale, turned to the die's own axes, and a small classifier says "not a die" or its value,
with a calibrated probability. Dice read near their threshold get a second look by two
other classifiers; dice touching another must be read alike by all three, and those pressed
against it need a stricter threshold. When the caller knows how many dice lie there and
fewer were seen, fainter places are read too (``vision.candidates``). Candidates read less
surely than they need are looked at again before they are ruled on
(``vision.candidate_looks``); the places left uncertain, and those where no die was read,
after (``vision.uncertain_looks``). Two uncertain places nearer than any two dice can lie
are one die marked twice, read once more as one (``vision.seen_twice``); an uncertain place
alone in the frame may be a box on one pip of a larger die, read once more larger
(``vision.larger_look``); a die too large for the looks so far, missed or seen only as its
pips, is found by a look at a quarter of the working size where no die was read
(``vision.coarse_look``). Two dice side by side that the detector took for one are found by
the blob they make on the floor and read at its two ends (``vision.paired_dice``); one the
detector marked in pieces, by the one square blob unlike the floor they lie in
(``vision.die_pieces``); one not marked at all, by its square blob on the read dice's
floor, or with no die read on the frame's own floor (``vision.missed_dice``). A die read
from a box over two read dice beside it, its centre between theirs, is no die of its own
(``vision.spanning_boxes``). A die in doubt that a slanted camera shows by its side face is
read by its top face, looked at above its middle (``vision.slanted_top``), or, where the
looks above and below it show two whole faces, the lower its own value, not ruled on
(``vision.two_faces``). A die boxed on
part of it whose whole, its square blob on the floor, reads as another value is not ruled
on (``vision.whole_face``), nor is a three or five whose middle mark is a glint, not a pip
(``vision.centre_pip``), nor a die whose face is bare where a pip of its value would be
(``vision.pip_places``).
Scale, polarity and colour come from the image itself, so there are no per-scene settings.
Dice the reader is not sure of are reported as ``uncertain`` so the caller can ask players
to spread them. This module runs the steps in order (``read_dice``) and makes the reader
ready as the box starts (``warm_up``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TypeVar

import numpy as np

from vision import centre_pip
from vision import model as M
from vision.candidate_looks import looked_four_ways, looked_larger, ones_in_doubt
from vision.candidates import (
    MIN_COUNTABLE,
    SMALL_PIPS,
    alone,
    easy_pressed,
    faint_frame,
    looked_locally,
    settled,
    sure_thresholds,
    with_faint,
)
from vision.centre_pip import FaceLooks, glint_at
from vision.coarse_look import contradicted, covers, explained
from vision.colour_cast import balanced
from vision.die_body import SHOWN
from vision.die_pieces import whole_dice
from vision.floor_pattern import FloorSpots
from vision.images import ImageError, check_image
from vision.locate import Frames, frames, locate, read_scale, shrunk
from vision.merged_dice import Peak
from vision.missed_dice import lone_dice, missed_dice
from vision.more_pips import more_pips
from vision.past_glints import read_past
from vision.pip_places import pip_missing
from vision.profile import Profile
from vision.reference import EmptyTray
from vision.refine import refine
from vision.seam_marks import without_seam_marks
from vision.seen_twice import read_once
from vision.set_size import set_side
from vision.slanted_top import LookReads, on_slanted_tops
from vision.spanning_boxes import without_spans
from vision.specks import PRINT_BODY, bodied, body_at, off_floor_spots, without_specks
from vision.split_twos import split_twos
from vision.synthetic import render_dice_scene
from vision.top_face import face_centres
from vision.two_faces import without_front_reads
from vision.types import (
    FEWER_PIPS,
    GLINT,
    MORE_PIPS,
    PIP_MISSING,
    PIPS_TOO_SMALL,
    READ_APART,
    TOUCHING_DICE,
    UNREAD,
    Die,
    Reading,
    Region,
    box_centre,
    box_side,
    square_box,
    verdict,
)
from vision.uncertain_looks import (
    BodyMemo,
    body_shown,
    coarse_worth,
    looked_at_pairs,
    looked_at_pips,
    looked_at_set_size,
    looked_beside,
    looked_coarser,
    off_read_dice,
    pips_of_read_dice,
    pressed_sure,
    with_bodies,
)
from vision.veined_face import smaller_face
from vision.whole_face import boxed_in_part
from vision.within_box import ones_within, read_within

__all__ = ["ImageError", "Reading", "die_crops", "read_dice"]


PLAIN = 0.999  # a die read this surely is not read again whole (``whole_face``)
GLINTS = math.inf  # every three and five is checked for a glint in its middle (under 0.995
#                    a glossy four read as a five went unchecked, under 0.999 two read
#                    0.999-1.0 sure; the check's own time on the tray's 20+ dice frames
#                    rose from 5.2 to 7.2 ms, median)
DOUBTED = 0.975  # a die read this surely is not checked for its value's pips (a crowded
#                  tray's frame: 0.9 ms; 2.3 ms at 0.99, 5 at PLAIN; none caught was read over 0.97)
COUNTED = 0.99  # ... nor for more pips than its value (none caught was read over 0.975; at
#                 PLAIN, and on dice not alone too, 3.5 ms more on a crowded tray's frame)


def read_dice(image: np.ndarray, expect: int | None = None, profile: Profile | None = None,
              reference: EmptyTray | None = None) -> Reading:
    """Read every die in a BGR image; ``expect`` is how many dice should be there, if known
    (with fewer seen, fainter places are looked at too: ``with_faint``).

    A ``profile`` (the player's taught dice) and a ``reference`` (the empty tray) revise the
    reading (``vision.refine``); a single photo needs neither. With a profile, the frame is
    shown in the profile's look (``vision.looks``) before anything else reads it.

    A die is reported read only when its calibrated value probability reaches the
    calibration's "sure" threshold; the rest are uncertain regions. Confidence is the
    calibrated probability that the die is a die showing that value. Raises ``ImageError``
    for an image the reader cannot use (too small, not an image).
    """
    t0 = time.perf_counter()
    came = check_image(image)
    shown = came if profile is None else profile.look.shown(came)  # as taught dice read best
    image = balanced(shown)  # a strong cast, one channel burnt out: balanced (else as it is)
    fr = frames(image)
    looked = locate(fr.work_levels)
    back = 1.0  # input pixels per pixel of the image read
    scale = read_scale(fr, looked)
    if scale < 1.0:  # dice larger than the reader's looks are made for: read shrunk
        image = shrunk(fr, scale)
        back = shown.shape[1] / image.shape[1]
        fr = frames(image)
        looked = locate(fr.work_levels)
    reading = _found(fr, looked, image, expect)
    if profile is not None or reference is not None:  # as taught: before the cast balance
        reading = refine(shown, reading.scaled(back), profile, reference,
                         came).scaled(1.0 / back)
    reading = _checked(image, reading).scaled(back)
    return replace(reading, ms=round((time.perf_counter() - t0) * 1000.0, 2))


def _found(fr: Frames, looked: list[Peak], image: np.ndarray, expect: int | None) -> Reading:
    """The dice and uncertain places in ``image`` (``fr``, its frames; ``looked``, the
    detector's places in them): every look of ``read_dice`` before the profile's."""
    cands = settled(fr, looked)
    if faint_frame(cands):  # nothing die-like, or only faint: a look normalized locally
        looked, cands = looked_locally(fr, looked, cands)  # (a tray unlike its table)
    if expect is not None:
        cands = with_faint(fr, looked, cands, expect)
    easy = easy_pressed(cands)
    need = sure_thresholds(np.array([c.pressed or c.faint for c in cands], bool), easy=easy)
    cands = looked_four_ways(fr.full, looked_larger(fr.full, cands, need), need, easy)
    f = fr.full_px
    dice: list[Die] = []
    unsure: list[Region] = []
    faint: list[Region] = []  # places read only for the count (``with_faint``), left unsure
    doubted = ones_in_doubt(cands, M.calibration().sure)
    for c, needed, in_doubt in zip(cands, need, doubted, strict=True):
        box = square_box((c.x * f, c.y * f), c.size * f)
        center = (round(c.x * f, 1), round(c.y * f, 1))
        if c.why:
            unsure.append(Region(center, box, c.why, c.confidence))
        elif c.p_value < needed or in_doubt:
            why = (TOUCHING_DICE if c.touching else
                   PIPS_TOO_SMALL if c.size < SMALL_PIPS else
                   UNREAD)
            unsure.append(Region(center, box, why, c.confidence))
            if c.faint:
                faint.append(unsure[-1])
        else:
            dice.append(Die(c.value, center, box, c.confidence, round(c.angle, 1)))
    more, ut = read_once(image, tuple(unsure), MIN_COUNTABLE * f)  # one die marked twice
    dice += more
    coarse = looked_coarser(fr, dice, list(ut)) if coarse_worth(fr, dice, ut) else []
    if coarse:
        dice, left = explained(dice, list(ut), coarse)
        ut = tuple(left)
    dice += looked_at_pips(fr, looked, dice, ut)
    beside = looked_beside(fr, looked, dice, tuple(r for r in ut if not is_in(r, faint)))
    dice += beside  # a faint place is no reason not to look beside a die: read, it is that die
    ut = tuple(r for r in ut if not (is_in(r, faint) and any(covers(d.box, r.center)
                                                             for d in beside)))
    bodies: BodyMemo = {}  # a die's body measured once a read, again only to ask more of it
    found = with_bodies(image, looked_at_set_size(fr, dice, list(ut)), bodies)
    dice, left = explained(dice, list(ut), found)  # in place of the places read again
    dice, left = looked_at_pairs(fr, dice, left)
    strict = pressed_sure()
    dice, left = whole_dice(fr.full, fr.full_px, dice, left, strict)  # marked in pieces
    dice = with_bodies(image, dice, bodies)  # a one boxed far too large: looked for again
    dice += missed_dice(fr.full, fr.levels, fr.full_px, dice, left, strict)  # not marked
    if not dice:  # nothing read: no floor of read dice, no set's size
        dice, left = lone_dice(fr.full, fr.levels, fr.full_px, left, strict)
    dice, left = read_within(fr, dice, left, strict)  # boxed with its shadow and side faces
    dice, left = ones_within(fr, dice, left, strict)  # ... and read as a one: the whole die
    dice, left = split_twos(fr, dice, left, strict)  # a one beside the two's other pip
    against = contradicted(dice, coarse)  # the coarse look is sure of another value there
    dice = without_spans([d for d in dice if all(d is not o for o in against)])
    ut = tuple(left) + tuple(Region(d.center, d.box, UNREAD, d.confidence) for d in against)
    dice.sort(key=lambda d: (d.center[1], d.center[0]))
    ut = pips_of_read_dice(fr, dice, off_read_dice(ut, dice))
    body = body_at(image)
    if dice:
        shows = [body_shown(image, d, PRINT_BODY, bodies) for d in dice]
        shown = [d for d, b in zip(dice, shows, strict=True) if b >= SHOWN]  # the table's
        side = set_side(shown or dice)
        spots = FloorSpots(fr.levels if fr.full is image else image, shown, side,
                           bodied(ut, side, body))  # the frame's pyramid, at the image's size
        ut = without_specks(ut, dice, body, spots)
        dice = off_floor_spots(dice, spots, [d for d, b in zip(dice, shows, strict=True)
                                             if b >= PRINT_BODY], side)
    dt = tuple(dice)
    return Reading(dt, ut, expect, 0.0, verdict(dt, ut, expect))


def _checked(image: np.ndarray, reading: Reading) -> Reading:
    """``reading`` (of ``image``) with each die's top face and value checked: the checks of
    ``read_dice`` after the profile's."""
    reads = LookReads(image)  # the two checks look at the same dice: each look read once
    reading = without_front_reads(image, on_slanted_tops(image, reading, reads), reads)
    in_part = boxed_in_part(image, reading, PLAIN)  # read from part of the die: read whole
    reading = reading.without(in_part, READ_APART) if in_part else reading
    reading = on_top_faces(image, reading)
    faces = FaceLooks(image)  # the three checks look at a doubted die's face: found once
    reading = without_refused(image, reading, GLINTS, partial(glint_at, faces=faces), GLINT,
                              mend=read_past)  # a glint painted out, read again
    reading = without_refused(image, reading, DOUBTED, partial(pip_missing, faces=faces),
                              PIP_MISSING)
    reading = without_refused(image, reading, DOUBTED, partial(smaller_face, faces=faces),
                              FEWER_PIPS)  # a face of no one colour (marbled), found on the floor
    reading = without_refused(image, reading, COUNTED, partial(more_pips, faces=faces),
                              MORE_PIPS, alone(reading))  # a die alone: no neighbour's pips
    return without_seam_marks(reading)  # the count met: a mark between read dice is none


def is_in(region: Region, regions: list[Region]) -> bool:
    """Whether ``region`` is one of ``regions`` (the same object, not an equal one)."""
    return any(region is r for r in regions)


def on_top_faces(image: np.ndarray, reading: Reading) -> Reading:
    """``reading`` with each pip die's centre moved to its top face's, where its pips show
    it (``vision.top_face``); its box stays around the whole die."""
    pips = [(i, d) for i, d in enumerate(reading.dice) if isinstance(d.value, int)]
    faces = face_centres(image, [(box_centre(d.box), box_side(d.box), int(d.value))
                                 for _, d in pips])
    dice = list(reading.dice)
    for (i, d), face in zip(pips, faces, strict=True):
        if face is not None:
            dice[i] = replace(d, center=(round(face[0], 1), round(face[1], 1)))
    return replace(reading, dice=tuple(dice))


Finding = TypeVar("Finding")
FaceCheck = Callable[[np.ndarray, tuple[float, float], float, float, int], Finding | None]
"""A check on a read pip die's face: (image, centre, side, angle, value) -> what refuses it
(a glint, True), or None or False where nothing does."""
Mend = Callable[[np.ndarray, list[Die], list[Finding]], list[Die | None]]
"""Dice a check refused, read again past what it found: (image, dice, findings) -> each die
as read again, or None where it stays refused."""


def without_refused(image: np.ndarray, reading: Reading, below: float,
                    check: FaceCheck[Finding], reason: str, among: list[Die] | None = None,
                    mend: Mend[Finding] | None = None) -> Reading:
    """``reading`` with each pip die read under ``below`` sure that ``check`` refuses made
    an uncertain region, for ``reason``: a three or five whose centre mark is a glint
    (``centre_pip.glint_at``, every such die), a die whose face lacks a pip of its value
    (``pip_places.pip_missing``, under ``DOUBTED``), a marbled die whose face holds a whole
    face of fewer pips (``veined_face.smaller_face``, under ``DOUBTED``), a die alone whose
    face shows a face's pips of two more (``more_pips.more_pips``, under ``COUNTED``).
    ``among``: only these
    of its dice are checked (default: all). ``mend``: the refused dice read again past what
    the check found (a glint painted out: ``past_glints.read_past``); a die it reads stays
    read, as it reads now, in its place."""
    dice = reading.dice if among is None else among
    refused: list[Die] = []
    found: list[Finding] = []
    for d in dice:
        if isinstance(d.value, int) and d.confidence < below:
            finding = check(image, d.center, box_side(d.box), d.angle, d.value)
            if finding:
                refused.append(d)
                found.append(finding)
    if not refused:
        return reading
    again = mend(image, refused, found) if mend is not None else [None] * len(refused)
    read = {id(d): n for d, n in zip(refused, again, strict=True) if n is not None}
    if read:  # one die for another: the count, and so the verdict, stays
        reading = replace(reading, dice=tuple(read.get(id(d), d) for d in reading.dice))
        refused = [d for d in refused if id(d) not in read]
    return reading.without(refused, reason) if refused else reading


def die_crops(image: np.ndarray, reading: Reading) -> np.ndarray:
    """The aligned (N, CROP, CROP, 3) BGR crops the reader classified for ``reading.dice``
    (same order), from the same image (balanced as ``read_dice`` balances it); feed them
    to ``vision.model.classifier_features``."""
    fr = frames(balanced(check_image(image)))
    k = 1.0 / fr.full_px
    places = []
    for d in reading.dice:
        x, y = box_centre(d.box)
        places.append(((x * k, y * k), (d.box[2] - d.box[0]) * k, d.angle))
    return M.crops_uint8(fr.full, places)


def warm_up() -> None:
    """Make the reader ready, so that the first reading costs what every later one does:
    every network loaded and run once (``M.load``), the glint check's first look made
    (``centre_pip.warm_up``: OpenCV builds a table on first use; with the networks, a Pi 4's
    first ruling after a start waited about a second more), and one drawn scene read end to
    end. Raises what the reader raises when it cannot run (a network file missing or
    broken)."""
    M.load()
    centre_pip.warm_up()
    read_dice(render_dice_scene([3, 5], 0, (640, 480))[0], expect=2)
