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

from games.common import Event, IllegalAction, Rules, RulesError
from games.registry import get_rules

VERSION = 1


class LogError(Exception):
    """The log cannot be read or replayed; ``line`` is the 1-based line number."""

    def __init__(self, message: str, line: int | None = None, path: str | None = None):
        where = f"{path}: " if path else ""
        where += f"line {line}: " if line is not None else ""
        super().__init__(where + message)
        self.line = line


@dataclass
class LoadedLog:
    """A log as read: its header, rules, actions (with their meta) and warnings."""

    header: dict[str, Any]
    rules: Rules
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
    def rules(self) -> Rules:
        return self.log.rules

    @property
    def warnings(self) -> list[str]:
        return self.log.warnings


def _split(data: bytes) -> tuple[list[bytes], int, bool]:
    """Complete lines, the byte length they span, and whether a torn tail follows."""
    end = data.rfind(b"\n") + 1
    torn = end < len(data) and data[end:].strip(b"\x00 \t\r\n") != b""
    return data[:end].split(b"\n")[:-1], end, torn


def read_log(path: str | os.PathLike[str]) -> LoadedLog:
    """Read and check a log (not applying actions); :class:`LogError` if it is bad."""
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise LogError("no such log file", path=name) from None
    except OSError as exc:
        raise LogError(f"cannot read: {exc.strerror}", path=name) from None
    return parse_log(data, name)


def parse_log(data: bytes, name: str = "<log>") -> LoadedLog:
    """:func:`read_log` on the bytes of a log."""
    lines, good, torn = _split(data)
    warnings = []
    if torn:
        warnings.append(
            f"{name}: line {len(lines) + 1} is incomplete (cut off mid-write?), skipped"
        )
    records: list[tuple[int, dict[str, Any]]] = []
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
                good = sum(len(x) + 1 for x in lines[: i - 1])
                break
            raise LogError(f"not valid JSON ({exc})", i, name) from None
        records.append((i, record))
    if not records:
        if torn:  # a power cut while the log was being created: not an empty file
            raise LogError("no header line: it is incomplete (cut off mid-write?)", 1, name)
        raise LogError("empty log: no header line", 1, name)
    log = _header(records[0][1], name)
    log.warnings, log.good_bytes = warnings, good
    expected = 1
    for i, record in records[1:]:
        kind = record.get("type")
        if kind == "note":
            continue
        if kind != "action":
            raise LogError(f"unknown line type {kind!r}", i, name)
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
        expected += 1
    return log


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
    try:
        state = log.rules.new_game(log.players, log.settings)
    except RulesError as exc:
        raise LogError(f"cannot start the game: {exc}", 1, name) from None
    events = []
    for action, line in zip(log.actions, log.lines, strict=True):
        try:
            state, evs = log.rules.apply(state, action)
        except IllegalAction as exc:
            raise LogError(f"illegal action: {exc}", line, name) from None
        events.append(evs)
    return Replay(log, state, events)


def header_record(
    rules: Rules,
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
    rules: Rules,
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
    """Appends a game's lines to one file, each flushed and fsynced before returning.

    ``LogWriter.create(...)`` starts a new log; ``LogWriter.resume(path)`` continues an
    existing one after a restart (cutting off a torn last line first).
    """

    def __init__(self, path: Path, file: Any, actions: int, rules: Rules) -> None:
        self.path = path
        self._file = file
        self.actions = actions
        self.rules = rules

    @classmethod
    def create(
        cls,
        path: str | os.PathLike[str],
        rules: Rules,
        players: Sequence[str],
        settings: Any = None,
        meta: Mapping[str, Any] | None = None,
    ) -> LogWriter:
        """A new log with its header; :class:`FileExistsError` if ``path`` exists.

        ``meta`` adds keys to the header (e.g. the box's config); replay ignores them.
        """
        path = Path(path)
        header = header_record(rules, players, settings, meta)
        file = open(path, "xb")  # noqa: SIM115 - kept open for appending
        writer = cls(path, file, 0, rules)
        writer._write(header)
        _fsync_dir(path.parent if str(path.parent) else Path("."))
        return writer

    @classmethod
    def resume(cls, path: str | os.PathLike[str]) -> tuple[LogWriter, LoadedLog]:
        """Reopen a log to append, after cutting off a torn last line."""
        path = Path(path)
        log = read_log(path)
        file = open(path, "r+b")  # noqa: SIM115 - kept open for appending
        if file.seek(0, os.SEEK_END) != log.good_bytes:
            file.truncate(log.good_bytes)
            os.fsync(file.fileno())
        file.seek(log.good_bytes)
        return cls(path, file, len(log.actions), log.rules), log

    def _write(self, record: Mapping[str, Any]) -> None:
        if self._file is None:
            raise ValueError("the log is closed")
        self._file.write(encode(record))
        self._file.flush()
        os.fsync(self._file.fileno())

    def action(self, action: Any, meta: Mapping[str, Any] | None = None) -> int:
        """Append an action (``meta``: e.g. the photo behind a ruling); its number."""
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
