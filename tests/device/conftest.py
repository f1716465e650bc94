"""Device test fixtures: golden-image comparison on luma's dummy device, and ``sim_box``:
``bluffbox run --sim`` in a subprocess, as the end-to-end tests drive it.

Regenerate the goldens after an intended change to a screen with either::

    .venv/bin/python -m pytest tests/device --update-goldens
    BLUFFBOX_UPDATE_GOLDENS=1 .venv/bin/python -m pytest tests/device

then look at the PNGs in tests/device/golden/ before committing them.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from luma.core.device import dummy
from PIL import Image, ImageChops

from device.ui.views import render
from games.log import read_log

GOLDEN_DIR = Path(__file__).with_name("golden")
ROOT = Path(__file__).resolve().parents[2]


def _updating(config: pytest.Config) -> bool:
    try:
        flag = bool(config.getoption("--update-goldens"))
    except ValueError:  # option not registered (tests/conftest.py not loaded)
        flag = False
    return flag or os.environ.get("BLUFFBOX_UPDATE_GOLDENS") == "1"


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> Callable[[str, Image.Image], None]:
    """``golden(name, image)``: compare ``image`` with ``golden/<name>.png`` (or rewrite)."""

    def check(name: str, image: Image.Image) -> None:
        path = GOLDEN_DIR / f"{name}.png"
        image = image.convert("1")
        if _updating(request.config):
            GOLDEN_DIR.mkdir(exist_ok=True)
            image.save(path)
            return
        assert path.exists(), f"no golden {path.name}: run pytest with --update-goldens"
        expected = Image.open(path).convert("1")
        assert expected.size == image.size
        diff = ImageChops.difference(expected.convert("L"), image.convert("L")).getbbox()
        if diff is not None:
            out = Path(os.environ.get("BLUFFBOX_GOLDEN_OUT", "/tmp")) / f"{name}.actual.png"
            image.save(out)
            pytest.fail(f"{name} differs from its golden in {diff}; actual saved to {out}"
                        " (if intended, rerun with --update-goldens)")

    return check


@pytest.fixture
def golden_view(golden: Callable[[str, Image.Image], None]) -> Callable[[str, Any], None]:
    """``golden_view(name, view)``: render ``view`` (128x64, 1 bit), show it on luma's
    dummy OLED and compare what the device holds with ``golden/<name>.png``."""

    def check(name: str, view: Any) -> None:
        image = render(view)
        assert image.mode == "1" and image.size == (128, 64)
        oled = dummy(width=128, height=64, mode="1")
        oled.display(image)
        golden(name, oled.image)

    return check


class SimBox:
    """``bluffbox`` from this checkout in a subprocess (``python -m device.cli``), run in
    ``tmp`` as the simulator tests run it: ``run --sim --reader cup``, the state in
    ``tmp/state``, every screen saved in ``tmp/<screens>``, no systemd socket inherited."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.env.pop("NOTIFY_SOCKET", None)

    def command(self, *extra: str, screens: str | None = "screens") -> list[str]:
        cmd = [sys.executable, "-m", "device.cli", "run", "--sim", "--reader", "cup",
               "--state-dir", str(self.tmp / "state")]
        if screens is not None:
            cmd += ["--screens", str(self.tmp / screens)]
        if "--seed" not in extra:  # the tests' games are the same every run
            cmd += ["--seed", "0"]
        return cmd + list(extra)

    def run(self, keys: str, *extra: str, screens: str | None = "screens",
            timeout: float = 600) -> subprocess.CompletedProcess[str]:
        """Pipe ``keys`` to the box and wait for it to stop (at the end of the keys)."""
        return subprocess.run(self.command(*extra, screens=screens), input=keys,
                              capture_output=True, text=True, timeout=timeout, cwd=self.tmp,
                              env=self.env)

    def start(self, *extra: str, screens: str | None = "screens",
              env: dict[str, str] | None = None, stdout: Any = subprocess.DEVNULL
              ) -> subprocess.Popen[str]:
        """The box running, its stdin open for keys (stop or kill it)."""
        return subprocess.Popen(self.command(*extra, screens=screens), stdin=subprocess.PIPE,
                                stdout=stdout, stderr=subprocess.PIPE, text=True, cwd=self.tmp,
                                env=self.env if env is None else env)

    def logs(self) -> list[Path]:
        return sorted((self.tmp / "state" / "logs").glob("*.jsonl"))

    def replay_json(self, log: Path) -> dict[str, Any]:
        """``bluffbox replay --json LOG``."""
        out = subprocess.run([sys.executable, "-m", "device.cli", "replay", "--json",
                              str(log)], capture_output=True, text=True, env=self.env,
                             check=True)
        return json.loads(out.stdout)

    def replay_json_prefix(self, log: Path, n: int) -> dict[str, Any]:
        """``bluffbox replay --json`` of the log's first ``n`` actions."""
        keep, seen = [], 0
        for line in log.read_text().splitlines(keepends=True):
            if json.loads(line).get("type") == "action":
                seen += 1
                if seen > n:
                    break
            keep.append(line)
        prefix = log.with_name("prefix.jsonl.txt")
        prefix.write_text("".join(keep))
        return self.replay_json(prefix)

    @staticmethod
    def actions(log: Path) -> int:
        """The actions in the log so far (-1 while it cannot be read)."""
        try:
            return len(read_log(log).actions)
        except Exception:
            return -1

    @staticmethod
    def wait_for(check: Callable[[], bool], timeout: float = 180.0) -> None:
        """Poll ``check`` until it holds (the box under qemu can take minutes to start)."""
        deadline = time.monotonic() + timeout
        while not check():
            assert time.monotonic() < deadline, "timed out"
            time.sleep(0.05)

    @staticmethod
    def frames(folder: Path) -> list[Path]:
        return sorted(folder.glob("*.png"))

    def wait_settled(self, folder: Path) -> None:
        """Until no new screen has been saved in ``folder`` for a while."""
        count = 0

        def settled() -> bool:
            nonlocal count
            n = len(self.frames(folder))
            done, count = n == count and n > 0, n
            time.sleep(0.3)
            return done

        self.wait_for(settled)

    def kill_after(self, box: subprocess.Popen[str], keys: str, n: int, screens: str,
                   until: Callable[[], bool] | None = None) -> Path:
        """Pipe ``keys`` to the running ``box``; once its log holds ``n`` actions, ``until``
        holds (what the test needs to have happened before the cut) and the screen has
        settled, SIGKILL it (a power cut). Its log."""
        try:
            assert box.stdin is not None
            box.stdin.write(keys)
            box.stdin.flush()
            logs = self.tmp / "state" / "logs"
            self.wait_for(lambda: logs.is_dir() and any(logs.glob("*.jsonl")))
            log = next(logs.glob("*.jsonl"))
            self.wait_for(lambda: self.actions(log) == n)
            if until is not None:
                self.wait_for(until)
            self.wait_settled(self.tmp / screens)  # the screen after the last action
            os.kill(box.pid, signal.SIGKILL)
            box.wait(timeout=10)
            assert box.returncode == -signal.SIGKILL
        finally:
            if box.poll() is None:
                box.kill()
        return log

    @staticmethod
    def same(a: Path | Image.Image, b: Path | Image.Image) -> bool:
        """The two screens (PNG files or images) are pixel for pixel the same."""
        ia, ib = (Image.open(x) if isinstance(x, Path) else x for x in (a, b))
        return ImageChops.difference(ia.convert("L"), ib.convert("L")).getbbox() is None


@pytest.fixture
def sim_box(tmp_path: Path) -> SimBox:
    """:class:`SimBox` in this test's ``tmp_path``."""
    return SimBox(tmp_path)
