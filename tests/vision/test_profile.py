"""Teach profiles: save/load, clear errors, and what they change in a reading."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.bench_symbols import SIZE, SymbolResult, score_roll, teach_style
from vision.dataset import LabeledDie, match
from vision.profile import MANIFEST, Profile, ProfileError
from vision.reader import read_dice
from vision.reference import EmptyTray
from vision.synthetic import _background, render_dice_scene
from vision.synthetic_symbols import BONE_FACES, busy_background, render_bone_scene
from vision.teach import teach_photos


def soft_scene(seed: int) -> tuple[np.ndarray, tuple[LabeledDie, ...]]:
    """Small white dice through a soft-focus lens: a scene the plain reader often misreads."""
    values = [1, 2, 3, 4, 5, 6] if seed < 5 else [int(v) for v in
                                                  np.random.default_rng(seed).integers(1, 7, 4)]
    img, drawn = render_dice_scene(values, seed, style="white", side=15)
    img = cv2.GaussianBlur(img, (0, 0), 1.2)
    return img, tuple(LabeledDie(d.value, tuple(float(v) for v in d.box)) for d in drawn)


@pytest.fixture(scope="module")
def soft_profile() -> Profile:
    return teach_photos([soft_scene(s) for s in range(5)])


def test_save_and_load_give_the_same_profile(soft_profile: Profile, tmp_path: Path) -> None:
    path = soft_profile.save(tmp_path / "p")
    manifest = json.loads(path.read_text())
    assert manifest["version"] == 1 and manifest["faces"] == [1, 2, 3, 4, 5, 6]
    assert len(list((tmp_path / "p" / "crops").glob("*.png"))) == len(soft_profile.faces)
    loaded = Profile.load(tmp_path / "p")
    assert loaded.faces == soft_profile.faces and loaded.margin == soft_profile.margin
    assert np.array_equal(loaded.crops, soft_profile.crops)
    img, labels = soft_scene(200)
    places = [(d.center, 30.0) for d in labels]
    assert loaded.name(img, places) == soft_profile.name(img, places)


def _broken(tmp_path: Path, soft_profile: Profile, how: str) -> Path:
    d = tmp_path / how
    soft_profile.save(d)
    manifest = json.loads((d / MANIFEST).read_text())
    if how == "json":
        (d / MANIFEST).write_text("{not json")
    elif how == "version":
        manifest["version"] = 99
        (d / MANIFEST).write_text(json.dumps(manifest))
    elif how == "crop":
        (d / manifest["dice"][0]["crop"]).unlink()
    elif how == "face":
        manifest["dice"][0]["face"] = 9
        (d / MANIFEST).write_text(json.dumps(manifest))
    elif how == "arrays":
        (d / "arrays.npz").write_bytes(b"junk")
    return d


@pytest.mark.parametrize(("how", "says"), [
    ("json", "unreadable"), ("version", "profile version 99"), ("crop", "missing"),
    ("face", "1..6"), ("arrays", "broken profile")])
def test_a_broken_profile_gives_a_clear_error(soft_profile: Profile, tmp_path: Path, how: str,
                                              says: str) -> None:
    with pytest.raises(ProfileError, match=says):
        Profile.load(_broken(tmp_path, soft_profile, how))


def test_a_missing_profile_says_how_to_make_one(tmp_path: Path) -> None:
    with pytest.raises(ProfileError, match="bluffbox teach"):
        Profile.load(tmp_path / "nothing")


def _score(profile: Profile | None, seeds: range) -> tuple[int, int]:
    right = wrong = 0
    for s in seeds:
        img, labels = soft_scene(s)
        sc = match(read_dice(img, profile=profile).dice, labels)
        right += sc.right
        wrong += sc.found - sc.right
    return right, wrong


def test_a_profile_lifts_a_scene_the_plain_reader_gets_wrong(soft_profile: Profile) -> None:
    """Taught on five pictures of the soft-focus scene, the reader reads more of 24 other
    pictures right (today 63 -> 66 of 96 dice), and misreads no more (1 -> 0). (On the first
    12 pictures: 32 -> 34 before the calibration for OpenCV 4.11, 30 -> 31 since; 31 -> 34
    before the reader's larger look at a lone unsure die, 26 -> 30 before its close look.)"""
    plain = _score(None, range(100, 124))
    taught = _score(soft_profile, range(100, 124))
    assert plain[0] <= 70  # of 96 dice: the plain reader is unsure of or misreads many
    assert taught[0] >= plain[0] + 2 and taught[1] <= plain[1]


def test_no_profile_no_change() -> None:
    img, _ = soft_scene(101)
    a, b = read_dice(img), read_dice(img, profile=None, reference=None)
    assert a.dice == b.dice and a.uncertain == b.uncertain


@pytest.fixture(scope="module")
def bone_box() -> tuple[Profile, np.ndarray, np.random.Generator]:
    rng = np.random.default_rng(5)
    tray = _background(SIZE, rng)
    return teach_style("red-white", tray, rng), tray, rng


def test_symbol_faces_are_read_from_a_profile(bone_box: tuple[Profile, np.ndarray,
                                                                np.random.Generator]) -> None:
    profile, tray, rng = bone_box
    assert profile.symbols and set(profile.kinds) == set(BONE_FACES)
    reference = EmptyTray(render_bone_scene([], rng, SIZE, "red-white", background=tray)[0])
    result = SymbolResult("red-white")
    for _ in range(10):
        faces = [str(f) for f in rng.choice(BONE_FACES, 2)]
        img, drawn = render_bone_scene(faces, rng, SIZE, "red-white", background=tray)
        assert not read_dice(img).dice or all(  # the plain reader cannot name them
            isinstance(d.value, int) for d in read_dice(img).dice)
        reading = read_dice(img, expect=2, profile=profile, reference=reference)
        assert all(isinstance(d.value, str) for d in reading.dice)
        score_roll([(d.value, d.center) for d in reading.dice], drawn, result)
    assert result.wrong == 0 and result.false == 0 and result.right >= 19, result


def test_dice_of_another_set_are_refused_not_named(bone_box: tuple[Profile, np.ndarray,
                                                                    np.random.Generator]) -> None:
    profile, tray, rng = bone_box
    result = SymbolResult("black-gold")
    for _ in range(8):
        faces = [str(f) for f in rng.choice(BONE_FACES, 2)]
        img, drawn = render_bone_scene(faces, rng, SIZE, "black-gold", background=tray)
        reading = read_dice(img, expect=2, profile=profile)
        score_roll([(d.value, d.center) for d in reading.dice], drawn, result)
    assert result.wrong == 0 and result.false == 0, result


def test_untaught_faces_on_the_tray_are_regions_never_nothing(
        bone_box: tuple[Profile, np.ndarray, np.random.Generator]) -> None:
    """With the empty tray, die-sized things the profile cannot name are uncertain regions:
    the box asks for a re-read or an entry by hand (a reading of nothing would leave it
    waiting for dice, and teach the empty tray the dice)."""
    profile, _, rng = bone_box
    tray = busy_background(SIZE, rng)  # a carpet: the pip reader sees nothing die-like
    reference = EmptyTray(render_bone_scene([], rng, SIZE, "red-white", background=tray)[0])
    for _ in range(6):
        img, _ = render_bone_scene(["kraken", "kraken"], rng, SIZE, "red-white", background=tray)
        reading = read_dice(img, expect=2, profile=profile, reference=reference)
        assert not reading.dice and reading.uncertain and not reading.ok


def test_the_empty_tray_finds_dice_on_a_busy_floor() -> None:
    """On a speckled carpet, with the empty tray: no die seen in the pattern, every real
    die read or flagged, and never fewer read than without it. (The reader before the
    varied renders saw 20 false dice in these scenes; the retrained one sees none, so the
    plain reader's mistakes are no longer asserted here.)"""
    plain_false = ref_false = plain_found = ref_seen = 0
    for s in (0, 5, 6, 9):
        rng = np.random.default_rng(s)
        floor = busy_background(SIZE, rng)
        img, drawn = render_dice_scene([3, 5, 6], rng, style="colored", side=24,
                                       background=floor)
        labels = tuple(LabeledDie(d.value, tuple(float(v) for v in d.box)) for d in drawn)
        empty = EmptyTray(cv2.GaussianBlur(floor, (0, 0), 0.6))
        plain, with_ref = read_dice(img), read_dice(img, reference=empty)
        a, b = match(plain.dice, labels), match(with_ref.dice, labels)
        assert b.right == b.found  # nothing misread
        plain_false += a.false
        ref_false += b.false
        plain_found += a.found
        ref_seen += b.found + len(with_ref.uncertain)
        assert b.found >= a.found
    assert ref_false == 0 and ref_false <= plain_false
    # every die read or flagged uncertain (at most one flag too many over four scenes: a
    # re-read, never a ruling)
    assert 12 <= ref_seen <= 13 and ref_seen >= plain_found


def test_an_unsure_symbol_die_gets_a_second_look() -> None:
    """Blue-silver dice taught on a busy floor, read on a plain one under other light (the
    benchmark's own protocol and row): their squares are found a pixel or so off, and one die
    in the 200 is named surely only by the second look at its square re-aligned (198 right
    without it); none is named wrongly."""
    from vision.bench_symbols import bench_style

    result = bench_style("blue-silver", "blue-silver", 5, 100)
    assert result.dice == 200 and result.wrong == 0 and result.false == 0
    assert result.right >= 199, result.line()


def test_symbol_dice_behind_many_other_changes_are_still_looked_at(
        bone_box: tuple[Profile, np.ndarray, np.random.Generator]) -> None:
    """A tray unlike its reference in many die-sized places (a brighter edge, crumbs) ahead
    of the dice in the frame: the dice are still looked at and read (only the first eight
    such places were, once)."""
    from vision.refine import refine
    from vision.types import Reading

    profile, tray, rng = bone_box
    reference = EmptyTray(render_bone_scene([], rng, SIZE, "red-white", background=tray)[0])
    while True:  # two dice clear of the top strip
        img, drawn = render_bone_scene(["ship", "skull"], rng, SIZE, "red-white",
                                       background=tray)
        if all(d.box[1] > 30 for d in drawn):
            break
    half = (int(profile.side * 0.8), int(profile.side * 0.3))  # die-sized, not square
    for k in range(10):
        cv2.ellipse(img, (35 + 62 * k, 14), half, 0, 0, 360, (90, 90, 90), -1)
    reading = refine(img, Reading(expect=2), profile, reference)
    assert sorted(str(d.value) for d in reading.dice) == ["ship", "skull"], reading


def test_teaching_more_keeps_every_die_taught_before(soft_profile: Profile) -> None:
    """Taught in two sittings: the first sitting's dice, then the second's, as one profile
    (the teaching pictures numbered on, the colour model of both, saved and read back)."""
    more = teach_photos([soft_scene(s) for s in range(5, 8)])
    both = soft_profile.joined(more)
    once = teach_photos([soft_scene(s) for s in range(8)])
    assert both.faces == once.faces and np.array_equal(both.crops, once.crops)
    assert np.array_equal(both.sizes, once.sizes) and np.array_equal(both.shots, once.shots)
    assert np.array_equal(both.colour.die, once.colour.die)
    assert np.array_equal(both.colour.background, once.colour.background)
    assert len(both.negatives) == len(soft_profile.negatives) + len(more.negatives)
    assert sorted(set(both.negative_shots.tolist())) == list(range(8))
    assert both.margin >= 0.06 and both.well_known == once.well_known


def test_a_profile_taught_again_and_again_keeps_its_newest_pictures(
        soft_profile: Profile) -> None:
    more = teach_photos([soft_scene(s) for s in range(5, 8)])
    kept = soft_profile.joined(more, keep=4)
    newest = soft_profile.shots >= 4  # the first sitting's last picture, then the three new
    assert kept.faces == tuple(np.array(soft_profile.faces)[newest].tolist()) + more.faces
    assert np.array_equal(kept.crops, np.concatenate([soft_profile.crops[newest], more.crops]))
    assert sorted(set(kept.shots.tolist())) == [0, 1, 2, 3]
    assert set(kept.negative_shots.tolist()) <= {0, 1, 2, 3}
    with pytest.raises(ValueError, match="at least one"):
        soft_profile.joined(more, keep=0)


def test_pip_dice_and_symbol_dice_are_never_one_profile(
        soft_profile: Profile, bone_box: tuple[Profile, np.ndarray, np.random.Generator],
) -> None:
    with pytest.raises(ProfileError, match="pip dice and symbol dice"):
        soft_profile.joined(bone_box[0])
