"""A plain Reading made better by what the box knows: the player's taught dice (a
``Profile``) and the empty tray (``EmptyTray``).

* Pip dice: a die the profile names surely as the reader did gets the higher confidence;
  named otherwise, clearly surely (``OVERRULE``) and on a face the profile knows well, it
  becomes uncertain (a re-read), never another value; surely "no die", with the reader
  unsure, it is dropped. An uncertain region the profile names clearly surely becomes a die
  when the classifier's own guess agrees (``_merge``). Places of die colour (the profile) or
  unlike the empty tray (the reference) that no die covers are looked at too: a pip die
  found only there counts when the classifier reads it surely and the profile names the
  same face (a pale patch of carpet the classifier half takes for a two stays out). A
  place unlike the empty tray that this does not confirm is read as the untaught box
  reads it (``_read_places``), then revised by the profile as the reader's dice are: a
  die the taught colours miss is never dropped.
* Pip dice and the empty tray first: where it shows one die's square that the reader
  boxed in part (a pip of a marbled two marked as a die of its own), that square is read
  whole and settles all the reader saw in it (``vision.tray_wholes``).
* Symbol dice (the profile's faces are names): the pip reader's dice and regions are only
  places to look, with those places; each is named by the profile alone.

Nothing here makes a die sure that neither the reader nor the profile was sure of.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision import model as M
from vision.blobs import Place, die_blobs
from vision.medians import median
from vision.profile import FaceGuess, Profile
from vision.reference import EmptyTray, TrayLook
from vision.tray_wholes import wholes_read
from vision.types import (
    OVERLAPPING_FACES,
    TOO_SMALL,
    TOUCHING_DICE,
    Die,
    Reading,
    Region,
    box_side,
    square_box,
    verdict,
)

KEEP = 0.6  # a die read this surely is kept even where the profile sees no die
OVERRULE = 0.75  # the profile's confidence (margin 1.5x its safe one) that doubts a sure
# read, or promotes an uncertain one
DOUBT = 0.5  # a die read less surely than this, named otherwise by the profile: uncertain
SAME_PLACE = 0.6  # places closer than this x die side are the same die
NEW_SURE = 0.8  # classifier P(value) needed to count a die only the empty tray found
NOT_DIE = 0.5  # classifier P(not a die) that dismisses a place only the empty tray found
UNCHANGED = 0.15  # a die box less changed than this since the empty tray is the tray
MAX_NEW = 8  # at most this many places found by colour or difference are looked at
OWN_SIZE = 0.15  # a pip die's blob this much off the taught size is also looked at its own
MAX_NEW_SYMBOLS = 24  # symbol dice: a place with no die's square there costs little
PROMOTE_BELOW = 0.15  # an uncertain die read this near the "sure" threshold may be promoted
SIZE_KNOWN = (0.75, 1.35)  # an uncertain die promoted by the profile is this x its dice's side
NEVER_PROMOTED = frozenset({  # uncertain for a reason no profile can settle:
    TOUCHING_DICE,  # its crop, the profile's too, holds another die's pips
    OVERLAPPING_FACES,  # a top face and a side face marked at one place: which one is named?
    TOO_SMALL,  # under the smallest die the reader ever counts
})


def promote_at() -> float:
    """The reader's own confidence an uncertain die needs before a profile may promote it:
    ``PROMOTE_BELOW`` under the calibrated "sure" threshold, so the band a profile works in
    follows every recalibration."""
    return M.calibration().sure - PROMOTE_BELOW


def _new_places(found: list[Place], taken: list[Place]) -> list[Place]:
    """The found places not within SAME_PLACE sides of a taken one (nor of each other)."""
    out: list[Place] = []
    for (c, s) in found:
        if all((c[0] - t[0]) ** 2 + (c[1] - t[1]) ** 2 >= (SAME_PLACE * max(s, ts)) ** 2
               for t, ts in [*taken, *out]):
            out.append((c, s))
    return out


def _drop_unchanged(reading: Reading, changed: np.ndarray) -> Reading:
    """The reading without dice and regions where the empty tray shows no change (a pattern
    of the tray taken for a die)."""
    def on_tray(box: tuple[int, int, int, int]) -> bool:
        x0, y0, x1, y1 = (max(0, v) for v in box)
        inner = changed[y0:y1, x0:x1]
        return inner.size > 0 and float(inner.mean()) >= UNCHANGED

    return replace(reading, dice=tuple(d for d in reading.dice if on_tray(d.box)),
                   uncertain=tuple(r for r in reading.uncertain if on_tray(r.box)))


def _patches(image: np.ndarray, places: list[Place]) -> np.ndarray:
    """Classifier inputs for (centre, size) places, each crop turned to its die's own axes."""
    return M.crop_patches(image, M.turned(image, places))


def _read_places(image: np.ndarray, places: list[Place]) -> tuple[list[Die], list[Region]]:
    """Dice at places only the empty tray showed, read by the pip classifier alone."""
    probs = M.run_classifier(_patches(image, places))
    dice, regions = [], []
    for (c, s), p, sure in zip(places, probs, M.value_probability(probs), strict=True):
        if p[0] >= NOT_DIE:
            continue
        v, pv = int(np.argmax(p[1:])) + 1, float(sure)
        if pv >= NEW_SURE:
            dice.append(Die(v, c, square_box(c, s), round(pv * (1 - float(p[0])), 3)))
        else:
            regions.append(Region(c, square_box(c, s), "something new on the tray", 0.0))
    return dice, regions


def _surely_pips(image: np.ndarray, found: list[Place], side: float,
                 ) -> tuple[list[Place], list[int]]:
    """Pip dice at places only the taught colours or the empty tray found: each looked at
    with the taught ``side`` and, where its blob measures more than ``OWN_SIZE`` off it, at
    its own size too (a die nearer or farther than the taught ones); kept, with the value
    read, only where the classifier reads a die surely."""
    looks = [(c, side) for c, _ in found]
    looks += [(c, own) for c, own in found if abs(own / side - 1.0) > OWN_SIZE]
    if not looks:
        return [], []
    probs = M.run_classifier(_patches(image, looks))
    sure = M.value_probability(probs) >= M.calibration().sure
    kept = [i for i, pr in enumerate(probs) if pr[0] < NOT_DIE and sure[i]]
    return [looks[i] for i in kept], [int(np.argmax(probs[i][1:])) + 1 for i in kept]


def _with_profile(image: np.ndarray, reading: Reading, profile: Profile,
                  extra: list[Place], tray: TrayLook | None = None,
                  ) -> tuple[list[Die], list[Region]]:
    seen: list[Die | Region] = [*reading.dice, *reading.uncertain]
    read: list[tuple[Place, Die | Region]] = [((x.center, box_side(x.box)), x) for x in seen]
    if profile.symbols:  # the pip reader's places, looked at with the profile's size
        read = [((p[0], profile.side), x) for p, x in read]
    taken = [p for p, _ in read]
    found = _new_places([*extra, *profile.places(image)], taken)[:MAX_NEW_SYMBOLS
                                                                  if profile.symbols else MAX_NEW]
    votes: list[int | None]
    if profile.symbols:
        new, votes = [(c, profile.side) for c, _ in found], [None] * len(found)
    else:
        new, values = _surely_pips(image, found, profile.side)
        votes = list(values)
    named = profile.name(image, taken, search=profile.symbols, tray=tray)
    dice: list[Die] = []
    regions: list[Region] = []
    doubted = [i for i, (_, was) in enumerate(read) if isinstance(was, Region)]
    second: dict[int, int] = {}
    if not profile.symbols and doubted:  # the classifier's own guess at each uncertain die
        probs = M.run_classifier(_patches(image, [read[i][0] for i in doubted]))
        second = {i: int(np.argmax(pr[1:])) + 1 for i, pr in zip(doubted, probs, strict=True)}
    for i, ((_, was), (place, g)) in enumerate(zip(read, named, strict=True)):
        _merge(place, was, g, profile, dice, regions, second.get(i))
    found_named = profile.name(image, new, search=profile.symbols, tray=tray)
    on_tray = {c for c, _ in extra}  # places unlike the empty tray
    unlike = [c in on_tray for c, _ in new]
    for (place, g), vote, odd in zip(found_named, votes, unlike, strict=False):
        kept: list[Die | Region] = [*dice, *regions]
        free = all((place[0][0] - x.center[0]) ** 2 + (place[0][1] - x.center[1]) ** 2
                   >= (SAME_PLACE * place[1]) ** 2 for x in kept)
        if g.sure and g.face is not None and vote in (None, g.face) and free:
            dice.append(Die(g.face, place[0], square_box(*place), g.confidence))
        elif profile.symbols and free and odd:
            # something die-sized on the tray that is no taught face: never silently dropped
            regions.append(Region(place[0], square_box(*place), "not a face the box was taught",
                                  g.confidence if g.face is not None else 0.0))
    if not profile.symbols:
        _read_on_tray(image, [p for p in found if p[0] in on_tray], profile, dice, regions)
    return dice, regions


def _read_on_tray(image: np.ndarray, places: list[Place], profile: Profile, dice: list[Die],
                  regions: list[Region]) -> None:
    """Pip dice: places unlike the empty tray that no die or region covers yet are read as
    without a profile (``_read_places``: a die the classifier alone reads surely, else
    "something new on the tray"), then revised by the profile as the reader's own dice are
    (``_merge``). The profile's colours and size are not the only way a die on the tray
    counts: a die the taught colours do not match (a new die, another lamp) is read as
    the box would read it untaught, never dropped."""
    kept: list[Die | Region] = [*dice, *regions]
    left = _new_places(places, [(x.center, box_side(x.box)) for x in kept])
    new_dice, new_regions = _read_places(image, left)
    more: list[Die | Region] = [*new_dice, *new_regions]
    named = profile.name(image, [(x.center, box_side(x.box)) for x in more])
    for x, (place, g) in zip(more, named, strict=True):
        _merge(place, x, g, profile, dice, regions)


def _whole_die(place: Place, profile: Profile) -> bool:
    """Whether a place is the size of the taught dice (``SIZE_KNOWN``): a crop much smaller
    is part of a die (a pip of a two looks like a one), and is never promoted."""
    return SIZE_KNOWN[0] <= place[1] / profile.side <= SIZE_KNOWN[1]


def _merge(place: Place, was: Die | Region, g: FaceGuess, profile: Profile, dice: list[Die],
           regions: list[Region], vote: int | None = None) -> None:
    """One place the reader saw, with the profile's naming of it.

    Pip dice: the profile never makes the reader sure on its own. An uncertain die becomes
    a read die only when the profile is clearly sure (``OVERRULE``, as for overruling a
    read: just over its safe margin, a profile taught on tray-colored named a dark six whose
    pips the light hid a one, and the classifier agreed), the classifier's own best guess
    (``vote``) agrees with at least ``promote_at()`` confidence (the profile reads the
    classifier's own features: agreement is weak evidence), the die is the taught dice's
    size and it is uncertain for a reason a profile can settle (``NEVER_PROMOTED``: not a
    die another touches, whose crop holds the other's pips, nor a top and side face marked
    at one place, where the profile may name the side face); a read die the profile names
    otherwise becomes uncertain (a re-read), never another value, but only when the
    profile knows the reader's face well (``Profile.well_known``) and is clearly sure
    (``OVERRULE``: a calibrated sure read is not overruled by a margin just
    over the profile's safe one).
    """
    if profile.symbols:
        seen: list[Die | Region] = [*dice, *regions]
        if any((place[0][0] - x.center[0]) ** 2 + (place[0][1] - x.center[1]) ** 2
               < (SAME_PLACE * place[1]) ** 2 for x in seen):
            return  # two looks found the same die's square
        if g.sure and g.face is not None:
            dice.append(Die(g.face, place[0], square_box(*place), g.confidence))
        elif g.face is not None:
            regions.append(Region(place[0], square_box(*place), "face not sure", g.confidence))
        return
    if isinstance(was, Region):
        if (g.sure and g.face is not None and g.face == vote and was.confidence >= promote_at()
                and g.confidence >= OVERRULE
                and _whole_die(place, profile) and was.reason not in NEVER_PROMOTED):
            dice.append(Die(g.face, was.center, was.box, g.confidence))
        else:
            regions.append(was)
        return
    if was.value not in profile.well_known:  # a face the profile was not shown twice
        dice.append(was)
    elif g.face is None:
        if not (g.sure and was.confidence < KEEP):  # surely no die, and the reader unsure
            dice.append(was)
    elif g.face == was.value:
        dice.append(replace(was, confidence=max(was.confidence, g.confidence)))
    elif (g.sure and g.confidence >= OVERRULE) or was.confidence < DOUBT:
        regions.append(Region(was.center, was.box, "the reader and the taught dice disagree",
                              min(was.confidence, g.confidence)))
    else:
        dice.append(was)


def refine(image: np.ndarray, reading: Reading, profile: Profile | None = None,
           reference: EmptyTray | None = None, came: np.ndarray | None = None) -> Reading:
    """The reading of ``image`` revised with a profile and/or an empty-tray reference;
    ``came``: the frame as the camera gave it, when ``image`` shows it in the profile's
    look (the reference holds the empty tray as the camera gave it)."""
    came = image if came is None else came
    if profile is not None and (profile.symbols or not reading.dice):
        side = profile.side  # symbol dice: the pip reader's boxes are only places to look
    elif reading.dice:  # the frame's own dice: the camera may have moved since teaching
        side = float(median([box_side(d.box) for d in reading.dice]))
    else:
        side = min(image.shape[:2]) / 12.0
    extra: list[Place] = []
    tray = None
    if reference is not None:
        changed = reference.changed(came)
        if changed is not None:
            extra = die_blobs(changed, side)
            reading = _drop_unchanged(reading, changed)
            if profile is None or not profile.symbols:  # pip dice boxed in part, read whole
                reading = wholes_read(image, reading, changed, side, extra)
            if profile is not None and profile.symbols:  # to find the dice's own squares
                tray = reference.look(came)  # symbol dice: always read as seen
    if profile is not None:
        dice, regions = _with_profile(image, reading, profile, extra, tray)
    else:
        dice, regions = list(reading.dice), list(reading.uncertain)
        seen: list[Die | Region] = [*dice, *regions]
        taken = [(x.center, box_side(x.box)) for x in seen]
        more_dice, more_regions = _read_places(image, _new_places(extra, taken))
        dice += more_dice
        regions += more_regions
    dice.sort(key=lambda d: (d.center[1], d.center[0]))
    dt, ut = tuple(dice), tuple(regions)
    return Reading(dt, ut, reading.expect, reading.ms, verdict(dt, ut, reading.expect))

