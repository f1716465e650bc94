"""What the reader reads on a fixed set of drawn scenes, to compare two machines.

The reader's thresholds are fitted to its reads, and a crop warped a grey level otherwise
(another OpenCV, another CPU's kernels) can move a die across one. ``scripts/check-arm64``
prints this fingerprint on this machine and on the Pi's arm64 build and compares them::

    python -m vision.reads_fingerprint > here.json
    python -m vision.reads_fingerprint --compare here.json    # exit status 1 on a difference

Each probe scene (``vision.probe_scenes``, a few seeds of each kind) gives its read dice
(value, centre, confidence) and uncertain regions (reason, centre, confidence). Two
fingerprints agree when every scene has the same dice and regions, in the same places
(``PLACE`` pixels) and as sure (``CONFIDENCE``; an uncertain region, which is never ruled
on, within ``REGION_CONFIDENCE``: a pale die's crop has so little contrast that the
classifier's normalisation magnifies a grey level's difference, and its first read of a
pip marked as a die differed by 0.024 between this machine and arm64). A flood of uncertain
regions (more than ``FLOOD``: a polka-dot floor, each spot a mark at the detector's floor
heat that one machine keeps and the other drops) need only be as many, within
``FLOOD_SHARE``: such a reading is a re-read on both, and which spots make the cut is noise.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import cv2

from vision import model as M
from vision.probe_scenes import Probe, probe_scene
from vision.reader import read_dice

SEEDS = (0, 1, 2)  # scenes of each probe kind
PLACE = 1.0  # pixels two machines' centres of one die may differ by
CONFIDENCE = 0.01  # ... and its confidences
REGION_CONFIDENCE = 0.05  # ... and an uncertain region's (it becomes a re-read either way)
FLOOD = 20  # more uncertain regions than this in a scene are compared by their number only
FLOOD_SHARE = 0.1  # ... which may differ by this share of the larger

Fingerprint = dict[str, Any]


def fingerprint(seeds: tuple[int, ...] = SEEDS) -> Fingerprint:
    """The reads of ``seeds`` scenes of every probe kind, with this OpenCV's version and
    the one the calibration was fitted with."""
    scenes = {}
    for probe in Probe:
        for seed in seeds:
            reading = read_dice(probe_scene(probe, seed)[0])
            scenes[f"{probe.value} {seed}"] = {
                "dice": [[str(d.value), *_rounded(d.center), round(d.confidence, 4)]
                         for d in reading.dice],
                "uncertain": [[r.reason, *_rounded(r.center), round(r.confidence, 4)]
                              for r in reading.uncertain]}
    return {"opencv": cv2.__version__, "engine": M.ENGINE,
            "calibrated_with": M.calibration().opencv,
            "scenes": scenes}


def _rounded(center: tuple[float, float]) -> list[float]:
    return [round(float(center[0]), 2), round(float(center[1]), 2)]


def differences(a: Fingerprint, b: Fingerprint) -> list[str]:
    """Where two fingerprints read otherwise, one line each; empty when they agree.

    >>> one = {"scenes": {"s 0": {"dice": [["5", 10.0, 10.0, 0.9]], "uncertain": []}}}
    >>> differences(one, one)
    []
    >>> two = {"scenes": {"s 0": {"dice": [["5", 10.4, 10.0, 0.95]], "uncertain": []}}}
    >>> differences(one, two)
    ['s 0: dice 5 at (10.0, 10.0) 0.9 against 5 at (10.4, 10.0) 0.95']
    >>> region = {"scenes": {"s 0": {"dice": [], "uncertain": [["touching", 5.0, 5.0, 0.6]]}}}
    >>> nearly = {"scenes": {"s 0": {"dice": [], "uncertain": [["touching", 5.0, 5.0, 0.62]]}}}
    >>> differences(region, nearly)
    []
    >>> spots = [["pips too small to count", float(x), 5.0, 0.2] for x in range(30)]
    >>> flood = {"scenes": {"s 0": {"dice": [], "uncertain": spots}}}
    >>> moved = {"scenes": {"s 0": {"dice": [], "uncertain": spots[1:] + spots[:1]}}}
    >>> fewer = {"scenes": {"s 0": {"dice": [], "uncertain": spots[:20]}}}
    >>> differences(flood, moved), len(differences(flood, fewer))
    ([], 1)
    """
    out = []
    for name in sorted(set(a["scenes"]) | set(b["scenes"])):
        sa, sb = a["scenes"].get(name), b["scenes"].get(name)
        if sa is None or sb is None:
            out.append(f"{name}: read on one machine only")
            continue
        for kind, sure, flood in (("dice", CONFIDENCE, None), ("uncertain", REGION_CONFIDENCE,
                                                                FLOOD)):
            if not _alike(sa[kind], sb[kind], sure, flood):
                out.append(f"{name}: {kind} {_said(sa[kind])} against {_said(sb[kind])}")
    return out


def _alike(xs: list[list[Any]], ys: list[list[Any]], confidence: float,
           flood: int | None) -> bool:
    if flood is not None and max(len(xs), len(ys)) > flood:
        return abs(len(xs) - len(ys)) <= FLOOD_SHARE * max(len(xs), len(ys))
    return len(xs) == len(ys) and all(
        x[0] == y[0] and abs(x[1] - y[1]) <= PLACE and abs(x[2] - y[2]) <= PLACE
        and abs(x[3] - y[3]) <= confidence + 1e-9 for x, y in zip(xs, ys, strict=True))


def _said(xs: list[list[Any]]) -> str:
    return ", ".join(f"{x[0]} at ({x[1]}, {x[2]}) {x[3]}" for x in xs) or "none"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compare", type=Path, metavar="JSON",
                    help="compare with this fingerprint (another machine's) instead of "
                    "printing this one")
    args = ap.parse_args(argv)
    cv2.setNumThreads(1)
    here = fingerprint()
    if args.compare is None:
        json.dump(here, sys.stdout, indent=1)
        print()
        return 0
    there = json.loads(args.compare.read_text())
    print(f"OpenCV {here['opencv']} here, {there.get('opencv')} there; the calibration was "
          f"fitted with {here['calibrated_with']}")
    found = differences(there, here)
    for line in found:
        print(line)
    n = len(here["scenes"])
    print(f"{n - len({f.split(':')[0] for f in found})} of {n} scenes read alike")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
