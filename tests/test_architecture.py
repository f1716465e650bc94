"""The layers and import rules (.importlinter) hold, and they cover every game package."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def lint_imports() -> str:
    exe = Path(sys.executable).with_name("lint-imports")
    return str(exe) if exe.exists() else shutil.which("lint-imports") or "lint-imports"


def test_import_rules_are_kept() -> None:
    run = subprocess.run([lint_imports(), "--no-cache"], cwd=ROOT, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


def test_every_game_package_is_in_the_contracts() -> None:
    """A game added to device.registry must also be kept apart from the other games."""
    from device.registry import GAMES

    contracts = configparser.ConfigParser()
    contracts.read(ROOT / ".importlinter")
    apart = contracts["importlinter:contract:games-apart"]["modules"].split()
    no_hw = contracts["importlinter:contract:games-use-no-hw-or-cli"]["source_modules"].split()
    core = contracts["importlinter:contract:core-knows-no-hardware-cli-or-game"]
    for game in GAMES:
        package = ".".join(game.flow.__module__.split(".")[:2])
        assert package in apart and package in no_hw, f"add {package} to .importlinter"
        assert package in core["forbidden_modules"].split(), f"add {package} to .importlinter"
