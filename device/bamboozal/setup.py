"""Setting up the BamBoozal pot with the buttons.

Steps, each on one screen (UP/DOWN change, OK next, BACK the step before):

1. Players: 3-6.
2. Hand amount: what everyone pays into the pot each hand (:data:`AMOUNTS`, 50 first).
3. Rounds per hand: the cards dealt to each player, 3-6 (4 by default).
4. Who deals first (the seed: a dealer chosen at random).
5. "Ready?" -> OK starts the game (the first hand's payments are listed next).

The result is a :class:`device.core.setup.SetupResult` (names +
:class:`games.bamboozal.Settings`).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from device.core.setup import Change, SetupChoices, SetupDefaults, SetupSteps, wrap
from device.ui.views import MenuView, MessageView, NumberView
from games.bamboozal import MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, MIN_ROUNDS, Settings

#: The hand amounts UP/DOWN step through.
AMOUNTS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
DEFAULT_AMOUNT = 50


class Step(enum.Enum):
    """The setup's screens, in order."""

    PLAYERS = "players"
    AMOUNT = "amount"
    ROUNDS = "rounds"
    DEALER = "dealer"
    READY = "ready"


STEPS = tuple(Step)


@dataclass(frozen=True)
class Choices(SetupChoices):
    """``first``: the first dealer."""

    players: int = 4
    amount: int = AMOUNTS.index(DEFAULT_AMOUNT)  # index into AMOUNTS
    rounds: int = 4


class BamboozalSetup(SetupSteps):
    """The setup screens (see the module docstring)."""

    def __init__(self, players: int = 4, names: Sequence[str] = ()) -> None:
        players = max(MIN_PLAYERS, min(MAX_PLAYERS, len(names) or players))
        super().__init__(names, Choices(players=players))

    @classmethod
    def from_defaults(cls, defaults: SetupDefaults) -> BamboozalSetup:
        """The setup the box opens with the config's defaults (players, names)."""
        return cls(defaults.players, defaults.names)

    @property
    def steps(self) -> tuple[Step, ...]:
        return STEPS

    def settings(self) -> Settings:
        c = self.choices
        return Settings(hand_amount=AMOUNTS[c.amount], rounds_per_hand=c.rounds,
                        first_dealer=c.first)

    def changes(self) -> Mapping[Step, Change]:
        return {Step.PLAYERS: self.players_within(MIN_PLAYERS, MAX_PLAYERS),
                Step.AMOUNT: lambda c, up: replace(c, amount=(c.amount + up) % len(AMOUNTS)),
                Step.ROUNDS: lambda c, up: replace(c, rounds=wrap(c.rounds + up, MIN_ROUNDS,
                                                                  MAX_ROUNDS)),
                Step.DEALER: self.next_first}  # a list: UP moves the cursor up

    def _view(self) -> Any:
        c, step = self.choices, self.step
        hint = self.step_hint()
        if step is Step.PLAYERS:
            return NumberView("BamBoozal: players", str(c.players), "3-6, a deck of cards",
                              hint)
        if step is Step.AMOUNT:
            return NumberView("Hand amount", str(AMOUNTS[c.amount]), "each pays per hand",
                              hint)
        if step is Step.ROUNDS:
            return NumberView("Rounds per hand", str(c.rounds), f"{c.rounds} cards each",
                              hint)
        if step is Step.DEALER:
            return MenuView("Who deals first?", self.names, c.first, "w/s o:deals")
        return MessageView("Ready?", (
            f"{c.players} players, {AMOUNTS[c.amount]} a hand, {c.rounds} rounds.",
            f"{self.names[c.first]} deals first; the dealer moves clockwise."),
            "o:start b:back")


__all__ = ["AMOUNTS", "BamboozalSetup", "Step"]
