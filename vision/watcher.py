"""Watch camera frames; hand out a reading only once the dice have been still a moment.

``Watcher.feed(frame, t=None)`` returns a ``Status``: "moving", "hand in view", "empty"
or "settled" (with the Reading). The scene is still as soon as ``still_frames`` frames in a
row agree with the one before within noise, and with the first of them (so a die rocking,
or creeping, keeps it moving); they are compared at ``FINE_WIDTH``, where a die tilting a
few degrees shows. Optionally (``still_seconds`` with timestamps ``t``; no wall clock, no
sleeps) the stillness must also have lasted that long. A still scene is first compared with
the last settled one: a hand that came in and is held still at the edge stays "hand in
view" (and is not read) until it leaves. Given an ``EmptyTray``, the watcher refreshes it
whenever it sees the tray empty.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import cv2
import numpy as np

from vision.reference import EmptyTray
from vision.types import Reading

MOVING = "moving"
HAND = "hand in view"
EMPTY = "empty"
SETTLED = "settled"

WIDTH = 160  # frames are compared at this width
DIFF = 18  # change in any colour channel that counts as a changed pixel
STILL_FRACTION = 0.002  # at most this share of pixels may change in a quiet frame
FINE_WIDTH = 320  # quiet frames are compared again at this width ...
FINE_DIFF = 12  # ... where a change this large in any colour channel ...
NOISE_PIXELS = 6  # ... of more than this many pixels is motion, not noise
HAND_FRACTION = 0.12  # a change this large is a hand (or an arm, or the cup)
BLOB_FRACTION = 0.03  # a skin-coloured changed blob this large, touching the edge, is a hand
HELD_SKIN = 0.25  # share of newly skin-coloured pixels that makes a still edge blob a held hand
HELD_MAX = 0.5  # a still change over this share of the frame is the light or camera, not a hand
SKIN_YCRCB = (np.array([40, 138, 77]), np.array([250, 175, 127]))  # skin: YCrCb bounds


@dataclass(frozen=True)
class Status:
    """What the watcher makes of the latest frame."""

    state: str
    reading: Reading | None = None
    changed: float = 0.0  # share of pixels that changed since the previous frame

    @property
    def settled(self) -> bool:
        return self.state == SETTLED


def _small(frame: np.ndarray, width: int = WIDTH) -> np.ndarray:
    f = width / frame.shape[1]
    small = cv2.resize(frame, (width, max(1, round(frame.shape[0] * f))),
                       interpolation=cv2.INTER_AREA)
    if small.ndim == 2:
        small = cv2.cvtColor(small, cv2.COLOR_GRAY2BGR)
    return cv2.GaussianBlur(small, (5, 5), 0)


def agree(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two fine views of a frame differ only by noise."""
    return int(np.count_nonzero(cv2.absdiff(a, b).max(axis=2) > FINE_DIFF)) <= NOISE_PIXELS


def _skin(small: np.ndarray) -> np.ndarray:
    ycrcb = cv2.cvtColor(small, cv2.COLOR_BGR2YCrCb)
    return cv2.inRange(ycrcb, *SKIN_YCRCB) > 0


def _edge_blobs(changed: np.ndarray) -> Iterator[np.ndarray]:
    """Masks of the changed blobs of at least BLOB_FRACTION of the frame that touch its edge."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(changed.astype(np.uint8),
                                                           connectivity=8)
    h, w = changed.shape
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        if area >= BLOB_FRACTION * h * w and (x == 0 or y == 0 or x + bw >= w or y + bh >= h):
            yield labels == i


def _hand_blob(changed: np.ndarray, small: np.ndarray, before: np.ndarray) -> bool:
    """A large changed blob that touches the frame edge and is mostly skin-coloured (now or
    in the frame before, for a hand leaving)."""
    skin = _skin(small) | _skin(before)
    return any(skin[blob].mean() > 0.5 for blob in _edge_blobs(changed))


def _hand_held(small: np.ndarray, ref: np.ndarray) -> bool:
    """Whether a still frame shows a hand that the reference (last settled scene) did not:
    a large blob changed since ``ref``, touching the edge, partly newly skin-coloured (so not
    a skin-like table, which was skin-coloured before too), that skin unlike the unchanged
    pixels around the blob (so not a patch of table revealed where the cup stood)."""
    changed = cv2.absdiff(small, ref).max(axis=2) > DIFF
    if changed.mean() > HELD_MAX:
        return False
    new_skin = _skin(small) & ~_skin(ref)
    for blob in _edge_blobs(changed):
        skin = blob & new_skin
        if skin.sum() < HELD_SKIN * blob.sum():
            continue
        ring = cv2.dilate(blob.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
        ring &= ~changed
        if ring.any() and np.abs(small[skin].mean(0) - small[ring].mean(0)).max() > DIFF:
            return True
    return False


class Watcher:
    """Feed frames one by one; get "moving", "hand in view", "empty" or a settled reading."""

    def __init__(self, reader: Callable[..., Reading] | None = None, expect: int | None = None,
                 still_frames: int = 2, still_seconds: float | None = None,
                 reference: EmptyTray | None = None) -> None:
        if reader is None:
            from vision.reader import read_dice

            reader = read_dice
        self.reader = reader
        self.expect = expect
        self.still_frames = still_frames
        self.still_seconds = still_seconds
        self.reference = reference
        self._prev: np.ndarray | None = None
        self._fine: np.ndarray | None = None  # the previous frame, fine
        self._anchor: np.ndarray | None = None  # the first frame of this still spell, fine
        self._ref: np.ndarray | None = None  # the last settled scene (or the first frame)
        self._held: bool | None = None  # a hand held still, once checked in this still spell
        self._still_count = 0
        self._still_since: float | None = None
        self._reading: Reading | None = None
        self._last_state = MOVING

    def reset(self) -> None:
        """Forget everything (e.g. a new round)."""
        self._prev = self._ref = self._held = None
        self._fine = self._anchor = None
        self._still_count = 0
        self._still_since = None
        self._reading = None

    def feed(self, frame: np.ndarray, t: float | None = None) -> Status:
        """Take the next frame (timestamp ``t`` in seconds, optional) and say what is going on."""
        fine = _small(frame, FINE_WIDTH)
        small = _small(fine)
        before, self._prev = self._prev, small
        fine_before, self._fine = self._fine, fine
        if before is None or before.shape != small.shape:
            self._still_count, self._still_since, self._reading = 0, t, None
            self._ref, self._held, self._anchor = small, None, fine
            return self._status(MOVING, 1.0)
        changed = cv2.absdiff(small, before).max(axis=2) > DIFF  # any colour channel
        frac = float(changed.mean())
        quiet = frac <= STILL_FRACTION
        if quiet and fine_before is not None and self._anchor is not None:
            quiet = agree(fine, fine_before) and agree(fine, self._anchor)
        if not quiet:
            self._still_count, self._still_since, self._reading = 0, t, None
            self._held, self._anchor = None, fine
            hand = frac > HAND_FRACTION or _hand_blob(changed, small, before)
            return self._status(HAND if hand else MOVING, frac)
        self._still_count += 1
        if self._still_since is None:
            self._still_since = t
        still = self._still_count >= self.still_frames
        if self.still_seconds is not None and t is not None and self._still_since is not None:
            still = still and t - self._still_since >= self.still_seconds
        if not still:
            # a hand that has just stopped is still a hand until the scene settles
            return self._status(self._last_state if self._last_state == HAND else MOVING, frac)
        if self._held is None:
            self._held = self._ref is not None and _hand_held(small, self._ref)
        if self._held:
            return self._status(HAND, frac)
        self._ref = small
        if self._reading is None:
            self._reading = self.reader(frame, expect=self.expect)
        if not self._reading.dice and not self._reading.uncertain:
            if self.reference is not None:
                self.reference.update(frame)
            return self._status(EMPTY, frac, self._reading)
        return self._status(SETTLED, frac, self._reading)

    def _status(self, state: str, frac: float, reading: Reading | None = None) -> Status:
        self._last_state = state
        return Status(state, reading, frac)
