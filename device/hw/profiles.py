"""What the box keeps in its state directory for reading the players' own dice.

* :class:`ProfileShelf` (a :class:`device.core.dice.DiceShelf`): one taught
  :class:`vision.profile.Profile` per kind of dice in ``STATE/profiles/<kind>/``. Saving
  writes the new profile whole (fsynced) next to the old one, then swaps the folders; a
  swap cut by a power cut is finished on the next start, so the old profile or the new one
  is always there whole. Forgetting renames the folder aside, then deletes it (a power cut
  between the two leaves a folder the next start deletes). :meth:`ProfileShelf.load`
  gives the profile every read uses, or None when there is none or it is broken (logged
  once, with the reason; reads then go on without it).
* :class:`KeptTray`: the empty-tray reference (:class:`vision.reference.EmptyTray`) kept as
  ``STATE/reference/empty-tray.png``: loaded at start, refreshed whenever the watcher sees
  the tray empty, written again at most every ``every`` seconds (and always the first
  time), atomically. The teach flow's "empty the tray" step takes it as it is; game reads
  use :meth:`KeptTray.guarded`, which looks at an offered frame at most every ``gap``
  seconds (the watcher offers every still frame) and refuses one the reader called empty
  while die-sized things lie where the reference had none (dice the reader missed).
"""

from __future__ import annotations

import logging
import os
import shutil
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from device.core.dice import DiceKind, TaughtShot, profile_dir
from vision.blobs import Place
from vision.camera_tilt import tilt_of
from vision.looks import Look
from vision.profile import MANIFEST, Profile, ProfileError, Shot, TaughtDie
from vision.reference import EmptyTray, TrayLook
from vision.teach import taught_profile
from vision.types import Die, box_centre, box_side, square_box

log = logging.getLogger("bluffbox")

REFERENCE = Path("reference") / "empty-tray.png"


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_tree(path: Path) -> None:
    for p in sorted(path.rglob("*")):
        if p.is_file():
            with open(p, "rb") as f:
                os.fsync(f.fileno())
    for d in [*sorted(q for q in path.rglob("*") if q.is_dir()), path]:
        _fsync_dir(d)


def _look_said(profile: Profile) -> str:
    """What the box says of a profile's look: nothing as seen (``vision.looks``)."""
    if profile.look is Look.AS_SEEN:
        return ""
    return f"; read with the {profile.look.value}"  # dark dice with light pips, most often


class ProfileShelf:
    """Taught profiles in ``state_dir/profiles`` (see the module doc)."""

    def __init__(self, state_dir: Path | str) -> None:
        self.state_dir = Path(state_dir)
        self._loaded: dict[str, tuple[int, Profile | None, str]] = {}

    def path(self, kind: DiceKind) -> Path:
        return profile_dir(self.state_dir, kind)

    def _recover(self, kind: DiceKind) -> None:
        """Finish a swap a power cut interrupted: the whole new profile, else the old one;
        finish forgetting one."""
        final = self.path(kind)
        shutil.rmtree(final.with_name(final.name + ".forgotten"), ignore_errors=True)
        if (final / MANIFEST).exists():
            return
        for side in (".new", ".old"):
            kept = final.with_name(final.name + side)
            if (kept / MANIFEST).exists():
                shutil.rmtree(final, ignore_errors=True)
                kept.rename(final)
                log.warning("finished saving the %s profile from %s", kind.name, kept.name)
                return

    def _read(self, kind: DiceKind) -> tuple[Profile | None, str]:
        """(profile or None, its status in words); cached until the folder changes."""
        try:
            self._recover(kind)
        except OSError as exc:
            log.warning("cannot finish saving the %s profile: %s", kind.name, exc)
        d = self.path(kind)
        try:
            stamp = (d / MANIFEST).stat().st_mtime_ns
        except OSError:
            return None, "none yet"
        cached = self._loaded.get(kind.name)
        if cached is not None and cached[0] == stamp:
            return cached[1], cached[2]
        try:
            loaded = Profile.load(d)
            profile: Profile | None = loaded
            status = f"{len(loaded.faces)} dice taught" + _look_said(loaded)
        except ProfileError as exc:
            log.warning("the %s profile cannot be used, reading without it: %s",
                        kind.name, exc)
            profile, status = None, "broken profile, reads ignore it; teach again"
        self._loaded[kind.name] = (stamp, profile, status)
        return profile, status

    def load(self, kind: DiceKind) -> Profile | None:
        """The profile reads of ``kind`` use; None when there is none or it is broken."""
        return self._read(kind)[0]

    def status(self, kind: DiceKind) -> str:
        return self._read(kind)[1]

    def usable(self, kind: DiceKind) -> bool:
        return self.load(kind) is not None

    def forget(self, kind: DiceKind) -> None:
        self._recover(kind)
        final = self.path(kind)
        for leftover in (".new", ".old"):  # a save's leftovers: never brought back now
            shutil.rmtree(final.with_name(final.name + leftover), ignore_errors=True)
        if not final.exists():
            return
        gone = final.with_name(final.name + ".forgotten")
        final.rename(gone)
        _fsync_dir(final.parent)
        shutil.rmtree(gone, ignore_errors=True)
        log.info("dice profile %s forgotten", final)

    def save(self, kind: DiceKind, shots: Sequence[TaughtShot], add: bool = False) -> str:
        taught = []
        for shot in shots:
            dice = []
            for d in shot.dice:
                if d.box is None or d.value is None:
                    continue
                dice.append(TaughtDie(d.value, box_centre(d.box), box_side(d.box)))
            taught.append(Shot(np.asarray(shot.frame), tuple(dice)))
        kept = self.load(kind) if add else None  # more dice for it: taught in its look
        profile = taught_profile(taught, kept.look if kept is not None else None)
        if kept is not None:
            profile = kept.joined(profile)
        self._recover(kind)
        final = self.path(kind)
        final.parent.mkdir(parents=True, exist_ok=True)
        fresh = final.with_name(final.name + ".new")
        old = final.with_name(final.name + ".old")
        for leftover in (fresh, old):
            shutil.rmtree(leftover, ignore_errors=True)
        profile.save(fresh)
        _fsync_tree(fresh)
        if final.exists():
            final.rename(old)
        fresh.rename(final)
        _fsync_dir(final.parent)
        shutil.rmtree(old, ignore_errors=True)
        log.info("dice profile kept in %s", final)
        said = f"{len(profile.faces)} dice taught"
        if kept is not None:
            said += f" ({sum(len(s.dice) for s in taught)} added)"
        said += _look_said(profile)
        try:  # the profile is kept: a tilt that cannot be measured only goes unsaid
            tilt = tilt_of((shot.image, [Die(d.face, d.center, square_box(d.center, d.size),
                                             1.0) for d in shot.dice]) for shot in taught)
        except (cv2.error, ValueError) as exc:
            log.warning("the camera's tilt could not be measured: %s", exc)
            tilt = None
        if tilt is not None and tilt.steep:
            log.warning("the camera looks %.0f degrees off straight down (the pips of %d dice"
                        "): mount it straighter", tilt.degrees, tilt.dice)
            said += f"; camera {tilt.degrees:.0f} deg off vertical: mount it straight down"
        if tilt is not None and tilt.turned:
            log.warning("the camera looks %.0f degrees off straight down across the picture: "
                        "set [camera] turn so that the far side of the tray is at its top",
                        tilt.degrees)
            said += "; camera slants across the picture: set [camera] turn"
        return said


class KeptTray(EmptyTray):
    """The empty-tray reference, kept in ``state_dir`` (see the module doc). Until the tray
    has been seen empty once it knows nothing (``known`` False) and matches nothing."""

    def __init__(self, state_dir: Path | str, every: float = 300.0, gap: float = 1.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.path = Path(state_dir) / REFERENCE
        self.every = every
        self.gap = gap
        self.looked_at: float | None = None
        self.clock = clock
        self.saved_at: float | None = None
        self.updates = 0
        self.known = False
        frame = cv2.imread(str(self.path), cv2.IMREAD_COLOR) if self.path.is_file() else None
        if frame is not None:
            super().__init__(frame)
            self.known = True
        elif self.path.exists():
            log.warning("the empty-tray reference %s cannot be read; taking a new one",
                        self.path)

    def changed(self, image: np.ndarray) -> np.ndarray | None:
        return super().changed(image) if self.known else None

    def due(self) -> bool:
        """Whether an offered frame is worth a look (not within ``gap`` of the last one)."""
        now = self.clock()
        if self.looked_at is not None and now - self.looked_at < self.gap:
            return False
        self.looked_at = now
        return True

    def update(self, frame: np.ndarray) -> None:
        super().update(frame)
        self.known = True
        self.updates += 1
        now = self.clock()
        if self.saved_at is None or now - self.saved_at >= self.every:
            self.saved_at = now
            self._save(frame)

    def _save(self, frame: Any) -> None:
        tmp = self.path.with_suffix(".tmp.png")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if not cv2.imwrite(str(tmp), frame):
                raise OSError(f"cannot write {tmp}")
            with open(tmp, "rb") as f:
                os.fsync(f.fileno())
            tmp.replace(self.path)
            _fsync_dir(self.path.parent)
        except OSError as exc:  # a full card must not stop the game
            log.warning("cannot keep the empty-tray reference: %s", exc)


    def guarded(self, side: float | None = None) -> GuardedTray:
        """This reference, refreshed only by frames with nothing die-sized (about ``side``
        pixels; default a twelfth of the frame) unlike it."""
        return GuardedTray(self, side)


class GuardedTray(EmptyTray):
    """A :class:`KeptTray` whose refresh skips frames that show dice (see the module doc)."""

    def __init__(self, tray: KeptTray, side: float | None = None) -> None:
        self.tray = tray
        self.side = side
        self.refused = 0

    @property
    def shape(self) -> tuple[int, int]:
        return self.tray.shape

    def changed(self, image: np.ndarray) -> np.ndarray | None:
        return self.tray.changed(image)

    def look(self, image: np.ndarray) -> TrayLook | None:
        return self.tray.look(image)

    def places(self, image: np.ndarray, side: float) -> list[Place]:
        return self.tray.places(image, side)

    def update(self, frame: np.ndarray) -> None:
        if not self.tray.due():
            return
        side = self.side if self.side is not None else min(frame.shape[:2]) / 12.0
        if self.tray.known and self.tray.places(frame, side):
            self.refused += 1
            if self.refused == 1:
                log.info("the tray looks empty to the reader but something lies on it: the "
                         "empty-tray reference is kept as it was")
            return
        self.refused = 0
        self.tray.update(frame)


__all__ = ["REFERENCE", "GuardedTray", "KeptTray", "ProfileShelf"]
