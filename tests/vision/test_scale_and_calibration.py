"""Scale selection, the second look, and the held-out calibration of the reader."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from vision import candidates, uncertain_looks
from vision import model as M
from vision import reader as R
from vision.calibrate import FLOOR, Reads, best_thresholds, fit_temperature
from vision.locate import (
    DET_SCALE_DEFAULT,
    SHRUNK_DIE,
    SHRUNK_MIN,
    SMALL_DIE,
    _merge,
    frames,
    pick_scale,
    read_scale,
    shrunk,
)
from vision.merged_dice import Peak
from vision.synthetic import render_dice_scene
from vision.types import TOUCHING_DICE


def _peaks(sizes: list[float], height: float = 0.8) -> list[Peak]:
    return [((10.0 * k, 10.0), s, height) for k, s in enumerate(sizes)]


def test_small_dice_call_for_a_look_at_twice_the_scale() -> None:
    assert pick_scale(_peaks([22, 25, 30])) == 1.0
    assert pick_scale(_peaks([45, 50, 60])) == DET_SCALE_DEFAULT
    assert pick_scale(_peaks([160, 180])) == 0.25
    assert pick_scale([]) == DET_SCALE_DEFAULT  # an empty tray stays one pass
    # weak peaks do not set the scale when strong ones exist
    assert pick_scale(_peaks([50, 52]) + _peaks([10, 10, 10, 10], 0.25)) == 0.5


def test_second_pass_peaks_replace_the_first_near_them() -> None:
    first = [((100.0, 100.0), 30.0, 0.5), ((300.0, 300.0), 90.0, 0.9)]
    fine = [((102.0, 98.0), 24.0, 0.8), ((200.0, 50.0), 22.0, 0.6), ((300.0, 300.0), 95.0, 0.4)]
    merged = _merge(first, fine, lambda p: p[1] < 2 * SMALL_DIE)
    assert sorted(p[0] for p in merged) == [(102.0, 98.0), (200.0, 50.0), (300.0, 300.0)]
    assert [p[1] for p in merged if p[0] == (300.0, 300.0)] == [90.0]  # the large die: first


def test_the_working_image_is_a_pyramid_level_of_the_input() -> None:
    frame = np.zeros((960, 1280, 3), np.uint8)
    fr = frames(frame)
    assert fr.full.shape[:2] == (960, 1280) and fr.work.shape[:2] == (480, 640)
    assert fr.work_px == 2.0 and fr.full_px == 1.0
    assert frames(np.zeros((480, 640, 3), np.uint8)).work_px == 1.0


@pytest.fixture
def looks(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The (height, width) of the image each detector run from here on looked at."""
    seen: list[tuple[int, int]] = []
    run = M.run_detector

    def spy(image: np.ndarray, small: np.ndarray | None = None, net: object = None,
            norm: tuple[float, float] | None = None, local: float | None = None,
            ) -> tuple[np.ndarray, np.ndarray]:
        seen.append((small if small is not None else image).shape[:2])
        return run(image, small, norm=norm, local=local)

    monkeypatch.setattr(M, "run_detector", spy)
    return seen


def test_dice_larger_than_the_reader_is_made_for_set_a_shrunk_read() -> None:
    fr = frames(np.zeros((720, 960, 3), np.uint8))
    assert read_scale(fr, _peaks([40, 50, 60])) == 1.0  # the shared photos' sizes
    assert read_scale(fr, []) == 1.0  # an empty tray
    assert read_scale(fr, _peaks([80, 84, 90])) == pytest.approx(SHRUNK_DIE / 84)
    assert read_scale(fr, _peaks([400])) == pytest.approx(SHRUNK_MIN / 720)  # fills the frame
    big = frames(np.zeros((1440, 1920, 3), np.uint8))  # halved to work: sizes in its pixels
    assert read_scale(big, _peaks([84])) == pytest.approx(SHRUNK_DIE / 168)


def test_the_shrunk_frame_is_the_input_at_that_scale() -> None:
    frame = np.zeros((960, 1280, 3), np.uint8)
    frame[:, 640:] = 200
    out = shrunk(frames(frame), 0.3)
    assert out.shape == (288, 384, 3)
    assert out[:, :180].max() == 0 and out[:, 200:].min() == 200  # where it was, unblurred


def test_large_dice_read_as_the_same_dice_smaller_are(looks: list[tuple[int, int]]) -> None:
    """Dice 1.5-2x the size the reader is made for, the frame under the detector's halving
    cap: read in the frame shrunk, their places given back in the frame's own pixels."""
    img, drawn = render_dice_scene([5, 3, 6], 11, size=(480, 360), style="white", side=40)
    big = cv2.resize(img, None, fx=2.0, fy=2.0, interpolation=cv2.INTER_CUBIC)
    reading = R.read_dice(big, expect=3)
    assert looks[0] == (360, 480)  # the first look, at half the 960x720 working image
    assert any(h < 360 for h, _ in looks[1:])  # then the frame shrunk
    assert reading.ok and sorted(reading.values) == [3, 5, 6]
    for d in reading.dice:
        near = min(drawn, key=lambda g: math.dist((2 * g.center[0], 2 * g.center[1]), d.center))
        assert near.value == d.value
        assert math.dist((2 * near.center[0], 2 * near.center[1]), d.center) < 8
        assert 60 < d.box[2] - d.box[0] < 110  # the die's own size in the frame


def test_small_dice_are_found_through_the_second_pass(looks: list[tuple[int, int]]) -> None:
    img, drawn = render_dice_scene([6, 5, 4, 6, 2], 3, size=(640, 480), style="white", side=22)
    reading = R.read_dice(img)
    assert looks == [(240, 320), (480, 640)]  # half size, then the image itself
    found = list(reading.dice) + list(reading.uncertain)
    assert len(found) == 5


@pytest.fixture
def batches(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """(network, crops) of every classifier run from here on."""
    seen: list[tuple[str, int]] = []
    raw = M.run_classifier_raw

    def spy(patches: np.ndarray, name: str = M.CLASSIFIER) -> tuple[np.ndarray, np.ndarray]:
        seen.append((name, len(patches)))
        return raw(patches, name)

    monkeypatch.setattr(M, "run_classifier_raw", spy)
    return seen


def test_dice_read_near_their_threshold_get_the_second_look(
        monkeypatch: pytest.MonkeyPatch, batches: list[tuple[str, int]]) -> None:
    img, drawn = render_dice_scene([6, 3], 8, size=(320, 240), style="white", side=60)
    places = [(d.center, 60.0, 0.0) for d in drawn]
    places.append(((300.0, 20.0), 30.0, 0.0))  # the floor: not a die, no second look
    clear = M.value_probability(candidates.classify(img, places)[0][:2])
    first = [(M.CLASSIFIER, 3)]
    assert batches == first and min(clear) >= candidates.AT_ONCE  # read at once
    batches.clear()
    monkeypatch.setattr(candidates, "LOOK_BELOW", -1.0)  # no die is near enough to its threshold
    probs, _, touch, _ = candidates.classify(img, places)
    assert batches == first and probs[2, 0] > candidates.NOT_DIE and not touch.any()
    batches.clear()
    monkeypatch.setattr(candidates, "LOOK_BELOW", 2.0)  # every die is
    monkeypatch.setattr(candidates, "AT_ONCE", 2.0)
    monkeypatch.setattr(candidates, "LOOK_OVER", 2.0)
    again, feats, _, _ = candidates.classify(img, places)
    assert batches == first + [(name, 2) for name in M.OPINIONS]  # both dice, not the floor
    assert again.shape == (3, 7) and np.allclose(again.sum(axis=1), 1.0, atol=1e-5)
    assert feats.shape == (3, M.FEATURES)
    assert np.array_equal(again[2], probs[2]) and not np.allclose(again[:2], probs[:2])
    assert [int(np.argmax(p[1:])) + 1 for p in again[:2]] == [6, 3]


def _a_pile(places: list[M.Place], die_like: np.ndarray) -> np.ndarray:
    """``candidates.neighbours`` for dice that each touch two others."""
    return np.full(len(places), 2)


def test_touching_dice_are_read_only_when_all_three_classifiers_agree(
        monkeypatch: pytest.MonkeyPatch, batches: list[tuple[str, int]]) -> None:
    img, drawn = render_dice_scene([6, 3], 8, size=(320, 240), style="white", side=60)
    places = [(d.center, 60.0, 0.0) for d in drawn]
    free = M.value_probability(candidates.classify(img, places)[0])
    assert min(free) >= candidates.AT_ONCE and batches == [(M.CLASSIFIER, 2)]  # free: read at once
    batches.clear()
    monkeypatch.setattr(candidates, "TOUCHING", 10.0)  # the two dice now touch
    monkeypatch.setattr(candidates, "TWO_AGREE", 1.01)  # and each is shown all three classifiers
    monkeypatch.setattr(candidates, "FIRST_ALONE", 1.01)
    probs, _, touch, pressed = candidates.classify(img, places)
    assert touch.all() and not pressed.any()  # side by side, not pressed together
    assert batches == [(M.CLASSIFIER, 2)] + [(n, 2) for n in M.OPINIONS]
    assert [int(np.argmax(p[1:])) + 1 for p in probs] == [6, 3]
    assert (M.value_probability(probs) <= free + 1e-9).all()  # never surer than the first

    spied = M.run_classifier_raw
    monkeypatch.setattr(candidates, "neighbours", _a_pile)  # no close look stands in

    for doubting in M.OPINIONS:
        def doubter(patches: np.ndarray, name: str = M.CLASSIFIER,
                    doubting: str = doubting) -> tuple[np.ndarray, np.ndarray]:
            logits, feats = spied(patches, name)
            if name == doubting:  # one voice reads every die as a one
                logits = np.zeros_like(logits)
                logits[:, 1] = 10.0
            return logits, feats

        monkeypatch.setattr(M, "run_classifier_raw", doubter)
        batches.clear()
        doubted = M.value_probability(candidates.classify(img, places)[0])
        assert (doubted < FLOOR).all()  # the voices disagree: no touching die is sure
        asked = list(M.OPINIONS[:M.OPINIONS.index(doubting) + 1])
        assert [n for n, _ in batches] == [M.CLASSIFIER, *asked]  # a doubt ends the look
        reading = R.read_dice(img)
        assert reading.dice == () and {u.reason for u in reading.uncertain} == {TOUCHING_DICE}


def test_a_touching_die_two_classifiers_are_quite_sure_of_needs_no_third(
        monkeypatch: pytest.MonkeyPatch, batches: list[tuple[str, int]]) -> None:
    """The third classifier never disagreed on a labelled photo once the first two both read
    a touching die ``TWO_AGREE`` surely: it reads only the others (a crowded tray's cost)."""
    img, drawn = render_dice_scene([6, 3], 8, size=(320, 240), style="white", side=60)
    places = [(d.center, 60.0, 0.0) for d in drawn]
    monkeypatch.setattr(candidates, "TOUCHING", 10.0)  # the two clean dice touch
    monkeypatch.setattr(candidates, "FIRST_ALONE", 1.01)  # the first alone is never enough
    probs = candidates.classify(img, places)[0]
    assert [int(np.argmax(p[1:])) + 1 for p in probs] == [6, 3]
    assert batches == [(M.CLASSIFIER, 2), (M.OPINIONS[0], 2)]  # no third read
    assert (M.value_probability(probs) >= candidates.TWO_AGREE).all()
    batches.clear()
    spied = M.run_classifier_raw

    def unsure_second(patches: np.ndarray, name: str = M.CLASSIFIER,
                      ) -> tuple[np.ndarray, np.ndarray]:
        logits, feats = spied(patches, name)
        if name == M.OPINIONS[0]:  # sure enough for the threshold, not for TWO_AGREE
            logits = np.where(logits == logits.max(axis=1, keepdims=True), 5.0, 0.0)
        return logits, feats

    monkeypatch.setattr(M, "run_classifier_raw", unsure_second)
    candidates.classify(img, places)
    assert [n for n, _ in batches] == [M.CLASSIFIER, *M.OPINIONS]  # the third reads both


def test_a_touching_die_the_first_classifier_is_all_but_certain_of_needs_no_other(
        monkeypatch: pytest.MonkeyPatch, batches: list[tuple[str, int]]) -> None:
    """No touching die the first classifier read ``FIRST_ALONE`` surely was wrong or vetoed
    on a labelled photo: it is read at once; a die read less surely is shown the others."""
    img, drawn = render_dice_scene([6, 3], 8, size=(320, 240), style="white", side=60)
    places = [(d.center, 60.0, 0.0) for d in drawn]
    first = M.value_probability(candidates.classify(img, places)[0])  # free: the first's own reads
    assert batches == [(M.CLASSIFIER, 2)] and first.min() < first.max()
    batches.clear()
    monkeypatch.setattr(candidates, "TOUCHING", 10.0)  # the two clean dice touch
    monkeypatch.setattr(candidates, "FIRST_ALONE",
                        float(first.min()))  # both that sure: read at once
    probs = candidates.classify(img, places)[0]
    assert batches == [(M.CLASSIFIER, 2)]
    assert [int(np.argmax(p[1:])) + 1 for p in probs] == [6, 3]
    batches.clear()
    monkeypatch.setattr(candidates, "FIRST_ALONE", float(first.max()))  # one of them less sure
    candidates.classify(img, places)
    assert batches[:2] == [(M.CLASSIFIER, 2), (M.OPINIONS[0], 1)]
    # ... unless the frame's free dice read surely: then FIRST_ALONE_EASY is enough
    batches.clear()
    monkeypatch.setattr(candidates, "FIRST_ALONE_EASY", float(first.min()))
    candidates.classify(img, places)
    assert batches[:2] == [(M.CLASSIFIER, 2), (M.OPINIONS[0], 1)]  # no free die: not easy
    batches.clear()
    monkeypatch.setattr(candidates, "sure_frame", lambda free: True)
    candidates.classify(img, places)
    assert batches == [(M.CLASSIFIER, 2)]


def test_the_opinions_are_other_networks_that_read_dice_too() -> None:
    img, drawn = render_dice_scene([1, 2, 3, 4, 5, 6], 3, size=(480, 320), style="white",
                                   side=50)
    crops = M.crop_patches(img, [(d.center, 50.0, 0.0) for d in drawn])
    seen = [M.run_classifier_raw(crops)[0]]
    for name in M.OPINIONS:
        logits, _ = M.run_classifier_raw(crops, name)
        assert not any(np.allclose(logits, other, atol=0.05) for other in seen)  # not copies
        assert logits[:, 1:].argmax(axis=1).tolist() == [d.value - 1 for d in drawn]
        seen.append(logits)


def _unsure_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first classifier reads every crop with its value only a little above the rest."""
    spied = M.run_classifier_raw

    def unsure(patches: np.ndarray, name: str = M.CLASSIFIER) -> tuple[np.ndarray, np.ndarray]:
        logits, feats = spied(patches, name)
        if name == M.CLASSIFIER:
            logits = np.where(logits == logits[:, 1:].max(axis=1, keepdims=True), 0.5, 0.0)
            logits[:, 0] = -5.0
        return logits, feats

    monkeypatch.setattr(M, "run_classifier_raw", unsure)


def test_a_free_die_still_unsure_gets_the_close_look(
        monkeypatch: pytest.MonkeyPatch, batches: list[tuple[str, int]]) -> None:
    """A free die no look so far was sure of is read once more: the two opinions and the
    close-look network on a larger crop, the mean of the three voices the verdict."""
    img, drawn = render_dice_scene([6, 3], 8, size=(320, 240), style="white", side=60)
    places = [(d.center, 60.0, 0.0) for d in drawn]
    _unsure_first(monkeypatch)
    monkeypatch.setattr(candidates, "LOOK_BELOW", -1.0)  # no second look: the close look asks both
    probs = candidates.classify(img, places)[0]
    assert batches == [(M.CLASSIFIER, 2), *[(n, 2) for n in M.OPINIONS], (M.CLOSE_LOOK, 2)]
    assert [int(np.argmax(p[1:])) + 1 for p in probs] == [6, 3]
    assert (M.value_probability(probs) >= M.calibration().sure).all()  # read after all
    voices = [M.run_classifier_raw(M.crop_patches(img, places), n)[0] for n in M.OPINIONS]
    voices.append(M.run_classifier_raw(M.patches_input(
        M.crops_uint8(img, places, M.CLOSE_CROP)), M.CLOSE_LOOK)[0])
    assert np.allclose(probs, M.softmax(np.mean(voices, axis=0), M.calibration().temperature),
                       atol=1e-5)
    batches.clear()
    monkeypatch.setattr(candidates, "LOOK_BELOW", 2.0)  # the second look asked the opinions already
    monkeypatch.setattr(candidates, "AT_ONCE", 2.0)
    monkeypatch.setattr(candidates, "LOOK_OVER", 2.0)
    spied = M.run_classifier_raw

    def doubting(patches: np.ndarray, name: str = M.CLASSIFIER) -> tuple[np.ndarray, np.ndarray]:
        logits, feats = spied(patches, name)
        if name == M.OPINIONS[0]:  # one opinion reads anything but the value: still unsure
            logits = -logits
        return logits, feats

    monkeypatch.setattr(M, "run_classifier_raw", doubting)
    candidates.classify(img, places)
    assert [n for n, _ in batches] == [M.CLASSIFIER, *M.OPINIONS, M.CLOSE_LOOK]  # not asked twice


def test_a_pair_of_touching_dice_gets_the_close_look_and_a_pile_none(
        monkeypatch: pytest.MonkeyPatch, batches: list[tuple[str, int]]) -> None:
    """A die touching one other (a pair on the floor) still unsure gets the close look, held
    to its own threshold; a die touching two or more (a pile, where a die may lean and show
    a side face as large as its top) gets none: all three classifiers must be sure of it."""
    img, drawn = render_dice_scene([6, 3], 8, size=(320, 240), style="white", side=60)
    pair = [(d.center, 60.0, 0.0) for d in drawn]
    _unsure_first(monkeypatch)
    monkeypatch.setattr(candidates, "TOUCHING", 10.0)
    probs, _, touch, _ = candidates.classify(img, pair)
    assert touch.all()
    assert batches[-1] == (M.CLOSE_LOOK, 2)
    assert [int(np.argmax(p[1:])) + 1 for p in probs] == [6, 3]
    batches.clear()
    third = (((pair[0][0][0] + pair[1][0][0]) / 2, pair[0][0][1] + 40.0), 60.0, 0.0)
    probs, _, touch, _ = candidates.classify(img, [*pair, third])  # each touches two
    assert touch.all()
    assert M.CLOSE_LOOK not in [n for n, _ in batches]
    assert (M.value_probability(probs) < M.calibration().sure).all()
    # a close look less sure than the pair's own read leaves it (an easy frame may read it)
    monkeypatch.setattr(candidates, "neighbours", _a_pile)
    own = candidates.classify(img, pair)[0]
    monkeypatch.undo()
    _unsure_first(monkeypatch)
    monkeypatch.setattr(candidates, "TOUCHING", 10.0)
    monkeypatch.setattr(candidates, "close_look", lambda full, places, patches, heard:
                        np.zeros((len(places), 7), np.float32))  # no idea at all
    assert np.allclose(candidates.classify(img, pair)[0], own, atol=1e-6)


def test_a_place_beside_a_die_read_surely_gets_no_close_look(
        monkeypatch: pytest.MonkeyPatch, batches: list[tuple[str, int]]) -> None:
    """A place half a side from a die read surely cannot be a whole die beside it: it may be
    that die's side face, which the close look would read surely. It is left unsure."""
    img, drawn = render_dice_scene([6, 3], 8, size=(320, 240), style="white", side=60)
    (x, y), value = drawn[0].center, drawn[0].value
    places = [((x, y), 60.0, 0.0), ((x + 30.0, y), 60.0, 0.0)]  # the die, and beside it
    spied = M.run_classifier_raw

    def sure_of_the_die(patches: np.ndarray, name: str = M.CLASSIFIER,
                        ) -> tuple[np.ndarray, np.ndarray]:
        logits, feats = spied(patches, name)
        logits = np.zeros_like(logits)
        logits[:, 0] = -5.0
        logits[0, value] = 30.0  # every classifier is sure of the die itself
        logits[1:, 1] = 0.5  # ... and unsure of the place beside it
        return logits, feats

    monkeypatch.setattr(M, "run_classifier_raw", sure_of_the_die)
    probs, _, touch, _ = candidates.classify(img, places)
    assert touch.all() and M.value_probability(probs)[0] >= M.calibration().sure_touching
    assert M.CLOSE_LOOK not in [n for n, _ in batches]
    batches.clear()
    monkeypatch.setattr(candidates, "SIDE_FACE_NEAR", 0.0)  # taken for a whole die
    candidates.classify(img, places)
    assert batches[-1] == (M.CLOSE_LOOK, 1)


def test_the_close_look_crops_the_same_square_with_more_pixels() -> None:
    img, drawn = render_dice_scene([5], 3, size=(320, 240), style="red", side=90)
    places = [(drawn[0].center, 90.0, 30.0)]
    usual = M.crops_uint8(img, places)[0].astype(np.float32)
    close = M.crops_uint8(img, places, M.CLOSE_CROP)
    assert close.shape == (1, M.CLOSE_CROP, M.CLOSE_CROP, 3)
    shrunk = cv2.resize(close[0], (M.CROP, M.CROP), interpolation=cv2.INTER_AREA)
    assert np.abs(shrunk.astype(np.float32) - usual).mean() < 12.0
    assert M.patches_input(close).shape == (1, 3, M.CLOSE_CROP, M.CLOSE_CROP)
    assert M.patches_input(M.crops_uint8(img, [], M.CLOSE_CROP)).shape == (
        0, 3, M.CLOSE_CROP, M.CLOSE_CROP)


def test_pressed_dice_need_the_stricter_threshold(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dice side by side (centres nearer than ``TOUCHING`` x the size) are read by all three
    classifiers; only those pressed together (nearer than ``PRESSED``), whose crops hold
    more than the edge of the neighbour, need the stricter threshold."""
    places = [((50.0, 50.0), 40.0, 0.0), ((90.0, 52.0), 40.0, 0.0), ((300.0, 50.0), 40.0, 0.0),
              ((340.0, 50.0), 40.0, 0.0), ((500.0, 50.0), 40.0, 0.0), ((535.0, 50.0), 40.0, 0.0)]
    # the fourth place is no die: the third stands alone; the last two are 0.875 sizes apart
    die_like = np.array([True, True, True, False, True, True])
    touch = candidates.touching(places, die_like)
    assert touch.tolist() == [True, True, False, False, True, True]
    pressed = candidates.touching(places, die_like, candidates.PRESSED)
    assert pressed.tolist() == [False, False, False, False, True, True]
    cal = M.Calibration(1.0, 0.8, "test", 0.95)
    assert candidates.sure_thresholds(pressed, cal).tolist() == [0.8, 0.8, 0.8, 0.8, 0.95, 0.95]
    img, _ = render_dice_scene([5, 5], 1, size=(320, 240), style="white", side=60)  # apart
    M.set_calibration(cal)
    try:
        cands = candidates.candidates(img)[1]
        assert len(cands) == 2 and not any(c.touching or c.pressed for c in cands)
        monkeypatch.setattr(candidates, "TOUCHING", 10.0)  # any two dice in the frame now touch
        cands = candidates.candidates(img)[1]
        assert all(c.touching and not c.pressed for c in cands)
        assert len(R.read_dice(img).dice) == 2  # touching, not pressed: the free threshold
        monkeypatch.setattr(candidates, "PRESSED", 10.0)  # ... and are pressed together
        assert all(c.pressed for c in candidates.candidates(img)[1])
        for asks in (candidates, R, uncertain_looks):  # each module that looks it up
            monkeypatch.setattr(asks, "sure_thresholds",
                                lambda t, c=None, easy=None: np.where(t, 1.01, 0.0))  # never sure
        reading = R.read_dice(img)
        assert reading.dice == () and {u.reason for u in reading.uncertain} == {
            TOUCHING_DICE}
    finally:
        M.set_calibration(None)


def test_pressed_dice_in_an_easy_frame_need_the_easier_threshold(
        monkeypatch: pytest.MonkeyPatch, batches: list[tuple[str, int]]) -> None:
    """A pressed die whose first read reaches the easy frames' threshold is shown the other
    two classifiers (it might be read), and it is read at that threshold only where
    ``easy_pressed`` says the frame is easy; elsewhere it needs the pressed threshold."""
    img, _ = render_dice_scene([5, 5], 1, size=(320, 240), style="white", side=60)
    monkeypatch.setattr(candidates, "TOUCHING", 10.0)  # the two dice are pressed together
    monkeypatch.setattr(candidates, "PRESSED", 10.0)
    monkeypatch.setattr(candidates, "neighbours", _a_pile)  # in a pile: no close look
    monkeypatch.setattr(candidates, "TWO_AGREE", 1.01)
    monkeypatch.setattr(candidates, "FIRST_ALONE", 1.01)
    t = M.calibration().temperature
    M.set_calibration(M.Calibration(t, 0.5, "test", 1.01))  # pressed: never sure
    try:
        reading = R.read_dice(img)
        assert reading.dice == () and len(reading.uncertain) == 2
        assert [n for n, _ in batches] == [M.CLASSIFIER]  # none could be read: no opinions
        batches.clear()
        M.set_calibration(M.Calibration(t, 0.5, "test", 1.01, 0.5))  # ... but in easy frames
        assert R.read_dice(img).dice == ()  # no free die read surely: not an easy frame
        assert [n for n, _ in batches] == [M.CLASSIFIER, *M.OPINIONS]
        monkeypatch.setattr(R, "easy_pressed", lambda cands: np.ones(len(cands), bool))
        assert [d.value for d in R.read_dice(img).dice] == [5, 5]
    finally:
        M.set_calibration(None)


def test_a_die_too_small_to_count_is_uncertain_not_guessed() -> None:
    img, _ = render_dice_scene([6, 6, 6, 6], 2, size=(640, 480), style="white", side=40)
    tiny = cv2.resize(img, (96, 72), interpolation=cv2.INTER_AREA)  # dice of 6 px
    reading = R.read_dice(cv2.resize(tiny, (128, 96), interpolation=cv2.INTER_NEAREST))
    assert reading.dice == ()


def test_temperature_scaling_recovers_the_temperature_that_made_the_logits() -> None:
    rng = np.random.default_rng(0)
    n, k, true_t = 4000, 7, 2.5
    base = rng.normal(0, 3.0, (n, k))
    labels = np.array([rng.choice(k, p=M.softmax(row[None], 1.0)[0]) for row in base])
    got = fit_temperature(base * true_t, labels)  # logits made overconfident by 2.5x
    assert abs(got - true_t) < 0.25


def test_calibration_fits_a_stricter_threshold_for_touching_dice() -> None:
    free = ([0.99, 0.9, 0.85, 0.6], [True, True, False, True])
    touching = ([0.99, 0.97, 0.95], [True, True, False])
    reads = Reads(free[0] + touching[0], free[1] + touching[1], [False] * 4 + [True] * 3, 100)
    assert reads.wrong_at(0.5, 0.96) == 1 and reads.wrong_at(0.9, 0.96) == 0
    # no wrong die may be sure: the free 0.85 and the touching 0.95 are just left out
    assert best_thresholds({"felt-trays": reads}, target=0.002) == (0.855, 0.955, 0.955)
    # a group of renders keeps to its own (looser) target, and touching never needs less
    renders = Reads([0.7, 0.65], [False, True], [False, False], labeled=1000)
    assert best_thresholds({"felt-trays": reads, "synthetic": renders}, 0.002) == (
        0.855, 0.955, 0.955)
    easy = Reads([0.99, 0.6, 0.55], [True, True, False], [False, True, True], labeled=100)
    assert best_thresholds({"tray-colored": easy}, 0.002) == (0.45, 0.555, 0.555)  # the floor
    hopeless = Reads([0.999], [False], [False], labeled=10)
    assert best_thresholds({"felt-trays": hopeless}, 0.002) == (1.01, 1.01, 1.01)  # never


def test_calibration_fits_an_easier_threshold_for_pressed_dice_in_easy_frames() -> None:
    """Pressed dice in frames whose free dice read surely (``candidates.easy_pressed``) get
    their own threshold, between the free one and the pressed one, as low as their own
    mistakes allow; elsewhere a pressed die still needs the stricter one."""
    reads = Reads([0.99, 0.9, 0.93, 0.85, 0.82, 0.83], [True, True, False, True, True, False],
                  [False, True, True, True, True, True], 100,
                  easy=[False, False, False, True, True, True])
    assert reads.wrong_at(0.9, 0.935) == 0 and reads.wrong_at(0.9, 0.935, 0.83) == 1
    # the hard frame's wrong 0.93 sets the pressed threshold; in easy frames the wrong 0.83
    # must be left out: any threshold from 0.835 to 0.85 reads the 0.85 die, and the
    # strictest of them is kept
    assert best_thresholds({"felt-trays": reads}, 0.002) == (0.45, 0.935, 0.85)
    before = Reads(reads.p, reads.right, reads.pressed, 100)  # no frame is easy
    assert best_thresholds({"felt-trays": before}, 0.002) == (0.45, 0.935, 0.935)
    groups = Reads()
    groups.add(before)
    groups.add(reads)
    assert len(groups.easy) == 12 and sum(groups.easy) == 3
    before.add(reads)  # reads with no easy flags, then reads with them: flags stay aligned
    assert before.easy == [False] * 9 + [True] * 3 and len(before.p) == 12


def test_the_calibration_in_use_can_be_swapped_and_restored() -> None:
    committed = M.calibration()
    M.set_calibration(M.Calibration(3.0, 0.9, "test"))
    try:
        logits = np.array([[0.0, 4.0, 0, 0, 0, 0, 0]], np.float32)
        assert M.softmax(logits, M.calibration().temperature)[0, 1] < M.softmax(logits)[0, 1]
    finally:
        M.set_calibration(None)
    assert M.calibration() == committed


def test_fitting_tries_thresholds_until_the_reads_need_no_others(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The second look goes to dice near the threshold, so the reads depend on it: a
    threshold is kept once the reads it makes need that same one; thresholds that keep
    needing each other end at the lowest between them whose reads need none stricter."""
    import vision.calibrate as C

    def settles(data: object, t: float, sure: C.Thresholds, target: float,
                ) -> tuple[C.Thresholds, dict[str, Reads]]:
        return (0.8, 0.97, 0.9), {}

    monkeypatch.setattr(C, "thresholds_at", settles)
    assert C.fit_sure([], 2.0, 0.002, (0.9, 0.9, 0.9))[0] == (0.8, 0.97, 0.9)

    def swings(data: object, t: float, sure: C.Thresholds, target: float,
               ) -> tuple[C.Thresholds, dict[str, Reads]]:
        return (0.8, 0.875 if sure[1] < 0.87 else 0.865, 0.85), {}

    monkeypatch.setattr(C, "thresholds_at", swings)
    assert C.fit_sure([], 2.0, 0.002, (0.8, 0.97, 0.85))[0] == (0.8, 0.87, 0.85)


def test_thresholds_between_two_that_swing_are_the_lowest_whose_reads_hold(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Between two thresholds that keep needing each other the bisection keeps to ones whose
    reads hold, and where the stricter one's reads do not hold either it is raised first."""
    import vision.calibrate as C

    tried: list[C.Thresholds] = []

    def needs(data: object, t: float, sure: C.Thresholds, target: float,
              ) -> tuple[C.Thresholds, dict[str, Reads]]:
        tried.append(sure)
        # reads at 0.7 or over need 0.69; below it, they need 0.73
        return ((0.69 if sure[0] >= 0.7 else 0.73), 0.9, 0.9), {}

    monkeypatch.setattr(C, "thresholds_at", needs)
    assert C.settle_between([], 2.0, 0.002, (0.66, 0.9, 0.9), (0.72, 0.9, 0.9))[0] == (
        0.7, 0.9, 0.9)
    assert all(s[0] >= 0.66 for s in tried)
    tried.clear()
    assert C.settle_between([], 2.0, 0.002, (0.6, 0.9, 0.9), (0.65, 0.9, 0.9))[0] == (
        0.7, 0.9, 0.9)
    assert tried[:2] == [(0.65, 0.9, 0.9), (0.73, 0.9, 0.9)]
