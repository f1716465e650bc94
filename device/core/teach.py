"""The one teach flow: the players show the box their own dice and confirm what it read.

Every camera game reaches it from setup's game menu and from its in-game menu (MENU twice)
(its :class:`device.core.dice.DiceKind`; games with the same kind share the profile); the
box runs it over that screen (:mod:`device.core.box`). Screens, in order:

1. **Intro** (:class:`Intro`): what is kept now for this kind (none, how many dice, or a
   broken profile that reads ignore), what will be asked. When a profile is kept, UP/DOWN
   choose (:class:`KeptChoice`) between adding the new looks to it (the default: a set
   with many looks is taught over several sittings), starting again (new dice, or the
   camera moved) and forgetting it (reads go on without a profile: OK forgets it at once).
   OK starts, BACK leaves.
2. **Empty tray** (:class:`Clearing`): the camera looks until it sees the tray empty; the
   eye keeps that frame as the empty-tray reference. OK skips.
3. **Look** (:class:`Looking`), ``kind.looks`` times: pip dice are rolled; symbol dice
   show each face in turn (the screen names it), ``per_face`` times each.
4. **Check** (:class:`Checking`): what was read for each die, left to right. UP/DOWN
   change the die under the cursor (its faces, then "x": not a die), OK the next die (after
   the last: all right), ACCEPT all right, CHALLENGE look again, BACK leave.
5. **Saved** (:class:`Finished`): the shelf learns from every confirmed look and keeps
   the profile (with the kept one's dice, when adding); OK goes back to where teaching
   was opened (setup's menu, or the game).

BACK on any screen leaves without saving anything (an earlier profile stays as it was).
No threads, no sleeps: the owner calls :meth:`TeachFlow.tick` while :attr:`TeachFlow.busy`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from device.core.dice import DiceKind, DiceShelf, NoTeachTable, TaughtShot, TeachTable
from device.core.ports import DieValue, Eye, LookState, SeenDie, status_word
from device.core.roles import Role
from device.ui.views import DiceCheckView, MessageView, ReadView

log = logging.getLogger(__name__)

NOT_A_DIE = "x"  # how a place that is no die shows on the check screen


class KeptChoice(Enum):
    """What teaching does with a kept profile, as the intro screen says it (DOWN goes on in
    this order, UP back)."""

    ADD = "Add to them"
    AGAIN = "Start again"
    FORGET = "Forget them"


@dataclass(frozen=True)
class Intro:
    """``kept``: what to do with the kept profile; None: none is kept (or it is broken)."""

    kept: KeptChoice | None = None


@dataclass(frozen=True)
class Clearing:
    status: LookState = LookState.LOOKING


@dataclass(frozen=True)
class Looking:
    look: int
    status: LookState = LookState.LOOKING
    problem: str | None = None


@dataclass(frozen=True)
class Checking:
    """``values[i]``: die i's face as it stands (None: not a die); ``seen``: as read."""

    look: int
    seen: tuple[SeenDie, ...]
    values: tuple[DieValue | None, ...]
    cursor: int = 0
    frame: Any = field(default=None, compare=False)


@dataclass(frozen=True)
class Finished:
    title: str
    text: str


class TeachFlow:
    """Teach ``kind`` with ``eye`` and keep the profile on ``shelf``; ``clear_eye`` (default
    ``eye``) watches for the empty tray and takes it as the reference; ``table``: the
    simulated table (none on the box)."""

    def __init__(self, kind: DiceKind, eye: Eye, shelf: DiceShelf,
                 table: TeachTable | None = None, clear_eye: Eye | None = None) -> None:
        self.kind = kind
        self.eye = eye
        self.clear_eye = clear_eye if clear_eye is not None else eye
        self.shelf = shelf
        self.table: TeachTable = table if table is not None else NoTeachTable()
        self.shots: list[TaughtShot] = []
        self.finished = False  # left, or saved and seen: the owner's screen is back
        self.saved = False
        self.flash = ""
        self.before = shelf.status(kind)
        self.mode: Any = Intro(KeptChoice.ADD if shelf.usable(kind) else None)
        self.add = False  # the kept profile's dice stay (as chosen on the intro screen)
        self.forgotten = False  # the kept profile was forgotten
        self._press: Mapping[type, Callable[[Role], bool]] = {
            Intro: self._press_intro, Clearing: self._press_clearing,
            Looking: self._press_looking, Checking: self._press_checking,
            Finished: self._press_finished}
        self._views: Mapping[type, Callable[[Any], Any]] = {
            Intro: self._intro_view, Clearing: self._clearing_view,
            Looking: self._looking_view, Checking: self._checking_view,
            Finished: lambda m: MessageView(m.title, (m.text,), "o:ok")}

    # --- the loop's interface ---------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """The camera is looking: call :meth:`tick`."""
        return isinstance(self.mode, Clearing) or (
            isinstance(self.mode, Looking) and self.mode.problem is None)

    @property
    def changed(self) -> bool:
        """The kept profile changed (saved or forgotten): later reads need a new eye."""
        return self.saved or self.forgotten

    def press(self, role: Role) -> None:
        self.flash = ""
        if role is Role.BACK and not isinstance(self.mode, Finished):
            self._leave()
            return
        if self._press[type(self.mode)](role) is False and not self.flash:
            self.flash = getattr(self._views[type(self.mode)](self.mode), "hint", "")

    def tick(self, t: float) -> None:
        if not self.busy:
            return
        clearing = isinstance(self.mode, Clearing)
        look = (self.clear_eye if clearing else self.eye).poll(t)
        if clearing:
            if look.state is LookState.EMPTY:  # the eye took the empty-tray reference
                log.info("teach %s: the empty tray seen", self.kind.name)
                self._look(1)
            elif look.state is LookState.ERROR:
                self._finish("Camera problem", f"{look.problem}. Nothing was taught.")
            else:
                self.mode = Clearing(look.state)
            return
        mode: Looking = self.mode
        if look.state is LookState.ERROR:
            self._finish("Camera problem", f"{look.problem}. Nothing was taught.")
        elif not look.done:
            self.mode = replace(mode, status=look.state)
        elif not look.seen:
            self.mode = replace(mode, status=look.state, problem="no dice seen")
        else:
            seen = tuple(sorted(look.seen, key=_left_to_right))
            self.mode = Checking(mode.look, seen, tuple(self._proposed(d, mode.look)
                                                         for d in seen), 0, look.frame)

    def view(self) -> Any:
        view = self._views[type(self.mode)](self.mode)
        return replace(view, hint=self.flash) if self.flash else view

    def lines(self) -> list[str]:
        """The simulator's lines under the screen."""
        return self.table.lines()

    # --- steps ------------------------------------------------------------------------------
    def _leave(self) -> None:
        log.info("teach %s: left without saving", self.kind.name)
        self.finished = True

    def _finish(self, title: str, text: str) -> None:
        self.mode = Finished(title, text)

    def _forget(self) -> None:
        try:
            self.shelf.forget(self.kind)
        except OSError as exc:
            log.error("teach %s: cannot forget the profile: %s", self.kind.name, exc)
            self._finish("Not forgotten", f"{exc}")
            return
        log.info("teach %s: the profile forgotten", self.kind.name)
        self.forgotten = True
        self._finish("Dice forgotten", f"Every read of {self.kind.label} goes on without "
                     "what was taught.")

    def _look(self, look: int) -> None:
        self.mode = Looking(look)
        self.table.roll(self.kind, self.kind.face_for(look))
        self.eye.start()

    def _proposed(self, die: SeenDie, look: int) -> DieValue | None:
        """A die's first value on the check screen: as read when it is one of the kind's
        faces; else the face asked for (symbol dice) or "not a die"."""
        if die.value in self.kind.faces:
            return die.value
        return self.kind.face_for(look)

    def _confirm(self, mode: Checking) -> bool:
        kept = tuple(SeenDie(v, d.box, 1.0) for d, v in zip(mode.seen, mode.values, strict=True)
                     if v is not None)
        if not kept:
            self.flash = "no die kept"
            return False
        self.shots.append(TaughtShot(mode.frame, kept))
        if mode.look < self.kind.looks:
            self._look(mode.look + 1)
            return True
        try:
            said = self.shelf.save(self.kind, self.shots, add=self.add)
        except (OSError, ValueError) as exc:
            log.error("teach %s: cannot keep the profile: %s", self.kind.name, exc)
            self._finish("Not saved", f"{exc}")
            return True
        log.info("teach %s: %s", self.kind.name, said)
        self.saved = True
        self._finish("Dice taught", f"{said}. Every read of {self.kind.label} uses them.")
        return True

    # --- presses ----------------------------------------------------------------------------
    def _press_intro(self, role: Role) -> bool:
        mode: Intro = self.mode
        if role in (Role.UP, Role.DOWN) and mode.kept is not None:
            choices = list(KeptChoice)  # no wrapping round: UP from "add" is not "forget"
            k = choices.index(mode.kept) + (1 if role is Role.DOWN else -1)
            self.mode = Intro(choices[min(max(k, 0), len(choices) - 1)])
            return True
        if role is not Role.OK:
            return False
        if mode.kept is KeptChoice.FORGET:
            self._forget()
            return True
        self.add = mode.kept is KeptChoice.ADD
        self.mode = Clearing()
        self.table.empty()
        self.clear_eye.start()
        return True

    def _press_clearing(self, role: Role) -> bool:
        if role is not Role.OK:
            return False
        self._look(1)  # no reference this time
        return True

    def _press_looking(self, role: Role) -> bool:
        mode: Looking = self.mode
        if role is Role.OK and mode.problem is not None:
            self._look(mode.look)
            return True
        return False

    def _press_checking(self, role: Role) -> bool:
        mode: Checking = self.mode
        if role in (Role.UP, Role.DOWN):
            cycle: list[DieValue | None] = [*self.kind.faces, None]
            now = mode.values[mode.cursor]
            k = cycle.index(now) if now in cycle else len(cycle) - 1
            k = (k + (1 if role is Role.UP else -1)) % len(cycle)
            values = list(mode.values)
            values[mode.cursor] = cycle[k]
            self.mode = replace(mode, values=tuple(values))
        elif role is Role.OK:
            if mode.cursor + 1 < len(mode.values):
                self.mode = replace(mode, cursor=mode.cursor + 1)
            else:
                return self._confirm(mode)
        elif role is Role.ACCEPT:
            return self._confirm(mode)
        elif role is Role.CHALLENGE:
            self._look(mode.look)
        else:
            return False
        return True

    def _press_finished(self, role: Role) -> bool:
        if role not in (Role.OK, Role.BACK):
            return False
        self.finished = True
        return True

    # --- views ------------------------------------------------------------------------------
    def _asked(self) -> str:
        k = self.kind
        if k.symbols:
            return f"Show each face ({len(k.faces)}) {k.per_face} times; check each die."
        return f"Roll the dice {k.rolls} times; check each die."

    def _intro_view(self, mode: Intro) -> MessageView:
        title, now = f"Teach {self.kind.label}", f"Now: {self.before}."
        if mode.kept is None:
            return MessageView(title, (now, self._asked()), "o:start b:leave")
        choice = f"{mode.kept.value} (w/s)."
        if mode.kept is KeptChoice.FORGET:
            return MessageView(title, (now, choice, "Reads go on without them."),
                               "o:forget b:leave")
        return MessageView(title, (now, choice, self._asked()), "o:start b:leave")

    def _clearing_view(self, mode: Clearing) -> ReadView:
        status = "" if mode.status is LookState.SETTLED else status_word(mode.status)
        return ReadView("Empty the tray", status if mode.status is not LookState.EMPTY
                        else "empty", ("Take every die out, hands away.",),
                        hint="o:skip b:leave")

    def _looking_view(self, mode: Looking) -> ReadView:
        k = self.kind
        face = k.face_for(mode.look)
        title = f"Show: {face}" if face is not None else "Roll the dice"
        lines = ((f"Every die showing {face}.",) if face is not None
                 else (f"Roll your {k.label}, hands away.",))
        if mode.problem is not None:
            return ReadView(title, mode.problem, lines, mode.look, hint="o:look again b:leave",
                            of=k.looks)
        return ReadView(title, status_word(mode.status), lines, mode.look, hint="b:leave",
                        of=k.looks)

    def _checking_view(self, mode: Checking) -> DiceCheckView:
        shown = tuple(NOT_A_DIE if v is None else str(v) for v in mode.values)
        return DiceCheckView(f"Check {mode.look}/{self.kind.looks}", shown, mode.cursor,
                             f"die {mode.cursor + 1}/{len(shown)} from the left",
                             "c:look again b:leave", "w/s fix o:next a:ok")


#: Makes the teach flow for a kind of dice (the box supplies the eye and the shelf).
TeachFactory = Callable[[DiceKind], TeachFlow]


def _left_to_right(die: SeenDie) -> tuple[float, float]:
    if die.box is None:
        return (0.0, 0.0)
    return ((die.box[0] + die.box[2]) / 2, (die.box[1] + die.box[3]) / 2)


__all__ = ["Checking", "Clearing", "Finished", "Intro", "KeptChoice", "Looking", "TeachFactory",
           "TeachFlow"]
