"""A three or five whose centre mark is a glint, read again with the glint painted out
(``vision.past_glints``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import centre_pip, past_glints
from vision import reader as R
from vision.bench import probe_labels, score_reading
from vision.camera_changes import Change, changed
from vision.dataset import load_folder, read_photo
from vision.probe_scenes import Probe, empty_tray, probe_scene
from vision.reference import EmptyTray
from vision.synthetic import render_dice_scene
from vision.types import GLINT, box_side


@pytest.mark.parametrize("seed", [12, 37, 38, 68, 574])
def test_a_die_with_a_glint_in_its_middle_is_read_past_it(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Glossy-dice scenes 12, 37, 38, 68 and 574: a two or a four with a lamp's glint
    in its middle, read as a three or a five. The glint check finds the mark off the centre
    pip's place (12, 37, 68), of another colour than the pips (38: white between yellow)
    or a speck between the corner pips (574); painted over, all four classifiers read the
    die's own value surely. Without reading past it, the die was left uncertain."""
    image, drawn = probe_scene(Probe.GLOSSY_DICE, seed)
    labels = probe_labels(drawn)
    reading = R.read_dice(image)
    assert score_reading(reading, labels)[0].entirely_right
    assert GLINT not in [r.reason for r in reading.uncertain]
    monkeypatch.setattr(past_glints, "worth", lambda glint: False)
    again = R.read_dice(image)
    assert GLINT in [r.reason for r in again.uncertain]
    assert score_reading(again, labels)[2] == 0


def test_a_glint_only_as_faint_as_a_faded_pip_is_not_read_past(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Glossy-dice scene 298: a two whose glint, in the centre pip's place and of a pip's
    size, stands out 0.838 x as far as the corner pips, read as a three. Until round 72 it
    was painted over and read as the two it is; but a real centre pip through JPEG stands
    out as little (0.835: ``test_a_centre_pip_faded_by_jpeg_is_not_read_past``), so the die
    is left uncertain, a re-read, and nothing is ruled wrong."""
    image, drawn = probe_scene(Probe.GLOSSY_DICE, 298)
    labels = probe_labels(drawn)
    reading = R.read_dice(image)
    assert GLINT in [r.reason for r in reading.uncertain]
    assert score_reading(reading, labels)[2] == 0
    monkeypatch.setattr(past_glints, "FAINT", centre_pip.DIM)
    assert score_reading(R.read_dice(image), labels)[0].entirely_right


def test_a_four_with_a_bare_middle_is_read_past_it() -> None:
    """Glossy-dice scene 165, as the box reads it: a four read as a five (0.99 sure) whose
    middle is bare in the glint check's look, the shine there too faint to mark. Painted
    over, the middle reads as the four it is, by all four classifiers."""
    image, drawn = probe_scene(Probe.GLOSSY_DICE, 165)
    labels = probe_labels(drawn)
    reading = R.read_dice(image, len(labels),
                          reference=EmptyTray(empty_tray(Probe.GLOSSY_DICE, 165)))
    assert score_reading(reading, labels)[2] == 0
    four = next(d for d in drawn if d.value == 4)
    assert [d.value for d in reading.dice
            if np.hypot(d.center[0] - four.center[0], d.center[1] - four.center[1])
            < four.side / 2] == [4]


@pytest.mark.parametrize("seed", [70, 87, 313, 451])
def test_a_centre_pip_taken_for_a_glint_is_not_read_past(
        seed: int, monkeypatch: pytest.MonkeyPatch, told_by_that_check: Callable[..., int],
        ) -> None:
    """Glossy-dice scenes 70, 87, 313 and 451: a three or a five whose real centre pip the
    glint check takes for a glint (a shine drawn across it; 1.4-2.0 x the corner pips).
    Painted over, it is read one pip fewer by all four classifiers, surely: the mark is
    larger than a pip, or shows no sign but being drawn out (``past_glints.worth``), so the
    die stays uncertain."""
    image, drawn = probe_scene(Probe.GLOSSY_DICE, seed)
    told_by_that_check(image, probe_labels(drawn), GLINT,
                       lambda: monkeypatch.setattr(past_glints, "worth", lambda glint: True))


def test_a_dark_mark_off_the_place_is_still_a_glint(photos: Path) -> None:
    """Tray photo IMG_20191208_112332 through a grey camera (``Change.GREY``): a 27 px
    three whose dark middle mark lies off the corners' centre. Its pips are darker than
    the face and so is the mark, so it is never painted over (``centre_pip._lit``), but
    the check still refuses the die: it stays an uncertain region, as in round 53."""
    photo = next(p for p in load_folder(photos / "tray-colored")
                 if p.path.name == "IMG_20191208_112332.jpg")
    image, _ = changed(read_photo(photo.path), photo.dice, Change.GREY)
    reading = R.read_dice(image)
    glints = [r for r in reading.uncertain if r.reason == GLINT]
    assert [(round(r.center[0] / 10), round(r.center[1] / 10)) for r in glints] == [(43, 20)]


def test_a_drawn_out_centre_pip_under_a_warm_lamp_is_not_read_past(
        photos: Path, monkeypatch: pytest.MonkeyPatch, told_by_that_check: Callable[..., int],
        ) -> None:
    """Tray photo IMG_20191209_100333 under a warm lamp (``Change.WARM_LAMP``): a three of
    35 px with pips of 4 px, its centre pip drawn out 1.4 x the corners and of their size.
    The glint check takes it for a glint; painted over, the die reads as a two. Drawn out
    alone is no telling sign: the die stays uncertain, as it was."""
    photo = next(p for p in load_folder(photos / "tray-colored")
                 if p.path.name == "IMG_20191209_100333.jpg")
    image, labels = changed(read_photo(photo.path), photo.dice, Change.WARM_LAMP)
    told_by_that_check(image, labels, GLINT, lambda: not_drawn_out(monkeypatch))


def test_a_blurred_centre_pip_is_not_read_past(
        monkeypatch: pytest.MonkeyPatch, told_by_that_check: Callable[..., int]) -> None:
    """Spotted-floor scene 0 through JPEG (``Change.JPEG``): a three whose centre pip, in
    its place, the blocks draw out (1.6 x the corners) and fade. The glint check takes it
    for a glint; painted over, the die reads as a two. Faint and drawn out at once is what
    blur does to a pip: no telling sign, and the die stays uncertain."""
    image, drawn = probe_scene(Probe.SPOTTED_FLOOR, 0)
    image, labels = changed(image, probe_labels(drawn), Change.JPEG)
    told_by_that_check(image, labels, GLINT, lambda: not_drawn_out(monkeypatch))


def test_a_centre_pip_faded_by_jpeg_is_not_read_past(
        photos: Path, monkeypatch: pytest.MonkeyPatch, told_by_that_check: Callable[..., int],
        ) -> None:
    """Tray photo IMG_20191208_111826 saved again as a JPEG of quality 60, as a webcam's
    stream or a messaging app would (``Change.WEBCAM_JPEG``): a green five's yellow centre
    pip, in its place and of its corners' size, stands out 0.835 x as far as they do (the
    glint check's bar 0.84). Painted over, the five read as a four, 1.0 sure. Fainter
    alone, and only just, is what a JPEG does to a pip (``past_glints.FAINT``): the die
    stays uncertain."""
    photo = next(p for p in load_folder(photos / "tray-colored")
                 if p.path.name == "IMG_20191208_111826.jpg")
    image, labels = changed(read_photo(photo.path), photo.dice, Change.WEBCAM_JPEG)
    told_by_that_check(image, labels, GLINT,
                       lambda: monkeypatch.setattr(past_glints, "FAINT", centre_pip.DIM))


def not_drawn_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """The glint check's read-past without its drawn-out sign: a glint of a pip's size or
    less is read past."""
    monkeypatch.setattr(past_glints, "worth", lambda glint: glint.size <= past_glints.SIZE)


def _shine_on_centre_pip(value: int, seed: int) -> np.ndarray:
    """A white die with black pips showing ``value``, a lamp's shine of a pip's size laid
    over its centre pip, 0.4-0.9 of its radius off it: what is left of the pip is a dark
    crescent, smaller than a pip and off its place."""
    image, drawn = render_dice_scene([value], seed, style="white", side=float(40 + seed % 30))
    (x, y), side = drawn[0].center, box_side(drawn[0].box)
    rng = np.random.default_rng(seed)
    r = 0.09 * side * rng.uniform(0.8, 1.2)
    turn, off = rng.uniform(0, 2 * np.pi), r * rng.uniform(0.4, 0.9)
    cv2.circle(image, (round(x + off * np.cos(turn)), round(y + off * np.sin(turn))), round(r),
               (250, 250, 250), -1, lineType=cv2.LINE_AA)
    return cv2.GaussianBlur(image, (0, 0), 0.7)


@pytest.mark.parametrize(("value", "seed"), [(3, 3), (5, 3), (3, 7), (5, 8)])
def test_a_dark_pip_under_a_shine_is_not_read_past(value: int, seed: int,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A white three or five whose black centre pip a lamp's shine half covers: the glint
    check takes the dark crescent left for a glint (off the place, smaller than a pip).
    A shine is lighter than the face; where the pips are darker than it, a dark mark may be
    what is left of a pip, and is never painted over (``centre_pip._lit``): the die stays
    uncertain. Painted over, it reads one pip fewer, surely."""
    image = _shine_on_centre_pip(value, seed)
    reading = R.read_dice(image)
    assert reading.dice == () and [r.reason for r in reading.uncertain] == [GLINT]
    monkeypatch.setattr(centre_pip, "_lit", lambda *marks: True)
    assert [d.value for d in R.read_dice(image).dice] == [value - 1]
