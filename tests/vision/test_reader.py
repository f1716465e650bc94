"""The reader on synthetic renders: every value in both polarities, counts and verdicts."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from vision.candidates import Candidate, resolve_overlaps
from vision.locate import find_peaks
from vision.reader import read_dice, without_refused
from vision.synthetic import render_dice_scene
from vision.types import Die, Reading, Region, verdict


@pytest.mark.parametrize("style", ["white", "dark"])
@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
def test_single_die_each_value_both_polarities(value: int, style: str) -> None:
    img, drawn = render_dice_scene([value], value * 10 + len(style), size=(192, 160),
                                   style=style, side=44)  # type: ignore[arg-type]
    reading = read_dice(img, expect=1)
    assert reading.ok, reading.problem
    assert [d.value for d in reading.dice] == [value]
    (cx, cy), (x0, y0, x1, y1) = reading.dice[0].center, drawn[0].box
    assert x0 <= cx <= x1 and y0 <= cy <= y1


@pytest.mark.parametrize("seed", [1, 2, 4, 5])
def test_crowded_scene_read_perfectly(seed: int) -> None:
    rng = np.random.default_rng(seed)
    values = [int(v) for v in rng.integers(1, 7, min(30, 6 + 8 * seed))]
    img, _ = render_dice_scene(values, rng, size=(640, 480), style="colored")
    reading = read_dice(img, expect=len(values))
    assert reading.ok, reading.problem
    assert reading.values == tuple(sorted(values))


def test_empty_table_reads_nothing() -> None:
    img, _ = render_dice_scene([], 5, size=(640, 480))
    reading = read_dice(img)
    assert reading.dice == () and reading.uncertain == ()
    assert read_dice(img, expect=2).problem == "expected 2 dice, saw 0"


def test_expected_count_mismatch() -> None:
    img, _ = render_dice_scene([3, 4, 5], 10, size=(640, 480), style="white")  # none touch
    assert read_dice(img, expect=3).ok
    r = read_dice(img, expect=2)
    assert not r.ok and r.problem == "expected 2 dice, saw 3"


def test_grey_and_bgra_input() -> None:
    img, _ = render_dice_scene([2, 6], 4, size=(320, 240), style="white", side=40)
    import cv2

    assert read_dice(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)).values == (2, 6)
    assert read_dice(cv2.cvtColor(img, cv2.COLOR_BGR2BGRA)).values == (2, 6)


def test_verdict_prefers_uncertain_over_count() -> None:
    die = Die(3, (5.0, 5.0), (0, 0, 10, 10), 0.9)
    region = Region((20.0, 20.0), (15, 15, 25, 25), "face could not be counted")
    assert verdict((die,), (region,), 2) == "a die could not be read"
    assert verdict((die,), (region, region), None) == "2 dice could not be read"
    assert verdict((die,), (), 1) is None
    assert verdict((), (), 1) == "expected 1 die, saw 0"


def test_find_peaks_separates_touching_blobs() -> None:
    heat = np.zeros((20, 20), np.float32)
    heat[5, 5] = 0.9
    heat[5, 8] = 0.8
    heat[5, 6] = 0.5
    size = np.full_like(heat, 20.0)
    peaks = find_peaks(heat, size, 0.3)
    assert len(peaks) == 2
    assert peaks[0][2] == pytest.approx(0.9)


def _cand(x: float, strength: float, value: int = 4, sure: float = 0.6) -> Candidate:
    return Candidate(x, 50.0, 40.0, strength, value, sure, 0.9)


def test_a_faint_echo_next_to_a_clear_die_is_dropped() -> None:
    out = resolve_overlaps([_cand(110, 0.3, 2), _cand(100, 0.9, 5)])
    assert [(c.x, c.value, c.why) for c in out] == [(100, 5, "")]


def test_two_similar_looks_at_one_place_become_one_uncertain_region() -> None:
    out = resolve_overlaps([_cand(100, 0.8, 5), _cand(110, 0.75, 2)])
    assert len(out) == 1 and out[0].why.startswith("overlapping faces")


def test_a_look_at_one_pip_of_a_larger_die_is_not_a_face_of_its_own() -> None:
    """Large light pips on a dark die: a place a third of the die's size on one of its pips
    is dropped, and the die stays read; a place over half its size is still a rival face."""
    die = replace(_cand(100, 0.9, 5, sure=1.0), size=100.0)
    pip = replace(_cand(120, 0.8, 4, sure=0.23), size=30.0)
    assert [(c.value, c.why) for c in resolve_overlaps([die, pip])] == [(5, "")]
    face = replace(pip, size=60.0)
    (out,) = resolve_overlaps([die, face])
    assert out.value == 5 and out.why.startswith("overlapping faces")


def test_touching_dice_are_not_overlaps() -> None:
    out = resolve_overlaps([_cand(100, 0.9), _cand(140, 0.2)])
    assert [c.why for c in out] == ["", ""]


def test_two_sure_readings_of_different_values_are_two_dice() -> None:
    out = resolve_overlaps([_cand(100, 0.8, 5, sure=0.95), _cand(110, 0.75, 2, sure=0.9)])
    assert sorted((c.value, c.why) for c in out) == [(2, ""), (5, "")]
    same = resolve_overlaps([_cand(100, 0.8, 5, sure=0.95), _cand(110, 0.75, 5, sure=0.9)])
    assert len(same) == 1 and same[0].why


def test_one_face_boxed_twice_is_read_once_from_the_surer_box() -> None:
    """A die boxed by a small, strong mark and by a larger box round it whose middle lies
    off the mark's (farther than ``OVERLAP`` x the small one's size, nearer than that x the
    large one's): both read as the same face, one die, not two. The surer box is kept.
    Read as different faces, they stay apart (two dice pressed together)."""
    small = replace(_cand(100, 0.9, 2, sure=0.61), size=30.0)
    large = replace(_cand(116, 0.6, 2, sure=0.99), size=46.0)
    (out,) = resolve_overlaps([small, large])
    assert (out.x, out.value, out.p_value, out.why) == (116, 2, 0.99, "")
    other = replace(large, value=3)
    assert sorted(c.value for c in resolve_overlaps([small, other])) == [2, 3]
    far = replace(large, x=125.0)  # beyond half the large box: two places
    assert len(resolve_overlaps([small, far])) == 2


def test_die_crops_are_the_crops_the_values_were_read_from() -> None:
    from vision import model as M
    from vision.reader import die_crops

    img, _ = render_dice_scene([2, 5, 6], 21, size=(640, 480), style="mixed", side=46)
    reading = read_dice(img)
    crops = die_crops(img, reading)
    assert crops.shape == (3, M.CROP, M.CROP, 3) and crops.dtype == np.uint8
    probs = M.run_classifier(M.patches_input(crops))
    assert [int(np.argmax(p)) for p in probs] == [d.value for d in reading.dice]
    feats = M.classifier_features(crops)
    assert feats.shape == (3, M.FEATURES) and np.isfinite(feats).all()
    assert M.classifier_features(crops[:0]).shape == (0, M.FEATURES)


def test_warm_up_loads_every_network() -> None:
    """``warm_up`` leaves every network the reader may ask loaded (the close look too: the
    first free die in doubt after a start no longer waits for its file)."""
    from vision import model as M
    from vision.reader import warm_up

    M._loaded.cache_clear()
    warm_up()
    assert M._loaded.cache_info().currsize == len(M.NETWORKS)


def test_a_refused_die_is_made_uncertain_unless_the_mend_reads_it() -> None:
    """``without_refused``: each die the check refuses (under the bar) becomes an uncertain
    region for the check's reason, but one the mend reads again stays read, as the mend
    read it, in its place; the count, and so the verdict, stays. Dice over the bar and
    symbol dice are not checked."""
    image = np.zeros((100, 200, 3), np.uint8)
    dice = (Die(3, (20.0, 20.0), (10, 10, 30, 30), 0.9),
            Die(5, (60.0, 20.0), (50, 10, 70, 30), 0.9),
            Die(5, (100.0, 20.0), (90, 10, 110, 30), 0.99),
            Die("crown", (140.0, 20.0), (130, 10, 150, 30), 0.9))
    reading = Reading(dice, (), 4, 0.0, verdict(dice, (), 4))
    checked: list[float] = []

    def check(image: np.ndarray, centre: tuple[float, float], side: float, angle: float,
              value: int) -> str | None:
        checked.append(centre[0])
        return f"mark on {value}"

    def mend(image: np.ndarray, refused: list[Die], found: list[str]) -> list[Die | None]:
        assert found == ["mark on 3", "mark on 5"]
        return [replace(refused[0], value=2), None]

    out = without_refused(image, reading, 0.95, check, "a mark", mend=mend)
    assert checked == [20.0, 60.0]
    assert [(d.value, d.center[0]) for d in out.dice] == [(2, 20.0), (5, 100.0), ("crown", 140.0)]
    assert [(r.reason, r.center[0]) for r in out.uncertain] == [("a mark", 60.0)]
    plain = without_refused(image, reading, 0.95, check, "a mark")
    assert [r.center[0] for r in plain.uncertain] == [20.0, 60.0]
    assert without_refused(image, reading, 0.95, lambda *a: None, "a mark") is reading
