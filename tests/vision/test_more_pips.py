"""A die read as fewer pips than its face plainly shows is not ruled on
(``vision.more_pips``)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import reader as R
from vision.bench import probe_labels, score_reading
from vision.more_pips import MORE, more_pips
from vision.probe_scenes import Probe, probe_scene
from vision.types import MORE_PIPS

FLOOR = (60, 160, 70)


def _face(pips: list[tuple[float, float]], turn: float = 0.0) -> np.ndarray:
    """A 60 px cream face centred at (100, 100) on a green floor, black pips at ``pips``
    (offsets from its middle, in sides), the whole turned by ``turn`` degrees."""
    image = np.full((200, 200, 3), FLOOR, np.uint8)
    image[70:130, 70:130] = (200, 225, 235)
    for x, y in pips:
        cv2.circle(image, (round(100 + 60 * x), round(100 + 60 * y)), 5, (20, 20, 20), -1)
    return cv2.warpAffine(image, cv2.getRotationMatrix2D((100, 100), turn, 1.0), (200, 200),
                          borderValue=FLOOR)


ONE = [(0.0, 0.0)]
TWO = [(-0.25, -0.25), (0.25, 0.25)]
THREE = [*TWO, (0.0, 0.0)]
FOUR = [(-0.25, -0.25), (0.25, -0.25), (-0.25, 0.25), (0.25, 0.25)]
FIVE = [*FOUR, (0.0, 0.0)]
SIX = [(-0.25, y) for y in (-0.28, 0.0, 0.28)] + [(0.25, y) for y in (-0.28, 0.0, 0.28)]
FACES = {1: ONE, 2: TWO, 3: THREE, 4: FOUR, 5: FIVE, 6: SIX}


@pytest.mark.parametrize(("probe", "seed"), [(Probe.SLANTED_WOOD, 113),
                                             (Probe.SLANTED_WOOD, 273)])
def test_a_six_read_as_a_four_is_not_ruled_on(probe: Probe, seed: int) -> None:
    """Slanted-wood scenes 113 and 273: a cream six with red pips, squeezed by the slant,
    read as a four 0.97 sure by all three classifiers. Its face shows six clear pips laid
    out as a six's: it is an uncertain region, and nothing is ruled wrong."""
    image, drawn = probe_scene(probe, seed)
    reading = R.read_dice(image)
    _, _, ruled_wrong = score_reading(reading, probe_labels(drawn))
    assert ruled_wrong == 0
    assert [r.reason for r in reading.uncertain] == [MORE_PIPS]
    assert 4 not in reading.values


@pytest.mark.parametrize("turn", [0.0, 20.0, 45.0, 70.0])
def test_a_face_tells_a_read_of_two_pips_fewer_or_more(turn: float) -> None:
    """A face turned any way, boxed at its angle as the reader boxes it: read as its own
    value, or as one pip fewer (a glint in a two's or a four's middle makes a three or a
    five laid out as a face's), nothing is said; read as a value whose pips it shows with
    two or more besides, it is refused."""
    def refused(shown: int, read: int) -> bool:
        return more_pips(_face(FACES[shown], turn), (100.0, 100.0), 60.0, -turn, read)

    assert not any(refused(v, v) for v in FACES)
    assert not any(refused(v + 1, v) for v in range(1, 6))
    assert all(refused(shown, read) for read, more in MORE.items() for shown in more)


def test_marks_not_laid_out_as_a_face_say_nothing() -> None:
    """A two with two more marks to one side (a slanted camera's side-face pips counted
    beside the top face's), a four with two specks, pips that do not stand out, a die
    too small, and a face its colour does not show: nothing is said."""
    centre = (100.0, 100.0)
    assert not more_pips(_face([*TWO, (0.4, -0.1), (0.4, 0.15)]), centre, 60.0, 0.0, 2)
    specks = _face(FOUR)
    for x in (96, 104):
        cv2.circle(specks, (x, 100), 1, (20, 20, 20), -1)
    assert not more_pips(specks, centre, 60.0, 0.0, 4)
    assert not more_pips(_face([]), centre, 60.0, 0.0, 4)
    assert not more_pips(cv2.resize(_face(SIX), (40, 40)), (20.0, 20.0), 12.0, 0.0, 4)
    unseen = _face(SIX)
    unseen[np.all(unseen == FLOOR, axis=2)] = (200, 225, 235)  # the floor the face's colour
    assert not more_pips(unseen, centre, 60.0, 0.0, 4)
