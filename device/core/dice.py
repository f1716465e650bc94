"""Which dice a game reads, and the ports of teaching them (the teach flow's outside world).

* :class:`DiceKind`: a set of dice the camera reads (its name, the faces it can show). A
  game record names its kind (:attr:`device.core.game.GameRecord.dice`); games with the same
  kind share one taught profile (every pip game: :data:`PIP_DICE`).
* :class:`TaughtShot`: one confirmed look at the tray (the frame and each die's face).
* :class:`DiceShelf`: where taught profiles are kept (the state directory's
  ``profiles/<kind name>/``): what it holds for a kind, and saving a new one.
* :class:`TeachTable`: what the simulator's table is told while teaching (the real box
  has no such thing: :class:`NoTeachTable`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from device.core.ports import DieValue, SeenDie


@dataclass(frozen=True)
class DiceKind:
    """A kind of dice: ``name`` (the profile's folder), ``label`` (menus), ``faces`` (pip
    values 1-6, or face names for symbol dice), ``rolls`` (teaching looks at pip dice),
    ``per_face`` (teaching looks at each face of symbol dice), ``dice`` (dice a look uses).
    The box asks for the config's ``[teach] rolls`` and ``per_face`` instead
    (:meth:`device.hw.box_eyes.BoxEyes.teach`).

    >>> PIP_DICE.symbols, PIP_DICE.looks
    (False, 3)
    >>> bone = DiceKind("bone", "bone dice", ("chest", "sword", "ship", "skull"))
    >>> bone.symbols, bone.looks, bone.face_for(2)
    (True, 12, 'sword')
    """

    name: str
    label: str
    faces: tuple[DieValue, ...]
    rolls: int = 3
    per_face: int = 3
    dice: int = 2

    def __post_init__(self) -> None:
        if not self.name or not self.name.replace("-", "").replace("_", "").isalnum():
            raise ValueError(f"a dice kind's name is a folder name, not {self.name!r}")
        if len(set(self.faces)) != len(self.faces) or len(self.faces) < 2:
            raise ValueError(f"a dice kind needs two or more different faces: {self.faces}")

    @property
    def symbols(self) -> bool:
        """Faces are names (symbol dice) rather than pip values."""
        return isinstance(self.faces[0], str)

    @property
    def looks(self) -> int:
        """How many confirmed looks a teaching takes."""
        return self.per_face * len(self.faces) if self.symbols else self.rolls

    def face_for(self, look: int) -> DieValue | None:
        """The face asked for at ``look`` (1-based; symbol dice: each face in turn)."""
        if not self.symbols:
            return None
        return self.faces[(look - 1) % len(self.faces)]


#: Ordinary dice with pips 1-6 (Bamboozled, Doubting Dice).
PIP_DICE = DiceKind("pips", "pip dice", (1, 2, 3, 4, 5, 6))


def profile_dir(state_dir: Path, kind: DiceKind) -> Path:
    """Where ``kind``'s taught profile lives in the state directory."""
    return Path(state_dir) / "profiles" / kind.name


@dataclass(frozen=True)
class TaughtShot:
    """One confirmed look: the frame and its dice (faces as confirmed, boxes as seen)."""

    frame: Any
    dice: tuple[SeenDie, ...]


class DiceShelf(Protocol):
    """Taught profiles, one per dice kind (:class:`device.hw.profiles.ProfileShelf`)."""

    def status(self, kind: DiceKind) -> str:
        """What is kept for ``kind``, in words ("none yet", "12 dice taught", "broken...")."""

    def usable(self, kind: DiceKind) -> bool:
        """Whether a profile of ``kind`` is kept and reads use it (one to add to)."""

    def forget(self, kind: DiceKind) -> None:
        """Throw away ``kind``'s profile (reads go on without one); ``OSError`` when it
        cannot."""

    def save(self, kind: DiceKind, shots: Sequence[TaughtShot], add: bool = False) -> str:
        """Learn from ``shots`` and keep the profile (replacing the old one only once the
        new one is whole); ``add``: the kept profile's dice stay in it too. Returns what was
        kept, in words. Raises ``ValueError`` or ``OSError`` with the reason when it
        cannot."""


class TeachTable(Protocol):
    """The simulated table while teaching: it lays dice out as asked."""

    def empty(self) -> None:
        """Take every die off the tray."""

    def roll(self, kind: DiceKind, face: DieValue | None) -> None:
        """Roll ``kind.dice`` dice (``face``: all showing that face)."""

    def lines(self) -> list[str]:
        """Lines the terminal shows under the screen."""


class NoTeachTable:
    """The real box's table: the players lay the dice out themselves."""

    def empty(self) -> None:
        pass

    def roll(self, kind: DiceKind, face: DieValue | None) -> None:
        pass

    def lines(self) -> list[str]:
        return []


__all__ = ["PIP_DICE", "DiceKind", "DiceShelf", "NoTeachTable", "TaughtShot", "TeachTable",
           "profile_dir"]
