"""The top face's centre of a die seen at a slant: the centre of its pips."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import top_face
from vision.reader import die_crops, read_dice
from vision.top_face import face_centre, face_centres
from vision.types import box_centre, box_side

LAYOUT = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
          4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
          5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
          6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)]}


def slanted_die(value: int, side_value: int = 4, face: int = 60, floor: int = 120,
                body: int = 225, pips: int = 30) -> tuple[np.ndarray, tuple[float, float],
                                                           tuple[float, float], float]:
    """A light die seen at a slant on a plain floor: its top face (showing ``value``) above
    a squeezed side face (showing ``side_value``). Returns the image, the top face's centre,
    the whole die's centre and the whole die's size."""
    img = np.full((240, 320, 3), floor, np.uint8)
    x0, y0 = 130, 70
    fx, fy = x0 + face / 2, y0 + face / 2  # the top face's centre
    cv2.rectangle(img, (x0, y0), (x0 + face, y0 + face), (body,) * 3, -1)
    depth = int(0.4 * face)  # the side face below, squeezed
    cv2.rectangle(img, (x0, y0 + face), (x0 + face, y0 + face + depth), (body - 45,) * 3, -1)
    r = max(2, int(face * 0.08))
    for i, j in LAYOUT[value]:
        cv2.circle(img, (int(fx + i * face * 0.27), int(fy + j * face * 0.27)), r, (pips,) * 3, -1)
    sy = y0 + face + depth / 2
    for i, j in LAYOUT[side_value]:
        cv2.ellipse(img, (int(fx + i * face * 0.27), int(sy + j * depth * 0.27)),
                    (r, max(1, int(r * 0.4))), 0, 0, 360, (pips,) * 3, -1)
    whole = (fx, y0 + (face + depth) / 2)
    return cv2.GaussianBlur(img, (3, 3), 0), (fx, fy), whole, float(face + depth)


@pytest.mark.parametrize("value", [2, 3, 4, 5, 6])
def test_the_pips_centre_is_the_top_face_centre_not_the_whole_die_centre(value: int) -> None:
    img, top, whole, size = slanted_die(value)
    got = face_centres(img, [(whole, size, value)])[0]
    assert got is not None
    assert np.hypot(got[0] - top[0], got[1] - top[1]) <= 0.04 * size
    assert np.hypot(whole[0] - top[0], whole[1] - top[1]) >= 0.12 * size  # it mattered


def test_a_one_is_its_pip_when_it_stands_out_or_has_face_all_round_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    img, top, whole, size = slanted_die(1, side_value=3)
    got = face_centres(img, [(whole, size, 1)])[0]  # the side face's pips are weaker
    assert got is not None and np.hypot(got[0] - top[0], got[1] - top[1]) <= 0.04 * size
    sy = int(top[1] + 0.5 * 60 + 0.2 * 60)  # the side face's middle
    for dx in (-16, 16):  # side-face pips as strong as the one's own
        cv2.circle(img, (int(top[0] + dx), sy), 5, (30, 30, 30), -1)
    got = face_centres(img, [(whole, size, 1)])[0]  # only the top pip has face all round
    assert got is not None and np.hypot(got[0] - top[0], got[1] - top[1]) <= 0.04 * size
    monkeypatch.setattr(top_face, "ALL_ROUND", 1.01)  # without that rule: no fit
    assert face_centres(img, [(whole, size, 1)]) == [None]


def test_two_pips_alike_on_a_plain_face_leave_a_one_in_its_place() -> None:
    img = np.full((240, 320, 3), 225, np.uint8)  # a large light face, no edge in sight
    for x in (130, 190):
        cv2.circle(img, (x, 120), 6, (30, 30, 30), -1)
    assert face_centres(img, [((160.0, 120.0), 100.0, 1)]) == [None]


def test_no_fit_keeps_the_place() -> None:
    blank = np.full((240, 320, 3), 200, np.uint8)
    assert face_centres(blank, [((160.0, 120.0), 60.0, 5)]) == [None]  # no pips at all
    img, _, whole, size = slanted_die(2, side_value=1)
    assert face_centres(img, [(whole, size, 3)]) == [None]  # no three pips to fit
    dark, _, whole, size = slanted_die(5, body=60, pips=230)
    assert face_centres(dark, [(whole, size, 5)]) == [None]  # only light faces, dark pips
    small, _, whole, size = slanted_die(5, face=20)
    assert face_centres(small, [(whole, size, 5)]) == [None]  # pips of a few pixels
    assert face_centres(img, []) == []


@pytest.mark.parametrize("turn", [20.0, 45.0])
def test_a_die_turned_in_the_image_has_its_face_found_too(turn: float) -> None:
    img, top, whole, size = slanted_die(6)
    m = cv2.getRotationMatrix2D(whole, turn, 1.0)
    turned = cv2.warpAffine(img, m, (img.shape[1], img.shape[0]), borderValue=(120, 120, 120))
    want = m @ np.array([top[0], top[1], 1.0])
    got = face_centre(turned, whole, size, 6)
    assert got is not None and np.hypot(got[0] - want[0], got[1] - want[1]) <= 0.05 * size


def test_read_dice_reports_the_top_face_and_keeps_the_place_in_the_box() -> None:
    img, top, _, size = slanted_die(5)
    reading = read_dice(img)
    assert [d.value for d in reading.dice] == [5]
    die = reading.dice[0]
    assert np.hypot(die.center[0] - top[0], die.center[1] - top[1]) <= 0.05 * size
    # the box is still the reader's place, around the whole die, and its crop is the one read
    assert np.hypot(*np.subtract(box_centre(die.box), die.center)) > 0.05 * box_side(die.box)
    assert die_crops(img, reading).shape[0] == 1


def test_the_drawn_reading_marks_the_top_face() -> None:
    from vision.annotate import annotate

    img, _, _, _ = slanted_die(4)
    reading = read_dice(img)
    x, y = (round(v) for v in reading.dice[0].center)
    assert annotate(img, reading)[y, x].tolist() == [0, 255, 0]
