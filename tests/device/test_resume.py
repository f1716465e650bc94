"""Power-cut safety: kill the running box (SIGKILL) mid-game, restart it, and it resumes
with the identical state and screen; plus the in-process start-up choices."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from PIL import Image, ImageChops

from device.buttons import Role
from device.screens import MessageView
from device.service import Box, BoxSettings, find_unfinished
from device.table import Look
from games.log import read_log, replay

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
ENV.pop("NOTIFY_SOCKET", None)

# 3 players, 2 strikes; Ann declares 53 on 5-3, Bob accepts, Bob declares 55 on 6-6 (a
# bluff); the box is killed while Cat decides on it. After the restart Cat challenges.
SETUP = "o o o s o o o"
BEFORE_KILL = SETUP + " aaaaww o a o  ssso"  # Ann 53; Bob accepts 5-3; Bob declares 55
DICE = "53,66,44"


def start(tmp: Path, screens: str, *extra: str) -> subprocess.Popen[str]:
    cmd = [sys.executable, "-m", "device.cli", "run", "--sim", "--reader", "cup",
           "--state-dir", str(tmp / "state"), "--screens", str(tmp / screens),
           "--dice", DICE, "--seed", "5", "--names", "Ann,Bob,Cat", *extra]
    return subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, cwd=tmp, env=ENV)


def wait_for(check, timeout: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def actions(log: Path) -> int:
    try:
        return len(read_log(log).actions)
    except Exception:
        return -1


def replay_json(log: Path) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-m", "device.cli", "replay", "--json", str(log)],
                         capture_output=True, text=True, env=ENV, check=True)
    return json.loads(out.stdout)


def frames(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.png"))


def same(a: Path, b: Path) -> bool:
    ia, ib = Image.open(a).convert("L"), Image.open(b).convert("L")
    return ImageChops.difference(ia, ib).getbbox() is None


def test_sigkill_mid_game_then_resume_identically(tmp_path: Path) -> None:
    box = start(tmp_path, "before")
    try:
        assert box.stdin is not None
        box.stdin.write(BEFORE_KILL)
        box.stdin.flush()
        logs = tmp_path / "state" / "logs"
        wait_for(lambda: logs.is_dir() and any(logs.glob("*.jsonl")))
        log = next(logs.glob("*.jsonl"))
        wait_for(lambda: actions(log) == 3)
        # the screen after the last action: Cat decides on Bob's 55
        count = 0

        def settled() -> bool:
            nonlocal count
            n = len(frames(tmp_path / "before"))
            done, count = n == count and n > 0, n
            time.sleep(0.3)
            return done

        wait_for(settled)
        os.kill(box.pid, signal.SIGKILL)
        box.wait(timeout=10)
        assert box.returncode == -signal.SIGKILL
    finally:
        if box.poll() is None:
            box.kill()
    before = replay_json(log)
    assert before["awaiting"] == "Cat" and before["score"] == 55 and before["actions"] == 3
    last_before = frames(tmp_path / "before")[-1]

    # a power cut mid-write leaves a torn last line: it is cut off on resume
    with open(log, "ab") as fh:
        fh.write(b'{"type": "action", "n": 4, "action": {"type": "acc')

    again = subprocess.run(
        [sys.executable, "-m", "device.cli", "run", "--sim", "--reader", "cup",
         "--state-dir", str(tmp_path / "state"), "--screens", str(tmp_path / "after"),
         "--dice", DICE, "--seed", "5", "--names", "Ann,Bob,Cat"],
        input="o  c o", capture_output=True, text=True, timeout=600, cwd=tmp_path, env=ENV)
    assert again.returncode == 0, again.stderr
    after = frames(tmp_path / "after")
    first = Image.open(after[0])
    assert first.size == (128, 64)
    # first screen: the offer to resume; then exactly the screen the box was killed on
    assert same(after[1], last_before)
    assert "resumed" in again.stderr
    # the state is identical, and the game goes on from it with the same cup (6-6)
    log_after = read_log(log)
    assert log_after.warnings == []
    assert replay_json_prefix(log, 3) == before
    assert log_after.actions[3].dice == (6, 6)


def replay_json_prefix(log: Path, n: int) -> dict[str, object]:
    """``bluffbox replay --json`` of the log's first ``n`` actions."""
    lines = log.read_text().splitlines(keepends=True)
    keep, seen = [], 0
    for line in lines:
        record = json.loads(line)
        if record.get("type") == "action":
            seen += 1
            if seen > n:
                break
        keep.append(line)
    prefix = log.with_name("prefix.jsonl.txt")
    prefix.write_text("".join(keep))
    return replay_json(prefix)


# --- in process ---------------------------------------------------------------------------------


class StillEye:
    def __init__(self, dice: tuple[int, int]) -> None:
        self.dice = dice

    def start(self) -> None:
        pass

    def poll(self, t: float) -> Look:
        return Look("settled", self.dice, frame=None)


def box_for(tmp: Path, dice: tuple[int, int] = (5, 3)) -> Box:
    return Box(BoxSettings(tmp / "logs", tmp / "photos", tmp), StillEye(dice))


def press(box: Box, keys: str) -> None:
    roles = {"a": Role.ACCEPT, "c": Role.CHALLENGE, "w": Role.UP, "s": Role.DOWN,
             "o": Role.OK, "p": Role.CARD}
    for k in keys.replace(" ", ""):
        box.press(roles[k])
        while box.busy:
            box.tick(0.0)


def test_no_log_means_setup_then_resume_offer_after_a_restart(tmp_path: Path) -> None:
    box = box_for(tmp_path)
    assert box.setup is not None and find_unfinished(tmp_path / "logs") is None
    press(box, "o o o o o o")  # defaults: 3 players, 3 strikes, P1 starts
    assert box.table is not None
    press(box, "aaaaww o a o")  # P1 declares 53, P2 accepts 5-3
    state = box.table.state
    box.close_game()

    again = box_for(tmp_path)
    view = again.view()
    assert isinstance(view, MessageView) and view.title == "Resume game?"
    assert view.hint == "o:resume c:new game"
    press(again, "o")
    assert again.table is not None and again.table.state == state
    assert again.table.actions == 2


def test_new_game_instead_of_resuming(tmp_path: Path) -> None:
    box = box_for(tmp_path)
    press(box, "o o o o o o aaaaww o")
    box.close_game()
    again = box_for(tmp_path)
    press(again, "c")
    assert again.setup is not None and again.table is None
    press(again, "o o o o o o")
    assert len(list((tmp_path / "logs").glob("*.jsonl"))) == 2


def test_finished_game_is_not_offered(tmp_path: Path) -> None:
    box = box_for(tmp_path, (1, 1))
    # 2 players, 1 strike; P1 bluffs 15 on 1-1, P2 challenges: P1 may Revive (no): out
    press(box, "s o o o s s o o o wwo c c")
    assert box.table is not None and box.table.state.winner == 1
    box.close_game()
    assert find_unfinished(tmp_path / "logs") is None
    assert box_for(tmp_path).setup is not None
    assert replay(next((tmp_path / "logs").glob("*.jsonl"))).state.winner == 1


def test_sigterm_stops_cleanly_with_sd_notify(tmp_path: Path) -> None:
    """READY once the first screen is up, WATCHDOG pings from the loop, STOPPING on
    SIGTERM, exit 0 (systemd's Restart=on-failure leaves it stopped); the game stays
    resumable."""
    import socket

    sock_path = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(sock_path))
    sock.settimeout(10)
    env = {**ENV, "NOTIFY_SOCKET": str(sock_path), "WATCHDOG_USEC": "200000"}
    cmd = [sys.executable, "-m", "device.cli", "run", "--sim", "--reader", "cup",
           "--state-dir", str(tmp_path / "state"), "--dice", DICE]
    box = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=env)
    try:
        assert box.stdin is not None
        box.stdin.write(SETUP + " aaaaww o")
        box.stdin.flush()
        messages = [sock.recv(4096).decode()]
        assert messages[0].startswith("READY=1")
        while messages.count("WATCHDOG=1") < 2:
            messages.append(sock.recv(4096).decode())
        logs = tmp_path / "state" / "logs"
        wait_for(lambda: logs.is_dir() and any(logs.glob("*.jsonl"))
                 and actions(next(logs.glob("*.jsonl"))) == 1)
        box.send_signal(signal.SIGTERM)
        assert box.wait(timeout=10) == 0
        while not messages[-1].startswith("STOPPING=1"):
            messages.append(sock.recv(4096).decode())
    finally:
        if box.poll() is None:
            box.kill()
        sock.close()
    assert find_unfinished(tmp_path / "state" / "logs") is not None
