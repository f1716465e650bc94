"""The box's main loop: start (resume or set up), play, repeat; signals, sd_notify.

:class:`Box` is the whole box as a state machine over the screens:

* start: an unfinished game log in the logs folder (the newest ``*.jsonl`` whose replay
  has no winner) -> "Resume game?" (OK resume, CHALLENGE new game). Resuming replays the
  log to the exact state and reopens it for appending (a torn last line is cut off);
  the screen is the one that state waits on. A log with a bad line in the middle ->
  "Log damaged": OK resumes after the last good action (:meth:`games.log.LogWriter.salvage`
  keeps the original as ``<name>.jsonl.damaged-<n>``), CHALLENGE starts a new game.
* setup (:class:`device.core.chooser.GameChooser` over the box's games) -> a new log
  ``<game-id>.jsonl`` whose header holds the players, settings and box details -> the
  game's flow (:class:`device.core.flow.GameFlow`).
* the winner screen's OK -> setup again.
* teaching (:class:`device.core.teach.TeachFlow`): asked for from setup's game menu
  ("Teach <dice>" after the games) or from a camera game's in-game menu (MENU twice: see
  :mod:`device.core.flow`); it runs over that screen, which is back when it ends. A game
  taught mid-game reads with a new eye (the new profile); its log is not touched, so a
  power cut while teaching resumes the game.
* storage (:mod:`device.core.storage`, the check ``bluffbox doctor`` makes): a state
  folder that cannot be written is found before anything else (no resume offer, no setup):
  a "Cannot save games" screen and a log line, OK checks again. Below ``min_free_mb`` free
  (after deleting the oldest ruling photos) no new game starts: a "Storage full" screen.
  A game in progress goes on (the floor is its reserve); if its log cannot be written the
  flow stops taking actions (:class:`device.core.flow.StorageFull`).

:func:`run_loop` drives it: one button event or a camera tick at a time, the screen
redrawn after each (only changed frames are sent), WATCHDOG pings from the loop itself.
Signal handlers only set a flag (:class:`StopFlag`); the loop sends READY once the first
screen is up and STOPPING on the way out. Every action is in the log (fsynced) before
its screen is shown, so a power cut loses at most the press being handled.
Logs go to stderr (the journal under systemd).
"""

from __future__ import annotations

import logging
import signal
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from device.core.chooser import GameChooser
from device.core.dice import DiceKind
from device.core.flow import TRAY_CAPACITY, GameFlow, SimHooks
from device.core.game import GameRecord, dice_kinds, find_game
from device.core.notes import pending_press
from device.core.ports import Eye, Recorder
from device.core.roles import Presses, Role
from device.core.setup import SetupDefaults, SetupResult
from device.core.storage import space_problem, state_fix, state_problem
from device.core.teach import TeachFactory, TeachFlow
from device.ui.views import MessageView
from games.log import LogError, LogWriter, Replay, Salvage, replay, salvage
from games.registry import get_rules

log = logging.getLogger("bluffbox")


class StopFlag:
    """Set by signal handlers; read by the loop (handlers do nothing else)."""

    def __init__(self) -> None:
        self.signal: int | None = None

    def __bool__(self) -> bool:
        return self.signal is not None

    def set(self, signum: int, frame: Any = None) -> None:
        self.signal = signum

    def install(self) -> None:
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, self.set)


def find_unfinished(logs_dir: Path) -> tuple[Path, Replay] | None:
    """The newest game log that replays to a game not over (``Rules.is_over``); a log with
    a bad line in the middle: the game up to its last good action (see :func:`damage`)."""
    if not logs_dir.is_dir():
        return None
    for path in sorted(logs_dir.glob("*.jsonl"), reverse=True):
        try:
            result = replay(path)
        except LogError as exc:
            try:
                result = salvage(path).replay
            except LogError:  # no header: there is no game to keep
                log.warning("skipping a game log that cannot be replayed: %s", exc)
                continue
            log.warning("%s: a bad line: %s", path.name, salvage(path).describe())
        if not result.rules.is_over(result.state):
            return path, result
        return None  # the newest game is finished: nothing to resume
    return None


def damage(path: Path) -> Salvage | None:
    """What is wrong with a log that has a bad line in the middle; None when it is whole."""
    try:
        found = salvage(path)
    except LogError:
        return None
    return found if found.damaged else None


def new_game_id(logs_dir: Path, clock: Callable[[], float] = time.time) -> str:
    base = time.strftime("%Y%m%d-%H%M%S", time.gmtime(clock()))
    gid, k = base, 1
    while (logs_dir / f"{gid}.jsonl").exists():
        k += 1
        gid = f"{base}-{k}"
    return gid


def _note(writer: LogWriter, **fields: Any) -> None:
    """A note line; one that cannot be written is only a warning (it is not an action)."""
    try:
        writer.note(**fields)
    except OSError as exc:
        log.warning("could not write a note in %s: %s", writer.path.name, exc)


class NotesOrWarn:
    """The simulator's recorder: notes and actions go to the log; a note that cannot be
    written is a warning, not the end of the box."""

    def __init__(self, writer: LogWriter) -> None:
        self.writer = writer
        self.path = writer.path

    def note(self, **fields: Any) -> None:
        _note(self.writer, **fields)

    def action(self, action: Any, meta: Any = None) -> int:
        return self.writer.action(action, meta)


#: The eye for a game (``dice_per_look``) and the simulator's hooks (None on the real box).
EyeFactory = Callable[[GameRecord, "SimHooks | None"], Eye]
#: The simulator's hooks for a game: (game, names, settings, recorder) -> hooks.
SimFactory = Callable[[GameRecord, Sequence[str], Any, Recorder], "SimHooks | None"]


@dataclass
class BoxSettings:
    logs_dir: Path
    photos_dir: Path
    state_dir: Path
    players: int = 3
    strike_limit: int = 3
    names: Sequence[str] = ()
    variants: Sequence[str] = ()
    header: dict[str, Any] | None = None  # extra keys for the log header
    game: str | None = None  # the game setup opens on (None: the first; the others: BACK)
    tray_capacity: int = TRAY_CAPACITY  # dice the tray holds (more: read in batches)
    min_free_mb: int = 0  # no new game starts with less free space (paths.min_free_mb)


class Box:
    """Start / resume / setup / game / winner, for :func:`run_loop` (see module doc).

    ``games``: the games it hosts (:data:`device.registry.GAMES`); ``eye_for`` makes a
    game's eye; ``simulate`` (the simulator) makes a game's hooks; ``photo_factory(game_id)``
    the photo keeper for a game (the CLI passes :class:`device.hw.photos.PhotoKeeper`;
    without one no photos are kept); ``teach`` makes the teach flow for a kind of dice
    (setup's menu and the camera games' in-game menu offer it; without one they do not).
    """

    def __init__(self, settings: BoxSettings, games: Sequence[GameRecord],
                 eye_for: EyeFactory, *, simulate: SimFactory | None = None,
                 photo_factory: Callable[[str], Any] | None = None,
                 teach: TeachFactory | None = None) -> None:
        self.teach = teach
        self.cfg = settings
        self.games = tuple(games)
        self.eye_for = eye_for
        self.simulate = simulate
        self.photo_factory = photo_factory
        self.flow: GameFlow | None = None
        self.teaching: TeachFlow | None = None  # runs over the setup or the game
        self.game: GameRecord | None = None
        self.setup: GameChooser | None = None
        self.writer: LogWriter | None = None
        self.hooks: SimHooks | None = None
        self.resumable: tuple[Path, Replay] | None = None
        self.damaged: Salvage | None = None  # the resumable log has a bad line
        self.error: str | None = None
        self.blocked: tuple[str, str] | None = None  # (title, text): storage; OK re-checks
        self._start()

    # --- transitions -------------------------------------------------------------------------
    def _start(self) -> None:
        """Check the state folder, then offer the unfinished game or set up a new one."""
        c = self.cfg
        self.blocked = None
        problem = state_problem((c.state_dir, c.logs_dir, c.photos_dir))
        if problem is not None:
            log.error("cannot save games: %s; fix: %s", problem, state_fix(c.state_dir))
            self.blocked = ("Cannot save games", f"{problem}. Fix the card, then OK.")
            return
        try:
            self.resumable = find_unfinished(c.logs_dir)
            self.damaged = damage(self.resumable[0]) if self.resumable else None
        except OSError as exc:
            self.error = f"cannot read {c.logs_dir}: {exc}"
        if self.resumable is None:
            self._new_setup()

    def _new_setup(self) -> None:
        self.close_game()
        self.resumable = None
        c = self.cfg
        problem = space_problem(c.state_dir, c.photos_dir, c.min_free_mb)
        if problem is not None:
            log.error("no new game: %s", problem)
            self.blocked = ("Storage full", f"{problem}. Free space, then OK.")
            self.setup = None
            return
        defaults = SetupDefaults(c.players, c.strike_limit, tuple(c.names), tuple(c.variants))
        kinds = dice_kinds(self.games) if self.teach is not None else ()
        self.setup = GameChooser(self.games, defaults, c.game, kinds)

    def _open(self, game: GameRecord, state: Any, game_id: str, names: Sequence[str],
              settings: Any, resumed: tuple[Sequence[Any], Path] | None = None,
              last_events: Sequence[Any] = ()) -> None:
        """The game's flow on ``state`` (``resumed``: the actions so far and the log)."""
        assert self.writer is not None
        self.hooks = (self.simulate(game, names, settings, NotesOrWarn(self.writer))
                      if self.simulate is not None else None)
        actions = 0
        if resumed is not None:
            actions = len(resumed[0])
            if self.hooks is not None:
                self.hooks.restore(*resumed)
        photos = self.photo_factory(game_id) if self.photo_factory is not None else None
        self.flow = game.flow(state, self.writer, self.eye_for(game, self.hooks),
                              save_photo=photos, hooks=self.hooks, actions=actions,
                              last_events=last_events, tray_capacity=self.cfg.tray_capacity,
                              teach=game.dice if self.teach is not None else None)
        self.game = game

    def resume(self) -> None:
        assert self.resumable is not None
        path, result = self.resumable
        game = find_game(self.games, result.log.rules.name)
        try:
            if self.damaged is not None:  # kept as <name>.damaged-<n>; the game goes on
                self.writer, found = LogWriter.salvage(path)
                loaded = found.replay.log
                log.warning("%s salvaged: %s", path.name, found.describe())
            else:
                self.writer, loaded = LogWriter.resume(path)
        except OSError as exc:  # the card went read-only since the check
            log.error("cannot resume %s: %s", path.name, exc)
            self.resumable = None
            self.blocked = ("Cannot save games", f"cannot reopen {path.name}:"
                            f" {exc.strerror or exc}. Fix the card, then OK.")
            return
        _note(self.writer, text="resumed")
        last = result.events[-1] if result.events else ()
        self._open(game, result.state, path.stem, loaded.players, loaded.settings,
                   (loaded.actions, path), last)
        self.resumable = None
        pressed = pending_press(path)
        assert self.flow is not None
        self.flow.resumed(pressed)
        log.info("resumed %s after %d actions: %s%s", path.name, len(loaded.actions),
                 game.prompt(result.state),
                 f" (press {pressed} again: it was not logged)" if pressed else "")

    def start_game(self, game: GameRecord, result: SetupResult) -> None:
        rules = get_rules(game.rules)
        state = rules.new_game(result.names, result.settings)
        logs = self.cfg.logs_dir
        logs.mkdir(parents=True, exist_ok=True)
        gid = new_game_id(logs)
        path = logs / f"{gid}.jsonl"
        header = {"id": gid, **(self.cfg.header or {})}
        self.writer = LogWriter.create(path, rules, result.names, result.settings, meta=header)
        self._open(game, state, gid, result.names, result.settings)
        self.setup = None
        log.info("new game %s: %s", gid, ", ".join(result.names))

    def close_game(self) -> None:
        if self.writer is not None:
            try:
                self.writer.close()
            except OSError as exc:  # every action is already fsynced: nothing is lost
                log.warning("closing %s: %s", self.writer.path.name, exc)
        self.writer = None
        self.flow = None
        self.hooks = None
        self.teaching = None

    # --- the loop's interface ---------------------------------------------------------------
    def _teach_if_asked(self, screen: GameChooser | GameFlow) -> None:
        """``screen`` asked to teach a kind of dice: run the teach flow over it."""
        kind: DiceKind | None = screen.asks_teach
        screen.asks_teach = None
        if kind is not None and self.teach is not None:
            log.info("teaching %s from the %s", kind.name,
                     "game" if isinstance(screen, GameFlow) else "setup menu")
            self.teaching = self.teach(kind)

    def _press_teaching(self, role: Role) -> None:
        assert self.teaching is not None
        self.teaching.press(role)
        if not self.teaching.finished:
            return
        changed, self.teaching = self.teaching.changed, None
        if changed and self.flow is not None and self.game is not None:
            self.flow.eye = self.eye_for(self.game, self.hooks)  # later reads: the profile

    @property
    def busy(self) -> bool:
        if self.teaching is not None:
            return self.teaching.busy
        return self.setup is None and self.flow is not None and self.flow.busy

    def press(self, role: Role) -> None:
        if self.blocked is not None:
            if role is Role.OK:
                self._start()
            return
        if self.resumable is not None:
            if role is Role.OK:
                self.resume()
            elif role is Role.CHALLENGE:
                self._new_setup()
            return
        if self.teaching is not None:
            self._press_teaching(role)
            return
        if self.setup is not None:
            self.setup.press(role)
            self._teach_if_asked(self.setup)
            if self.setup.result is not None:
                try:
                    self.start_game(self.setup.game, self.setup.result)
                except Exception as exc:  # e.g. the state dir is not writable
                    log.error("cannot start the game: %s", exc)
                    self.error = f"cannot start: {exc}"
                    self.setup.result = None
            return
        if self.flow is not None:
            self.flow.press(role)
            self._teach_if_asked(self.flow)
            if self.flow.finished:
                self._new_setup()

    def tick(self, t: float) -> None:
        if self.teaching is not None:
            self.teaching.tick(t)
        elif self.flow is not None:
            self.flow.tick(t)

    def lines(self) -> list[str]:
        """The simulator's lines under the screen (none on the real box)."""
        if self.teaching is not None:
            return self.teaching.lines()
        if self.setup is not None:
            return []
        return self.hooks.lines(self.flow) if self.hooks is not None else []

    def view(self) -> Any:
        if self.blocked is not None:
            title, text = self.blocked
            return MessageView(title, (text,), "o:check again")
        if self.error is not None and self.flow is None:
            error, self.error = self.error, None
            return MessageView("Problem", (error,), "o:ok")
        if self.resumable is not None:
            _, result = self.resumable
            rnd = getattr(result.state, "round", None)  # players and round, not the file
            prompt = find_game(self.games, result.log.rules.name).prompt(result.state)
            bad = self.damaged
            if bad is not None:
                return MessageView("Log damaged", (
                    f"Line {bad.bad_line} of the game log is bad. Resume after action"
                    f" {len(result.log.actions)}, the last good one? The file is kept.",
                    prompt + "."), "o:resume c:new game")
            return MessageView("Resume game?", (
                ", ".join(result.log.players) + (f", round {rnd}:" if rnd else ":"),
                prompt + "."), "o:resume c:new game")
        if self.teaching is not None:
            return self.teaching.view()
        if self.setup is not None:
            return self.setup.view()
        assert self.flow is not None
        return self.flow.view()


def run_loop(box: Box, buttons: Presses, show: Callable[[Any], Any], *,
             notifier: Any = None, stop: StopFlag | None = None,
             clock: Callable[[], float] = time.monotonic, tick_s: float = 0.05,
             hold_keys_while_busy: bool = False) -> int:
    """Run until QUIT (end of piped keys, ``q``) or a signal; returns an exit code.

    ``show(view)`` draws a view. ``hold_keys_while_busy``: while the camera is reading,
    leave button events queued (piped scripts keep their order); otherwise presses are
    handled at once (MENU/CARD switch to entering the dice by hand).
    """
    stop = stop if stop is not None else StopFlag()
    show(box.view())
    if notifier is not None:
        notifier.ready("bluffbox running")
    while not stop:
        if notifier is not None:
            notifier.maybe_watchdog()
        if box.busy:
            box.tick(clock())
            event = None if hold_keys_while_busy else buttons.get(timeout=0)
            if event is None:
                show(box.view())
                if not hold_keys_while_busy:
                    time.sleep(tick_s / 5)
                continue
        else:
            event = buttons.get(timeout=tick_s)
            if event is None:
                continue
        if event.role is Role.QUIT:
            break
        box.press(event.role)
        show(box.view())
    if notifier is not None:
        notifier.stopping("bluffbox stopping")
    box.close_game()
    return 0
