"""Setting up a game with the buttons: what every game's setup shares.

A game's setup is a :class:`SetupSteps` (one screen per step: UP/DOWN change, OK next,
BACK the step before; the game states only its steps) built from the config's
:class:`SetupDefaults`; when dealt it holds a :class:`SetupResult` (names + the game's
settings, which the game log's header records).

Names are seat numbers ("P1".."P8") unless the config (``[game] names``) or the command
line gives names; there is no text entry on a six-button box.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from device.core.roles import Role
from device.ui.views import NumberView


@dataclass(frozen=True)
class SetupDefaults:
    """What setup offers first (the config's ``[game]``; players can change it)."""

    players: int = 3
    strike_limit: int = 3
    names: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()


@dataclass(frozen=True)
class SetupResult:
    names: tuple[str, ...]
    settings: Any


def seat_names(count: int, given: Sequence[str] = ()) -> tuple[str, ...]:
    """``given`` names for the first seats, "P<n>" for the rest.

    >>> seat_names(3, ["Anita"])
    ('Anita', 'P2', 'P3')
    """
    names = [str(n).strip() for n in given if str(n).strip()][:count]
    taken = set(names)
    for i in range(len(names), count):
        name = f"P{i + 1}"
        while name in taken:
            name += "'"
        names.append(name)
        taken.add(name)
    return tuple(names)


@dataclass(frozen=True)
class SetupChoices:
    """What every game's setup holds: the player count, the seat that goes first (rolls,
    opens or deals), the open step. A game's choices subclass it with its own fields."""

    players: int = 3
    first: int = 0
    step: int = 0


#: The strike limits setup offers (a game with strikes: its choices are
#: :class:`StrikeChoices`).
STRIKE_LIMITS = (1, 9)


@dataclass(frozen=True)
class StrikeChoices(SetupChoices):
    """Setup choices with a strike limit (one of :data:`STRIKE_LIMITS`)."""

    strikes: int = 3


def in_strike_limits(given: int) -> int:
    """``given`` brought into :data:`STRIKE_LIMITS`.

    >>> in_strike_limits(0), in_strike_limits(4), in_strike_limits(12)
    (1, 4, 9)
    """
    return max(STRIKE_LIMITS[0], min(STRIKE_LIMITS[1], given))


def wrap(value: int, lo: int, hi: int) -> int:
    """``value`` brought into ``lo..hi`` by wrapping around (one past ``hi``: ``lo``)."""
    return lo + (value - lo) % (hi - lo + 1)


#: UP (``up`` = 1) or DOWN (-1) on a step: ``(choices, up)`` -> the choices after it.
Change = Callable[[Any, int], Any]


class SetupSteps:
    """What every game's setup shares: the press (BACK the step before, OK the next step or,
    on the last, the :class:`SetupResult`; UP/DOWN the step's :meth:`changes`; any other
    press, or one that changes nothing, flashes the screen's hint), seat names, the view.

    A game states only its own steps: :attr:`steps`, :meth:`changes`, :meth:`settings`,
    :meth:`_view` (and, if leaving a step changes another choice, :meth:`leave`).
    """

    #: After a press that did nothing: "" flashes the screen's hint (what works now); a mark
    #: flashes the mark and what was ignored (e.g. "\u2717 UP ignored"), as
    #: :attr:`device.core.flow.GameFlow.hint_mark` does in the game.
    hint_mark: ClassVar[str] = ""

    def __init__(self, names: Sequence[str], choices: SetupChoices) -> None:
        self.given = tuple(names)
        self.choices: Any = choices
        self.result: SetupResult | None = None
        self.flash = ""

    # --- what each game supplies ------------------------------------------------------------
    @property
    def steps(self) -> tuple[enum.Enum, ...]:
        """The setup's screens, in order (the last one's OK deals)."""
        raise NotImplementedError

    def changes(self) -> Mapping[Any, Change]:
        """The steps with something to change -> how UP/DOWN changes it (on the others
        only OK and BACK work)."""
        raise NotImplementedError

    def settings(self) -> Any:
        """The game's settings from the choices (the result's ``settings``)."""
        raise NotImplementedError

    def leave(self, step: Any) -> Any:
        """The choices as OK leaves ``step`` (unchanged unless a game suggests something)."""
        return self.choices

    def _view(self) -> Any:
        raise NotImplementedError

    # --- the changes games share ------------------------------------------------------------
    @staticmethod
    def players_within(lo: int, hi: int) -> Change:
        """The players step's change: one player more or fewer, wrapping in ``lo..hi``."""
        return lambda c, up: replace(c, players=wrap(c.players + up, lo, hi))

    @staticmethod
    def next_first(c: SetupChoices, up: int) -> SetupChoices:
        """The seat above (UP: the names are a list) or below goes first."""
        return replace(c, first=(c.first - up) % c.players)

    @staticmethod
    def more_strikes(c: StrikeChoices, up: int) -> StrikeChoices:
        """The strike limit one up or down, wrapping in :data:`STRIKE_LIMITS`."""
        return replace(c, strikes=wrap(c.strikes + up, *STRIKE_LIMITS))

    # --- shared ----------------------------------------------------------------------------
    def strikes_view(self) -> NumberView:
        """The strike limit's screen."""
        strikes = self.choices.strikes
        return NumberView("Strike limit", str(strikes), f"out at {strikes} strikes",
                          self.step_hint())

    @property
    def step(self) -> Any:
        return self.steps[self.choices.step]

    @property
    def names(self) -> tuple[str, ...]:
        return seat_names(self.choices.players, self.given)

    def press(self, role: Role) -> None:
        """One button press (see the class docstring)."""
        self.flash = ""
        if role is Role.BACK:
            self._back()
        elif role is Role.OK:
            self._next()
        else:
            change = self.changes().get(self.step) if role in (Role.UP, Role.DOWN) else None
            if change is None:
                self.flash = (f"{self.hint_mark}{role.name} ignored" if self.hint_mark
                              else self._view().hint)
            else:
                self.choices = change(self.choices, 1 if role is Role.UP else -1)

    def _next(self) -> None:
        if self.choices.step == len(self.steps) - 1:
            self.result = SetupResult(self.names, self.settings())
            return
        c = self.leave(self.step)
        self.choices = replace(c, step=c.step + 1, first=min(c.first, c.players - 1))

    def _back(self) -> None:
        c = self.choices
        if c.step > 0:
            self.choices = replace(c, step=c.step - 1)
        else:
            self.flash = "first step"

    def step_hint(self) -> str:
        """The hint of a choice step: BACK spelled out from the second step on."""
        return "w/s o:next b:back" if self.choices.step else "w/s:change o:next"

    def view(self) -> Any:
        view = self._view()
        return replace(view, hint=self.flash) if self.flash else view


__all__ = ["STRIKE_LIMITS", "Change", "SetupChoices", "SetupDefaults",
           "SetupResult", "SetupSteps", "StrikeChoices", "in_strike_limits",
           "seat_names", "wrap"]
