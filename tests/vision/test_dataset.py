"""Scoring a reading against labels."""

from __future__ import annotations

import json
from pathlib import Path

from vision.dataset import LabeledDie, load_fixes, load_folder, match, split_of
from vision.types import Die


def _die(v: int, x: float, y: float) -> Die:
    return Die(v, (x, y), (int(x) - 5, int(y) - 5, int(x) + 5, int(y) + 5), 1.0)


def test_match_counts_found_right_false() -> None:
    labels = (LabeledDie(3, (0, 0, 40, 40)), LabeledDie(5, (100, 0, 140, 40)))
    s = match([_die(3, 20, 20), _die(4, 120, 20), _die(2, 300, 300)], labels)
    assert (s.labeled, s.found, s.right, s.false) == (2, 2, 1, 1)
    assert not s.entirely_right
    assert match([_die(3, 44, 20), _die(5, 120, 20)], labels).entirely_right  # grown box
    assert match([_die(3, 20, 20)], labels).misses == (1,)


def test_one_die_matches_one_label() -> None:
    labels = (LabeledDie(3, (0, 0, 40, 40)),)
    s = match([_die(3, 20, 20), _die(3, 22, 20)], labels)
    assert (s.found, s.false) == (1, 1)


def test_split_is_stable() -> None:
    names = [f"dice_{i}.jpg" for i in range(500)]
    held = [n for n in names if split_of(n) == "heldout"]
    assert 60 < len(held) < 140
    assert held == [n for n in names if split_of(n) == "heldout"]


def test_a_fix_corrects_a_value_or_drops_a_box(tmp_path: Path) -> None:
    fixes = tmp_path / "fixes.json"
    fixes.write_text(json.dumps({"fixes": [
        {"folder": "f", "file": "a.jpg", "box": 0, "value": 6},
        {"folder": "f", "file": "a.jpg", "box": 2, "value": None}]}))
    assert load_fixes(fixes) == {("f", "a.jpg", 0): 6, ("f", "a.jpg", 2): None}


def test_the_box_on_bare_table_is_dropped(photos: Path) -> None:
    (five_1,) = [p for p in load_folder(photos / "table-white") if p.path.name == "five_1.jpg"]
    assert [d.value for d in five_1.dice] == [5]


def test_dice_the_labels_left_out_are_added(photos: Path) -> None:
    (photo,) = [p for p in load_folder(photos / "tray-colored")
                if p.path.name == "IMG_20191209_095533.jpg"]
    labels = json.loads((photos / "tray-colored" / "labels.json").read_text())
    assert len(photo.dice) == len(labels[photo.path.name]["boxes"]) + 1
    assert photo.dice[-1] == LabeledDie(6, (322.0, 344.0, 352.0, 374.0))
