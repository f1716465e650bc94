"""The synthetic renderer draws what it is asked, where it says."""

from __future__ import annotations

import numpy as np
import pytest

from vision.synthetic import render_dice, render_dice_scene


def test_render_shape_and_dtype() -> None:
    img = render_dice([1, 2, 3], np.random.default_rng(0), size=(320, 240))
    assert img.shape == (240, 320, 3)
    assert img.dtype == np.uint8


def test_thirty_dice_do_not_overlap() -> None:
    values = list(np.random.default_rng(1).integers(1, 7, 30))
    _, drawn = render_dice_scene(values, 1, size=(640, 480), style="colored")
    assert [d.value for d in drawn] == values
    centers = np.array([d.center for d in drawn])
    dist = np.hypot(*(centers[:, None] - centers[None]).transpose(2, 0, 1))
    np.fill_diagonal(dist, np.inf)
    side = min(d.box[2] - d.box[0] for d in drawn)
    assert dist.min() > side * 0.9


def test_bad_values_rejected() -> None:
    with pytest.raises(ValueError):
        render_dice([0, 7], 0)


def test_same_seed_same_image() -> None:
    assert np.array_equal(render_dice([4, 5], 3), render_dice([4, 5], 3))
