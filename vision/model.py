"""The two small networks of the reader and the exact preprocessing they were trained on.

* Detector: the image at half resolution -> a heat map of die centres and the log of
  each die's size, both on a grid of ``STRIDE`` original pixels.
* Classifier: a square crop around each centre (``CROP_FACTOR`` x die size, resized to
  ``CROP`` pixels) -> class 0 (not a die) or the value 1..6.

Both run through ``cv2.dnn`` on ONNX files in ``vision/models``; the training script
(``vision/train.py``) imports the same preprocessing functions.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

MODELS = Path(__file__).with_name("models")
DET_SCALE = 0.5  # detector input = image resized by this factor
STRIDE = 8  # heat-map cell, in original pixels
PAD = 16  # detector input sides are padded to a multiple of this (at half resolution)
CROP = 40  # classifier input side
CROP_FACTOR = 1.3  # crop side / die size
MAX_SIDE = 720  # larger images are reduced first


def _normalize(x: np.ndarray) -> np.ndarray:
    x = x.astype(np.float32)
    mean = float(x.mean())
    std = float(x.std()) + 8.0
    return (x - mean) / std


def _mean_std(image: np.ndarray) -> tuple[float, float]:
    """Mean and (std + 8) over all pixels and channels, as ``_normalize`` uses (fast)."""
    m, s = cv2.meanStdDev(image)
    mean = float(m.mean())
    var = float((s * s + m * m).mean()) - mean * mean
    return mean, float(np.sqrt(max(var, 0.0))) + 8.0


def det_resize(image: np.ndarray) -> np.ndarray:
    """The image at the detector's resolution."""
    return cv2.resize(image, None, fx=DET_SCALE, fy=DET_SCALE, interpolation=cv2.INTER_AREA)


def det_blob(small: np.ndarray) -> np.ndarray:
    """Resized image -> normalized, zero-padded detector blob (1, 3, H, W)."""
    h, w = small.shape[:2]
    mean, std = _mean_std(small)
    blob = cv2.dnn.blobFromImage(small, 1.0 / std, mean=(mean, mean, mean), swapRB=False)
    ph, pw = -h % PAD, -w % PAD
    if ph or pw:
        padded = np.zeros((1, 3, h + ph, w + pw), np.float32)
        padded[:, :, :h, :w] = blob
        blob = padded
    return blob


def det_input(image: np.ndarray) -> np.ndarray:
    """BGR image -> detector blob (1, 3, H, W) at half resolution, zero-padded."""
    return det_blob(det_resize(image))


def crop_matrix(center: tuple[float, float], size: float, angle: float = 0.0,
                ) -> np.ndarray:
    """Affine map from the image to a CROP x CROP patch around centre (side CROP_FACTOR*size)."""
    scale = CROP / max(size * CROP_FACTOR, 4.0)
    m = cv2.getRotationMatrix2D((float(center[0]), float(center[1])), angle, scale)
    m[0, 2] += CROP / 2 - center[0]
    m[1, 2] += CROP / 2 - center[1]
    return m


def crop_uint8(image: np.ndarray, center: tuple[float, float], size: float,
               angle: float = 0.0) -> np.ndarray:
    """The CROP x CROP BGR patch around a die (side CROP_FACTOR * size), rotated by angle."""
    m = crop_matrix(center, size, angle)
    scale = CROP / max(size * CROP_FACTOR, 4.0)
    if scale < 0.6:  # shrink the neighbourhood first to avoid aliasing
        r = int(size * CROP_FACTOR * 0.75) + 2
        x0 = max(0, int(center[0]) - r)
        y0 = max(0, int(center[1]) - r)
        roi = image[y0:int(center[1]) + r + 1, x0:int(center[0]) + r + 1]
        if roi.size:
            f = 2.0 * scale
            small = cv2.resize(roi, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
            fx = small.shape[1] / roi.shape[1]
            fy = small.shape[0] / roi.shape[0]
            m = m.copy()
            m[:, 2] += m[:, 0] * x0 + m[:, 1] * y0
            m[:, 0] /= fx
            m[:, 1] /= fy
            return cv2.warpAffine(small, m, (CROP, CROP), flags=cv2.INTER_LINEAR,
                                  borderMode=cv2.BORDER_REPLICATE)
    return cv2.warpAffine(image, m, (CROP, CROP), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)


def patch_input(patch: np.ndarray) -> np.ndarray:
    """A BGR CROP x CROP patch -> the normalized (3, CROP, CROP) classifier input."""
    return _normalize(patch).transpose(2, 0, 1)


def crop_patch(image: np.ndarray, center: tuple[float, float], size: float,
               angle: float = 0.0) -> np.ndarray:
    """The normalized (3, CROP, CROP) classifier input for one die."""
    return patch_input(crop_uint8(image, center, size, angle))


def crop_patches(image: np.ndarray, places: list[tuple[tuple[float, float], float]],
                 ) -> np.ndarray:
    """Classifier inputs (N, 3, CROP, CROP) for (centre, size) places, normalized per crop."""
    if not places:
        return np.zeros((0, 3, CROP, CROP), np.float32)
    x = np.stack([crop_uint8(image, c, s) for c, s in places]).astype(np.float32)
    flat = x.reshape(len(places), -1)
    mean = flat.mean(axis=1)
    std = flat.std(axis=1) + 8.0
    x -= mean[:, None, None, None]
    x /= std[:, None, None, None]
    return np.ascontiguousarray(x.transpose(0, 3, 1, 2))


@lru_cache(maxsize=4)
def _net(name: str) -> cv2.dnn.Net:
    # OpenCV's own CPU backend is the default; setting it again makes OpenCV 5 warn.
    return cv2.dnn.readNetFromONNX(str(MODELS / name))


def run_detector(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Heat map (0..1) and die size (pixels), each (H/STRIDE, W/STRIDE) cropped to the image."""
    net = _net("detector.onnx")
    net.setInput(det_input(image))
    out = net.forward()[0]
    h = -(-image.shape[0] // STRIDE)
    w = -(-image.shape[1] // STRIDE)
    heat = 1.0 / (1.0 + np.exp(-out[0, :h, :w]))
    size = np.exp(out[1, :h, :w])
    return heat, size


def run_classifier(patches: np.ndarray) -> np.ndarray:
    """(N, 3, CROP, CROP) patches -> (N, 7) class probabilities (0 = not a die)."""
    if len(patches) == 0:
        return np.zeros((0, 7), np.float32)
    net = _net("classifier.onnx")
    net.setInput(np.ascontiguousarray(patches, dtype=np.float32))
    logits = net.forward().reshape(len(patches), -1)
    logits = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(logits)
    return e / e.sum(axis=1, keepdims=True)


FEATURE_LAYER = "onnx_node!/body/body.22/Flatten"  # the classifier's penultimate layer


@lru_cache(maxsize=1)
def _feature_net() -> cv2.dnn.Net:
    # OpenCV 5's new engine forwards only to the graph's outputs; the classic one can stop
    # at any layer.
    return cv2.dnn.readNetFromONNX(str(MODELS / "classifier.onnx"),
                                   engine=cv2.dnn.ENGINE_CLASSIC)


def classifier_features(patches: np.ndarray) -> np.ndarray:
    """(N, 3, CROP, CROP) patches -> (N, D) features: the classifier's penultimate layer."""
    net = _feature_net()
    if len(patches) == 0:
        return np.zeros((0, 0), np.float32)
    net.setInput(np.ascontiguousarray(patches, dtype=np.float32))
    return net.forward(FEATURE_LAYER).reshape(len(patches), -1)


def load() -> None:
    """Load and warm up both networks (so the first reading's time is only reading)."""
    run_detector(np.zeros((480, 640, 3), np.uint8))
    run_classifier(np.zeros((2, 3, CROP, CROP), np.float32))
