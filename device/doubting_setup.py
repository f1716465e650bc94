"""Choosing the game, and setting up a game of Doubting Dice, with the buttons.

:class:`GameSetup` is what the box shows first: the setup of the default game
(:class:`device.setup_flow.Setup` for Bamboozled, or :class:`DoubtingSetup`); BACK on
its first step ("b:game") shows "Game: Bamboozled / Doubting Dice" (UP/DOWN, OK), which
opens the other game's setup. It has the same face as ``Setup`` (``press``, ``view``,
``result``), so the box hosts it unchanged.

:class:`DoubtingSetup` steps (UP/DOWN change, OK next, BACK the step before):

1. Players: 2-6, each with 5 dice and a cup.
2. Palifico: on (default) or off.
3. Announce total: off (default) or on.
4. Lives: off (default) or on; with lives, 5. the strike limit (1-9).
6. Who opens the first round.
7. "Everyone takes 5 dice and a cup" -> OK starts the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from device.buttons import Role
from device.screens import MenuView, MessageView, NumberView
from device.setup_flow import Setup, SetupSteps, wrap
from games.doubting.state import MIN_PLAYERS, DoubtingSettings

GAMES = ("Bamboozled", "Doubting Dice")
DOUBTING = "doubting_dice"


@dataclass(frozen=True)
class DoubtingSetupResult:
    names: tuple[str, ...]
    settings: DoubtingSettings
    game: str = DOUBTING


@dataclass(frozen=True)
class DoubtingChoices:
    players: int = 4
    palifico: bool = True
    announce_total: bool = False
    lives: bool = False
    strikes: int = 3
    first: int = 0
    step: int = 0


#: The rules allow 2-10 players, but the box reads the reveal in one tray of 30 dice
#: until the batch reading (issue 10, device side) lands: 6 players x 5 dice.
MAX_PLAYERS = 6


class DoubtingSetup(SetupSteps):
    """The Doubting Dice setup screens (see the module docstring)."""

    def __init__(self, players: int = 4, strike_limit: int = 3,
                 names: Sequence[str] = ()) -> None:
        self.given = tuple(names)
        players = max(MIN_PLAYERS, min(MAX_PLAYERS, len(self.given) or players))
        self.choices = DoubtingChoices(players=players, strikes=max(1, min(9, strike_limit)))
        self.result: DoubtingSetupResult | None = None
        self.flash = ""

    @property
    def steps(self) -> tuple[str, ...]:
        lives = ("lives", "strikes") if self.choices.lives else ("lives",)
        return ("players", "palifico", "total", *lives, "first", "ready")

    @property
    def step(self) -> str:
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
            if step == "ready":
                self.result = DoubtingSetupResult(self.names, self.settings())
            else:
                self.choices = replace(c, step=c.step + 1, first=min(c.first, c.players - 1))
            return
        if role not in (Role.UP, Role.DOWN):
            self.flash = "w/s:change o:next"
            return
        up = 1 if role is Role.UP else -1
        if step == "players":
            c = replace(c, players=wrap(c.players + up, MIN_PLAYERS, MAX_PLAYERS))
        elif step == "palifico":
            c = replace(c, palifico=not c.palifico)
        elif step == "total":
            c = replace(c, announce_total=not c.announce_total)
        elif step == "lives":
            c = replace(c, lives=not c.lives)
        elif step == "strikes":
            c = replace(c, strikes=wrap(c.strikes + up, 1, 9))
        elif step == "first":
            c = replace(c, first=(c.first - up) % c.players)
        else:
            self.flash = "o:start b:back"
        self.choices = c

    def _view(self) -> Any:
        c, step = self.choices, self.step
        hint = "w/s:change o:next" + (" b" if c.step else "")
        if step == "players":
            return NumberView("Doubting: players", str(c.players), "5 dice + a cup each", hint)
        if step == "palifico":
            return MenuView("Palifico", ("On: at 1 die", "Off"), int(not c.palifico), hint)
        if step == "total":
            return MenuView("Announce total", ("Off", "On: read all dice"),
                            int(c.announce_total), hint)
        if step == "lives":
            return MenuView("Lives", ("Off: out at 0 dice", "On: strike, 5 again"),
                            int(c.lives), hint)
        if step == "strikes":
            return NumberView("Strike limit", str(c.strikes), f"out at {c.strikes} strikes",
                              hint)
        if step == "first":
            return MenuView("Who opens?", self.names, c.first, "w/s o:opens")
        extras = [name for name, on in (("palifico", c.palifico), ("total", c.announce_total),
                                        (f"lives ({c.strikes})", c.lives)) if on]
        return MessageView("Ready?", (
            "Everyone takes 5 dice and a cup.",
            f"{c.players} players, {', '.join(extras) or 'plain'}; "
            f"{self.names[c.first]} opens."), "o:start b:back")


class GameSetup:
    """The chosen game's setup, with the game choice one BACK away (see the module doc).

    It opens on the setup of ``game`` (the config's default, Bamboozled unless it says
    ``doubting_dice``), so the usual game needs no extra press; BACK on that setup's
    first step (its hint says so) shows the game menu.
    """

    def __init__(self, players: int = 3, strike_limit: int = 3, names: Sequence[str] = (),
                 variants: Sequence[str] = (), game: str | None = None) -> None:
        self.args = (players, strike_limit, tuple(names), tuple(variants))
        self.cursor = 1 if game == DOUBTING else 0
        self.inner: Any = self._make()
        self.flash = ""

    def _make(self) -> Any:
        players, strikes, names, variants = self.args
        if self.cursor:
            return DoubtingSetup(players, strikes, names)
        return Setup(players, strikes, names, variants)

    @property
    def result(self) -> Any:
        return None if self.inner is None else self.inner.result

    @result.setter
    def result(self, value: Any) -> None:  # the box clears it when a start fails
        if self.inner is not None:
            self.inner.result = value

    def press(self, role: Role) -> None:
        self.flash = ""
        if self.inner is None:
            if role in (Role.UP, Role.DOWN):
                self.cursor = (self.cursor + 1) % len(GAMES)
            elif role is Role.OK:
                self.inner = self._make()
            else:
                self.flash = "w/s o:pick"
            return
        if role is Role.BACK and self.inner.choices.step == 0:
            self.inner = None
            return
        self.inner.press(role)

    def view(self) -> Any:
        if self.inner is None:
            return MenuView("Game", GAMES, self.cursor, self.flash or "w/s o:pick")
        view = self.inner.view()
        if self.inner.choices.step == 0 and not self.inner.flash:
            view = replace(view, hint="w/s o:next b:game")
        return view


__all__ = ["DoubtingSetup", "DoubtingSetupResult", "GameSetup"]
