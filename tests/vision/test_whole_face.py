"""A die read from a box on part of it is read again whole, and not ruled on where the two
reads differ (``vision.whole_face``)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import model as M
from vision import reader as R
from vision import whole_face as W
from vision.bench import probe_labels, score_reading
from vision.probe_scenes import Probe, probe_scene
from vision.types import READ_APART

GLINT_BOXED = {263: "a blue one, its yellow pip and a white glint boxed as a three",
               270: "a one, its pip and a glint above it boxed as a two",
               408: "a one, its pip and a glint boxed as a two"}


@pytest.mark.parametrize("seed", sorted(GLINT_BOXED))
def test_a_glossy_one_boxed_on_its_pip_and_a_glint_is_not_ruled_on(seed: int) -> None:
    """Glossy-dice scenes where the box holds a one's pip and a glint and not the whole
    face, read surely as a two or a three; the whole die, its square blob on the floor, reads
    as a one: the die is an uncertain region, and nothing is ruled wrong."""
    image, drawn = probe_scene(Probe.GLOSSY_DICE, seed)
    reading = R.read_dice(image)
    _, _, ruled_wrong = score_reading(reading, probe_labels(drawn))
    assert ruled_wrong == 0, GLINT_BOXED[seed]
    assert READ_APART in [r.reason for r in reading.uncertain], GLINT_BOXED[seed]


def _die(floor: tuple[int, int, int], die: tuple[int, int], side: int,
         tray: int = 0) -> np.ndarray:
    """A 320x240 frame: a ``side`` px blue die with a white pip, its middle at ``die``, on
    ``floor``; inside a ``tray`` px grey tray round it, if given."""
    image = np.full((240, 320, 3), floor, np.uint8)
    x, y = die
    if tray:
        cv2.rectangle(image, (x - tray // 2, y - tray // 2), (x + tray // 2, y + tray // 2),
                      (150, 150, 150), -1)
    cv2.rectangle(image, (x - side // 2, y - side // 2), (x + side // 2, y + side // 2),
                  (200, 90, 40), -1)
    return cv2.circle(image, die, side // 8, (240, 240, 240), -1)


@pytest.fixture
def read_as_six(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every classifier reads every crop as a six, surely: any die read otherwise is read
    apart wherever the whole die is read again at all."""
    six = np.array([[-9.0, -9.0, -9.0, -9.0, -9.0, -9.0, 9.0]], np.float32)
    monkeypatch.setattr(M, "run_classifier_raw",
                        lambda patches, name=M.CLASSIFIER: (np.repeat(six, len(patches), 0),
                                                            None))


@pytest.mark.usefixtures("read_as_six")
def test_which_boxes_are_read_again_whole() -> None:
    """A box on part of a die, centred on it, is read again whole; a box on the whole die,
    a box whose die lies in a tray (the tray's blob is no die), and a box on the top of a
    blob that hangs below it (a die at a slant, its side faces under its top) are not."""
    green = (60, 120, 60)
    assert W.read_apart(_die(green, (160, 120), 60), (160.0, 120.0), 40.0, 1)
    assert not W.read_apart(_die(green, (160, 120), 60), (160.0, 120.0), 60.0, 1)
    assert not W.read_apart(_die(green, (160, 120), 40, tray=150), (160.0, 120.0), 40.0, 1)
    assert not W.read_apart(_die(green, (160, 130), 60), (160.0, 110.0), 40.0, 1)
    assert not W.read_apart(_die(green, (160, 120), 60), (160.0, 120.0), 40.0, 6)
