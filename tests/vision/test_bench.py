"""``scripts/bench-vision`` on a labelled folder drawn here: the box's rulings by the number
of dice in a photo (``vision.bench.DICE_BANDS``)."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import cv2
import pytest

from vision.bench import DICE_BANDS, SCALES, FolderResult, bench_folder, dice_band, main
from vision.synthetic import render_dice_scene

ROLLS = {"two": [5, 3], "seven": [6, 2, 5, 3, 4, 1, 6]}


def labelled_folder(root: Path) -> Path:
    """A folder ``drawn`` of one photo a roll in ``ROLLS``: clean white dice, well apart."""
    folder = root / "drawn"
    folder.mkdir()
    entries = {}
    for seed, (name, values) in enumerate(ROLLS.items()):
        img, drawn = render_dice_scene(values, seed, size=(640, 480), style="white", side=56)
        cv2.imwrite(str(folder / f"{name}.jpg"), img)
        h, w = img.shape[:2]
        entries[f"{name}.jpg"] = {"w": w, "h": h, "boxes": [
            {"label": d.value, "xmin": d.box[0] / w, "ymin": d.box[1] / h,
             "xmax": d.box[2] / w, "ymax": d.box[3] / h} for d in drawn]}
    (folder / "labels.json").write_text(json.dumps(entries))
    return folder


def test_the_box_s_rulings_are_counted_by_the_dice_in_each_photo(tmp_path: Path) -> None:
    r = bench_folder(labelled_folder(tmp_path), None, count_known=True)
    assert sorted(r.by_dice) == [1, 6]
    assert [(b.photos, b.rulings, b.wrong) for b in r.by_dice.values()] == [(1, 1, 0)] * 2
    assert sum(b.rulings for b in r.by_dice.values()) == r.rulings
    assert r.by_dice_line().endswith(
        "1-5 dice: 1 of 1 photos ruled on (100%), none wrongly | "
        "6-9 dice: 1 of 1 photos ruled on (100%), none wrongly")


def test_a_wrong_ruling_is_counted_in_its_band() -> None:
    r = FolderResult("folder", 0, 0, 0, 0, 0, 0, 0.0)
    for dice, rules, wrong in ((2, True, False), (25, True, True), (30, False, False)):
        r.count(dice, rules, wrong)
    assert (r.rulings, r.rulings_wrong) == (2, 1)
    assert r.by_dice_line() == (
        "folder         the box's rulings by dice in the photo: "
        "1-5 dice: 1 of 1 photos ruled on (100%), none wrongly | "
        "20+ dice: 1 of 2 photos ruled on (50%), 1 wrongly")


def test_every_photo_is_in_the_highest_band_it_reaches() -> None:
    for dice in range(1, 50):
        band = dice_band(dice)
        assert band in DICE_BANDS and band <= dice
        assert all(b <= band or b > dice for b in DICE_BANDS)


def test_the_bench_prints_the_line_for_each_folder(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    labelled_folder(tmp_path)
    assert main(["--photos", str(tmp_path), "--count-known", "drawn"]) == 0
    out = capsys.readouterr().out
    assert "drawn          the box's rulings by dice in the photo: 1-5 dice: 1 of 1" in out
    assert re.search(r"yardstick: the classifier reads a crop in \d+\.\d{3} ms", out)


def test_the_scales_rows_read_each_photo_scaled(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """``--scales``: the folder as it is, then a row per scale, its dice where the labels
    say once scaled (clean dice 56 px across, read at 42-168 px, all found)."""
    labelled_folder(tmp_path)
    assert main(["--photos", str(tmp_path), "--scales", "drawn"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if "photos" in line]
    assert [row.split()[0] for row in rows] == ["drawn", *(f"x{k:g}" for k in SCALES)]
    assert all("2 photos     9 dice | found 100.00%" in row for row in rows)


def test_the_teach_rows_through_a_change_teach_and_score_the_changed_photos(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--teach 1 --change dark-dice``: taught on one photo turned dark, both rows scored
    on the other, turned dark too; ``--change`` with ``--changes`` is refused."""
    labelled_folder(tmp_path)
    assert main(["--photos", str(tmp_path), "--teach", "1", "--change", "dark-dice",
                 "drawn"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if "photos" in line]
    assert [row.split("|")[0].split("  ")[0] for row in rows] == [
        "drawn dark dice", "drawn+teach1 dark dice"]
    assert all("1 photos     2 dice | found 100.00%" in row for row in rows), rows  # "two"
    with pytest.raises(SystemExit):
        main(["--photos", str(tmp_path), "--changes", "--change", "dark-dice", "drawn"])
    assert "--change is one change" in capsys.readouterr().err


def test_the_bench_says_why_the_dice_not_read_right_were_not(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each labelled die is read right or has a reason (``left_unread``): here one die
    labelled as another value (read surely as its own: ruled wrong) and a label where no
    die lies (missed)."""
    folder = labelled_folder(tmp_path)
    entries = json.loads((folder / "labels.json").read_text())
    boxes = entries["two.jpg"]["boxes"]
    boxes[0]["label"] = 1 if boxes[0]["label"] != 1 else 2
    boxes.append({"label": 4, "xmin": 0.02, "ymin": 0.02, "xmax": 0.1, "ymax": 0.12})
    (folder / "labels.json").write_text(json.dumps(entries))
    r = bench_folder(folder, None)
    assert r.unread == Counter({"ruled wrong": 1, "missed": 1})
    assert r.right + sum(r.unread.values()) == r.labeled == 10
    assert main(["--photos", str(tmp_path), "drawn"]) == 0
    assert ("drawn          not read right: 2 of 10 dice: missed 1 | ruled wrong 1"
            in capsys.readouterr().out)
