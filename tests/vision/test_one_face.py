"""A large one alone in the frame is read by its face, measured round its pip
(vision.one_face, vision.uncertain_looks.lone_ones)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import reader as R
from vision import uncertain_looks as U
from vision.one_face import face_around
from vision.probe_scenes import Probe, empty_tray, probe_scene, specks_on_paper

LONE_ONES = {  # large-dice probe scenes of one lone one that only its measured face reads
    2: "120 px, turned 38 degrees, on a lavender floor",
    8: "120 px, its pip marked faintly (0.39 high)",
    17: "198 px",
    20: "149 px, its pip read unsurely as a 24 px die ('pips too small to count')",
    21: "170 px, blue with gold pips",
    39: "219 px",
}


@pytest.mark.parametrize("seed", sorted(LONE_ONES))
def test_the_face_round_a_lone_one_s_pip_is_the_drawn_die(seed: int) -> None:
    img, (one,) = probe_scene(Probe.LARGE_DICE, seed)
    assert one.value == 1, LONE_ONES[seed]
    face = face_around(img, one.center, 0.2 * one.side)  # the detector marks the pip so
    assert face is not None
    (x, y), side, _ = face
    assert np.hypot(x - one.center[0], y - one.center[1]) < 0.05 * one.side
    assert abs(side / one.side - 1.0) < 0.06


@pytest.mark.parametrize("seed", sorted(LONE_ONES))
def test_a_large_one_alone_in_the_frame_is_read(seed: int,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    img, drawn = probe_scene(Probe.LARGE_DICE, seed)
    reading = R.read_dice(img)
    assert [d.value for d in reading.dice] == [1] and reading.uncertain == (), LONE_ONES[seed]
    (one,) = reading.dice
    assert abs((one.box[2] - one.box[0]) / drawn[0].side - 1.0) < 0.1
    monkeypatch.setattr(U, "lone_ones", lambda fr, marks, sure: [])
    assert R.read_dice(img).dice == ()  # no other look reads it


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
