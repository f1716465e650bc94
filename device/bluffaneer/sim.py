"""The simulator's Bluffaneer table: bone dice rolled in the open, secret cards, and the
simulated camera over the tray.

* The roll: the k-th roll of the game is the k-th of ``--dice ship+sword,chest+chest``,
  then a seeded RNG (``--seed``): a restarted simulator rolls the same dice, no notes
  needed. When the box reads the roll, the simulated table
  (:class:`device.hw.camera.SimulatedTable`, the camera every game's simulator shares)
  shows those two bone dice, drawn by :mod:`vision.synthetic_symbols` as the teach renders
  are; the box reads them with its eyes and the taught profile, as on the real box.
  :meth:`BluffaneerSim.dice` (what lies in the tray) is only asked by ``--reader cup``.
* The cards: each player's secret card comes from a seeded, shuffled deck
  (:class:`games.bluffaneer.table.Table`, kept in step with the engine's events). A
  revealed card is entered by hand (the box does not read cards); the terminal says
  which card the player holds.
* The coin: a tie's coin toss uses a seeded RNG (:attr:`BluffaneerSim.coin`).
* The terminal shows the roll being read and, at a claim, every player's card (a real
  table keeps them secret; one person plays them all here).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from device.bluffaneer.flow import BluffaneerFlow, Match, ReadKind
from device.core.flow import EnterByHand, GameFlow, NoHooks, Reading
from device.core.ports import SimOptions
from games.bluffaneer.actions import Roll
from games.bluffaneer.faces import DEFAULT_FACES, FaceSet
from games.bluffaneer.state import Settings
from games.bluffaneer.table import Table
from games.errors import InvalidInput


def parse_rolls(text: str, faces: FaceSet = DEFAULT_FACES) -> list[tuple[str, str]]:
    """``"ship+sword, chest chest"`` -> ``[("ship", "sword"), ("chest", "chest")]``;
    :class:`ValueError` naming a bad item.

    >>> parse_rolls("ship+sword, chest chest")
    [('ship', 'sword'), ('chest', 'chest')]
    """
    rolls = []
    for item in (text or "").split(","):
        if not item.strip():
            continue
        try:
            pair = faces.parse(item)
        except InvalidInput as exc:
            raise ValueError(f"{item.strip()!r}: {exc}") from None
        if len(pair) != 2:
            raise ValueError(f"{item.strip()!r} is not two bone dice (like ship+sword)")
        rolls.append((pair[0], pair[1]))
    return rolls


# --- the simulator's hooks ------------------------------------------------------------------


class BluffaneerSim(NoHooks):
    """The simulator's hooks for :class:`device.bluffaneer.flow.BluffaneerFlow`."""

    def __init__(self, names: Sequence[str], settings: Settings | None = None, seed: int = 0,
                 rolls: Sequence[tuple[str, str]] = (), camera: Any = None) -> None:
        self.seed = seed
        self.script = list(rolls)
        self.virtual = Table.start(list(names), settings, seed)
        self.camera = camera  # the simulated table (or a photo folder, a webcam: not drawn on)
        self.rolled = 0  # Roll actions applied so far
        self.tray: tuple[str, ...] | None = None
        self.coin = random.Random(f"{seed}/bluffaneer/coin")

    @classmethod
    def simulate(cls, names: Sequence[str], settings: Any, options: SimOptions
                 ) -> BluffaneerSim:
        """The simulated table ``bluffbox run --sim`` plays on (``--dice``: the rolls)."""
        faces = settings.faces if isinstance(settings, Settings) else DEFAULT_FACES
        return cls(names, settings, options.seed, parse_rolls(options.dice, faces),
                   options.camera)

    def next_roll(self) -> tuple[str, str]:
        """The roll being read now: the script's, then the seeded RNG's."""
        k = self.rolled
        if k < len(self.script):
            return self.script[k]
        die = self.virtual.state.settings.faces.die
        rng = random.Random(f"{self.seed}/bluffaneer/{k}")
        return (rng.choice(die), rng.choice(die))

    # --- hooks -------------------------------------------------------------------------------
    def restore(self, actions: Sequence[Any], log_path: str | Path) -> None:
        """Catch the virtual cards and the roll count up with a resumed log."""
        for action in actions:
            self.applied(None, action, ())

    def lift(self, flow: GameFlow, reading: Reading) -> None:
        """The roll goes under the camera: the simulated table shows the two bone dice."""
        if reading.kind is not ReadKind.ROLL:
            return
        self.tray = self.next_roll()
        if hasattr(self.camera, "roll"):
            self.camera.roll(self.tray)

    def applied(self, flow: GameFlow | None, action: Any, events: Sequence[Any]) -> None:
        self.virtual.apply(action)
        if isinstance(action, Roll):
            self.rolled += 1

    def dice(self) -> tuple[int | str, ...] | None:
        return self.tray

    def lines(self, flow: GameFlow | None) -> list[str]:
        if not isinstance(flow, BluffaneerFlow):
            return []
        mode = flow.mode
        if isinstance(mode, Reading) and self.tray is not None:
            return [f"(sim) the dice under the camera: {' + '.join(self.tray)}"]
        if isinstance(mode, EnterByHand) and mode.kind is ReadKind.ROLL and self.tray:
            return [f"(sim) the dice in the tray: {' + '.join(self.tray)}"]
        if isinstance(mode, EnterByHand):
            s = self.virtual.state
            seat = s.claimer if mode.kind is ReadKind.CARD else s.roller
            if seat is not None:
                card = " + ".join(self.virtual.hands[seat].symbols)
                return [f"(sim) {s.names[seat].upper()}'s card: {card}"]
        if isinstance(flow.mode, Match):
            s = self.virtual.state
            cards = ", ".join(f"{s.names[i].upper()} {c}" for i, c in
                              enumerate(self.virtual.hands))
            return [f"(sim) the secret cards: {cards}"]
        return []


__all__ = ["BluffaneerSim", "parse_rolls"]
