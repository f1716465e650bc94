"""A box on one pip of a larger die is looked at again, larger (vision.larger_look)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from vision import candidate_looks
from vision import larger_look as L
from vision import model as M
from vision import reader as R
from vision.candidates import KEEP, NOT_DIE, Candidate, classify
from vision.synthetic import render_dice_scene

SIDE = 110.0  # the die
ON_PIP = 60.0  # the box the detector put on one of its pips


def _two_and_its_pip(seed: int) -> tuple[np.ndarray, tuple[float, float], tuple[float, float]]:
    """A large white two alone, its centre, and the centre of one of its pips."""
    img, drawn = render_dice_scene([2], seed, size=(480, 360), style="white", side=SIDE)
    d = drawn[0]
    a, r = math.radians(d.angle), 0.5 * 1.05 * SIDE / 2
    pip = (d.center[0] + (math.cos(a) - math.sin(a)) * r,
           d.center[1] + (math.sin(a) + math.cos(a)) * r)
    return img, d.center, pip


@pytest.mark.parametrize("seed", [1, 5])
def test_a_box_on_one_pip_of_a_two_is_read_as_the_two(seed: int) -> None:
    img, _, pip = _two_and_its_pip(seed)
    as_it_is = classify(img, M.turned(img, [(pip, ON_PIP)]))[0]
    assert M.value_probability(as_it_is)[0] < M.calibration().sure  # one pip: not countable
    seen = L.read_larger(img, pip, ON_PIP, M.calibration().sure, NOT_DIE)
    assert seen is not None
    value, least, confidence, size, _ = seen
    assert value == 2 and least >= M.calibration().sure and confidence >= least - 0.2
    assert size in [k * ON_PIP for k in L.GROW]


def test_a_larger_look_any_classifier_doubts_stays_unread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every classifier must be sure of the same value: the close look reading a one leaves
    the place uncertain."""
    img, _, pip = _two_and_its_pip(1)
    raw = M.run_classifier_raw

    def close_look_reads_one(patches: np.ndarray, name: str = M.CLASSIFIER,
                             ) -> tuple[np.ndarray, np.ndarray]:
        logits, feats = raw(patches, name)
        if name == M.CLOSE_LOOK:
            logits = np.zeros_like(logits)
            logits[:, 1] = 10.0
        return logits, feats

    monkeypatch.setattr(M, "run_classifier_raw", close_look_reads_one)
    assert L.read_larger(img, pip, ON_PIP, M.calibration().sure, NOT_DIE) is None


def test_bare_table_read_larger_is_still_no_die() -> None:
    img = np.full((360, 480, 3), 180, np.uint8)
    assert L.read_larger(img, (240.0, 180.0), ON_PIP, M.calibration().sure, NOT_DIE) is None


def _candidate(x: float, p: float = 0.4, **kw: bool) -> Candidate:
    return Candidate(x, 100.0, 40.0, 0.8, 4, p, p, **kw)  # type: ignore[arg-type]


def test_only_a_lone_free_unsure_place_is_looked_at_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[float] = []

    def spy(full: np.ndarray, centre: tuple[float, float], size: float, sure: float,
            not_die: float) -> None:
        asked.append(centre[0])

    monkeypatch.setattr(candidate_looks, "read_larger", spy)
    img = np.zeros((10, 10, 3), np.uint8)
    lone_unsure, sure = _candidate(100.0), _candidate(1000.0, p=0.99)
    crowded = [_candidate(2000.0), _candidate(2000.0 + 2.5 * 40.0)]  # within ALONE sizes
    touching, faint = _candidate(3000.0, touching=True), _candidate(4000.0, faint=True)
    cands = [lone_unsure, sure, *crowded, touching, faint]
    out = candidate_looks.looked_larger(img, cands, np.full(len(cands), 0.645))
    assert asked == [100.0] and out == cands  # nothing was sure larger: all as they were


def test_read_dice_reads_the_two_a_box_on_one_pip_marks(monkeypatch: pytest.MonkeyPatch) -> None:
    """End to end: the detector's only place is one pip of the two, read unsure at its size;
    the reading holds the two, its box the larger look's."""
    img, centre, pip = _two_and_its_pip(5)
    on_pip = Candidate(pip[0], pip[1], ON_PIP, 0.8, 4, 0.45, 0.45)
    monkeypatch.setattr(R, "settled", lambda fr, looked, keep=KEEP: [on_pip])
    reading = R.read_dice(img)
    assert [d.value for d in reading.dice] == [2] and reading.uncertain == ()
    box = reading.dice[0].box
    assert box[2] - box[0] > 1.4 * ON_PIP
    assert box[0] <= centre[0] <= box[2] and box[1] <= centre[1] <= box[3]


def test_a_larger_look_never_reads_a_one() -> None:
    """A small whole die in a larger crop is one blob on the floor, as a one's pip is: a one
    is never read larger, while a six is."""
    for value, read in ((1, None), (6, 6)):
        img, drawn = render_dice_scene([value], 2, size=(480, 360), style="white", side=36)
        seen = L.read_larger(img, drawn[0].center, 36.0, M.calibration().sure, NOT_DIE)
        assert (seen and seen[0]) == read
