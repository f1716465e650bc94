"""Setting up a game of Doubting Dice with the buttons.

:class:`DoubtingSetup` steps (UP/DOWN change, OK next, BACK the step before):

1. Players: :data:`games.doubting_dice.MIN_PLAYERS` to ``MAX_PLAYERS``, each with 5 dice
   and a cup (more dice than the tray holds are read in batches).
2. Palifico: on (default) or off.
3. Announce total: off (default) or on.
4. Lives: off (default) or on; with lives, 5. the strike limit (1-9).
6. Who opens the first round.
7. "Everyone takes 5 dice and a cup" -> OK starts the game.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from device.core.roles import Role
from device.core.setup import SetupDefaults, SetupResult, SetupSteps, wrap
from device.ui.views import MenuView, MessageView, NumberView
from games.doubting.state import MAX_PLAYERS, MIN_PLAYERS, DoubtingSettings


class Step(enum.Enum):
    """The setup's screens (the strike limit only with lives)."""

    PLAYERS = "players"
    PALIFICO = "palifico"
    TOTAL = "total"
    LIVES = "lives"
    STRIKES = "strikes"
    FIRST = "first"
    READY = "ready"


@dataclass(frozen=True)
class DoubtingChoices:
    players: int = 4
    palifico: bool = True
    announce_total: bool = False
    lives: bool = False
    strikes: int = 3
    first: int = 0
    step: int = 0


class DoubtingSetup(SetupSteps):
    """The Doubting Dice setup screens (see the module docstring)."""

    def __init__(self, players: int = 4, strike_limit: int = 3,
                 names: Sequence[str] = ()) -> None:
        self.given = tuple(names)
        players = max(MIN_PLAYERS, min(MAX_PLAYERS, len(self.given) or players))
        self.choices = DoubtingChoices(players=players, strikes=max(1, min(9, strike_limit)))
        self.result: SetupResult | None = None
        self.flash = ""

    @classmethod
    def from_defaults(cls, defaults: SetupDefaults) -> DoubtingSetup:
        """The setup the box opens with the config's defaults."""
        return cls(defaults.players, defaults.strike_limit, defaults.names)

    @property
    def steps(self) -> tuple[Step, ...]:
        lives = (Step.LIVES, Step.STRIKES) if self.choices.lives else (Step.LIVES,)
        return (Step.PLAYERS, Step.PALIFICO, Step.TOTAL, *lives, Step.FIRST, Step.READY)

    @property
    def step(self) -> Step:
        return self.steps[self.choices.step]

    def settings(self) -> DoubtingSettings:
        c = self.choices
        return DoubtingSettings(palifico=c.palifico, announce_total=c.announce_total,
                                lives=c.lives, strike_limit=c.strikes, first_player=c.first)

    def press(self, role: Role) -> None:
        self.flash = ""
        c, step = self.choices, self.step
        if role is Role.BACK:
            self._back()
            return
        if role is Role.OK:
            if step is Step.READY:
                self.result = SetupResult(self.names, self.settings())
            else:
                self.choices = replace(c, step=c.step + 1, first=min(c.first, c.players - 1))
            return
        if role not in (Role.UP, Role.DOWN):
            self.flash = "w/s:change o:next"
            return
        up = 1 if role is Role.UP else -1
        if step is Step.PLAYERS:
            c = replace(c, players=wrap(c.players + up, MIN_PLAYERS, MAX_PLAYERS))
        elif step is Step.PALIFICO:
            c = replace(c, palifico=not c.palifico)
        elif step is Step.TOTAL:
            c = replace(c, announce_total=not c.announce_total)
        elif step is Step.LIVES:
            c = replace(c, lives=not c.lives)
        elif step is Step.STRIKES:
            c = replace(c, strikes=wrap(c.strikes + up, 1, 9))
        elif step is Step.FIRST:
            c = replace(c, first=(c.first - up) % c.players)
        else:
            self.flash = "o:start b:back"
        self.choices = c

    def _view(self) -> Any:
        c, step = self.choices, self.step
        hint = "w/s:change o:next" + (" b" if c.step else "")
        if step is Step.PLAYERS:
            return NumberView("Doubting: players", str(c.players), "5 dice + a cup each", hint)
        if step is Step.PALIFICO:
            return MenuView("Palifico", ("On: at 1 die", "Off"), int(not c.palifico), hint)
        if step is Step.TOTAL:
            return MenuView("Announce total", ("Off", "On: read all dice"),
                            int(c.announce_total), hint)
        if step is Step.LIVES:
            return MenuView("Lives", ("Off: out at 0 dice", "On: strike, 5 again"),
                            int(c.lives), hint)
        if step is Step.STRIKES:
            return NumberView("Strike limit", str(c.strikes), f"out at {c.strikes} strikes",
                              hint)
        if step is Step.FIRST:
            return MenuView("Who opens?", self.names, c.first, "w/s o:opens")
        extras = [name for name, on in (("palifico", c.palifico), ("total", c.announce_total),
                                        (f"lives ({c.strikes})", c.lives)) if on]
        return MessageView("Ready?", (
            "Everyone takes 5 dice and a cup.",
            f"{c.players} players, {', '.join(extras) or 'plain'}; "
            f"{self.names[c.first]} opens."), "o:start b:back")


__all__ = ["DoubtingSetup", "Step"]
