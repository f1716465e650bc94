"""open_hardware: all three devices from one config, closed together."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from gpiozero.pins.mock import MockFactory

from device.core.config import load_config, parse_config
from device.core.roles import Role
from device.hw.buttons import KEY_HELP
from device.hw.camera import CameraError, SimulatedTable
from device.hw.hardware import open_hardware
from device.ui.views import MessageView, render


def flat(values: Sequence[int], rng: np.random.Generator, size: tuple[int, int]) -> np.ndarray:
    return np.full((size[1], size[0], 3), 20 * len(values), np.uint8)


def test_sim_hardware_terminal_keys_and_table(tmp_path: Path) -> None:
    cfg = load_config(None, sim=True)
    out = io.StringIO()
    with open_hardware(cfg, sim=True, stream=out, key_stream=io.StringIO("a"),
                       renderer=flat, screens_dir=tmp_path / "shots") as hw:
        assert hw.display.show(render(MessageView("Hello")))
        assert KEY_HELP in out.getvalue()
        event = hw.buttons.get(timeout=10)
        assert event is not None and event.role is Role.ACCEPT
        assert isinstance(hw.camera, SimulatedTable)
        hw.camera.set_dice([1, 2])
        assert hw.camera.capture()[0, 0, 0] == 40
    assert hw.closed and hw.camera.closed and hw.buttons.closed
    assert (tmp_path / "shots" / "00001.png").exists()


def test_gpio_hardware_on_mock_pins() -> None:
    cfg = parse_config({"display": {"type": "dummy"}, "camera": {"source": "sim"}})
    factory = MockFactory()
    with open_hardware(cfg, sim=False, pin_factory=factory, renderer=flat) as hw:
        factory.pin(cfg.buttons.pins["challenge"]).drive_low()
        event = hw.buttons.get(timeout=10)
        assert event is not None and event.role is Role.CHALLENGE
    factory.close()


def test_a_failing_camera_closes_what_was_opened(tmp_path: Path) -> None:
    cfg = parse_config({"display": {"type": "dummy"},
                        "camera": {"source": f"photos:{tmp_path / 'none'}"}})
    factory = MockFactory()
    with pytest.raises(CameraError):
        open_hardware(cfg, sim=False, pin_factory=factory)
    # the pins were released: they can be claimed again
    with open_hardware(parse_config({"display": {"type": "dummy"}, "camera": {"source": "sim"}}),
                       sim=False, pin_factory=factory, renderer=flat):
        pass
    factory.close()
