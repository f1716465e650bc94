"""Dice found by their pips alone (``vision.pip_clusters``,
``uncertain_looks.looked_at_pips``)."""

from __future__ import annotations

import math
from typing import Any

import cv2
import pytest

from vision import reader as R
from vision import uncertain_looks
from vision.bench import probe_labels
from vision.dataset import match
from vision.locate import Frames
from vision.pip_clusters import Mark, halves, lone
from vision.probe_scenes import Probe, probe_scene, specks_on_paper
from vision.reader import read_dice
from vision.types import Die


def test_two_pale_dice_the_detector_saw_only_as_pips_are_read() -> None:
    """Pale-floor scene 41: a touching five and four, white on pale paper with red pips.
    The detector marked only their pips, which the classifier rejected; grouped, each
    group is read as its die by all four classifiers."""
    image, drawn = probe_scene(Probe.PALE_FLOOR, 41)
    reading = read_dice(image)
    scored = match(reading.dice, probe_labels(drawn))
    assert scored.wrong == ()
    assert {d.value for d in reading.dice} >= {4, 5}


def test_two_touching_dice_seen_only_as_pips_are_cut_apart_and_read() -> None:
    """Touching-dice scene 0: a five and a four, cream with red pips on pale green cloth,
    side by side. The detector marked their nine pips and neither body: one group of more
    marks than a face has pips, once dropped. Cut in two across its length, each half is
    read as its die."""
    image, drawn = probe_scene(Probe.TOUCHING_DICE, 0)
    reading = read_dice(image)
    scored = match(reading.dice, probe_labels(drawn))
    assert scored.wrong == ()
    assert sorted(d.value for d in reading.dice) == [4, 5]


def test_pips_marked_as_dice_too_small_to_count_are_grouped_too() -> None:
    """Touching-dice scene 3: black dice 29 px across on dark cloth. The detector marked a
    two's pips as dice under 14 px, each reported "too small to count" and so, as an
    uncertain region, once kept out of the pip look. As pips they are grouped, and the two
    is read; nothing read is wrong (the ones beside them stay re-reads: a lone mark is
    never a die)."""
    image, drawn = probe_scene(Probe.TOUCHING_DICE, 3)
    reading = read_dice(image)
    scored = match(reading.dice, probe_labels(drawn))
    assert scored.wrong == () and scored.false == 0
    assert any(d.value == 2 and math.dist(d.center, (376.0, 385.0)) < 10 for d in reading.dice)


@pytest.mark.parametrize("turn", [0.0, 30.0, 60.0, 90.0, 135.0])
def test_halves_cut_two_faces_pips_apart_however_the_pair_lies(turn: float) -> None:
    """A six beside a two, a one beside a five: the cut falls between the dice at any turn
    of the pair (a lone pip is no half: it may be a speck)."""
    side = 40.0
    pip = [(dx * 0.26 * side, dy * 0.26 * side) for dx, dy in
           ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))]  # a six about its centre
    two = [(-0.26 * side, -0.26 * side), (0.26 * side, 0.26 * side)]
    a = math.radians(turn)

    def placed(face: list[tuple[float, float]], cx: float) -> list[Mark]:
        return [(200 + (cx + x) * math.cos(a) - y * math.sin(a),
                 200 + (cx + x) * math.sin(a) + y * math.cos(a), 8.0) for x, y in face]

    six, other = placed(pip, -side / 2), placed(two, side / 2)
    assert sorted(halves(six + other)) == sorted([six, other])
    assert halves(placed([(0.0, 0.0)], -side / 2) + placed(pip[:5], side / 2)) == [
        placed(pip[:5], side / 2)]


@pytest.mark.parametrize("seed", [10, 13, 16, 28, 31])
def test_specks_on_paper_are_no_die_found_by_its_pips(seed: int,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Two specks on white paper, read as a two by every classifier, show no die's body
    around them (``body_contrast``): the pip look adds nothing (without the body check it
    added a die on each of these papers)."""
    image = specks_on_paper(seed)
    with_look = read_dice(image)
    monkeypatch.setattr(R, "looked_at_pips", lambda *a: [])
    without = read_dice(image)
    assert with_look.dice == without.dice


def test_the_pip_look_reads_nothing_on_a_shared_photo_s_kind(dice_added_by: Any) -> None:
    """On the probes drawn like the shared folders' scenes (white dice on dark cloth,
    coloured dice at a slant) every die is explained: the pip look, run on every frame,
    adds no die there."""
    assert dice_added_by(uncertain_looks.looked_at_pips,
                         (Probe.DARK_CLOTH, Probe.SLANTED_WOOD)) == []


@pytest.mark.parametrize("seed", [3, 19])
def test_a_pale_one_seen_only_as_its_pip_is_read_at_the_set_s_size(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pale-floor scenes 3 and 19: a one, white on pale paper, beside dice the reader read
    (a four; two fives). The detector marked only its pip, a lone mark no group takes.
    Read at the set's size centred on the mark, the three classifiers read a one at 0.96 or
    more and the close look at 0.89; its body shows 22-27 grey levels. Without the look at
    lone marks it is lost."""
    image, drawn = probe_scene(Probe.PALE_FLOOR, seed)
    assert match(read_dice(image).dice, probe_labels(drawn)).entirely_right
    monkeypatch.setattr(uncertain_looks, "ones_of_pips", lambda *a: [])
    assert match(read_dice(image).dice, probe_labels(drawn)).misses


def test_a_speck_beside_read_dice_is_no_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pale-floor scene 19 with a speck drawn on its paper, well away from the dice, the
    size of the one's pip: the detector marks it strongly, a lone mark read at the set's
    size, but no die's body shows around it: only the real one is added."""
    image, drawn = probe_scene(Probe.PALE_FLOOR, 19)
    h, w = image.shape[:2]
    far = max(((x, y) for x in range(40, w - 40, 20) for y in range(40, h - 40, 20)),
              key=lambda p: min(math.dist(p, d.center) for d in drawn))
    cv2.circle(image, far, 7, (30, 30, 30), -1)
    looked: list[int] = []
    ones = uncertain_looks.ones_of_pips

    def watched(fr: Frames, marks: list[Mark], side: float, sure: float) -> list[Die]:
        looked.append(len(marks))
        return ones(fr, marks, side, sure)

    monkeypatch.setattr(uncertain_looks, "ones_of_pips", watched)
    reading = read_dice(image)
    assert looked == [2]  # the one's pip and the speck
    assert match(reading.dice, probe_labels(drawn)).entirely_right
    assert all(math.dist(d.center, far) > 50 for d in reading.dice)


def test_lone_marks_are_those_no_other_lies_near() -> None:
    five = [(100.0, 100.0, 8.0), (80.0, 80.0, 8.0), (120.0, 80.0, 8.0)]
    one = (300.0, 100.0, 10.0)
    assert lone([*five, one]) == [one] and lone(five) == []
