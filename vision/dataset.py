"""Labeled photo folders (``../shared/dice-photos`` format), the held-out split, scoring.

Labels: ``labels.json`` maps a file name to ``{"w", "h", "boxes": [{"label", "xmin",
"ymin", "xmax", "ymax"}]}`` with fractions of the image size. Corrections kept in
``label_fixes.json`` (next to this module) override single box values, drop a box drawn
where no die lies (``"value": null``), or add a die the labels left out (``"missing"``).
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from vision.types import Die, Face, parse_face

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
    value: Face
    box: tuple[float, float, float, float]  # pixels x0, y0, x1, y1

    @property
    def center(self) -> tuple[float, float]:
        return (self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2

    @classmethod
    def square(cls, value: Face, center: tuple[float, float], side: float) -> LabeledDie:
        """A label whose box is the square of ``side`` around ``center`` (a drawn die).

        >>> LabeledDie.square(3, (10.0, 20.0), 4.0).box
        (8.0, 18.0, 12.0, 22.0)
        """
        half = side / 2
        return cls(value, (center[0] - half, center[1] - half, center[0] + half,
                           center[1] + half))


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


def load_fixes(path: Path = FIXES_PATH) -> dict[tuple[str, str, int], int | None]:
    """(folder, file, box index) -> corrected value, or None: no die lies in that box."""
    if not path.exists():
        return {}
    out: dict[tuple[str, str, int], int | None] = {}
    for fix in json.loads(path.read_text())["fixes"]:
        value = fix["value"]
        out[(fix["folder"], fix["file"], int(fix["box"]))] = None if value is None else int(value)
    return out


def load_missing(path: Path = FIXES_PATH) -> dict[tuple[str, str], tuple[LabeledDie, ...]]:
    """(folder, file) -> dice the labels left out (``"missing"`` in the fixes file: each
    checked by eye, a pip value and a box in pixels).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     f = Path(d) / "fixes.json"
    ...     _ = f.write_text(json.dumps({"fixes": [], "missing": [
    ...         {"folder": "t", "file": "a.jpg", "value": 3, "box": [10, 20, 40, 50]}]}))
    ...     load_missing(f)
    {('t', 'a.jpg'): (LabeledDie(value=3, box=(10.0, 20.0, 40.0, 50.0)),)}
    """
    if not path.exists():
        return {}
    out: dict[tuple[str, str], tuple[LabeledDie, ...]] = {}
    for die in json.loads(path.read_text()).get("missing", []):
        x0, y0, x1, y1 = (float(v) for v in die["box"])
        key = (die["folder"], die["file"])
        out[key] = (*out.get(key, ()), LabeledDie(int(die["value"]), (x0, y0, x1, y1)))
    return out


def labeled_dice(entry: dict, fixes: dict[int, int | None] | None = None,
                 ) -> tuple[LabeledDie, ...]:
    """The dice of one ``labels.json`` entry (label: a pip value, or a symbol face name),
    with ``fixes`` (box index -> value, or None to drop the box) applied; a malformed entry
    raises ValueError.

    >>> entry = {"w": 100, "h": 100, "boxes": [
    ...     {"label": 2, "xmin": 0.1, "ymin": 0.1, "xmax": 0.2, "ymax": 0.2},
    ...     {"label": 1, "xmin": 0.5, "ymin": 0.5, "xmax": 0.6, "ymax": 0.6}]}
    >>> [d.value for d in labeled_dice(entry, {0: 3})], len(labeled_dice(entry, {1: None}))
    ([3, 1], 1)
    """
    fixes = fixes or {}
    try:
        w, h = float(entry["w"]), float(entry["h"])
        out = []
        for i, b in enumerate(entry["boxes"]):
            value = fixes[i] if i in fixes else parse_face(b["label"])
            if value is None:
                continue
            out.append(LabeledDie(value, (float(b["xmin"]) * w, float(b["ymin"]) * h,
                                          float(b["xmax"]) * w, float(b["ymax"]) * h)))
        return tuple(out)
    except (KeyError, TypeError) as exc:
        raise ValueError(f"malformed label entry ({type(exc).__name__}: {exc})") from None


def load_folder(folder: Path, split: str | None = None) -> list[LabeledPhoto]:
    """Labeled photos of one folder, optionally only one split ('train' / 'heldout')."""
    labels = json.loads((folder / "labels.json").read_text())
    fixes, missing = load_fixes(), load_missing()
    photos = []
    for name in sorted(labels):
        if split is not None and split_of(name) != split:
            continue
        mine = {i: v for (f, n, i), v in fixes.items() if f == folder.name and n == name}
        dice = labeled_dice(labels[name], mine) + missing.get((folder.name, name), ())
        photos.append(LabeledPhoto(folder / name, dice))
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
    wrong: tuple[tuple[int, Face], ...] = ()  # (labeled index, read value)


def match_places(centers: Sequence[tuple[float, float]], labels: Sequence[LabeledDie],
                 ) -> dict[int, int]:
    """Greedy match, label index -> centre index: a centre matches a label when it is inside
    the label's box grown by a quarter, nearest pairs first."""
    pairs = []
    for i, lab in enumerate(labels):
        x0, y0, x1, y1 = lab.box
        gx, gy = (x1 - x0) / 8, (y1 - y0) / 8  # a quarter larger overall
        cx, cy = lab.center
        for j, c in enumerate(centers):
            if x0 - gx <= c[0] <= x1 + gx and y0 - gy <= c[1] <= y1 + gy:
                pairs.append((((c[0] - cx) ** 2 + (c[1] - cy) ** 2), i, j))
    pairs.sort()
    out: dict[int, int] = {}
    used: set[int] = set()
    for _, i, j in pairs:
        if i not in out and j not in used:
            out[i] = j
            used.add(j)
    return out


def match(dice: tuple[Die, ...] | list[Die], labels: tuple[LabeledDie, ...]) -> Score:
    """Greedy match of read dice to labels (``match_places`` on the dice centres)."""
    s = Score(labeled=len(labels))
    wrong = []
    pairs = match_places([d.center for d in dice], labels)
    for i, j in sorted(pairs.items()):
        s.found += 1
        if dice[j].value == labels[i].value:
            s.right += 1
        else:
            wrong.append((i, dice[j].value))
    s.false = len(dice) - len(pairs)
    s.misses = tuple(i for i in range(len(labels)) if i not in pairs)
    s.wrong = tuple(wrong)
    s.entirely_right = s.found == s.labeled and s.right == s.found and s.false == 0
    return s
