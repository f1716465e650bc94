"""``bluffbox teach PROFILE_DIR PHOTO... --labels LABELS.json [--add]``: learn a player's dice.

Labels are in the ``../shared/dice-photos`` format (file name -> boxes with a label: a pip
value 1-6, or a face name for symbol dice); only the named photos are used. Every photo and
label is checked before anything is written. ``--add`` keeps the profile's dice and adds
these (as the box's teach mode does by default); without it the profile is made anew.
Exit status: 0 taught, 1 a photo could not be read, 2 bad labels or arguments (or a broken
profile to add to).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "teach", help="learn a player's dice from labelled photos",
        description="Make a dice profile (what the reader learns from confirmed dice) from "
        "labelled photos; use it with: bluffbox dice --profile PROFILE_DIR.")
    p.add_argument("profile", type=Path, metavar="PROFILE_DIR",
                   help="directory to write the profile into (made if needed)")
    p.add_argument("photos", nargs="+", metavar="PHOTO", help="labelled photos to learn from")
    p.add_argument("--labels", type=Path, required=True, metavar="LABELS.json",
                   help="labels: file name -> {w, h, boxes: [{label, xmin, ymin, xmax, ymax}]}")
    p.add_argument("--add", action="store_true",
                   help="add these dice to the profile already in PROFILE_DIR (none there: "
                   "make it) instead of making it anew")
    p.set_defaults(run=run)


def _fail(message: str, code: int) -> int:
    print(f"bluffbox teach: {message}", file=sys.stderr)
    return code


def run(args: argparse.Namespace) -> int:
    import cv2

    from vision.dataset import labeled_dice
    from vision.looks import Look
    from vision.model import load
    from vision.profile import MANIFEST, Profile, ProfileError
    from vision.teach import teach_photos

    try:
        labels = json.loads(args.labels.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return _fail(f"cannot read labels {str(args.labels)!r}: {exc}", 2)
    if not isinstance(labels, dict):
        return _fail(f"{args.labels}: expected an object of file name -> boxes", 2)
    photos = []
    for name in args.photos:
        entry = labels.get(Path(name).name, labels.get(name))
        if entry is None:
            return _fail(f"{name}: no labels for it in {args.labels}", 2)
        try:
            dice = labeled_dice(entry)
        except ValueError as exc:
            return _fail(f"{name}: {exc} in {args.labels}", 2)
        image = cv2.imread(name, cv2.IMREAD_COLOR)
        if image is None:
            return _fail(f"cannot read image {name!r} (missing, or not an image)", 1)
        photos.append((image, dice))
    if not any(dice for _, dice in photos):
        return _fail("the labels name no dice in these photos", 2)
    load()
    kept = None
    if args.add and (args.profile / MANIFEST).exists():
        try:
            kept = Profile.load(args.profile)
        except ProfileError as exc:
            return _fail(f"cannot add to it: {exc}", 2)
    try:
        new = teach_photos(photos, kept.look if kept is not None else None)
        profile = kept.joined(new) if kept is not None else new
        path = profile.save(args.profile)
    except (ProfileError, OSError) as exc:
        return _fail(str(exc), 2)
    counts = Counter(profile.faces)
    faces = ", ".join(f"{face} x{counts[face]}" for face in profile.kinds)
    added = f" ({len(new.faces)} added)" if kept is not None else ""
    photos_said = "1 photo" if len(photos) == 1 else f"{len(photos)} photos"
    print(f"taught {len(profile.faces)} dice{added} from {photos_said} ({faces}); "
          f"median side {profile.side:.0f} px; profile in {path.parent}")
    if profile.look is not Look.AS_SEEN:
        print(f"these dice read best with the frame's {profile.look.value}: every read "
              "with this profile shows it so")
    return 0
