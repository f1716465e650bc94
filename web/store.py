"""The box's state directory, read only: its game logs replayed, and the photos they name.

:class:`StateDir` lists ``logs_dir/*.jsonl`` (a game's id is its file name without
``.jsonl``; the newest id sorts last, as the box names them by UTC start time) and replays
each into a :class:`GameView`, cached by file size and mtime. A log that grew (the live
game: one fsynced line per action) is not replayed again: only its new actions are
applied to the cached state. Nothing here ever writes.

Photos are found only through a game's log: :meth:`StateDir.photo_path` takes a game id
(looked up in the listing, never joined into a path), an action number and a batch index,
and returns the file the log names if it lies inside the state directory; no part of a
request ever becomes a path.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.common import Rules
from games.errors import RulesError
from games.log import LogError, parse_log
from games.tally import Move, Tally
from web.reading import Reading, reading_of

PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png")


@dataclass(frozen=True)
class StepView:
    """One logged action as the pages show it."""

    n: int
    action: dict[str, Any]
    events: tuple[str, ...]
    reading: Reading | None
    #: The dice this action's reading gave (ints for pip dice, names for symbol dice).
    dice: tuple[int | str, ...] = ()


@dataclass
class GameView:
    """A replayed game log: who, what happened, where it stands (``summary``)."""

    id: str
    game: str
    players: list[str]
    header: dict[str, Any]
    summary: dict[str, Any] = field(default_factory=dict)
    steps: list[StepView] = field(default_factory=list)
    tallies: dict[int, dict[Tally, int]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    error: str | None = None
    #: replay internals (not for pages): rules, state, the bytes the state covers.
    rules: Rules | None = None
    state: Any = None
    good_bytes: int = 0

    @property
    def winner(self) -> str | None:
        winner = self.summary.get("winner")
        return winner if isinstance(winner, str) else None

    @property
    def rulings(self) -> list[StepView]:
        """The actions decided by a reading (camera or by hand), in order."""
        return [s for s in self.steps if s.reading is not None]

    @property
    def last_ruling(self) -> StepView | None:
        rulings = self.rulings
        return rulings[-1] if rulings else None

    def step(self, n: int) -> StepView | None:
        return self.steps[n - 1] if 1 <= n <= len(self.steps) else None


def _dice_of(action: Mapping[str, Any], reading: Reading | None) -> tuple[int | str, ...]:
    dice = action.get("dice")
    if isinstance(dice, list) and all(isinstance(d, int | str) for d in dice):
        return tuple(dice)
    if reading is None:
        return ()
    return tuple(d.value for b in reading.batches for d in b.dice)


def _apply(view: GameView, actions: Sequence[Any], metas: Sequence[dict[str, Any] | None]
           ) -> None:
    """Apply ``actions`` (numbered after the steps already in ``view``) to its state."""
    rules = view.rules
    assert rules is not None
    for action, meta in zip(actions, metas, strict=True):
        n = len(view.steps) + 1
        try:
            after, events = rules.apply(view.state, action)
        except RulesError as exc:
            view.error = f"action {n} cannot be replayed: {exc}"
            return
        for seat, tally in rules.tally(Move(view.state, action, events, after)):
            per = view.tallies.setdefault(seat, {})
            per[tally] = per.get(tally, 0) + 1
        view.state = after
        reading = reading_of(meta)
        as_json = rules.action_to_json(action)
        view.steps.append(StepView(n, as_json, tuple(e.describe(view.players) for e in events),
                                   reading, _dice_of(as_json, reading)))


def load_game(game_id: str, data: bytes, cached: GameView | None = None) -> GameView:
    """Replay a log's bytes, continuing from ``cached`` when the log only grew."""
    try:
        log = parse_log(data, f"{game_id}.jsonl")
    except LogError as exc:
        return GameView(game_id, "?", [], {}, error=str(exc))
    grown = (cached is not None and cached.error is None and cached.header == log.header
             and cached.good_bytes <= log.good_bytes and len(cached.steps) <= len(log.actions))
    if cached is not None and grown:
        view = cached
    else:
        view = GameView(game_id, log.rules.name, list(log.players), log.header, rules=log.rules)
        try:
            view.state = log.rules.new_game(log.players, log.settings)
        except RulesError as exc:
            view.error = f"cannot start the game: {exc}"
            return view
    done = len(view.steps)
    _apply(view, log.actions[done:], log.metas[done:])
    view.good_bytes = log.good_bytes
    view.warnings = list(log.warnings)
    view.summary = view.rules.summary(view.state, view.players)  # type: ignore[union-attr]
    return view


class StateDir:
    """The logs and photos under one state directory (see the module doc)."""

    def __init__(self, state_dir: str | os.PathLike[str], logs_dir: str | os.PathLike[str]
                 | None = None) -> None:
        self.root = Path(state_dir).resolve()
        self.logs_dir = Path(logs_dir) if logs_dir is not None else self.root / "logs"
        self._cache: dict[str, tuple[tuple[int, int], GameView]] = {}
        self._dir_mtime: int | None = None
        self._newest: Path | None = None

    def listing(self) -> dict[str, Path]:
        """Game id -> log file, oldest first."""
        try:
            entries = sorted(self.logs_dir.glob("*.jsonl"))
        except OSError:
            return {}
        return {p.stem: p for p in entries if p.is_file()}

    def live_signature(self) -> tuple[object, ...]:
        """Changes when a game log is added or the newest one grows: two ``stat`` calls
        (the folder is listed again only when its own mtime changed)."""
        try:
            dir_mtime = self.logs_dir.stat().st_mtime_ns
        except OSError:
            return ()
        if dir_mtime != self._dir_mtime:
            self._dir_mtime = dir_mtime
            paths = list(self.listing().values())
            self._newest = paths[-1] if paths else None
        if self._newest is None:
            return (dir_mtime,)
        try:
            st = self._newest.stat()
        except OSError:
            self._dir_mtime = None
            return (dir_mtime,)
        return (dir_mtime, self._newest.name, st.st_size, st.st_mtime_ns)

    def game_ids(self) -> list[str]:
        """Every game id, newest first."""
        return list(reversed(self.listing()))

    def game(self, game_id: str) -> GameView | None:
        """The replayed game ``game_id``, or ``None`` if no such log is listed."""
        path = self.listing().get(game_id)
        if path is None:
            return None
        try:
            st = path.stat()
            key = (st.st_size, st.st_mtime_ns)
            cached = self._cache.get(game_id)
            if cached is not None and cached[0] == key:
                return cached[1]
            data = path.read_bytes()
        except OSError:
            return None
        view = load_game(game_id, data, cached[1] if cached else None)
        self._cache[game_id] = (key, view)
        return view

    def newest(self) -> GameView | None:
        ids = self.game_ids()
        return self.game(ids[0]) if ids else None

    def games(self) -> list[GameView]:
        """Every game that could be read, newest first."""
        return [g for g in map(self.game, self.game_ids()) if g is not None]

    def photo_path(self, game_id: str, n: int, batch: int = 0) -> Path | None:
        """The photo behind action ``n`` (its ``batch``-th tray) if the log names one that is
        a file inside the state directory; else ``None``."""
        view = self.game(game_id)
        step = view.step(n) if view is not None else None
        if step is None or step.reading is None or not 0 <= batch < len(step.reading.batches):
            return None
        ref = step.reading.batches[batch].photo
        if ref is None or "\x00" in ref:
            return None
        path = (self.root / ref).resolve()
        if (not path.is_relative_to(self.root) or path.suffix.lower() not in PHOTO_SUFFIXES
                or not path.is_file()):
            return None
        return path


def image_size(path: Path) -> tuple[int, int] | None:
    """A photo's (width, height) from its header, or ``None`` if it cannot be read."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as img:
            return img.size
    except (OSError, UnidentifiedImageError):
        return None
