"""The camera counting a whole tray of dice (Doubting Dice's reveal).

:class:`TrayEye` is :class:`device.dice_eye.CameraEye` for any number of dice: frames
go through :class:`vision.watcher.Watcher` (the vision engineer's public API) and a
settled reading becomes a :class:`device.table.Look` carrying *every* die seen. The
table compares their number with the dice in play itself, so the eye never needs to
know it; a die the reader could not read is a problem (read again), never a guess.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from device.dice_eye import CameraEye
from device.table import Look


class TrayEye(CameraEye):
    """Frames from ``source`` through the vision watcher (``reader``: injectable)."""

    def __init__(self, source: Any, reader: Callable[..., Any] | None = None,
                 watcher: Any = None) -> None:
        super().__init__(source, reader, expect=None, watcher=watcher)

    def _settled(self, reading: Any, frame: Any) -> Look:
        """A settled reading: every die seen, unless one could not be read."""
        if reading.uncertain:
            n = len(reading.uncertain)
            what = "a die" if n == 1 else f"{n} dice"
            return Look("settled", problem=f"{what} could not be read: spread them",
                        frame=frame)
        return Look("settled", tuple(d.value for d in reading.dice), frame=frame)  # type: ignore[arg-type]


__all__ = ["TrayEye"]
