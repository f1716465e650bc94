"""The training samples: the labelled photos and the synthetic renders (their dice's centres,
sizes and values), as :class:`Sample`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from vision.dataset import load_folder, read_photo
from vision.synthetic import DrawnDie, render_dice_scene
from vision.varied_scenes import VariedDie, render_varied_scene

FOLDERS = ("table-white", "tray-colored", "felt-trays")
LOOSE = {"felt-trays": 0.85}  # boxes drawn loosely around the die: size = box x this
UPRIGHT = "upright"  # the kind of the renders seen by an upright camera at a slant (--upright)


class Sample:
    """An image with die centres, label sizes (nan when unreliable) and values; a render's
    side faces in view (``sides``: centre x, y and its die's size, one row each)."""

    def __init__(self, image: np.ndarray, centers: np.ndarray, sizes: np.ndarray,
                 values: np.ndarray, kind: str, sides: np.ndarray | None = None) -> None:
        self.image, self.centers, self.sizes, self.values, self.kind = (
            image, centers, sizes, values, kind)
        self.sides = np.zeros((0, 3), np.float32) if sides is None else sides


def load_samples(root: Path, split: str | None) -> list[Sample]:
    out = []
    for folder in FOLDERS:
        for photo in load_folder(root / folder, split):
            img = read_photo(photo.path)
            c = np.array([d.center for d in photo.dice], np.float32).reshape(-1, 2)
            s = []
            for d in photo.dice:
                w, h = d.box[2] - d.box[0], d.box[3] - d.box[1]
                unreliable = folder == "table-white" and isinstance(d.value, int) and d.value <= 3
                s.append(np.nan if unreliable else max(w, h) * LOOSE.get(folder, 1.0))
            v = np.array([d.value for d in photo.dice], np.int64)
            out.append(Sample(img, c, np.array(s, np.float32), v, folder))
    return out


def rendered(img: np.ndarray, dice: Sequence[VariedDie] | Sequence[DrawnDie], kind: str,
             ) -> Sample:
    """A render and its dice as a training sample: their centres, sizes (the longer side of
    each box), values and side faces in view (``VariedDie.sides``; the simulator's flat
    dice have none)."""
    c = np.array([d.center for d in dice], np.float32).reshape(-1, 2)
    s = np.array([max(d.box[2] - d.box[0], d.box[3] - d.box[1]) for d in dice], np.float32)
    sides = np.array([(x, y, size) for d, size in zip(dice, s.tolist(), strict=True)
                      if isinstance(d, VariedDie) for x, y, _ in d.sides],
                     np.float32).reshape(-1, 3)
    return Sample(img, c, s, np.array([d.value for d in dice]), kind, sides)


def upright_samples(n: int, rng: np.random.Generator) -> list[Sample]:
    """``n`` varied scenes seen by an upright camera at a steep slant (``render_varied_scene``
    with ``upright``): their side faces lie below the top face, and their classifier crops
    keep the camera's "up" (``cls_example``: no quarter turns), so the classifier can learn
    which face is the top."""
    out = []
    for _ in range(n):
        img, varied = render_varied_scene(rng, pressed=False, upright=True)
        out.append(rendered(img, varied, UPRIGHT))
    return out


def synthetic_samples(n: int, rng: np.random.Generator, camouflage: float = 0.0,
                      veins: float = 0.0) -> list[Sample]:
    """A quarter plain top-down renders (the simulator's look), the rest varied scenes, of
    which a ``camouflage`` share have dice the colour of their floor and a ``veins`` share
    more marbled and translucent dice, with sharp veins and far-face pips (none of either:
    the renders of the recipes before them, from the same seed)."""
    out = []
    for _ in range(n - n // 4):
        camo = camouflage > 0 and bool(rng.random() < camouflage)
        img, varied = render_varied_scene(
            rng, camouflage=camo, veins=veins > 0 and bool(rng.random() < veins))
        out.append(rendered(img, varied, "synthetic"))
    for _ in range(n // 4):
        k = int(rng.integers(1, 31)) if rng.random() < 0.5 else int(rng.integers(1, 7))
        values = rng.integers(1, 7, k)
        size = (640, 480) if rng.random() < 0.5 else (640, 640)
        side = float(rng.uniform(18, 60))
        style = str(rng.choice(["white", "dark", "mixed", "colored"]))
        img, drawn = render_dice_scene(values, rng, size, style, side)  # type: ignore[arg-type]
        out.append(rendered(img, drawn, "synthetic"))
    return out
