"""Two dice the first look merges into one peak are found by a closer look (vision.merged_dice)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import merged_dice as D
from vision import model as M
from vision import reader as R
from vision.dataset import load_folder, read_photo
from vision.images import Pyramid
from vision.locate import locate
from vision.synthetic import render_dice_scene


def _ridge() -> np.ndarray:
    """A first-look heat map (8 px cells) with one peak at (100, 100) and a shoulder
    running down-right from it towards (124, 124): a die pressed corner to corner."""
    heat = np.zeros((40, 40), np.float32)
    heat[12, 12], heat[13, 13], heat[14, 14], heat[15, 15] = 0.9, 0.6, 0.45, 0.3
    return heat


def test_shoulders_are_warm_cells_far_from_every_peak() -> None:
    peaks = [((100.0, 100.0), 30.0, 0.9)]
    cells = D.shoulders(_ridge(), 8.0, peaks)
    assert [(x, y) for x, y, _ in cells] == [(116.0, 116.0), (124.0, 124.0)]
    assert all(s == 30.0 for _, _, s in cells)
    # a die's own heat, and a lone peak's, is no shoulder
    assert D.shoulders(_ridge(), 8.0, [((100.0, 100.0), 60.0, 0.9)]) == []
    assert D.shoulders(_ridge(), 8.0, []) == []


def test_windows_stay_in_the_image_and_join_when_they_overlap() -> None:
    assert D.windows([(5.0, 5.0, 20.0)], 100, 80) == [(0, 0, 35, 35)]
    assert D.windows([(90.0, 70.0, 20.0)], 100, 80) == [(60, 40, 100, 80)]
    assert len(D.windows([(20.0, 20.0, 10.0), (30.0, 20.0, 10.0), (90.0, 20.0, 10.0)],
                         200, 100)) == 2


def test_only_die_sized_peaks_on_a_shoulder_far_from_the_others_are_added() -> None:
    first = [((100.0, 100.0), 30.0, 0.9)]
    cells = [(124.0, 124.0, 30.0)]
    die = ((122.0, 122.0), 27.0, 0.5)
    assert D.beside([die], cells, first) == [die]
    assert D.beside([((122.0, 122.0), 15.0, 0.5)], cells, first) == []  # a pip
    assert D.beside([((106.0, 106.0), 30.0, 0.5)], cells, first) == []  # the same die
    assert D.beside([((160.0, 90.0), 30.0, 0.5)], cells, first) == []  # off the shoulder
    twice = [die, ((126.0, 124.0), 28.0, 0.4)]  # one die seen twice is added once
    assert D.beside(twice, cells, first) == [die]


Detector = Callable[..., tuple[np.ndarray, np.ndarray]]


def _fake_detector(calls: list[tuple[tuple[int, ...], object]]) -> Detector:
    """The first look returns ``_ridge``; a closer look (4 px cells) returns the image's
    brightness per cell, so a bright spot drawn on the image is a peak there."""
    def run(image: np.ndarray, small: np.ndarray | None = None, net: object = None,
            norm: tuple[float, float] | None = None, local: float | None = None,
            ) -> tuple[np.ndarray, np.ndarray]:
        calls.append((image.shape[:2], norm))
        if small is not None and small.shape[1] < image.shape[1]:
            return _ridge(), np.full((40, 40), 30.0, np.float32)
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32) / 255.0
        heat = cv2.resize(grey, (image.shape[1] // 4, image.shape[0] // 4),
                          interpolation=cv2.INTER_AREA)
        return heat, np.full(heat.shape, 28.0, np.float32)
    return run


def test_locate_looks_closer_only_at_a_window_around_the_shoulder(
        monkeypatch: pytest.MonkeyPatch) -> None:
    yy, xx = np.mgrid[0:320, 0:320]
    spot = 40 + 215 * np.exp(-((xx - 122) ** 2 + (yy - 122) ** 2) / (2 * 8.0 ** 2))
    work = np.repeat(spot[:, :, None], 3, axis=2).astype(np.uint8)  # the die the first
    # look merged with its neighbour, a bright spot to the fake closer look
    calls: list[tuple[tuple[int, ...], object]] = []
    monkeypatch.setattr(M, "run_detector", _fake_detector(calls))
    peaks = locate(Pyramid(work))
    assert len(peaks) == 2
    (x, y), size, _ = next(p for p in peaks if p[0] != (100.0, 100.0))
    assert abs(x - 122) <= 4 and abs(y - 122) <= 4 and size == 28.0
    (first_shape, _), (window_shape, norm) = calls
    assert first_shape == (320, 320)
    assert window_shape[0] < 320 and window_shape[1] < 320
    assert norm == M.frame_norm(work)  # normalized as the whole frame, not by itself


def test_no_closer_look_without_a_shoulder(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[tuple[int, ...], object]] = []
    fake = _fake_detector(calls)

    def lone(image: np.ndarray, small: np.ndarray | None = None, net: object = None,
             norm: tuple[float, float] | None = None, local: float | None = None,
             ) -> tuple[np.ndarray, np.ndarray]:
        heat, size = fake(image, small, net, norm, local)
        heat = heat.copy()
        heat[13:, 13:] = 0.0
        return heat, size
    monkeypatch.setattr(M, "run_detector", lone)
    assert len(locate(Pyramid(np.full((320, 320, 3), 40, np.uint8)))) == 1
    assert len(calls) == 1


def test_a_window_on_the_image_grid_sees_what_the_whole_image_shows() -> None:
    """The closer look at a window matches the closer look at the whole working image
    there, away from the window's edges: windows start on the grid and are normalized as
    the frame is."""
    img, _ = render_dice_scene([5, 2, 6], 3, size=(320, 256), style="white", side=28)
    whole, _ = M.run_detector(img, img)
    for y0, x0 in ((64, 48), (48, 64)):
        part = img[y0:y0 + 160, x0:x0 + 160]
        seen, _ = M.run_detector(part, part, norm=M.frame_norm(img))
        there = whole[y0 // 4:(y0 + 160) // 4, x0 // 4:(x0 + 160) // 4]
        assert np.abs(seen - there)[8:-8, 8:-8].max() < 0.05


def test_a_white_five_pressed_against_a_dark_die_is_read(photos: Path) -> None:
    """tray-colored IMG_20191208_112426: a white five touches a dark one corner to corner;
    the first look gave the pair one peak and the five was never read."""
    photo = next(p for p in load_folder(photos / "tray-colored")
                 if p.path.stem == "IMG_20191208_112426")
    five = next(d for d in photo.dice if d.value == 5 and abs(d.center[0] - 324) < 10)
    dice = R.read_dice(read_photo(photo.path)).dice
    assert any(d.value == 5 and np.hypot(d.center[0] - five.center[0],
                                         d.center[1] - five.center[1]) < 12 for d in dice)
