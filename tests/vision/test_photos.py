"""Regression: a handful of real labeled photos read right (skipped without ../shared)."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from vision.dataset import load_folder, match
from vision.reader import read_dice

# Photos read entirely right by the committed models; a change that breaks one is a regression.
CASES = {
    "table-white": ["dice_1.jpg", "dice_10.jpg", "dice_100.jpg", "dice_200.jpg"],
    "tray-colored": ["IMG_20191208_111246.jpg", "IMG_20191209_094630.jpg"],
}


@pytest.mark.parametrize("folder", sorted(CASES))
def test_shared_photos_read_right(photos: Path, folder: str) -> None:
    wanted = set(CASES[folder])
    labeled = [p for p in load_folder(photos / folder) if p.path.name in wanted]
    assert len(labeled) == len(wanted)
    for photo in labeled:
        reading = read_dice(cv2.imread(str(photo.path)))
        s = match(reading.dice, photo.dice)
        assert s.entirely_right, (photo.path.name, reading.values,
                                  sorted(d.value for d in photo.dice))
