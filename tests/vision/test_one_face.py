"""A large one alone in the frame is read by its face, measured round its pip
(vision.one_face, vision.uncertain_looks.lone_ones)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import reader as R
from vision import uncertain_looks as U
from vision.locate import frames, locate
from vision.one_face import face_around
from vision.probe_scenes import Probe, empty_tray, probe_scene, specks_on_paper
from vision.types import box_side

LONE_ONES = {  # probe scenes of one lone one that only its measured face reads
    (Probe.LARGE_DICE, 2): "120 px, turned 38 degrees, on a lavender floor",
    (Probe.LARGE_DICE, 8): "120 px, its pip marked faintly (0.39 high)",
    (Probe.LARGE_DICE, 17): "198 px",
    (Probe.LARGE_DICE, 20): "149 px, its pip read unsurely as a 24 px die",
    (Probe.LARGE_DICE, 21): "170 px, blue with gold pips",
    (Probe.LARGE_DICE, 39): "219 px",
    (Probe.LONE_DICE, 28): "81 px, blue with a gold pip on dark cloth, the pip marked 45 px",
}
SCENES = sorted(LONE_ONES, key=lambda scene: (scene[0].value, scene[1]))


@pytest.mark.parametrize(("probe", "seed"), SCENES)
def test_the_face_round_a_lone_one_s_pip_is_the_drawn_die(probe: Probe, seed: int) -> None:
    img, (one,) = probe_scene(probe, seed)
    assert one.value == 1, LONE_ONES[probe, seed]
    fr = frames(img)  # 640x480: the detector's marks in image pixels
    (x, y), size, _ = locate(fr.work_levels)[0]  # its strongest mark: the pip
    assert np.hypot(x - one.center[0], y - one.center[1]) < 0.1 * one.side
    face = face_around(img, (x, y), size)
    assert face is not None
    (x, y), side, _ = face
    assert np.hypot(x - one.center[0], y - one.center[1]) < 0.05 * one.side
    assert abs(side / one.side - 1.0) < 0.06


@pytest.mark.parametrize(("probe", "seed"), SCENES)
def test_a_large_one_alone_in_the_frame_is_read(probe: Probe, seed: int,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    img, drawn = probe_scene(probe, seed)
    reading = R.read_dice(img)
    assert [d.value for d in reading.dice] == [1], LONE_ONES[probe, seed]
    assert reading.uncertain == ()
    (one,) = reading.dice
    assert abs((one.box[2] - one.box[0]) / drawn[0].side - 1.0) < 0.1
    monkeypatch.setattr(U, "lone_ones", lambda fr, marks, sure: [])
    monkeypatch.setattr(R, "whole_dice", lambda full, f, read, unsure, sure: (read, unsure))
    monkeypatch.setattr(R, "lone_dice", lambda full, levels, f, unsure, sure: ([], unsure))
    assert R.read_dice(img).dice == ()  # no other look reads it (but the blue one on dark
    #                                     cloth, whose pip marked 45 px is a piece of it:
    #                                     vision.die_pieces reads it whole too; and with no
    #                                     die read, vision.missed_dice finds them by their
    #                                     blobs on the frame's floor)


PIP_LAYOUT = {1: [(0, 0)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)]}


def die_in_a_tray(seed: int, value: int) -> np.ndarray:
    """One flat square die (a light face of some colour, dark pips) well inside a dark
    square tray 140-300 px across, on a light table, 640x480."""
    rng = np.random.default_rng(seed)
    img = np.full((480, 640, 3), rng.uniform(150, 230, 3), np.float32)
    tray = int(rng.uniform(140, 300))
    cx, cy = 320 + int(rng.uniform(-80, 80)), 240 + int(rng.uniform(-40, 40))
    cv2.rectangle(img, (cx - tray // 2, cy - tray // 2), (cx + tray // 2, cy + tray // 2),
                  rng.uniform(20, 90, 3).tolist(), -1)
    side = int(rng.uniform(0.18, 0.35) * tray)
    die = np.zeros((side, side, 3), np.float32) + rng.uniform(180, 250, 3)
    pip = rng.uniform(0, 60, 3).tolist()
    for x, y in PIP_LAYOUT[value]:
        cv2.circle(die, (int(side / 2 + x * side * 0.27), int(side / 2 + y * side * 0.27)),
                   max(2, int(side * 0.09)), pip, -1)
    turn = np.asarray(cv2.getRotationMatrix2D((side / 2, side / 2), float(rng.uniform(0, 90)),
                                              1.0), np.float64)
    turn[:, 2] += [cx - side / 2, cy - side / 2] + rng.uniform(-0.1, 0.1, 2) * tray
    shape = cv2.warpAffine(np.ones((side, side), np.float32), turn, (640, 480))[..., None]
    img = img * (1 - shape) + cv2.warpAffine(die, turn, (640, 480)) * shape
    return np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8)


@pytest.mark.parametrize(("seed", "side"), [(5, 64), (14, 76), (35, 98), (53, 94)])
def test_a_one_alone_in_a_dark_tray_is_read(seed: int, side: int) -> None:
    reading = R.read_dice(die_in_a_tray(seed, 1))
    assert [d.value for d in reading.dice] == [1]
    assert 0.7 < box_side(reading.dice[0].box) / side < 1.3  # the die, not the tray


def test_a_small_die_in_a_tray_is_no_pip_of_a_tray_sized_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A 42 px white four in the middle of a dark 232 px tray: the tray's floor is a closed
    square round it, but the four is no disc, so there is no face."""
    img = np.full((480, 640, 3), 200, np.uint8)
    cv2.rectangle(img, (204, 124), (435, 355), (40, 60, 50), -1)
    cv2.rectangle(img, (299, 219), (340, 260), (235, 235, 235), -1)
    for x, y in ((308, 228), (331, 228), (308, 251), (331, 251)):
        cv2.circle(img, (x, y), 4, (20, 20, 20), -1)
    assert face_around(img, (320.0, 240.0), 42.0) is None
    monkeypatch.setattr("vision.one_face._a_pip", lambda *args: True)
    tray = face_around(img, (320.0, 240.0), 42.0)  # without the pip's own check: the tray
    assert tray is not None and abs(tray[1] - 232) < 6


def _floor_with(dot: tuple[int, int], pattern: bool) -> np.ndarray:
    floor = np.full((480, 640, 3), (205, 215, 220), np.uint8)
    if pattern:  # a polka-dot cloth: dots in rows
        for y in range(40, 480, 80):
            for x in range(40, 640, 80):
                cv2.circle(floor, (x, y), 12, (40, 40, 150), -1)
    return cv2.circle(floor, dot, 12, (40, 40, 150), -1)


@pytest.mark.parametrize("pattern", [False, True])
def test_a_dot_on_the_floor_has_no_face_round_it(pattern: bool) -> None:
    """The floor round a dot goes on beyond the look: no closed face."""
    assert face_around(_floor_with((280, 200), pattern), (280.0, 200.0), 24.0) is None


def test_the_middle_pip_of_a_large_five_has_the_five_s_face_round_it() -> None:
    """So the classifiers read the whole face there: a five, never a one."""
    img = np.full((480, 640, 3), 60, np.uint8)
    cv2.rectangle(img, (220, 140), (419, 339), (235, 235, 235), -1)
    for x, y in ((260, 180), (380, 180), (320, 240), (260, 300), (380, 300)):
        cv2.circle(img, (x, y), 18, (20, 20, 20), -1)
    face = face_around(img, (320.0, 240.0), 40.0)
    assert face is not None and abs(face[1] - 200) < 8
    reading = R.read_dice(img)
    assert [d.value for d in reading.dice] in ([5], [])


@pytest.mark.parametrize("probe", list(Probe))
def test_no_one_is_found_so_on_an_empty_floor(probe: Probe,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Every probe's floor without its dice, and paper with specks: the look finds no one."""
    found: list[object] = []
    look = U.lone_ones

    def spy(*args: object) -> list[object]:
        out = look(*args)  # type: ignore[arg-type]
        found.extend(out)
        return list(out)

    monkeypatch.setattr(U, "lone_ones", spy)
    for seed in range(3):
        R.read_dice(empty_tray(probe, seed))
    R.read_dice(specks_on_paper(list(Probe).index(probe)))
    assert found == []
