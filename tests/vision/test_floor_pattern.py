"""A floor printed with spots is the floor, not dice (``vision.floor_pattern``)."""

from __future__ import annotations

import math
from itertools import product

import cv2
import numpy as np
import pytest

from vision import reader as R
from vision.bench import probe_labels, score_reading
from vision.dataset import match
from vision.floor_pattern import LARGER, MANY, PATTERN, FloorSpots, like_places
from vision.probe_scenes import Probe, probe_scene
from vision.types import Die


def dot_centres(spacing: int = 60, size: tuple[int, int] = (480, 640)) -> list[tuple[int, int]]:
    """Where ``polka_dots`` puts its dots: ``spacing`` px apart in rows set half a step off."""
    return [(x, y) for row, y in enumerate(range(spacing // 2, size[0], spacing))
            for x in range(spacing // 2 + (row % 2) * spacing // 2, size[1], spacing)]


def polka_dots(spacing: int = 60, colour: tuple[int, int, int] = (60, 200, 230),
               size: tuple[int, int] = (480, 640)) -> np.ndarray:
    """A cloth of pink with yellow dots (``dot_centres``)."""
    img = np.full((*size, 3), (150, 120, 200), np.uint8)
    for x, y in dot_centres(spacing, size):
        cv2.circle(img, (x, y), 6, colour, -1)
    return img


def test_every_dot_of_a_polka_dot_cloth_is_found_again() -> None:
    img = polka_dots()
    places = like_places(img, (30.0, 30.0), 14.0)
    dots = dot_centres()
    assert len(places) >= 70
    assert all(min(math.dist(p, d) for d in dots) <= 2.0 for p in places)  # on the dots


def test_a_mark_beside_a_die_on_a_dotted_cloth_is_the_cloth() -> None:
    img = polka_dots()
    die = Die(5, (300.0, 240.0), (275, 215, 325, 265), 0.99)
    cv2.rectangle(img, (278, 218), (322, 262), (250, 250, 250), -1)
    spots = FloorSpots(img, [die], 50.0)
    assert spots((255.0, 210.0), 14.0)  # a dot just beside the die
    assert spots((345.0, 270.0), 14.0) and spots.searches == 1  # by the dots found


def test_a_mark_the_floor_does_not_repeat_is_not_a_spot() -> None:
    """A handful of dots, or dots only on read dice (their pips), make no pattern."""
    img = np.full((480, 640, 3), (150, 120, 200), np.uint8)
    for x in range(100, 100 + 60 * (PATTERN - 1), 60):
        cv2.circle(img, (x, 100), 6, (60, 200, 230), -1)
    assert not FloorSpots(img, [], 50.0)((100.0, 100.0), 14.0)
    dice = [Die(1, (float(x), 100.0), (x - 25, 75, x + 25, 125), 0.99)
            for x in range(160, 100 + 60 * (PATTERN - 1), 60)]
    cv2.circle(img, (100, 400), 6, (60, 200, 230), -1)
    for x in range(160, 640, 60):
        cv2.circle(img, (x, 400), 6, (60, 200, 230), -1)
        dice.append(Die(1, (float(x), 400.0), (x - 25, 375, x + 25, 425), 0.99))
    assert not FloorSpots(img, dice, 50.0)((100.0, 400.0), 14.0)


def test_a_mark_near_the_dice_size_must_be_found_again_many_times() -> None:
    """A mark over ``LARGER`` x the set's side (a block of dots marked as dice touching) is
    the floor on a cloth that repeats it everywhere, but not where it is found again only
    ``PATTERN`` times, as a small mark would need: a white one on a tray, seen at a slant,
    was found again at six places of the tray's grain and the other dice's edges."""
    img = polka_dots(spacing=30)
    assert FloorSpots(img, [], 40.0)((165.0, 165.0), 36.0)  # 0.9 of the set's side
    few = np.full((480, 640, 3), (150, 120, 200), np.uint8)
    blocks = [(x, y) for x in range(60, 600, 80) for y in (60, 200, 340)]  # 21 blocks
    for (x, y), dx, dy in product(blocks, (-7, 7), (-7, 7)):
        cv2.circle(few, (x + dx, y + dy), 4, (60, 200, 230), -1)
    assert PATTERN < len(blocks) - 1 < MANY and LARGER * 40.0 < 36.0
    assert FloorSpots(few, [], 40.0)((60.0, 60.0), 18.0)  # as a small mark: often enough
    assert not FloorSpots(few, [], 40.0)((60.0, 60.0), 36.0)  # as a large one: too few


def test_a_flat_or_cut_off_mark_finds_nothing() -> None:
    img = np.full((200, 200, 3), 128, np.uint8)
    assert like_places(img, (100.0, 100.0), 14.0) == []
    assert like_places(polka_dots(), (-20.0, 100.0), 14.0) == []


@pytest.mark.parametrize("seed", [1, 2, 17])
def test_dice_on_a_polka_dot_cloth_are_ready_to_rule_on(seed: int) -> None:
    """Spotted-floor scenes 1, 2 and 17: every die read right, but 6, 10 and 1 dots of the
    cloth, each within 1.5 dice of a die, were uncertain regions (scene 17's as "dice
    touching"): never ready to rule on. The cloth repeats each of them: none is left."""
    image, drawn = probe_scene(Probe.SPOTTED_FLOOR, seed)
    reading = R.read_dice(image)
    scored, _, ruled_wrong = score_reading(reading, probe_labels(drawn))
    assert scored.entirely_right and not ruled_wrong
    assert reading.uncertain == ()


def test_a_speck_read_as_a_one_is_dropped_and_the_dice_stay(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Spotted-floor scene 3: a red speck of the scattered print read as a one (0.69), beside
    four dice read right; the floor repeats it, so it is dropped and the four stay."""
    image, drawn = probe_scene(Probe.SPOTTED_FLOOR, 3)
    labels = probe_labels(drawn)
    reading = R.read_dice(image)
    assert match(reading.dice, labels).false == 0
    assert match(reading.dice, labels).right == len(labels)
    monkeypatch.setattr(R, "off_floor_spots", lambda dice, spots, shown, side: dice)
    assert match(R.read_dice(image).dice, labels).false == 1
