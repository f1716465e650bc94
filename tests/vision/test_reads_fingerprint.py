"""The reads fingerprint that compares this machine's reader with the Pi build's."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from vision.probe_scenes import Probe
from vision.reads_fingerprint import SEEDS, fingerprint, main

SCENES = len(Probe) * len(SEEDS)  # every probe kind, three scenes each


def test_a_fingerprint_agrees_with_itself_and_not_with_a_die_read_otherwise(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    here = fingerprint()
    assert here["calibrated_with"] == here["opencv"]  # the committed calibration: this OpenCV's
    path = tmp_path / "there.json"
    path.write_text(json.dumps(here))
    assert main(["--compare", str(path)]) == 0
    assert f"{SCENES} of {SCENES} scenes read alike" in capsys.readouterr().out
    there = copy.deepcopy(here)
    name, scene = next((n, s) for n, s in there["scenes"].items() if s["dice"])
    scene["dice"][0][3] -= 0.05  # another machine a little less sure of one die
    path.write_text(json.dumps(there))
    assert main(["--compare", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{name}: dice" in out and f"{SCENES - 1} of {SCENES} scenes read alike" in out
