"""The reader on scenes drawn by code no network trained on (``vision.probe_scenes``)."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision import model as M
from vision import reader as R
from vision.bench import PROBE_TEACH_SEED, bench_probe, probe_labels
from vision.camera_changes import Change, changed
from vision.dataset import match, match_places
from vision.die_body import SHOWN
from vision.looks import Look
from vision.probe_scenes import (
    GREY,
    PIP_CONTRAST,
    PIP_GREY_CONTRAST,
    Probe,
    empty_tray,
    marbled_set,
    marbled_style,
    probe_scene,
)
from vision.profile import Profile
from vision.reader import read_dice
from vision.reference import EmptyTray
from vision.teach import teach_photos
from vision.types import TOUCHING_DICE
from vision.uncertain_looks import shows_body


def test_probe_scenes_are_reproducible_and_hold_what_they_say() -> None:
    for probe in Probe:
        a, dice = probe_scene(probe, 5)
        b, again = probe_scene(probe, 5)
        assert np.array_equal(a, b) and dice == again
        h, w = a.shape[:2]
        assert all(0 < d.center[0] < w and 0 < d.center[1] < h for d in dice)
    assert probe_scene(Probe.SLANTED_WOOD, 1)[0].shape == (720, 1280, 3)


def test_easy_white_dice_on_dark_cloth_are_all_found_and_read_at_any_turn() -> None:
    """The issue's plain unseen scene: isolated white dice ~30 px, turned 0-90 degrees."""
    r = bench_probe(Probe.DARK_CLOTH, 12)
    assert r.count_right == r.scenes
    assert r.exactly_right >= 0.9 * r.scenes
    assert r.ruled_wrong == 0


def test_slanted_coloured_dice_are_never_ruled_wrong() -> None:
    """A slanted webcam over coloured dice: what the reader is sure of is right, and it
    counts the dice (read or uncertain) in nearly every scene."""
    r = bench_probe(Probe.SLANTED_WOOD, 12)
    assert r.ruled_wrong == 0
    assert r.count_right >= 0.8 * r.scenes


def test_slanted_cubes_show_side_faces_and_are_labelled_at_their_top_face() -> None:
    """A cube seen at a slant: its top face's label lies inside the die's drawn pixels,
    above the middle of its side faces (the camera looks from the near side, the image's
    bottom), and the die's drawn area is well over its top face's (side faces show)."""
    for seed in range(4):
        img, dice = probe_scene(Probe.SLANTED_CUBES, seed)
        floor = empty_tray(Probe.SLANTED_CUBES, seed)
        diff = np.abs(img.astype(np.int16) - floor.astype(np.int16)).max(axis=2)
        drawn = cv2.GaussianBlur(diff.astype(np.float32), (0, 0), 2.0) > 12
        for d in dice:
            x, y, r = int(d.center[0]), int(d.center[1]), int(1.5 * d.side)
            near = drawn[max(0, y - r):y + r, max(0, x - r):x + r]
            assert drawn[y, x]
            assert near.sum() > 1.4 * d.side ** 2  # more than the top face alone
            rows = np.nonzero(near.any(axis=1))[0]
            assert rows.mean() + max(0, y - r) > y  # the die reaches farther down than up


def test_slanted_cubes_are_mostly_found_though_side_faces_fool_the_reader() -> None:
    """The slanted webcam with its side faces (``vision.probe_cubes``): nearly every die is
    found, read or uncertain. A known weakness, measured (``scripts/bench-vision``): a side
    face as large as the top at 40-50 degrees is sometimes read as the top."""
    r = bench_probe(Probe.SLANTED_CUBES, 12)
    assert r.found >= 0.85 * r.dice
    assert r.count_right >= 0.75 * r.scenes


@pytest.mark.parametrize("seed", [8, 32, 57, 58])
def test_slanted_dice_under_a_warm_lamp_are_turned_by_their_colours_and_read(
        seed: int) -> None:
    """Under a tungsten lamp the red die with yellow pips is as bright as the wood in grey,
    whose grain then set its turn (crops at 45 degrees, read 0.3-0.65 sure, uncertain);
    its colours show its edges (``model.die_angles``)."""
    image, drawn = probe_scene(Probe.SLANTED_WOOD, seed)
    image, labels = changed(image, probe_labels(drawn), Change.WARM_LAMP)
    reading = read_dice(image)
    assert not reading.uncertain
    assert match(reading.dice, labels).entirely_right


def test_lone_dice_of_any_size_and_colouring_are_never_ruled_wrong() -> None:
    """The issue's "never lose an easy die": lone dice 25-150 px of six colourings on plain
    floors, large dice in a 640x480 frame among them (found by the coarser look); what is
    read is right (60 scenes: 98% the right count, 95% exactly right; 20 here: 95 and 90%,
    the issue's targets for an unseen plain scene)."""
    r = bench_probe(Probe.LONE_DICE, 20)
    assert r.ruled_wrong == 0
    assert r.count_right >= 0.95 * r.scenes and r.exactly_right >= 0.9 * r.scenes


def test_lone_dice_scenes_span_the_sizes_and_frames_the_issue_names() -> None:
    scenes = [probe_scene(Probe.LONE_DICE, s) for s in range(30)]
    sides = [d.side for _, dice in scenes for d in dice]
    assert 25 <= min(sides) < 40 and 100 < max(sides) <= 150
    assert {img.shape[:2] for img, _ in scenes} == {(480, 640), (960, 1280)}
    assert all(1 <= len(dice) <= 3 for _, dice in scenes)


def test_dice_larger_than_the_issue_asks_for_are_never_ruled_wrong() -> None:
    """A camera close over one or two dice, 100-220 px across in a 640x480 frame: the finer
    looks may read such a die in parts, or another value at a pair's end (60 scenes: 88.3%
    exactly right, none ruled wrong, since round 35 reads a large one by its face; 12 here:
    11)."""
    scenes = [probe_scene(Probe.LARGE_DICE, s) for s in range(30)]
    sides = [d.side for _, dice in scenes for d in dice]
    assert 100 <= min(sides) < 120 and 200 < max(sides) <= 220
    assert {len(dice) for _, dice in scenes} == {1, 2}
    r = bench_probe(Probe.LARGE_DICE, 12)
    assert r.ruled_wrong == 0 and r.exactly_right >= 0.6 * r.scenes


@pytest.fixture(scope="module")
def slanted_profile() -> Profile:
    """Taught as ``scripts/bench-vision --teach 5`` teaches: five slanted scenes the scored
    ones never use (ten dice: faces 2 and 5 are seen once, face 1 never)."""
    scenes = [probe_scene(Probe.SLANTED_WOOD, PROBE_TEACH_SEED + i) for i in range(5)]
    return teach_photos([(image, probe_labels(drawn)) for image, drawn in scenes])


def test_a_profile_taught_on_other_scenes_of_the_kind_rules_nothing_wrongly(
        slanted_profile: Profile) -> None:
    """``scripts/bench-vision --teach K`` teaches each probe kind on scenes the scored ones
    never use; taught, the reader still counts the dice and rules on none wrongly."""
    assert PROBE_TEACH_SEED >= 60 and slanted_profile.faces
    r = bench_probe(Probe.SLANTED_WOOD, 12, profile=slanted_profile, name="taught")
    assert r.name == "taught" and r.ruled_wrong == 0
    assert r.count_right >= 0.8 * r.scenes


def _read(seed: int, profile: Profile | None) -> list[int]:
    image, _ = probe_scene(Probe.SLANTED_WOOD, seed)
    reading = read_dice(image, profile=profile)
    return sorted(int(d.value) for d in reading.dice) if not reading.uncertain else []


def test_a_die_nearer_the_camera_than_the_taught_ones_is_found_by_its_colour(
        slanted_profile: Profile, without_missed_dice: None) -> None:
    """Scene 7's red two (67 px; the taught dice are 83 px at the median) gets no detector
    peak; the taught colours find it, looked at at its own size (the reader's own look
    for dice nothing marked finds it too: ``tests/vision/test_missed_dice.py``)."""
    assert slanted_profile.side > 80
    assert _read(7, None) == [3]
    assert _read(7, slanted_profile) == [2, 3]


def test_a_face_taught_once_never_makes_the_profile_doubt_a_sure_read(
        slanted_profile: Profile) -> None:
    """Only the red die showed a five when teaching: scene 16's cream five, read surely by
    the reader, is not made a re-read because the profile has never seen a cream five."""
    assert 5 in slanted_profile.kinds and 5 not in slanted_profile.well_known
    assert _read(16, None) == _read(16, slanted_profile) == [5, 6]


def test_a_known_count_finds_a_die_the_detector_barely_marks(without_missed_dice: None,
                                                             ) -> None:
    """Scene 7's red two gets only a faint detector peak; told that two dice lie there (the
    game knows), the reader looks at fainter places too and reads it."""
    image, _ = probe_scene(Probe.SLANTED_WOOD, 7)
    assert sorted(int(d.value) for d in read_dice(image).dice) == [3]
    both = read_dice(image, expect=2)
    assert both.ok and sorted(int(d.value) for d in both.dice) == [2, 3]


def test_the_benchmark_can_tell_the_reader_the_count_as_the_box_does(
        without_missed_dice: None) -> None:
    """``scripts/bench-vision --count-known``: scene 7's faint red two is then read too."""
    plain = bench_probe(Probe.SLANTED_WOOD, 12)
    known = bench_probe(Probe.SLANTED_WOOD, 12, count_known=True)
    assert known.exactly_right == plain.exactly_right + 1 and known.ruled_wrong == 0


def test_a_die_that_is_not_there_is_never_read_into_the_floor() -> None:
    """One die more than lie there (one fell off the table): the reader reports the dice it
    sees, never a sure die made of the floor."""
    for seed in range(6):
        image, drawn = probe_scene(Probe.SLANTED_WOOD, seed)
        plain = read_dice(image)
        more = read_dice(image, expect=len(drawn) + 1)
        assert not more.ok and more.dice == plain.dice


def test_the_probe_is_scored_per_die_too() -> None:
    """The issue scores its slanted scene per die (found, values right) as well as per scene."""
    r = bench_probe(Probe.SLANTED_WOOD, 12)
    assert r.dice >= r.found >= r.right > 0.9 * r.dice
    assert "found" in r.line() and "values right" in r.line()


def test_a_red_five_seen_long_at_the_slant_and_marked_twice_is_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Scene 10's red five gets two detector peaks, top face and side. The two opinions,
    trained on slanted dice, read it 0.97-0.99 surely; the first classifier, never trained
    on them, 0.87-0.92: enough for a free die, not for a pressed one. Held to the pressed
    threshold everywhere, the reader leaves the side face's mark uncertain (a re-read) and
    reads no die wrongly: the top face's mark, turned 19 degrees, is its neighbour's size
    apart in die sides, as two dice side by side would be, so the four-view look reads it.
    (Since the calibration for OpenCV 4.11, free dice 0.705, the side face's mark, 0.65, is
    left uncertain by the plain reader too.)"""
    image, drawn = probe_scene(Probe.SLANTED_WOOD, 10)
    assert sorted(d.value for d in drawn) == [4, 5]
    reading = read_dice(image)
    assert sorted(int(d.value) for d in reading.dice) == [4, 5]
    assert match(reading.dice, probe_labels(drawn)).wrong == ()
    assert [r.reason for r in reading.uncertain] == [TOUCHING_DICE]
    cal = M.calibration()  # the first classifier held to the pressed threshold: two regions
    monkeypatch.setattr(M, "calibration", lambda: replace(
        cal, sure=cal.sure_touching, sure_pressed_easy=cal.sure_touching))
    monkeypatch.setattr(R, "looked_coarser", lambda fr, read, unsure: [])  # it reads the five whole
    strict = read_dice(image)
    assert strict.uncertain and strict.problem  # the box asks for a re-read
    assert match(strict.dice, probe_labels(drawn)).wrong == ()  # and reads nothing wrongly


def test_touching_pairs_are_drawn_touching() -> None:
    """Each pair's dice lie a side (edge to edge) to 1.6 sides (corner to corner) apart."""
    for seed in range(10):
        _, dice = probe_scene(Probe.TOUCHING_DICE, seed)
        assert len(dice) % 2 == 0
        for a, b in zip(dice[::2], dice[1::2], strict=True):
            gap = np.hypot(a.center[0] - b.center[0], a.center[1] - b.center[1]) / a.side
            assert 1.0 <= gap <= 1.1 * np.sqrt(2) + 1e-6


def test_touching_dice_are_mostly_read_and_never_ruled_wrong_more_than_once() -> None:
    """The dark cloth's other failure, "two touching dice become one", on pairs drawn by
    code (60 scenes: 95% found, 72% the right count, no die ruled wrong since the
    calibration for OpenCV 4.11; before it, 1 of 230: a two turned 45 degrees whose two pips
    the detector took for two dice, one read as a one). Round 27's look at pairs
    (``vision.paired_dice``): 98.7% found, 91.7% the right count, 90.0% exactly right (was
    78.3%). A floor, not a target."""
    r = bench_probe(Probe.TOUCHING_DICE)
    assert r.found >= 0.97 * r.dice and r.count_right >= 0.85 * r.scenes
    assert r.exactly_right >= 0.85 * r.scenes
    assert r.ruled_wrong <= 1


def test_pale_dice_on_a_pale_floor_are_drawn_the_floor_s_colour() -> None:
    """The pale-floor probe: each die's face within a few grey levels of the floor beside
    it (the pips are what shows), touching pairs in some scenes, apart in others."""
    pairs = 0
    for seed in range(12):
        img, dice = probe_scene(Probe.PALE_FLOOR, seed)
        grey = img.astype(np.float32).mean(axis=2)
        floor = float(np.median(grey))
        assert floor > 170
        for d in dice:
            x, y, r = int(d.center[0]), int(d.center[1]), int(d.side * 0.45)
            face = grey[y - r:y + r, x - r:x + r]
            assert abs(float(np.median(face)) - floor) < 35
        gaps = [np.hypot(a.center[0] - b.center[0], a.center[1] - b.center[1]) / a.side
                for a, b in zip(dice[::2], dice[1::2], strict=False)]
        pairs += bool(gaps) and max(gaps) <= 1.1 * np.sqrt(2) + 1e-6
    assert 2 <= pairs <= 10


def test_pale_dice_on_a_pale_floor_are_mostly_found_and_rarely_ruled_wrong() -> None:
    """Dice the colour of their floor, found by their pips alone (60 scenes: 94.9% found,
    66.7% exactly right, none ruled wrong; 91.1% and 58.3% before the pip look; round 27,
    with the look at pairs and a turned die's own pips outside its box: 80.0% exactly
    right). A floor, not a target; as the box reads them (told the count, with the empty
    tray) more are found."""
    r = bench_probe(Probe.PALE_FLOOR)
    assert r.found >= 0.93 * r.dice and r.exactly_right >= 0.75 * r.scenes
    assert r.ruled_wrong == 0
    box = bench_probe(Probe.PALE_FLOOR, count_known=True, reference=True)
    assert box.found >= 0.95 * box.dice and box.ruled_wrong <= r.ruled_wrong


def test_a_scene_s_empty_tray_is_its_floor_without_the_dice() -> None:
    """The box's reference frame for a probe scene: away from the dice it is the scene's
    floor (another frame's sensor noise apart), on the dice it is not, and the reader finds
    no die in it."""
    for probe in Probe:
        img, dice = probe_scene(probe, 4)
        floor = empty_tray(probe, 4)
        assert floor.shape == img.shape and floor.dtype == np.uint8
        away = np.ones(img.shape[:2], bool)
        for d in dice:
            x, y, r = int(d.center[0]), int(d.center[1]), int(d.side)
            away[max(0, y - r):y + r, max(0, x - r):x + r] = False
        diff = np.abs(floor.astype(np.int16) - img.astype(np.int16)).max(axis=2)
        assert float(np.median(diff[away])) <= 4.0
        for d in dice:  # a die's middle (its centre may be a pip the felt's colour)
            x, y, r = int(d.center[0]), int(d.center[1]), int(0.35 * d.side)
            assert diff[y - r:y + r, x - r:x + r].max() > 20
        assert read_dice(floor).dice == ()


def test_as_the_box_reads_them_the_empty_tray_finds_dice_the_photo_alone_misses() -> None:
    """Told the count and given a frame of the empty tray, as the box is, the reader reads
    more scenes exactly right than told the count alone (60 scenes: touching dice 68.3 ->
    70.0% in round 16; pale floors 20 scenes here 11 -> 13), and rules no more wrongly. On
    lone dice the pip look (``vision.pip_clusters``) now reads with the count alone the two
    the empty tray used to find, and on touching dice (round 21) the look beside a read die
    (``vision.faint_neighbours``) and one face boxed twice read as one (``SAME_FACE``) read
    the scenes it found: no fewer there, and no fewer dice found (touching-dice scene 14:
    the empty tray finds a one the count alone misses, beside a three seen as two marks too
    small to count, so the count of places is one over). Since round 27 the count alone
    reads as many of the pale floors' first 20 scenes as the empty tray (15): a one seen
    only as its pip is read at the set's size (``uncertain_looks.ones_of_pips``)."""
    for probe in (Probe.TOUCHING_DICE, Probe.PALE_FLOOR, Probe.LONE_DICE):
        told = bench_probe(probe, 20, count_known=True)
        box = bench_probe(probe, 20, count_known=True, reference=True)
        assert box.exactly_right >= told.exactly_right
        assert box.ruled_wrong <= told.ruled_wrong and box.found >= told.found


def test_a_tray_on_a_table_of_another_shade_keeps_its_dice_as_the_box_reads_them() -> None:
    """Tray-on-table scene 24: two green dice in a purple tray that fills about half the
    frame, read right from the photo alone. Given the empty tray, the box read nothing at
    all: the two frames' light was levelled by their medians, which the dice moved from
    the tray's shade to the table's, so the gain came out 1.13-1.18, every pixel "changed"
    by noise, and the dice were dropped as a pattern of the tray. The gain is now the
    median of the pixels' own ratios."""
    image, drawn = probe_scene(Probe.TRAY_ON_TABLE, 24)
    box = read_dice(image, expect=len(drawn),
                    reference=EmptyTray(empty_tray(Probe.TRAY_ON_TABLE, 24)))
    scored = match(box.dice, probe_labels(drawn))
    assert scored.entirely_right and box.uncertain == () and len(box.dice) == 2


def test_an_empty_tray_seen_in_another_light_is_no_reason_to_drop_the_dice() -> None:
    """Slanted-wood scene 3 with its empty tray's frame taken under a light no gain
    matches (the grain's tones through a gamma of 4: the lamp or the exposure curve
    changed): the two frames' least change came out at 417, every die looked unchanged
    and both were dropped as the tray's. Such a frame matches nothing, and the box reads
    the dice as the count alone reads them."""
    image, drawn = probe_scene(Probe.SLANTED_WOOD, 3)
    floor = empty_tray(Probe.SLANTED_WOOD, 3).astype(np.float64)
    other_light = EmptyTray((255 * (floor / 255) ** 4.0).astype(np.uint8))
    assert other_light.changed(image) is None
    told = read_dice(image, expect=len(drawn))
    box = read_dice(image, expect=len(drawn), reference=other_light)
    assert len(told.dice) == len(drawn) and box.dice == told.dice


def test_a_two_whose_pips_were_marked_as_two_dice_is_not_read_as_a_one() -> None:
    """Pale-floor scene 12: a red two on a white die on pale paper, its body barely showing.
    The detector marks each pip as a small die, touching the other; one pip was read as a
    one (0.78), surely, while the other stayed unsure. Two like-sized ones side by side
    are read only when both are sure (``candidate_looks.ones_in_doubt``): both are
    uncertain now."""
    image, drawn = probe_scene(Probe.PALE_FLOOR, 12)
    reading = read_dice(image)
    labels = probe_labels(drawn)
    assert match(reading.dice, labels).wrong == ()
    two = next(d for d in drawn if d.value == 2 and d.center[0] > 500)
    near = [r for r in reading.uncertain
            if np.hypot(r.center[0] - two.center[0], r.center[1] - two.center[1]) < two.side]
    assert len(near) == 2 and TOUCHING_DICE in {r.reason for r in near}
    assert not [d for d in reading.dice
                if np.hypot(d.center[0] - two.center[0], d.center[1] - two.center[1]) < two.side]


def test_a_pip_marked_as_a_die_on_a_read_die_is_no_uncertain_region() -> None:
    """Pale-floor scene 24: a black two on a white die on pale paper, read right; the
    detector also marked one of its pips as a small die, which stayed an uncertain region
    ("dice touching") on the two's own face, so the scene held one place too many. A
    mark on a read die's face, smaller than it, is one of its pips
    (``uncertain_looks.off_read_dice``)."""
    image, drawn = probe_scene(Probe.PALE_FLOOR, 24)
    reading = read_dice(image)
    assert match(reading.dice, probe_labels(drawn)).wrong == ()
    assert len(reading.dice) + len(reading.uncertain) == len(drawn)


def test_dice_on_a_spotted_floor_are_found_and_its_spots_are_rarely_read_as_dice() -> None:
    """Pip-sized spots on the floor (crumbs, ink, a polka-dot cloth) are what a one on a
    die the floor's colour looks like; a one or two whose body does not show against the
    floor is not read (``uncertain_looks.with_bodies``: 60 scenes, 16 false dice -> 6). A
    spot the cloth repeats is the cloth's (``vision.floor_pattern``: uncertain spots beside
    the dice, and specks read as ones, dropped; scenes read exactly right 45 -> 67%, false
    dice 6 -> 3); as the box reads the scene, with the empty tray, the spots are the
    floor's, and most scenes are read with the right number of dice (28 -> 77%). A floor,
    not a target: one die is ruled wrong, a two whose crop holds the cloth's dots beside
    it."""
    r = bench_probe(Probe.SPOTTED_FLOOR)
    assert r.found >= 0.95 * r.dice and r.false <= 0.1 * r.scenes
    assert r.exactly_right >= 0.6 * r.scenes
    assert r.ruled_wrong <= 1
    box = bench_probe(Probe.SPOTTED_FLOOR, count_known=True, reference=True)
    assert box.count_right >= 0.7 * box.scenes and box.ruled_wrong <= 1


@pytest.mark.parametrize("seed", [3, 31, 59])
def test_a_spot_on_the_floor_read_as_a_one_shows_no_die_body(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Spots the classifiers read as ones are dropped by their missing body (scene 3: 5
    false dice -> 1; 31 and 59: all); the real dice of the scene are all still read. (The
    floor's print, ``vision.floor_pattern``, drops them too: left out here.)"""
    image, drawn = probe_scene(Probe.SPOTTED_FLOOR, seed)
    labels = probe_labels(drawn)
    monkeypatch.setattr(R, "off_floor_spots", lambda dice, spots, shown, side: dice)
    kept = read_dice(image)
    monkeypatch.setattr(R, "with_bodies", lambda image, dice, memo: dice)
    every = read_dice(image)
    assert match(kept.dice, labels).false < min(2, match(every.dice, labels).false)
    assert match(kept.dice, labels).right == match(every.dice, labels).right


@pytest.mark.parametrize("seed, spots", [(182, 1), (240, 1), (453, 18)])
def test_spots_laid_out_as_a_face_of_more_pips_show_no_die_body(
        seed: int, spots: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Spots of a polka-dot cloth's grid look like a five (or a three, a four) and were read
    surely as one (scene 453: eighteen fives, one of them ruled as the four it lay beside).
    Around them lies the cloth, no die's body (``uncertain_looks.body_shown``), and the
    cloth repeats them (``specks.off_floor_spots``). The scenes' real dice are read as
    before."""
    image, drawn = probe_scene(Probe.SPOTTED_FLOOR, seed)
    labels = probe_labels(drawn)
    kept = match(read_dice(image).dice, labels)
    monkeypatch.setattr(R, "body_shown", lambda image, die, enough, memo: enough)  # as before
    every = match(read_dice(image).dice, labels)
    assert (kept.false, kept.wrong) == (0, ())
    assert every.false + len(every.wrong) == spots
    assert kept.right == every.right


def test_a_dense_print_lends_its_blocks_a_little_body(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a dense grid of yellow spots (scene 275), a block of four or five spots, boxed as
    a die, shows 3-5 grey levels of "body": spots caught in the face's middle. A die the
    print repeats must show ``specks.PRINT_BODY`` (at ``SHOWN``, as any die elsewhere,
    they stay): the scene's false dice 18 -> 2, its real dice read as before."""
    image, drawn = probe_scene(Probe.SPOTTED_FLOOR, 275)
    labels = probe_labels(drawn)
    kept = match(read_dice(image).dice, labels)
    monkeypatch.setattr(R, "PRINT_BODY", SHOWN)
    every = match(read_dice(image).dice, labels)
    assert (kept.false, every.false) == (2, 18)
    assert kept.right == every.right and kept.wrong == ()


def test_a_die_the_colour_of_a_plain_floor_is_read_though_its_body_hardly_shows() -> None:
    """A cream four on a cream floor shows no body by the check (2 grey levels), but the
    floor does not repeat it: it is read, as before (dropped, or left uncertain, it would
    be lost: a die is dropped for its body only as a spot of the floor's print)."""
    image, drawn = probe_scene(Probe.LONE_DICE, 332)
    reading = read_dice(image)
    four = next(d for d in reading.dice if d.value == 4)
    assert not shows_body(image, four)
    assert match(reading.dice, probe_labels(drawn)).entirely_right


def test_glossy_dice_are_found_and_a_glint_misleads_only_as_one_pip_more() -> None:
    """A lamp's glint of pip size on a glossy die's face is what a pip looks like: in the
    middle of a two or a four it is read as a three's or a five's middle pip, surely (60
    scenes: 10 of 162 dice, 6.2%, one a three read as a five; classifiers fine-tuned with
    glints, ``--glints``, 1.9%, but they read fewer photo dice right). A measured weakness,
    not a target: every die is found, and a glint (drawn clear of the pips) only ever
    makes a die read higher."""
    r = bench_probe(Probe.GLOSSY_DICE)
    assert r.found == r.dice and r.false == 0
    for seed in range(60):
        image, drawn = probe_scene(Probe.GLOSSY_DICE, seed)
        scored = match(read_dice(image).dice, probe_labels(drawn))
        assert all(int(read) > drawn[i].value for i, read in scored.wrong), seed


def test_marbled_dice_are_inked_to_be_seen_and_one_player_s_set_is_the_same_each_time() -> None:
    """The marbled probes' dice (``marbled_style``): every colour of a face stands out from
    its pips (in colour and in grey), a marbled face has veins of a second colour, a
    translucent one lets the felt through; the set of ``marbled-set`` is one set."""
    rng = np.random.default_rng(0)
    styles = [marbled_style(rng) for _ in range(300)]
    for style in styles:
        pip = np.array(style.pip)
        for colour in (style.body, style.vein):
            if colour is not None:
                assert np.linalg.norm(np.array(colour) - pip) >= PIP_CONTRAST
                assert abs(float((np.array(colour) - pip) @ GREY)) >= PIP_GREY_CONTRAST
        assert (style.vein is None) == (style.through > 0)
    assert 0.3 < sum(s.vein is None for s in styles) / len(styles) < 0.5
    one, felt, side = marbled_set()
    again, felt_again, side_again = marbled_set()
    assert one == again and np.array_equal(felt, felt_again) and len(set(one)) == len(one)
    sides = {d.side for seed in range(5) for d in probe_scene(Probe.MARBLED_SET, seed)[1]}
    assert side == side_again and all(0.95 * side <= s <= 1.05 * side for s in sides)


def test_marbled_and_translucent_dice_are_found_and_what_is_ruled_is_right() -> None:
    """Dice whose veins or far-face pips the networks never trained on (round 64): every
    die but two of the first 20 scenes is found, none is ruled wrongly, 13 scenes read
    exactly. A floor, not a target: over 200 scenes 8 of 567 dice read are wrong, up to
    0.96 sure (veins in a pip's place), measured in ``scripts/bench-vision``."""
    r = bench_probe(Probe.MARBLED_DICE, 20)
    assert r.found >= 0.95 * r.dice and r.ruled_wrong == 0
    assert r.exactly_right >= 12


@pytest.fixture(scope="module")
def marbled_profile() -> Profile:
    """A profile of the marbled set taught on 5 scenes, as ``--teach 5`` teaches it."""
    scenes = [probe_scene(Probe.MARBLED_SET, PROBE_TEACH_SEED + i) for i in range(5)]
    return teach_photos([(image, probe_labels(drawn)) for image, drawn in scenes])


def test_a_profile_of_one_player_s_marbled_set_never_reads_it_worse(
        marbled_profile: Profile) -> None:
    """``bluffbox teach`` on five scenes of one player's marbled set (``marbled-set``): the
    next 20 scenes read at least as well, with no die more ruled wrongly. A measured
    weakness, not a target: the profile does not lift this set (round 64: its prototypes,
    the classifier's features, see the veins as pips as the classifier does)."""
    plain = bench_probe(Probe.MARBLED_SET, 20)
    taught = bench_probe(Probe.MARBLED_SET, 20, profile=marbled_profile)
    assert taught.exactly_right >= plain.exactly_right and taught.found >= plain.found
    assert taught.ruled_wrong <= plain.ruled_wrong <= 1


@pytest.fixture(scope="module")
def marbled_profile_as_seen() -> Profile:
    """The marbled set's profile (``marbled_profile``), taught in the look as seen."""
    scenes = [probe_scene(Probe.MARBLED_SET, PROBE_TEACH_SEED + i) for i in range(5)]
    return teach_photos([(image, probe_labels(drawn)) for image, drawn in scenes],
                        Look.AS_SEEN)


@pytest.mark.parametrize("seed", [4, 12, 54])
def test_a_taught_box_still_reads_the_dice_only_its_empty_tray_finds(
        marbled_profile_as_seen: Profile, marbled_profile: Profile, seed: int) -> None:
    """The box taught and with its empty tray (``vision.refine``): a die only the empty
    tray shows, which the taught colours and size do not confirm, is read as the untaught
    box reads it, then revised by the profile, never dropped (round 64: these scenes lost
    one or two dice read rightly without the profile; the places were also looked at with
    the taught dice's side, not the frame's). The set reads best with the frame's lightness
    turned over (round 71: as the box reads it, 60 scenes, 81.7 -> 86.7% exactly right), and
    in that look such a die is read, or left a re-read at its place (seeds 12 and 54), never
    dropped and never read wrongly."""
    image, drawn = probe_scene(Probe.MARBLED_SET, seed)
    labels = probe_labels(drawn)
    tray = EmptyTray(empty_tray(Probe.MARBLED_SET, seed))
    untaught = match(read_dice(image, len(labels), reference=tray).dice, labels)
    taught = match(read_dice(image, len(labels), profile=marbled_profile_as_seen,
                             reference=tray).dice, labels)
    assert taught.right >= untaught.right and taught.wrong == ()
    assert taught.found == len(labels)
    assert marbled_profile.look is Look.TURNED
    turned = read_dice(image, len(labels), profile=marbled_profile, reference=tray)
    assert match(turned.dice, labels).wrong == ()
    places = [*(d.center for d in turned.dice), *(r.center for r in turned.uncertain)]
    assert match_places(places, labels).keys() == set(range(len(labels)))
