"""Images the reader cannot use get one clear ImageError, never a cv2.error."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.images import MAX_FULL, ImageError, check_image, load_image
from vision.reader import die_crops, read_dice
from vision.synthetic import render_dice, render_dice_scene


@pytest.mark.parametrize("shape", [(1, 1, 3), (480, 1, 3), (1, 480, 3), (31, 640, 3), (1, 1)])
def test_too_small_images_are_refused_clearly(shape: tuple[int, ...]) -> None:
    with pytest.raises(ImageError, match="too small"):
        read_dice(np.zeros(shape, np.uint8))


@pytest.mark.parametrize("bad", [np.zeros((64, 64, 3), np.float32), np.zeros((64, 64, 2), np.uint8),
                                 np.zeros((4, 64, 64, 3), np.uint8), "photo.jpg"])
def test_arrays_that_are_not_images_are_refused(bad: object) -> None:
    with pytest.raises(ImageError):
        check_image(bad)


def test_a_large_frame_is_read_from_a_capped_copy() -> None:
    big = cv2.resize(render_dice([6, 3], 5, size=(640, 480), style="white", side=56), (4200, 3150),
                     interpolation=cv2.INTER_LINEAR)
    reading = read_dice(big)
    assert reading.values == (3, 6)
    assert all(d.box[2] - d.box[0] > 100 for d in reading.dice)  # in the input's pixels
    assert die_crops(big, reading).shape[0] == 2


@pytest.mark.parametrize("size", [(4032, 3024), (4608, 2592)])
def test_a_phone_s_own_photo_of_sharp_dice_is_read_whole(size: tuple[int, int]) -> None:
    """A 12 MP phone photo is halved until it fits (``images.MAX_FULL``) and looked at 504
    or 576 px across (its working image halved until it is at most ``locate.WORK_MAX``):
    dice 240 px across in the photo are 30 px there, under the sizes the reader's checks
    were made on, yet read."""
    values = [1, 2, 3, 4, 5, 6]
    image, _ = render_dice_scene(values, 2, size=size, style="mixed", side=240)
    reading = read_dice(image)
    assert sorted(d.value for d in reading.dice) == values and not reading.uncertain


def test_load_image_errors(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.jpg"
    garbage.write_bytes(b"\xff\xd8\xff\xe0 not really a jpeg")
    tiny = tmp_path / "tiny.png"
    cv2.imwrite(str(tiny), np.zeros((480, 1, 3), np.uint8))
    for path, why in ((tmp_path / "missing.png", "no such file"), (garbage, "not an image"),
                      (tiny, "too small"), (tmp_path, "directory")):
        with pytest.raises(ImageError, match=why):
            load_image(path)


def test_a_huge_photo_is_decoded_reduced(tmp_path: Path) -> None:
    path = tmp_path / "huge.jpg"
    big = np.zeros((6000, 8000, 3), np.uint8)
    big[:, :, 1] = 120
    cv2.imwrite(str(path), big, [cv2.IMWRITE_JPEG_QUALITY, 50])
    del big
    image = load_image(path)
    assert max(image.shape[:2]) <= MAX_FULL and image.shape[1] * 3 == image.shape[0] * 4
