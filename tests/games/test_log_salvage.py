"""A log with a bad line in the middle is salvaged up to its last good action, and a
failed write (a full card) leaves the log ending at its last whole line."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from games.bamboozled.actions import Accept, Challenge, Declare, Decline
from games.bamboozled.rules import Bamboozled
from games.log import LogError, LogWriteError, LogWriter, read_log, replay, salvage

RULES = Bamboozled()
PLAYERS = ["Ann", "Bob", "Cat"]
ACTIONS = [Declare(53), Accept((2, 3)), Declare(54), Challenge((5, 4)), Decline()]


def write(path: Path) -> list[bytes]:
    with LogWriter.create(path, RULES, PLAYERS) as log:
        for action in ACTIONS:
            log.action(action)
    return path.read_bytes().splitlines(keepends=True)


def state_after(k: int):
    state = RULES.new_game(PLAYERS)
    for action in ACTIONS[:k]:
        state, _ = RULES.apply(state, action)
    return state


def corrupt(path: Path, line: int, text: bytes) -> bytes:
    """Replace 1-based ``line`` of the log with ``text``; the damaged bytes."""
    lines = path.read_bytes().splitlines(keepends=True)
    lines[line - 1] = text
    path.write_bytes(b"".join(lines))
    return path.read_bytes()


def damage(path: Path, line: int, text: bytes) -> bytes:
    """A new log of ACTIONS with ``line`` replaced by ``text``; the damaged bytes."""
    write(path)
    return corrupt(path, line, text)


BAD_LINES = [
    (b"\x85\x00garbage\n", "not valid JSON"),
    (b'{"type": "action", "n": 9, "action": {"type": "declare", "score": 53}}\n', "number 9"),
    (b'{"type": "action", "n": 3, "action": {"type": "fly"}}\n', "bad action"),
    (b'{"type": "dance"}\n', "unknown line type"),
    (b'{"type": "action", "n": 3, "action": {"type": "declare", "score": 31}}\n', "illegal"),
]


@pytest.mark.parametrize(("text", "reason"), BAD_LINES)
def test_salvage_stops_at_the_first_bad_line(tmp_path: Path, text: bytes, reason: str) -> None:
    path = tmp_path / "game.jsonl"
    damage(path, 4, text)  # header, action 1, action 2, then the bad third action
    with pytest.raises(LogError, match="line 4"):
        replay(path)
    found = salvage(path)
    assert found.damaged and found.bad_line == 4 and reason in (found.reason or "")
    assert found.replay.state == state_after(2) and len(found.replay.log.actions) == 2
    assert "line 4 is bad" in found.describe() and "up to action 2" in found.describe()


def test_salvage_of_a_whole_log_is_the_whole_game(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    write(path)
    found = salvage(path)
    assert not found.damaged and found.replay.state == state_after(len(ACTIONS))


def test_salvage_needs_a_header(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    damage(path, 1, b"garbage\n")
    with pytest.raises(LogError, match="line 1"):
        salvage(path)


def test_continue_a_salvaged_game_keeping_the_original(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    original = damage(path, 4, b"\x85garbage\n")
    writer, found = LogWriter.salvage(path)
    with writer:
        assert writer.actions == 2
        writer.action(ACTIONS[2])  # the game goes on from the last good action
    kept = tmp_path / "game.jsonl.damaged-1"
    assert kept.read_bytes() == original  # byte for byte
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl", "game.jsonl.damaged-1"]
    result = replay(path)
    assert result.state == state_after(3) and result.warnings == []
    note = json.loads(path.read_bytes().splitlines()[3])
    assert note["type"] == "note" and note["damaged"] == kept.name and note["line"] == 4
    # A second salvage of another damaged log beside it takes the next free name.
    corrupt(path, 3, b"{\n")
    LogWriter.salvage(path)[0].close()
    assert (tmp_path / "game.jsonl.damaged-2").exists()
    assert replay(path).state == state_after(1)


def test_salvage_of_a_whole_log_just_resumes(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    write(path)
    writer, found = LogWriter.salvage(path)
    writer.close()
    assert not found.damaged and list(tmp_path.iterdir()) == [path]


# --- a failed write ------------------------------------------------------------------


def full_card_after(monkeypatch: pytest.MonkeyPatch, room: int, error: int) -> None:
    """os.write writes at most ``room`` more bytes, then fails with ``error``."""
    real = os.write
    left = [room]

    def write(fd: int, data: bytes) -> int:
        if left[0] <= 0:
            raise OSError(error, os.strerror(error))
        n = real(fd, bytes(data[: left[0]]))
        left[0] -= n
        return n

    monkeypatch.setattr("games.log.os.write", write)


@pytest.mark.parametrize("room", [0, 1, 20])
@pytest.mark.parametrize("error", [errno.ENOSPC, errno.EIO])
def test_a_failed_write_cuts_the_partial_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, room: int, error: int
) -> None:
    path = tmp_path / "game.jsonl"
    writer = LogWriter.create(path, RULES, PLAYERS)
    writer.action(ACTIONS[0])
    before = path.read_bytes()
    full_card_after(monkeypatch, room, error)
    with pytest.raises(LogWriteError, match="cannot write the game log") as caught:
        writer.action(ACTIONS[1])
    assert caught.value.errno == error and isinstance(caught.value, OSError)
    assert path.read_bytes() == before and writer.actions == 1
    assert read_log(path).warnings == []
    monkeypatch.undo()  # space freed: the same writer goes on where it stopped
    writer.action(ACTIONS[1])
    writer.close()
    assert replay(path).state == state_after(2)


def test_a_failed_fsync_also_cuts_the_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.jsonl"
    with LogWriter.create(path, RULES, PLAYERS) as writer:
        before = path.read_bytes()

        def fsync(fd: int) -> None:
            monkeypatch.undo()
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr("games.log.os.fsync", fsync)
        with pytest.raises(LogWriteError):
            writer.note(text="hello")
    assert path.read_bytes() == before
