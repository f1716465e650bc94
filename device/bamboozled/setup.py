"""Setting up a game of Bamboozled with the buttons.

Steps, each on one screen (UP/DOWN change, OK next, BACK the step before):

1. Players: 2-8; up to :data:`PARTY_MAX` turns on the Party variant (and suggests a
   strike limit of 2).
2. Variant: Standard or No Bluffing.
3. No Limits: off or on.
4. Strike limit (More Strikes): 1-9, the config's default.
5. Who starts: "Who got up earliest?" picks a seat.
6. Deal: "Deal 1 action card to each player" -> OK starts the game.

The result is a :class:`device.core.setup.SetupResult` (names +
:class:`games.bamboozled.Settings`).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from device.core.setup import Change, SetupDefaults, SetupSteps, StrikeChoices, in_strike_limits
from device.ui.views import MenuView, MessageView, NumberView
from games.bamboozled.rules import MAX_PLAYERS
from games.bamboozled.state import PARTY_STRIKE_LIMIT, Settings

PARTY_MAX = 12


class Step(enum.Enum):
    """The setup's screens, in order."""

    PLAYERS = "players"
    VARIANT = "variant"
    LIMITS = "limits"
    STRIKES = "strikes"
    FIRST = "first"
    DEAL = "deal"


STEPS = tuple(Step)


@dataclass(frozen=True)
class Choices(StrikeChoices):
    no_bluffing: bool = False
    no_limits: bool = False


class Setup(SetupSteps):
    """The setup screens as a little state machine: :meth:`press`, :meth:`view`,
    :attr:`result` once dealt."""

    hint_mark = "\u2717 "  # the hint is back at the next key

    def __init__(self, players: int = 3, strike_limit: int = 3, names: Sequence[str] = (),
                 variants: Sequence[str] = ()) -> None:
        if len(names) >= 2:  # names given: one seat each
            players = len(names)
        players = max(2, min(PARTY_MAX, players))
        super().__init__(names, Choices(players=players, strikes=in_strike_limits(strike_limit),
                                        no_bluffing="no-bluffing" in variants,
                                        no_limits="no-limits" in variants))
        self.default_strikes = self.choices.strikes

    @classmethod
    def from_defaults(cls, defaults: SetupDefaults) -> Setup:
        """The setup the box opens with the config's defaults."""
        return cls(defaults.players, defaults.strike_limit, defaults.names, defaults.variants)

    @property
    def steps(self) -> tuple[Step, ...]:
        return STEPS

    def settings(self) -> Settings:
        c = self.choices
        return Settings(strike_limit=c.strikes, no_limits=c.no_limits,
                        party=c.players > MAX_PLAYERS, no_bluffing=c.no_bluffing,
                        first_seat=c.first)

    def leave(self, step: Step) -> Choices:
        c = self.choices
        if step is Step.PLAYERS and c.players > MAX_PLAYERS and c.strikes == \
                self.default_strikes:
            return replace(c, strikes=PARTY_STRIKE_LIMIT)  # suggested for Party games
        return c

    def changes(self) -> Mapping[Step, Change]:
        return {Step.PLAYERS: self.players_within(2, PARTY_MAX),
                Step.VARIANT: lambda c, up: replace(c, no_bluffing=not c.no_bluffing),
                Step.LIMITS: lambda c, up: replace(c, no_limits=not c.no_limits),
                Step.STRIKES: self.more_strikes, Step.FIRST: self.next_first}

    def _view(self) -> Any:
        c = self.choices
        step = self.step
        hint = self.step_hint()
        if step is Step.PLAYERS:
            caption = "Party: 2 strikes?" if c.players > MAX_PLAYERS else "2-8 players"
            return NumberView("Players", str(c.players), caption, hint)
        if step is Step.VARIANT:
            return MenuView("Variant", ("Standard", "No Bluffing"), int(c.no_bluffing), hint)
        if step is Step.LIMITS:
            return MenuView("No Limits", ("Off: hand limit 2", "On: no hand limit"),
                            int(c.no_limits), hint)
        if step is Step.STRIKES:
            return self.strikes_view()
        if step is Step.FIRST:
            return MenuView("Who got up first?", self.names, c.first, "w/s o:starts")
        variant = "No Bluffing" if c.no_bluffing else "Standard"
        extras = [variant]
        if c.no_limits:
            extras.append("No Limits")
        if c.players > MAX_PLAYERS:
            extras.append("Party")
        return MessageView("Ready?", (
            "Deal 1 action card to each player.",
            f"{c.players} players, {', '.join(extras)}, {c.strikes} strikes;"
            f" {self.names[c.first]} starts."), "o:deal b:back")


__all__ = ["PARTY_MAX", "Setup", "Step"]
