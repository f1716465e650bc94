"""firmware_config/: the wiring table matches the default pins, config.txt has the lines."""

from __future__ import annotations

import re
from pathlib import Path

from device.core.config import DEFAULT_PINS

FW = Path(__file__).resolve().parents[2] / "firmware_config"
# BCM GPIO -> physical header pin, and the header's ground pins
PHYSICAL = {2: 3, 3: 5, 4: 7, 5: 29, 6: 31, 7: 26, 8: 24, 9: 21, 10: 19, 11: 23, 12: 32,
            13: 33, 14: 8, 15: 10, 16: 36, 17: 11, 18: 12, 19: 35, 20: 38, 21: 40, 22: 15,
            23: 16, 24: 18, 25: 22, 26: 37, 27: 13}
GROUNDS = {6, 9, 14, 20, 25, 30, 34, 39}


def test_pins_table_matches_defaults_and_header() -> None:
    text = (FW / "pins.md").read_text()
    rows = re.findall(r"^\| (\w+)\s+\|[^|]*\| GPIO(\d+)\s+\| (\d+)\s+\| (\d+)\s+\|$", text,
                      re.MULTILINE)
    table = {name.lower(): (int(gpio), int(phys), int(gnd)) for name, gpio, phys, gnd in rows}
    assert set(table) == set(DEFAULT_PINS)
    for role, (gpio, phys, gnd) in table.items():
        assert gpio == DEFAULT_PINS[role], role
        assert PHYSICAL[gpio] == phys, role
        assert gnd in GROUNDS, role


def test_config_txt_lines() -> None:
    lines = [ln.strip() for ln in (FW / "config.txt").read_text().splitlines()]
    assert "dtparam=i2c_arm=on" in lines
    assert "camera_auto_detect=1" in lines
    assert any(ln.startswith("#dtoverlay=imx219") for ln in lines)


def test_i2c_runs_at_400khz_by_default() -> None:
    """The OLED frame at 100 kHz costs ~92 ms of the ruling's delay; 400 kHz is the default."""
    lines = [ln.strip() for ln in (FW / "config.txt").read_text().splitlines()]
    assert "dtparam=i2c_arm_baudrate=400000" in lines
    assert "100 kHz" in (FW / "pins.md").read_text()
    assert "i2c_arm_baudrate" in (FW / "install-pi.sh").read_text()
