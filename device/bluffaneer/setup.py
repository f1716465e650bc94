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
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from device.core.roles import Role
from device.core.setup import SetupDefaults, SetupResult, SetupSteps, wrap
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
class BluffaneerChoices:
    players: int = 4
    coins: int | None = None  # None: the rules' default for the player count
    first: int = 0
    step: int = 0


class BluffaneerSetup(SetupSteps):
    """The Bluffaneer setup screens (see the module docstring)."""

    def __init__(self, players: int = 4, names: Sequence[str] = ()) -> None:
        self.given = tuple(names)
        players = len(self.given) if len(self.given) >= MIN_PLAYERS else players
        self.choices = BluffaneerChoices(players=max(MIN_PLAYERS, min(MAX_PLAYERS, players)))
        self.defaults = Settings()
        self.result: SetupResult | None = None
        self.flash = ""

    @classmethod
    def from_defaults(cls, defaults: SetupDefaults) -> BluffaneerSetup:
        """The setup the box opens with the config's defaults."""
        return cls(defaults.players, defaults.names)

    @property
    def step(self) -> Step:
        return STEPS[self.choices.step]

    @property
    def coins(self) -> int:
        c = self.choices
        return c.coins if c.coins is not None else self.defaults.start_coins(c.players)

    def settings(self) -> Settings:
        return replace(self.defaults, coins=self.choices.coins, first_seat=self.choices.first)

    def press(self, role: Role) -> None:
        self.flash = ""
        c, step = self.choices, self.step
        if role is Role.BACK:
            self._back()
            return
        if role is Role.OK:
            if step is Step.DEAL:
                self.result = SetupResult(self.names, self.settings())
            else:
                self.choices = replace(c, step=c.step + 1, first=min(c.first, c.players - 1))
            return
        if role not in (Role.UP, Role.DOWN):
            self.flash = "w/s:change o:next"
            return
        up = 1 if role is Role.UP else -1
        if step is Step.PLAYERS:
            players = wrap(c.players + up, MIN_PLAYERS, MAX_PLAYERS)
            coins = c.coins if c.coins is None else min(c.coins, self._most(players))
            c = replace(c, players=players, coins=coins)
        elif step is Step.COINS:
            c = replace(c, coins=wrap(self.coins + up, 1, self._most(c.players)))
        elif step is Step.FIRST:
            c = replace(c, first=(c.first - up) % c.players)
        else:
            self.flash = "o:next b:back"
        self.choices = c

    def _most(self, players: int) -> int:
        return self.defaults.supply // players

    def _view(self) -> Any:
        c, step = self.choices, self.step
        hint = "w/s:change o:next" + (" b" if c.step else "")
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
