"""Two dice side by side that the reader took for one (``vision.paired_dice``,
``uncertain_looks.looked_at_pairs``)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import reader as R
from vision import uncertain_looks
from vision.bench import probe_labels
from vision.dataset import load_folder, match, read_photo
from vision.images import Pyramid
from vision.locate import Frames
from vision.paired_dice import Pair, not_floor, pairs
from vision.probe_scenes import Probe, probe_scene
from vision.reader import read_dice
from vision.types import Die, Region


def _floor(*squares: tuple[int, int, int]) -> np.ndarray:
    """A grey floor with light squares (x, y, side) of die colour on it, a little noise."""
    rng = np.random.default_rng(3)
    img = np.clip(rng.normal(80, 4, (200, 300, 3)), 0, 255).astype(np.uint8)
    for x, y, side in squares:
        img[y:y + side, x:x + side] = 225
        cv2.circle(img, (x + side // 2, y + side // 2), max(2, side // 8), (30, 30, 30), -1)
    return img


def test_the_floor_is_what_most_of_the_frame_is() -> None:
    img = _floor((40, 40, 30))
    mask = not_floor(img)
    assert mask[55, 55] == 1  # the die, its pip closed in
    assert mask[150, 200] == 0 and mask.sum() == pytest.approx(900, rel=0.1)


def test_two_dice_side_by_side_are_a_pair_with_a_die_at_each_end() -> None:
    img = _floor((40, 40, 30), (70, 40, 30))  # edge to edge
    (pair,) = pairs(Pyramid(img), [(55.0, 55.0)], 30.0)
    assert pair.width == pytest.approx(30, abs=2) and pair.length == pytest.approx(60, abs=2)
    ends = sorted(pair.ends)
    assert ends[0] == pytest.approx((55, 55), abs=2) and ends[1] == pytest.approx((85, 55), abs=2)


def test_a_lone_die_three_in_a_row_and_a_long_edge_are_no_pair() -> None:
    img = _floor((40, 40, 30), (150, 40, 30), (180, 40, 30), (210, 40, 30))
    img[150:160, 10:290] = 225  # a tray's edge
    places = [(55.0, 55.0), (195.0, 55.0), (150.0, 155.0)]
    assert pairs(Pyramid(img), places, 30.0) == []


def test_a_pair_is_seen_as_one_while_it_holds_one_read_die_at_most() -> None:
    pair = Pair((100.0, 100.0), 60.0, 30.0, 0.0)
    assert pair.seen_as_one([]) and pair.seen_as_one([(85.0, 100.0)])
    assert pair.seen_as_one([(100.0, 100.0), (300.0, 100.0)])  # a box on both, one far off
    assert not pair.seen_as_one([(85.0, 100.0), (115.0, 100.0)])  # read already
    assert not pair.seen_as_one([(75.0, 100.0), (100.0, 100.0)])  # three in a row


@pytest.mark.parametrize("seed", [44, 52, 53, 56])
def test_touching_dice_the_detector_took_for_one_are_both_read(seed: int) -> None:
    """Touching-dice scenes where one die of a pair was lost: a box on the pair read as one
    of its dice (56: a four and a three, read as a four; 53: a one and a two, read as a
    one), or a box on one die and nothing on the other (52: a green five beside a four on
    dark cloth; 44: a one beside a five). Each pair's blob is read at both ends."""
    image, drawn = probe_scene(Probe.TOUCHING_DICE, seed)
    scored = match(read_dice(image).dice, probe_labels(drawn))
    assert scored.entirely_right, (scored.misses, scored.wrong, scored.false)


@pytest.mark.parametrize("seed", [200, 312, 323])
def test_pairs_all_read_as_one_die_are_read_as_two(seed: int) -> None:
    """Touching-dice scenes where every pair was read as one die, surely, from a box over
    both (323: a two and a one read as a two, a three and a five as a three, two sixes as a
    six; 312: two sixes read as a five): the set's side, taken from those boxes, came out
    1.8 times the dice's, and a pair's blob, two dice, covered only 0.6 of it squared, under
    the one die's worth a pair's blob was asked to cover. Each pair is read at both ends."""
    image, drawn = probe_scene(Probe.TOUCHING_DICE, seed)
    scored = match(read_dice(image).dice, probe_labels(drawn))
    assert scored.entirely_right, (scored.misses, scored.wrong, scored.false)


def test_without_the_pair_look_those_dice_are_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same scenes with the look left out: a die of each pair is missing."""
    monkeypatch.setattr(R, "looked_at_pairs", lambda fr, read, unsure: (read, unsure))
    for seed in (52, 56):
        image, drawn = probe_scene(Probe.TOUCHING_DICE, seed)
        assert match(read_dice(image).dice, probe_labels(drawn)).misses


def test_the_pair_look_adds_nothing_where_every_die_is_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """On the probes drawn like the shared folders' scenes and on lone dice the look changes
    no reading."""
    changed: list[tuple[list[Die], list[Die]]] = []
    look = uncertain_looks.looked_at_pairs

    def watched(fr: Frames, read: list[Die], unsure: list[Region],
                ) -> tuple[list[Die], list[Region]]:
        after = look(fr, read, unsure)
        if after[0] != read:
            changed.append((read, after[0]))
        return after

    monkeypatch.setattr(R, "looked_at_pairs", watched)
    for probe in (Probe.DARK_CLOTH, Probe.SLANTED_WOOD, Probe.LONE_DICE, Probe.SLANTED_CUBES):
        for seed in range(4):
            read_dice(probe_scene(probe, seed)[0])
    assert changed == []


@pytest.mark.parametrize("name", ["IMG_20191208_112342.jpg", "IMG_20191209_100337.jpg"])
def test_three_dice_in_a_row_are_not_taken_for_a_pair(photos: Path, name: str) -> None:
    """Tray photos where three dice pressed in a row (a three, a two and a one; a six, a
    five and a one) make one blob as long as a pair's: two of them read, it is no pair, and
    the photo stays entirely right (reading its ends lost the middle die)."""
    photo = next(p for p in load_folder(photos / "tray-colored") if p.path.name == name)
    scored = match(read_dice(read_photo(photo.path)).dice, photo.dice)
    assert scored.entirely_right, (scored.misses, scored.wrong)
