"""The box's eyes (:class:`device.core.ports.Eye`): a frame source and the dice reader.

* :class:`CameraEye` feeds frames to :class:`vision.watcher.Watcher` (the vision
  engineer's public API) and turns its status into a :class:`device.core.ports.Look`: dice
  moving, hand in view, empty tray, or a settled reading with every die seen (value, box,
  confidence). It is good only when nothing is uncertain and, when the game expects a
  number of dice (``expect``, e.g. 2), exactly that many were seen; with ``expect=None``
  (a whole tray) the flow checks the number itself. Any camera or reader failure is a
  Look in state "error" with the message (the flow then asks for the dice by hand).
* :class:`CupEye` is the simulator's shortcut (``--reader cup``): the simulated table's
  frames are still captured (and kept as photos), but the values come from the
  simulated cup, so scripted games do not depend on the dice reader.
* :class:`ScriptedEye` hands out looks written in advance (tests: the table with no
  camera, no threads and no sleeps).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from device.core.ports import DieValue, Look, LookState, SeenDie


class CameraEye:
    """Frames from ``source`` through the vision watcher (``reader``: injectable)."""

    def __init__(self, source: Any, reader: Callable[..., Any] | None = None,
                 expect: int | None = 2, watcher: Any = None) -> None:
        self.source = source
        self.reader = reader
        self.expect = expect
        self._watcher = watcher
        self._error: str | None = None

    def _make_watcher(self) -> Any:
        from vision.watcher import Watcher

        return Watcher(reader=self.reader, expect=self.expect)

    def start(self) -> None:
        self._error = None
        try:
            if not getattr(self.source, "started", False):
                self.source.start()
            if self._watcher is None:
                self._watcher = self._make_watcher()
            self._watcher.reset()
        except Exception as exc:  # a missing camera or reader must not crash the box
            self._error = f"camera: {exc}"

    def poll(self, t: float) -> Look:
        if self._error is not None:
            return Look(LookState.ERROR, problem=self._error)
        try:
            frame = self.source.capture()
            status = self._watcher.feed(frame, t)
        except Exception as exc:
            return Look(LookState.ERROR, problem=f"camera: {exc}")
        if status.state != "settled":
            return Look(LookState(status.state), frame=frame)
        return self._settled(status.reading, frame)

    def _settled(self, reading: Any, frame: Any) -> Look:
        """A settled reading: every die seen, and why it cannot be ruled on, if so."""
        seen = tuple(SeenDie(d.value, tuple(d.box), d.confidence) for d in reading.dice)
        problem = reading.problem
        if problem is None and reading.uncertain:
            n = len(reading.uncertain)
            problem = ("a die" if n == 1 else f"{n} dice") + " could not be read"
        if problem is None and self.expect is not None and len(seen) != self.expect:
            problem = f"expected {self.expect} dice, saw {len(seen)}"
        if problem is not None:
            return Look(LookState.SETTLED, problem=problem, frame=frame, seen=seen)
        return Look(LookState.SETTLED, tuple(d.value for d in seen), frame=frame, seen=seen)


class CupEye:
    """The simulator's oracle: ``cup()`` gives the dice, ``source`` the frames."""

    def __init__(self, source: Any, cup: Callable[[], tuple[DieValue, ...] | None]) -> None:
        self.source = source
        self.cup = cup

    def start(self) -> None:
        if not getattr(self.source, "started", False):
            self.source.start()

    def poll(self, t: float) -> Look:
        moving = bool(getattr(self.source, "moving", False))
        try:
            frame = self.source.capture()
        except Exception as exc:
            return Look(LookState.ERROR, problem=f"camera: {exc}")
        if moving:
            return Look(LookState.MOVING, frame=frame)
        dice = self.cup()
        if dice is None:
            return Look(LookState.SETTLED, problem="no dice under the cup", frame=frame)
        return Look(LookState.SETTLED, dice, frame=frame)


class ScriptedEye:
    """Scripted looks: each poll pops the next one; ``then`` repeats when none are left."""

    def __init__(self) -> None:
        self.looks: list[Look] = []
        self.then: Look = Look(LookState.MOVING)
        self.starts = 0
        self.polls: list[float] = []  # the times it was polled at

    def start(self) -> None:
        self.starts += 1

    def poll(self, t: float) -> Look:
        self.polls.append(t)
        return self.looks.pop(0) if self.looks else self.then


def reader_works() -> str | None:
    """``None`` when the vision reader loads and runs, else why not."""
    try:
        import numpy as np

        from vision.reader import read_dice
        from vision.watcher import Watcher  # noqa: F401

        read_dice(np.zeros((96, 128, 3), np.uint8), expect=2)
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return None
