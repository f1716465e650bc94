"""A frame under a strong colour cast, one channel burnt out, is balanced before it is read
(``vision.colour_cast``); every other frame is read as it comes."""

from __future__ import annotations

import numpy as np
import pytest

from vision import colour_cast as C
from vision import reader as R
from vision.bench import probe_labels, score_reading
from vision.camera_changes import Change, changed
from vision.probe_scenes import Probe, probe_scene


def _warm(probe: Probe, seed: int) -> tuple[np.ndarray, tuple]:
    image, drawn = probe_scene(probe, seed)
    return changed(image, probe_labels(drawn), Change.WARM_LAMP)


def _off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(R, "balanced", lambda image: image)


@pytest.mark.parametrize("seed", [5, 14, 15])
def test_white_dice_on_cream_paper_under_a_warm_lamp(seed: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The warm lamp burns out the red channel of a pale floor: balanced, the scene reads
    exactly right; read as it comes, it does not."""
    image, labels = _warm(Probe.PALE_FLOOR, seed)
    assert C.cast_gains(image) is not None
    score, _, wrong = score_reading(R.read_dice(image), labels)
    assert score.entirely_right and wrong == 0
    _off(monkeypatch)
    assert not score_reading(R.read_dice(image), labels)[0].entirely_right


def test_a_die_ruled_wrong_under_the_cast_is_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pale-floor scene 48 through the warm lamp: read as it comes, a two is ruled a one;
    balanced, every die is read right."""
    image, labels = _warm(Probe.PALE_FLOOR, 48)
    score, _, wrong = score_reading(R.read_dice(image), labels)
    assert score.entirely_right and wrong == 0
    _off(monkeypatch)
    assert score_reading(R.read_dice(image), labels)[2] >= 1


@pytest.mark.parametrize("change", [None, Change.GREY, Change.DIM, Change.NOISE])
def test_no_cast_no_change(change: Change | None) -> None:
    """A frame with no cast, or a cast with nothing burnt out, is the very array read."""
    image, drawn = probe_scene(Probe.PALE_FLOOR, 55)
    if change is not None:
        image, _ = changed(image, probe_labels(drawn), change)
    assert C.balanced(image) is image
    lit = np.clip(image * np.array([0.6, 0.9, 1.0]), 0, 255).astype(np.uint8)  # blue down only
    assert C.cast_gains(lit) is None


def test_a_saturated_floor_alone_is_no_cast() -> None:
    """A floor burnt out in one channel whose channels' means stay near (a pale green card
    under a bright lamp) is read as it comes."""
    floor = np.full((120, 160, 3), (235, 255, 226), np.uint8)
    assert C.cast_gains(floor) is None


def test_the_crops_are_the_balanced_frames() -> None:
    """``die_crops`` takes the crops the reader classified: from the balanced frame."""
    image, _ = _warm(Probe.PALE_FLOOR, 5)
    reading = R.read_dice(image)
    assert reading.dice
    crops = R.die_crops(image, reading)
    assert np.array_equal(crops, R.die_crops(C.balanced(image), reading))
