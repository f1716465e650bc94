"""The box's eyes, made for each game and for teaching: every read of a game's dice uses
the taught profile of its kind (if any, and not broken) and the kept empty-tray reference.

:class:`BoxEyes` is what ``bluffbox run`` hands the box: :meth:`BoxEyes.for_game` (the
:data:`device.core.box.EyeFactory`) and :meth:`BoxEyes.teach` (the
:data:`device.core.teach.TeachFactory`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from device.core.dice import DiceKind
from device.core.game import GameRecord
from device.core.ports import Eye, SimHooks
from device.core.teach import TeachFlow
from device.hw.camera import SimulatedTable
from device.hw.eyes import CameraEye, CupEye
from device.hw.profiles import KeptTray, ProfileShelf
from device.hw.teach_table import SimTeachTable


class BoxEyes:
    """Eyes on ``camera`` with the profiles and reference of ``state_dir``; ``cup``: the
    simulator reads its own cup for games (``--reader cup``); ``sim``: teaching rolls on the
    simulated table (seeded by ``seed``)."""

    def __init__(self, camera: Any, state_dir: Path | str, *, cup: bool = False,
                 sim: bool = False, seed: int = 0) -> None:
        self.camera = camera
        self.shelf = ProfileShelf(state_dir)
        self.tray = KeptTray(state_dir)
        self.cup = cup
        self.sim = sim
        self.seed = seed

    def for_game(self, game: GameRecord, hooks: SimHooks | None) -> Eye:
        """The eye a game's flow reads its dice with. The simulator reads its own cup when
        asked to (``--reader cup``), for symbol dice not taught yet, and for a game whose
        simulator draws its dice on a tray camera of its own (Bluffaneer's bone tray: the
        teach flow's renders do not look like its drawings), still capturing that camera's
        frames for the photos."""
        own = getattr(hooks, "camera", None)
        profile = self.shelf.load(game.dice) if game.dice is not None else None
        untaught = game.dice is not None and game.dice.symbols and profile is None
        if hooks is not None and (self.cup or untaught or own is not None):
            return CupEye(own or self.camera, hooks.dice)
        if game.dice is None:
            return CameraEye(self.camera, expect=game.dice_per_look)
        return CameraEye(self.camera, expect=game.dice_per_look, profile=profile,
                         reference=self.tray.guarded(profile.side if profile else None))

    def teach(self, kind: DiceKind) -> TeachFlow:
        """The teach flow for ``kind``: the empty tray taken as it is, then looks that also
        hold the places the reader cannot name."""
        profile = self.shelf.load(kind)
        eye = CameraEye(self.camera, expect=None, profile=profile, places=True,
                        reference=self.tray.guarded(profile.side if profile else None))
        table = (SimTeachTable(self.camera, self.seed)
                 if self.sim and isinstance(self.camera, SimulatedTable) else None)
        return TeachFlow(kind, eye, self.shelf, table,
                         clear_eye=CameraEye(self.camera, expect=None, reference=self.tray))


__all__ = ["BoxEyes"]
