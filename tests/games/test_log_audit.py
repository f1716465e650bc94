"""Audit of the game log's robustness: torn and garbage tails at every byte, corrupt
lines named by their physical line number, empty and header-only files, unknown games,
and resuming (cutting the tail, appending, being torn again)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.bamboozled.actions import Accept, Challenge, Declare, Decline, PlayCard
from games.bamboozled.cards import Card
from games.bamboozled.rules import Bamboozled
from games.log import LogError, LogWriter, read_log, replay

RULES = Bamboozled()
PLAYERS = ["Ann", "Bob", "Cat"]
ACTIONS = [
    Declare(53), Accept((2, 3)), Declare(54), PlayCard(Card.SKIP), Challenge((5, 4)),
    Decline(), Declare(66),
]  # fmt: skip


def expected(n: int):
    state = RULES.new_game(PLAYERS)
    for action in ACTIONS[:n]:
        state, _ = RULES.apply(state, action)
    return state


def write(path: Path, n: int = len(ACTIONS), notes: bool = False) -> Path:
    with LogWriter.create(path, RULES, PLAYERS) as log:
        for i, action in enumerate(ACTIONS[:n]):
            log.action(action)
            if notes and i % 2 == 0:
                log.note(text=f"note {i}")
    return path


def lines_of(path: Path) -> list[bytes]:
    return path.read_bytes().split(b"\n")[:-1]


def unchanged_after_failed_resume(path: Path, match: str) -> None:
    before = path.read_bytes()
    with pytest.raises(LogError, match=match):
        LogWriter.resume(path)
    assert path.read_bytes() == before


def test_torn_last_line_at_every_byte_is_skipped_then_resume_appends(tmp_path: Path) -> None:
    full = write(tmp_path / "full.jsonl").read_bytes()
    last = lines_of(tmp_path / "full.jsonl")[-1] + b"\n"
    intact = full[: -len(last)]
    for cut in range(1, len(last)):  # every cut that leaves a part of the last line
        path = tmp_path / f"cut{cut}.jsonl"
        path.write_bytes(intact + last[:cut])
        result = replay(path)
        assert result.state == expected(len(ACTIONS) - 1), cut
        assert len(result.warnings) == 1 and f"line {len(ACTIONS) + 1}" in result.warnings[0]
        assert "incomplete" in result.warnings[0]
        writer, log = LogWriter.resume(path)
        with writer:
            assert writer.action(ACTIONS[-1]) == len(ACTIONS)
        assert path.read_bytes() == full, cut  # the torn bytes were cut off first
        assert replay(path).warnings == []


@pytest.mark.parametrize(
    "garbage",
    [b"garbage\n", b"\x00\x00\x00\n", b"[1, 2]\n", b'"text"\n', b"\n", b"  \n",
     b"\xff\xfe\xfd\n", b'{"type": "act\n', b"\x00\x00{\x00\n"],
)  # fmt: skip
def test_garbage_last_line_is_skipped_and_cut_on_resume(tmp_path: Path, garbage: bytes) -> None:
    path = write(tmp_path / "g.jsonl", len(ACTIONS) - 1)
    clean = path.read_bytes()
    path.write_bytes(clean + garbage)
    result = replay(path)
    assert result.state == expected(len(ACTIONS) - 1)
    assert len(result.warnings) == 1 and f"line {len(ACTIONS) + 1}" in result.warnings[0]
    writer, _ = LogWriter.resume(path)
    with writer:
        writer.action(ACTIONS[-1])
    result = replay(path)
    assert result.warnings == [] and result.state == expected(len(ACTIONS))
    assert path.read_bytes() == write(tmp_path / "full.jsonl").read_bytes()  # garbage gone


def test_trailing_nul_bytes_without_a_newline_are_cut_on_resume(tmp_path: Path) -> None:
    path = write(tmp_path / "g.jsonl", 3)
    clean = path.read_bytes()
    path.write_bytes(clean + b"\x00" * 4096)  # a power cut after the size grew
    assert replay(path).state == expected(3)
    writer, _ = LogWriter.resume(path)
    with writer:
        writer.action(ACTIONS[3])
    assert b"\x00" not in path.read_bytes() and replay(path).state == expected(4)


@pytest.mark.parametrize("line", [2, 3, 5])
def test_a_corrupt_middle_line_is_an_error_naming_it(tmp_path: Path, line: int) -> None:
    path = write(tmp_path / "g.jsonl", notes=True)
    lines = lines_of(path)
    lines[line - 1] = b'{"type": "action", "n": 1, "act'  # torn in the middle: not allowed
    path.write_bytes(b"\n".join(lines) + b"\n")
    with pytest.raises(LogError, match=f"line {line}: not valid JSON") as exc:
        replay(path)
    assert exc.value.line == line and str(path) in str(exc.value)
    unchanged_after_failed_resume(path, f"line {line}")


def test_line_numbers_count_the_header_and_notes(tmp_path: Path) -> None:
    path = write(tmp_path / "g.jsonl", notes=True)
    lines = lines_of(path)
    # Line 1 header; action 1 on line 2, note on 3, action 2 on 4, action 3 on 5, note 6...
    assert json.loads(lines[2])["type"] == "note"
    n4 = json.loads(lines[4])
    assert n4["n"] == 3
    n4["action"] = {"type": "declare", "score": 12}
    lines[4] = json.dumps(n4).encode()
    path.write_bytes(b"\n".join(lines) + b"\n")
    with pytest.raises(LogError, match="line 5: illegal action: 12 is not a Bamboozled score"):
        replay(path)


def test_a_corrupt_middle_line_is_an_error_even_with_a_torn_tail(tmp_path: Path) -> None:
    path = write(tmp_path / "g.jsonl")
    lines = lines_of(path)
    lines[2] = b"}{"
    path.write_bytes(b"\n".join(lines) + b'\n{"type": "acti')
    with pytest.raises(LogError, match="line 3: not valid JSON"):
        replay(path)


def test_two_bad_lines_at_the_end_are_not_a_power_cut(tmp_path: Path) -> None:
    path = write(tmp_path / "g.jsonl")
    path.write_bytes(path.read_bytes() + b"garbage\n" + b'{"type": "ac')
    with pytest.raises(LogError, match=f"line {len(ACTIONS) + 2}: not valid JSON"):
        replay(path)


def test_a_well_formed_bad_last_line_is_an_error_not_skipped(tmp_path: Path) -> None:
    path = write(tmp_path / "g.jsonl", 2)
    record = {"type": "action", "n": 3, "action": {"type": "fly"}}
    path.write_bytes(path.read_bytes() + json.dumps(record).encode() + b"\n")
    with pytest.raises(LogError, match="line 4: bad action"):
        replay(path)


@pytest.mark.parametrize("content", [b"", b"\n", b"   \n\n", b"\x00" * 64, b'{"v": 1, "ty'])
def test_an_empty_or_headerless_file_is_an_error_on_line_1(tmp_path: Path, content) -> None:
    path = tmp_path / "g.jsonl"
    path.write_bytes(content)
    with pytest.raises(LogError) as exc:
        read_log(path)
    assert exc.value.line == 1
    unchanged_after_failed_resume(path, "line 1")


def test_a_torn_header_says_it_is_incomplete(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_bytes(b'{"v": 1, "type": "start", "ga')
    with pytest.raises(LogError, match="line 1: no header line: it is incomplete"):
        read_log(path)


def test_a_garbage_header_line_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_bytes(b"garbage\n")
    with pytest.raises(LogError, match="line 1: not valid JSON"):
        read_log(path)


def test_a_header_only_log_replays_to_the_new_game_and_resumes(tmp_path: Path) -> None:
    path = write(tmp_path / "g.jsonl", 0)
    assert len(lines_of(path)) == 1
    result = replay(path)
    assert result.state == RULES.new_game(PLAYERS) and result.events == []
    assert result.warnings == [] and result.log.actions == []
    path.write_bytes(path.read_bytes() + b'{"type": "action", "n"')  # torn first action
    assert replay(path).state == RULES.new_game(PLAYERS) and replay(path).warnings
    writer, log = LogWriter.resume(path)
    assert log.actions == []
    with writer:
        assert writer.action(ACTIONS[0]) == 1
    assert replay(path).state == expected(1)


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ({"v": 1, "type": "start", "game": "chess", "players": PLAYERS},
         "line 1: unknown game 'chess' \\(known: .*bamboozled, .*doubting_dice"),
        ({"v": 1, "type": "start", "players": PLAYERS}, "line 1: unknown game 'None'"),
        ({"v": 1, "type": "start", "game": "bamboozled", "players": "Ann"},
         "line 1: players must be a list"),
        ({"v": 1, "type": "start", "game": "bamboozled", "players": PLAYERS,
          "settings": {"strike_limit": 0}}, "line 1: bad settings"),
        ({"v": 1, "type": "start", "game": "bamboozled", "players": PLAYERS,
          "settings": {"colour": "red"}}, "line 1: bad settings: unknown setting"),
        ({"v": 1, "type": "start", "game": "bamboozled", "players": ["Ann", "Ann"]},
         "line 1: cannot start the game: two players have the same name"),
        ({"v": 2, "type": "start", "game": "bamboozled", "players": PLAYERS},
         "line 1: unsupported log version 2"),
    ],
)  # fmt: skip
def test_a_bad_header_is_an_error_on_line_1(tmp_path: Path, header, message) -> None:
    path = tmp_path / "g.jsonl"
    action = {"type": "action", "n": 1, "action": {"type": "declare", "score": 53}}
    path.write_bytes(json.dumps(header).encode() + b"\n" + json.dumps(action).encode() + b"\n")
    with pytest.raises(LogError, match=message) as exc:
        replay(path)
    assert exc.value.line == 1


def test_resume_twice_after_two_power_cuts(tmp_path: Path) -> None:
    path = write(tmp_path / "g.jsonl", 2)
    path.write_bytes(path.read_bytes() + b'{"type": "action", "n": 3, "ac')
    for k in range(2, len(ACTIONS)):
        writer, log = LogWriter.resume(path)
        assert len(log.actions) == k
        with writer:
            writer.note(text="resumed")
            assert writer.action(ACTIONS[k]) == k + 1
        if k == 4:  # a second cut, this time leaving a garbage line
            path.write_bytes(path.read_bytes() + b"\x00\x00\n")
    result = replay(path)
    assert result.warnings == [] and result.state == expected(len(ACTIONS))
    numbers = [json.loads(x)["n"] for x in lines_of(path) if b'"action"' in x]
    assert numbers == list(range(1, len(ACTIONS) + 1))


def test_crlf_line_endings_still_replay(tmp_path: Path) -> None:
    path = write(tmp_path / "g.jsonl")
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    result = replay(path)
    assert result.state == expected(len(ACTIONS)) and result.warnings == []
