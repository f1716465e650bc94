"""Bad input, one row per case, across every command: each run as the user runs it (a
subprocess, keys on stdin) must end with a clear ``bluffbox ...`` line saying what is
wrong, no traceback, no hang (a timeout), the expected exit code, and the files it was
given unchanged."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 120  # seconds: far more than any case needs; hitting it is a hang

GOOD_LOG = (ROOT / "examples" / "bamboozled-three-players.jsonl").read_text()
HEADER = GOOD_LOG.splitlines()[0]


def _files(tmp: Path) -> None:
    """Every input file a case may name, made in its own folder."""
    (tmp / "binary.toml").write_bytes(b"\x85\x00\xff\xfe config")
    (tmp / "bad.toml").write_text("[game\nplayers = 3\n")
    (tmp / "players99.toml").write_text("[game]\nplayers = 99\n")
    (tmp / "typo.toml").write_text("[gaem]\nplayers = 3\n")
    (tmp / "floor.toml").write_text("[paths]\nmin_free_mb = 1000000\n")
    (tmp / "a-folder.toml").mkdir()
    (tmp / "not-a-folder").write_text("a file where a folder should be")
    (tmp / "garbage.jsonl").write_text("garbage\n")
    (tmp / "binary.jsonl").write_bytes(b"\x85\x00\xff\n")
    (tmp / "impossible.jsonl").write_text(
        HEADER + '\n{"type": "action", "n": 1, "action": {"type": "declare", "score": 77}}\n')
    (tmp / "illegal.jsonl").write_text(
        HEADER + '\n{"type": "action", "n": 1, "action": {"type": "accept", "dice": [5, 3]}}\n')
    (tmp / "not-an-image.jpg").write_text("not an image")
    # a 1x1 PNG (black): too small to read
    (tmp / "tiny.png").write_bytes(bytes.fromhex(
        "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408"
        "d763606060000000040001f61738550000000049454e44ae426082"))


@dataclass(frozen=True)
class Case:
    args: tuple[str, ...]
    rc: int
    says: str  # in the error line (or, for the box, in its log on stderr)
    keys: str = ""
    check: Callable[[Path], None] | None = field(default=None, compare=False)


def no_game_started(tmp: Path) -> None:
    assert not list(tmp.rglob("*.jsonl.*")) and not list((tmp / "state").rglob("*.jsonl"))


SIM = ("run", "--sim", "--reader", "cup", "--seed", "1", "--state-dir", "state")
CASES: dict[str, Case] = {
    # configs
    "config binary": Case(("run", "--config", "binary.toml"), 2,
                          "binary.toml: not a text file"),
    "config not TOML": Case(("run", "--config", "bad.toml"), 2, "bad.toml: not valid TOML"),
    "config a folder": Case(("run", "--config", "a-folder.toml"), 2, "is a folder"),
    "config missing": Case(("run", "--config", "missing.toml"), 2, "file not found"),
    "config out of range": Case(("run", "--config", "players99.toml"), 2,
                                "game.players: 99 is out of range"),
    "config unknown section": Case(("run", "--config", "typo.toml"), 2,
                                   "did you mean [game]?"),
    "doctor binary config": Case(("doctor", "--config", "binary.toml", "--no-buttons"), 1,
                                 "not a text file"),
    # run's arguments
    "run bad --dice": Case((*SIM, "--dice", "7"), 2, "--dice: '7' is not two dice"),
    "run bad --camera": Case((*SIM, "--camera", "nonsense"), 2, "unknown camera 'nonsense'"),
    "run photos without a folder": Case((*SIM, "--camera", "photos:"), 2,
                                        "photos needs a folder"),
    "run bad --seed": Case(("run", "--seed", "abc"), 2, "invalid int value: 'abc'"),
    "run negative --miss-die": Case((*SIM, "--miss-die", "-1"), 2, "-1 is below 0"),
    "run same names": Case((*SIM, "--names", "Ann,ann"), 2, "two players have the same name"),
    "run long name": Case((*SIM, "--names", "Bartholomew-Jr"), 2, "at most 12 letters"),
    # the box itself: presses at the wrong time, storage, camera
    "presses at the wrong time": Case(SIM, 0, "seed 1", "a c p m a c p m b b b q",
                                      no_game_started),
    "state folder cannot be made": Case(
        (*SIM[:-1], "not-a-folder/state"), 0, "cannot save games", "o o o o o o o o q"),
    "below the free-space floor": Case((*SIM, "--config", "floor.toml"), 0, "no new game",
                                       "o o o o o o o o q", no_game_started),
    "camera missing": Case((*SIM[:2], *SIM[4:], "--camera", "photos:nowhere"), 0,
                           "nowhere", "q"),
    # replay
    "replay missing": Case(("replay", "missing.jsonl"), 1, "no such log file"),
    "replay garbage": Case(("replay", "garbage.jsonl"), 1, "line 1: not valid JSON"),
    "replay binary": Case(("replay", "binary.jsonl"), 1, "line 1"),
    "replay a folder": Case(("replay", "a-folder.toml"), 1, "cannot read"),
    "replay impossible score": Case(("replay", "impossible.jsonl"), 1,
                                   "line 2: illegal action: 77 is not a bamboozled score"),
    "replay illegal action": Case(("replay", "illegal.jsonl"), 1, "line 2: illegal action"),
    # odds
    "odds impossible score": Case(("odds", "77"), 2, "dice only show 1 to 6"),
    "odds not a score": Case(("odds", "jackpotx"), 2, "'jackpotx' is not a score"),
    "odds unknown game": Case(("odds", "--game", "chess"), 2, "unknown game 'chess'"),
    "odds doubting without --dice": Case(("odds", "--game", "doubting", "5x4"), 2,
                                         "--dice N (the dice in play) is needed"),
    "odds doubting bid on ones": Case(("odds", "--game", "doubting", "6x1", "--dice", "9"),
                                      2, "nobody bids on ones"),
    "odds doubting bad own dice": Case(("odds", "--game", "doubting", "--own", "17",
                                        "--dice", "9"), 2, "own dice '17'"),
    "odds doubting negative dice": Case(("odds", "--game", "doubting", "--dice", "-3"), 2,
                                        "--dice -3: the dice in play cannot be negative"),
    "odds doubting too many dice": Case(("odds", "--game", "doubting", "5x4", "--dice",
                                         "100000"), 2, "100000 dice in play: at most"),
    "odds doubting not a bid": Case(("odds", "--game", "doubting", "lots", "--dice", "9"), 2,
                                    "is not a bid"),
    "odds bluffaneer unknown symbol": Case(("odds", "--game", "bluff", "banana", "ship"), 2,
                                           "'banana' is not a face"),
    "odds bluffaneer no players": Case(("odds", "--game", "bluffaneer", "ship", "sword",
                                        "--players", "-2"), 2, "--players must be at least 1"),
    # dice
    "dice missing photo": Case(("dice", "missing.jpg"), 1, "cannot read image 'missing.jpg'"),
    "dice not an image": Case(("dice", "not-an-image.jpg"), 1, "cannot read image"),
    "dice 1x1 image": Case(("dice", "tiny.png"), 1, "image too small: 1x1"),
    # doctor
    "doctor state dir cannot be made": Case(
        ("doctor", "--sim", "--no-buttons", "--state-dir", "not-a-folder/state"), 1,
        "cannot be created"),
    # the command line itself
    "teach without labels": Case(("teach",), 2, "the following arguments are required"),
    "no command": Case((), 2, "the following arguments are required: COMMAND"),
    "unknown command": Case(("frob",), 2, "invalid choice: 'frob'"),
    "unknown option": Case(("odds", "--frob"), 2, "unrecognized arguments: --frob"),
}


def _snapshot(tmp: Path) -> dict[str, str]:
    return {str(p.relative_to(tmp)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(tmp.rglob("*")) if p.is_file() and "state" not in p.parts
            and "photos" not in p.parts}


@pytest.mark.parametrize("name", list(CASES))
def test_bad_input_gets_a_clear_error_and_changes_nothing(name: str, tmp_path: Path) -> None:
    case = CASES[name]
    _files(tmp_path)
    before = _snapshot(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("NOTIFY_SOCKET", None)
    run = subprocess.run([sys.executable, "-m", "device.cli", *case.args], input=case.keys,
                         capture_output=True, text=True, timeout=TIMEOUT, cwd=tmp_path,
                         env=env)
    out = run.stdout + run.stderr
    assert "Traceback" not in out, out
    assert run.returncode == case.rc, out
    assert case.says.lower() in out.lower(), out
    if case.rc:  # an error: one line naming the command (argparse adds its usage first)
        last = run.stderr.strip().splitlines()[-1] if run.stderr.strip() else ""
        said = last or run.stdout.strip().splitlines()[-1]
        assert said.startswith(("bluffbox", "FAIL", "1 problem", "      ")) or (
            "problem(s) found" in said), said
    assert _snapshot(tmp_path) == before  # the files it was given are untouched
    if case.check is not None:
        case.check(tmp_path)
