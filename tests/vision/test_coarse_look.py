"""A die too large for the finer looks is found by a coarser one (vision.coarse_look)."""

from __future__ import annotations

import numpy as np
import pytest

from vision import reader as R
from vision.coarse_look import explained
from vision.locate import frames
from vision.probe_scenes import Probe, probe_scene
from vision.types import Die, Region
from vision.uncertain_looks import looked_coarser


@pytest.mark.parametrize(("seed", "what"), [
    (42, "a 111 px dark five whose light pips the first look took for dice"),
    (25, "two 101 px dice on a light floor, not marked at all"),
])
def test_a_die_too_large_for_a_640x480_frame_is_read(
        seed: int, what: str, monkeypatch: pytest.MonkeyPatch) -> None:
    img, drawn = probe_scene(Probe.LONE_DICE, seed)
    assert img.shape[:2] == (480, 640) and min(d.side for d in drawn) > 70, what
    reading = R.read_dice(img)
    assert sorted(d.value for d in reading.dice) == sorted(d.value for d in drawn)
    assert reading.uncertain == ()
    monkeypatch.setattr(R, "looked_coarser", lambda fr, read, unsure: [])
    monkeypatch.setattr(R, "looked_at_pips", lambda fr, looked, read, unsure: [])  # finds
    without = R.read_dice(img)  # the two light dice by their pips too
    assert sorted(d.value for d in without.dice) != sorted(d.value for d in drawn)


def test_a_frame_whose_dice_are_read_classifies_nothing_more(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Only places covering no read die are classified: where every die is read, the coarser
    look costs one small detector pass and no classifier."""
    from vision import model as M

    img, drawn = probe_scene(Probe.LONE_DICE, 42)  # a die only the coarser look reads
    reading = R.read_dice(img)
    assert len(reading.dice) == len(drawn) and not reading.uncertain
    calls: list[int] = []
    run = M.run_classifier

    def spy(patches: np.ndarray, *args: object, **kw: object) -> np.ndarray:
        calls.append(len(patches))
        return run(patches, *args, **kw)

    monkeypatch.setattr(M, "run_classifier", spy)
    assert len(looked_coarser(frames(img), [], [])) == len(drawn) and calls  # none read yet
    calls.clear()
    assert looked_coarser(frames(img), list(reading.dice), []) == [] and calls == []


def test_a_coarse_die_overrules_no_die_already_read() -> None:
    """It stands where no die was read, or for one read die of its own value (part of it,
    read, beside another part left uncertain); never over a die read otherwise, nor over
    two dice."""
    part = Region((70.0, 70.0), (60, 60, 80, 80), "dice touching: spread them")
    big = Die(4, (50.0, 50.0), (0, 0, 100, 100), 0.99)
    same, other = Die(4, (40.0, 40.0), (20, 20, 60, 60), 0.98), Die(6, (40.0, 40.0),
                                                                     (20, 20, 60, 60), 0.98)
    assert explained([same], [part], [big]) == ([big], [])
    assert explained([other], [part], [big]) == ([other], [part])
    two = [same, Die(4, (80.0, 30.0), (70, 20, 90, 40), 0.98)]
    assert explained(two, [part], [big]) == (two, [part])
    assert explained([same], [], [big]) == ([same], [])  # nothing left to explain


def test_the_coarse_look_skips_frames_too_small_for_it() -> None:
    img = np.full((64, 64, 3), 128, np.uint8)
    assert looked_coarser(frames(img), [], []) == []


def test_a_coarse_die_needs_every_classifier(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read alone by the coarse look, a die has no neighbour to call it touching: all four
    classifiers must still agree on it, as surely as on a pressed die."""
    from vision import model as M

    img, _ = probe_scene(Probe.LONE_DICE, 42)
    raw = M.run_classifier_raw

    def second_reads_one(patches: np.ndarray, name: str = M.CLASSIFIER,
                         ) -> tuple[np.ndarray, np.ndarray]:
        logits, feats = raw(patches, name)
        if name == M.OPINIONS[1]:
            logits = np.zeros_like(logits)
            logits[:, 1] = 10.0
        return logits, feats

    monkeypatch.setattr(M, "run_classifier_raw", second_reads_one)
    assert looked_coarser(frames(img), [], []) == []
