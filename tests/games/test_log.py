"""The game log: write with fsync, replay exactly, torn last lines, corrupt lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.bamboozled.actions import Accept, Challenge, Declare
from games.bamboozled.rules import Bamboozled
from games.bamboozled.state import Settings
from games.log import LogError, LogWriter, read_log, replay
from games.registry import get_rules, names

RULES = Bamboozled()
PLAYERS = ["Ann", "Bob", "Cat"]
ACTIONS = [Declare(53), Accept((2, 3)), Declare(54), Challenge((5, 4))]


def write(path: Path, actions=ACTIONS, settings: Settings | None = None) -> None:
    with LogWriter.create(path, RULES, PLAYERS, settings) as log:
        for i, action in enumerate(actions):
            log.action(action, {"photo": f"p{i}.jpg"} if i == 1 else None)
            if i == 0:
                log.note(text="a note")


def expected_state(actions=ACTIONS):
    state = RULES.new_game(PLAYERS)
    for action in actions:
        state, _ = RULES.apply(state, action)
    return state


def test_registry() -> None:
    assert "bamboozled" in names()
    assert isinstance(get_rules("bamboozled"), Bamboozled)
    with pytest.raises(KeyError):
        get_rules("chess")


def test_format(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write(path, settings=Settings(strike_limit=2, first_seat=0))
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert lines[0] == {
        "v": 1,
        "type": "start",
        "game": "bamboozled",
        "players": PLAYERS,
        "settings": {
            "strike_limit": 2,
            "no_limits": False,
            "party": False,
            "no_bluffing": False,
            "first_seat": 0,
        },
    }
    assert lines[1] == {"type": "action", "n": 1, "action": {"type": "declare", "score": 53}}
    assert lines[2] == {"type": "note", "text": "a note"}
    assert lines[3]["meta"] == {"photo": "p1.jpg"} and lines[3]["n"] == 2
    assert path.read_bytes().endswith(b"\n")


def test_replay_rebuilds_the_exact_state(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write(path)
    result = replay(path)
    assert result.state == expected_state()
    assert result.warnings == [] and len(result.events) == 4
    assert result.log.metas[1] == {"photo": "p1.jpg"}


def test_create_refuses_to_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write(path)
    with pytest.raises(FileExistsError):
        LogWriter.create(path, RULES, PLAYERS)


@pytest.mark.parametrize("cut", [1, 5, 20])
def test_torn_last_line_is_skipped_with_a_warning(tmp_path: Path, cut: int) -> None:
    path = tmp_path / "g.jsonl"
    write(path)
    data = path.read_bytes()
    path.write_bytes(data[:-cut])
    result = replay(path)
    assert result.state == expected_state(ACTIONS[:3])
    assert len(result.warnings) == 1 and "line 6" in result.warnings[0]


def test_garbage_last_line_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write(path)
    with path.open("ab") as f:
        f.write(b'{"type": "act\x00\x00\n')
    result = replay(path)
    assert result.state == expected_state() and len(result.warnings) == 1


def test_trailing_zero_bytes_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write(path)
    with path.open("ab") as f:
        f.write(b"\x00" * 100)
    assert replay(path).state == expected_state()


@pytest.mark.parametrize(
    ("line", "content", "message"),
    [
        (2, b"{not json", "line 2: not valid JSON"),
        (3, b'{"type": "bogus"}', "line 3: unknown line type"),
        (2, b'{"type": "action", "n": 7, "action": {"type": "declare", "score": 53}}',
         "line 2: action number 7"),
        (2, b'{"type": "action", "n": 1, "action": {"type": "fly"}}', "line 2: bad action"),
        (4, b'{"type": "action", "n": 2, "action": {"type": "declare", "score": 13}}',
         "line 4: illegal action"),
        (1, b'{"v": 1, "type": "start", "game": "chess", "players": []}', "line 1: unknown game"),
        (1, b'{"v": 9, "type": "start"}', "line 1: unsupported log version"),
        (1, b"[1, 2]", "line 1: not valid JSON"),
        (3, b"", "line 3: .*empty line"),
    ],
)  # fmt: skip
def test_corrupt_line_is_an_error_naming_it(
    tmp_path: Path, line: int, content: bytes, message: str
) -> None:
    path = tmp_path / "g.jsonl"
    write(path)
    lines = path.read_bytes().split(b"\n")
    lines[line - 1] = content
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(LogError, match=message) as exc:
        replay(path)
    assert exc.value.line == line


def test_missing_and_empty_files(tmp_path: Path) -> None:
    with pytest.raises(LogError, match="no such log file"):
        read_log(tmp_path / "nope.jsonl")
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    with pytest.raises(LogError, match="no header"):
        read_log(empty)
    torn_header = tmp_path / "torn.jsonl"
    torn_header.write_bytes(b'{"v": 1, "ty')
    with pytest.raises(LogError, match="no header"):
        read_log(torn_header)


def test_resume_cuts_a_torn_tail_then_appends(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write(path, ACTIONS[:3])
    with path.open("ab") as f:
        f.write(b'{"type": "action", "n": 4, "act')  # power cut mid-write
    writer, log = LogWriter.resume(path)
    assert len(log.actions) == 3 and log.warnings
    with writer:
        assert writer.action(ACTIONS[3]) == 4
        writer.note(text="resumed")
    result = replay(path)
    assert result.warnings == [] and result.state == expected_state()


def test_resume_after_a_garbage_last_line(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write(path, ACTIONS[:3])
    with path.open("ab") as f:
        f.write(b"\x00\x00garbage\n")
    writer, _ = LogWriter.resume(path)
    with writer:
        writer.action(ACTIONS[3])
    assert replay(path).state == expected_state()


def test_resume_a_clean_log(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write(path, ACTIONS[:2])
    writer, log = LogWriter.resume(path)
    with writer:
        writer.action(ACTIONS[2])
        writer.action(ACTIONS[3])
    assert replay(path).state == expected_state()


def test_writing_after_close_fails(tmp_path: Path) -> None:
    writer = LogWriter.create(tmp_path / "g.jsonl", RULES, PLAYERS)
    writer.close()
    writer.close()  # idempotent
    with pytest.raises(ValueError):
        writer.action(Declare(53))


def test_header_meta_is_kept_and_ignored(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    with LogWriter.create(path, RULES, PLAYERS, meta={"box": "pi-1", "game": "x"}) as w:
        w.action(Declare(13))
    header = json.loads(path.read_text().splitlines()[0])
    assert header["box"] == "pi-1" and header["game"] == "bamboozled"
    assert replay(path).state == expected_state([Declare(13)])
