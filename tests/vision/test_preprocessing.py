"""The fast inference preprocessing equals the plain one the networks were trained on."""

from __future__ import annotations

import numpy as np

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
    places = [(d.center, float(d.box[2] - d.box[0])) for d in drawn]
    batch = M.crop_patches(img, places)
    assert batch.shape == (3, 3, M.CROP, M.CROP) and batch.flags.c_contiguous
    assert np.allclose(batch, np.stack([M.crop_patch(img, c, s) for c, s in places]), atol=1e-5)
    assert M.crop_patches(img, []).shape == (0, 3, M.CROP, M.CROP)
