"""From dice at rest to a settled reading: the watcher's delay on simulated 30 fps frames.

    scripts/bench-latency [--fps 30] [--trials 20] [--pi-factor 6]

Each trial renders dice tumbling (a new layout per frame), then rocking to a stop (a die
tilting 6, -3, 1.5 degrees), then at rest. The delay is the time from the first frame at
rest to the frame that gives the settled reading, plus the work done on that frame (the
watcher and the read), measured here with one thread. The Pi 4 estimate multiplies the work
by ``--pi-factor`` (this machine's core is about 6x a Pi 4 core); frame waits stay as they
are. The old fixed 0.4 s window is shown for comparison.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import cv2
import numpy as np

from vision.reader import warm_up
from vision.synthetic import render_dice_scene
from vision.watcher import Watcher


def rock_die(img: np.ndarray, center: tuple[float, float], side: float, angle: float,
             ) -> np.ndarray:
    """``img`` with the die at ``center`` (about ``side`` pixels) tilted by ``angle`` degrees
    in place, as a die still rocking looks from above."""
    out = img.copy()
    r = int(side * 0.8)
    x, y = int(center[0]), int(center[1])
    patch = img[y - r:y + r, x - r:x + r]
    m = cv2.getRotationMatrix2D((float(r), float(r)), angle, 1.0)
    turned = cv2.warpAffine(patch, m, (2 * r, 2 * r), borderMode=cv2.BORDER_REPLICATE)
    disc = np.zeros((2 * r, 2 * r), np.uint8)
    cv2.circle(disc, (r, r), int(side * 0.75), (1,), -1)
    out[y - r:y + r, x - r:x + r][disc > 0] = turned[disc > 0]
    return out


def trial_frames(seed: int, size: tuple[int, int] = (640, 480)) -> tuple[list[np.ndarray], int]:
    """Frames of one roll and the index of the first frame at rest."""
    rng = np.random.default_rng(seed)
    values = [int(v) for v in rng.integers(1, 7, 2)]
    frames = [render_dice_scene(values, rng, size)[0] for _ in range(6)]  # tumbling
    rest, drawn = render_dice_scene(values, rng, size)
    die = drawn[0]
    side = float(die.box[2] - die.box[0]) / 1.3
    frames += [rock_die(rest, die.center, side, a) for a in (6.0, -3.0, 1.5)]
    return frames + [rest] * 20, len(frames)


def measure(watcher: Watcher, frames: list[np.ndarray], rest: int, fps: float,
            ) -> tuple[float, float]:
    """(frame wait in s, work on the settling frame in s) for one trial."""
    for i, frame in enumerate(frames):
        t0 = time.perf_counter()
        status = watcher.feed(frame, t=i / fps)
        work = time.perf_counter() - t0
        if status.settled:
            return (i - rest) / fps, work
    raise RuntimeError("the watcher never settled")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fps", type=float, default=30.0)
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--pi-factor", type=float, default=6.0)
    args = ap.parse_args(argv)
    cv2.setNumThreads(1)
    warm_up()  # as the box does when it starts
    trials = [trial_frames(s) for s in range(args.trials)]
    print(f"{args.trials} rolls at {args.fps:g} fps, 640x480, one thread")
    for name, make in (("stillness test", lambda: Watcher(expect=2)),
                       ("fixed 0.4 s window", lambda: Watcher(expect=2, still_seconds=0.4))):
        waits, works = [], []
        for frames, rest in trials:
            wait, work = measure(make(), frames, rest, args.fps)
            waits.append(wait)
            works.append(work)
        wait, work = statistics.median(waits), statistics.median(works)
        print(f"{name:20s} median rest->settled {1000 * (wait + work):6.1f} ms here "
              f"(frames {1000 * wait:5.1f} ms + work {1000 * work:5.1f} ms) | Pi 4 estimate "
              f"{1000 * (wait + args.pi_factor * work):6.1f} ms | worst wait "
              f"{1000 * max(waits):5.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
