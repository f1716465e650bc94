"""A marbled die read with more pips than its face shows, its face a whole smaller face, is
not ruled on (``vision.veined_face``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import cv2
import numpy as np
import pytest

from vision import reader as R
from vision import veined_face as V
from vision.bench import probe_labels, score_reading
from vision.probe_scenes import Probe, empty_tray, probe_scene
from vision.reference import EmptyTray
from vision.types import FEWER_PIPS

SIDE = 60
CENTRE = (100.0, 100.0)


def _die(pips: list[tuple[float, float]], veined: bool = True) -> np.ndarray:
    """A grey floor with a die ``SIDE`` px across at ``CENTRE``, straight: a purple face with
    a green vein looping across it (or plain purple), yellow pips at ``pips`` (x the side
    from its middle)."""
    image = np.full((200, 200, 3), (120, 125, 118), np.uint8)
    x0 = int(CENTRE[0] - SIDE / 2)
    cv2.rectangle(image, (x0, x0), (x0 + SIDE, x0 + SIDE), (110, 30, 140), -1)
    if veined:
        xs = np.arange(x0 + 2, x0 + SIDE - 2)
        ys = CENTRE[1] + 0.3 * SIDE * np.sin((xs - x0) / SIDE * 2 * np.pi)
        cv2.polylines(image, [np.stack([xs, ys], 1).astype(np.int32)], False, (90, 200, 60), 7)
    for x, y in pips:
        cv2.circle(image, (round(CENTRE[0] + x * SIDE), round(CENTRE[1] + y * SIDE)),
                   round(0.09 * SIDE), (40, 200, 240), -1)
    return cv2.GaussianBlur(image, (0, 0), 0.8)


TWO = [(-0.27, -0.27), (0.27, 0.27)]
FOUR = [(-0.27, -0.27), (0.27, -0.27), (-0.27, 0.27), (0.27, 0.27)]


@pytest.mark.parametrize(("pips", "read", "refused"), [
    (TWO, 4, True),  # a whole two, read as a four
    (TWO, 3, True),  # ... as a three
    (FOUR, 6, True),  # a whole four, read as a six
    (FOUR, 4, False),  # read as what it shows
    ([(-0.27, -0.27), (0.0, 0.0)], 3, False),  # a three's corner pip run into a vein: no two
    (FOUR[:2], 4, False),  # two pips side by side: no two in the die's axes
])
def test_a_whole_smaller_face_on_a_veined_die_refuses_a_larger_read(
        pips: list[tuple[float, float]], read: int, refused: bool) -> None:
    image = _die(pips)
    assert V.body_face(image, CENTRE, SIDE, 0.0) is not None
    assert V.smaller_face(image, CENTRE, SIDE, 0.0, read) is refused


def test_a_one_coloured_face_is_left_to_the_other_checks() -> None:
    """A plain face is found by its colour (``centre_pip.found_face``): the pip check looks
    at it, this check says nothing."""
    assert not V.smaller_face(_die(TWO, veined=False), CENTRE, SIDE, 0.0, 4)


def test_a_die_is_looked_at_once_by_the_colour_and_the_floor_checks(
        calls_of: Callable[[Any, str], list[tuple[Any, ...]]]) -> None:
    """Through the image's ``FaceLooks`` the die's look is made once, for its face found by
    its colour and again against the floor, and the check says what it says alone."""
    from vision import centre_pip as C

    image = _die(TWO)
    alone = V.smaller_face(image, CENTRE, SIDE, 0.0, 4)
    made = calls_of(C, "face_look")
    faces = C.FaceLooks(image)
    assert V.smaller_face(image, CENTRE, SIDE, 0.0, 4, faces) is alone is True
    assert V.smaller_face(image, CENTRE, SIDE, 0.0, 4, faces) is True
    assert [args[4] for args in made].count(C.LOOK) == 1


def test_nothing_is_said_of_a_face_that_shows_no_floor_round_it() -> None:
    """A die on a floor of its own colours (no square stands out) is not looked at."""
    image = _die(TWO)
    image[:] = cv2.resize(image[70:130, 70:130], (200, 200), interpolation=cv2.INTER_NEAREST)
    assert V.body_face(image, CENTRE, SIDE, 0.0) is None
    assert not V.smaller_face(image, CENTRE, SIDE, 0.0, 4)


@pytest.mark.parametrize(("seed", "shown"), [(65, 2), (74, 3), (124, 4), (164, 2), (605, 3),
                                             (644, 2)])
def test_a_marbled_die_read_by_its_veins_is_not_ruled_on(
        seed: int, shown: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Marbled-dice scenes as the box reads them (told the count, with the empty tray): a
    die whose face shows ``shown`` pips among veins, read with one or two more (0.69-0.97
    sure), is left for a re-read; without the check it is ruled wrong. (Scenes 605 and 644
    were not looked at while the check was made.)"""
    image, drawn = probe_scene(Probe.MARBLED_DICE, seed)
    labels = probe_labels(drawn)
    tray = EmptyTray(empty_tray(Probe.MARBLED_DICE, seed))
    reading = R.read_dice(image, len(labels), reference=tray)
    assert score_reading(reading, labels)[2] == 0
    assert any(r.reason == FEWER_PIPS and d.value == shown
               and np.hypot(r.center[0] - d.center[0], r.center[1] - d.center[1]) < d.side
               for r in reading.uncertain for d in drawn)
    monkeypatch.setattr(R, "smaller_face", lambda *args, **kwargs: False)
    assert score_reading(R.read_dice(image, len(labels), reference=tray), labels)[2] > 0
