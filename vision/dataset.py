"""Labeled photo folders (``../shared/dice-photos`` format), the held-out split, scoring.

Labels: ``labels.json`` maps a file name to ``{"w", "h", "boxes": [{"label", "xmin",
"ymin", "xmax", "ymax"}]}`` with fractions of the image size. Corrections kept in
``label_fixes.json`` (next to this module) override single box values.
"""

from __future__ import annotations

import json
import os
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from vision.types import Die

FIXES_PATH = Path(__file__).with_name("label_fixes.json")
ENV_PHOTOS = "BLUFFBOX_DICE_PHOTOS"


def photos_root(repo_root: Path | None = None) -> Path:
    """Where the labeled photos live: $BLUFFBOX_DICE_PHOTOS or ../shared/dice-photos."""
    env = os.environ.get(ENV_PHOTOS)
    if env:
        return Path(env)
    root = repo_root or Path(__file__).resolve().parents[1]
    return root.parent / "shared" / "dice-photos"


@dataclass(frozen=True)
class LabeledDie:
    value: int
    box: tuple[float, float, float, float]  # pixels x0, y0, x1, y1

    @property
    def center(self) -> tuple[float, float]:
        return (self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2


@dataclass(frozen=True)
class LabeledPhoto:
    path: Path
    dice: tuple[LabeledDie, ...]

    @property
    def split(self) -> str:
        return split_of(self.path.name)


def split_of(name: str) -> str:
    """'heldout' for about one photo in five (stable hash of the name), else 'train'."""
    return "heldout" if zlib.crc32(name.encode()) % 5 == 0 else "train"


def read_photo(path: Path) -> np.ndarray:
    """The photo at ``path`` as a BGR array; :class:`OSError` when it cannot be read."""
    import cv2

    image = cv2.imread(str(path))
    if image is None:
        raise OSError(f"cannot read the photo {path}")
    return np.asarray(image)


def load_fixes(path: Path = FIXES_PATH) -> dict[tuple[str, str, int], int]:
    """(folder, file, box index) -> corrected value."""
    if not path.exists():
        return {}
    out = {}
    for fix in json.loads(path.read_text())["fixes"]:
        out[(fix["folder"], fix["file"], int(fix["box"]))] = int(fix["value"])
    return out


def load_folder(folder: Path, split: str | None = None) -> list[LabeledPhoto]:
    """Labeled photos of one folder, optionally only one split ('train' / 'heldout')."""
    labels = json.loads((folder / "labels.json").read_text())
    fixes = load_fixes()
    photos = []
    for name in sorted(labels):
        if split is not None and split_of(name) != split:
            continue
        entry = labels[name]
        w, h = entry["w"], entry["h"]
        dice = []
        for i, b in enumerate(entry["boxes"]):
            value = fixes.get((folder.name, name, i), int(b["label"]))
            dice.append(LabeledDie(value, (b["xmin"] * w, b["ymin"] * h,
                                           b["xmax"] * w, b["ymax"] * h)))
        photos.append(LabeledPhoto(folder / name, tuple(dice)))
    return photos


@dataclass
class Score:
    """Match of one reading against its labels."""

    labeled: int = 0
    found: int = 0
    right: int = 0
    false: int = 0
    entirely_right: bool = False
    misses: tuple[int, ...] = ()  # indexes of labeled dice not found
    wrong: tuple[tuple[int, int], ...] = ()  # (labeled index, read value)


def match(dice: tuple[Die, ...] | list[Die], labels: tuple[LabeledDie, ...]) -> Score:
    """Greedy match: a die matches a label when its centre is inside the box grown by 1/4."""
    pairs = []
    for i, lab in enumerate(labels):
        x0, y0, x1, y1 = lab.box
        gx, gy = (x1 - x0) / 8, (y1 - y0) / 8  # a quarter larger overall
        cx, cy = lab.center
        for j, d in enumerate(dice):
            if x0 - gx <= d.center[0] <= x1 + gx and y0 - gy <= d.center[1] <= y1 + gy:
                pairs.append((((d.center[0] - cx) ** 2 + (d.center[1] - cy) ** 2), i, j))
    pairs.sort()
    used_l: set[int] = set()
    used_d: set[int] = set()
    s = Score(labeled=len(labels))
    wrong = []
    for _, i, j in pairs:
        if i in used_l or j in used_d:
            continue
        used_l.add(i)
        used_d.add(j)
        s.found += 1
        if dice[j].value == labels[i].value:
            s.right += 1
        else:
            wrong.append((i, dice[j].value))
    s.false = len(dice) - len(used_d)
    s.misses = tuple(i for i in range(len(labels)) if i not in used_l)
    s.wrong = tuple(wrong)
    s.entirely_right = s.found == s.labeled and s.right == s.found and s.false == 0
    return s
