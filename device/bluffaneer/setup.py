"""Setting up a game of Bluffaneer with the buttons.

Steps, each on one screen (UP/DOWN change, OK next, BACK the step before):

1. Players: 3-6.
2. Coins each: 10 (8 with six players) unless changed, at most what the box holds.
3. The bone dice: the face set the camera reads (the seed's treasure chest, sword, ship,
   skull and bones).
4. Who rolls first ("the best pirate impression").
5. "Deal one card each" -> OK starts the game.

The result is a :class:`device.core.setup.SetupResult` (names +
:class:`games.bluffaneer.state.Settings`).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from device.core.setup import Change, SetupChoices, SetupDefaults, SetupSteps, wrap
from device.ui.views import MenuView, MessageView, NumberView
from games.bluffaneer.state import MAX_PLAYERS, MIN_PLAYERS, Settings


class Step(enum.Enum):
    """The setup's screens, in order."""

    PLAYERS = "players"
    COINS = "coins"
    FACES = "faces"
    FIRST = "first"
    DEAL = "deal"


STEPS = tuple(Step)


@dataclass(frozen=True)
class BluffaneerChoices(SetupChoices):
    players: int = 4
    coins: int | None = None  # None: the rules' default for the player count


class BluffaneerSetup(SetupSteps):
    """The Bluffaneer setup screens (see the module docstring)."""

    def __init__(self, players: int = 4, names: Sequence[str] = ()) -> None:
        players = len(names) if len(names) >= MIN_PLAYERS else players
        super().__init__(names, BluffaneerChoices(
            players=max(MIN_PLAYERS, min(MAX_PLAYERS, players))))
        self.defaults = Settings()

    @classmethod
    def from_defaults(cls, defaults: SetupDefaults) -> BluffaneerSetup:
        """The setup the box opens with the config's defaults."""
        return cls(defaults.players, defaults.names)

    @property
    def steps(self) -> tuple[Step, ...]:
        return STEPS

    @property
    def coins(self) -> int:
        c = self.choices
        return c.coins if c.coins is not None else self.defaults.start_coins(c.players)

    def settings(self) -> Settings:
        return replace(self.defaults, coins=self.choices.coins, first_seat=self.choices.first)

    def changes(self) -> Mapping[Step, Change]:
        return {Step.PLAYERS: self._players, Step.COINS: self._coins, Step.FIRST: self.next_first}

    def _players(self, c: BluffaneerChoices, up: int) -> BluffaneerChoices:
        c = self.players_within(MIN_PLAYERS, MAX_PLAYERS)(c, up)
        return c if c.coins is None else replace(c, coins=min(c.coins, self._most(c.players)))

    def _coins(self, c: BluffaneerChoices, up: int) -> BluffaneerChoices:
        return replace(c, coins=wrap(self.coins + up, 1, self._most(c.players)))

    def _most(self, players: int) -> int:
        return self.defaults.supply // players

    def _view(self) -> Any:
        c, step = self.choices, self.step
        hint = self.step_hint()
        if step is Step.PLAYERS:
            return NumberView("Bluffaneer: players", str(c.players), "3 to 6 pirates", hint)
        if step is Step.COINS:
            return NumberView("Coins each", str(self.coins),
                              f"{self.defaults.supply} in the box", hint)
        if step is Step.FACES:
            faces = self.defaults.faces
            names = ", ".join(s.title for s in faces.symbols)
            return MessageView("Bone dice", (f"Faces: {names}.",
                                             f"{len(self.defaults.deck)} cards."),
                               "o:next b:back")
        if step is Step.FIRST:
            return MenuView("Best pirate voice?", self.names, c.first, "w/s o:rolls first")
        return MessageView("Ready?", (
            f"Deal one card each; {self.coins} coins each.",
            f"{self.names[c.first]} rolls first."), "o:start b:back")


__all__ = ["BluffaneerChoices", "BluffaneerSetup", "Step"]
