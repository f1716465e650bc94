"""The game log: JSON lines that rebuild any game exactly by replay (``docs/game-log.md``).

Line 1 is a header, then one line per action (and free ``note`` lines)::

    {"v": 1, "type": "start", "game": "bamboozled", "players": [...], "settings": {...}}
    {"type": "action", "n": 1, "action": {"type": "declare", "score": 53}}
    {"type": "action", "n": 2, "action": {...}, "meta": {"photo": "photos/0002.jpg"}}
    {"type": "note", "text": "resumed after a power cut"}

:class:`LogWriter` appends one line per call, flushed and fsynced before it returns (the
directory is fsynced too when the file is created). A power cut can only tear the last
line: :func:`read_log` skips such a line with a warning, and :meth:`LogWriter.resume`
cuts it off before appending. Any other bad line is a :class:`LogError` naming it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.common import AnyRules
from games.errors import IllegalAction, RulesError
from games.event import Event
from games.registry import get_rules

VERSION = 1


class LogError(Exception):
    """The log cannot be read or replayed; ``line`` is the 1-based line number."""

    def __init__(self, message: str, line: int | None = None, path: str | None = None):
        where = f"{path}: " if path else ""
        where += f"line {line}: " if line is not None else ""
        super().__init__(where + message)
        self.line = line
        #: The message without the path and line number.
        self.reason = message


class LogWriteError(OSError):
    """A line could not be written (ENOSPC, EIO, a read-only card...). The file was cut
    back to its last whole line, so everything before stays replayable; the action is
    not logged and must not be shown as done. ``errno``/``strerror`` are the cause's."""


@dataclass
class LoadedLog:
    """A log as read: its header, rules, actions (with their meta) and warnings."""

    header: dict[str, Any]
    rules: AnyRules
    players: list[str]
    settings: Any
    actions: list[Any] = field(default_factory=list)
    metas: list[dict[str, Any] | None] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: Byte length of the intact part (everything before a torn last line).
    good_bytes: int = 0


@dataclass
class Replay:
    """The result of replaying a log: the final state and every action's events."""

    log: LoadedLog
    state: Any
    events: list[tuple[Event, ...]]

    @property
    def rules(self) -> AnyRules:
        return self.log.rules

    @property
    def warnings(self) -> list[str]:
        return self.log.warnings


def _split(data: bytes) -> tuple[list[bytes], int, bool]:
    """Complete lines, the byte length they span, and whether a torn tail follows."""
    end = data.rfind(b"\n") + 1
    torn = end < len(data) and data[end:].strip(b"\x00 \t\r\n") != b""
    return data[:end].split(b"\n")[:-1], end, torn


def _read_bytes(path: str | os.PathLike[str]) -> bytes:
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise LogError("no such log file", path=str(path)) from None
    except OSError as exc:
        raise LogError(f"cannot read: {exc.strerror}", path=str(path)) from None


def read_log(path: str | os.PathLike[str]) -> LoadedLog:
    """Read and check a log (not applying actions); :class:`LogError` if it is bad."""
    return parse_log(_read_bytes(path), str(path))


def parse_log(data: bytes, name: str = "<log>") -> LoadedLog:
    """:func:`read_log` on the bytes of a log."""
    log, error = _parse(data, name, salvage=False)
    assert error is None
    return log


def _parse(data: bytes, name: str, salvage: bool) -> tuple[LoadedLog, LogError | None]:
    """The log in ``data``. A bad line after the header raises :class:`LogError`, or with
    ``salvage`` ends the read there: the log holds the lines before it, and the error
    (with its line number) is returned beside it."""
    lines, good, torn = _split(data)
    warnings = []
    if torn:
        warnings.append(
            f"{name}: line {len(lines) + 1} is incomplete (cut off mid-write?), skipped"
        )
    starts = [0]
    for raw in lines:
        starts.append(starts[-1] + len(raw) + 1)
    records: list[tuple[int, dict[str, Any]]] = []
    stop: LogError | None = None
    for i, raw in enumerate(lines, start=1):
        try:
            if not raw.strip():
                raise ValueError("empty line")
            record = json.loads(raw.decode("utf-8"))
            if not isinstance(record, dict):
                raise ValueError("not a JSON object")
        except (ValueError, UnicodeDecodeError) as exc:
            if i == len(lines) and not torn and i > 1:
                # The last line is garbage even though it ends in a newline: what a
                # power cut can leave behind. Treat it as torn.
                warnings.append(f"{name}: line {i} is not valid JSON (cut off?), skipped")
                good = starts[i - 1]
                break
            stop = LogError(f"not valid JSON ({exc})", i, name)
            if not salvage or i == 1:
                raise stop from None
            break
        records.append((i, record))
    if not records:
        if torn:  # a power cut while the log was being created: not an empty file
            raise LogError("no header line: it is incomplete (cut off mid-write?)", 1, name)
        raise LogError("empty log: no header line", 1, name)
    log = _header(records[0][1], name)
    log.warnings = warnings
    for i, record in records[1:]:
        try:
            _add_record(log, record, i, name)
        except LogError as exc:
            if not salvage:
                raise
            stop = exc
            break
    log.good_bytes = starts[stop.line - 1] if stop is not None and stop.line else good
    return log, stop


def _add_record(log: LoadedLog, record: Mapping[str, Any], i: int, name: str) -> None:
    """Check line ``i`` and add it to ``log`` if it is an action; :class:`LogError`."""
    kind = record.get("type")
    if kind == "note":
        return
    if kind != "action":
        raise LogError(f"unknown line type {kind!r}", i, name)
    expected = len(log.actions) + 1
    if record.get("n") != expected:
        raise LogError(f"action number {record.get('n')!r}, expected {expected}", i, name)
    meta = record.get("meta")
    if meta is not None and not isinstance(meta, dict):
        raise LogError("meta must be an object", i, name)
    try:
        action = log.rules.action_from_json(record.get("action"))  # type: ignore[arg-type]
    except (ValueError, TypeError, RulesError) as exc:
        raise LogError(f"bad action: {exc}", i, name) from None
    log.actions.append(action)
    log.metas.append(meta)
    log.lines.append(i)


def _header(record: Mapping[str, Any], name: str) -> LoadedLog:
    if record.get("type") != "start":
        raise LogError("the first line is not a start header", 1, name)
    if record.get("v") != VERSION:
        raise LogError(f"unsupported log version {record.get('v')!r}", 1, name)
    try:
        rules = get_rules(str(record.get("game")))
    except KeyError as exc:
        raise LogError(str(exc.args[0]), 1, name) from None
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise LogError("players must be a list of names", 1, name)
    try:
        settings = rules.settings_from_json(record.get("settings") or {})
    except (RulesError, TypeError, ValueError) as exc:
        raise LogError(f"bad settings: {exc}", 1, name) from None
    return LoadedLog(dict(record), rules, players, settings)


def replay(path: str | os.PathLike[str]) -> Replay:
    """Rebuild the exact state of a logged game; :class:`LogError` on a bad log."""
    return replay_log(read_log(path), str(path))


def replay_log(log: LoadedLog, name: str = "<log>") -> Replay:
    """Apply a read log's actions to a new game."""
    result, error = _apply(log, name, salvage=False)
    assert error is None
    return result


def _apply(log: LoadedLog, name: str, salvage: bool) -> tuple[Replay, LogError | None]:
    """Replay ``log``; an action the rules refuse raises :class:`LogError`, or with
    ``salvage`` ends the replay there (``log`` is cut to the actions before it)."""
    try:
        state = log.rules.new_game(log.players, log.settings)
    except RulesError as exc:
        raise LogError(f"cannot start the game: {exc}", 1, name) from None
    events: list[tuple[Event, ...]] = []
    for k, (action, line) in enumerate(zip(log.actions, log.lines, strict=True)):
        try:
            state, evs = log.rules.apply(state, action)
        except IllegalAction as exc:
            error = LogError(f"illegal action: {exc}", line, name)
            if not salvage:
                raise error from None
            del log.actions[k:], log.metas[k:], log.lines[k:]
            return Replay(log, state, events), error
        events.append(evs)
    return Replay(log, state, events), None


@dataclass
class Salvage:
    """What :func:`salvage` rebuilt from a log with a bad line in it.

    ``replay`` is the game up to the last good action before ``bad_line`` (1-based),
    and ``reason`` says what is wrong with that line; both are ``None`` when the log is
    whole (a torn last line from a power cut does not count: it is skipped as always).
    """

    replay: Replay
    bad_line: int | None
    reason: str | None

    @property
    def damaged(self) -> bool:
        return self.bad_line is not None

    def describe(self) -> str:
        """One sentence for a screen or the journal."""
        actions = len(self.replay.log.actions)
        if self.bad_line is None:
            return f"the log is whole: {actions} actions"
        return (
            f"line {self.bad_line} is bad ({self.reason}): "
            f"the game is kept up to action {actions}, the last good one"
        )


def salvage(path: str | os.PathLike[str]) -> Salvage:
    """Read and replay a log up to its first bad line instead of refusing it.

    The header must be intact (else :class:`LogError`: there is no game to keep). Nothing
    is written; :meth:`LogWriter.salvage` continues the game in a fresh file.
    """
    name, data = str(path), _read_bytes(path)
    log, error = _parse(data, name, salvage=True)
    result, illegal = _apply(log, name, salvage=True)
    if illegal is not None and illegal.line is not None:
        error = illegal
        log.good_bytes = sum(len(raw) + 1 for raw in data.split(b"\n")[: illegal.line - 1])
    if error is None:
        return Salvage(result, None, None)
    return Salvage(result, error.line, error.reason)


def header_record(
    rules: AnyRules,
    players: Sequence[str],
    settings: Any = None,
    meta: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The first line of a log. ``meta`` adds keys (e.g. the box's config) that replay
    ignores; it cannot override the header's own keys."""
    settings = settings if settings is not None else rules.default_settings()
    header: dict[str, Any] = {
        "v": VERSION,
        "type": "start",
        "game": rules.name,
        "players": list(players),
        "settings": rules.settings_to_json(settings),
    }
    for key, value in (meta or {}).items():
        header.setdefault(key, value)
    return header


def action_record(
    rules: AnyRules,
    n: int,
    action: Any,
    meta: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The line of the ``n``-th action (1-based)."""
    record: dict[str, Any] = {"type": "action", "n": n, "action": rules.action_to_json(action)}
    if meta:
        record["meta"] = dict(meta)
    return record


def encode(record: Mapping[str, Any]) -> bytes:
    """One log line: compact JSON and a newline."""
    return (json.dumps(record, separators=(", ", ": "), ensure_ascii=False) + "\n").encode()


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:  # pragma: no cover - e.g. platforms without directory fds
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class LogWriter:
    """Appends a game's lines to one file, each written whole and fsynced before returning.

    ``LogWriter.create(...)`` starts a new log; ``LogWriter.resume(path)`` continues an
    existing one after a restart (cutting off a torn last line first);
    ``LogWriter.salvage(path)`` continues one with a bad line in it (see :func:`salvage`).
    A failed write raises :class:`LogWriteError` with the file cut back to its last whole
    line; the writer stays usable (a later write may succeed once space is freed).
    """

    def __init__(self, path: Path, file: Any, actions: int, rules: AnyRules) -> None:
        self.path = path
        self._file = file
        self.actions = actions
        self.rules = rules

    @classmethod
    def create(
        cls,
        path: str | os.PathLike[str],
        rules: AnyRules,
        players: Sequence[str],
        settings: Any = None,
        meta: Mapping[str, Any] | None = None,
    ) -> LogWriter:
        """A new log with its header; :class:`FileExistsError` if ``path`` exists.

        ``meta`` adds keys to the header (e.g. the box's config); replay ignores them.
        """
        path = Path(path)
        header = header_record(rules, players, settings, meta)
        file = open(path, "xb", buffering=0)  # noqa: SIM115 - kept open for appending
        writer = cls(path, file, 0, rules)
        writer._write(header)
        _fsync_dir(path.parent)
        return writer

    @classmethod
    def resume(cls, path: str | os.PathLike[str]) -> tuple[LogWriter, LoadedLog]:
        """Reopen a log to append, after cutting off a torn last line."""
        path = Path(path)
        log = read_log(path)
        return cls._reopen(path, log), log

    @classmethod
    def _reopen(cls, path: Path, log: LoadedLog) -> LogWriter:
        file = open(path, "r+b", buffering=0)  # noqa: SIM115 - kept open for appending
        if file.seek(0, os.SEEK_END) != log.good_bytes:
            file.truncate(log.good_bytes)
            os.fsync(file.fileno())
        file.seek(log.good_bytes)
        return cls(path, file, len(log.actions), log.rules)

    @classmethod
    def salvage(cls, path: str | os.PathLike[str]) -> tuple[LogWriter, Salvage]:
        """Continue a game whose log has a bad line, keeping the original file.

        A whole log is simply resumed. Otherwise the original is kept, byte for byte,
        as ``<name>.damaged-<n>`` beside it (the first free ``n``; it no longer ends in
        ``.jsonl``, so nothing looking for games picks it up again), and ``path`` is
        replaced by a copy of its good lines plus a note naming the damaged file and the
        bad line; the writer appends to that copy. Every step is fsynced and the swap
        is a rename, so a power cut leaves either file whole.
        """
        path = Path(path)
        found = salvage(path)
        if not found.damaged:
            return cls._reopen(path, found.replay.log), found
        n = 1
        while path.with_name(f"{path.name}.damaged-{n}").exists():
            n += 1
        damaged = path.with_name(f"{path.name}.damaged-{n}")
        good = _read_bytes(path)[: found.replay.log.good_bytes]
        note = encode({
            "type": "note",
            "text": f"salvaged: {found.describe()}",
            "damaged": damaged.name,
            "line": found.bad_line,
        })  # fmt: skip
        fresh = path.with_name(f"{path.name}.salvage")
        with open(fresh, "wb") as out:
            out.write(good + note)
            out.flush()
            os.fsync(out.fileno())
        os.link(path, damaged)  # the original keeps its bytes under the new name
        os.replace(fresh, path)
        _fsync_dir(path.parent)
        log = found.replay.log
        log.good_bytes = len(good) + len(note)
        return cls._reopen(path, log), found

    def _write(self, record: Mapping[str, Any]) -> None:
        if self._file is None:
            raise ValueError("the log is closed")
        data = memoryview(encode(record))
        fd = self._file.fileno()
        start = os.lseek(fd, 0, os.SEEK_CUR)
        try:
            while data:
                data = data[os.write(fd, data) :]
            os.fsync(fd)
        except OSError as exc:
            raise self._failed(fd, start, exc) from exc

    def _failed(self, fd: int, start: int, exc: OSError) -> LogWriteError:
        """Cut a partly written line off (the file ends at its last whole line again)."""
        try:
            os.ftruncate(fd, start)
            os.lseek(fd, start, os.SEEK_SET)
            os.fsync(fd)
        except OSError:  # pragma: no cover - the card is failing; replay skips a torn tail
            pass
        return LogWriteError(
            exc.errno, f"cannot write the game log: {exc.strerror or exc}", str(self.path)
        )

    def action(self, action: Any, meta: Mapping[str, Any] | None = None) -> int:
        """Append an action (``meta``: e.g. the photo behind a ruling); its number.
        :class:`LogWriteError` if it could not be written (then it is not counted)."""
        self._write(action_record(self.rules, self.actions + 1, action, meta))
        self.actions += 1
        return self.actions

    def note(self, **fields: Any) -> None:
        """Append a note line (replay ignores it)."""
        self._write({"type": "note", **fields})

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
