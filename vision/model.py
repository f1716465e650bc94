"""The two small networks of the reader and the exact preprocessing they were trained on.

* Detector: the image at half resolution -> a heat map of die centres and the log of
  each die's size, both on a grid of ``STRIDE`` original pixels.
* Classifier: a square crop around each centre, turned to the die's own axes
  (``die_angle``; ``CROP_FACTOR`` x die size, resized to ``CROP`` pixels) -> logits of
  class 0 (not a die) or the value 1..6, and a second output: the penultimate layer's
  features (``classifier_features``, for a player's own dice profile).

Both run through ONNX Runtime on ONNX files in ``vision/models`` (``open_network``), on as
many threads as OpenCV is given (``cv2.setNumThreads``); the training script
(``vision/train.py``, its code in ``vision/training/``) imports the same preprocessing
functions.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Protocol

import cv2
import numpy as np

# ONNX Runtime's Linux wheels (1.29 on) keep a device id and usage events under ~/.cache and
# send them to Microsoft, from the moment the module is imported, unless this is set first.
# The box reads dice and tells no one: the player may set it to 0 to allow them.
os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
import onnxruntime as ort  # noqa: E402 (after the opt-out above)

MODELS = Path(__file__).with_name("models")
DET_SCALE = 0.5  # detector input = image resized by this factor
STRIDE = 8  # heat-map cell, in original pixels
PAD = 16  # detector input sides are padded to a multiple of this (at half resolution)
CROP = 40  # classifier input side
CROP_FACTOR = 1.3  # crop side / die size
FEATURES = 96  # classifier feature length (its penultimate layer)
NETWORK_INPUT = "x"  # every network's ONNX input name
CLASSIFIER_OUTPUTS = ("y", "features")  # ONNX output names: logits, features
DETECTOR = "detector.onnx"  # die centres and sizes
CLASSIFIER = "classifier.onnx"  # reads every die; its features describe a player's dice
OPINIONS = ("second_opinion.onnx", "third_opinion.onnx")  # classifiers trained apart: the
# second look's two voices
CLOSE_LOOK = "close_look.onnx"  # a classifier of CLOSE_CROP crops: the last look at a free die
CLOSE_CROP = 64  # its input side: a die up to 49 px across is not shrunk
NETWORKS = (DETECTOR, CLASSIFIER, *OPINIONS, CLOSE_LOOK)  # every network file the reader needs
ANGLE_PATCH = 48  # side of the patch die_angle looks at
COLOUR_TURN = 8.0  # degrees: a die's colours' angle this far from its grey one's is taken
_yy, _xx = np.mgrid[0:ANGLE_PATCH, 0:ANGLE_PATCH].astype(np.float32) - (ANGLE_PATCH - 1) / 2
_ANGLE_WINDOW = np.exp(-(_xx ** 2 + _yy ** 2) / (2 * (ANGLE_PATCH * 0.35) ** 2))
_ANGLE_WINDOW_PADDED = np.pad(_ANGLE_WINDOW, 1).astype(np.float32)  # the patches' border: 0
_CHANNELS = np.ones((1, 3), np.float32)  # sums a BGR product's channels
_GREY = np.array([[0.114, 0.587, 0.299]], np.float32)  # BGR -> grey, as cv2.cvtColor


def _normalize(x: np.ndarray) -> np.ndarray:
    x = x.astype(np.float32)
    mean = float(x.mean())
    std = float(x.std()) + 8.0
    return (x - mean) / std


def frame_norm(image: np.ndarray) -> tuple[float, float]:
    """The (mean, std + 8) over all pixels and channels that ``det_blob`` normalizes
    ``image`` with (as ``_normalize`` does, fast); a window of a frame looked at alone is
    normalized with its whole frame's."""
    m, s = cv2.meanStdDev(image)
    mean = float(m.mean())
    var = float((s * s + m * m).mean()) - mean * mean
    return mean, float(np.sqrt(max(var, 0.0))) + 8.0


def det_resize(image: np.ndarray) -> np.ndarray:
    """The image at the detector's resolution (one 2x pyramid step)."""
    return cv2.pyrDown(image)


def det_blob(small: np.ndarray, norm: tuple[float, float] | None = None) -> np.ndarray:
    """Resized image -> normalized, zero-padded detector blob (1, 3, H, W); ``norm``: the
    (mean, std + 8) to normalize with (a window's whole frame's, ``frame_norm``), else its
    own."""
    h, w = small.shape[:2]
    mean, std = norm if norm is not None else frame_norm(small)
    blob = cv2.dnn.blobFromImage(small, 1.0 / std, mean=(mean, mean, mean), swapRB=False)
    ph, pw = -h % PAD, -w % PAD
    if ph or pw:
        padded = np.zeros((1, 3, h + ph, w + pw), np.float32)
        padded[:, :, :h, :w] = blob
        blob = padded
    return blob


def local_mean(image: np.ndarray, sigma: float) -> np.ndarray:
    """(H, W) float32: each pixel's neighbourhood mean over the channels, within a Gaussian of
    ``sigma`` pixels (what ``local_blob`` normalizes by)."""
    return np.asarray(cv2.GaussianBlur(image.astype(np.float32).mean(axis=2), (0, 0), sigma))


def local_blob(small: np.ndarray, sigma: float) -> np.ndarray:
    """``det_blob`` with each pixel normalized by its own neighbourhood (the mean and spread,
    over the channels, within a Gaussian of ``sigma`` pixels) instead of the whole frame's:
    a die in a dark tray on a light table keeps the contrast a die on a plain floor has,
    where the frame's spread, the table against the tray, flattens it.

    >>> table = np.full((64, 96, 3), 200, np.uint8); table[16:48, 16:48] = 60  # a tray
    >>> table[28:36, 28:36] = 90  # a faint die in it
    >>> b = local_blob(table, 8.0)
    >>> b.shape, bool(b[0, 0, 32, 32] - b[0, 0, 20, 20] > 1.0)
    ((1, 3, 64, 96), True)
    """
    x = small.astype(np.float32)
    mean = local_mean(small, sigma)
    square = cv2.GaussianBlur((x * x).mean(axis=2), (0, 0), sigma)
    spread = np.sqrt(np.maximum(square - mean * mean, 0.0)) + 8.0
    h, w = small.shape[:2]
    blob = np.zeros((1, 3, h + -h % PAD, w + -w % PAD), np.float32)
    blob[0, :, :h, :w] = ((x - mean[..., None]) / spread[..., None]).transpose(2, 0, 1)
    return blob


def det_input(image: np.ndarray) -> np.ndarray:
    """BGR image -> detector blob (1, 3, H, W) at half resolution, zero-padded."""
    return det_blob(det_resize(image))


def _angle_patch(image: np.ndarray, center: tuple[float, float], size: float) -> np.ndarray:
    """The ``ANGLE_PATCH`` square BGR patch of a die's neighbourhood (0.7 x its size each way
    from its centre; the frame's edge replicated; a grey image's channel repeated)."""
    side = ANGLE_PATCH
    r = max(2, int(round(size * 0.7)))
    x, y = int(round(center[0])), int(round(center[1]))
    h, w = image.shape[:2]
    roi = image[max(0, y - r):y + r, max(0, x - r):x + r]
    if not roi.size:  # the centre lies off the frame
        return np.zeros((side, side, 3), np.uint8)
    if roi.ndim == 2:
        roi = cv2.cvtColor(roi, cv2.COLOR_GRAY2BGR)
    if roi.shape[0] < 2 * r or roi.shape[1] < 2 * r:  # at the frame's edge
        roi = cv2.copyMakeBorder(roi, max(0, r - y), max(0, y + r - h), max(0, r - x),
                                 max(0, x + r - w), cv2.BORDER_REPLICATE)
    flags = cv2.INTER_AREA if 2 * r > side else cv2.INTER_LINEAR
    return cv2.resize(roi, (side, side), interpolation=flags)


def _quarter_turns(xx: np.ndarray, yy: np.ndarray, xy: np.ndarray) -> np.ndarray:
    """The angle, in degrees (-45, 45], of (N, S, S) gradient products (gx^2, gy^2, gx gy,
    each summed over channels): every gradient's direction x 4, weighted by its strength
    and the round window (a square looks the same every 90 degrees), averaged."""
    r2 = np.maximum(xx + yy, 1e-12)
    c2, s2 = xx - yy, 2.0 * xy  # r2 x (cos 2t, sin 2t)
    w = _ANGLE_WINDOW_PADDED / r2
    re = ((c2 * c2 - s2 * s2) * w).sum(axis=(1, 2), dtype=np.float64)  # r2 x cos 4t
    im = ((2.0 * c2 * s2) * w).sum(axis=(1, 2), dtype=np.float64)  # r2 x sin 4t
    return np.asarray(np.degrees(np.arctan2(im, re)) / 4.0)


def die_angles(image: np.ndarray, dice: list[tuple[tuple[float, float], float]]) -> np.ndarray:
    """Each die's turn in the image (centre, size each), in degrees (-45, 45]: where its edges
    and pip rows point.

    Gradient directions of a small patch around the die (``_quarter_turns``), measured
    twice: on its grey levels, and on its colours (the colour structure tensor: every
    channel's gradients together). Under a lamp that gives a red die the brightness of
    its wooden floor, the grey patch shows little but the grain, which points elsewhere;
    the colours still show the die's edges. Where the two differ by more than
    ``COLOUR_TURN``, the colours' angle is taken, else the grey one, which the classifiers
    were trained on (``vision.training.examples`` turns its crops with this function). All
    the dice's patches are stacked (each with its own reflected border) and measured at once.
    """
    if not dice:
        return np.zeros(0, np.float64)
    side, n = ANGLE_PATCH + 2, len(dice)
    stack = np.concatenate([cv2.copyMakeBorder(_angle_patch(image, c, s), 1, 1, 1, 1,
                                               cv2.BORDER_REFLECT_101) for c, s in dice])
    gx = cv2.Sobel(stack, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(stack, cv2.CV_32F, 0, 1, ksize=3)

    def summed(a: np.ndarray, b: np.ndarray, weights: np.ndarray) -> np.ndarray:
        return cv2.transform(cv2.multiply(a, b), weights).reshape(n, side, side)

    colour = _quarter_turns(summed(gx, gx, _CHANNELS), summed(gy, gy, _CHANNELS),
                            summed(gx, gy, _CHANNELS))
    hx, hy = cv2.transform(gx, _GREY), cv2.transform(gy, _GREY)  # the grey patch's gradients
    grey = _quarter_turns((hx * hx).reshape(n, side, side), (hy * hy).reshape(n, side, side),
                          (hx * hy).reshape(n, side, side))
    differ = np.abs((colour - grey + 45.0) % 90.0 - 45.0) > COLOUR_TURN
    return np.asarray(np.where(differ, colour, grey))


def die_angle(image: np.ndarray, center: tuple[float, float], size: float) -> float:
    """One die's turn in the image, in degrees (-45, 45] (``die_angles``)."""
    return float(die_angles(image, [(center, size)])[0])


def turned(image: np.ndarray, dice: list[tuple[tuple[float, float], float]]) -> list[Place]:
    """(centre, size, angle) places for (centre, size) dice: each turned to its die's own
    axes (``die_angles``), as the classifier reads them."""
    return [(c, s, float(a)) for (c, s), a in zip(dice, die_angles(image, dice), strict=True)]


def crop_matrix(center: tuple[float, float], size: float, angle: float = 0.0,
                side: int | None = None) -> np.ndarray:
    """Affine map from the image to a ``side`` x ``side`` patch (default ``CROP``) around
    centre (side CROP_FACTOR*size in the image)."""
    side = side or CROP
    scale = side / max(size * CROP_FACTOR, 4.0)
    m = cv2.getRotationMatrix2D((float(center[0]), float(center[1])), angle, scale)
    m[0, 2] += side / 2 - center[0]
    m[1, 2] += side / 2 - center[1]
    return m


def crop_uint8(image: np.ndarray, center: tuple[float, float], size: float,
               angle: float = 0.0, side: int | None = None) -> np.ndarray:
    """The ``side`` x ``side`` (default ``CROP``) BGR patch around a die (CROP_FACTOR x its
    size in the image), rotated by angle."""
    side = side or CROP
    m = crop_matrix(center, size, angle, side)
    scale = side / max(size * CROP_FACTOR, 4.0)
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
            return cv2.warpAffine(small, m, (side, side), flags=cv2.INTER_LINEAR,
                                  borderMode=cv2.BORDER_REPLICATE)
    return cv2.warpAffine(image, m, (side, side), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)


def patch_input(patch: np.ndarray) -> np.ndarray:
    """A BGR CROP x CROP patch -> the normalized (3, CROP, CROP) classifier input."""
    return _normalize(patch).transpose(2, 0, 1)


def crop_patch(image: np.ndarray, center: tuple[float, float], size: float,
               angle: float = 0.0) -> np.ndarray:
    """The normalized (3, CROP, CROP) classifier input for one die."""
    return patch_input(crop_uint8(image, center, size, angle))


Place = tuple[tuple[float, float], float, float]  # centre, size, angle (degrees)


def crops_uint8(image: np.ndarray, places: list[Place], side: int | None = None) -> np.ndarray:
    """The (N, side, side, 3) BGR patches (default ``CROP``) for (centre, size, angle) places."""
    side = side or CROP
    if not places:
        return np.zeros((0, side, side, 3), np.uint8)
    return np.stack([crop_uint8(image, c, s, a, side) for c, s, a in places])


def patches_input(crops: np.ndarray) -> np.ndarray:
    """(N, S, S, 3) BGR patches -> classifier inputs (N, 3, S, S), each normalized."""
    if len(crops) == 0:
        side = crops.shape[1:3] if crops.ndim == 4 else (CROP, CROP)
        return np.zeros((0, 3, *side), np.float32)
    x = crops.astype(np.float32)
    flat = x.reshape(len(crops), -1)
    mean = flat.mean(axis=1)
    std = flat.std(axis=1) + 8.0
    x -= mean[:, None, None, None]
    x /= std[:, None, None, None]
    return np.ascontiguousarray(x.transpose(0, 3, 1, 2))


def crop_patches(image: np.ndarray, places: list[Place]) -> np.ndarray:
    """Classifier inputs (N, 3, CROP, CROP) for (centre, size, angle) places."""
    return patches_input(crops_uint8(image, places))


ENGINE = f"ONNX Runtime {ort.__version__}"  # what runs the networks, as ``bluffbox doctor`` says


class Network(Protocol):
    """A loaded network (``open_network``'s): its named outputs for named inputs."""

    def run(self, output_names: list[str] | None,
            input_feed: dict[str, np.ndarray]) -> list[np.ndarray]:
        """The outputs ``output_names`` (None: all) for ``input_feed``."""


def open_network(path: Path, threads: int = 1) -> Network:
    """The ONNX network at ``path``, run by ONNX Runtime's CPU engine on ``threads`` threads.

    ONNX Runtime runs the reader's networks in about 0.6 x ``cv2.dnn``'s time (its
    classifier) and 0.35 x (its detector), and reads a batch of crops as it reads each crop
    alone, bit for bit: a look reads alike whichever looks it is read with; and alike on
    any number of threads, so the box, on every core, reads as the one-thread benchmarks.
    """
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.log_severity_level = 3  # errors only: its notes on unused initializers are noise
    # Its threads wait asleep, not spinning, between runs: on a busy core (the camera, the
    # web page, another job) spinning threads took a crowded frame from 69 to 208 ms here.
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    session: Network = ort.InferenceSession(str(path), options,
                                            providers=["CPUExecutionProvider"])
    return session


@lru_cache(maxsize=2 * len(NETWORKS))
def _loaded(name: str, threads: int) -> Network:
    """The network file ``name`` on ``threads`` threads, loaded once: every network a frame
    uses stays loaded (with room for four, one look read the file again each frame)."""
    return open_network(MODELS / name, threads)


def _net(name: str) -> Network:
    """The reader's network file ``name``, on as many threads as OpenCV has
    (``cv2.setNumThreads``: one in the benchmarks, every core on the box)."""
    return _loaded(name, max(1, cv2.getNumThreads()))


def run_detector(image: np.ndarray, small: np.ndarray | None = None,
                 net: Network | None = None, norm: tuple[float, float] | None = None,
                 local: float | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Heat map (0..1) and die size (pixels), each (H/STRIDE, W/STRIDE) cropped to the image.

    ``small`` is the detector's input when the caller already has it (``det_resize(image)``,
    or ``image`` itself to look at twice the usual scale: then cells are STRIDE/2 image
    pixels and sizes come back in image pixels too). ``net``: another detector (training).
    ``norm``: as ``det_blob``'s; ``local``: normalize each pixel by its neighbourhood
    instead, within a Gaussian of that many pixels of ``small`` (``local_blob``).
    """
    if small is None:
        small = det_resize(image)
    if net is None:
        net = _net(DETECTOR)
    blob = det_blob(small, norm) if local is None else local_blob(small, local)
    out = net.run(None, {NETWORK_INPUT: blob})[0][0]
    f = image.shape[1] / small.shape[1]  # image pixels per detector-input pixel
    cell = STRIDE * DET_SCALE * f
    h = -(-image.shape[0] // round(cell))
    w = -(-image.shape[1] // round(cell))
    heat = 1.0 / (1.0 + np.exp(-out[0, :h, :w]))
    size = np.exp(out[1, :h, :w]) * (f * DET_SCALE)
    return heat, size


def run_classifier_raw(patches: np.ndarray, name: str = CLASSIFIER,
                       ) -> tuple[np.ndarray, np.ndarray]:
    """(N, 3, CROP, CROP) inputs -> logits (N, 7) (class 0 = not a die) and features (N, D),
    from the classifier ``name`` (``CLASSIFIER`` or one of ``OPINIONS``; ``CLOSE_LOOK``
    reads (N, 3, CLOSE_CROP, CLOSE_CROP)).

    A crop reads the same logits in any batch, bit for bit (``open_network``).
    """
    if not len(patches):
        return np.zeros((0, 7), np.float32), np.zeros((0, FEATURES), np.float32)
    x = np.ascontiguousarray(patches, dtype=np.float32)
    logits, feats = _net(name).run(list(CLASSIFIER_OUTPUTS), {NETWORK_INPUT: x})
    return logits.reshape(len(x), -1), feats.reshape(len(x), -1)


def softmax(logits: np.ndarray, temperature: float = 1.0) -> np.ndarray:
    """Row-wise softmax of logits / temperature."""
    z = logits / temperature
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def value_probability(probs: np.ndarray, value: np.ndarray | None = None) -> np.ndarray:
    """P(value | a die) of each row, (N,) from (N, 7) class probabilities: of the row's
    likeliest value, or of ``value`` (N,) in 1..6 when given.

    >>> p = np.array([[0.5, 0.1, 0.4, 0, 0, 0, 0]])
    >>> value_probability(p).round(2).tolist(), value_probability(p, np.array([1])).tolist()
    ([0.8], [0.2])
    """
    p = np.asarray(probs, np.float64)
    read = (p[:, 1:].max(axis=1) if value is None else
            p[np.arange(len(p)), np.asarray(value, np.int64)])
    return np.asarray(read / np.maximum(1.0 - p[:, 0], 1e-6))


def run_classifier(patches: np.ndarray) -> np.ndarray:
    """(N, 3, CROP, CROP) inputs -> (N, 7) calibrated class probabilities (0 = not a die)."""
    return softmax(run_classifier_raw(patches)[0], calibration().temperature)


def classifier_features(crops: np.ndarray) -> np.ndarray:
    """(N, CROP, CROP, 3) BGR die crops (as ``vision.reader.die_crops`` returns) -> (N, D)
    features: the classifier's penultimate layer, the same for every later read."""
    return run_classifier_raw(patches_input(crops))[1]


@dataclass(frozen=True)
class Calibration:
    """Held-out calibration of the classifier: logit temperature and the "sure" threshold."""

    temperature: float = 1.0
    sure: float = 0.45  # calibrated P(value | die) needed to count a die as read
    fitted_on: str = "default"
    sure_touching: float = 0.45  # ... a die pressed against another (``candidates.PRESSED``)
    sure_pressed_easy: float | None = None  # ... a pressed die in a frame whose free dice are
    # read surely (``candidates.easy_pressed``); None: as ``sure_touching``
    opencv: str | None = None  # the OpenCV version it was fitted with (crops differ a little
    # between versions, and the thresholds are fitted to the reads): None, unknown

    @property
    def pressed_easy(self) -> float:
        """The threshold of a pressed die in an easy frame: never stricter than a pressed
        die's anywhere.

        >>> Calibration(1.0, 0.6, "t", 0.93).pressed_easy, Calibration(1.0, 0.6, "t", 0.93, 0.8
        ...                                                             ).pressed_easy
        (0.93, 0.8)
        """
        easy = self.sure_touching if self.sure_pressed_easy is None else self.sure_pressed_easy
        return min(easy, self.sure_touching)


_override: list[Calibration] = []


def set_calibration(cal: Calibration | None) -> None:
    """Use ``cal`` instead of the committed calibration (None: back to the committed one)."""
    _override[:] = [] if cal is None else [cal]


def calibration() -> Calibration:
    """The calibration in use: ``set_calibration``'s, else the committed one."""
    return _override[0] if _override else _committed_calibration()


@lru_cache(maxsize=1)
def _committed_calibration() -> Calibration:
    """``vision/models/calibration.json``, else the defaults."""
    path = MODELS / "calibration.json"
    if not path.exists():
        return Calibration()
    d = json.loads(path.read_text())
    sure = float(d["sure"])
    touching = float(d.get("sure_touching", sure))
    return Calibration(float(d["temperature"]), sure, str(d.get("fitted_on", "")), touching,
                       float(d.get("sure_pressed_easy", touching)), d.get("opencv"))


def network_problems() -> list[str]:
    """What is wrong with the reader's network files (``NETWORKS`` in ``MODELS``): each one
    missing or unreadable; empty when all of them load."""
    problems = []
    for name in NETWORKS:
        path = MODELS / name
        if not path.is_file():
            problems.append(f"{name} is missing")
            continue
        try:
            open_network(path)
        except Exception:  # noqa: BLE001 (ONNX Runtime's errors derive from it alone)
            problems.append(f"{name} cannot be read")
    return problems


def load() -> None:
    """Load and warm up every network (so the first reading's time is only reading)."""
    run_detector(np.zeros((480, 640, 3), np.uint8))
    for name in (CLASSIFIER, *OPINIONS):
        run_classifier_raw(np.zeros((1, 3, CROP, CROP), np.float32), name)
    run_classifier_raw(np.zeros((1, 3, CLOSE_CROP, CLOSE_CROP), np.float32), CLOSE_LOOK)
