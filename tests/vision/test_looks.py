"""A profile's look: dice read with the frame's lightness turned over (``vision.looks``)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

import vision.reader as R
import vision.teach as T
from vision.dataset import LabeledDie, match
from vision.looks import Look, lightness_turned
from vision.profile import MANIFEST, Profile, ProfileError, Shot, TaughtDie
from vision.reader import read_dice
from vision.reference import EmptyTray
from vision.synthetic import render_dice_scene, tray_floor

SIZE = (640, 480)


def dark_scene(seed: int) -> tuple[np.ndarray, tuple[LabeledDie, ...], np.ndarray]:
    """White dice on a tray floor, the frame's lightness turned over (dark dice with light
    pips on a dark floor); its labels; the empty floor turned alike."""
    floor = tray_floor(SIZE, seed)
    img, drawn = render_dice_scene([1, 2, 3, 4, 5, 6], seed, SIZE, "white", 34.0, floor)
    labels = tuple(LabeledDie(d.value, tuple(float(v) for v in d.box)) for d in drawn)
    return lightness_turned(img), labels, lightness_turned(floor)


@pytest.fixture(scope="module")
def turned_profile() -> Profile:
    return T.teach_photos([dark_scene(s)[:2] for s in range(3)], Look.TURNED)


def test_every_look_is_its_own_inverse() -> None:
    img, _, _ = dark_scene(0)
    back = Look.TURNED.shown(Look.TURNED.shown(img))
    off = np.abs(back.astype(int) - img.astype(int))
    assert off.max() <= 6 and off.mean() < 0.5  # Lab's rounding
    crops = np.stack([img[:64, :64], img[64:128, :64]])
    assert np.array_equal(Look.TURNED.shown(crops)[1], lightness_turned(crops[1]))


def test_a_profile_shows_its_crops_and_every_read_in_its_look(
        turned_profile: Profile, monkeypatch: pytest.MonkeyPatch) -> None:
    assert turned_profile.look is Look.TURNED
    img, labels, floor = dark_scene(11)
    # the profile's crops are the dice as the networks know them: light dice, dark pips
    assert turned_profile.crops[:, 24:40, 24:40].mean() > 150
    shown, compared = [], []
    monkeypatch.setattr(R, "balanced", lambda frame: shown.append(frame.mean()) or frame)
    tray = EmptyTray(floor)  # the empty tray as the camera saw it
    monkeypatch.setattr(tray, "changed", lambda frame: compared.append(frame.mean()) or
                        EmptyTray.changed(tray, frame))
    for reference in (None, tray):
        reading = read_dice(img, profile=turned_profile, reference=reference)
        s = match(reading.dice, labels)
        assert s.right == len(labels) and s.false == 0, reading
    assert img.mean() < 100 and min(shown) > 150  # the networks saw a light frame ...
    assert compared == [img.mean()]  # ... and the empty tray was compared as it came
    read_dice(img)
    assert shown[-1] == img.mean()  # no profile: as it came


def test_the_look_is_saved_and_older_profiles_read_as_seen(turned_profile: Profile,
                                                          tmp_path: Path) -> None:
    path = turned_profile.save(tmp_path / "p")
    manifest = json.loads(path.read_text())
    assert manifest["look"] == "lightness turned over"
    loaded = Profile.load(tmp_path / "p")
    assert loaded.look is Look.TURNED and np.array_equal(loaded.crops, turned_profile.crops)
    del manifest["look"]  # a profile taught before looks
    path.write_text(json.dumps(manifest))
    assert Profile.load(tmp_path / "p").look is Look.AS_SEEN
    manifest["look"] = "upside down"
    path.write_text(json.dumps(manifest))
    with pytest.raises(ProfileError, match="broken profile"):
        Profile.load(tmp_path / "p")
    assert (tmp_path / "p" / MANIFEST).exists()


def test_dice_taught_in_two_looks_are_never_one_profile(turned_profile: Profile) -> None:
    plain = T.teach_photos([dark_scene(5)[:2]], Look.AS_SEEN)
    with pytest.raises(ProfileError, match="cannot be taught into one profile"):
        turned_profile.joined(plain)
    assert len(turned_profile.joined(turned_profile).faces) == 2 * len(turned_profile.faces)
    assert turned_profile.joined(turned_profile).look is Look.TURNED


def test_symbol_dice_are_read_as_seen() -> None:
    img = np.full((120, 160, 3), 90, np.uint8)
    with pytest.raises(ProfileError, match="read as seen"):
        Profile.teach([Shot(img, (TaughtDie("anchor", (60.0, 60.0), 30.0),))], look=Look.TURNED)
    assert T.choose_look([Shot(img, (TaughtDie("anchor", (60.0, 60.0), 30.0),))]) \
        is Look.AS_SEEN


@pytest.mark.parametrize(("seen", "turned", "chosen"), [
    ((10, 0), (20, 0), Look.TURNED),  # 10 of 20 dice more read right
    ((18, 0), (19, 0), Look.AS_SEEN),  # one die more: too few to change how dice are read
    ((10, 0), (20, 2), Look.AS_SEEN),  # two read wrongly cost ten read right
    ((5, 2), (18, 1), Look.TURNED),
])
def test_another_look_is_chosen_only_when_it_reads_clearly_better(
        monkeypatch: pytest.MonkeyPatch, seen: tuple[int, int], turned: tuple[int, int],
        chosen: Look) -> None:
    monkeypatch.setattr(T, "look_score",
                        lambda shots, look: seen if look is Look.AS_SEEN else turned)
    img = np.zeros((8, 8, 3), np.uint8)
    shots = [Shot(img, tuple(TaughtDie(1, (4.0, 4.0), 4.0) for _ in range(20)))]
    assert T.choose_look(shots) is chosen


def test_teaching_chooses_the_look_the_dice_read_best_in(monkeypatch: pytest.MonkeyPatch,
                                                         ) -> None:
    """Dark dice the plain reader misses: taught, the profile turns every frame over."""
    plain_read = read_dice

    def misses_dark_dice(image: np.ndarray, *args: object, **kw: object) -> object:
        reading = plain_read(image, *args, **kw)  # type: ignore[arg-type]
        if kw.get("profile") is None and image.mean() < 100:  # a dark frame, read plainly
            return replace(reading, dice=())
        return reading

    monkeypatch.setattr(T, "read_dice", misses_dark_dice)
    profile = T.teach_photos([dark_scene(s)[:2] for s in range(2)])
    assert profile.look is Look.TURNED


def test_dice_found_only_in_the_other_look_do_not_count_against_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At the box the confirmed dice are those the reader found as the frame came: dark dice
    it missed so are sure reads on no confirmed die in the turned look, and not held
    against it."""
    plain_read = read_dice

    def misses_dark_dice(image: np.ndarray, *args: object, **kw: object) -> object:
        reading = plain_read(image, *args, **kw)  # type: ignore[arg-type]
        return replace(reading, dice=()) if image.mean() < 100 else reading

    monkeypatch.setattr(T, "read_dice", misses_dark_dice)
    shots = []
    for seed in range(2):
        img, labels, _ = dark_scene(seed)
        half = [TaughtDie(lab.value, lab.center, 34.0) for lab in labels[:3]]
        shots.append(Shot(img, tuple(half)))  # three of six dice confirmed
    assert T.look_score(shots, Look.TURNED) == (6, 0)
    assert T.choose_look(shots) is Look.TURNED
