"""The simulator's table: a cup that rolls, a camera that shows it, and virtual cards.

* The cup: when a roller's turn comes on screen, two dice are rolled once: the next
  values of ``--dice 35,44,...`` (so tests script every roll), then a seeded RNG. A
  terminal line only the roller should look at says what is under the cup. When the
  cup is lifted, the simulated camera (:class:`device.hw.camera.SimulatedTable`) shows the
  dice, after a short "moving" phase.
* Virtual cards: there are no physical cards in a terminal, so each player gets a
  virtual hand dealt from a seeded, shuffled deck (:class:`games.bamboozled.table.Table`
  keeps it in step with the engine's events). The hand of the player whose input is
  awaited is shown under the screen, and the card menus offer only cards in it. The
  engine still only counts.
* Resuming: each roll is written to the game log as a note (``{"type": "note", "sim":
  {...}}``, ignored by replay) and the seed is in the header, so a restarted simulator
  rebuilds the same cup and hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from device.bamboozled.flow import BamboozledFlow, BamboozledHooks, Declaring, Rolling
from device.core.flow import GameFlow, Reading
from device.core.notes import sim_notes
from device.core.ports import SimOptions
from games.bamboozled.actions import Action, PlayCard
from games.bamboozled.cards import Card
from games.bamboozled.state import Phase, Settings
from games.bamboozled.table import Table as VirtualTable
from games.common import dice_text
from games.event import Event


def parse_dice(text: str) -> list[tuple[int, int]]:
    """``"35,44"`` -> ``[(3, 5), (4, 4)]``; :class:`ValueError` naming a bad item.

    >>> parse_dice("35, 4-4")
    [(3, 5), (4, 4)]
    """
    out = []
    for item in text.replace(" ", "").split(","):
        if not item:
            continue
        digits = item.replace("-", "")
        if len(digits) != 2 or not all(c in "123456" for c in digits):
            raise ValueError(f"{item!r} is not two dice 1-6 (like 35 or 4-4)")
        out.append((int(digits[0]), int(digits[1])))
    return out


class SimTable(BamboozledHooks):
    """The simulator's :class:`device.bamboozled.flow.BamboozledHooks`: cup, camera and
    virtual hands."""

    def __init__(self, names: Sequence[str], settings: Settings, seed: int = 0,
                 dice: Sequence[tuple[int, int]] = (), camera: Any = None,
                 notes: Any = None) -> None:
        self.seed = seed
        self.script = list(dice)
        self.camera = camera
        self.notes = notes  # a LogWriter (note lines), or None
        self.virtual = VirtualTable.start(list(names), settings, seed)
        self.cup: tuple[int, int] | None = None
        self.cup_at: int | None = None
        self.rolls = 0
        self.lifts = 0

    @classmethod
    def simulate(cls, names: Sequence[str], settings: Settings, options: SimOptions
                 ) -> SimTable:
        """The simulated table ``bluffbox run --sim`` plays on (``--dice`` as pairs; dice
        scripted for another game, not pairs, are not used)."""
        try:
            dice = parse_dice(options.dice)
        except ValueError:
            dice = []
        return cls(names, settings, options.seed, dice, options.camera, options.notes)

    # --- restoring ---------------------------------------------------------------------
    def restore(self, actions: Sequence[Action], log_path: str | Path) -> None:
        """Replay the virtual hands and find the last roll (after a restart)."""
        for action in actions:
            self.virtual.apply(action)
        for sim in sim_notes(log_path):
            self.cup = (sim["cup"][0], sim["cup"][1])
            self.cup_at = sim["at"]
            self.rolls = sim["rolls"]

    # --- the cup ------------------------------------------------------------------------
    def next_dice(self) -> tuple[int, int]:
        k = self.rolls
        if k < len(self.script):
            return self.script[k]
        rng = random.Random(f"{self.seed}/{k}")
        return (rng.randint(1, 6), rng.randint(1, 6))

    def entered(self, flow: GameFlow) -> None:
        """A roller's turn on screen: the cup rolls, once per turn."""
        if isinstance(flow.mode, Declaring | Rolling):
            self.turn(flow)

    def turn(self, flow: GameFlow) -> None:
        if self.cup_at == flow.actions:
            return
        self.cup = self.next_dice()
        self.cup_at = flow.actions
        self.rolls += 1
        self._note()

    def lift(self, flow: GameFlow, reading: Reading) -> None:
        """The simulated table shows the cup's dice; a photo folder moves to its next
        photo for every reading after the first."""
        if self.camera is None:
            return
        if hasattr(self.camera, "roll"):
            if self.cup is not None:
                self.camera.roll(self.cup)
        elif hasattr(self.camera, "advance") and self.lifts:
            self.camera.advance()
        self.lifts += 1

    def applied(self, flow: GameFlow, action: Action, events: Sequence[Event]) -> None:
        self.virtual.apply(action)
        s = flow.state
        if (isinstance(action, PlayCard) and s.phase in (Phase.DECLARE, Phase.ROLL)
                and self.cup_at == flow.actions - 1):
            # Revive on one's own turn: still the same turn, the same dice under the cup
            self.cup_at = flow.actions
            self._note()

    def _note(self) -> None:
        if self.notes is not None and self.cup is not None:
            self.notes.note(sim={"cup": list(self.cup), "at": self.cup_at, "rolls": self.rolls})

    def hand(self, seat: int) -> list[Card] | None:
        return list(self.virtual.hands[seat])

    def dice(self) -> tuple[int, int] | None:
        return self.cup

    # --- what the terminal shows under the screen ---------------------------------------
    def lines(self, table: GameFlow | None) -> list[str]:
        if not isinstance(table, BamboozledFlow):
            return []
        s = table.state
        out: list[str] = []
        seat = s.awaiting
        if seat is None:
            return out
        who = s.names[seat].upper()
        # only this turn's roll (not the dice just ruled on, while the ruling shows)
        cup = self.cup if self.cup_at == table.actions else None
        if s.phase is Phase.DECLARE and cup is not None:
            out.append(f"(sim) under the cup: {dice_text(cup)}   <- only {who} looks")
        elif s.phase is Phase.ROLL and cup is not None:
            out.append(f"(sim) {who} rolls openly: OK reads {dice_text(cup)}")
        hand = self.virtual.hands[seat]
        cards = ", ".join(c.label for c in hand) if hand else "no cards"
        out.append(f"(sim) {who}'s cards: {cards}")
        return out
