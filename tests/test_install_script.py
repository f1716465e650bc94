"""Fast checks of the Pi install script, its pip constraints and scripts/check-arm64.

The real proof is ``sudo scripts/check-arm64`` (an arm64 chroot, several minutes, root); these
run in normal CI without root and without touching the system.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
INSTALL = ROOT / "firmware_config" / "install-pi.sh"
CHECK = ROOT / "scripts" / "check-arm64"
CONSTRAINTS = ROOT / "firmware_config" / "pi-constraints.txt"
SCRIPTS = [INSTALL, CHECK]


def _project_dependencies() -> dict[str, Requirement]:
    """pyproject.toml's dependencies by (lower-case) name."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return {Requirement(d).name.lower(): Requirement(d) for d in project["dependencies"]}


def _constraints() -> dict[str, Requirement]:
    reqs = {}
    for line in CONSTRAINTS.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            req = Requirement(line)
            reqs[req.name.lower()] = req
    return reqs


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_script_parses_and_is_executable(script: Path) -> None:
    assert os.access(script, os.X_OK), f"{script} is not executable"
    subprocess.run(["bash", "-n", str(script)], check=True)
    assert "set -euo pipefail" in script.read_text()


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_shellcheck_clean(script: Path) -> None:
    if shutil.which("shellcheck") is None:
        pytest.skip("shellcheck not installed (apt install shellcheck)")
    result = subprocess.run(["shellcheck", str(script)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_help_needs_no_root(script: Path) -> None:
    result = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    assert "Usage:" in result.stdout


def test_unknown_option_is_refused() -> None:
    result = subprocess.run(
        [str(INSTALL), "--frobnicate"], capture_output=True, text=True, timeout=30
    )
    assert result.returncode != 0
    assert "unknown option" in result.stderr


def test_check_arm64_failure_is_its_last_line() -> None:
    result = subprocess.run(
        [str(CHECK), "--frobnicate"], capture_output=True, text=True, timeout=30
    )
    assert result.returncode != 0
    assert result.stdout.strip().splitlines()[-1].startswith("check-arm64: FAIL:")


def test_constraints_keep_numpy_1_and_opencv_below_4_12() -> None:
    reqs = _constraints()
    numpy = reqs["numpy"].specifier
    opencv = reqs["opencv-python-headless"].specifier
    # Raspberry Pi OS Bookworm's numpy, which apt's picamera2 is built against.
    assert numpy.contains("1.24.2")
    assert not numpy.contains("2.0.0")
    # 4.11.0.86 runs on numpy 1.24; 4.12.0.88 and later require numpy>=2.
    assert opencv.contains("4.11.0.86")
    assert not opencv.contains("4.12.0.88")
    assert not opencv.contains("5.0.0.93")


def test_constraints_agree_with_the_project_dependencies() -> None:
    """The capped opencv must still satisfy pyproject's own range, or pip cannot resolve."""
    deps = _project_dependencies()
    for name in ("numpy", "opencv-python-headless"):
        if name in deps:
            allowed = {"numpy": "1.24.2", "opencv-python-headless": "4.11.0.86"}[name]
            assert deps[name].specifier.contains(allowed), (name, str(deps[name].specifier))


def test_the_project_installs_the_opencv_the_pi_runs() -> None:
    """Benchmarks, tests and the calibration run on the OpenCV the box runs: 4.14 and 5.0
    warp crops a little differently (5.0) and run the classifiers slower."""
    opencv = _project_dependencies()["opencv-python-headless"].specifier
    assert opencv.contains("4.11.0.86")
    assert not opencv.contains("4.14.0.90") and not opencv.contains("5.0.0.93")


def test_install_script_does_what_the_pi_needs() -> None:
    text = INSTALL.read_text()
    for needle in (
        "python3-picamera2",
        "--system-site-packages",
        "[pi]",
        "numpy==$sys_numpy",
        "pi-constraints.txt",
        "gpio i2c video",
        "bluffbox.example.toml",
        "systemd/bluffbox.service",
        "systemctl enable",
        "/run/systemd/system",
        "dtparam=i2c_arm=on",
    ):
        assert needle in text, needle


def test_unit_runs_the_installed_venv() -> None:
    text = (ROOT / "systemd" / "bluffbox.service").read_text()
    assert "/opt/bluffbox/venv/bin/bluffbox" in text
    assert "User=bluffbox" in text


def test_check_arm64_stays_out_of_ci() -> None:
    ci = ROOT / ".ci" / "run"
    if ci.exists():
        assert "check-arm64" not in ci.read_text()
