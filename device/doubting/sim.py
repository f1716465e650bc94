"""The simulator's Doubting Dice table: everyone's cups, and a tray the camera shows.

* The cups: when a round's "Everyone roll" comes on screen, every player still in
  rolls the dice they hold, once a round: the next values of the scripted ``--dice``
  list (read as a flat list of dice, seat by seat: ``--dice 14462,33516,...``), then a
  seeded RNG. A terminal line shows the cup of the player whose input is awaited only.
* The reveal: when the players pour their dice into the tray, the simulated camera
  (:class:`device.hw.camera.SimulatedTable`) renders every die in play (up to 30), after a
  short "moving" phase. ``miss`` (``--miss-die N``): on the first look at each of the
  first N reveals one die has rolled out of sight, so the box must ask to spread the
  dice and read again.
* Resuming: each roll is written to the game log as a note (``{"type": "note", "sim":
  {...}}``, ignored by replay), so a restarted simulator has the same cups.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from device.core.flow import GameFlow, NoHooks, Reading
from device.core.notes import sim_notes
from device.core.ports import SimOptions
from device.doubting.flow import DoubtingFlow, ReadKind, RoundStart
from games.doubting.state import Phase


def parse_flat_dice(text: str) -> list[int]:
    """``"14462, 335-16"`` -> ``[1, 4, 4, 6, 2, 3, 3, 5, 1, 6]``; :class:`ValueError` else.

    >>> parse_flat_dice("12,3 4")
    [1, 2, 3, 4]
    """
    digits = re.sub(r"[\s,\-]", "", text or "")
    if not re.fullmatch(r"[1-6]*", digits):
        raise ValueError(f"{text!r}: dice are digits 1-6 (like 14462,33516)")
    return [int(c) for c in digits]


class DoubtingSim(NoHooks):
    """The simulator's hooks for :class:`device.doubting.flow.DoubtingFlow`."""

    def __init__(self, names: Sequence[str], settings: Any = None, seed: int = 0,
                 dice: str | Sequence[int] = (), camera: Any = None, notes: Any = None,
                 miss: int = 0) -> None:
        self.names = tuple(names)
        self.seed = seed
        self.script = parse_flat_dice(dice) if isinstance(dice, str) else list(dice)
        self.camera = camera
        self.notes = notes  # a LogWriter (note lines), or None
        self.miss = miss
        self.cups: tuple[tuple[int, ...], ...] = ()
        self.cup_round: int | None = None
        self.rolled = 0  # dice values used so far (the script first, then the RNG)
        self.missed = 0  # reveals whose first look hid a die
        self.tray: tuple[int, ...] | None = None

    @classmethod
    def simulate(cls, names: Sequence[str], settings: Any, options: SimOptions
                 ) -> DoubtingSim:
        """The simulated table ``bluffbox run --sim`` plays on (``--dice``: every cup's
        dice in turn; ``--miss-die``)."""
        return cls(names, settings, options.seed, options.dice, options.camera,
                   options.notes, options.miss)

    # --- restoring -----------------------------------------------------------------------
    def restore(self, actions: Sequence[Any], log_path: str | Path) -> None:
        """Find the last cups (after a restart)."""
        for sim in sim_notes(log_path):
            if "cups" in sim:
                self.cups = tuple(tuple(c) for c in sim["cups"])
                self.cup_round = sim["round"]
                self.rolled = sim["rolled"]
            self.missed = sim.get("missed", self.missed)

    # --- the cups -------------------------------------------------------------------------
    def _die(self) -> int:
        k = self.rolled
        self.rolled += 1
        if k < len(self.script):
            return self.script[k]
        return random.Random(f"{self.seed}/dd/{k}").randint(1, 6)

    def entered(self, flow: GameFlow) -> None:
        """A round's "Everyone roll" on screen: the cups roll, once a round."""
        if isinstance(flow, DoubtingFlow) and isinstance(flow.mode, RoundStart):
            self.round(flow)

    def round(self, table: DoubtingFlow) -> None:
        s = table.state
        if self.cup_round == s.round:
            return
        self.cups = tuple(tuple(self._die() for _ in range(n)) for n in s.dice)
        self.cup_round = s.round
        if self.notes is not None:
            self.notes.note(sim={"cups": [list(c) for c in self.cups], "round": s.round,
                                 "rolled": self.rolled})

    def lift(self, flow: GameFlow, reading: Reading) -> None:
        """The players pour: every cup in the reading's batch goes into the tray."""
        assert isinstance(flow, DoubtingFlow)
        seats = flow.pour_groups()[reading.batch]
        values = tuple(v for seat in seats if seat < len(self.cups) for v in self.cups[seat])
        if (reading.kind is not ReadKind.ROUND and reading.attempt == 1
                and self.missed < self.miss and values):
            values = values[:-1]  # one die rolled out of sight
            self.missed += 1
            if self.notes is not None:
                self.notes.note(sim={"missed": self.missed})
        self.tray = values
        if self.camera is not None and hasattr(self.camera, "roll"):
            self.camera.roll(values)

    def dice(self) -> tuple[int | str, ...] | None:
        """What lies in the tray (the ``--reader cup`` eye's answer)."""
        return self.tray

    # --- what the terminal shows under the screen ----------------------------------------
    def lines(self, table: GameFlow | None) -> list[str]:
        if not isinstance(table, DoubtingFlow):
            return []
        s = table.state
        if isinstance(table.mode, Reading) and self.tray is not None:
            return [f"(sim) the tray: {len(self.tray)} dice"]
        seat = s.awaiting if s.awaiting is not None else s.starter
        if s.phase is Phase.GAME_OVER or seat >= len(self.cups) or not self.cups[seat]:
            return []
        who = s.names[seat].upper()
        cup = " ".join(str(v) for v in self.cups[seat])
        return [f"(sim) {who}'s cup: {cup}   <- only {who} looks"]


__all__ = ["DoubtingSim", "parse_flat_dice"]
