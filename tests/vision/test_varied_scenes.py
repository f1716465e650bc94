"""The varied synthetic training scenes: labels where the dice are, every kind drawn."""

from __future__ import annotations

import numpy as np
import pytest

from vision.varied_scenes import render_varied_scene


@pytest.mark.parametrize("seed", range(6))
def test_labels_sit_on_drawn_dice(seed: int) -> None:
    rng = np.random.default_rng(seed)
    img, dice = render_varied_scene(rng, (320, 240))
    assert img.shape == (240, 320, 3) and img.dtype == np.uint8
    assert dice
    for d in dice:
        x0, y0, x1, y1 = d.box
        assert x0 <= d.center[0] <= x1 and y0 <= d.center[1] <= y1
        assert 0 <= d.value <= 6 and 15 <= d.size <= 170


def test_easy_scenes_are_clean_dice_on_dark_cloth() -> None:
    for seed in range(4):
        img, dice = render_varied_scene(np.random.default_rng(seed), (320, 240), easy=True)
        background = float(np.median(img))
        assert dice and background < 110  # dark cloth
        for d in dice:  # white dice: the face around the centre is far brighter
            x0, y0, x1, y1 = d.box
            face = img[max(0, y0):y1, max(0, x0):x1]
            assert float(np.percentile(face, 75)) > background + 80


def test_over_many_scenes_every_value_symbols_and_sizes_appear() -> None:
    rng = np.random.default_rng(11)
    values, sizes = set(), []
    for _ in range(25):
        _, dice = render_varied_scene(rng, (320, 240))
        values |= {d.value for d in dice}
        sizes += [d.size for d in dice]
    assert values == {0, 1, 2, 3, 4, 5, 6}
    assert min(sizes) < 30 and max(sizes) > 60
