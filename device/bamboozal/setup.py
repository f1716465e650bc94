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
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from device.core.roles import Role
from device.core.setup import SetupDefaults, SetupResult, SetupSteps, wrap
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
class Choices:
    players: int = 4
    amount: int = AMOUNTS.index(DEFAULT_AMOUNT)  # index into AMOUNTS
    rounds: int = 4
    dealer: int = 0
    step: int = 0


class BamboozalSetup(SetupSteps):
    """The setup screens (see the module docstring)."""

    def __init__(self, players: int = 4, names: Sequence[str] = ()) -> None:
        self.given = tuple(names)
        players = max(MIN_PLAYERS, min(MAX_PLAYERS, len(self.given) or players))
        self.choices = Choices(players=players)
        self.result: SetupResult | None = None
        self.flash = ""

    @classmethod
    def from_defaults(cls, defaults: SetupDefaults) -> BamboozalSetup:
        """The setup the box opens with the config's defaults (players, names)."""
        return cls(defaults.players, defaults.names)

    @property
    def step(self) -> Step:
        return STEPS[self.choices.step]

    def settings(self) -> Settings:
        c = self.choices
        return Settings(hand_amount=AMOUNTS[c.amount], rounds_per_hand=c.rounds,
                        first_dealer=c.dealer)

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
                self.choices = replace(c, step=c.step + 1, dealer=min(c.dealer, c.players - 1))
            return
        if role not in (Role.UP, Role.DOWN) or step is Step.READY:
            self.flash = self._view().hint
            return
        up = 1 if role is Role.UP else -1
        if step is Step.PLAYERS:
            c = replace(c, players=wrap(c.players + up, MIN_PLAYERS, MAX_PLAYERS))
        elif step is Step.AMOUNT:
            c = replace(c, amount=(c.amount + up) % len(AMOUNTS))
        elif step is Step.ROUNDS:
            c = replace(c, rounds=wrap(c.rounds + up, MIN_ROUNDS, MAX_ROUNDS))
        else:  # dealer: a list, UP moves the cursor up
            c = replace(c, dealer=(c.dealer - up) % c.players)
        self.choices = c

    def _view(self) -> Any:
        c, step = self.choices, self.step
        hint = "w/s:change o:next" + (" b" if c.step else "")
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
            return MenuView("Who deals first?", self.names, c.dealer, "w/s o:deals")
        return MessageView("Ready?", (
            f"{c.players} players, {AMOUNTS[c.amount]} a hand, {c.rounds} rounds.",
            f"{self.names[c.dealer]} deals first; the dealer moves clockwise."),
            "o:start b:back")


__all__ = ["AMOUNTS", "BamboozalSetup", "Step"]
