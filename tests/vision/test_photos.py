"""Regression: a handful of real labeled photos read right (skipped without ../shared)."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from vision.dataset import load_folder, match
from vision.reader import read_dice

# Photos read entirely right by the committed models; a change that breaks one is a regression.
CASES = {
    "table-white": ["dice_32.jpg", "five_32.jpg", "six_56.jpg", "three_46.jpg", "two_46.jpg"],
    "tray-colored": ["IMG_20191209_095800.jpg", "IMG_20191208_112951.jpg",
                     "IMG_20191209_095431.jpg", "IMG_20191209_100641.jpg"],
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
