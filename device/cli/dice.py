"""``bluffbox dice PHOTO... [--expect N] [--turn N] [--json] [--annotate DIR] [--profile DIR]
[--empty-tray PHOTO]``: read dice in photos (with ``--expect``, ``--profile`` and
``--empty-tray``, as the box reads its frames).

Exit status: 0 when every photo was read and fine, 1 when a file could not be read (one
line each; the rest of the batch is still read), 3 when a reading has a problem (a die that
could not be read, or not the expected count).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the reader is imported when a command runs, not at start-up
    from vision.types import Die, Region


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "dice", help="read the dice in photos",
        description="Read the top-face value of every die in each photo.")
    p.add_argument("photos", nargs="+", metavar="PHOTO", help="image files (jpg, png, ...)")
    p.add_argument("--expect", type=int, default=None, metavar="N",
                   help="how many dice should be there: with fewer seen, fainter places are "
                        "read too; another count is reported as a problem")
    p.add_argument("--turn", type=int, default=0, choices=range(4), metavar="N",
                   help="give each photo N quarter turns clockwise before reading it, as the "
                        "box's [camera] turn does, so that the far side of the table is at "
                        "the top (the reader looks for a die's top face above its side "
                        "faces); places and --annotate are then in the turned photo")
    p.add_argument("--json", action="store_true",
                   help="one JSON object per photo per line: file, dice, uncertain (with "
                        "reasons), problem, ms (pixels of the photo as read: photos over "
                        "2048 px are read halved until they fit), camera_tilt (degrees off "
                        "straight down, measured on the dice's pips; null: too few pips), "
                        "camera_turned (the pips say the picture is turned a quarter: the "
                        "far side of the table at its left or right)")
    p.add_argument("--annotate", type=Path, default=None, metavar="DIR",
                   help="write each photo with boxes and values drawn into DIR")
    p.add_argument("--profile", type=Path, default=None, metavar="PROFILE_DIR",
                   help="read with a dice profile made by bluffbox teach (symbol dice need one)")
    p.add_argument("--empty-tray", type=Path, default=None, metavar="PHOTO",
                   help="a photo of the empty tray from the same camera (the box keeps one "
                        "as STATE/reference/empty-tray.png): places unlike it are looked at "
                        "too, as the box does; turned as the photos are (--turn), and unused "
                        "for a photo of another size or light (said on stderr)")
    p.set_defaults(run=run)


def _place_json(place: Die | Region) -> dict[str, Any]:
    """Where a die or an uncertain place is, and how sure the reader is, for ``--json``."""
    return {"center": [round(place.center[0], 1), round(place.center[1], 1)],
            "box": list(place.box), "confidence": round(place.confidence, 3)}


def run(args: argparse.Namespace) -> int:
    import cv2

    from device.hw.camera import turned
    from vision.annotate import annotate
    from vision.camera_tilt import camera_tilt
    from vision.images import ImageError, load_image
    from vision.reader import read_dice, warm_up

    if args.expect is not None and args.expect < 0:
        print("bluffbox dice: --expect must be 0 or more", file=sys.stderr)
        return 2
    if args.annotate is not None:
        args.annotate.mkdir(parents=True, exist_ok=True)
    profile = None
    if args.profile is not None:
        from vision.profile import Profile, ProfileError

        try:
            profile = Profile.load(args.profile)
        except ProfileError as exc:
            print(f"bluffbox dice: {exc}", file=sys.stderr)
            return 2
    reference = None
    if args.empty_tray is not None:
        from vision.reference import EmptyTray

        try:
            reference = EmptyTray(turned(load_image(str(args.empty_tray)), args.turn))
        except ImageError as exc:
            print(f"bluffbox dice: cannot read the empty tray {str(args.empty_tray)!r}: {exc}",
                  file=sys.stderr)
            return 2
    warm_up()  # the first photo's time is only its reading
    status = 0
    for name in args.photos:
        try:
            image = turned(load_image(name), args.turn)
            t0 = time.perf_counter()
            reading = read_dice(image, expect=args.expect, profile=profile,
                                reference=reference)
        except ImageError as exc:
            print(f"bluffbox dice: cannot read image {name!r}: {exc}", file=sys.stderr)
            if args.json:
                print(json.dumps({"file": name, "error": "cannot read image",
                                  "reason": str(exc)}), flush=True)
            status = 1
            continue
        ms = (time.perf_counter() - t0) * 1000.0
        if reference is not None and reference.changed(image) is None:
            print(f"{name}: unlike the empty tray as a whole (another size, or the light or "
                  "the camera moved): read without it", file=sys.stderr)
        tilt = camera_tilt(image, reading.dice)
        if args.json:
            dice = [{"value": d.value, **_place_json(d)} for d in reading.dice]
            uncertain = [{"reason": u.reason, **_place_json(u)} for u in reading.uncertain]
            print(json.dumps({"file": name, "dice": dice, "uncertain": uncertain,
                              "problem": reading.problem, "ms": round(ms, 1),
                              "camera_tilt": None if tilt is None else tilt.degrees,
                              "camera_turned": tilt is not None and tilt.turned}),
                  flush=True)
            if reading.problem:
                print(f"{name}: {reading.problem}", file=sys.stderr)
        else:
            values = " ".join(str(v) for v in reading.values) or "no dice"
            extra = f"  ({len(reading.uncertain)} uncertain)" if reading.uncertain else ""
            problem = f"  PROBLEM: {reading.problem}" if reading.problem else ""
            print(f"{name}: {values}{extra}  [{ms:.1f} ms]{problem}", flush=True)
        if tilt is not None and tilt.steep:
            print(f"{name}: the camera looks about {tilt.degrees:.0f} degrees off straight "
                  "down: a die's side face may be read as its top", file=sys.stderr)
        if tilt is not None and tilt.turned:
            print(f"{name}: the picture looks turned a quarter (the far side of the table at "
                  "its left or right): turn it upright (--turn 1 or 3), with the far side at "
                  "the top; the reader looks for a die's top face above its side faces",
                  file=sys.stderr)
        if reading.problem and status != 1:
            status = 3
        if args.annotate is not None:
            out = args.annotate / (Path(name).stem + ".png")
            cv2.imwrite(str(out), annotate(image, reading))
    return status
