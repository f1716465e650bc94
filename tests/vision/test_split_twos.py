"""A two whose pips were boxed apart is read over both boxes, not ruled a one
(``vision.split_twos``)."""

from __future__ import annotations

import numpy as np
import pytest

from vision import reader as R
from vision import split_twos as S
from vision.bench import probe_labels, score_reading
from vision.locate import Frames, frames
from vision.probe_scenes import Probe, probe_scene
from vision.types import UNREAD, Die, Region


def _off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(R, "split_twos", lambda fr, dice, unsure, sure: (dice, unsure))


@pytest.mark.parametrize("seed", [196, 204, 391, 404])
def test_a_twos_pip_read_as_a_one_is_not_ruled(seed: int,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Pale twos on pale floors, one pip boxed and read as a one (0.76-0.81), the other
    pip a place of its own or the two read off its middle: read over both, the scene is
    exactly right. Without the look, a one is ruled where a two lies."""
    image, drawn = probe_scene(Probe.PALE_FLOOR, seed)
    labels = probe_labels(drawn)
    score, _, wrong = score_reading(R.read_dice(image), labels)
    assert score.entirely_right and wrong == 0
    _off(monkeypatch)
    assert score_reading(R.read_dice(image), labels)[2] == 1


def _die(value: int, x: float, side: int = 20, confidence: float = 0.8) -> Die:
    h = side // 2
    return Die(value, (x, 50.0), (int(x) - h, 50 - h, int(x) + h, 50 + h), confidence)


def _frame_with(monkeypatch: pytest.MonkeyPatch, reads: list[tuple[int, float, float]] | None,
                ) -> Frames:
    """A blank frame whose crops ``read_two`` reads as ``reads`` (None: no two)."""
    monkeypatch.setattr(S, "read_two", lambda fr, places: reads)
    return frames(np.full((100, 200, 3), 200, np.uint8))


def test_what_becomes_of_a_twos_pip(monkeypatch: pytest.MonkeyPatch) -> None:
    """Beside a die read as a two the one is dropped; beside an uncertain place, read
    surely enough, both become the two; read less surely, the one is left uncertain; a
    one read surely, or with nothing near, or where no two is read, stands."""
    one, two = _die(1, 50.0), _die(2, 68.0)
    place = Region((68.0, 50.0), (58, 40, 78, 60), "dice touching")
    sure = [(2, 0.97, 0.99), (2, 0.9, 0.95)]
    fr = _frame_with(monkeypatch, sure)
    assert S.split_twos(fr, [one, two], [], 0.93) == ([two], [])
    dice, left = S.split_twos(fr, [one], [place], 0.93)
    assert [d.value for d in dice] == [2] and left == []
    dice, left = S.split_twos(fr, [one], [place], 0.98)
    assert dice == [] and [r.reason for r in left] == ["dice touching", UNREAD]
    surely = _die(1, 50.0, confidence=S.ONE_DOUBTED)
    assert S.split_twos(fr, [surely], [place], 0.93) == ([surely], [place])
    far = Region((150.0, 50.0), (140, 40, 160, 60), "dice touching")
    assert S.split_twos(fr, [one], [far], 0.93) == ([one], [far])
    four = _die(4, 68.0)  # a two read over a one and a four: the one is not ruled, the four stands
    dice, left = S.split_twos(fr, [one, four], [], 0.93)
    assert dice == [four] and [r.reason for r in left] == [UNREAD]
    fr = _frame_with(monkeypatch, None)
    assert S.split_twos(fr, [one], [place], 0.93) == ([one], [place])
