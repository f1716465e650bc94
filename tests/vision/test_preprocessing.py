"""The fast inference preprocessing equals the plain one the networks were trained on."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import model as M
from vision.synthetic import render_dice_scene


def test_detector_blob_is_the_normalized_zero_padded_image() -> None:
    img, _ = render_dice_scene([3, 5], 4, size=(250, 170), style="mixed")
    small = M.det_resize(img)
    want = M._normalize(small).transpose(2, 0, 1)
    blob = M.det_blob(small)
    h, w = small.shape[:2]
    assert blob.shape == (1, 3, -(-h // M.PAD) * M.PAD, -(-w // M.PAD) * M.PAD)
    assert np.allclose(blob[0, :, :h, :w], want, atol=1e-4)
    assert not blob[0, :, h:, :].any() and not blob[0, :, :, w:].any()


def test_batched_crops_equal_one_by_one_crops() -> None:
    img, drawn = render_dice_scene([1, 6, 2], 9, size=(320, 240), style="colored")
    places = [(d.center, float(d.box[2] - d.box[0]), 10.0 * k) for k, d in enumerate(drawn)]
    batch = M.crop_patches(img, places)
    assert batch.shape == (3, 3, M.CROP, M.CROP) and batch.flags.c_contiguous
    one_by_one = np.stack([M.crop_patch(img, c, s, a) for c, s, a in places])
    assert np.allclose(batch, one_by_one, atol=1e-5)
    assert M.crop_patches(img, []).shape == (0, 3, M.CROP, M.CROP)


@pytest.mark.parametrize("angle", [0.0, 12.0, 25.0, 38.0, -20.0])
def test_die_angle_finds_a_turned_square(angle: float) -> None:
    img = np.full((200, 200, 3), 90, np.uint8)
    corners = cv2.boxPoints(((100.0, 100.0), (60.0, 60.0), angle)).astype(np.float32)
    cv2.fillPoly(img, [np.round(corners * 16).astype(np.int32)], (235, 235, 235),
                 cv2.LINE_AA, 4)
    for size in (60.0, 75.0):
        got = M.die_angle(img, (100.0, 100.0), size)
        assert abs((got - angle + 45) % 90 - 45) < 3.0, (angle, size, got)


def test_an_aligned_crop_shows_the_die_square_to_the_crop() -> None:
    img = np.full((200, 200, 3), 90, np.uint8)
    corners = cv2.boxPoints(((100.0, 100.0), (60.0, 60.0), 30.0)).astype(np.int32)
    cv2.fillPoly(img, [corners], (235, 235, 235))
    a = M.die_angle(img, (100.0, 100.0), 60.0)
    crop = cv2.cvtColor(M.crop_uint8(img, (100.0, 100.0), 60.0, a), cv2.COLOR_BGR2GRAY)
    rows = (crop > 160).sum(axis=1)  # an aligned square: full rows, nothing in the margins
    inner = rows[M.CROP // 4: -M.CROP // 4]
    assert inner.min() >= 0.7 * M.CROP and rows[0] == 0 and rows[-1] == 0
