"""The box's eyes (:class:`device.core.ports.Eye`): a frame source and the dice reader.

* :class:`CameraEye` feeds frames to :class:`vision.watcher.Watcher` (the vision
  engineer's public API) and turns its status into a :class:`device.core.ports.Look`: dice
  moving, hand in view, empty tray, or a settled reading with every die seen (value, box,
  confidence). It is good only when nothing is uncertain and, when the game expects a
  number of dice (``expect``, e.g. 2), exactly that many were seen; with ``expect=None``
  (a whole tray) the flow checks the number itself. Any camera or reader failure is a
  Look in state "error" with the message (the flow then asks for the dice by hand).
  Given a taught ``profile`` and the empty-tray ``reference``, every read uses them (and
  the watcher refreshes the reference whenever it sees the tray empty). With ``places``
  (the teach flow) a settled look also holds the places the reader could not name, and
  the places unlike the empty tray that no die covers (value None): the players name them.
* :class:`CupEye` is the simulator's shortcut (``--reader cup``): the simulated table's
  frames are still captured (and kept as photos), but the values come from the
  simulated cup, so scripted games do not depend on the dice reader.
* :class:`ScriptedEye` hands out looks written in advance (tests: the table with no
  camera, no threads and no sleeps).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from device.core.ports import DieValue, Look, LookState, SeenDie


class CameraEye:
    """Frames from ``source`` through the vision watcher (``reader``: injectable)."""

    def __init__(self, source: Any, reader: Callable[..., Any] | None = None,
                 expect: int | None = 2, watcher: Any = None, *, profile: Any = None,
                 reference: Any = None, places: bool = False) -> None:
        self.source = source
        self.reader = reader
        self.expect = expect
        self.profile = profile
        self.reference = reference
        self.places = places
        self._watcher = watcher
        self._error: str | None = None

    def _make_watcher(self) -> Any:
        from vision.reader import read_dice
        from vision.watcher import Watcher

        reader = self.reader
        if reader is None:
            reader = functools.partial(read_dice, profile=self.profile,
                                       reference=self.reference)
        if self.places and self.reference is not None:
            reader = functools.partial(_with_new_places, reader, self.reference, self.profile)
        return Watcher(reader=reader, expect=self.expect, reference=self.reference)

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
        if self.places:
            seen += tuple(SeenDie(None, tuple(r.box), r.confidence) for r in reading.uncertain)
            return Look(LookState.SETTLED, problem=reading.problem, frame=frame, seen=seen)
        problem = reading.problem
        if problem is None and reading.uncertain:
            n = len(reading.uncertain)
            problem = ("a die" if n == 1 else f"{n} dice") + " could not be read"
        if problem is None and self.expect is not None and len(seen) != self.expect:
            problem = f"expected {self.expect} dice, saw {len(seen)}"
        if problem is not None:
            return Look(LookState.SETTLED, problem=problem, frame=frame, seen=seen)
        return Look(LookState.SETTLED, tuple(d.value for d in reading.dice), frame=frame,
                    seen=seen)


def _with_new_places(reader: Callable[..., Any], reference: Any, profile: Any, image: Any,
                     expect: int | None = None) -> Any:
    """``reader``'s reading plus, as uncertain regions, the die-sized places unlike the
    empty tray that nothing read covers (dice the reader does not know, e.g. symbol dice
    before they are taught): the teach flow asks the players to name them."""
    from vision.types import Reading, Region, verdict

    reading = reader(image, expect=expect)
    known = [*reading.dice, *reading.uncertain]
    sides = [max(x.box[2] - x.box[0], x.box[3] - x.box[1]) for x in known]
    side = (profile.side if profile is not None else
            sorted(sides)[len(sides) // 2] if sides else min(image.shape[:2]) / 12.0)
    new: list[Region] = []
    for (cx, cy), s in reference.places(image, side):
        if all((cx - x.center[0]) ** 2 + (cy - x.center[1]) ** 2 >= (0.6 * s) ** 2
               for x in [*known, *new]):
            box = (round(cx - s / 2), round(cy - s / 2), round(cx + s / 2), round(cy + s / 2))
            new.append(Region((cx, cy), box, "something new on the tray"))
    if not new:
        return reading
    regions = (*reading.uncertain, *new)
    return Reading(reading.dice, regions, reading.expect, reading.ms,
                   verdict(reading.dice, regions, reading.expect))


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
    """``None`` when the vision reader loads and runs, else why not. It is left ready: every
    network loaded and OpenCV's lazily built tables made (``vision.reader.warm_up``), so the
    first ruling after a start does not wait for them (about a second on a Pi 4)."""
    try:
        from vision.reader import warm_up
        from vision.watcher import Watcher  # noqa: F401

        warm_up()
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return None
