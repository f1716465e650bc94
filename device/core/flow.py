"""What both games' tables (:class:`device.table.Table` for Bamboozled,
:class:`device.doubting_table.DoubtingTable` for Doubting Dice) do the same way.

:class:`TableBase` holds the press dispatch (MENU shows the players' view from any game
screen but the reading, entry and message ones; a press that does nothing leaves a
hint), the camera loop's first step, saving the photo behind a ruling, applying an
action and logging it (with its meta) *before* the screen changes, and the handlers of
the modes both games have: a ruling, a notice, the players' view and the winner.

A game's table supplies its modes, :meth:`TableBase.mode_for`, the per-mode
``_press_<mode>`` handlers, :meth:`TableBase._settled` (what a settled look means),
:meth:`TableBase._mode_after` (the screen after an action) and ``_view``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from device.buttons import Role
from games.common import Event, IllegalAction

MAX_ATTEMPTS = 3  # failed readings before the dice are entered by hand


class Recorder(Protocol):
    """Where actions are recorded (a :class:`games.log.LogWriter`)."""

    def action(self, action: Any, meta: Any = None) -> int: ...


SavePhoto = Callable[[Any, int], "str | None"]  # (frame, n) -> the photo's path, or None


# --- the modes both games have -------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    kind: str  # the game's: "accept" | "challenge" | "roll"; "challenge" | "exact" | "round"
    attempt: int = 1
    status: str = ""
    problem: str | None = None  # set when this attempt failed: waiting for OK
    frame: Any = field(default=None, compare=False)


@dataclass(frozen=True)
class Notice:
    title: str
    text: str
    back: Any


@dataclass(frozen=True)
class Over:
    pass


# --- the shared table ----------------------------------------------------------------------


class TableBase:
    """The state machine both games share (see the module docstring)."""

    #: The game's players' view mode (built with the mode to go back to).
    players_mode: type
    #: Modes where MENU is not "show the players" (reading, entry, confirming, messages).
    no_menu: tuple[type, ...]

    def __init__(self, state: Any, log: Any, eye: Any, *, save_photo: Any, hooks: Any,
                 rules: Any, actions: int, last_events: Sequence[Event]) -> None:
        self.rules = rules
        self.state = state
        self.log = log
        self.eye = eye
        self.save_photo = save_photo
        self.hooks = hooks
        self.actions = actions
        self.last_events: tuple[Event, ...] = tuple(last_events)
        self.flash = ""  # a short hint after a press that did nothing
        self.finished = False  # OK on the winner screen: the box may start a new game
        self.mode: Any = self.mode_for(state)
        self._entered()

    # --- what each game supplies ------------------------------------------------------------
    def mode_for(self, state: Any) -> Any:
        """The screen the engine state is waiting on."""
        raise NotImplementedError

    def _settled(self, mode: Reading, look: Any) -> None:
        """The camera's look at the tray is done (settled or an error): rule or ask again."""
        raise NotImplementedError

    def _mode_after(self, action: Any) -> Any:
        """The screen after ``action`` was applied (``state``, ``last_events``: after it)."""
        raise NotImplementedError

    def _view(self) -> Any:
        raise NotImplementedError

    def _entered(self) -> None:
        """A mode came on screen (the simulator's hooks may want to know)."""

    def _context(self) -> tuple[Event, ...]:
        """Earlier events an action's ruling includes (none by default)."""
        return ()

    def _refused_back(self, problem: str) -> Any:
        """The mode to return to after the engine refused an action."""
        return self.mode

    # --- small queries ---------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return self.state.names

    def who(self, seat: int | None) -> str:
        return self.state.names[seat].upper() if seat is not None else "?"

    @property
    def busy(self) -> bool:
        """Looking at the dice: call :meth:`tick` (buttons may wait)."""
        return isinstance(self.mode, Reading) and self.mode.problem is None

    # --- input ------------------------------------------------------------------------------
    def press(self, role: Role) -> None:
        """One button press."""
        self.flash = ""
        if role is Role.MENU and not isinstance(self.mode, self.no_menu):
            self.mode = self.players_mode(self.mode)
            return
        handler = getattr(self, f"_press_{type(self.mode).__name__.lower()}")
        if handler(role) is False and not self.flash:
            self.flash = self._hint_for_mode()

    def _hint_for_mode(self) -> str:
        """The hint after a press that did nothing: what works now."""
        return getattr(self._view(), "hint", "") or "not now"

    def tick(self, t: float) -> None:
        """Let the camera look (only while :attr:`busy`)."""
        if not self.busy:
            return
        mode: Reading = self.mode
        look = self.eye.poll(t)
        if not look.done:
            self.mode = replace(mode, status=look.state, frame=look.frame)
            return
        self._settled(mode, look)

    # --- the modes both games have ----------------------------------------------------------
    def _press_ruled(self, role: Role) -> bool:
        if role is not Role.OK:
            return False
        self.mode = self.mode_for(self.state)
        self._entered()
        return True

    def _press_notice(self, role: Role) -> bool:
        if role not in (Role.OK, Role.BACK):
            return False
        self.mode = self.mode.back
        return True

    def _press_players(self, role: Role) -> bool:
        """The players' view: any button returns."""
        self.mode = self.mode.back
        return True

    def _press_over(self, role: Role) -> bool:
        if role is not Role.OK:
            return False
        self.finished = True
        return True

    # --- doing things ----------------------------------------------------------------------
    def _with_photo(self, frame: Any, meta: dict[str, Any]) -> dict[str, Any]:
        """Keep the frame behind the next action (``save_photo``); its path joins ``meta``."""
        if frame is not None and self.save_photo is not None:
            path = self.save_photo(frame, self.actions + 1)
            if path:
                meta = {**meta, "photo": path}
        return meta

    def _apply(self, action: Any, meta: dict[str, Any] | None = None) -> bool:
        """Apply, log (fsynced) and only then change the screen; a refusal changes nothing."""
        try:
            state, events = self.rules.apply(self.state, action)
        except IllegalAction as exc:
            self.mode = Notice("Not allowed", str(exc), self._refused_back(str(exc)))
            return False
        self.actions = self.log.action(action, meta)
        self.last_events = self._context() + tuple(events)
        self.state = state
        self.hooks.applied(self, action, events)
        self.mode = self._mode_after(action)
        self._entered()
        return True

    # --- views ------------------------------------------------------------------------------
    def view(self) -> Any:
        """The view value for :func:`device.screens.render`."""
        view = self._view()
        if self.flash and hasattr(view, "hint"):
            view = replace(view, hint=self.flash)
        return view


__all__ = ["MAX_ATTEMPTS", "Notice", "Over", "Reading", "Recorder", "SavePhoto", "TableBase"]
