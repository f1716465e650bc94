"""The watcher waits for stillness, spots hands, and reads once per settled scene."""

from __future__ import annotations

import cv2
import numpy as np

from vision.synthetic import render_dice
from vision.types import Die, Reading
from vision.watcher import EMPTY, HAND, MOVING, SETTLED, Watcher


class CountingReader:
    def __init__(self, values: tuple[int, ...]) -> None:
        self.values = values
        self.calls = 0

    def __call__(self, frame: np.ndarray, expect: int | None = None) -> Reading:
        self.calls += 1
        return Reading(tuple(Die(v, (10.0, 10.0), (0, 0, 20, 20), 0.9) for v in self.values))


def _scene(shift: int = 0) -> np.ndarray:
    img = render_dice([2, 5], 7, size=(320, 240), style="white")
    return np.roll(img, shift, axis=1)


def test_settles_after_still_frames_and_reads_once() -> None:
    reader = CountingReader((2, 5))
    w = Watcher(reader, still_frames=3)
    states = [w.feed(_scene(s)).state for s in (0, 6, 12, 18)]
    assert states == [MOVING] * 4
    states = [w.feed(_scene(18)).state for _ in range(4)]
    assert states == [MOVING, MOVING, SETTLED, SETTLED]
    assert reader.calls == 1
    assert w.feed(_scene(18)).reading.values == (2, 5)


def test_timestamps_instead_of_frame_counts() -> None:
    w = Watcher(CountingReader((3,)), still_seconds=0.5)
    assert w.feed(_scene(), t=0.0).state == MOVING
    assert w.feed(_scene(), t=0.2).state == MOVING
    assert w.feed(_scene(), t=0.4).state == MOVING
    assert w.feed(_scene(), t=0.75).state == SETTLED


def test_hand_in_view() -> None:
    w = Watcher(CountingReader((2, 5)), still_frames=2)
    base = _scene()
    w.feed(base)
    hand = base.copy()
    cv2.ellipse(hand, (0, 120), (140, 60), 0, 0, 360, (120, 150, 210), -1)  # skin, from the edge
    assert w.feed(hand).state == HAND
    assert w.feed(base).state == HAND  # the hand leaves: a big change again


def test_empty_table() -> None:
    w = Watcher(CountingReader(()), still_frames=2)
    frame = render_dice([], 1, size=(320, 240))
    assert [w.feed(frame).state for _ in range(4)][-1] == EMPTY
