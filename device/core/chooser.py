"""The game chooser: the box's first screen.

:class:`GameChooser` is what the box shows first: the setup of the default game; BACK on
its first step ("b:game") shows the menu of every game the box knows (UP/DOWN, OK), which
opens that game's setup, followed by "Teach <dice>" for each kind of dice given (the camera
games'): OK there sets :attr:`GameChooser.asks_teach`, and the box runs the teach flow
(:class:`device.core.teach.TeachFlow`) over the menu, which is back when it ends. It has the
same face as a setup (``press``, ``view``, ``result``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from device.core.dice import DiceKind
from device.core.game import GameRecord
from device.core.roles import Role
from device.core.setup import SetupDefaults, SetupResult, SetupSteps
from device.ui.views import MenuView


class GameChooser:
    """The chosen game's setup, with the game menu one BACK away (see the module doc).

    It opens on the setup of ``game`` (the config's default: the first record unless it
    names another), so the usual game needs no extra press.
    """

    def __init__(self, games: Sequence[GameRecord], defaults: SetupDefaults,
                 game: str | None = None, kinds: Sequence[DiceKind] = ()) -> None:
        if not games:
            raise ValueError("no games to choose from")
        self.games = tuple(games)
        self.defaults = defaults
        self.kinds = tuple(kinds)  # the dice the menu offers to teach
        names = [g.name for g in self.games]
        self.cursor = names.index(game) if game in names else 0
        self.inner: SetupSteps | None = self._make()
        self.asks_teach: DiceKind | None = None  # a teach line picked: the box runs it
        self.flash = ""

    @property
    def game(self) -> GameRecord:
        """The game whose setup is open (or under the menu's cursor; a teach line: the
        last game)."""
        return self.games[min(self.cursor, len(self.games) - 1)]

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
        if self.inner is None:
            if role in (Role.UP, Role.DOWN):
                step = 1 if role is Role.DOWN else -1
                self.cursor = (self.cursor + step) % (len(self.games) + len(self.kinds))
            elif role is Role.OK and self.cursor >= len(self.games):
                self.asks_teach = self.kinds[self.cursor - len(self.games)]
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
            labels = (*(g.label for g in self.games), *(f"Teach {k.label}" for k in self.kinds))
            return MenuView("Game", labels, self.cursor, self.flash or "w/s o:pick")
        view = self.inner.view()
        if self.inner.choices.step == 0 and not self.inner.flash:
            view = replace(view, hint="w/s o:next b:game")
        return view


__all__ = ["GameChooser"]
