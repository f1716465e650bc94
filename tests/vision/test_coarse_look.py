"""A die too large for the finer looks is found by a coarser one (vision.coarse_look)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from vision import reader as R
from vision.coarse_look import explained
from vision.locate import frames
from vision.probe_scenes import Probe, ProbeDie, large_dice, probe_scene
from vision.types import TOUCHING_DICE, UNREAD, Die, Region
from vision.uncertain_looks import coarse_worth, looked_coarser

BIG_DICE_SEEDS = (1, 2, 4)  # the first drawn with a five the finer looks read as a four


def big_dice(seed: int) -> tuple[np.ndarray, list[ProbeDie]]:
    """One or two dice 150-220 px across on a plain floor, 640x480, straight down (two when
    they fit side by side with room: 2.6 sides under the frame's 640 px width)."""
    return large_dice(np.random.default_rng([99, seed]), sides=(150.0, 220.0),
                      two_up_to=640 / 2.6)


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
    # the two light dice by their pips too; with nothing read, their blobs find them too
    monkeypatch.setattr(R, "lone_dice", lambda full, levels, f, unsure, sure: ([], unsure))
    without = R.read_dice(img)
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


def test_a_frame_whose_dice_are_all_read_gets_no_coarse_look() -> None:
    """Where every die is read and nothing is uncertain, the coarser look is not worth its
    cost; uncertain places beside a read die call for it (they could be parts of one large
    die)."""
    img, drawn = probe_scene(Probe.LONE_DICE, 42)  # a die only the coarser look reads
    fr = frames(img)
    reading = R.read_dice(img)
    assert len(reading.dice) == len(drawn) and not reading.uncertain
    assert looked_coarser(fr, [], []) and not coarse_worth(fr, list(reading.dice), ())
    die = reading.dice[0]
    side = die.box[2] - die.box[0]
    spot = Region((die.center[0] + side, die.center[1]), die.box, TOUCHING_DICE, 0.5)
    assert coarse_worth(fr, [die], (spot,))


def test_a_die_the_coarse_look_reads_otherwise_is_not_ruled_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A large five, boxed beside a neighbour and read at one end of the pair, reads as a four
    there, surely; all four classifiers read a five at the coarser scale. Neither is ruled
    on. A coarse die much larger than the read one is a pile read as one: it doubts nothing."""
    img, _ = probe_scene(Probe.LONE_DICE, 0)  # three 47 px dice the finer looks read
    read = R.read_dice(img)
    die = read.dice[0]
    other = 2 if die.value != 2 else 3
    x0, y0, x1, y1 = die.box
    coarse = Die(other, die.center, (x0 + 2, y0 + 2, x1 - 2, y1 - 2), 1.0)  # the same die
    monkeypatch.setattr(R, "coarse_worth", lambda fr, dice, unsure: True)
    monkeypatch.setattr(R, "looked_coarser", lambda fr, dice, unsure: [coarse])
    doubted = R.read_dice(img)
    assert die not in doubted.dice and coarse not in doubted.dice
    assert [u.reason for u in doubted.uncertain] == [UNREAD] and doubted.problem
    monkeypatch.setattr(R, "looked_coarser", lambda fr, dice, unsure: [
        Die(die.value, coarse.center, coarse.box, 1.0)])
    assert [d.value for d in R.read_dice(img).dice] == [d.value for d in read.dice]
    pile = Die(other, die.center, (x0 - 30, y0 - 30, x1 + 30, y1 + 30), 1.0)  # two dice as one
    monkeypatch.setattr(R, "looked_coarser", lambda fr, dice, unsure: [pile])
    assert [d.value for d in R.read_dice(img).dice] == [d.value for d in read.dice]


def test_large_dice_are_never_read_as_another_value() -> None:
    """One or two dice 150-220 px across in a 640x480 frame (a camera close over them): each
    die is read right or left uncertain (in the first scene the finer looks read a five as
    a four, and the coarser look a five)."""
    for seed in BIG_DICE_SEEDS:
        img, drawn = big_dice(seed)
        reading = R.read_dice(img)
        for d in drawn:
            near = [r for r in reading.dice if math.dist(r.center, d.center) < d.side / 2]
            assert all(r.value == d.value for r in near), (seed, d, near)


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
