"""The fast inference preprocessing equals the plain one the networks were trained on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import model as M
from vision.synthetic import render_dice_scene

ROOT = Path(__file__).resolve().parents[2]


def test_detector_blob_is_the_normalized_zero_padded_image() -> None:
    img, _ = render_dice_scene([3, 5], 4, size=(250, 170), style="mixed")
    small = M.det_resize(img)
    want = M._normalize(small).transpose(2, 0, 1)
    blob = M.det_blob(small)
    h, w = small.shape[:2]
    assert blob.shape == (1, 3, -(-h // M.PAD) * M.PAD, -(-w // M.PAD) * M.PAD)
    assert np.allclose(blob[0, :, :h, :w], want, atol=1e-4)
    assert not blob[0, :, h:, :].any() and not blob[0, :, :, w:].any()


def test_the_committed_detector_is_in_its_export_form() -> None:
    """The detector file is ``training.nets.DetectorExport``'s arrangement: the fuse layer's
    coarse half runs before the upsampling, so no concatenation of coarse and fine features
    is left (re-exported as the plain ``Detector``, each pass costs about a tenth more)."""
    names = cv2.dnn.readNetFromONNX(str(M.MODELS / M.DETECTOR)).getLayerNames()
    assert any("/fuse_coarse/" in n for n in names) and any("/fuse_fine/" in n for n in names)
    assert not any("Concat" in n for n in names)


def test_batched_crops_equal_one_by_one_crops() -> None:
    img, drawn = render_dice_scene([1, 6, 2], 9, size=(320, 240), style="colored")
    places = [(d.center, float(d.box[2] - d.box[0]), 10.0 * k) for k, d in enumerate(drawn)]
    batch = M.crop_patches(img, places)
    assert batch.shape == (3, 3, M.CROP, M.CROP) and batch.flags.c_contiguous
    one_by_one = np.stack([M.crop_patch(img, c, s, a) for c, s, a in places])
    assert np.allclose(batch, one_by_one, atol=1e-5)
    assert M.crop_patches(img, []).shape == (0, 3, M.CROP, M.CROP)


@pytest.mark.parametrize("name", [M.CLASSIFIER, M.OPINIONS[0], M.CLOSE_LOOK])
def test_a_crop_reads_alike_in_any_batch_bit_for_bit(name: str) -> None:
    """``run_classifier_raw`` reads a batch at once; each crop's logits and features are
    what it reads alone, bit for bit (a look reads alike whichever looks it is read with)."""
    side = M.CLOSE_CROP if name == M.CLOSE_LOOK else M.CROP
    crops = np.random.default_rng(5).random((5, 3, side, side), dtype=np.float32)
    logits, feats = M.run_classifier_raw(crops, name)
    assert logits.shape == (5, 7) and feats.shape == (5, M.FEATURES)
    for i in range(5):
        one_logits, one_feats = M.run_classifier_raw(crops[i:i + 1], name)
        assert np.array_equal(one_logits[0], logits[i])
        assert np.array_equal(one_feats[0], feats[i])
    empty_logits, empty_feats = M.run_classifier_raw(crops[:0], name)
    assert empty_logits.shape == (0, 7) and empty_feats.shape == (0, M.FEATURES)


def test_the_networks_run_on_as_many_threads_as_opencv_has() -> None:
    """One knob, ``cv2.setNumThreads``, sets the threads of OpenCV and the networks alike
    (one in the benchmarks), and a network loaded for one count is kept for it."""
    before = cv2.getNumThreads()
    try:
        cv2.setNumThreads(1)
        one = M._net(M.CLASSIFIER)
        assert one.get_session_options().intra_op_num_threads == 1
        cv2.setNumThreads(2)
        two = M._net(M.CLASSIFIER).get_session_options()
        assert two.intra_op_num_threads == 2
        assert two.get_session_config_entry("session.intra_op.allow_spinning") == "0"
        cv2.setNumThreads(1)
        assert M._net(M.CLASSIFIER) is one
    finally:
        cv2.setNumThreads(before)


@pytest.mark.parametrize("name", [M.CLASSIFIER, M.DETECTOR])
def test_the_networks_read_alike_on_any_number_of_threads(name: str) -> None:
    """The box reads on every core, the benchmarks on one: the same outputs, bit for bit."""
    shape = (1, 3, 96, 128) if name == M.DETECTOR else (9, 3, M.CROP, M.CROP)
    x = np.random.default_rng(7).standard_normal(shape).astype(np.float32)
    feed = {M.NETWORK_INPUT: x}
    one, three = (M.open_network(M.MODELS / name, n).run(None, feed) for n in (1, 3))
    assert all(np.array_equal(a, b) for a, b in zip(one, three, strict=True))


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


def _red_die_on_grain(angle: float) -> np.ndarray:
    """A red square turned ``angle`` on a brown floor with a fine horizontal grain, the die
    as bright as the floor in grey (a red die under a warm lamp on a wooden table)."""
    rows = np.arange(200, dtype=np.float32)[:, None]
    grain = 1.0 + 0.1 * np.sin(rows / 3.0)  # light and dark stripes about 10 px apart
    floor = np.array([40.0, 100.0, 180.0], np.float32)  # BGR brown
    img = np.clip(grain[:, :, None] * floor, 0, 255).repeat(200, axis=1).astype(np.uint8)
    img = np.ascontiguousarray(img)
    red = np.array([40.0, 40.0, 255.0])
    grey_of = np.array([0.114, 0.587, 0.299])
    red *= float(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).mean()) / float(red @ grey_of)
    corners = cv2.boxPoints(((100.0, 100.0), (60.0, 60.0), angle)).astype(np.float32)
    cv2.fillPoly(img, [np.round(corners * 16).astype(np.int32)], red.tolist(), cv2.LINE_AA, 4)
    return img


@pytest.mark.parametrize("angle", [20.0, 30.0, -35.0])
def test_die_angle_sees_by_its_colours_a_die_as_bright_as_its_grained_floor(
        angle: float, monkeypatch: pytest.MonkeyPatch) -> None:
    img = _red_die_on_grain(angle)
    got = M.die_angle(img, (100.0, 100.0), 60.0)
    assert abs((got - angle + 45) % 90 - 45) < 4.0, (angle, got)
    monkeypatch.setattr(M, "COLOUR_TURN", 1000.0)  # the grey angle alone: the grain's
    grey = M.die_angle(img, (100.0, 100.0), 60.0)
    assert abs((grey - angle + 45) % 90 - 45) > 12.0, (angle, grey)


def test_die_angle_keeps_the_grey_turn_where_the_colours_agree(
        monkeypatch: pytest.MonkeyPatch) -> None:
    img, drawn = render_dice_scene([1, 6, 2, 4], 7, size=(320, 240), style="colored")
    dice = [(d.center, float(d.box[2] - d.box[0])) for d in drawn]
    both = M.die_angles(img, dice)
    monkeypatch.setattr(M, "COLOUR_TURN", 1000.0)
    assert np.array_equal(both, M.die_angles(img, dice))
    grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)  # a grey frame: the same angles
    assert np.allclose(M.die_angles(grey, dice), M.die_angles(cv2.cvtColor(
        grey, cv2.COLOR_GRAY2BGR), dice))
    assert M.die_angles(img, [((999.0, 999.0), 30.0)]).tolist() == [0.0]  # off the frame


def test_the_network_engine_keeps_no_device_id_and_sends_nothing(tmp_path: Path) -> None:
    """ONNX Runtime's Linux wheels keep a device id and usage events under ~/.cache from the
    moment they are imported, to send to Microsoft; ``vision.model`` opts out before it
    imports them, so a reading leaves nothing there."""
    env = {k: v for k, v in os.environ.items()
           if k not in {"ORT_DISABLE_TELEMETRY", "CI", "GITHUB_ACTIONS", "GITLAB_CI", "CIRCLECI",
                        "TF_BUILD", "ORT_RUNNING_UNIT_TESTS"}}
    env.update(HOME=str(tmp_path), XDG_CACHE_HOME=str(tmp_path / "cache"))
    subprocess.run([sys.executable, "-c", "from vision import model; model.load()"],
                   cwd=ROOT, env=env, check=True, timeout=120)
    assert not [p for p in tmp_path.rglob("*") if p.is_file()]
