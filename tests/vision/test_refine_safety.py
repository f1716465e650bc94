"""A pip profile never makes the reader sure on its own (vision.refine._merge)."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from vision import model as M
from vision.profile import FaceGuess
from vision.refine import _merge, promote_at
from vision.types import OVERLAPPING_FACES, TOO_SMALL, TOUCHING_DICE, Die, Region

PIPS: Any = SimpleNamespace(symbols=False, kinds=(1, 2, 3, 4, 5, 6), side=30.0,
                            well_known=frozenset({1, 2, 3, 4, 5, 6}))
PLACE = ((50.0, 50.0), 30.0)


@pytest.fixture(autouse=True)
def sure_at_080() -> Iterator[None]:
    """A known calibration ("sure" >= 0.80), whatever the committed one says."""
    M.set_calibration(M.Calibration(2.0, 0.80, "test", 0.95))
    yield
    M.set_calibration(None)


def merged(was: Die | Region, guess: FaceGuess, vote: int | None = None,
           ) -> tuple[list[Die], list[Region]]:
    dice: list[Die] = []
    regions: list[Region] = []
    _merge(PLACE, was, guess, PIPS, dice, regions, vote)
    return dice, regions


def test_a_sure_profile_that_disagrees_makes_a_read_die_uncertain_never_another_value() -> None:
    die = Die(3, (50.0, 50.0), (35, 35, 65, 65), 0.97)
    dice, regions = merged(die, FaceGuess(5, 0.99, True))
    assert dice == [] and len(regions) == 1


def test_a_profile_barely_sure_never_overrules_a_sure_read() -> None:
    """A margin just over the profile's safe one (confidence 0.6) is enough to confirm a
    read, not to make a calibrated sure read a re-read."""
    die = Die(4, (50.0, 50.0), (35, 35, 65, 65), 0.89)
    assert merged(die, FaceGuess(2, 0.6, True)) == ([die], [])
    assert merged(die, FaceGuess(2, 0.8, True))[0] == []


def test_a_face_taught_in_one_picture_only_never_makes_a_read_die_uncertain() -> None:
    """Taught once, a face may have been seen on one die of the set only (the red die's
    five, never the cream one's): the profile cannot say a die is not that face."""
    die = Die(5, (50.0, 50.0), (35, 35, 65, 65), 0.999)
    dice: list[Die] = []
    regions: list[Region] = []
    once: Any = SimpleNamespace(**{**vars(PIPS), "well_known": frozenset({1, 2, 3, 4, 6})})
    _merge(PLACE, die, FaceGuess(6, 0.99, True), once, dice, regions)
    assert dice == [die] and regions == []


def test_an_uncertain_die_is_read_only_when_the_classifier_agrees_with_the_profile() -> None:
    region = Region((50.0, 50.0), (35, 35, 65, 65), "face could not be counted", 0.7)
    assert merged(region, FaceGuess(4, 0.99, True), vote=6) == ([], [region])
    assert merged(region, FaceGuess(4, 0.99, True), vote=None) == ([], [region])
    dice, regions = merged(region, FaceGuess(4, 0.99, True), vote=4)
    assert [d.value for d in dice] == [4] and regions == []


def test_agreement_keeps_the_reader_s_die() -> None:
    die = Die(2, (50.0, 50.0), (35, 35, 65, 65), 0.93)
    dice, regions = merged(die, FaceGuess(2, 0.99, True))
    assert [d.value for d in dice] == [2] and regions == []


def test_an_uncertain_place_much_smaller_than_the_taught_dice_is_never_promoted() -> None:
    """A crop on one pip of a two looks like a one to both the classifier and the profile;
    the taught dice's size tells it is only part of a die."""
    region = Region((50.0, 50.0), (41, 41, 59, 59), "face could not be counted", 0.7)
    dice: list[Die] = []
    regions: list[Region] = []
    _merge(((50.0, 50.0), 18.0), region, FaceGuess(1, 0.99, True), PIPS, dice, regions, 1)
    assert dice == [] and regions == [region]
    _merge(((50.0, 50.0), 28.0), region, FaceGuess(1, 0.99, True), PIPS, dice, regions, 1)
    assert [d.value for d in dice] == [1]


def test_an_uncertain_die_the_reader_barely_guessed_is_never_promoted() -> None:
    """The profile names dice from the classifier's own features, so its agreement with a
    weak guess is weak evidence."""
    weak = Region((50.0, 50.0), (35, 35, 65, 65), "face could not be counted", 0.6)
    assert merged(weak, FaceGuess(1, 0.99, True), vote=1) == ([], [weak])


def test_a_profile_barely_sure_never_promotes_an_uncertain_die() -> None:
    """To turn a reading either way the profile must be clearly sure (``OVERRULE``): taught
    on five tray-colored photos, a profile just over its safe margin (0.66) named a dark six
    whose red pips the light hid a one, as the classifier's own guess did (0.57), and the
    box would have ruled on that one."""
    region = Region((50.0, 50.0), (35, 35, 65, 65), "face could not be counted", 0.75)
    assert merged(region, FaceGuess(1, 0.66, True), vote=1) == ([], [region])
    assert [d.value for d in merged(region, FaceGuess(1, 0.8, True), vote=1)[0]] == [1]


def test_the_promotion_band_follows_the_calibration() -> None:
    """A die read up to 0.15 under the "sure" threshold may be promoted, wherever the
    calibration puts the threshold."""
    near = Region((50.0, 50.0), (35, 35, 65, 65), "face could not be counted", 0.6)
    assert promote_at() == pytest.approx(0.65)
    M.set_calibration(M.Calibration(2.0, 0.70, "test", 0.95))
    assert promote_at() == pytest.approx(0.55)
    dice, _ = merged(near, FaceGuess(1, 0.99, True), vote=1)
    assert [d.value for d in dice] == [1]


def test_a_die_another_die_touches_is_never_promoted() -> None:
    """Its crop, the profile's too, holds some of the neighbour's pips: the players are
    asked to spread the dice instead."""
    pressed = Region((50.0, 50.0), (35, 35, 65, 65), TOUCHING_DICE, 0.9)
    assert merged(pressed, FaceGuess(4, 0.99, True), vote=4) == ([], [pressed])


@pytest.mark.parametrize("reason", [OVERLAPPING_FACES, TOO_SMALL])
def test_a_place_of_two_faces_or_too_small_is_never_promoted(reason: str) -> None:
    """A top face and a side face marked at one place (table-white ``two_29``: a two at a
    slant, its side face a four; taught on the folder, the profile named the four and the
    classifier's guess at the whole die agreed), or a die under the smallest the reader
    counts: the profile cannot tell which face it named."""
    seen_twice = Region((50.0, 50.0), (35, 35, 65, 65), reason, 0.9)
    assert merged(seen_twice, FaceGuess(4, 0.99, True), vote=4) == ([], [seen_twice])
