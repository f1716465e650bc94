"""The box's eyes, made for each game and for teaching: every read of a game's dice uses
the taught profile of its kind (if any, and not broken) and the kept empty-tray reference.

:class:`BoxEyes` is what ``bluffbox run`` hands the box: :meth:`BoxEyes.for_game` (the
:data:`device.core.box.EyeFactory`) and :meth:`BoxEyes.teach` (the
:data:`device.core.teach.TeachFactory`).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path
from typing import Any

from device.core.config import TeachConfig
from device.core.dice import DiceKind
from device.core.flow import SimHooks
from device.core.game import GameRecord
from device.core.ports import Eye
from device.core.teach import TeachFlow
from device.hw.camera import SimulatedTable
from device.hw.eyes import CameraEye, CupEye
from device.hw.profiles import KeptTray, ProfileShelf
from device.hw.teach_table import SimTeachTable, teach_on_the_table
from vision.profile import Profile

log = logging.getLogger("bluffbox")


class BoxEyes:
    """Eyes on ``camera`` with the profiles and reference of ``state_dir``; ``cup``: the
    simulator reads its own cup for games (``--reader cup``); ``sim``: teaching rolls on the
    simulated table (seeded by ``seed``), which teaches untaught symbol dice by itself;
    ``asks``: how many looks teaching asks for (the config's ``[teach]``)."""

    def __init__(self, camera: Any, state_dir: Path | str, *, cup: bool = False,
                 sim: bool = False, seed: int = 0, asks: TeachConfig | None = None) -> None:
        self.camera = camera
        self.shelf = ProfileShelf(state_dir)
        self.tray = KeptTray(state_dir)
        self.cup = cup
        self.sim = sim
        self.seed = seed
        self.asks = asks if asks is not None else TeachConfig()

    def for_game(self, game: GameRecord, hooks: SimHooks | None) -> Eye:
        """The eye a game's flow reads its dice with: the camera, with the taught profile of
        the game's dice. The simulator reads its own cup when asked to (``--reader cup``);
        symbol dice not taught yet it first teaches on its simulated table
        (:meth:`teach_simulated`), or, on another camera, reads its cup for them."""
        profile = self.shelf.load(game.dice) if game.dice is not None else None
        if (hooks is not None and not self.cup and profile is None and game.dice is not None
                and game.dice.symbols):
            profile = self.teach_simulated(game.dice)
        untaught = game.dice is not None and game.dice.symbols and profile is None
        if hooks is not None and (self.cup or untaught):
            return CupEye(self.camera, hooks.dice)
        if game.dice is None:
            return CameraEye(self.camera, expect=game.dice_per_look)
        return CameraEye(self.camera, expect=game.dice_per_look, profile=profile,
                         reference=self.tray.guarded(profile.side if profile else None))

    def teach_simulated(self, kind: DiceKind) -> Profile | None:
        """The simulator's first game with ``kind`` (symbol dice, no profile yet): play the
        teach step on the simulated table once and keep the profile in the state directory
        as the box would (the menu's "Teach" line teaches again). None when the camera is
        not the simulated table or the teaching did not save."""
        if not (self.sim and isinstance(self.camera, SimulatedTable)):
            return None
        log.warning("the simulator teaches its %s once (each face %d times on the simulated "
                    "table; kept in %s)", kind.label, self.asks.per_face, self.shelf.path(kind))
        if not teach_on_the_table(self.teach(kind), self.camera):
            log.warning("teaching the simulated %s did not finish", kind.label)
            return None
        return self.shelf.load(kind)

    def teach(self, kind: DiceKind) -> TeachFlow:
        """The teach flow for ``kind`` (asking for the configured looks): the empty tray
        taken as it is, then looks that also hold the places the reader cannot name."""
        kind = replace(kind, rolls=self.asks.rolls, per_face=self.asks.per_face)
        profile = self.shelf.load(kind)
        eye = CameraEye(self.camera, expect=None, profile=profile, places=True,
                        reference=self.tray.guarded(profile.side if profile else None))
        table = (SimTeachTable(self.camera, self.seed)
                 if self.sim and isinstance(self.camera, SimulatedTable) else None)
        return TeachFlow(kind, eye, self.shelf, table,
                         clear_eye=CameraEye(self.camera, expect=None, reference=self.tray))


__all__ = ["BoxEyes"]
