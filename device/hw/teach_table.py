"""The simulator's table while teaching (:class:`device.core.dice.TeachTable`): it empties
the simulated tray, then rolls the dice asked for (random pips, or every die showing the
face asked for), and says in the terminal what lies in the tray."""

from __future__ import annotations

import random

from device.core.dice import DiceKind
from device.core.ports import DieValue
from device.hw.camera import SimulatedTable


class SimTeachTable:
    """Rolls on ``camera`` (the simulated table), seeded by ``seed``."""

    def __init__(self, camera: SimulatedTable, seed: int = 0) -> None:
        self.camera = camera
        self.rng = random.Random(seed)

    def empty(self) -> None:
        self.camera.clear()

    def roll(self, kind: DiceKind, face: DieValue | None) -> None:
        values = ([face] * kind.dice if face is not None
                  else [self.rng.choice(kind.faces) for _ in range(kind.dice)])
        self.camera.roll(values)

    def lines(self) -> list[str]:
        dice = " ".join(str(v) for v in self.camera.values) or "nothing"
        return [f"(sim) in the tray: {dice}"]


__all__ = ["SimTeachTable"]
