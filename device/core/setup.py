"""Setting up a game with the buttons: what every game's setup shares, and the game chooser.

A game's setup is a :class:`SetupSteps` (one screen per step: UP/DOWN change, OK next,
BACK the step before) built from the config's :class:`SetupDefaults`; when dealt it holds
a :class:`SetupResult` (names + the game's settings, which the game log's header records).

:class:`GameChooser` is what the box shows first: the setup of the default game; BACK on
its first step ("b:game") shows the menu of every game the box knows (UP/DOWN, OK), which
opens that game's setup, followed by "Teach <dice>" for each kind of dice the camera games
read (:class:`device.core.teach.TeachFlow`; back to the menu when it ends). It has the same
face as a setup (``press``, ``view``, ``result``), plus ``busy``/``tick`` while teaching.

Names are seat numbers ("P1".."P8") unless the config (``[game] names``) or the command
line gives names; there is no text entry on a six-button box.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from device.core.dice import DiceKind
from device.core.roles import Role
from device.core.teach import TeachFlow
from device.ui.views import MenuView

if TYPE_CHECKING:
    from device.core.game import GameRecord

#: Makes the teach flow for a kind of dice (the box supplies the eye and the shelf).
TeachFactory = Callable[[DiceKind], TeachFlow]


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


class SetupSteps:
    """What every game's setup shares (``given`` names, ``choices`` with ``players`` and
    ``step``, a ``flash`` hint, the ``result`` once dealt): seat names, BACK to the step
    before, the view. A game implements :meth:`press` and :meth:`_view`."""

    given: tuple[str, ...]
    choices: Any
    flash: str
    result: SetupResult | None

    def press(self, role: Role) -> None:
        raise NotImplementedError

    @property
    def names(self) -> tuple[str, ...]:
        return seat_names(self.choices.players, self.given)

    def _back(self) -> None:
        c = self.choices
        if c.step > 0:
            self.choices = replace(c, step=c.step - 1)
        else:
            self.flash = "first step"

    def view(self) -> Any:
        view = self._view()
        return replace(view, hint=self.flash) if self.flash else view

    def _view(self) -> Any:
        raise NotImplementedError


def wrap(value: int, lo: int, hi: int) -> int:
    """``value`` brought into ``lo..hi`` by wrapping around (one past ``hi``: ``lo``)."""
    return lo + (value - lo) % (hi - lo + 1)


class GameChooser:
    """The chosen game's setup, with the game menu one BACK away (see the module doc).

    It opens on the setup of ``game`` (the config's default: the first record unless it
    names another), so the usual game needs no extra press.
    """

    def __init__(self, games: Sequence[GameRecord], defaults: SetupDefaults,
                 game: str | None = None, teach: TeachFactory | None = None) -> None:
        from device.core.game import dice_kinds

        if not games:
            raise ValueError("no games to choose from")
        self.games = tuple(games)
        self.defaults = defaults
        self.teach = teach
        self.kinds = dice_kinds(self.games) if teach is not None else ()
        names = [g.name for g in self.games]
        self.cursor = names.index(game) if game in names else 0
        self.inner: SetupSteps | None = self._make()
        self.teaching: TeachFlow | None = None
        self.flash = ""

    @property
    def game(self) -> GameRecord:
        """The game whose setup is open (or under the menu's cursor; a teach line: the
        last game)."""
        return self.games[min(self.cursor, len(self.games) - 1)]

    @property
    def busy(self) -> bool:
        """Teaching, and the camera is looking: call :meth:`tick`."""
        return self.teaching is not None and self.teaching.busy

    def tick(self, t: float) -> None:
        if self.teaching is not None:
            self.teaching.tick(t)

    def lines(self) -> list[str]:
        """The simulator's lines while teaching."""
        return self.teaching.lines() if self.teaching is not None else []

    def _make(self) -> SetupSteps:
        return self.game.setup(self.defaults)

    @property
    def result(self) -> SetupResult | None:
        return None if self.inner is None else self.inner.result

    @result.setter
    def result(self, value: SetupResult | None) -> None:  # the box clears a failed start
        if self.inner is not None:
            self.inner.result = value

    def press(self, role: Role) -> None:
        self.flash = ""
        if self.teaching is not None:
            self.teaching.press(role)
            if self.teaching.finished:
                self.teaching = None
            return
        if self.inner is None:
            if role in (Role.UP, Role.DOWN):
                step = 1 if role is Role.DOWN else -1
                self.cursor = (self.cursor + step) % (len(self.games) + len(self.kinds))
            elif role is Role.OK and self.cursor >= len(self.games):
                assert self.teach is not None
                self.teaching = self.teach(self.kinds[self.cursor - len(self.games)])
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
        if self.teaching is not None:
            return self.teaching.view()
        if self.inner is None:
            labels = (*(g.label for g in self.games), *(f"Teach {k.label}" for k in self.kinds))
            return MenuView("Game", labels, self.cursor, self.flash or "w/s o:pick")
        view = self.inner.view()
        if self.inner.choices.step == 0 and not self.inner.flash:
            view = replace(view, hint="w/s o:next b:game")
        return view


__all__ = ["GameChooser", "SetupDefaults", "SetupResult", "SetupSteps", "TeachFactory",
           "seat_names", "wrap"]
