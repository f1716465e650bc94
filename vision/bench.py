"""Benchmark the reader on labeled photo folders, one thread.

Per folder: dice found (read, or located but reported uncertain), values right (of the
dice found), false detections per photo, photos entirely right, "ruled wrong" (dice the
reader was sure of although their value was wrong: the box would rule on them; a die read
off its label's centre on a labelled die of another value, a side face, counts too), median ms
per photo (wall clock, and processor time, which other jobs on the machine disturb less;
the first line gives this machine's yardstick, ``yardstick``: the first classifier's time a
crop, so that times taken on other machines, or on this one as it drifts, can be compared);
then the same photos enlarged to the box's 1280x960 capture size (read time, and the
Raspberry Pi 4 estimate from processor time: this machine's single core is about 6x a Pi
4 core). Last on each line, the box's own rulings (``box_ruling``): the share of photos it
would rule on (every die read, the right number of dice) and the share of those rulings
whose values are wrong: a die read wrongly beside an unread one is never ruled on. Last,
those rulings again by the number of dice in the photo (``DICE_BANDS``: a roll of a few
dice, as most games read, up to a Doubting Dice reveal of every player's dice); and why the
dice not read right were not (``left_unread``): each uncertain region's reason, missed, or
ruled wrong.

    scripts/bench-vision [--split all|train|heldout] [--failures DIR] [-v] [--count-known]
                         [FOLDER...]
    scripts/bench-vision --teach K [--picks N] [--change NAME] [FOLDER...]
    scripts/bench-vision --changes [--split all|train|heldout] [FOLDER...]
    scripts/bench-vision --scales [--split all|train|heldout] [FOLDER...]
    scripts/bench-vision --tilts

``--tilts``: the slanted-cubes probe only, the same scenes seen by cameras tilted 5-20,
20-35 and 35-50 degrees off straight down (how far from straight down the box's camera
may be mounted).

``--count-known``: every photo and probe scene is read told how many dice it holds, as the
box is by its game (``read_dice(expect=...)``: with fewer seen, fainter places are read
too); without it, as ``bluffbox dice`` reads a single photo.

``--teach K``: per folder, a profile is taught on K photos spread over the folder and both
rows are scored on the other photos: the plain reader, and the reader with the profile
(``--picks N``: summed over N picks of the K photos, each one photo on from the last: a
profile that rules wrongly on one pick of the folder's photos and not on another is found);
then each probe kind, plain and taught on K more scenes of its kind; then symbol (bone)
dice on renders (``vision.bench_symbols``), taught 5 pictures a face. With ``--change
NAME`` (``dark-dice``, ``dim-room`` ...: a ``vision.camera_changes.Change``), the folders
only, every photo, the taught ones too, as that change shows it: other dice taught
(``--teach 5 --change dark-dice``: the profile then reads every frame in the look its dice
read best in, ``vision.looks``).

``--changes``: per folder (held-out photos unless ``--split`` says otherwise), the photos
as they are, then as another camera or lamp would show them (``vision.camera_changes``: a
dim room, a warm lamp, a grey camera, heavy JPEG, soft focus, sensor noise, the camera
farther or nearer, the camera turned or tilted, camera shake, a wide-angle lens, and other
dice: every pixel's lightness turned over, so white dice become black ones with white
pips and a pale floor a dark one, and a webcam's JPEG stream at quality 60), then all
the changes together: a guess at unseen scenes, and whether the reader stays honest there
("ruled wrong"). Without named folders, each probe kind follows, its scenes as drawn and
through every change (a slanted webcam under a warm lamp is a scene no shared folder and no
probe alone shows).

``--scales``: per folder, the photos as they are, then as a camera of other resolution (or
nearer or farther) shows them: scaled by each of ``SCALES`` (``camera_changes.rescaled``;
INTER_AREA to shrink, cubic to enlarge). A 640x480 photo scaled 2x is the box's own
1280x960 capture of its scene; 1.5x and 3x put the dice at sizes between the reader's 2x
pyramid steps, where its working image no longer shows them at the photo's own size.

Without named folders, the probe scenes (``vision.probe_scenes``: dice drawn by code no
network trained on, after the issue's unseen dark-cloth and slanted-webcam scenes) follow,
scored per scene: the right number of dice, exactly the right values, ruled wrong; then
the same scenes as the box reads them: told the count, and with a frame of the empty tray
(``probe_scenes.empty_tray``: the scene's floor, with its own sensor noise).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import cv2
import numpy as np

from vision import model as M
from vision.annotate import annotate
from vision.camera_changes import Change, changed, rescaled
from vision.camera_tilt import STEEP, camera_tilt
from vision.dataset import (
    LabeledDie,
    LabeledPhoto,
    Score,
    load_folder,
    match,
    match_places,
    photos_root,
    read_photo,
)
from vision.looks import Look
from vision.probe_scenes import Probe, ProbeDie, empty_tray, probe_scene
from vision.profile import Profile
from vision.reader import read_dice, warm_up
from vision.reference import EmptyTray
from vision.types import Die, Reading, box_centre, box_side, face_order, verdict

CAPTURE_EVERY = 4  # time one photo in this many again at the capture size
MANY_DICE = 20  # photos with at least this many dice are timed apart too (issue 11: 25 dice)
DICE_BANDS = (1, 6, 10, MANY_DICE)  # the box's rulings by dice in a photo, from these many:
#   a roll of a few dice (Bamboozled, Bluffaneer, one Doubting Dice cup) up to a Doubting
#   Dice reveal, every player's dice poured into the tray


YARDSTICK_CROPS = 24  # ``yardstick``: one batch of this many crops (a crowded frame's first read)
YARDSTICK_RUNS = 20  # ... read this many times, the fastest kept
TILT_BANDS = ((5.0, 20.0), (20.0, 35.0), (35.0, 50.0))  # --tilts: cameras this far off
#                                                          straight down (degrees)
PI4_FACTOR = 6.0  # a Raspberry Pi 4 core is about 6x slower than one core here
CAPTURE = (1280, 960)  # the box's default capture size
SCALES = (0.75, 1.5, 2.0, 3.0)  # --scales: each photo scaled so (another camera's resolution)


@dataclass
class FolderResult:
    name: str
    photos: int
    labeled: int
    found: int
    right: int
    false: int
    entirely: int
    median_ms: float
    ruled_wrong: int = 0
    capture_ms: float = 0.0
    cpu_ms: float = 0.0  # processor time of the read: less disturbed by other jobs
    capture_cpu_ms: float = 0.0
    many_dice_cpu_ms: list[float] = field(default_factory=list)  # photos with MANY_DICE+
    rulings: int = 0  # photos the box would rule on (``box_ruling``)
    rulings_wrong: int = 0  # ... whose values are not the labelled ones
    by_dice: dict[int, Rulings] = field(default_factory=dict)  # the same by ``dice_band``
    unread: Counter[str] = field(default_factory=Counter)  # ``left_unread``, every photo's

    def line(self) -> str:
        return (f"{self.name:20s} {self.photos:4d} photos {self.labeled:5d} dice | "
                f"found {100 * self.found / max(self.labeled, 1):6.2f}% | "
                f"values right {100 * self.right / max(self.found, 1):6.2f}% | "
                f"false {self.false / max(self.photos, 1):.3f}/photo | "
                f"photos right {100 * self.entirely / max(self.photos, 1):6.2f}% | "
                f"ruled wrong {100 * self.ruled_wrong / max(self.labeled, 1):5.2f}% | "
                f"median {self.median_ms:.1f} ms (cpu {self.cpu_ms:.1f}) | "
                + rulings_part(self.rulings, self.rulings_wrong, self.photos))

    @classmethod
    def summed(cls, name: str, rows: list[FolderResult]) -> FolderResult:
        """One row counting every photo and die of ``rows``, timed by the median of their
        median times (their capture times are not kept)."""
        return cls(name, sum(r.photos for r in rows), sum(r.labeled for r in rows),
                   sum(r.found for r in rows), sum(r.right for r in rows),
                   sum(r.false for r in rows), sum(r.entirely for r in rows),
                   statistics.median(r.median_ms for r in rows),
                   ruled_wrong=sum(r.ruled_wrong for r in rows),
                   cpu_ms=statistics.median(r.cpu_ms for r in rows),
                   rulings=sum(r.rulings for r in rows),
                   rulings_wrong=sum(r.rulings_wrong for r in rows),
                   unread=sum((r.unread for r in rows), Counter()))

    def capture_line(self) -> str:
        return (f"{self.name:14s} at {CAPTURE[0]}x{CAPTURE[1]}: median {self.capture_ms:.1f} ms"
                f" (cpu {self.capture_cpu_ms:.1f}; Pi 4 estimate from cpu "
                f"{PI4_FACTOR * self.capture_cpu_ms:.0f} ms; at photo size "
                f"{PI4_FACTOR * self.cpu_ms:.0f} ms)" + self.many_dice_part())

    def many_dice_part(self) -> str:
        if not self.many_dice_cpu_ms:
            return ""
        return (f"; {len(self.many_dice_cpu_ms)} photos of {MANY_DICE}+ dice at photo size: "
                f"cpu {statistics.median(self.many_dice_cpu_ms):.1f} ms")

    def count(self, dice: int, rules: bool, wrong: bool) -> None:
        """Count the box's ruling on a photo of ``dice`` dice (``rules``: it would rule;
        ``wrong``: wrongly) in the folder's rulings and in its ``dice_band``'s."""
        self.rulings += rules
        self.rulings_wrong += wrong
        band = self.by_dice.setdefault(dice_band(dice), Rulings())
        band.photos += 1
        band.rulings += rules
        band.wrong += wrong

    def by_dice_line(self) -> str:
        """The box's rulings by the number of dice in the photo (``DICE_BANDS``)."""
        parts = [f"{band_name(b)}: {self.by_dice[b].part()}" for b in sorted(self.by_dice)]
        return f"{self.name:14s} the box's rulings by dice in the photo: " + " | ".join(parts)

    def unread_line(self) -> str:
        """Why the folder's dice not read right were not (``unread_part``)."""
        return f"{self.name:14s} " + unread_part(self.unread, self.labeled)


@dataclass
class Rulings:
    """Photos, how many of them the box would rule on, and how many of those wrongly."""

    photos: int = 0
    rulings: int = 0
    wrong: int = 0

    def part(self) -> str:
        """
        >>> Rulings(74, 71, 0).part(), Rulings(12, 5, 1).part()
        ('71 of 74 photos ruled on (96%), none wrongly', '5 of 12 photos ruled on (42%), 1 wrongly')
        """
        wrong = f"{self.wrong} wrongly" if self.wrong else "none wrongly"
        return (f"{self.rulings} of {self.photos} photos ruled on "
                f"({100 * self.rulings / max(self.photos, 1):.0f}%), {wrong}")


def dice_band(dice: int) -> int:
    """The ``DICE_BANDS`` band (its least number of dice) that a photo of ``dice`` dice is in.

    >>> [dice_band(n) for n in (1, 5, 6, 9, 10, 19, 20, 47)]
    [1, 1, 6, 6, 10, 10, 20, 20]
    """
    return max((b for b in DICE_BANDS if b <= dice), default=DICE_BANDS[0])


def band_name(band: int) -> str:
    """
    >>> [band_name(b) for b in DICE_BANDS]
    ['1-5 dice', '6-9 dice', '10-19 dice', '20+ dice']
    """
    i = DICE_BANDS.index(band)
    return (f"{band}+ dice" if i + 1 == len(DICE_BANDS)
            else f"{band}-{DICE_BANDS[i + 1] - 1} dice")


def rulings_part(rulings: int, wrong: int, photos: int, of: str = "photos") -> str:
    """The rulings figures of a bench line: the share of ``photos`` (or scenes) ruled on,
    and of those rulings, the share wrong.

    >>> rulings_part(40, 1, 50)
    'ruled on 80.0% of photos, 2.50% of them wrongly'
    """
    return (f"ruled on {100 * rulings / max(photos, 1):.1f}% of {of}, "
            f"{100 * wrong / max(rulings, 1):.2f}% of them wrongly")


def box_ruling(reading: Reading, labels: tuple[LabeledDie, ...]) -> tuple[bool, bool]:
    """(whether the box would rule on ``reading``, whether that ruling is wrong). The box
    rules only on a whole reading: every die read (nothing uncertain) and as many dice as
    its game says lie there (here: as many as are labelled); the ruling is wrong when the
    values read are not the labelled ones (a call is judged on the values, not on which
    die shows which).

    >>> two = LabeledDie.square(2, (20.0, 20.0), 20.0)
    >>> five = LabeledDie.square(5, (80.0, 20.0), 20.0)
    >>> read = Reading((Die(5, (20.0, 20.0), (10, 10, 30, 30), 0.9),
    ...                 Die(2, (80.0, 20.0), (70, 10, 90, 30), 0.9)))
    >>> box_ruling(read, (two, five)), box_ruling(read, (two, two)), box_ruling(read, (two,))
    ((True, False), (True, True), (False, False))
    """
    rules = verdict(reading.dice, reading.uncertain, len(labels)) is None
    wrong = rules and reading.values != tuple(sorted((d.value for d in labels), key=face_order))
    return rules, wrong


ON_A_DIE = 0.75  # a read die this x its box's side from a labelled die's centre is on it


def off_centre_wrong(reading: Reading, s: Score, labels: tuple[LabeledDie, ...]) -> int:
    """Read dice that match no label (``s`` scored them false) but lie on a labelled die of
    another value (within ``ON_A_DIE`` x their own box's side of its centre): a die read by
    its side face, placed off the top face its label boxes. The box would rule on them, so
    they are ruled wrong too.

    >>> two = LabeledDie.square(2, (100.0, 80.0), 30.0)  # a top face, seen at a slant
    >>> side = Die(4, (100.0, 110.0), (70, 80, 130, 140), 0.9)  # its side face, read
    >>> r = Reading((side,))
    >>> off_centre_wrong(r, match(r.dice, (two,)), (two,))
    1
    >>> elsewhere = Die(4, (300.0, 110.0), (270, 80, 330, 140), 0.9)  # a die with no label
    >>> alike = Die(2, (100.0, 110.0), (70, 80, 130, 140), 0.9)  # the two, placed off its face
    >>> [off_centre_wrong(Reading((d,)), match((d,), (two,)), (two,)) for d in (elsewhere, alike)]
    [0, 0]
    """
    return len({j for j, _ in read_off_centre(reading, s, labels)})


def read_off_centre(reading: Reading, s: Score, labels: tuple[LabeledDie, ...],
                    ) -> list[tuple[int, int]]:
    """(read die, label) index pairs of ``off_centre_wrong``: each read die that matches no
    label, with each labelled die of another value it lies on."""
    if not s.false:
        return []
    matched = set(match_places([d.center for d in reading.dice], labels).values())
    out = []
    for j, d in enumerate(reading.dice):
        if j in matched:
            continue
        c, side = box_centre(d.box), box_side(d.box)
        out += [(j, i) for i, lab in enumerate(labels)
                if lab.value != d.value and math.dist(c, lab.center) < ON_A_DIE * side]
    return out


def score_reading(reading: Reading, labels: tuple[LabeledDie, ...]) -> tuple[Score, int, int]:
    """(score of the sure dice, labeled dice found only as uncertain regions, ruled wrong:
    dice read with a wrong value, on their label or off its centre (``off_centre_wrong``))."""
    s = match(reading.dice, labels)
    missed = tuple(labels[i] for i in s.misses)
    regions = [Die(0, r.center, r.box, r.confidence) for r in reading.uncertain]
    located = match(regions, missed).found
    return s, located, len(s.wrong) + off_centre_wrong(reading, s, labels)


MISSED = "missed"  # ``left_unread``: a labelled die neither read nor located as uncertain
RULED_WRONG = "ruled wrong"  # ... read surely, as another value


def left_unread(reading: Reading, s: Score, labels: tuple[LabeledDie, ...]) -> Counter[str]:
    """Why each labelled die that ``reading`` (scored ``s``) did not read right was not:
    ``RULED_WRONG`` where a die was read on it as another value (on its label, or off its
    centre: ``off_centre_wrong``), else the reason of the uncertain region located on it (as
    ``score_reading`` locates them), else ``MISSED``. Where the dice a folder does not read
    right go: the figures a change to the reader must move. Labelled dice are counted
    here, read dice in the row's "ruled wrong": a side face read beside its die's right
    read counts there, not here.

    >>> from vision.types import Region
    >>> two = LabeledDie.square(2, (20.0, 20.0), 20.0)
    >>> five = LabeledDie.square(5, (80.0, 20.0), 20.0)
    >>> six = LabeledDie.square(6, (140.0, 20.0), 20.0)
    >>> touching = Region((20.0, 21.0), (10, 11, 30, 31), "dice touching: spread them", 0.8)
    >>> r = Reading((Die(3, (80.0, 20.0), (70, 10, 90, 30), 0.9),), (touching,))
    >>> sorted(left_unread(r, match(r.dice, (two, five, six)), (two, five, six)).items())
    [('dice touching: spread them', 1), ('missed', 1), ('ruled wrong', 1)]
    >>> side = Die(4, (140.0, 34.0), (130, 24, 150, 44), 0.9)  # the six's side face, read
    >>> r = Reading((side,))
    >>> dict(left_unread(r, match(r.dice, (six,)), (six,)))
    {'ruled wrong': 1}
    """
    read_on = {i for _, i in read_off_centre(reading, s, labels)}
    missed = [labels[i] for i in s.misses if i not in read_on]
    located = match_places([r.center for r in reading.uncertain], missed)
    out = Counter(reading.uncertain[j].reason for j in located.values())
    out[MISSED] += len(missed) - len(located)
    out[RULED_WRONG] += len(s.wrong) + len(read_on & set(s.misses))
    return +out  # the reasons that came up


def unread_part(unread: Counter[str], dice: int) -> str:
    """``left_unread`` summed over a row's ``dice`` labelled dice, commonest reason first.

    >>> unread_part(Counter({"missed": 2, "dice touching: spread them": 5}), 40)
    'not read right: 7 of 40 dice: dice touching: spread them 5 | missed 2'
    >>> unread_part(Counter(), 40)
    'not read right: none of 40 dice'
    """
    total = sum(unread.values())
    if not total:
        return f"not read right: none of {dice} dice"
    return (f"not read right: {total} of {dice} dice: "
            + " | ".join(f"{why} {n}" for why, n in unread.most_common()))


def with_unread(line: str, unread: Counter[str], dice: int) -> str:
    """A bench row's ``line`` and, indented under it, why its ``dice`` labelled dice not read
    right were not (``unread_part``): the probe rows and the teach rows print so.

    >>> print(with_unread("dark-cloth  60 scenes", Counter({"missed": 1}), 230))
    dark-cloth  60 scenes
      not read right: 1 of 230 dice: missed 1
    """
    return f"{line}\n  {unread_part(unread, dice)}"


def timed_read(image: np.ndarray, profile: Profile | None = None, expect: int | None = None,
               ) -> tuple[Reading, float]:
    """The reading and the processor milliseconds it took (this thread only)."""
    t0 = time.thread_time()
    reading = read_dice(image, expect=expect, profile=profile)
    return reading, (time.thread_time() - t0) * 1000.0


def capture_ms(image: np.ndarray) -> tuple[float, float]:
    """(wall, processor) read time of the photo enlarged (or shrunk) to the capture size."""
    frame = cv2.resize(image, CAPTURE, interpolation=cv2.INTER_LINEAR)
    reading, cpu = timed_read(frame)
    return reading.ms, cpu


def bench_folder(folder: Path, split: str | None, failures: Path | None = None,
                 verbose: bool = False, photos: list[LabeledPhoto] | None = None,
                 profile: Profile | None = None, name: str | None = None,
                 count_known: bool = False, change: Change | None = None,
                 scale: float | None = None) -> FolderResult:
    """One folder's row; ``count_known``: each photo read told how many dice it holds, as
    the box is by its game; ``change``: each photo as another camera or lamp shows it
    (``vision.camera_changes``); ``scale``: each photo scaled so (``rescaled``)."""
    photos = load_folder(folder, split) if photos is None else photos
    r = FolderResult(name or folder.name, len(photos), 0, 0, 0, 0, 0, 0.0)
    times, capture, cpu, capture_cpu = [], [], [], []
    for k, photo in enumerate(photos):
        image, labels = read_photo(photo.path), photo.dice
        if change is not None:
            image, labels = changed(image, labels, change)
        if scale is not None:
            image, labels = rescaled(image, labels, scale)
        reading, used = timed_read(image, profile, len(labels) if count_known else None)
        times.append(reading.ms)
        cpu.append(used)
        if len(labels) >= MANY_DICE:
            r.many_dice_cpu_ms.append(used)
        s, located, wrong = score_reading(reading, labels)
        r.labeled += s.labeled
        r.found += s.found + located
        r.right += s.right
        r.false += s.false
        r.entirely += s.entirely_right
        r.ruled_wrong += wrong
        r.unread += left_unread(reading, s, labels)
        r.count(len(labels), *box_ruling(reading, labels))
        if change is None and scale is None and k % CAPTURE_EVERY == 0:
            wall, used = capture_ms(image)
            capture.append(wall)
            capture_cpu.append(used)
        if not s.entirely_right:
            if verbose:
                miss = [(i, labels[i].value) for i in s.misses]
                print(f"  {photo.path.name}: missed {miss} wrong(label idx, read) "
                      f"{[(i, labels[i].value, v) for i, v in s.wrong]} false {s.false} "
                      f"uncertain {len(reading.uncertain)} ({located} on labeled dice)")
            if failures is not None:
                failures.mkdir(parents=True, exist_ok=True)
                out = annotate(image, reading)
                for i, lab in enumerate(labels):
                    x0, y0, x1, y1 = (int(v) for v in lab.box)
                    color = (255, 0, 255) if i in s.misses else (255, 160, 0)
                    cv2.rectangle(out, (x0, y0), (x1, y1), color, 1)
                    cv2.putText(out, str(lab.value), (x1 + 2, y1), cv2.FONT_HERSHEY_SIMPLEX,
                                0.45, color, 1, cv2.LINE_AA)
                tag = ("" if change is None else "-" + change.name.lower()) + (
                    "" if scale is None else f"-x{scale:g}")
                cv2.imwrite(str(failures / f"{folder.name}-{photo.path.stem}{tag}.png"), out)
    r.median_ms = statistics.median(times) if times else 0.0
    r.capture_ms = statistics.median(capture) if capture else 0.0
    r.cpu_ms = statistics.median(cpu) if cpu else 0.0
    r.capture_cpu_ms = statistics.median(capture_cpu) if capture_cpu else 0.0
    return r


def _change_name(change: Change) -> str:
    """A change as ``--change`` names it.

    >>> _change_name(Change.DARK_DICE)
    'dark-dice'
    """
    return change.name.lower().replace("_", "-")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="*", help="labeled folders (default: all in the photos dir)")
    ap.add_argument("--photos", type=Path, default=None, help="photos root")
    ap.add_argument("--split", choices=["all", "train", "heldout"], default=None,
                    help="photos to score (default: all; with --changes, heldout)")
    ap.add_argument("--failures", type=Path, default=None, help="write annotated failures here")
    ap.add_argument("-v", "--verbose", action="store_true", help="list each failing photo")
    ap.add_argument("--count-known", action="store_true",
                    help="tell the reader how many dice each photo holds, as the game tells "
                    "the box (fewer seen: fainter places are read too)")
    ap.add_argument("--changes", action="store_true",
                    help="also read each photo as other cameras and lamps would show it "
                    "(vision.camera_changes), one row per change")
    ap.add_argument("--scales", action="store_true",
                    help="also read each photo scaled as cameras of other resolutions show "
                    f"it (x{', x'.join(f'{k:g}' for k in SCALES)}), one row per scale")
    ap.add_argument("--tilts", action="store_true",
                    help="only the slanted-cubes probe, its scenes seen by cameras "
                    "tilted 5-20, 20-35 and 35-50 degrees off straight down")
    ap.add_argument("--teach", type=int, default=None, metavar="K",
                    help="teach a profile on K photos per folder, score both rows on the rest")
    ap.add_argument("--change", choices=[_change_name(c) for c in Change], default=None,
                    help="read (and teach on) every photo as this camera change shows it; "
                    "the folders only")
    ap.add_argument("--picks", type=int, default=1, metavar="N",
                    help="with --teach: N picks of the K photos (each one photo on from the "
                    "last; at most photos / K), both rows summed over them (the picks' median "
                    "times)")
    args = ap.parse_args(argv)
    if args.picks < 1:
        ap.error("--picks must be 1 or more")
    if args.change is not None and (args.changes or args.scales or args.tilts):
        ap.error("--change is one change for the folder rows or --teach; --changes, --scales "
                 "and --tilts make their own rows")
    cv2.setNumThreads(1)
    warm_up()  # no photo's time holds the networks' loading or OpenCV's first-use tables
    if args.tilts:  # drawn scenes only: no photos needed
        print(f"the slanted cubes by the camera's tilt, one thread; {yardstick_part()}")
        for band in TILT_BANDS:
            row = bench_probe(Probe.SLANTED_CUBES, name=f"cubes {band[0]:.0f}-{band[1]:.0f} deg",
                              tilt=band)
            print(row.line(), flush=True)
            print("  " + measured_tilts(row), flush=True)
        return 0
    root = args.photos or photos_root()
    folders = [Path(f) if Path(f).exists() else root / f for f in args.folders] or sorted(
        p for p in root.iterdir() if (p / "labels.json").exists()) if root.exists() else []
    if not folders:
        print(f"no labeled folders under {root}", file=sys.stderr)
        return 2
    for folder in folders:
        if not (folder / "labels.json").exists():
            print(f"{folder}: no labels.json (not a labeled folder)", file=sys.stderr)
            return 2
    split_name = args.split or ("heldout" if args.changes else "all")
    split = None if split_name == "all" else split_name
    read_dice(read_photo(next(folders[0].glob("*.jpg"))))  # load the networks
    print(f"split: {split_name}" + (", count known" if args.count_known else "")
          + f"; OpenCV {cv2.__version__}, networks in {M.ENGINE}, one thread; "
          + yardstick_part())
    change = None if args.change is None else next(c for c in Change
                                                   if _change_name(c) == args.change)
    if args.teach is not None:
        return bench_teach(folders, split, args.teach, args.verbose, args.picks, change)
    if args.changes:
        return bench_changes(folders, split, args.failures, args.verbose, args.count_known,
                             probes=not args.folders)
    if args.scales:
        return bench_scales(folders, split, args.failures, args.verbose, args.count_known)
    results = []
    for folder in folders:
        results.append(bench_folder(folder, split, args.failures, args.verbose,
                                    count_known=args.count_known, change=change))
        print(results[-1].line(), flush=True)
    for r in results:
        print(r.capture_line())
    for r in results:
        print(r.by_dice_line())
    for r in results:
        print(r.unread_line())
    if not args.folders and change is None:
        print("probe scenes (drawn by code no network trained on; 60 each):")
        for probe in Probe:
            row = bench_probe(probe, count_known=args.count_known)
            print(with_unread(row.line(), row.unread, row.dice), flush=True)
        print("the same, as the box reads them (told the count, with a frame of the empty "
              "tray):")
        for probe in Probe:
            row = bench_probe(probe, name=f"{probe.value}+box", count_known=True,
                              reference=True)
            print(with_unread(row.line(), row.unread, row.dice), flush=True)
    return 0


def yardstick_part() -> str:
    """The bench's first line's words on this machine's speed (``yardstick``)."""
    return f"yardstick: the classifier reads a crop in {yardstick():.3f} ms (processor time)"


def yardstick(runs: int = YARDSTICK_RUNS) -> float:
    """This machine's speed, to set the bench's times against: the first classifier's
    processor time a crop (ms), the fastest of ``runs`` reads of one fixed batch of
    ``YARDSTICK_CROPS`` crops of noise. A network's time hardly drifts with what else the
    machine does, where a whole read's does (by about 30% within a session here); the
    reader's times scale roughly with it from machine to machine (half of a crowded frame's
    time is networks).

    >>> 0.0 < yardstick(2) < 100.0
    True
    """
    crops = np.random.default_rng(0).integers(0, 256, (YARDSTICK_CROPS, M.CROP, M.CROP, 3),
                                             dtype=np.uint8)
    x = M.patches_input(crops)
    M.run_classifier_raw(x)  # loaded, and its first run's set-up paid
    times = []
    for _ in range(runs):
        start = time.process_time()
        M.run_classifier_raw(x)
        times.append(time.process_time() - start)
    return min(times) / YARDSTICK_CROPS * 1000.0


def bench_changes(folders: list[Path], split: str | None, failures: Path | None,
                  verbose: bool, count_known: bool, probes: bool = False) -> int:
    """The ``--changes`` rows: per folder, the photos as they are, then through each
    change, then every change together; with ``probes``, each probe kind likewise."""
    for folder in folders:
        _through_changes(folder, folder.name, FolderResult.summed, lambda f, change, name:
                         bench_folder(f, split, None if change is None else failures, verbose,
                                      name=name, count_known=count_known, change=change))
    if probes:
        print("probe scenes through the changes (60 each):")
        for probe in Probe:
            _through_changes(probe, probe.value, ProbeResult.summed, lambda p, change, name:
                             bench_probe(p, name=name, count_known=count_known,
                                         change=change))
    return 0


def bench_scales(folders: list[Path], split: str | None, failures: Path | None,
                 verbose: bool, count_known: bool) -> int:
    """The ``--scales`` rows: per folder, the photos as they are, then scaled by each of
    ``SCALES``."""
    for folder in folders:
        photos = load_folder(folder, split)
        print(bench_folder(folder, split, None, verbose, photos, name=folder.name,
                           count_known=count_known).line(), flush=True)
        for k in SCALES:
            row = bench_folder(folder, split, failures, verbose, photos, name=f"  x{k:g}",
                               count_known=count_known, scale=k)
            print(row.line(), flush=True)
    return 0


def _through_changes(subject: Scored, name: str, summed: Callable[[str, list[Row]], Row],
                     read: Callable[[Scored, Change | None, str], Row]) -> None:
    """Print ``subject``'s row (``read``) as it is, then a row through each change, then
    those changes ``summed`` as "``name`` changed"."""
    print(read(subject, None, "").line(), flush=True)
    rows = []
    for change in Change:
        rows.append(read(subject, change, f"  {change.value}"))
        print(rows[-1].line(), flush=True)
    print(summed(f"{name} changed", rows).line(), flush=True)


@dataclass
class ProbeResult:
    name: str
    scenes: int = 0
    dice: int = 0
    found: int = 0  # dice read or located as uncertain
    right: int = 0  # dice read with the right value
    count_right: int = 0
    exactly_right: int = 0
    ruled_wrong: int = 0
    false: int = 0  # dice read where no die lies
    median_ms: float = 0.0
    rulings: int = 0  # scenes the box would rule on (``box_ruling``)
    rulings_wrong: int = 0  # ... whose values are not the drawn ones
    tilts: list[float] = field(default_factory=list)  # with ``tilt``: the camera's tilt
    #                    measured on each scene's read pips, where it could be (degrees)
    unread: Counter[str] = field(default_factory=Counter)  # ``left_unread``, every scene's

    def line(self) -> str:
        n = max(self.scenes, 1)
        return (f"{self.name:14s} {self.scenes:4d} scenes {self.dice:5d} dice | "
                f"found {100 * self.found / max(self.dice, 1):6.2f}% | "
                f"values right {100 * self.right / max(self.found, 1):6.2f}% | "
                f"right count {100 * self.count_right / n:6.2f}% | "
                f"exactly right {100 * self.exactly_right / n:6.2f}% | "
                f"ruled wrong {100 * self.ruled_wrong / max(self.dice, 1):5.2f}% | "
                f"false {self.false / n:.2f}/scene | median {self.median_ms:.1f} ms | "
                + rulings_part(self.rulings, self.rulings_wrong, self.scenes, "scenes"))

    @classmethod
    def summed(cls, name: str, rows: list[ProbeResult]) -> ProbeResult:
        """One row counting every scene and die of ``rows``, timed by the median of their
        medians."""
        return cls(name, sum(r.scenes for r in rows), sum(r.dice for r in rows),
                   sum(r.found for r in rows), sum(r.right for r in rows),
                   sum(r.count_right for r in rows), sum(r.exactly_right for r in rows),
                   sum(r.ruled_wrong for r in rows), sum(r.false for r in rows),
                   statistics.median(r.median_ms for r in rows),
                   sum(r.rulings for r in rows), sum(r.rulings_wrong for r in rows),
                   [t for r in rows for t in r.tilts], sum((r.unread for r in rows), Counter()))


Row = TypeVar("Row", FolderResult, ProbeResult)  # a bench row of either kind
Scored = TypeVar("Scored", Path, Probe)  # ... and what it scores: a folder or a probe kind


PROBE_TEACH_SEED = 1000  # probe scenes taught from here on; the scored ones are 0..59


def measured_tilts(result: ProbeResult) -> str:
    """How the camera's tilt measured on the pips (``vision.camera_tilt``) came out on a
    ``--tilts`` row's scenes (``ProbeResult.tilts``): its median and tenth and ninetieth
    percentiles, the share of scenes it measured at all and of them called steep."""
    said = result.tilts
    if not said:
        return "camera tilt measured on no scene"
    lo, mid, hi = np.percentile(said, [10, 50, 90])
    steep = sum(d > STEEP for d in said)
    return (f"camera tilt measured on {100 * len(said) / max(result.scenes, 1):.0f}% of "
            f"scenes: median {mid:.0f} degrees ({lo:.0f}-{hi:.0f}), over {STEEP:.0f} in "
            f"{steep} of {len(said)}")


def probe_labels(drawn: list[ProbeDie]) -> tuple[LabeledDie, ...]:
    """A probe scene's dice as labels (a square box the die's side)."""
    return tuple(LabeledDie.square(d.value, d.center, d.side) for d in drawn)


def bench_probe(probe: Probe, scenes: int = 60, profile: Profile | None = None,
                name: str = "", count_known: bool = False,
                reference: bool = False, change: Change | None = None,
                tilt: tuple[float, float] | None = None) -> ProbeResult:
    """A probe kind scored as the issue scores its unseen scenes: per die as the folders are
    (found, values right of those found), per scene (the right number of dice, read or
    located as uncertain; exactly the right values: all read, all right), and dice read
    sure but wrong; read with ``profile`` if given, told the number of dice
    with ``count_known``, and with a frame of the scene's empty tray with ``reference``
    (``probe_scenes.empty_tray``), as the box reads its tray; with ``change``, each scene
    as another camera or lamp shows it (``vision.camera_changes``; not with ``reference``);
    ``tilt``: the slanted cubes seen by a camera that many degrees off straight down, the
    tilt measured on each reading's pips kept in ``tilts`` (``measured_tilts``).
    """
    if change is not None and reference:
        raise ValueError("a changed scene has no empty tray of its own")
    r = ProbeResult(name or probe.value, scenes)
    times = []
    for seed in range(scenes):
        image, drawn = probe_scene(probe, seed, tilt)
        labels = probe_labels(drawn)
        if change is not None:
            image, labels = changed(image, labels, change)
        tray = EmptyTray(empty_tray(probe, seed)) if reference else None
        reading = read_dice(image, len(labels) if count_known else None, profile=profile,
                            reference=tray)
        times.append(reading.ms)
        s, located, wrong = score_reading(reading, labels)
        r.dice += len(labels)
        r.found += s.found + located
        r.right += s.right
        r.count_right += len(reading.dice) + len(reading.uncertain) == len(labels)
        r.exactly_right += s.entirely_right and not reading.uncertain
        r.ruled_wrong += wrong
        r.unread += left_unread(reading, s, labels)
        r.false += s.false
        rules, ruled_wrongly = box_ruling(reading, labels)
        r.rulings += rules
        r.rulings_wrong += ruled_wrongly
        measured = camera_tilt(image, reading.dice) if tilt is not None else None
        if measured is not None:
            r.tilts.append(measured.degrees)
    r.median_ms = statistics.median(times)
    return r


def teach_picks(n: int, k: int, shift: int = 0) -> set[int]:
    """The indexes of the ``k`` of ``n`` photos a ``--teach`` profile learns from: spread
    evenly over the folder, ``shift`` photos on from the first pick's.

    >>> sorted(teach_picks(20, 5)), sorted(teach_picks(20, 5, 1)), sorted(teach_picks(20, 5, 4))
    ([0, 4, 8, 12, 16], [1, 5, 9, 13, 17], [0, 4, 8, 12, 16])
    >>> teach_picks(3, 5)
    set()
    """
    if not 0 < k < n:
        return set()
    return {(i * n // k + shift) % n for i in range(k)}


def teach_rows(folder: Path, split: str | None, k: int, verbose: bool = False,
               picks: int = 1, change: Change | None = None) -> tuple[FolderResult, FolderResult]:
    """The folder's two ``--teach K`` rows, plain and taught, each summed over ``picks``
    picks of the K photos (``teach_picks``; their median times); ``change``: every photo,
    the taught ones too, as that camera change shows it."""
    from vision.teach import teach_photos

    photos = load_folder(folder, split)
    picks = max(1, min(picks, len(photos) // max(k, 1)))  # more would repeat a pick
    suffix = (f" {change.value}" if change is not None else "") + (
        f" ({picks} picks)" if picks > 1 else "")
    plain: list[FolderResult] = []
    taught_rows: list[FolderResult] = []
    for shift in range(picks):
        chosen = teach_picks(len(photos), k, shift)
        taught = [p for i, p in enumerate(photos) if i in chosen]
        rest = [p for i, p in enumerate(photos) if i not in chosen]
        shown = [(read_photo(p.path), p.dice) for p in taught]
        profile = teach_photos(shown if change is None else
                               [changed(img, dice, change) for img, dice in shown])
        plain.append(bench_folder(folder, split, None, verbose, rest, change=change))
        taught_rows.append(bench_folder(folder, split, None, verbose, rest, profile,
                                        change=change))
        if profile.look is not Look.AS_SEEN:
            print(f"  pick {shift + 1}: read with the {profile.look.value}", flush=True)
    return (FolderResult.summed(folder.name + suffix, plain),
            FolderResult.summed(f"{folder.name}+teach{k}{suffix}", taught_rows))


def bench_teach(folders: list[Path], split: str | None, k: int, verbose: bool,
                picks: int = 1, change: Change | None = None) -> int:
    """The ``--teach K`` protocol: both rows per folder (``teach_rows``), then the probes
    and symbol dice on renders (not with a ``change``: the folders only)."""
    from vision.bench_symbols import CROSS, bench_style
    from vision.synthetic_symbols import STYLES
    from vision.teach import teach_photos

    for folder in folders:
        for row in teach_rows(folder, split, k, verbose, picks, change):
            print(with_unread(row.line(), row.unread, row.labeled), flush=True)
    if change is not None:
        return 0
    print(f"probe scenes (taught on {k} more scenes of the kind; 60 each):")
    for probe in Probe:
        scenes = [probe_scene(probe, PROBE_TEACH_SEED + i) for i in range(k)]
        profile = teach_photos([(image, probe_labels(drawn)) for image, drawn in scenes])
        for prof, name in ((None, probe.value), (profile, f"{probe.value}+teach{k}")):
            scored = bench_probe(probe, profile=prof, name=name)
            print(with_unread(scored.line(), scored.unread, scored.dice), flush=True)
    print("symbol dice on renders (taught 5 pictures a face; 100 rolls of 2 dice a style):")
    for i, style in enumerate(STYLES):
        print(bench_style(style, style, i, 100).line(), flush=True)
    for i, (one, other) in enumerate(CROSS):
        print(bench_style(one, other, i, 50).line(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
