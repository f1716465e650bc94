"""The box's main loop: start (resume or set up), play, repeat; signals, sd_notify.

:class:`Box` is the whole box as a state machine over the screens:

* start: an unfinished game log in the logs folder (the newest ``*.jsonl`` whose replay
  has no winner) -> "Resume game?" (OK resume, CHALLENGE new game). Resuming replays the
  log to the exact state and reopens it for appending (a torn last line is cut off);
  the screen is the one that state waits on.
* setup (:class:`device.core.setup.GameChooser` over the box's games; its menu also
  teaches the camera games' dice, :class:`device.core.teach.TeachFlow`) -> a new log
  ``<game-id>.jsonl`` whose header holds the players, settings and box details -> the
  game's flow (:class:`device.core.flow.GameFlow`).
* the winner screen's OK -> setup again.

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

from device.core.flow import TRAY_CAPACITY, GameFlow
from device.core.game import GameRecord, find_game
from device.core.ports import Eye, SimHooks
from device.core.roles import Presses, Role
from device.core.setup import GameChooser, SetupDefaults, SetupResult, TeachFactory
from device.ui.views import MessageView
from games.log import LogError, LogWriter, Replay, replay
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
    """The newest game log that replays to a game not over (``Rules.is_over``)."""
    if not logs_dir.is_dir():
        return None
    for path in sorted(logs_dir.glob("*.jsonl"), reverse=True):
        try:
            result = replay(path)
        except LogError as exc:
            log.warning("skipping a game log that cannot be replayed: %s", exc)
            continue
        if not result.rules.is_over(result.state):
            return path, result
        return None  # the newest game is finished: nothing to resume
    return None


def new_game_id(logs_dir: Path, clock: Callable[[], float] = time.time) -> str:
    base = time.strftime("%Y%m%d-%H%M%S", time.gmtime(clock()))
    gid, k = base, 1
    while (logs_dir / f"{gid}.jsonl").exists():
        k += 1
        gid = f"{base}-{k}"
    return gid


#: The eye for a game (``dice_per_look``) and the simulator's hooks (None on the real box).
EyeFactory = Callable[[GameRecord, "SimHooks | None"], Eye]
#: The simulator's hooks for a game: (game, names, settings, recorder) -> hooks.
SimFactory = Callable[[GameRecord, Sequence[str], Any, LogWriter], "SimHooks | None"]


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


class Box:
    """Start / resume / setup / game / winner, for :func:`run_loop` (see module doc).

    ``games``: the games it hosts (:data:`device.registry.GAMES`); ``eye_for`` makes a
    game's eye; ``simulate`` (the simulator) makes a game's hooks; ``photo_factory(game_id)``
    the photo keeper for a game (the CLI passes :class:`device.hw.photos.PhotoKeeper`;
    without one no photos are kept); ``teach`` makes the teach flow for a kind of dice
    (setup's menu offers it; without one it does not).
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
        self.game: GameRecord | None = None
        self.setup: GameChooser | None = None
        self.writer: LogWriter | None = None
        self.hooks: SimHooks | None = None
        self.resumable: tuple[Path, Replay] | None = None
        self.error: str | None = None
        try:
            self.resumable = find_unfinished(settings.logs_dir)
        except OSError as exc:
            self.error = f"cannot read {settings.logs_dir}: {exc}"
        if self.resumable is None:
            self._new_setup()

    # --- transitions -------------------------------------------------------------------------
    def _new_setup(self) -> None:
        self.close_game()
        self.resumable = None
        c = self.cfg
        defaults = SetupDefaults(c.players, c.strike_limit, tuple(c.names), tuple(c.variants))
        self.setup = GameChooser(self.games, defaults, c.game, self.teach)

    def _open(self, game: GameRecord, state: Any, game_id: str, names: Sequence[str],
              settings: Any, resumed: tuple[Sequence[Any], Path] | None = None,
              last_events: Sequence[Any] = ()) -> None:
        """The game's flow on ``state`` (``resumed``: the actions so far and the log)."""
        assert self.writer is not None
        self.hooks = (self.simulate(game, names, settings, self.writer)
                      if self.simulate is not None else None)
        actions = 0
        if resumed is not None:
            actions = len(resumed[0])
            if self.hooks is not None:
                self.hooks.restore(*resumed)
        photos = self.photo_factory(game_id) if self.photo_factory is not None else None
        self.flow = game.flow(state, self.writer, self.eye_for(game, self.hooks),
                              save_photo=photos, hooks=self.hooks, actions=actions,
                              last_events=last_events, tray_capacity=self.cfg.tray_capacity)
        self.game = game

    def resume(self) -> None:
        assert self.resumable is not None
        path, result = self.resumable
        game = find_game(self.games, result.log.rules.name)
        self.writer, loaded = LogWriter.resume(path)
        self.writer.note(text="resumed")
        last = result.events[-1] if result.events else ()
        self._open(game, result.state, path.stem, loaded.players, loaded.settings,
                   (loaded.actions, path), last)
        self.resumable = None
        log.info("resumed %s after %d actions: %s", path.name, len(loaded.actions),
                 game.prompt(result.state))

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
            self.writer.close()
        self.writer = None
        self.flow = None
        self.hooks = None

    # --- the loop's interface ---------------------------------------------------------------
    @property
    def busy(self) -> bool:
        if self.setup is not None:
            return self.setup.busy
        return self.flow is not None and self.flow.busy

    def press(self, role: Role) -> None:
        if self.resumable is not None:
            if role is Role.OK:
                self.resume()
            elif role is Role.CHALLENGE:
                self._new_setup()
            return
        if self.setup is not None:
            self.setup.press(role)
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
            if self.flow.finished:
                self._new_setup()

    def tick(self, t: float) -> None:
        if self.setup is not None:
            self.setup.tick(t)
        elif self.flow is not None:
            self.flow.tick(t)

    def lines(self) -> list[str]:
        """The simulator's lines under the screen (none on the real box)."""
        if self.setup is not None:
            return self.setup.lines()
        return self.hooks.lines(self.flow) if self.hooks is not None else []

    def view(self) -> Any:
        if self.error is not None and self.flow is None:
            error, self.error = self.error, None
            return MessageView("Problem", (error,), "o:ok")
        if self.resumable is not None:
            _, result = self.resumable
            rnd = getattr(result.state, "round", None)  # players and round, not the file
            prompt = find_game(self.games, result.log.rules.name).prompt(result.state)
            return MessageView("Resume game?", (
                ", ".join(result.log.players) + (f", round {rnd}:" if rnd else ":"),
                prompt + "."), "o:resume c:new game")
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
