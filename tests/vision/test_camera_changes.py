"""Other cameras and lamps (``vision.camera_changes``), ``scripts/bench-vision --changes``
and its teaching rows (``--teach K --picks N``), on labelled folders drawn here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.bench import score_reading
from vision.camera_changes import IMAGE, Change, changed
from vision.dataset import LabeledDie
from vision.reader import read_dice
from vision.synthetic import render_dice_scene

ROOT = Path(__file__).resolve().parents[2]


def scene(seed: int) -> tuple[np.ndarray, tuple[LabeledDie, ...]]:
    """Four clean white dice, well apart, and their labels."""
    img, drawn = render_dice_scene([6, 2, 5, 3], seed, size=(480, 360), style="white", side=56)
    return img, tuple(LabeledDie(d.value, tuple(map(float, d.box))) for d in drawn)


def labelled_folder(root: Path, seeds: tuple[int, ...]) -> Path:
    """A labelled folder ``clean-white`` under ``root``: one photo of ``scene`` a seed."""
    folder = root / "clean-white"
    folder.mkdir()
    entries = {}
    for seed in seeds:
        img, labels = scene(seed)
        name = f"scene_{seed}.jpg"
        cv2.imwrite(str(folder / name), img)
        h, w = img.shape[:2]
        entries[name] = {"w": w, "h": h, "boxes": [
            {"label": d.value, "xmin": d.box[0] / w, "ymin": d.box[1] / h,
             "xmax": d.box[2] / w, "ymax": d.box[3] / h} for d in labels]}
    (folder / "labels.json").write_text(json.dumps(entries))
    return folder


def test_every_change_has_a_picture() -> None:
    assert set(IMAGE) == set(Change)


@pytest.mark.parametrize("change", list(Change), ids=lambda c: c.name.lower())
def test_clean_dice_are_read_through_every_change_where_their_labels_moved(
        change: Change) -> None:
    img, labels = scene(3)
    image, moved = changed(img, labels, change)
    assert image.dtype == np.uint8 and image.ndim == 3
    s, located, wrong = score_reading(read_dice(image), moved)
    assert s.found + located == len(labels) and wrong == 0, (s, located)


def test_a_change_is_the_same_every_time_and_leaves_the_photo_alone() -> None:
    img, labels = scene(4)
    before = img.copy()
    for change in Change:
        one, _ = changed(img, labels, change)
        two, _ = changed(img, labels, change)
        assert np.array_equal(one, two)
    assert np.array_equal(img, before)


def test_bench_changes_prints_a_row_per_change_and_their_total(tmp_path: Path) -> None:
    labelled_folder(tmp_path, (5, 6))
    out = subprocess.run([sys.executable, "-m", "vision.bench", "--changes", "--split", "all",
                          "--photos", str(tmp_path), "clean-white"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300, check=True).stdout
    rows = [line for line in out.splitlines() if "photos" in line and "dice" in line]
    assert [r.split("  ")[1].strip() for r in rows[1:-1]] == [c.value for c in Change]
    assert rows[-1].startswith("clean-white changed")
    assert f"{2 * len(Change)} photos" in rows[-1] and "ruled wrong  0.00%" in rows[-1]


def test_teach_rows_sum_every_pick_of_the_taught_photos(tmp_path: Path) -> None:
    """``scripts/bench-vision --teach K --picks N``: both rows count the photos not taught
    on, once for each of the N picks (K of the folder's photos each, one photo on)."""
    from vision.bench import teach_picks, teach_rows

    folder = labelled_folder(tmp_path, (5, 6, 7))
    assert [teach_picks(3, 1, shift) for shift in range(3)] == [{0}, {1}, {2}]
    plain, taught = teach_rows(folder, None, 1, picks=2)
    assert plain.name == "clean-white (2 picks)" and taught.name == "clean-white+teach1 (2 picks)"
    assert plain.photos == taught.photos == 4 and plain.labeled == taught.labeled == 16
    assert plain.right == taught.right == 16 and taught.ruled_wrong == 0
    assert teach_rows(folder, None, 2, picks=5)[0].photos == 1  # 3 photos: one pick of 2


def test_a_probe_scene_is_scored_through_a_change_where_its_dice_now_lie() -> None:
    from vision.bench import ProbeResult, bench_probe
    from vision.probe_scenes import Probe

    plain = bench_probe(Probe.DARK_CLOTH, 3)
    turned = bench_probe(Probe.DARK_CLOTH, 3, change=Change.TURNED, name="turned")
    assert turned.name == "turned" and turned.dice == plain.dice
    assert turned.exactly_right == turned.scenes == 3 and turned.ruled_wrong == 0
    both = ProbeResult.summed("both", [plain, turned])
    assert (both.scenes, both.dice, both.right) == (6, 2 * plain.dice, plain.right + turned.right)
    with pytest.raises(ValueError, match="empty tray"):
        bench_probe(Probe.DARK_CLOTH, 1, change=Change.DIM, reference=True)


def test_bench_changes_follows_each_probe_through_every_change(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from vision import bench
    from vision.probe_scenes import Probe

    asked = []

    def fake(probe: Probe, **kw: object) -> bench.ProbeResult:
        asked.append((probe, kw.get("change")))
        return bench.ProbeResult(str(kw.get("name") or probe.value), 60, 100, 100, 100, 60, 60)

    monkeypatch.setattr(bench, "bench_probe", fake)
    assert bench.bench_changes([], None, None, False, False, probes=True) == 0
    assert asked == [(p, c) for p in Probe for c in (None, *Change)]
    out = capsys.readouterr().out
    assert f"{Probe.GLOSSY_DICE.value} changed" in out and f"{60 * len(Change)} scenes" in out


def test_camera_shake_smears_along_the_rows_only() -> None:
    from vision.camera_changes import SMEAR

    img = np.zeros((21, 21, 3), np.uint8)
    img[10, 10] = 210
    shaken, _ = changed(img, (), Change.SHAKE)
    lit = np.argwhere(shaken[..., 0] > 0)
    assert set(lit[:, 0]) == {10} and len(lit) == SMEAR
    assert int(shaken[10, 10, 0]) == 210 // SMEAR


def test_the_wide_angle_lens_moves_a_point_where_its_labels_say() -> None:
    from vision.camera_changes import through_lens

    img = np.zeros((120, 160, 3), np.uint8)
    img[28:33, 38:43] = 255  # a dot centred on (40, 30), half way to the corner
    bent, (label,) = changed(img, (LabeledDie(3, (38.0, 28.0, 42.0, 32.0)),), Change.WIDE_ANGLE)
    ys, xs = np.nonzero(bent[..., 0] > 127)
    x, y = through_lens(40.0, 30.0, img.shape)
    assert abs(xs.mean() - x) < 0.6 and abs(ys.mean() - y) < 0.6
    assert (x, y) != (40.0, 30.0)  # moved out, towards the corner
    assert label.box[0] <= x <= label.box[2] and label.box[1] <= y <= label.box[3]
    assert bent.shape == img.shape
