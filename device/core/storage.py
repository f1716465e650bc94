"""The state directory's health: can games be saved there, and is there room.

One check for the box (before setup starts, before a new game) and ``bluffbox doctor``:

* :func:`state_problem`: why the state, logs or photos folder cannot be written (missing
  and not creatable, not a folder, read-only), or ``None``. Nothing is created.
* :func:`free_mb`: the free space where the state goes.
* :func:`make_room`: deletes the oldest ruling photos (never a game log) until the free
  space is back above the floor; the photo keeper calls it before each photo.
* :func:`space_problem`: the free space is below the floor even after :func:`make_room`:
  no new game starts (a game in progress goes on: the floor is its reserve).
"""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

log = logging.getLogger(__name__)

MB = 1024 * 1024
#: Photo names the keeper writes (and so the only files :func:`make_room` deletes).
PHOTO_GLOB = "*/*.jpg"


def existing_parent(path: Path) -> Path:
    """``path`` or its nearest existing parent (absolute)."""
    path = path.absolute()
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def not_writable(folder: Path) -> str:
    """Why ``folder`` cannot be written (or created), or "" when it can."""
    if folder.exists():
        if not folder.is_dir():
            return f"{folder} is not a directory"
        try:
            with tempfile.NamedTemporaryFile(dir=folder, prefix=".bluffbox-check-"):
                pass
        except OSError as exc:
            return f"cannot write in {folder}: {exc.strerror}"
        return ""
    parent = existing_parent(folder)
    if not parent.is_dir() or not os.access(parent, os.W_OK | os.X_OK):
        return f"{folder} does not exist and cannot be created in {parent}"
    return ""


def state_problem(folders: Iterable[Path]) -> str | None:
    """The first of ``folders`` (state, logs, photos) that cannot be written, or None."""
    for folder in folders:
        problem = not_writable(folder)
        if problem:
            return problem
    return None


def state_fix(state_dir: Path) -> str:
    """How to fix a state folder that cannot be written."""
    return (f"sudo install -d -o bluffbox -g bluffbox {state_dir} (the service's"
            " StateDirectory= does this), or set paths.state_dir; a read-only SD card: check"
            " it (fsck) or replace it")


def free_mb(path: Path, usage: Callable[[Path], int] | None = None) -> int:
    """Free megabytes on the file system that holds (or would hold) ``path``."""
    where = existing_parent(path)
    free = usage(where) if usage is not None else shutil.disk_usage(where).free
    return free // MB


def make_room(photos_dir: Path, floor_mb: int,
              usage: Callable[[Path], int] | None = None) -> int:
    """Delete the oldest ruling photos until ``floor_mb`` is free again; how many went.

    Only ``photos_dir/<game>/<n>.jpg`` files are deleted, oldest first; logs never.
    """
    if floor_mb <= 0 or free_mb(photos_dir, usage) >= floor_mb or not photos_dir.is_dir():
        return 0
    photos = []
    for path in photos_dir.glob(PHOTO_GLOB):
        try:
            photos.append((path.stat().st_mtime, str(path), path))
        except OSError:
            continue
    deleted = 0
    for _, _, path in sorted(photos):
        if free_mb(photos_dir, usage) >= floor_mb:
            break
        try:
            path.unlink()
        except OSError as exc:
            log.warning("could not delete the old photo %s: %s", path, exc.strerror)
            continue
        deleted += 1
    if deleted:
        log.warning("storage low: deleted the %d oldest ruling photo(s) in %s", deleted,
                    photos_dir)
    return deleted


def space_problem(state_dir: Path, photos_dir: Path, floor_mb: int,
                  usage: Callable[[Path], int] | None = None) -> str | None:
    """Why no new game may start for lack of space (after :func:`make_room`), or None."""
    if floor_mb <= 0:
        return None
    make_room(photos_dir, floor_mb, usage)
    free = free_mb(state_dir, usage)
    if free >= floor_mb:
        return None
    return (f"only {free} MB free in {state_dir}, a new game needs {floor_mb} MB"
            " (paths.min_free_mb)")


__all__ = ["existing_parent", "free_mb", "make_room", "not_writable", "space_problem",
           "state_fix", "state_problem"]
