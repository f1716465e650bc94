"""A pip of a read die left outside its box, marked as a die of its own
(``uncertain_looks.pips_of_read_dice``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vision import reader as R
from vision import uncertain_looks
from vision.bench import probe_labels, score_reading
from vision.dataset import load_folder, match, read_photo
from vision.locate import frames
from vision.probe_scenes import Probe, probe_scene
from vision.reader import read_dice
from vision.types import Die, Region


@pytest.mark.parametrize("probe, seed", [(Probe.PALE_FLOOR, 2), (Probe.PALE_FLOOR, 44),
                                         (Probe.TOUCHING_DICE, 29)])
def test_a_pip_outside_a_turned_die_s_box_is_that_die_s(probe: Probe, seed: int) -> None:
    """A three or two turned 45 degrees, boxed off its middle: its last pip lay outside the
    box and was kept as an uncertain place ("dice touching"), so the box asked the players
    to spread dice it had read right. Read again over its box and the mark together, the
    die reads the same: the mark is its pip."""
    image, drawn = probe_scene(probe, seed)
    reading = read_dice(image)
    assert match(reading.dice, probe_labels(drawn)).entirely_right
    assert reading.uncertain == ()


def test_without_the_look_the_pip_stays_a_place(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(R, "pips_of_read_dice",
                        lambda fr, dice, unsure: unsure)
    image, _ = probe_scene(Probe.PALE_FLOOR, 2)
    assert read_dice(image).uncertain


def test_a_mark_on_the_next_die_in_a_pile_stays(photos: Path) -> None:
    """``PXL_20240219_192342359`` (felt-trays): small marks just off a read two's box lie on
    the four and the one pressed against it, which no look read. Read over the two's box and
    a mark together, the crop holds both dice and reads no two: the marks stay, so the box
    still knows a die is there (28 of the 30 dice read or placed)."""
    photo = next(p for p in load_folder(photos / "felt-trays")
                 if p.path.name == "PXL_20240219_192342359.jpg")
    reading = read_dice(read_photo(photo.path))
    s, located, _ = score_reading(reading, photo.dice)
    assert s.found + located >= 28


def test_only_pip_sized_marks_just_off_a_read_die_are_looked_at(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A mark as large as the die, or far from it, is never read again: it may be a die."""
    looked: list[int] = []
    monkeypatch.setattr(uncertain_looks, "unanimous_dice",
                        lambda fr, places, sure, ones=False: looked.append(len(places)) or [])
    image, _ = probe_scene(Probe.DARK_CLOTH, 0)
    fr = frames(image)
    die = Die(3, (100.0, 100.0), (80, 80, 120, 120), 0.99)
    large = Region((125.0, 100.0), (110, 85, 140, 115), "dice touching: spread them")
    far = Region((140.0, 100.0), (134, 94, 146, 106), "dice touching: spread them")
    pip = Region((124.0, 100.0), (118, 94, 130, 106), "dice touching: spread them")
    assert uncertain_looks.pips_of_read_dice(fr, [die], (large, far, pip)) == (large, far, pip)
    assert looked == [1]  # the pip alone, found no die's and kept
