"""The varied synthetic training scenes: labels where the dice are, every kind drawn."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.varied_scenes import (
    _die_style,
    _draw_die,
    _rot,
    _solid,
    far_face,
    render_varied_scene,
    veined,
)

# the first dice of the calibration's first three renders, drawn before pressed pairs were
BEFORE_PAIRS = [[(1, 324, 423), (1, 38, 182)], [(6, 22, 463)], [(2, 95, 300), (0, 319, 468)]]


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
        for d in dice:  # white dice, even under a dim lamp, far brighter than the cloth
            x0, y0, x1, y1 = d.box
            face = img[max(0, y0):y1, max(0, x0):x1]
            assert float(np.percentile(face, 75)) > 2 * background + 20


def test_over_many_scenes_every_value_symbols_and_sizes_appear() -> None:
    rng = np.random.default_rng(11)
    values, sizes = set(), []
    for _ in range(25):
        _, dice = render_varied_scene(rng, (320, 240))
        values |= {d.value for d in dice}
        sizes += [d.size for d in dice]
    assert values == {0, 1, 2, 3, 4, 5, 6}
    assert min(sizes) < 30 and max(sizes) > 60


def _nearest_in_sides(dice: list) -> list[float]:  # type: ignore[type-arg]
    centres = np.array([d.center for d in dice], np.float64)
    out = []
    for i, d in enumerate(dice):
        gaps = np.hypot(*(centres - centres[i]).T)
        gaps[i] = np.inf
        out.append(float(gaps.min()) / d.size)
    return out


def test_pressed_scenes_hold_dice_against_each_other_and_others_none() -> None:
    """Pressed pairs (edge to edge or corner to corner: centres 1 to 1.6 sides apart) are
    drawn when asked for, and never with ``pressed=False``."""
    near, apart = [], []
    for seed in range(12):
        _, dice = render_varied_scene(np.random.default_rng(seed), (640, 480), pressed=True)
        near += _nearest_in_sides(dice) if len(dice) > 1 else []
        _, dice = render_varied_scene(np.random.default_rng(seed), (640, 480), pressed=False)
        apart += _nearest_in_sides(dice) if len(dice) > 1 else []
    assert sum(0.95 <= g <= 1.6 for g in near) >= 6
    assert min(apart) >= 1.0


def test_without_pairs_a_seed_draws_the_dice_it_drew_before_pairs() -> None:
    """``pressed=False`` (the calibration's renders) draws nothing more from the generator
    than the renders before pressed pairs: the calibration's first scenes hold the same dice
    as when its thresholds were last fitted (values and centres pinned from then)."""
    rng = np.random.default_rng(7_000_000)  # vision.calibrate.SYNTH_SEED
    got = []
    for _ in range(3):
        _, dice = render_varied_scene(rng, pressed=False)
        got.append([(d.value, round(d.center[0]), round(d.center[1])) for d in dice[:2]])
    assert got == BEFORE_PAIRS


def test_camouflaged_dice_are_the_colour_of_their_floor_and_their_pips_stand_out() -> None:
    """``camouflage=True`` (``train.py --camouflage``): each die's top face near the colour
    of the floor around it, found by its pips and faint outline; the pips far from both."""
    faces = 0
    for seed in range(8):
        img, dice = render_varied_scene(np.random.default_rng(seed), (640, 480),
                                        camouflage=True, pressed=False)
        for d in dice:
            x, y, r = int(d.center[0]), int(d.center[1]), int(d.size / 2)
            if d.value == 0 or d.size < 36 or not (2 * r <= x < 640 - 2 * r
                                                   and 2 * r <= y < 480 - 2 * r):
                continue  # a symbol, a small die, or no ring of floor around it
            window = img[y - 2 * r:y + 2 * r, x - 2 * r:x + 2 * r].astype(np.float32)
            ring = np.ones(window.shape[:2], bool)
            ring[r:3 * r, r:3 * r] = False
            floor = np.median(window[ring], axis=0)
            off = np.abs(window[r:3 * r, r:3 * r] - floor).max(axis=2)
            assert (off < 0.15 * floor.max() + 12).mean() > 0.5  # the die's body
            assert (off > 30).mean() > 0.01  # its pips
            faces += 1
    assert faces >= 8


def test_an_upright_camera_sees_every_die_s_side_faces_below_its_top_face() -> None:
    """``upright``: a steep slant (20-50 degrees) seen by a camera held upright, as a webcam
    over a table sees dice: each top face's centre lies in the upper part of its die's
    drawn box, so the side faces are below it, never above."""
    for seed in range(4):
        _, dice = render_varied_scene(np.random.default_rng(seed), (640, 480), upright=True)
        assert dice
        for d in dice:
            x0, y0, x1, y1 = d.box
            assert d.center[1] < (y0 + y1) / 2 - 0.05 * (y1 - y0)


def test_veined_renders_are_the_same_for_a_seed_and_off_by_default() -> None:
    """``veins=True`` (``train.py --veins``) draws the same scene again from the same seed;
    ``veins=False`` is the default render, draw for draw."""
    for seed in range(3):
        a, da = render_varied_scene(np.random.default_rng(seed), (320, 240), veins=True)
        b, db = render_varied_scene(np.random.default_rng(seed), (320, 240), veins=True)
        assert np.array_equal(a, b) and da == db
        c, dc = render_varied_scene(np.random.default_rng(seed), (320, 240), veins=False)
        d, dd = render_varied_scene(np.random.default_rng(seed), (320, 240))
        assert np.array_equal(c, d) and dc == dd


def test_veins_are_thin_sharp_lines_of_other_colours_some_closing_into_loops() -> None:
    """``veined``: over a die-sized face, a few to a third of the pixels are veins (far from
    the body's local median), nearly all within 2 px of a vein's edge (thin, no filled
    blobs), whose cores reach their own colour (sharp, not a soft blend), and some veins
    close into loops (a hole inside a vein, as a ring pip is)."""
    body = np.array([200.0, 190.0, 180.0], np.float32)
    loops = 0
    for seed in range(6):
        rng = np.random.default_rng(seed)
        face = veined(body, rng)(208, 208)  # the canvas of an 80 px die
        assert np.array_equal(face, veined(body, np.random.default_rng(seed))(208, 208))
        local = cv2.medianBlur(np.clip(face, 0, 255).astype(np.uint8), 9).astype(np.float32)
        off = np.abs(face - local).max(axis=2)  # a vein, not the clouded body under it
        vein = (off > 25).astype(np.uint8)
        assert 0.01 < vein.mean() < 0.35
        thick = cv2.erode(vein, np.ones((5, 5), np.uint8))
        assert thick.sum() < 0.05 * vein.sum()
        assert float(np.percentile(off[vein > 0], 90)) > 0.6 * float(off.max())
        _, hierarchy = cv2.findContours(vein, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
        loops += 0 if hierarchy is None else int((hierarchy[0][:, 3] >= 0).sum())
    assert loops >= 3


def test_a_translucent_die_shows_its_far_face_pips_faintly_through_its_top() -> None:
    """``far_face``: a six's far face is a one, drawn near the top face's empty centre,
    faint (well under the near pips' contrast) and blurred; without it, none is drawn."""
    scene = {"light": np.array([0.0, 0.0, 1.0]), "shadow": np.zeros(2), "shadow_k": 0.0}
    style = dict(_die_style(np.random.default_rng(3), scene), body=np.full(3, 200.0),
                 pip=np.full(3, 20.0), texture=_solid(np.full(3, 200.0)), ring=False,
                 opacity=1.0, tint=1.0, pip_r=0.17, spread=1.0, corner=0.1)
    far = dict(far_face(np.random.default_rng(4)), alpha=0.3, shift=np.array([0.05, -0.05]))
    floor = np.full((200, 200, 3), 60.0, np.float32)
    plain, ghost = floor.copy(), floor.copy()
    _draw_die(plain, (100, 100), 90, 6, _rot(0.3, 0.0, 0.0), style, np.random.default_rng(0))
    _draw_die(ghost, (100, 100), 90, 6, _rot(0.3, 0.0, 0.0), dict(style, far=far),
              np.random.default_rng(0))
    diff = np.abs(ghost - plain).max(axis=2)
    ys, xs = np.nonzero(diff > 5)
    assert len(xs) > 50  # a pip, seen
    assert abs(xs.mean() - 100 - 0.05 * 90) < 6 and abs(ys.mean() - 100 + 0.05 * 90) < 6
    assert 0.2 * 180 < diff.max() < 0.4 * 180  # faint: alpha 0.3 of the 180 levels of a pip
    assert float(np.abs(plain - floor).max()) > 0  # the die itself is drawn


def test_side_faces_in_view_lie_below_the_top_on_the_die_and_flat_dice_show_none() -> None:
    """``VariedDie.sides``: an upright camera's side faces in view lie inside the die's box,
    below its top face, each showing at least ``SIDE_SHOWN`` of a face; straight down, none.
    Their training crops (``examples.side_face_items``) are "part of a die": no value."""
    from vision.training.examples import PART, side_face_items
    from vision.training.samples import rendered
    from vision.varied_scenes import SIDE_SHOWN

    seen = 0
    for seed in range(4):
        _, dice = render_varied_scene(np.random.default_rng(seed), (640, 480), upright=True)
        for d in dice:
            x0, y0, x1, y1 = d.box
            for x, y, side in d.sides:
                assert x0 <= x <= x1 and d.center[1] < y <= y1
                assert SIDE_SHOWN * d.size ** 2 <= side ** 2 * 1.0001 <= d.size ** 2
                seen += 1
    assert seen >= 10
    img, dice = render_varied_scene(np.random.default_rng(0), (640, 480), easy=True)
    assert all(d.sides == () for d in dice if d.value)  # nearly straight down
    slanted = render_varied_scene(np.random.default_rng(1), (640, 480), upright=True)
    sample = rendered(*slanted, "synthetic")
    items = side_face_items([sample], 1.0, np.random.default_rng(0))
    assert len(items) == len(sample.sides) > 0 and all(it[4] == PART for it in items)
    assert side_face_items([sample], 0.0, np.random.default_rng(0)) == []
