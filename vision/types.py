"""Result types of the dice reader."""

from __future__ import annotations

from dataclasses import dataclass, field

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Die:
    """A die read with its top-face value; pixel centre and box (x0, y0, x1, y1); its turn
    in the image (degrees, the angle its crop was aligned by)."""

    value: int
    center: tuple[float, float]
    box: Box
    confidence: float
    angle: float = 0.0


@dataclass(frozen=True)
class Region:
    """A die-like region whose top face could not be counted, and why."""

    center: tuple[float, float]
    box: Box
    reason: str
    confidence: float = 0.0


@dataclass(frozen=True)
class Reading:
    """Everything the reader saw in one image, with a verdict the box can rule on."""

    dice: tuple[Die, ...] = ()
    uncertain: tuple[Region, ...] = ()
    expect: int | None = None
    ms: float = 0.0
    problem: str | None = field(default=None)

    @property
    def ok(self) -> bool:
        """True when every die was read and the count matches what was expected."""
        return self.problem is None

    @property
    def values(self) -> tuple[int, ...]:
        """The read values, sorted."""
        return tuple(sorted(d.value for d in self.dice))


def verdict(dice: tuple[Die, ...], uncertain: tuple[Region, ...], expect: int | None) -> str | None:
    """The problem to report (or None): uncertain dice first, then a count mismatch."""
    if uncertain:
        n = len(uncertain)
        return "a die could not be read" if n == 1 else f"{n} dice could not be read"
    if expect is not None and len(dice) != expect:
        return f"expected {expect} {'die' if expect == 1 else 'dice'}, saw {len(dice)}"
    return None
