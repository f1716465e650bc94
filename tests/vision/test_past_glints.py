"""A three or five whose centre mark is a glint, read again with the glint painted out
(``vision.past_glints``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vision import past_glints
from vision import reader as R
from vision.bench import probe_labels, score_reading
from vision.camera_changes import Change, changed
from vision.dataset import load_folder, read_photo
from vision.probe_scenes import Probe, probe_scene
from vision.types import GLINT


@pytest.mark.parametrize("seed", [12, 37, 38, 68, 298, 574])
def test_a_die_with_a_glint_in_its_middle_is_read_past_it(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Glossy-dice scenes 12, 37, 38, 68, 298 and 574: a two or a four with a lamp's glint
    in its middle, read as a three or a five. The glint check finds the mark off the centre
    pip's place (12, 37, 68), of another colour than the pips (38: white between yellow),
    fainter than the pips (298) or a speck between the corner pips (574); painted over, all
    four classifiers read the die's own value surely. Without reading past it, the die was
    left uncertain."""
    image, drawn = probe_scene(Probe.GLOSSY_DICE, seed)
    labels = probe_labels(drawn)
    reading = R.read_dice(image)
    assert score_reading(reading, labels)[0].entirely_right
    assert GLINT not in [r.reason for r in reading.uncertain]
    monkeypatch.setattr(past_glints, "worth", lambda glint: False)
    again = R.read_dice(image)
    assert GLINT in [r.reason for r in again.uncertain]
    assert score_reading(again, labels)[2] == 0


@pytest.mark.parametrize("seed", [70, 87, 313, 451])
def test_a_centre_pip_taken_for_a_glint_is_not_read_past(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Glossy-dice scenes 70, 87, 313 and 451: a three or a five whose real centre pip the
    glint check takes for a glint (a shine drawn across it; 1.4-2.0 x the corner pips).
    Painted over, it is read one pip fewer by all four classifiers, surely: the mark is
    larger than a pip, or shows no sign but being drawn out (``past_glints.worth``), so the
    die stays uncertain."""
    image, drawn = probe_scene(Probe.GLOSSY_DICE, seed)
    labels = probe_labels(drawn)
    reading = R.read_dice(image)
    assert score_reading(reading, labels)[2] == 0
    assert GLINT in [r.reason for r in reading.uncertain]
    monkeypatch.setattr(past_glints, "worth", lambda glint: True)
    assert score_reading(R.read_dice(image), labels)[2] > 0


def test_a_drawn_out_centre_pip_under_a_warm_lamp_is_not_read_past(
        photos: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tray photo IMG_20191209_100333 under a warm lamp (``Change.WARM_LAMP``): a three of
    35 px with pips of 4 px, its centre pip drawn out 1.4 x the corners and of their size.
    The glint check takes it for a glint; painted over, the die reads as a two. Drawn out
    alone is no telling sign: the die stays uncertain, as it was."""
    photo = next(p for p in load_folder(photos / "tray-colored")
                 if p.path.name == "IMG_20191209_100333.jpg")
    image, labels = changed(read_photo(photo.path), photo.dice, Change.WARM_LAMP)
    reading = R.read_dice(image)
    assert score_reading(reading, labels)[2] == 0
    assert GLINT in [r.reason for r in reading.uncertain]
    monkeypatch.setattr(past_glints, "worth", lambda glint: glint.size <= past_glints.SIZE)
    assert score_reading(R.read_dice(image), labels)[2] > 0


def test_a_blurred_centre_pip_is_not_read_past(monkeypatch: pytest.MonkeyPatch) -> None:
    """Spotted-floor scene 0 through JPEG (``Change.JPEG``): a three whose centre pip, in
    its place, the blocks draw out (1.6 x the corners) and fade. The glint check takes it
    for a glint; painted over, the die reads as a two. Faint and drawn out at once is what
    blur does to a pip: no telling sign, and the die stays uncertain."""
    image, drawn = probe_scene(Probe.SPOTTED_FLOOR, 0)
    image, labels = changed(image, probe_labels(drawn), Change.JPEG)
    reading = R.read_dice(image)
    assert score_reading(reading, labels)[2] == 0
    assert GLINT in [r.reason for r in reading.uncertain]
    monkeypatch.setattr(past_glints, "worth", lambda glint: glint.size <= past_glints.SIZE)
    assert score_reading(R.read_dice(image), labels)[2] > 0
