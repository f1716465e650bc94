"""The game flow every game on the box shares: presses and camera looks in, engine actions
applied and logged, a view out. No threads, no sleeps: the box loop calls
:meth:`GameFlow.press` for each button and :meth:`GameFlow.tick` while :attr:`GameFlow.busy`.

The one reading flow (every game reads its dice this way):

* :class:`Reading`: the camera looks until the watcher settles; the screen shows a status
  word for every look state (:func:`device.core.ports.status_word`). A settled reading the
  game cannot rule on (:meth:`GameFlow.check_reading`: wrong number of dice, a die that
  could not be read) asks to spread the dice and read again (OK). After
  :data:`MAX_ATTEMPTS` failures, or MENU/CARD at any time, the dice are entered by hand
  (:class:`EnterByHand`) and must be confirmed by two players (:class:`ConfirmByHand`).
  What the camera does not read (:meth:`GameFlow.camera_reads`, e.g. a revealed card) is
  entered so at once. The box never rules on a guess.
* A camera error logs a warning and shows "Camera problem" (:class:`Notice`), then the
  entry by hand.
* More dice than the tray holds (:meth:`GameFlow.batch_sizes`): the players pour in turn,
  each batch read with the same retry and by-hand rules, the values joined.
* The frame behind each reading is kept (the photo keeper) and the action's log meta says
  how the dice were read: ``{"read": "camera" | "manual", "photo", "looks", "seen": [{value,
  box, confidence}], "why", "confirmed_by", "batches": [...]}`` (docs/game-log.md).
* Every action is applied, logged (fsynced) and only then shown; a refusal changes nothing
  and says why (:class:`Notice`).
* A log line that cannot be written (a full or read-only card: any :class:`OSError`, e.g.
  :class:`games.log.LogWriteError`) changes nothing either: the box stops taking actions
  and says "storage full: the game is saved up to here" (:class:`StorageFull`); OK tries
  the same action again, and a restart resumes at the last logged action.
* A ruling photo that cannot be kept is said on the screen's hint row and in the action's
  meta (``"photo_lost"``); the game goes on.
* MENU shows the players (:class:`Players`; any button returns). For a game whose dice
  the camera reads (the box passes ``teach``: their :class:`device.core.dice.DiceKind`),
  MENU there opens the game menu (:class:`GameMenu`): "Back to the game" and "Teach <dice>".
  Teach returns to the game's screen and sets :attr:`GameFlow.asks_teach`; the box runs
  the teach flow over the game and shows the game again where it was when it ends. Nothing
  is logged for it, so a power cut while teaching resumes the game.

A game subclasses :class:`GameFlow`: ``rules_factory``, :meth:`GameFlow.mode_for`,
:meth:`GameFlow.press_handlers` and :meth:`GameFlow.view_handlers` (explicit maps from its
mode types), the reading hooks (:meth:`GameFlow.rule`, :meth:`GameFlow.check_reading`,
:meth:`GameFlow.confirmers`, the ``hand_*`` methods, the three reading views),
:meth:`GameFlow.mode_after`, :meth:`GameFlow.players_view` and :meth:`GameFlow.winner_lines`.
"""

from __future__ import annotations

import enum
import errno
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar, Protocol

from device.core.dice import DiceKind
from device.core.ports import (
    DieValue,
    Eye,
    Look,
    LookState,
    Recorder,
    SavePhoto,
    SeenDie,
)
from device.core.roles import Role
from device.ui.views import MenuView, MessageView, WinnerView
from games.errors import IllegalAction
from games.event import Event

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 3  # failed readings before the dice are entered by hand
TRAY_CAPACITY = 30  # dice the tray holds, unless the config says otherwise

PressHandler = Callable[[Role], bool]
ViewHandler = Callable[[Any], Any]


# --- the modes every game has -----------------------------------------------------------------


@dataclass(frozen=True)
class Batch:
    """One batch of a reading, read: its dice, photo, what was seen and how (log meta)."""

    values: tuple[DieValue, ...]
    photo: str | None
    seen: tuple[SeenDie, ...]
    looks: int
    meta: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Reading:
    """The camera is looking (``problem`` set: a look failed, waiting for OK)."""

    kind: Any  # the game's reading kind (a StrEnum: "accept", "challenge", "round"...)
    attempt: int = 1
    status: LookState = LookState.LOOKING
    problem: str | None = None
    frame: Any = field(default=None, compare=False)
    seen: tuple[SeenDie, ...] = field(default=(), compare=False)
    batch: int = 0  # which batch (more dice than the tray holds)
    done: tuple[Batch, ...] = field(default=(), compare=False)  # the batches read so far


@dataclass(frozen=True, kw_only=True)
class ByHand:
    """A reading being entered with the buttons (the game says what ``value`` is): what
    :class:`EnterByHand` and :class:`ConfirmByHand` share. Built with keywords only."""

    kind: Any
    value: Any
    why: str = ""
    frame: Any = field(default=None, compare=False)
    seen: tuple[SeenDie, ...] = field(default=(), compare=False)
    batch: int = 0
    done: tuple[Batch, ...] = field(default=(), compare=False)
    looks: int = 0

    def shared(self) -> dict[str, Any]:
        """The fields declared here, to carry into the other by-hand mode."""
        return {f.name: getattr(self, f.name) for f in fields(ByHand)}


@dataclass(frozen=True, kw_only=True)
class EnterByHand(ByHand):
    """The reading entered with the buttons, ``cursor`` on the field being changed."""

    cursor: int = 0


@dataclass(frozen=True, kw_only=True)
class ConfirmByHand(ByHand):
    """Two players confirm the entry (``step`` 1 then 2)."""

    step: int = 1


@dataclass(frozen=True)
class Notice:
    title: str
    text: str
    back: Any


@dataclass(frozen=True)
class StorageFull:
    """The log could not be written: ``action`` (with ``meta``) was not taken; OK retries."""

    action: Any
    meta: Mapping[str, Any] | None
    problem: str
    back: Any
    full: bool = True  # out of space (else: e.g. the card went read-only)


@dataclass(frozen=True)
class Ruled:
    """A ruling page (the game's view value); OK goes on."""

    view: Any


@dataclass(frozen=True)
class Players:
    """The players' view; any button returns to ``back``."""

    back: Any


@dataclass(frozen=True)
class GameMenu:
    """The in-game menu (MENU on the players' view): :data:`GAME_MENU`; BACK returns."""

    back: Any
    cursor: int = 0


class MenuItem(enum.Enum):
    """The in-game menu's lines, in order."""

    BACK = "back"
    TEACH = "teach"


#: The in-game menu's lines, in order.
GAME_MENU = tuple(MenuItem)
#: The players' view hint when MENU there opens the game menu.
MENU_HINT = "m:menu, other: back"


@dataclass(frozen=True)
class Over:
    pass


# --- the flow -------------------------------------------------------------------------------


class SimHooks(Protocol):
    """What a simulator (or a test) is told about the flow; the real box has none."""

    def entered(self, flow: GameFlow) -> None:
        """A mode came on screen (a simulated cup may roll: once a turn or round)."""

    def lift(self, flow: GameFlow, reading: Reading) -> None:
        """The dice are being shown to the camera for ``reading`` (kind, attempt, batch)."""

    def applied(self, flow: GameFlow, action: Any, events: Sequence[Any]) -> None:
        """An action was applied and logged."""

    def dice(self) -> tuple[DieValue, ...] | None:
        """What lies in the tray now (the ``--reader cup`` eye's answer)."""

    def lines(self, flow: GameFlow | None) -> list[str]:
        """Lines the terminal shows under the simulated screen."""

    def restore(self, actions: Sequence[Any], log_path: Any) -> None:
        """Catch up with a resumed game log."""


class NoHooks:
    """The real box's hooks: nothing to tell (subclass it for a game's extra hooks)."""

    def entered(self, flow: GameFlow) -> None:
        pass

    def lift(self, flow: GameFlow, reading: Reading) -> None:
        pass

    def applied(self, flow: GameFlow, action: Any, events: Sequence[Any]) -> None:
        pass

    def dice(self) -> tuple[DieValue, ...] | None:
        return None

    def lines(self, flow: GameFlow | None) -> list[str]:
        return []

    def restore(self, actions: Sequence[Any], log_path: Any) -> None:
        pass


class GameFlow:
    """The state machine every game shares (see the module docstring)."""

    #: Builds the game's rules (:class:`games.common.Rules`) when none are given.
    rules_factory: ClassVar[Callable[[], Any]]
    #: After a press that did nothing: "" shows the hint (what works now); a mark shows
    #: the mark and what was ignored (e.g. "\u2717 UP ignored").
    hint_mark: ClassVar[str] = ""
    #: Modes where MENU is not "show the players" (beyond reading, entry and messages).
    no_menu: ClassVar[tuple[type, ...]] = ()

    def __init__(self, state: Any, log: Recorder, eye: Eye, *, rules: Any = None,
                 save_photo: SavePhoto | None = None, hooks: SimHooks | None = None,
                 actions: int = 0, last_events: Sequence[Event] = (),
                 tray_capacity: int = TRAY_CAPACITY, teach: DiceKind | None = None) -> None:
        self.rules = rules if rules is not None else type(self).rules_factory()
        self.state = state
        self.log = log
        self.eye = eye
        self.save_photo = save_photo
        self.hooks: Any = hooks if hooks is not None else NoHooks()
        self.actions = actions
        self.tray_capacity = tray_capacity
        self.last_events: tuple[Event, ...] = tuple(last_events)
        self.flash = ""  # a short hint after a press that did nothing
        self.finished = False  # OK on the winner screen: the box may start a new game
        self.teach = teach  # the dice the game menu offers to teach (None: no game menu)
        self.asks_teach: DiceKind | None = None  # "Teach" picked: the box runs it, clears it
        self._press: dict[type, PressHandler] = {
            Reading: self._press_reading, EnterByHand: self._press_enter,
            ConfirmByHand: self._press_confirm, Notice: self._press_notice,
            Ruled: self._press_ruled, Players: self._press_players, Over: self._press_over,
            StorageFull: self._press_storage_full, GameMenu: self._press_game_menu,
            **self.press_handlers()}
        self._views: dict[type, ViewHandler] = {
            Reading: self.reading_view, EnterByHand: self.hand_view,
            ConfirmByHand: self._confirm_view, Notice: self._notice_view,
            Ruled: self._ruled_view, Players: self._players_view,
            StorageFull: self._storage_full_view, GameMenu: self._game_menu_view,
            Over: lambda mode: WinnerView(self.who(self.state.winner), self.winner_lines()),
            **self.view_handlers()}
        self.mode: Any = self.mode_for(state)
        self._entered()

    # --- what each game supplies ------------------------------------------------------------
    def mode_for(self, state: Any) -> Any:
        """The screen the engine state is waiting on (also after a restart)."""
        raise NotImplementedError

    def press_handlers(self) -> Mapping[type, PressHandler]:
        """The game's own modes -> their press handlers (True: the press did something)."""
        return {}

    def view_handlers(self) -> Mapping[type, ViewHandler]:
        """The game's own modes -> their views (may replace the shared ones)."""
        return {}

    def mode_after(self, action: Any) -> Any:
        """The screen after ``action`` was applied (``state``, ``last_events``: after it)."""
        raise NotImplementedError

    def rule(self, kind: Any, values: tuple[DieValue, ...], meta: dict[str, Any]) -> None:
        """Every die of a reading is known: apply the game's action (with ``meta``)."""
        raise NotImplementedError

    def check_reading(self, mode: Reading, values: tuple[DieValue, ...]) -> str | None:
        """Why a settled reading cannot be ruled on (e.g. the wrong number of dice)."""
        return None

    def camera_reads(self, kind: Any) -> bool:
        """Whether the camera reads ``kind``; if not (e.g. a revealed card), the reading is
        entered by hand at once and confirmed by two players."""
        return True

    def batch_sizes(self, kind: Any) -> tuple[int, ...]:
        """The dice in each batch of a reading (one batch unless the tray is too small)."""
        return (0,)

    def confirmers(self, kind: Any) -> tuple[int, int]:
        """The two seats that confirm a reading entered by hand."""
        raise NotImplementedError

    def hand_start(self, kind: Any, batch: int) -> Any:
        """The entry's first value."""
        raise NotImplementedError

    def hand_fields(self, kind: Any) -> int:
        """How many fields the entry has (OK moves to the next; after the last, confirm)."""
        return 1

    def hand_step(self, mode: EnterByHand, step: int) -> Any:
        """The entry's value after UP (+1) or DOWN (-1)."""
        raise NotImplementedError

    def hand_values(self, kind: Any, value: Any, batch: int) -> tuple[DieValue, ...]:
        """The dice a confirmed entry stands for."""
        raise NotImplementedError

    def hand_meta(self, kind: Any, value: Any) -> dict[str, Any]:
        """Extra log meta for a confirmed entry (e.g. the count)."""
        return {}

    def reading_view(self, mode: Reading) -> Any:
        raise NotImplementedError

    def hand_view(self, mode: EnterByHand) -> Any:
        raise NotImplementedError

    def confirm_view(self, mode: ConfirmByHand, who: str) -> Any:
        raise NotImplementedError

    def players_view(self) -> Any:
        raise NotImplementedError

    def winner_lines(self) -> tuple[str, ...]:
        return ()

    def context(self) -> tuple[Event, ...]:
        """Earlier events an action's ruling includes (none by default)."""
        return ()

    def refused_back(self, problem: str) -> Any:
        """The mode to return to after the engine refused an action."""
        return self.mode

    # --- small queries ---------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.state.names)

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
        no_menu = (Reading, EnterByHand, ConfirmByHand, Players, Notice, StorageFull, GameMenu,
                   *self.no_menu)
        if role is Role.MENU and not isinstance(self.mode, no_menu):
            self.mode = Players(self.mode)
            return
        before = self.mode
        if self._press[type(self.mode)](role) is False and not self.flash:
            self.flash = (f"{self.hint_mark}{role.name} ignored" if self.hint_mark
                          else self._hint_for_mode())
        if isinstance(self.mode, Reading) and not isinstance(
                before, (Reading, EnterByHand, ConfirmByHand, StorageFull)):
            self._note_pressed(role)

    def _note_pressed(self, role: Role) -> None:
        """The press that started a look, noted before the look's action is logged (a power
        cut in between: the resumed screen says to press it again)."""
        try:
            self.log.note(pressed=role.name)
        except OSError as exc:  # the action's own line will say if the log is full
            log.warning("could not note the press %s: %s", role.name, exc)

    def resumed(self, pressed: str | None) -> None:
        """Just resumed; ``pressed``: the button whose action was lost (see notes)."""
        if pressed is not None:
            self.flash = f"press {pressed} again"

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

    # --- the one reading flow ---------------------------------------------------------------
    def start_reading(self, kind: Any) -> None:
        """Read the dice for ``kind`` (the first batch, the first look; by hand at once
        where the camera does not read ``kind``)."""
        if not self.camera_reads(kind):
            self.mode = EnterByHand(kind=kind, value=self.hand_start(kind, 0),
                                    why="entered by hand")
            return
        self._look(kind, 1, 0, ())

    def _look(self, kind: Any, attempt: int, batch: int, done: tuple[Batch, ...]) -> None:
        self.mode = Reading(kind, attempt, batch=batch, done=done)
        self.hooks.lift(self, self.mode)
        self.eye.start()

    def _settled(self, mode: Reading, look: Look) -> None:
        problem = look.problem
        if look.state is LookState.ERROR:
            problem = problem or "camera error"
            log.warning("reading the dice: %s", problem)
            self.mode = Notice("Camera problem", f"{problem}. Enter the dice by hand.",
                               self._by_hand(mode, "camera problem", look))
            return
        if problem is None and look.values is not None:
            problem = self.check_reading(mode, look.values)
            if problem is None:
                self._batch_read(mode.kind, mode.batch, mode.done, look.values, look.frame,
                                 look.seen, mode.attempt, {"read": "camera"})
                return
        problem = problem or "no dice seen"
        if mode.attempt >= MAX_ATTEMPTS:
            self.mode = self._by_hand(mode, problem, look)
            return
        self.mode = replace(mode, problem=problem, status=look.state, frame=look.frame,
                            seen=look.seen)

    def _by_hand(self, mode: Reading, why: str, look: Look | None = None) -> EnterByHand:
        frame = look.frame if look is not None else mode.frame
        seen = look.seen if look is not None else mode.seen
        return EnterByHand(kind=mode.kind, value=self.hand_start(mode.kind, mode.batch), why=why,
                           frame=frame, seen=seen, batch=mode.batch, done=mode.done,
                           looks=mode.attempt)

    def _press_reading(self, role: Role) -> bool:
        mode: Reading = self.mode
        if role in (Role.MENU, Role.CARD):
            self.mode = self._by_hand(mode, "entered by hand")
            return True
        if mode.problem is not None and role is Role.OK:
            self._look(mode.kind, mode.attempt + 1, mode.batch, mode.done)
            return True
        return False

    def _press_enter(self, role: Role) -> bool:
        mode: EnterByHand = self.mode
        if role in (Role.UP, Role.DOWN):
            self.mode = replace(mode, value=self.hand_step(mode, 1 if role is Role.UP else -1))
        elif role is Role.OK:
            if mode.cursor + 1 < self.hand_fields(mode.kind):
                self.mode = replace(mode, cursor=mode.cursor + 1)
            else:
                self.mode = ConfirmByHand(**mode.shared(), step=1)
        elif role is Role.BACK:
            if mode.cursor > 0:
                self.mode = replace(mode, cursor=mode.cursor - 1)
            elif not self.camera_reads(mode.kind):
                self.mode = self.mode_for(self.state)
            else:
                self._look(mode.kind, 1, mode.batch, mode.done)
        else:
            return False
        return True

    def _press_confirm(self, role: Role) -> bool:
        mode: ConfirmByHand = self.mode
        if role is Role.OK:
            if mode.step == 1:
                self.mode = replace(mode, step=2)
                return True
            names = [self.names[s] for s in self.confirmers(mode.kind)]
            meta = {"read": "manual", "why": mode.why, "confirmed_by": names,
                    **self.hand_meta(mode.kind, mode.value)}
            values = self.hand_values(mode.kind, mode.value, mode.batch)
            self._batch_read(mode.kind, mode.batch, mode.done, values, mode.frame, mode.seen,
                             mode.looks, meta)
        elif role in (Role.CHALLENGE, Role.BACK):
            self.mode = EnterByHand(**mode.shared(), cursor=0)
        else:
            return False
        return True

    def _batch_read(self, kind: Any, batch: int, done: tuple[Batch, ...],
                    values: tuple[DieValue, ...], frame: Any, seen: tuple[SeenDie, ...],
                    looks: int, meta: dict[str, Any]) -> None:
        """One batch is known: keep its photo; read the next batch, or rule on them all."""
        batches = len(self.batch_sizes(kind))
        photo = self._keep_photo(frame, batch if batches > 1 else None)
        if photo is None and frame is not None and self.save_photo is not None:
            meta = {**meta, "photo_lost": "could not be saved"}
        done = (*done, Batch(tuple(values), photo, tuple(seen), looks, meta))
        if batch + 1 < batches:
            self._look(kind, 1, batch + 1, done)
            return
        self.rule(kind, tuple(v for b in done for v in b.values), reading_meta(done))
        if any("photo_lost" in b.meta for b in done) and not isinstance(self.mode,
                                                                       StorageFull):
            hint = getattr(self._view(), "hint", "")
            self.flash = f"photo not kept {hint}".strip()

    def _keep_photo(self, frame: Any, part: int | None) -> str | None:
        if frame is None or self.save_photo is None:
            return None
        if part is None:
            return self.save_photo(frame, self.actions + 1)
        return self.save_photo(frame, self.actions + 1, part + 1)

    # --- the modes every game has -----------------------------------------------------------
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
        """The players' view: MENU opens the game menu (if the game has one), any other
        button returns."""
        if role is Role.MENU and self.teach is not None:
            self.mode = GameMenu(self.mode.back)
        else:
            self.mode = self.mode.back
        return True

    def _press_game_menu(self, role: Role) -> bool:
        mode: GameMenu = self.mode
        if role in (Role.UP, Role.DOWN):
            step = 1 if role is Role.DOWN else -1
            self.mode = replace(mode, cursor=(mode.cursor + step) % len(GAME_MENU))
        elif role is Role.BACK:
            self.mode = mode.back
        elif role is Role.OK:
            self.mode = mode.back
            if GAME_MENU[mode.cursor] is MenuItem.TEACH:
                self.asks_teach = self.teach
        else:
            return False
        return True

    def _press_storage_full(self, role: Role) -> bool:
        """OK: try to log the action again (space may have been freed)."""
        if role is not Role.OK:
            return False
        mode: StorageFull = self.mode
        self.mode = mode.back
        self.apply(mode.action, dict(mode.meta) if mode.meta is not None else None)
        return True

    def _press_over(self, role: Role) -> bool:
        if role is not Role.OK:
            return False
        self.finished = True
        return True

    # --- doing things ----------------------------------------------------------------------
    def apply(self, action: Any, meta: dict[str, Any] | None = None) -> bool:
        """Apply, log (fsynced) and only then change the screen; a refusal changes nothing."""
        try:
            state, events = self.rules.apply(self.state, action)
        except IllegalAction as exc:
            self.mode = Notice("Not allowed", str(exc), self.refused_back(str(exc)))
            return False
        try:
            self.actions = self.log.action(action, meta)
        except OSError as exc:  # games.log.LogWriteError: the log still ends at a whole line
            problem = exc.strerror or str(exc)
            log.error("the game log cannot be written (%s): the game is saved up to action"
                      " %d; free space and press OK, or restart", problem, self.actions)
            full = exc.errno in (errno.ENOSPC, errno.EDQUOT)
            self.mode = StorageFull(action, meta, problem, self.mode, full)
            return False
        self.last_events = self.context() + tuple(events)
        self.state = state
        self.hooks.applied(self, action, events)
        self.mode = self.mode_after(action)
        self._entered()
        return True

    def _entered(self) -> None:
        """A mode came on screen: the simulator's hooks may want to know."""
        self.hooks.entered(self)

    # --- views ------------------------------------------------------------------------------
    def _confirm_view(self, mode: ConfirmByHand) -> Any:
        return self.confirm_view(mode, self.who(self.confirmers(mode.kind)[mode.step - 1]))

    def _notice_view(self, mode: Notice) -> MessageView:
        return MessageView(mode.title, (mode.text,), "o:ok")

    def _storage_full_view(self, mode: StorageFull) -> MessageView:
        return MessageView("Storage full" if mode.full else "Cannot save", (
            "The game is saved up to here.",  # the cause is in the journal
            ("Free space" if mode.full else "Fix the card") + ", then OK to go on."),
            "o:try again")

    def _ruled_view(self, mode: Ruled) -> Any:
        return mode.view

    def _players_view(self, mode: Players) -> Any:
        view = self.players_view()
        return replace(view, hint=MENU_HINT) if self.teach is not None else view

    def _game_menu_view(self, mode: GameMenu) -> MenuView:
        assert self.teach is not None
        labels = {MenuItem.BACK: "Back to the game", MenuItem.TEACH: f"Teach {self.teach.label}"}
        return MenuView("Menu", tuple(labels[item] for item in GAME_MENU), mode.cursor,
                        "w/s o:pick b:back")

    def _view(self) -> Any:
        return self._views[type(self.mode)](self.mode)

    def view(self) -> Any:
        """The view value for :func:`device.ui.views.render`."""
        view = self._view()
        if self.flash and hasattr(view, "hint"):
            view = replace(view, hint=self.flash)
        return view


def reading_meta(done: Sequence[Batch]) -> dict[str, Any]:
    """The log meta of a reading (docs/game-log.md): the last batch's photo and what it saw;
    with several batches, each batch too.

    >>> reading_meta([Batch((5, 2), "photos/g/0001.jpg", (SeenDie(5), SeenDie(2)), 2,
    ...                     {"read": "camera"})])
    {'read': 'camera', 'photo': 'photos/g/0001.jpg', 'looks': 2, 'seen': [{'value': 5}, \
{'value': 2}]}
    """
    last = done[-1]

    def one(b: Batch) -> dict[str, Any]:
        out: dict[str, Any] = {"read": b.meta.get("read", "camera")}
        if b.photo is not None:
            out["photo"] = b.photo
        out["looks"] = b.looks
        out.update((k, v) for k, v in b.meta.items() if k != "read")
        out["seen"] = [s.to_json() for s in b.seen]
        return out

    meta = one(last)
    if len(done) > 1:
        manual = any(b.meta.get("read") == "manual" for b in done)
        meta["read"] = "manual" if manual else "camera"
        meta["looks"] = sum(b.looks for b in done)
        meta["batches"] = [one(b) for b in done]
    return meta


__all__ = ["GAME_MENU", "MAX_ATTEMPTS", "MENU_HINT", "TRAY_CAPACITY", "Batch", "ByHand",
           "ConfirmByHand", "EnterByHand", "GameFlow", "GameMenu", "MenuItem", "Notice", "Over",
           "Players", "Reading", "Ruled", "StorageFull", "reading_meta"]
