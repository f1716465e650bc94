"""Web test fixtures: a state directory with a game played step by step through
``games.log.LogWriter`` (camera meta in the agreed format, real JPEG photos with the dice
drawn where the meta's boxes say), and ``web_server``: ``bluffbox web`` in a subprocess on
a free loopback port.
"""

from __future__ import annotations

import os
import random
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

from games.bamboozled.rules import Accept, Challenge, Roll, Settings
from games.bamboozled.table import Table
from games.log import LogWriter

ROOT = Path(__file__).resolve().parents[2]
PHOTO_W, PHOTO_H = 320, 240


def write_photo(path: Path, boxes: list[tuple[int, int, int, int]], values: list[int]) -> None:
    """A small JPEG of a green tray with a white die (pips as dots) in each box."""
    img = Image.new("RGB", (PHOTO_W, PHOTO_H), (30, 110, 60))
    draw = ImageDraw.Draw(img)
    for (x0, y0, x1, y1), v in zip(boxes, values, strict=True):
        draw.rounded_rectangle((x0, y0, x1, y1), 6, fill=(245, 245, 240))
        for k in range(v):
            cx = x0 + 10 + (k % 3) * ((x1 - x0 - 20) // 2)
            cy = y0 + 12 + (k // 3) * ((y1 - y0 - 24) // 1)
            draw.ellipse((cx - 4, cy - 4, cx + 4, cy + 4), fill=(20, 20, 20))
    path.parent.mkdir(parents=True, exist_ok=True)
    img.save(path, "JPEG", quality=80)


class ScriptedGame:
    """A simulated Bamboozled game written to ``state/logs/<id>.jsonl`` one action per call.

    Every action carrying dice gets the reading meta the box writes: camera, photo, seen
    dice with boxes (``old_format=True``: the older ``{"read": "camera"}`` only).
    """

    def __init__(self, state: Path, game_id: str = "20260101-120000", seed: int = 3,
                 players: tuple[str, ...] = ("Ann", "Bob", "Cat"), strike_limit: int = 3,
                 old_format: bool = False) -> None:
        self.state = state
        self.id = game_id
        self.old_format = old_format
        (state / "logs").mkdir(parents=True, exist_ok=True)
        self.table = Table.start(list(players), Settings(strike_limit=strike_limit), seed)
        self.rng = random.Random(seed)
        self.path = state / "logs" / f"{game_id}.jsonl"
        self.writer = LogWriter.create(self.path, self.table.rules, list(players),
                                       self.table.state.settings, meta={"id": game_id})
        self.actions = 0

    @property
    def over(self) -> bool:
        return self.table.state.winner is not None

    def meta_for(self, action: Any, n: int) -> dict[str, Any] | None:
        if not isinstance(action, Accept | Challenge | Roll):
            return None
        if self.old_format:
            return {"read": "camera"}
        values = list(action.dice)
        x = self.rng.randrange(10, 120)
        boxes = [(x, 60, x + 60, 120), (x + 100, 110, x + 160, 170)]
        photo = Path("photos") / self.id / f"{n:04d}.jpg"
        write_photo(self.state / photo, boxes, values)
        return {"read": "camera", "photo": str(photo), "looks": 1,
                "seen": [{"value": v, "box": list(b), "confidence": 0.97}
                         for v, b in zip(values, boxes, strict=True)]}

    def step(self) -> int:
        """Play and log one action; its number."""
        action = self.table.choose()
        self.table.apply(action)
        self.actions += 1
        self.writer.action(action, self.meta_for(action, self.actions))
        return self.actions

    def play(self, actions: int | None = None) -> None:
        """Play ``actions`` more actions (or to the end)."""
        while not self.over and (actions is None or actions > 0):
            self.step()
            actions = None if actions is None else actions - 1

    def close(self) -> None:
        self.writer.close()


@pytest.fixture
def state_dir(tmp_path: Path) -> Path:
    path = tmp_path / "state"
    path.mkdir()
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, proc: subprocess.Popen[bytes], url: str) -> None:
        self.proc = proc
        self.url = url

    def get(self, path: str) -> bytes:
        with urllib.request.urlopen(self.url + path, timeout=10) as r:
            return bytes(r.read())

    def rss_kb(self) -> int:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise RuntimeError("no VmRSS")


START_WITHIN = 60.0  # seconds for the server to answer: about 1 here, 15 or more when an
#                    emulated arm64 machine is busy (scripts/check-arm64)


@pytest.fixture
def web_server(state_dir: Path, tmp_path: Path) -> Iterator[Server]:
    """``bluffbox web --state-dir state_dir`` on 127.0.0.1, stopped after the test."""
    port = free_port()
    log = open(tmp_path / "web.log", "wb")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [sys.executable, "-m", "device.cli", "web", "--state-dir", str(state_dir),
         "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONPATH": ""})
    server = Server(proc, f"http://127.0.0.1:{port}")
    try:
        deadline = time.monotonic() + START_WITHIN
        while proc.poll() is None:
            try:
                server.get("/api/live")
                break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"bluffbox web did not answer within {START_WITHIN:.0f} s")
                time.sleep(0.1)
        if proc.poll() is not None:
            pytest.fail("bluffbox web exited: " + (tmp_path / "web.log").read_text())
        yield server
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@pytest.fixture
def new_game(state_dir: Path) -> Iterator[Any]:
    """``new_game(**options)`` -> a :class:`ScriptedGame` in ``state_dir`` (closed after)."""
    games: list[ScriptedGame] = []

    def make(**options: Any) -> ScriptedGame:
        games.append(ScriptedGame(state_dir, **options))
        return games[-1]

    yield make
    for game in games:
        game.close()
