"""Symbol (bone) dice on renders: teach a profile on a few pictures a face, then read rolls.

Each style is one box: teaching shows each face ``per_face`` times (two dice showing it)
on one tray (plain or busy); the rolls are two dice of random faces at other places, on
another floor (busy or plain) under other light (a level and a slope across the tray), read
with the profile and that tray's empty-tray reference. A die counts
as right, unsure (an uncertain region, or not counted), or wrong (a sure wrong face). The
cross rows teach one style and read another: every die should be refused, none named.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from vision.profile import Profile, Shot, TaughtDie
from vision.reader import read_dice
from vision.reference import EmptyTray
from vision.synthetic import _background
from vision.synthetic_symbols import BONE_FACES, DrawnFace, busy_background, render_bone_scene

SIZE = (640, 480)
#: The cross rows: a profile of one set reading dice of a different-looking set.
CROSS = (("ivory", "red-white"), ("black-gold", "painted"), ("blue-silver", "old-bone"))


@dataclass
class SymbolResult:
    name: str
    dice: int = 0
    right: int = 0
    unsure: int = 0
    wrong: int = 0
    false: int = 0
    median_ms: float = 0.0

    def line(self) -> str:
        n = max(self.dice, 1)
        return (f"{self.name:26s} {self.dice:4d} dice | right {100 * self.right / n:6.2f}% | "
                f"unsure {100 * self.unsure / n:5.2f}% | wrong {100 * self.wrong / n:5.2f}% "
                f"({self.wrong}) | false {self.false} | median {self.median_ms:.0f} ms")


def _light(rng: np.random.Generator) -> np.ndarray:
    """Per-pixel light of a reading session: a level and a slope in a random direction."""
    w, h = SIZE
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * np.pi)
    ramp = (np.cos(a) * (xx / w - 0.5) + np.sin(a) * (yy / h - 0.5)) * rng.uniform(0.2, 0.4)
    return (rng.uniform(0.8, 1.15) * (1.0 + ramp))[..., None]


def _lit(img: np.ndarray, light: np.ndarray) -> np.ndarray:
    return np.clip(img.astype(np.float32) * light, 0, 255).astype(np.uint8)


def _tray(style_index: int, rng: np.random.Generator) -> np.ndarray:
    return (busy_background(SIZE, rng) if style_index % 2 else _background(SIZE, rng))


def teach_style(style: str, tray: np.ndarray, rng: np.random.Generator, per_face: int = 5,
                faces: Sequence[str] = BONE_FACES) -> Profile:
    """A profile taught on ``per_face`` pictures of each face (two dice showing it)."""
    shots = []
    for face in faces:
        for _ in range(per_face):
            img, drawn = render_bone_scene([face, face], rng, SIZE, style, background=tray)
            shots.append(Shot(img, tuple(TaughtDie(d.face, d.center, d.side) for d in drawn)))
    return Profile.teach(shots, reference=EmptyTray(render_bone_scene([], rng, SIZE, style,
                                                                      background=tray)[0]))


def score_roll(reading_dice: Sequence[tuple[object, tuple[float, float]]],
               drawn: Sequence[DrawnFace], result: SymbolResult) -> None:
    """Add one roll to ``result``: each drawn die matched to a sure read die on it."""
    used: set[int] = set()
    for d in drawn:
        result.dice += 1
        hit = next((i for i, (_, c) in enumerate(reading_dice) if i not in used
                    and abs(c[0] - d.center[0]) < d.side / 2
                    and abs(c[1] - d.center[1]) < d.side / 2), None)
        if hit is None:
            result.unsure += 1
            continue
        used.add(hit)
        if reading_dice[hit][0] == d.face:
            result.right += 1
        else:
            result.wrong += 1
    result.false += len(reading_dice) - len(used)


def bench_style(taught: str, read: str, index: int, rolls: int, seed: int = 0,
                per_face: int = 5) -> SymbolResult:
    """Teach on style ``taught`` on one tray, read ``rolls`` rolls of style ``read`` on
    another floor under other light."""
    rng = np.random.default_rng([seed, index])
    profile = teach_style(taught, _tray(index, rng), rng, per_face)
    tray, light = _tray(index + 1, rng), _light(rng)
    reference = EmptyTray(_lit(render_bone_scene([], rng, SIZE, read, background=tray)[0],
                               light))
    name = taught if taught == read else f"{taught} -> {read}"
    floors = ("plain", "busy")
    result = SymbolResult(f"{name} ({floors[index % 2]}->{floors[(index + 1) % 2]})")
    times = []
    for _ in range(rolls):
        faces = [str(f) for f in rng.choice(BONE_FACES, 2)]
        img, drawn = render_bone_scene(faces, rng, SIZE, read, background=tray)
        img = _lit(img, light)
        reading = read_dice(img, expect=2, profile=profile, reference=reference)
        times.append(reading.ms)
        score_roll([(d.value, d.center) for d in reading.dice], drawn, result)
    result.median_ms = float(np.median(times)) if times else 0.0
    return result
