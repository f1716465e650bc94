"""Setting up a game of Doubting Dice with the buttons.

:class:`DoubtingSetup` steps (UP/DOWN change, OK next, BACK the step before):

1. Players: :data:`games.doubting.state.MIN_PLAYERS` to ``MAX_PLAYERS``, each with 5 dice
   and a cup (more dice than the tray holds are read in batches).
2. Palifico: on (default) or off.
3. Announce total: off (default) or on.
4. Lives: off (default) or on; with lives, 5. the strike limit (1-9).
6. Who opens the first round.
7. "Everyone takes 5 dice and a cup" -> OK starts the game.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from device.core.setup import Change, SetupDefaults, SetupSteps, StrikeChoices, in_strike_limits
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
class DoubtingChoices(StrikeChoices):
    players: int = 4
    palifico: bool = True
    announce_total: bool = False
    lives: bool = False


class DoubtingSetup(SetupSteps):
    """The Doubting Dice setup screens (see the module docstring)."""

    def __init__(self, players: int = 4, strike_limit: int = 3,
                 names: Sequence[str] = ()) -> None:
        players = max(MIN_PLAYERS, min(MAX_PLAYERS, len(names) or players))
        super().__init__(names, DoubtingChoices(players=players,
                                                strikes=in_strike_limits(strike_limit)))

    @classmethod
    def from_defaults(cls, defaults: SetupDefaults) -> DoubtingSetup:
        """The setup the box opens with the config's defaults."""
        return cls(defaults.players, defaults.strike_limit, defaults.names)

    @property
    def steps(self) -> tuple[Step, ...]:
        lives = (Step.LIVES, Step.STRIKES) if self.choices.lives else (Step.LIVES,)
        return (Step.PLAYERS, Step.PALIFICO, Step.TOTAL, *lives, Step.FIRST, Step.READY)

    def settings(self) -> DoubtingSettings:
        c = self.choices
        return DoubtingSettings(palifico=c.palifico, announce_total=c.announce_total,
                                lives=c.lives, strike_limit=c.strikes, first_player=c.first)

    def changes(self) -> Mapping[Step, Change]:
        return {Step.PLAYERS: self.players_within(MIN_PLAYERS, MAX_PLAYERS),
                Step.PALIFICO: lambda c, up: replace(c, palifico=not c.palifico),
                Step.TOTAL: lambda c, up: replace(c, announce_total=not c.announce_total),
                Step.LIVES: lambda c, up: replace(c, lives=not c.lives),
                Step.STRIKES: self.more_strikes, Step.FIRST: self.next_first}

    def _view(self) -> Any:
        c, step = self.choices, self.step
        hint = self.step_hint()
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
            return self.strikes_view()
        if step is Step.FIRST:
            return MenuView("Who opens?", self.names, c.first, "w/s o:opens")
        extras = [name for name, on in (("palifico", c.palifico), ("total", c.announce_total),
                                        (f"lives ({c.strikes})", c.lives)) if on]
        return MessageView("Ready?", (
            "Everyone takes 5 dice and a cup.",
            f"{c.players} players, {', '.join(extras) or 'plain'}; "
            f"{self.names[c.first]} opens."), "o:start b:back")


__all__ = ["DoubtingSetup", "Step"]
