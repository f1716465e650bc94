"""systemd/bluffbox.service: the keys the box relies on, and `systemd-analyze verify`."""

from __future__ import annotations

import configparser
import shutil
import subprocess
from pathlib import Path

import pytest

UNIT = Path(__file__).resolve().parents[2] / "systemd" / "bluffbox.service"


def service_section() -> dict[str, str]:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(UNIT)
    return dict(parser["Service"])


def test_unit_has_the_agreed_settings() -> None:
    svc = service_section()
    assert svc["Type"] == "notify" and svc["NotifyAccess"] == "main"
    assert int(svc["WatchdogSec"]) > 0
    assert svc["Restart"] == "on-failure"
    assert svc["User"] == svc["Group"] == "bluffbox"
    assert set(svc["SupplementaryGroups"].split()) == {"gpio", "i2c", "video"}
    assert svc["StateDirectory"] == "bluffbox"
    assert svc["WorkingDirectory"] == "/var/lib/bluffbox"
    assert svc["ExecStart"] == (
        "/opt/bluffbox/venv/bin/bluffbox run --config /etc/bluffbox/config.toml")
    assert svc["StandardError"] == "journal"


def verify(tmp_path: Path, text: str) -> tuple[int, str]:
    tool = shutil.which("systemd-analyze")
    if tool is None:
        pytest.skip("systemd-analyze is not installed")
    copy = tmp_path / "bluffbox.service"
    copy.write_text(text)
    result = subprocess.run([tool, "verify", str(copy)], capture_output=True, text=True,
                            timeout=60)
    return result.returncode, (result.stdout + result.stderr).strip()


def test_systemd_analyze_verify_is_silent(tmp_path: Path) -> None:
    # The real ExecStart binary only exists on the box: verify a copy pointing at /bin/true.
    text = UNIT.read_text().replace("/opt/bluffbox/venv/bin/bluffbox", "/bin/true")
    code, output = verify(tmp_path, text)
    # It exits 0 even on unknown keys, so any output at all is a failure.
    assert code == 0 and output == "", output


def test_verify_would_catch_a_bad_key(tmp_path: Path) -> None:
    text = UNIT.read_text().replace("/opt/bluffbox/venv/bin/bluffbox", "/bin/true")
    bad = text.replace("NotifyAccess=main", "NotifyAccess=main\nWatchdogSecs=5")
    _, output = verify(tmp_path, bad)
    assert "WatchdogSecs" in output
