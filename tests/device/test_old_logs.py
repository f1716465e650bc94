"""Game logs written by the box before the refactor (main at 234b592, kept in fixtures/)
still replay, and the box resumes them and plays on, writing the new meta after the old."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from device.bamboozled.flow import BamboozledFlow
from device.core.box import Box, BoxSettings
from device.core.ports import SimOptions
from device.core.roles import Role
from device.doubting.flow import DoubtingFlow
from device.hw.camera import SimulatedTable
from device.hw.eyes import CupEye
from device.registry import GAMES
from games.log import read_log, replay

FIXTURES = Path(__file__).with_name("fixtures")


def resumed_box(tmp: Path, fixture: str, dice: str) -> tuple[Box, Path]:
    logs = tmp / "logs"
    logs.mkdir()
    path = logs / fixture
    shutil.copy(FIXTURES / fixture, path)
    camera = SimulatedTable((160, 120), moving_frames=1, renderer=lambda v, rng, size: np.zeros(
        (size[1], size[0], 3), np.uint8))

    def simulate(game: Any, names: Any, settings: Any, writer: Any) -> Any:
        return game.simulator(names, settings, SimOptions(dice=dice, camera=camera,
                                                          notes=writer))

    box = Box(BoxSettings(logs, tmp / "photos", tmp), GAMES,
              lambda game, hooks: CupEye(camera, hooks.dice), simulate=simulate)
    assert box.resumable is not None and box.resumable[0] == path
    box.press(Role.OK)
    assert box.flow is not None
    return box, path


def read(box: Box) -> None:
    t = 0.0
    while box.busy:
        t += 0.1
        box.tick(t)


@pytest.mark.parametrize("fixture, flow", [("bamboozled-main-234b592.jsonl", BamboozledFlow),
                                           ("doubting-main-234b592.jsonl", DoubtingFlow)])
def test_an_old_log_replays_and_resumes(tmp_path: Path, fixture: str, flow: type) -> None:
    old = read_log(FIXTURES / fixture)
    assert {m["read"] for m in old.metas if m} == {"camera"}  # the old meta: no boxes
    box, path = resumed_box(tmp_path, fixture, "6" * 40)
    assert isinstance(box.flow, flow)
    assert box.flow.state == replay(FIXTURES / fixture).state
    assert box.flow.actions == len(old.actions)


def test_a_resumed_doubting_log_plays_on_with_the_new_meta(tmp_path: Path) -> None:
    box, path = resumed_box(tmp_path, "doubting-main-234b592.jsonl", "")
    assert box.flow is not None and box.flow.state.bid is not None  # P3 answers 5 x 2
    box.press(Role.CHALLENGE)  # the cups restored from the old notes are poured
    read(box)
    log = read_log(path)
    assert log.metas[-1] is not None and log.metas[-1]["read"] == "camera"
    assert len(log.metas[-1]["seen"]) == box.flow.state.dice_in_play + 1  # before the loss
    assert replay(path).state == box.flow.state
