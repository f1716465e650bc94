"""A glint taken for a centre pip is not ruled on (``vision.centre_pip``)."""

from __future__ import annotations

import pytest

from vision import reader as R
from vision.bench import probe_labels, score_reading
from vision.probe_scenes import Probe, probe_scene
from vision.synthetic import render_dice
from vision.types import GLINT


@pytest.mark.parametrize("seed", [0, 12, 37, 52])
def test_a_glint_in_the_middle_of_a_four_is_not_ruled_on(seed: int) -> None:
    """Glossy-dice scenes 0, 12, 37 and 52: a four with a lamp's glint by its middle was
    read as a five by every classifier and ruled wrong (white glints on white pips in 0
    and 12). The glint lies off the centre pip's place: the die is an uncertain region."""
    image, drawn = probe_scene(Probe.GLOSSY_DICE, seed)
    reading = R.read_dice(image)
    _, _, ruled_wrong = score_reading(reading, probe_labels(drawn))
    assert ruled_wrong == 0
    assert [r.reason for r in reading.uncertain] == [GLINT]


@pytest.mark.parametrize("seed", [38, 41])
def test_a_glint_unlike_the_pips_or_smaller_than_a_speck_is_not_ruled_on(seed: int) -> None:
    """Glossy-dice scene 38: a blue two with yellow pips and a white glint between them,
    read as a three; the middle mark is of another colour than the corner pips. Scene 41:
    a black four whose glint in the middle is too small to count as a pip at all, read as a
    five; the corner pips stand alone, and what lies between them is a speck, not a pip."""
    image, drawn = probe_scene(Probe.GLOSSY_DICE, seed)
    reading = R.read_dice(image)
    _, _, ruled_wrong = score_reading(reading, probe_labels(drawn))
    assert ruled_wrong == 0
    assert GLINT in [r.reason for r in reading.uncertain]


@pytest.mark.parametrize("values", [(3, 5), (5, 3, 5), (3, 3, 3, 5)])
def test_threes_and_fives_are_read(values: tuple[int, ...]) -> None:
    """Real centre pips (renders, every value with one) are never taken for glints."""
    image = render_dice(list(values), rng=sum(values), side=60.0)
    reading = R.read_dice(image, expect=len(values))
    assert reading.ok and sorted(reading.values) == sorted(values)
