"""A die still uncertain is read once more in four views (vision.four_views)."""

from __future__ import annotations

import numpy as np
import pytest

from vision import candidate_looks
from vision import four_views as V
from vision import model as M
from vision import reader as R
from vision.candidates import NOT_DIE, Candidate, candidates
from vision.synthetic import render_dice_scene


def _candidate(x: float, p: float, **kw: bool) -> Candidate:
    return Candidate(x, 100.0, 40.0, 0.8, 4, p, p, **kw)  # type: ignore[arg-type]


def test_the_four_views_show_the_same_face() -> None:
    """Mirrors and the half turn of an aligned die crop are the same face: each view of a
    five drawn by code is read as a five by the later classifiers."""
    img, drawn = render_dice_scene([5], 3, size=(320, 240), style="white", side=48)
    d = drawn[0]
    crops = M.crops_uint8(img, M.turned(img, [(d.center, 48.0)]))
    seen = V.views(crops)
    assert seen.shape == (V.VIEWS, *crops.shape)
    for view in seen:
        logits = M.run_classifier_raw(M.patches_input(view), M.OPINIONS[0])[0]
        assert int(np.argmax(logits[0])) == 5
    value, given, p_value, not_die = V.four_views(img, M.turned(img, [(d.center, 48.0)]))[0]
    assert value == 5 and given >= M.calibration().sure and 0 < p_value <= given
    assert not_die < NOT_DIE
    assert V.four_views(img, []) == []


def test_only_dice_near_their_threshold_and_not_pressed_in_a_hard_frame_are_looked_at(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[float] = []

    def spy(full: np.ndarray, places: list[M.Place]) -> list[V.Read]:
        asked.extend(c[0] for c, _, _ in places)
        return [(3, 0.9, 0.85, 0.05)] * len(places)

    monkeypatch.setattr(candidate_looks, "four_views", spy)
    need = 0.645
    cands = [_candidate(100.0, 0.5),  # free, unsure, near: looked at
             _candidate(200.0, need - candidate_looks.FOUR_VIEWS_BELOW - 0.01),  # too far under
             _candidate(300.0, 0.9),  # already sure
             _candidate(400.0, 0.5, touching=True),  # touching: looked at
             _candidate(500.0, 0.5, faint=True),
             _candidate(600.0, 0.5, touching=True, pressed=True),  # pressed, easy frame
             _candidate(700.0, 0.5, touching=True, pressed=True)]  # pressed, hard frame
    easy = np.array([False] * 5 + [True, False])
    out = candidate_looks.looked_four_ways(np.zeros((10, 10, 3), np.uint8), cands,
                             np.full(len(cands), need), easy)
    assert asked == [100.0, 400.0, 600.0]
    for i in (0, 3, 5):
        assert (out[i].value, out[i].p_value, out[i].confidence) == (3, 0.9, 0.85)
    assert [out[i] for i in (1, 2, 4, 6)] == [cands[i] for i in (1, 2, 4, 6)]


@pytest.mark.parametrize("read", [(3, 0.6, 0.55, 0.05),  # still not sure
                                  (3, 0.9, 0.3, 0.6)])  # sure of a value, but not a die
def test_a_mean_not_sure_or_not_a_die_leaves_the_die_uncertain(
        monkeypatch: pytest.MonkeyPatch, read: V.Read) -> None:
    monkeypatch.setattr(candidate_looks, "four_views", lambda full, places: [read] * len(places))
    cands = [_candidate(100.0, 0.5)]
    assert candidate_looks.looked_four_ways(np.zeros((10, 10, 3), np.uint8), cands,
                              np.full(1, 0.645), np.zeros(1, bool)) == cands


def test_read_dice_takes_a_die_the_four_views_are_sure_of(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """End to end: a die the first looks read just under a (strict) threshold is read as
    the four views' mean has it, and stays uncertain without them."""
    img, _ = render_dice_scene([4], 7, size=(320, 240), style="white", side=48)
    plain = R.read_dice(img)
    assert [d.value for d in plain.dice] == [4]
    t = 4 * M.calibration().temperature  # softer: no look is quite sure
    M.set_calibration(M.Calibration(t, 0.45, "test", 0.45, 0.45))
    try:
        first = candidates(img)[1][0].p_value
    finally:
        M.set_calibration(None)
    strict = first + 0.1  # just out of the first looks' reach
    monkeypatch.setattr(R, "looked_larger", lambda full, cands, need: cands)  # the other later
    monkeypatch.setattr(R, "looked_coarser", lambda fr, read, unsure: [])  # looks, kept out
    M.set_calibration(M.Calibration(t, strict, "test", strict, strict))
    try:
        monkeypatch.setattr(candidate_looks, "four_views",
                            lambda full, places: [(4, 1.0, 1.0, 0.0)] * len(places))
        assert [d.value for d in R.read_dice(img).dice] == [4]
        monkeypatch.setattr(candidate_looks, "four_views",
                            lambda full, places: [(4, strict - 0.01, 0.5, 0.0)] * len(places))
        unread = R.read_dice(img)
        assert not unread.dice and len(unread.uncertain) == 1
    finally:
        M.set_calibration(None)
