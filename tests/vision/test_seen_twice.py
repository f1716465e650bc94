"""One die the detector marked twice is read once (vision.seen_twice)."""

from __future__ import annotations

import numpy as np
import pytest

from vision import model as M
from vision import seen_twice as S
from vision.synthetic import render_dice_scene
from vision.types import Region


def _region(centre: tuple[float, float], side: float) -> Region:
    x, y, h = centre[0], centre[1], side / 2
    return Region((x, y), (round(x - h), round(y - h), round(x + h), round(y + h)),
                  "dice touching: spread them", 0.7)


@pytest.fixture
def scene() -> tuple[np.ndarray, list]:
    return render_dice_scene([5, 2], 3, size=(480, 320), style="white", side=70)


def test_two_looks_at_one_die_are_read_as_that_die(scene: tuple[np.ndarray, list]) -> None:
    image, drawn = scene
    (x, y), other = drawn[0].center, drawn[1]
    looks = (_region((x - 14, y - 8), 64), _region((x + 10, y + 12), 60),
             _region(other.center, 70))
    assert S.echo_pairs(list(looks)) == [(0, 1)]  # 0.45 sides apart; the other die is far
    dice, left = S.read_once(image, looks)
    assert [d.value for d in dice] == [5] and left == (looks[2],)
    assert abs(dice[0].center[0] - x) < 8 and abs(dice[0].center[1] - y) < 8
    assert dice[0].confidence >= M.calibration().sure


def test_two_dice_side_by_side_are_never_one(scene: tuple[np.ndarray, list]) -> None:
    """Two dice lie at least a side apart: regions on two dice are no echo."""
    image, drawn = scene
    a, b = (_region(d.center, 70) for d in drawn)
    assert S.echo_pairs([a, b]) == []
    near = _region((drawn[0].center[0] + 0.7 * 70, drawn[0].center[1]), 70)
    assert S.echo_pairs([a, near]) == []  # 0.7 sides apart: could be two pressed dice
    assert S.read_once(image, (a, b)) == ([], (a, b))


def test_a_pair_any_classifier_doubts_stays_uncertain(
        scene: tuple[np.ndarray, list], monkeypatch: pytest.MonkeyPatch) -> None:
    """All three classifiers must name the same value at both sizes: one voice reading a
    one leaves both regions."""
    image, drawn = scene
    (x, y) = drawn[0].center
    looks = (_region((x - 14, y - 8), 64), _region((x + 10, y + 12), 60))
    raw = M.run_classifier_raw

    def third_reads_one(patches: np.ndarray, name: str = M.CLASSIFIER,
                        ) -> tuple[np.ndarray, np.ndarray]:
        logits, feats = raw(patches, name)
        if name == M.OPINIONS[-1]:
            logits = np.zeros_like(logits)
            logits[:, 1] = 10.0
        return logits, feats

    monkeypatch.setattr(M, "run_classifier_raw", third_reads_one)
    assert S.read_once(image, looks) == ([], looks)


@pytest.mark.parametrize(("first", "read"), [(0.80, True), (0.55, False)])
def test_the_first_classifier_need_only_be_as_sure_as_for_a_free_die(
        scene: tuple[np.ndarray, list], monkeypatch: pytest.MonkeyPatch, first: float,
        read: bool) -> None:
    """The opinions, trained on slanted dice, must be as sure as for a pressed die; the
    first classifier, never trained on them, as sure as for a free die."""
    image, drawn = scene
    (x, y) = drawn[0].center
    looks = (_region((x - 14, y - 8), 64), _region((x + 10, y + 12), 60))
    cal = M.calibration()
    assert 0.55 < cal.sure < 0.80 < cal.sure_touching
    raw = M.run_classifier_raw

    def first_reads_five_at(patches: np.ndarray, name: str = M.CLASSIFIER,
                            ) -> tuple[np.ndarray, np.ndarray]:
        logits, feats = raw(patches, name)
        if name == M.CLASSIFIER:  # P(5) = first, the rest shared by the other values
            rest = np.log((1.0 - first) / 5.0) * cal.temperature
            logits = np.full_like(logits, rest)
            logits[:, 0] = -50.0
            logits[:, 5] = np.log(first) * cal.temperature
        return logits, feats

    monkeypatch.setattr(M, "run_classifier_raw", first_reads_five_at)
    dice, left = S.read_once(image, looks)
    assert ([d.value for d in dice], left) == (([5], ()) if read else ([], looks))


def test_regions_too_small_to_count_are_never_paired() -> None:
    tiny = (_region((100.0, 100.0), 10), _region((104.0, 100.0), 10))
    assert S.echo_pairs(list(tiny)) == [(0, 1)]
    assert S.echo_pairs(list(tiny), smallest=14) == []
