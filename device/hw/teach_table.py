"""The simulator's table while teaching (:class:`device.core.dice.TeachTable`): it empties
the simulated tray, then rolls the dice asked for (random pips, or every die showing the
face asked for), and says in the terminal what lies in the tray.

:func:`teach_on_the_table` plays a whole teach step on it, as a player who checks each
look against the dice they laid out would: the simulator teaches its symbol dice so once,
before their first game, through the same teach flow and profile shelf as the box.
"""

from __future__ import annotations

import random

from device.core.dice import DiceKind
from device.core.ports import DieValue
from device.core.roles import Role
from device.core.teach import Checking, Finished, TeachFlow
from device.hw.camera import SimulatedTable

FRAME = 1 / 30  # the simulated camera's frame interval, seconds


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


def teach_on_the_table(flow: TeachFlow, camera: SimulatedTable, max_presses: int = 200,
                       max_ticks: int = 100) -> bool:
    """Play ``flow`` (a teach flow on the simulated table ``camera``) to its end: start,
    let the camera look, accept a look only when the dice seen are the dice on the table
    (their number, and each face as proposed), else look again. True when it saved."""
    t = 0.0
    flow.press(Role.OK)  # the intro: start
    for _ in range(max_presses):
        for _tick in range(max_ticks):
            if not flow.busy:
                break
            flow.tick(t)
            t += FRAME
        mode = flow.mode
        if isinstance(mode, Finished) or flow.finished:
            break
        if isinstance(mode, Checking):
            on_table = sorted(map(str, camera.values))
            right = sorted(str(v) for v in mode.values if v is not None) == on_table
            flow.press(Role.ACCEPT if right and len(mode.values) == len(on_table)
                       else Role.CHALLENGE)
        else:  # a look that found nothing, or a camera that never settled: look again
            flow.press(Role.OK)
    return flow.saved


__all__ = ["SimTeachTable", "teach_on_the_table"]
