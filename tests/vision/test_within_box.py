"""An uncertain die boxed with its shadow and side faces is read from a crop of its top
face (``vision.within_box``)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from vision import reader as R
from vision import within_box as W
from vision.bench import probe_labels, score_reading
from vision.candidates import ALONE, SMALL_PIPS
from vision.locate import frames
from vision.probe_scenes import Probe, probe_scene
from vision.types import GLINT, PIPS_TOO_SMALL, UNREAD, Die, Region, box_centre
from vision.within_box import PLACES, SIZES, UP, crop_places, worth_looking

TILT = (20.0, 35.0)  # a camera this far off straight down: side faces and shadows boxed too


def _region(x: float, side: int, reason: str = UNREAD) -> Region:
    h = side // 2
    return Region((x, 0.0), (int(x) - h, -h, int(x) + h, h), reason)


def test_the_crops_are_smaller_and_centred_in_the_upper_half_of_the_box() -> None:
    """Every crop is smaller than the box and centred in its upper half, above its middle
    (the side faces a slanted camera sees lie below the top face)."""
    places = crop_places((200.0, 200.0), 100.0)
    assert len(places) == len(SIZES) * len(UP)
    for (x, y), size in places:
        assert x == 200.0 and 150.0 <= y < 200.0 and size < 100.0


def test_only_large_clear_unread_places_are_looked_at() -> None:
    """A place is looked at when it was left unread (not for a reason another check gave),
    is boxed large enough that its smallest crop's pips can be counted, and has no other
    place near it; the largest ``PLACES`` first."""
    least = SMALL_PIPS / SIZES[0]
    big = _region(1000.0, 120)
    assert worth_looking([], [big], least) == [big]
    assert worth_looking([], [_region(1000.0, int(least) - 2)], least) == []
    assert worth_looking([], [_region(1000.0, 120, GLINT)], least) == []
    assert worth_looking([], [_region(1000.0, 120, PIPS_TOO_SMALL)], least) == []
    x = 1000.0 + ALONE * 120 - 5  # a read die's centre just within reach of the place's
    near = Die(3, (x, 0.0), (int(x) - 10, -10, int(x) + 10, 10), 0.99)
    assert worth_looking([near], [big], least) == []
    many = [_region(1000.0 * k, 80 + 4 * k) for k in range(1, PLACES + 3)]
    assert worth_looking([], many, least) == many[::-1][:PLACES]


@pytest.mark.parametrize("seed", [29, 41, 58, 78])
def test_a_slanted_die_boxed_with_its_shadow_is_read(seed: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Slanted cubes seen 20-35 degrees off straight down, each scene with one die boxed
    with its shadow and side faces (the box about twice its top face) and left unread:
    read from a crop of its top face, the scene is exactly right. Without the look, it is
    not."""
    image, drawn = probe_scene(Probe.SLANTED_CUBES, seed, TILT)
    labels = probe_labels(drawn)
    score, _, ruled_wrong = score_reading(R.read_dice(image), labels)
    assert score.entirely_right and ruled_wrong == 0
    monkeypatch.setattr(R, "read_within", lambda fr, dice, unsure, sure: (dice, unsure))
    without = R.read_dice(image)
    assert not score_reading(without, labels)[0].entirely_right
    assert UNREAD in [r.reason for r in without.uncertain]


@pytest.mark.parametrize("seed", [11, 144, 165, 350, 454])
def test_a_side_face_is_not_read_for_the_top(seed: int) -> None:
    """Slanted-cube scenes (25-50 degrees) where a crop at the box's middle reads the front
    face surely by all four classifiers (a first version of the look ruled a two as a four,
    a six as a five, a one as a four): nothing is ruled wrong."""
    image, drawn = probe_scene(Probe.SLANTED_CUBES, seed)
    assert score_reading(R.read_dice(image), probe_labels(drawn))[2] == 0


@pytest.mark.parametrize(("tilt", "seed"), [(10.0, 21), (20.0, 116), (30.0, 168)])
def test_a_two_boxed_with_its_shadow_is_not_ruled_a_one(
        tilt: float, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Slanted cubes seen 10, 20 and 30 degrees off straight down, each with a two boxed
    with its shadow (the box 2.2-2.4 x its top face): the crop holds the whole die small in
    its middle, one blob like a one's pip, and the two was read as a one, 0.70-0.81 sure.
    The crops of its box read two (``within_box.read_otherwise``): it is read so, or left
    uncertain, never ruled a one."""
    image, drawn = probe_scene(Probe.SLANTED_CUBES, seed, (tilt, tilt))
    labels = probe_labels(drawn)
    two = next(d for d in drawn if d.value == 2)
    reading = R.read_dice(image)
    assert score_reading(reading, labels)[2] == 0
    near = [d.value for d in reading.dice if math.dist(d.center, two.center) < two.side]
    assert near in ([], [2])
    monkeypatch.setattr(W, "read_otherwise", lambda fr, crops: False)
    assert score_reading(R.read_dice(image), labels)[2] == 1


def test_only_ones_in_doubt_clear_of_others_are_looked_at(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a die read as a one, under ``ONE_DOUBTED`` sure, large enough for its crops to
    be read and clear of every other place, has its crops read; one whose crops read
    another value is read so where they are sure of it, else left uncertain."""
    fr = frames(np.zeros((480, 640, 3), np.uint8))
    looked: list[float] = []

    def inside(fr: object, box: tuple[int, int, int, int]) -> W.Crops:
        looked.append(box_centre(box)[0])
        return [], np.zeros((0, 7))

    monkeypatch.setattr(W, "inside", inside)
    monkeypatch.setattr(W, "read_otherwise", lambda fr, crops: True)
    monkeypatch.setattr(W, "read_crops", lambda fr, crops, sure: None)

    def one(x: float, side: int = 120, sure: float = 0.8, value: int = 1) -> Die:
        h = side // 2
        return Die(value, (x, 200.0), (int(x) - h, 200 - h, int(x) + h, 200 + h), sure)

    near = [one(100.0), one(200.0)]  # pressed together
    dice = [*near, one(500.0, sure=0.97), one(800.0, side=40), one(1100.0, value=2),
            one(1400.0)]
    kept, unsure = W.ones_within(fr, dice, [], 0.935)
    assert looked == [1400.0]
    assert kept == dice[:-1] and [(r.center[0], r.reason) for r in unsure] == [(1400.0, UNREAD)]
    monkeypatch.setattr(W, "read_crops", lambda fr, crops, sure: one(1400.0, value=2))
    kept, unsure = W.ones_within(fr, dice, [], 0.935)
    assert kept[-1].value == 2 and unsure == []
