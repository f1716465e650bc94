"""What an action's log meta says about the reading behind it (docs/game-log.md).

The box writes, for an action its camera (or a hand entry) produced::

    {"read": "camera", "photo": "photos/<game>/0007.jpg", "looks": 2,
     "seen": [{"value": 5, "box": [x0, y0, x1, y1], "confidence": 0.97}, ...]}

plus ``"batches": [{"photo": ..., "seen": [...]}, ...]`` when the dice were read in several
trays (``photo``/``seen`` then hold the last batch). Older logs have ``{"read": "camera"}``
or an int ``"seen"`` (a count): no boxes are known then. :func:`reading_of` accepts all of
them and never raises on odd meta (a scoreboard shows what it can).

>>> r = reading_of({"read": "camera", "photo": "photos/g/0002.jpg",
...                 "seen": [{"value": 5, "box": [1, 2, 30, 40], "confidence": 0.9}]})
>>> r.camera, r.batches[0].photo, r.batches[0].dice[0].value
(True, 'photos/g/0002.jpg', 5)
>>> reading_of({"read": "camera", "seen": 2, "looks": 1}).batches
()
>>> reading_of(None) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SeenDie:
    """One die the camera saw: a pip value 1-6 or a symbol face name, and its box."""

    value: int | str
    box: tuple[float, float, float, float] | None = None
    confidence: float | None = None


@dataclass(frozen=True)
class Batch:
    """One photo of the tray and the dice seen in it."""

    photo: str | None
    dice: tuple[SeenDie, ...]


@dataclass(frozen=True)
class Reading:
    """How an action's dice were read: by the camera or by hand, and the photos."""

    read: str
    batches: tuple[Batch, ...]
    looks: int | None = None
    why: str | None = None

    @property
    def camera(self) -> bool:
        return self.read == "camera"


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _die(data: Any) -> SeenDie | None:
    if not isinstance(data, Mapping):
        return None
    value = data.get("value")
    if not ((isinstance(value, int) and not isinstance(value, bool)) or isinstance(value, str)):
        return None
    raw = data.get("box")
    box = None
    if isinstance(raw, list | tuple) and len(raw) == 4 and all(map(_number, raw)):
        box = (float(raw[0]), float(raw[1]), float(raw[2]), float(raw[3]))
    conf = data.get("confidence")
    return SeenDie(value, box, float(conf) if isinstance(conf, int | float) and _number(conf)
                   else None)


def _batch(photo: Any, seen: Any) -> Batch:
    dice = tuple(d for d in map(_die, seen if isinstance(seen, list) else []) if d is not None)
    return Batch(photo if isinstance(photo, str) and photo else None, dice)


def reading_of(meta: Mapping[str, Any] | None) -> Reading | None:
    """The reading an action's meta describes, or ``None`` if it names none."""
    if not isinstance(meta, Mapping) or not isinstance(meta.get("read"), str):
        return None
    raw = meta.get("batches")
    if isinstance(raw, list) and raw:
        batches = tuple(_batch(b.get("photo"), b.get("seen")) for b in raw
                        if isinstance(b, Mapping))
    elif meta.get("photo") or isinstance(meta.get("seen"), list):
        batches = (_batch(meta.get("photo"), meta.get("seen")),)
    else:
        batches = ()
    looks = meta.get("looks")
    why = meta.get("why")
    return Reading(meta["read"], batches, looks if isinstance(looks, int) else None,
                   why if isinstance(why, str) else None)
