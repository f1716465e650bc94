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

from device.table import Look


class TrayEye:
    """Frames from ``source`` through the vision watcher (``reader``: injectable)."""

    def __init__(self, source: Any, reader: Callable[..., Any] | None = None,
                 watcher: Any = None) -> None:
        self.source = source
        self.reader = reader
        self._watcher = watcher
        self._error: str | None = None

    def start(self) -> None:
        self._error = None
        try:
            if not getattr(self.source, "started", False):
                self.source.start()
            if self._watcher is None:
                from vision.watcher import Watcher

                self._watcher = Watcher(reader=self.reader, expect=None)
            self._watcher.reset()
        except Exception as exc:  # a missing camera or reader must not crash the box
            self._error = f"camera: {exc}"

    def poll(self, t: float) -> Look:
        if self._error is not None:
            return Look("error", problem=self._error)
        try:
            frame = self.source.capture()
            status = self._watcher.feed(frame, t)
        except Exception as exc:
            return Look("error", problem=f"camera: {exc}")
        if status.state != "settled":
            return Look(status.state, frame=frame)
        reading = status.reading
        if reading.uncertain:
            n = len(reading.uncertain)
            what = "a die" if n == 1 else f"{n} dice"
            return Look("settled", problem=f"{what} could not be read: spread them",
                        frame=frame)
        return Look("settled", tuple(d.value for d in reading.dice), frame=frame)  # type: ignore[arg-type]


__all__ = ["TrayEye"]
