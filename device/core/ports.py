"""The ports every game flow and every adapter share: looks and eyes, the recorder, the
photo keeper and the simulator's options. Plain values and Protocols; no hardware here.

* An :class:`Eye` looks at the tray: :meth:`Eye.poll` returns a :class:`Look` (its
  :class:`LookState`, the dice values when settled, what was seen with boxes, a problem).
* A :class:`Recorder` records actions with their meta (a :class:`games.log.LogWriter`).
* A :class:`PhotoKeeper` keeps the frame behind a ruling and returns its path for the meta.
* :class:`SimOptions`: how the simulator was started (what a game's simulated table is
  told to be; what the flow tells it is :class:`device.core.flow.SimHooks`).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

#: A die's value: 1-6 for pip dice, a face name for symbol dice.
DieValue = int | str
#: A box in the photo's pixel coordinates: (x0, y0, x1, y1).
Box = tuple[int, int, int, int]


class LookState(enum.StrEnum):
    """What the camera makes of the tray (the watcher's states, plus looking and error).

    >>> LookState("hand in view") is LookState.HAND
    True
    """

    LOOKING = "looking"
    MOVING = "moving"
    HAND = "hand in view"
    EMPTY = "empty"
    SETTLED = "settled"
    ERROR = "error"


#: The words a reading screen shows for each state (the same in every game).
STATUS_WORDS: dict[LookState, str] = {
    LookState.LOOKING: "looking",
    LookState.MOVING: "dice moving",
    LookState.HAND: "hands away",
    LookState.EMPTY: "no dice yet",
    LookState.SETTLED: "",
    LookState.ERROR: "camera problem",
}


def status_word(state: LookState | str) -> str:
    """The reading screen's word for a look state.

    >>> status_word("hand in view")
    'hands away'
    """
    return STATUS_WORDS[LookState(state)]


@dataclass(frozen=True)
class SeenDie:
    """One die the reader saw: its value, where (photo pixels) and how sure (``None``: a
    die-like place whose face could not be read; only the teach flow asks for those)."""

    value: DieValue | None
    box: Box | None = None
    confidence: float | None = None

    def to_json(self) -> dict[str, Any]:
        """The log meta's form (``box``/``confidence`` only when known).

        >>> SeenDie(5, (1, 2, 3, 4), 0.97).to_json()
        {'value': 5, 'box': [1, 2, 3, 4], 'confidence': 0.97}
        >>> SeenDie(3).to_json()
        {'value': 3}
        """
        out: dict[str, Any] = {"value": self.value}
        if self.box is not None:
            out["box"] = list(self.box)
        if self.confidence is not None:
            out["confidence"] = round(self.confidence, 3)
        return out


@dataclass(frozen=True)
class Look:
    """What the camera makes of the tray now.

    ``values``: the dice when settled on a reading without problems (the flow checks their
    number); ``problem``: why a settled reading cannot be ruled on, or the camera error;
    ``seen``: every die seen, with boxes when the eye knows them; ``frame``: the frame
    looked at (kept as the photo behind a ruling).
    """

    state: LookState
    values: tuple[DieValue, ...] | None = None
    problem: str | None = None
    frame: Any = field(default=None, compare=False)
    seen: tuple[SeenDie, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "state", LookState(self.state))
        if self.values is not None:
            object.__setattr__(self, "values", tuple(self.values))
            if not self.seen:
                object.__setattr__(self, "seen", tuple(SeenDie(v) for v in self.values))

    @property
    def done(self) -> bool:
        """A settled reading (good or not) or an error: stop looking."""
        return self.state in (LookState.SETTLED, LookState.ERROR)


class Eye(Protocol):
    """The camera (or the simulator's cup, or a script) looking at the tray."""

    def start(self) -> None:
        """Start looking afresh (forget earlier frames)."""

    def poll(self, t: float) -> Look:
        """Look at the next frame (``t``: seconds, monotonic)."""


class Recorder(Protocol):
    """Where actions are recorded (a :class:`games.log.LogWriter`)."""

    def action(self, action: Any, meta: Any = None) -> int: ...

    def note(self, **fields: Any) -> None: ...


class PhotoKeeper(Protocol):
    """Keeps the frame behind action ``n`` (``part``: a batch, for several photos of one
    action); returns its path for the log meta, or None when it could not be kept."""

    def __call__(self, frame: Any, n: int, part: int | None = None) -> str | None: ...


@dataclass(frozen=True)
class SimOptions:
    """How the simulator was started (``bluffbox run --sim``): what every game's
    simulator is built from (``dice``: the scripted rolls as typed; ``miss``: reveals
    whose first look misses a die; ``notes``: where the simulator writes its notes)."""

    seed: int = 0
    dice: str = ""
    camera: Any = None
    notes: Any = None
    miss: int = 0


#: (frame, n, part) -> path: see :class:`PhotoKeeper`.
SavePhoto = Callable[..., "str | None"]

__all__ = ["Box", "DieValue", "Eye", "Look", "LookState", "PhotoKeeper", "Recorder",
           "STATUS_WORDS", "SavePhoto", "SeenDie", "SimOptions", "status_word"]
