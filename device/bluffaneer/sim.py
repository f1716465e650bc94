"""The simulator's Bluffaneer table: bone dice rolled in the open, secret cards, and a
tray the simulated camera shows.

* The roll: the k-th roll of the game is the k-th of ``--dice ship+sword,chest+chest``,
  then a seeded RNG (``--seed``): a restarted simulator rolls the same dice, no notes
  needed. When the box reads the roll, the tray shows those two faces.
* The cards: each player's secret card comes from a seeded, shuffled deck
  (:class:`games.bluffaneer.table.Table`, kept in step with the engine's events). When a
  card is revealed, the tray shows that player's card (its two symbols).
* :class:`BoneTray` draws the tray: two bone dice (or a card) with each face's symbol as
  a simple shape, in the face set's colours, after a short "moving" phase.
* The coin: a tie's coin toss uses a seeded RNG (:attr:`BluffaneerSim.coin`).
* The terminal shows the roll being read and, at a claim, every player's card (a real
  table keeps them secret; one person plays them all here).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from device.bluffaneer.flow import BluffaneerFlow, Match, ReadKind
from device.core.flow import GameFlow, Reading
from device.core.ports import NoHooks, SimOptions
from games.bluffaneer.actions import Roll
from games.bluffaneer.faces import DEFAULT_FACES, FaceSet
from games.bluffaneer.state import Settings
from games.bluffaneer.table import Table
from games.common import InvalidInput

#: BGR colours of the face set's colour names (unknown names are drawn grey).
COLOURS = {"green": (60, 150, 40), "purple": (150, 50, 120), "red": (40, 40, 200),
           "black": (30, 30, 30), "blue": (170, 90, 30), "gold": (40, 170, 210)}


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


# --- drawing the tray --------------------------------------------------------------------


def _symbol(img: np.ndarray, name: str, centre: tuple[int, int], r: int,
            colour: tuple[int, int, int]) -> None:
    """A face's symbol as a simple shape (the four seed symbols; others as a letter)."""
    x, y = centre
    t = max(2, r // 6)
    if name == "chest":
        cv2.rectangle(img, (x - r, y - r // 2), (x + r, y + r), colour, -1)
        cv2.ellipse(img, (x, y - r // 2), (r, r // 2), 0, 180, 360, colour, -1)
        cv2.rectangle(img, (x - r // 5, y - r // 6), (x + r // 5, y + r // 4), (40, 200, 230), -1)
    elif name == "sword":
        cv2.line(img, (x - r, y + r), (x + r, y - r), colour, t + 1)
        cv2.line(img, (x - r // 2 - r // 3, y + r // 6), (x - r // 6, y + r // 2 + r // 3),
                 colour, t + 2)
    elif name == "ship":
        hull = np.array([(x - r, y + r // 3), (x + r, y + r // 3), (x + r // 2, y + r),
                         (x - r // 2, y + r)], np.int32)
        cv2.fillPoly(img, [hull], colour)
        cv2.line(img, (x, y + r // 3), (x, y - r), colour, t)
        cv2.fillPoly(img, [np.array([(x + 2, y - r), (x + 2, y + r // 6),
                                     (x + r, y + r // 6)], np.int32)], colour)
    elif name == "skull":
        cv2.circle(img, (x, y - r // 4), int(r * 0.7), colour, -1)
        cv2.rectangle(img, (x - r // 3, y + r // 4), (x + r // 3, y + r // 2 + r // 4), colour,
                      -1)
        for dx in (-r // 3, r // 3):
            cv2.circle(img, (x + dx, y - r // 4), max(2, r // 5), (235, 235, 235), -1)
        cv2.line(img, (x - r, y + r), (x + r, y + r // 2), colour, t)
        cv2.line(img, (x - r, y + r // 2), (x + r, y + r), colour, t)
    else:
        cv2.putText(img, name[:1].upper(), (x - r // 2, y + r // 2), cv2.FONT_HERSHEY_SIMPLEX,
                    r / 14, colour, t)


def draw_tray(values: Sequence[str], faces: FaceSet, size: tuple[int, int],
              rng: np.random.Generator, card: bool = False) -> np.ndarray:
    """A BGR frame of the tray: two bone dice showing ``values`` (or, ``card``, a card
    with the two symbols), each face's symbol in its colour on an ivory face."""
    w, h = size
    img = np.full((h, w, 3), (50, 90, 40), np.uint8)  # green felt
    img[:] = np.clip(img.astype(int) + rng.integers(-6, 7, (h, w, 1)), 0, 255).astype(np.uint8)
    side = min(w, h) // 3
    if card:
        x0, y0 = w // 2 - side, h // 2 - side * 3 // 4
        cv2.rectangle(img, (x0, y0), (x0 + 2 * side, y0 + side * 3 // 2), (225, 235, 240), -1)
        spots = [(x0 + side // 2, h // 2), (x0 + side * 3 // 2, h // 2)]
    else:
        spots = []
        for k in range(len(values)):
            cx = int(w * (0.3 + 0.4 * k) + rng.integers(-w // 20, w // 20 + 1))
            cy = int(h * 0.5 + rng.integers(-h // 8, h // 8 + 1))
            half = side // 2
            cv2.rectangle(img, (cx - half, cy - half), (cx + half, cy + half), (215, 230, 238),
                          -1)
            cv2.rectangle(img, (cx - half, cy - half), (cx + half, cy + half), (150, 170, 180),
                          2)
            spots.append((cx, cy))
    for value, centre in zip(values, spots, strict=False):
        colour_name = faces.symbol(value).colour if value in faces else ""
        _symbol(img, value, centre, side // 3, COLOURS.get(colour_name, (110, 110, 110)))
    return img


class BoneTray:
    """The simulated camera over the tray: ``roll(values)`` shows two bone dice (or a
    card, ``card=True``), moving for ``moving_frames`` captures, then still."""

    def __init__(self, faces: FaceSet, resolution: tuple[int, int] = (320, 240),
                 seed: int = 0, moving_frames: int = 2) -> None:
        self.faces = faces
        self.resolution = resolution
        self.seed = seed
        self.moving_frames = moving_frames
        self.values: tuple[str, ...] = ()
        self.card = False
        self.rolls = 0
        self.started = False
        self._moving_left = 0

    def start(self) -> None:
        self.started = True

    def roll(self, values: Sequence[str], card: bool = False) -> None:
        self.values, self.card = tuple(values), card
        self.rolls += 1
        self._moving_left = self.moving_frames

    @property
    def moving(self) -> bool:
        return self._moving_left > 0

    def capture(self) -> np.ndarray:
        rng = np.random.default_rng([self.seed, self.rolls, self._moving_left])
        if self._moving_left:
            self._moving_left -= 1
        return draw_tray(self.values, self.faces, self.resolution, rng, self.card)

    def close(self) -> None:
        self.started = False


# --- the simulator's hooks ------------------------------------------------------------------


class BluffaneerSim(NoHooks):
    """The simulator's hooks for :class:`device.bluffaneer.flow.BluffaneerFlow`."""

    def __init__(self, names: Sequence[str], settings: Settings | None = None, seed: int = 0,
                 rolls: Sequence[tuple[str, str]] = (), camera: BoneTray | None = None) -> None:
        self.seed = seed
        self.script = list(rolls)
        self.virtual = Table.start(list(names), settings, seed)
        faces = self.virtual.state.settings.faces
        self.camera = camera if camera is not None else BoneTray(faces, seed=seed)
        self.rolled = 0  # Roll actions applied so far
        self.tray: tuple[str, ...] | None = None
        self.coin = random.Random(f"{seed}/bluffaneer/coin")

    @classmethod
    def simulate(cls, names: Sequence[str], settings: Any, options: SimOptions
                 ) -> BluffaneerSim:
        """The simulated table ``bluffbox run --sim`` plays on (``--dice``: the rolls)."""
        faces = settings.faces if isinstance(settings, Settings) else DEFAULT_FACES
        resolution = getattr(options.camera, "resolution", (320, 240))
        tray = BoneTray(faces, resolution, options.seed)
        return cls(names, settings, options.seed, parse_rolls(options.dice, faces), tray)

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
        """The dice (or a card) go under the camera."""
        state = self.virtual.state
        if reading.kind is ReadKind.ROLL:
            self.tray = self.next_roll()
        else:
            seat = state.claimer if reading.kind is ReadKind.CARD else state.roller
            assert seat is not None
            self.tray = self.virtual.hands[seat].symbols
        self.camera.roll(self.tray, card=reading.kind is not ReadKind.ROLL)

    def applied(self, flow: GameFlow | None, action: Any, events: Sequence[Any]) -> None:
        self.virtual.apply(action)
        if isinstance(action, Roll):
            self.rolled += 1

    def dice(self) -> tuple[int | str, ...] | None:
        return self.tray

    def lines(self, flow: GameFlow | None) -> list[str]:
        if not isinstance(flow, BluffaneerFlow):
            return []
        if isinstance(flow.mode, Reading) and self.tray is not None:
            what = "the dice" if flow.mode.kind is ReadKind.ROLL else "the card"
            return [f"(sim) {what} under the camera: {' + '.join(self.tray)}"]
        if isinstance(flow.mode, Match):
            s = self.virtual.state
            cards = ", ".join(f"{s.names[i].upper()} {c}" for i, c in
                              enumerate(self.virtual.hands))
            return [f"(sim) the secret cards: {cards}"]
        return []


__all__ = ["BluffaneerSim", "BoneTray", "draw_tray", "parse_rolls"]
