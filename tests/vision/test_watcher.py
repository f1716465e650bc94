"""The watcher waits for stillness, spots hands, and reads once per settled scene."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.bench_latency import rock_die, trial_frames
from vision.reference import EmptyTray
from vision.synthetic import render_dice, render_dice_scene
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


SKIN = (120, 150, 210)  # BGR of a light hand
CUP = (40, 35, 30)  # a dark dice cup


def _arm(img: np.ndarray, side: str = "left", reach: float = 0.45,
         colour: tuple[int, int, int] = SKIN, cup: bool = False) -> np.ndarray:
    """A copy of ``img`` with an arm (optionally holding the cup) coming in from one edge."""
    out = img.copy()
    h, w = out.shape[:2]
    start, angle, length, width = {
        "left": ((0, h // 2), 0, w, h), "right": ((w - 1, h // 2), 180, w, h),
        "top": ((w // 2, 0), 90, h, w), "bottom": ((w // 2, h - 1), 270, h, w)}[side]
    axes = (int(length * reach), width // 7)
    cv2.ellipse(out, start, axes, angle, 0, 360, colour, -1)
    if cup:
        rad = np.deg2rad(angle)
        tip = (int(start[0] + np.cos(rad) * axes[0]), int(start[1] + np.sin(rad) * axes[0]))
        cv2.circle(out, tip, width // 6, CUP, -1)
    return out


def _wood(size: tuple[int, int] = (320, 240)) -> np.ndarray:
    """A light wooden table whose colour (and grain) is inside the skin-colour range."""
    w, h = size
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    grain = 8 * np.sin(xx / 9 + 3 * np.sin(yy / 40))
    img = np.array([150, 175, 215], np.float32)[None, None, :] + grain[..., None]
    img = np.clip(img, 0, 255).astype(np.uint8)
    for x, y in ((150, 110), (200, 150)):  # two white dice with black pips
        cv2.rectangle(img, (x - 14, y - 14), (x + 14, y + 14), (235, 235, 235), -1)
        cv2.circle(img, (x, y), 3, (20, 20, 20), -1)
    return img


def _states(w: Watcher, frames: list[np.ndarray]) -> list[str]:
    return [w.feed(f).state for f in frames]


@pytest.mark.parametrize("side", ["left", "right", "top", "bottom"])
def test_hand_held_still_stays_hand_until_it_leaves(side: str) -> None:
    reader = CountingReader((2, 5))
    w = Watcher(reader, still_frames=3)
    base = _scene()
    assert _states(w, [base] * 4)[-1] == SETTLED
    hand = _arm(base, side)
    assert _states(w, [_arm(base, side, 0.25), hand])[0] == HAND
    held = _states(w, [hand] * 12)  # held still: never settled, never read with the hand in view
    assert SETTLED not in held and held[-8:] == [HAND] * 8
    assert reader.calls == 1
    states = _states(w, [base] * 5)  # the hand leaves: the dice are read again
    assert states[0] == HAND and states[-1] == SETTLED
    assert reader.calls == 2


def test_hand_holding_the_cup_held_still_stays_hand() -> None:
    w = Watcher(CountingReader((2, 5)), still_frames=3)
    base = _scene()
    _states(w, [base] * 4)
    held = _arm(base, "right", cup=True)
    states = _states(w, [_arm(base, "right", 0.3, cup=True)] + [held] * 10)
    assert SETTLED not in states and states[-6:] == [HAND] * 6


def test_hand_held_still_with_timestamps() -> None:
    w = Watcher(CountingReader((2, 5)), still_seconds=0.5)
    base, hand = _scene(), _arm(_scene())
    assert [w.feed(base, t=i * 0.1).state for i in range(8)][-1] == SETTLED
    assert [w.feed(hand, t=1.0 + i * 0.1).state for i in range(20)] == [HAND] * 20


def test_dice_read_after_the_cup_is_lifted_and_the_hand_gone() -> None:
    reader = CountingReader((2, 5))
    w = Watcher(reader, still_frames=3)
    covered = _scene()
    cv2.circle(covered, (300, 120), 60, CUP, -1)  # the cup, touching the right edge
    assert _states(w, [covered] * 4)[-1] == SETTLED
    dice = _scene(12)  # the cup lifted, the dice rolled a little
    lifting = _arm(covered, "right", cup=True)
    states = _states(w, [lifting, _arm(dice, "right", cup=True), dice] + [dice] * 4)
    assert HAND in states[:2] and states[-1] == SETTLED
    assert w.feed(dice).reading.values == (2, 5)


def test_cup_put_down_at_the_edge_is_not_a_hand() -> None:
    w = Watcher(CountingReader((2, 5)), still_frames=3)
    base = _scene()
    _states(w, [base] * 4)
    left = base.copy()
    cv2.circle(left, (300, 120), 60, CUP, -1)
    assert _states(w, [_arm(left, "right", cup=True)] + [left] * 4)[-1] == SETTLED


def test_skin_coloured_wooden_table_is_not_a_hand() -> None:
    table = _wood()
    assert (cv2.inRange(cv2.cvtColor(table, cv2.COLOR_BGR2YCrCb), (40, 138, 77),
                        (250, 175, 127)) > 0).mean() > 0.9  # the table itself looks like skin
    w = Watcher(CountingReader((1, 1)), still_frames=3)
    states = _states(w, [table] * 6)
    assert HAND not in states and states[-1] == SETTLED
    covered = table.copy()
    cv2.circle(covered, (300, 120), 70, CUP, -1)  # the cup at the edge, then lifted
    states = _states(w, [covered] * 4 + [_arm(covered, "right", cup=True)] + [table] * 5)
    assert states[-1] == SETTLED
    states = _states(w, [_arm(table, "left", colour=(60, 85, 135))] + [table] * 5)
    assert states[-1] == SETTLED  # a hand that came and went
    shaded = table.copy()
    shaded[:, :130] = (shaded[:, :130] * 0.8).astype(np.uint8)  # a player's shadow stays
    states = _states(w, [_arm(table, "left")] + [shaded] * 5)
    assert states[-1] == SETTLED


# A few real photos (white dice on a light wooden table; dice in a grey tray).
PHOTO_CASES = [("table-white", "dice_1.jpg"), ("table-white", "five_32.jpg"),
               ("table-white", "six_56.jpg"), ("tray-colored", "IMG_20191208_112951.jpg"),
               ("tray-colored", "IMG_20191209_095800.jpg")]


@pytest.mark.parametrize(("folder", "name"), PHOTO_CASES)
def test_real_photos_still_settle_and_a_held_hand_is_seen(photos: Path, folder: str,
                                                            name: str) -> None:
    img = cv2.imread(str(photos / folder / name))
    assert img is not None, name
    w = Watcher(CountingReader((1,)), still_frames=3)
    states = _states(w, [img] * 8)
    assert HAND not in states and states[-1] == SETTLED, states
    states = _states(w, [_arm(img, "left", 0.25), _arm(img)] + [_arm(img)] * 8)
    assert SETTLED not in states and states[-6:] == [HAND] * 6, states
    assert _states(w, [img] * 5)[-1] == SETTLED


def test_warmer_light_after_a_hand_is_not_a_hand() -> None:
    w = Watcher(CountingReader((2, 5)), still_frames=3)
    base = _scene()
    cv2.line(base, (0, 200), (320, 230), (25, 25, 25), 12)  # a dark cable: its colour stays
    _states(w, [base] * 4)
    warm = np.clip(base * np.array([1.0, 1.12, 1.35]), 0, 255).astype(np.uint8)  # a lamp on
    assert _states(w, [_arm(base)] + [warm] * 5)[-1] == SETTLED


def _one_die() -> tuple[np.ndarray, tuple[float, float], float]:
    img, drawn = render_dice_scene([5], 3, size=(640, 480), style="white", side=30)
    return img, drawn[0].center, 30.0


def test_settles_two_frames_after_the_dice_stop() -> None:
    """At 30 fps the stillness test ends 67 ms after the dice come to rest, not 0.4 s."""
    reader = CountingReader((5,))
    w = Watcher(reader)
    img, c, s = _one_die()
    moving = [rock_die(img, c, s, a) for a in (40, 25, 12)]
    states = [w.feed(f, t=i / 30).state for i, f in enumerate(moving + [img] * 3)]
    assert states == [MOVING] * 4 + [MOVING, SETTLED], states
    assert reader.calls == 1


def test_a_die_still_rocking_is_not_settled() -> None:
    """A die tilting back and forth by 2-3 degrees keeps the scene moving (each frame would
    pass the coarse test alone); once it stops it settles."""
    reader = CountingReader((5,))
    w = Watcher(reader)
    img, c, s = _one_die()
    rocking = [rock_die(img, c, s, a) for a in (3, -3, 2, -2, 3, -3, 2, -2, 2, -2)]
    assert max(_changes(w, rocking)) <= 0.002  # below the coarse stillness threshold
    w.reset()
    states = [w.feed(f).state for f in rocking]
    assert SETTLED not in states and reader.calls == 0
    assert [w.feed(img).state for _ in range(3)][-1] == SETTLED


def test_a_die_creeping_slowly_is_not_settled() -> None:
    """A die turning 2 degrees a frame: each frame agrees with the one before within noise,
    but not with the first frame of the spell, so it is not read until it stops."""
    w = Watcher(CountingReader((5,)))
    img, c, s = _one_die()
    creep = [rock_die(img, c, s, 2.0 * k) for k in range(12)]
    assert SETTLED not in [w.feed(f).state for f in creep]
    assert [w.feed(creep[-1]).state for _ in range(2)][-1] == SETTLED


def test_empty_tray_reference_is_refreshed_when_seen_empty() -> None:
    first = render_dice([], 1, size=(320, 240))
    later = np.clip(first.astype(np.int16) + 30, 0, 255).astype(np.uint8)  # other light
    ref = EmptyTray(first)
    w = Watcher(CountingReader(()), reference=ref)
    assert [w.feed(later).state for _ in range(3)][-1] == EMPTY
    assert ref.changed(later) is not None and not ref.changed(later).any()


def _changes(w: Watcher, frames: list[np.ndarray]) -> list[float]:
    return [w.feed(f).changed for f in frames][1:]


def test_latency_trial_settles_soon_after_rest() -> None:
    """The benchmark's simulated roll: moving until the dice rest, settled within 3 frames."""
    frames, rest = trial_frames(0)
    w = Watcher(CountingReader((1, 2)))
    states = [w.feed(f).state for f in frames]
    assert SETTLED not in states[:rest - 1] and SETTLED in states[rest:rest + 3], states
