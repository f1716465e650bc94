"""Benchmark the reader on labeled photo folders: found %, values right %, false
detections per photo, photos entirely right %, median ms per photo (one thread).

    scripts/bench-vision [--split all|train|heldout] [--failures DIR] [FOLDER...]
    scripts/bench-vision --teach K [FOLDER...]

``--teach K``: per folder, a profile is taught on K photos spread over the folder and both
rows are scored on the other photos: the plain reader, and the reader with the profile;
then symbol (bone) dice on renders (``vision.bench_symbols``), taught 5 pictures a face.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

import cv2

from vision.annotate import annotate
from vision.dataset import LabeledPhoto, load_folder, match, photos_root, read_photo
from vision.profile import Profile
from vision.reader import read_dice


@dataclass
class FolderResult:
    name: str
    photos: int
    labeled: int
    found: int
    right: int
    false: int
    entirely: int
    median_ms: float

    def line(self) -> str:
        return (f"{self.name:14s} {self.photos:4d} photos {self.labeled:5d} dice | "
                f"found {100 * self.found / max(self.labeled, 1):6.2f}% | "
                f"values right {100 * self.right / max(self.found, 1):6.2f}% | "
                f"false {self.false / max(self.photos, 1):.3f}/photo | "
                f"photos right {100 * self.entirely / max(self.photos, 1):6.2f}% | "
                f"median {self.median_ms:.1f} ms")


def bench_folder(folder: Path, split: str | None, failures: Path | None = None,
                 verbose: bool = False, photos: list[LabeledPhoto] | None = None,
                 profile: Profile | None = None, name: str | None = None) -> FolderResult:
    photos = load_folder(folder, split) if photos is None else photos
    r = FolderResult(name or folder.name, len(photos), 0, 0, 0, 0, 0, 0.0)
    times = []
    for photo in photos:
        image = read_photo(photo.path)
        reading = read_dice(image, profile=profile)
        times.append(reading.ms)
        s = match(reading.dice, photo.dice)
        r.labeled += s.labeled
        r.found += s.found
        r.right += s.right
        r.false += s.false
        r.entirely += s.entirely_right
        if not s.entirely_right:
            if verbose:
                miss = [(i, photo.dice[i].value) for i in s.misses]
                print(f"  {photo.path.name}: missed {miss} wrong(label idx, read) "
                      f"{[(i, photo.dice[i].value, v) for i, v in s.wrong]} false {s.false} "
                      f"uncertain {len(reading.uncertain)}")
            if failures is not None:
                failures.mkdir(parents=True, exist_ok=True)
                out = annotate(image, reading)
                for i, lab in enumerate(photo.dice):
                    x0, y0, x1, y1 = (int(v) for v in lab.box)
                    color = (255, 0, 255) if i in s.misses else (255, 160, 0)
                    cv2.rectangle(out, (x0, y0), (x1, y1), color, 1)
                    cv2.putText(out, str(lab.value), (x1 + 2, y1), cv2.FONT_HERSHEY_SIMPLEX,
                                0.45, color, 1, cv2.LINE_AA)
                cv2.imwrite(str(failures / f"{folder.name}-{photo.path.stem}.png"), out)
    r.median_ms = statistics.median(times) if times else 0.0
    return r


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="*", help="labeled folders (default: all in the photos dir)")
    ap.add_argument("--photos", type=Path, default=None, help="photos root")
    ap.add_argument("--split", choices=["all", "train", "heldout"], default="all")
    ap.add_argument("--failures", type=Path, default=None, help="write annotated failures here")
    ap.add_argument("-v", "--verbose", action="store_true", help="list each failing photo")
    ap.add_argument("--teach", type=int, default=None, metavar="K",
                    help="teach a profile on K photos per folder, score both rows on the rest")
    args = ap.parse_args(argv)
    cv2.setNumThreads(1)
    root = args.photos or photos_root()
    folders = [Path(f) if Path(f).exists() else root / f for f in args.folders] or sorted(
        p for p in root.iterdir() if (p / "labels.json").exists()) if root.exists() else []
    if not folders:
        print(f"no labeled folders under {root}", file=sys.stderr)
        return 2
    for folder in folders:
        if not (folder / "labels.json").exists():
            print(f"{folder}: no labels.json (not a labeled folder)", file=sys.stderr)
            return 2
    split = None if args.split == "all" else args.split
    read_dice(read_photo(next(folders[0].glob("*.jpg"))))  # load the networks
    print(f"split: {args.split}")
    if args.teach is not None:
        return bench_teach(folders, split, args.teach, args.verbose)
    for folder in folders:
        print(bench_folder(folder, split, args.failures, args.verbose).line(), flush=True)
    return 0


def bench_teach(folders: list[Path], split: str | None, k: int, verbose: bool) -> int:
    """The ``--teach K`` protocol: both rows per folder, then symbol dice on renders."""
    from vision.bench_symbols import bench_style
    from vision.synthetic_symbols import STYLES
    from vision.teach import teach_photos

    for folder in folders:
        photos = load_folder(folder, split)
        picks = {i * len(photos) // k for i in range(k)} if 0 < k < len(photos) else set()
        taught = [p for i, p in enumerate(photos) if i in picks]
        rest = [p for i, p in enumerate(photos) if i not in picks]
        profile = teach_photos([(read_photo(p.path), p.dice) for p in taught])
        for prof, name in ((None, folder.name), (profile, f"{folder.name}+teach{k}")):
            print(bench_folder(folder, split, None, verbose, rest, prof, name).line(),
                  flush=True)
    print("symbol dice on renders (taught 5 pictures a face; 100 rolls of 2 dice a style):")
    for i, style in enumerate(STYLES):
        print(bench_style(style, style, i, 100).line(), flush=True)
    names = list(STYLES)
    for i, style in enumerate(names[:2]):
        print(bench_style(style, names[i + 2], i, 50).line(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
